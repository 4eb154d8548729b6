//! The squares of the Congo board and sets of them, which parse and iterate without
//! naming the board size (always 7x7).
//!
//! **Policy for a square of another board** (the same in every game crate of the
//! workspace, stated in `grid`'s documentation): a [`grid::Square`] of another
//! [`BoardSize`] is an error ([`WrongBoardSize`]) where it is turned into a Congo
//! [`Square`], never a square silently ignored or renamed; every other function of this
//! crate takes a Congo [`Square`], so it cannot be given one.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};
use std::str::FromStr;

use grid::{BoardSize, ParseSquareError, SquareSet as Bits};

use crate::board::{bit, file_of, index, rank_of, FULL, SIZE, SQUARES};

/// A square of the 7x7 Congo board: files `a`..`g`, ranks `1`..`7`; its
/// [index](Square::index) is `rank * 7 + file` (a1 = 0, g7 = 48), the bit of a
/// [`SquareSet`].
///
/// Squares order by file, then rank (`a1 < a2 < ... < a7 < b1`), the alphabetical order
/// of their names. `FromStr` and `Display` round-trip; a [`grid::Square`] of the Congo
/// board converts both ways (`From`, `TryFrom`, the latter refusing another board size).
///
/// ```
/// use congo::Square;
/// let d1: Square = "d1".parse()?;
/// assert_eq!((d1.file(), d1.rank(), d1.index()), (3, 0, 3));
/// assert_eq!(d1.to_string(), "d1");
/// assert_eq!(format!("{d1:?}"), "Square(d1)");
/// assert!("h1".parse::<Square>().is_err()); // off the 7x7 board
/// assert!(Square::new(3, 0) == Some(d1) && Square::from_index(49).is_none());
/// # Ok::<_, congo::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square(u8);

/// A [`grid::Square`] of another board size than Congo's 7x7, given where a Congo
/// square is needed (see the crate's policy in [`Square`]'s module: always an error).
///
/// ```
/// use congo::{Square, WrongBoardSize};
/// use grid::BoardSize;
/// let a1 = grid::Square::parse("a1", BoardSize::CHESS)?;
/// let err = Square::try_from(a1).unwrap_err();
/// assert_eq!(err, WrongBoardSize { square: a1 });
/// assert_eq!(err.to_string(), "square a1 of the 8x8 board is not a square of the 7x7 Congo board");
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WrongBoardSize {
    /// The square given.
    pub square: grid::Square,
}

// By hand: the bundler's `thiserror` expansion takes no format arguments.
impl fmt::Display for WrongBoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "square {} of the {} board is not a square of the 7x7 Congo board",
            self.square,
            self.square.size()
        )
    }
}

impl std::error::Error for WrongBoardSize {}

impl Square {
    /// Every square, by index (a1, b1, ..., g1, a2, ..., g7).
    pub const ALL: [Square; SQUARES] = {
        let mut t = [Square(0); SQUARES];
        let mut i = 0;
        while i < SQUARES {
            t[i] = Square(i as u8);
            i += 1;
        }
        t
    };

    /// The square on 0-based `file` and `rank` (both below 7), else `None`.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if (file as usize) < SIZE && (rank as usize) < SIZE {
            Some(Square(index(file as usize, rank as usize) as u8))
        } else {
            None
        }
    }

    /// The square of index `rank * 7 + file` (below 49), else `None`.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of an index below 49 (callers inside the crate guarantee it).
    #[inline]
    pub(crate) const fn at(index: usize) -> Square {
        Square(index as u8)
    }

    /// `rank * 7 + file`: a1 is 0, g1 6, a2 7, g7 48.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: 0 for `a`.
    #[must_use]
    pub const fn file(self) -> u8 {
        file_of(self.0 as usize) as u8
    }

    /// 0-based rank: 0 for rank `1`.
    #[must_use]
    pub const fn rank(self) -> u8 {
        rank_of(self.0 as usize) as u8
    }

    /// The same square as a [`grid::Square`] of [`BoardSize::CONGO`].
    #[must_use]
    pub const fn to_grid(self) -> grid::Square {
        match grid::Square::new(self.file(), self.rank(), BoardSize::CONGO) {
            Some(square) => square,
            None => panic!("every Congo square is on the 7x7 board"),
        }
    }

    /// Reads a square name (`d1`) from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] as [`grid::Square::parse`] gives it on the 7x7 board.
    pub fn parse_bytes(text: &[u8]) -> Result<Square, ParseSquareError> {
        grid::Square::parse_bytes(text, BoardSize::CONGO).map(|s| Square(s.index() as u8))
    }
}

