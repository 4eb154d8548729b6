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

/// Declares one associated constant of [`Square`] per square (`NAME = index`).
macro_rules! named_squares {
    ($($name:ident = $index:literal),* $(,)?) => {
        /// The squares by name, as constants: `Square::D1` is the square `"d1"` (the
        /// names of shakmaty's and cozy-chess's `Square::D3`), for `const` items and `match`
        /// patterns.
        ///
        /// ```
        /// use congo::Square;
        /// assert_eq!(Square::D1, "d1".parse()?);
        /// assert_eq!((Square::A1.index(), Square::G7.index()), (0, 48));
        /// # Ok::<_, congo::ParseSquareError>(())
        /// ```
        impl Square {
            $(
                #[doc = concat!("The square `", stringify!($name), "`, index ", stringify!($index), ".")]
                pub const $name: Square = Square($index);
            )*
        }
    };
}

// Rank 1 first; index = rank * 7 + file.
named_squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6,
    A2 = 7, B2 = 8, C2 = 9, D2 = 10, E2 = 11, F2 = 12, G2 = 13,
    A3 = 14, B3 = 15, C3 = 16, D3 = 17, E3 = 18, F3 = 19, G3 = 20,
    A4 = 21, B4 = 22, C4 = 23, D4 = 24, E4 = 25, F4 = 26, G4 = 27,
    A5 = 28, B5 = 29, C5 = 30, D5 = 31, E5 = 32, F5 = 33, G5 = 34,
    A6 = 35, B6 = 36, C6 = 37, D6 = 38, E6 = 39, F6 = 40, G6 = 41,
    A7 = 42, B7 = 43, C7 = 44, D7 = 45, E7 = 46, F7 = 47, G7 = 48,
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