/// The squares by name, as constants: `Square::D1` is the square `"d1"` (the
/// names of shakmaty's and cozy-chess's `Square::D3`), for `const` items and `match`
/// patterns. Written out one by one, rank 1 first (index `rank * 7 + file`), rather than
/// by a macro, so that a single-file bundle keeps only the constants it uses.
///
/// ```
/// use congo::Square;
/// assert_eq!(Square::D1, "d1".parse()?);
/// assert_eq!((Square::A1.index(), Square::G7.index()), (0, 48));
/// # Ok::<_, congo::ParseSquareError>(())
/// ```
impl Square {
    /// The square a1, index 0.
    pub const A1: Square = Square(0);
    /// The square b1, index 1.
    pub const B1: Square = Square(1);
    /// The square c1, index 2.
    pub const C1: Square = Square(2);
    /// The square d1, index 3.
    pub const D1: Square = Square(3);
    /// The square e1, index 4.
    pub const E1: Square = Square(4);
    /// The square f1, index 5.
    pub const F1: Square = Square(5);
    /// The square g1, index 6.
    pub const G1: Square = Square(6);
    /// The square a2, index 7.
    pub const A2: Square = Square(7);
    /// The square b2, index 8.
    pub const B2: Square = Square(8);
    /// The square c2, index 9.
    pub const C2: Square = Square(9);
    /// The square d2, index 10.
    pub const D2: Square = Square(10);
    /// The square e2, index 11.
    pub const E2: Square = Square(11);
    /// The square f2, index 12.
    pub const F2: Square = Square(12);
    /// The square g2, index 13.
    pub const G2: Square = Square(13);
    /// The square a3, index 14.
    pub const A3: Square = Square(14);
    /// The square b3, index 15.
    pub const B3: Square = Square(15);
    /// The square c3, index 16.
    pub const C3: Square = Square(16);
    /// The square d3, index 17.
    pub const D3: Square = Square(17);
    /// The square e3, index 18.
    pub const E3: Square = Square(18);
    /// The square f3, index 19.
    pub const F3: Square = Square(19);
    /// The square g3, index 20.
    pub const G3: Square = Square(20);
    /// The square a4, index 21.
    pub const A4: Square = Square(21);
    /// The square b4, index 22.
    pub const B4: Square = Square(22);
    /// The square c4, index 23.
    pub const C4: Square = Square(23);
    /// The square d4, index 24.
    pub const D4: Square = Square(24);
    /// The square e4, index 25.
    pub const E4: Square = Square(25);
    /// The square f4, index 26.
    pub const F4: Square = Square(26);
    /// The square g4, index 27.
    pub const G4: Square = Square(27);
    /// The square a5, index 28.
    pub const A5: Square = Square(28);
    /// The square b5, index 29.
    pub const B5: Square = Square(29);
    /// The square c5, index 30.
    pub const C5: Square = Square(30);
    /// The square d5, index 31.
    pub const D5: Square = Square(31);
    /// The square e5, index 32.
    pub const E5: Square = Square(32);
    /// The square f5, index 33.
    pub const F5: Square = Square(33);
    /// The square g5, index 34.
    pub const G5: Square = Square(34);
    /// The square a6, index 35.
    pub const A6: Square = Square(35);
    /// The square b6, index 36.
    pub const B6: Square = Square(36);
    /// The square c6, index 37.
    pub const C6: Square = Square(37);
    /// The square d6, index 38.
    pub const D6: Square = Square(38);
    /// The square e6, index 39.
    pub const E6: Square = Square(39);
    /// The square f6, index 40.
    pub const F6: Square = Square(40);
    /// The square g6, index 41.
    pub const G6: Square = Square(41);
    /// The square a7, index 42.
    pub const A7: Square = Square(42);
    /// The square b7, index 43.
    pub const B7: Square = Square(43);
    /// The square c7, index 44.
    pub const C7: Square = Square(44);
    /// The square d7, index 45.
    pub const D7: Square = Square(45);
    /// The square e7, index 46.
    pub const E7: Square = Square(46);
    /// The square f7, index 47.
    pub const F7: Square = Square(47);
    /// The square g7, index 48.
    pub const G7: Square = Square(48);
}

impl From<Square> for grid::Square {
    fn from(square: Square) -> grid::Square {
        square.to_grid()
    }
}

impl std::convert::TryFrom<grid::Square> for Square {
    type Error = WrongBoardSize;
    /// The Congo square of a [`grid::Square`] of [`BoardSize::CONGO`].
    ///
    /// # Errors
    ///
    /// [`WrongBoardSize`] for a square of any other board size, even one whose name is a
    /// Congo square's (`a1` of 8x8 is not Congo's `a1`).
    fn try_from(square: grid::Square) -> Result<Square, WrongBoardSize> {
        if square.size() == BoardSize::CONGO {
            Ok(Square(square.index() as u8))
        } else {
            Err(WrongBoardSize { square })
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    /// Reads a square name (`d1`); see [`Square::parse_bytes`].
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(s.as_bytes())
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Square) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Square {
    /// By file, then rank.
    fn cmp(&self, other: &Square) -> std::cmp::Ordering {
        (self.file(), self.rank()).cmp(&(other.file(), other.rank()))
    }
}

impl fmt::Display for Square {
    /// The algebraic name, e.g. `d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    /// The name in the type's name, e.g. `Square(d4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// A set of squares of the Congo board, as a bitboard: bit `rank * 7 + file` (the
/// [`Square::index`]; bits 49 to 63 are never set). It iterates its [`Square`]s in index
/// order without naming the board size. It is a [`grid::SquareSet`] that knows its
/// board: the set operations are grid's, only the complement stays on the 49 squares.
///
/// ```
/// use congo::{Color, Position, Role, Square, SquareSet};
/// let pawns = Position::START.pieces(Color::White, Role::Pawn);
/// assert_eq!(pawns.len(), 7);
/// let names: Vec<String> = pawns.into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a2", "b2", "c2", "d2", "e2", "f2", "g2"]);
/// let d2: Square = "d2".parse()?;
/// assert!(pawns.contains(d2));
/// assert_eq!((pawns - SquareSet::from(d2)).len(), 6);
/// assert_eq!((!SquareSet::EMPTY).len(), 49); // the complement stays on the board
/// # Ok::<_, congo::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(Bits);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(Bits::EMPTY);
    /// All 49 squares.
    pub const FULL: SquareSet = SquareSet::from_bits(FULL);

    /// The set of bits `bits` (bit `rank * 7 + file`); bits 49 to 63 are dropped.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(Bits::from_bits(bits & FULL))
    }

    /// The bits: bit `i` set when the square of index `i` is in the set.
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0.bits()
    }

    /// Number of squares in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.len()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.bits() & bit(square.index()) != 0
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet::from_bits(self.bits() | bit(square.index()))
    }

    /// The squares, by index (a1, b1, ..., g7 order).
    #[must_use]
    pub const fn iter(self) -> SquareIter {
        SquareIter(self.bits())
    }

    /// The lowest-index square, `None` for the empty set.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        match self.bits() {
            0 => None,
            bits => Some(Square::at(bits.trailing_zeros() as usize)),
        }
    }
}

impl From<Square> for SquareSet {
    fn from(square: Square) -> SquareSet {
        SquareSet::from_bits(bit(square.index()))
    }
}

impl From<SquareSet> for grid::SquareSet {
    /// The same bits, as the board-size-free `grid` set (index `rank * 7 + file`).
    fn from(set: SquareSet) -> grid::SquareSet {
        set.0
    }
}

impl std::iter::FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter()
            .fold(SquareSet::EMPTY, |set, square| set.with(square))
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

/// The squares of a [`SquareSet`], by index; from [`SquareSet::iter`].
#[derive(Clone, Debug)]
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::at(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}
impl FusedIterator for SquareIter {}

impl fmt::Debug for SquareSet {
    /// The squares by name, e.g. `SquareSet[a1, d4]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SquareSet")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

// The set operations are grid's (`grid::SquareSet`'s methods): two sets of the 49
// squares give one, so no mask is needed.
macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $set_method:ident) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            fn $method(self, other: SquareSet) -> SquareSet {
                SquareSet(self.0.$set_method(other.0))
            }
        }
        impl $assign for SquareSet {
            fn $assign_method(&mut self, other: SquareSet) {
                *self = SquareSet(self.0.$set_method(other.0));
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, intersection);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, union);
set_op!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    symmetric_difference
);

impl Sub for SquareSet {
    type Output = SquareSet;
    /// Set difference: the squares of `self` not in `other`.
    fn sub(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0.difference(other.0))
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// The complement on the 49 squares of the board.
    fn not(self) -> SquareSet {
        SquareSet::from_bits(!self.bits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> SquareSet {
        names
            .iter()
            .map(|name| name.parse::<Square>().unwrap())
            .collect()
    }

    #[test]
    fn set_operations_are_those_of_sets() {
        let (a, b) = (set(&["a1", "b1", "c1"]), set(&["b1", "c1", "d1"]));
        assert_eq!(a & b, set(&["b1", "c1"]));
        assert_eq!(a | b, set(&["a1", "b1", "c1", "d1"]));
        assert_eq!(a ^ b, set(&["a1", "d1"]));
        assert_eq!(a - b, set(&["a1"]));
        assert_eq!(!SquareSet::FULL, SquareSet::EMPTY);
        assert_eq!((!a).len(), 49 - 3);
        let mut c = a;
        c &= b;
        c |= set(&["g7"]);
        c ^= set(&["b1"]);
        assert_eq!(c, set(&["c1", "g7"]));
        assert_eq!(grid::SquareSet::from(c).bits(), 1 << 2 | 1 << 48);
    }

    #[test]
    fn squares_agree_with_grid() {
        for square in Square::ALL {
            let g = square.to_grid();
            assert_eq!(Square::try_from(g), Ok(square));
            assert_eq!(g.index(), square.index());
            assert_eq!(g.to_string(), square.to_string());
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        let chess = grid::Square::parse("a1", BoardSize::CHESS).unwrap();
        assert!(Square::try_from(chess).is_err());
        let mut sorted = Square::ALL;
        sorted.sort();
        let names: Vec<String> = sorted.iter().map(ToString::to_string).collect();
        let mut alphabetical = names.clone();
        alphabetical.sort();
        assert_eq!(names, alphabetical);
    }
}
