//! The Reversi board's size, its squares (always on the 8x8 board, so they parse and
//! iterate without naming the board size) and its sets of squares.
//!
//! **Policy for a square of another board** (the same in every game crate of the
//! workspace, stated in `grid`'s documentation): a [`grid::Square`] of another
//! [`BoardSize`] is an error ([`WrongBoardSize`]) where it is turned into a Reversi
//! [`Square`], never a square silently ignored or renamed; every other function of this
//! crate takes a Reversi [`Square`], so it cannot be given one.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};
use std::str::FromStr;

use grid::{BoardSize, ParseSquareError, SquareSet as Bits};
use thiserror::Error;

/// The Reversi board size, 8 files by 8 ranks.
pub const SIZE: BoardSize = BoardSize::CHESS;

/// A square of the 8x8 Reversi board: files `a`..`h`, ranks `1`..`8`; its
/// [index](Square::index) is `rank * 8 + file` (a1 = 0, h1 = 7, h8 = 63), the bit of a
/// [`SquareSet`] and of the bitboards.
///
/// Squares order by file, then rank (`a1 < a2 < ... < a8 < b1`), the alphabetical order
/// of their names. `FromStr` and `Display` round-trip; a [`grid::Square`] of the 8x8
/// board converts both ways (`From`, `TryFrom`, the latter refusing another board size).
///
/// ```
/// use reversi::Square;
/// let d3: Square = "d3".parse()?;
/// assert_eq!((d3.file(), d3.rank(), d3.index()), (3, 2, 19));
/// assert_eq!(d3.to_string(), "d3");
/// assert_eq!(format!("{d3:?}"), "Square(d3)");
/// assert!("i9".parse::<Square>().is_err()); // off the 8x8 board
/// assert!(Square::new(3, 2) == Some(d3) && Square::from_index(64).is_none());
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square(u8);

/// A [`grid::Square`] of another board size than Reversi's 8x8, given where a Reversi
/// square is needed (see the crate's policy in [`Square`]'s module: always an error).
///
/// ```
/// use reversi::{Square, WrongBoardSize};
/// let congo_d3 = grid::Square::parse("d3", grid::BoardSize::CONGO)?;
/// let err = Square::try_from(congo_d3).unwrap_err();
/// assert_eq!(err, WrongBoardSize { square: congo_d3 });
/// assert_eq!(err.to_string(), "square d3 is not on the 8x8 Reversi board");
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("square {square} is not on the 8x8 Reversi board")]
pub struct WrongBoardSize {
    /// The square given.
    pub square: grid::Square,
}

impl Square {
    /// Every square, by index (a1, b1, ..., h1, a2, ..., h8).
    ///
    /// ```
    /// use reversi::Square;
    /// assert_eq!(Square::ALL.len(), 64);
    /// assert_eq!((Square::ALL[0].to_string(), Square::ALL[63].to_string()), ("a1".into(), "h8".into()));
    /// ```
    pub const ALL: [Square; 64] = {
        let mut t = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            t[i] = Square(i as u8);
            i += 1;
        }
        t
    };

    /// The square on 0-based `file` and `rank` (both below 8), else `None`.
    ///
    /// ```
    /// use reversi::Square;
    /// assert_eq!(Square::new(7, 7).map(|s| s.to_string()), Some("h8".to_owned()));
    /// assert_eq!(Square::new(8, 0), None);
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square of index `rank * 8 + file` (below 64), else `None`.
    ///
    /// ```
    /// use reversi::Square;
    /// assert_eq!(Square::from_index(19).map(|s| s.to_string()), Some("d3".to_owned()));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of bit `index & 63` (callers inside the crate pass an index below 64).
    #[inline]
    pub(crate) const fn at(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// `rank * 8 + file`: a1 is 0, h1 7, a2 8, h8 63 (the square's bit in a bitboard).
    ///
    /// ```
    /// let h8: reversi::Square = "h8".parse()?;
    /// assert_eq!(h8.index(), 63);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: 0 for `a`, 7 for `h`.
    ///
    /// ```
    /// let d3: reversi::Square = "d3".parse()?;
    /// assert_eq!(d3.file(), 3);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0-based rank: 0 for rank `1`, 7 for rank `8`.
    ///
    /// ```
    /// let d3: reversi::Square = "d3".parse()?;
    /// assert_eq!(d3.rank(), 2);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square as a [`grid::Square`] of [`BoardSize::CHESS`] (8x8).
    ///
    /// ```
    /// let d3: reversi::Square = "d3".parse()?;
    /// assert_eq!(d3.to_grid(), grid::Square::parse("d3", grid::BoardSize::CHESS)?);
    /// # Ok::<_, grid::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn to_grid(self) -> grid::Square {
        match grid::Square::new(self.file(), self.rank(), SIZE) {
            Some(square) => square,
            None => panic!("every Reversi square is on the 8x8 board"),
        }
    }

    /// Reads a square name (`d3`; the file letter in either case) from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] as [`grid::Square::parse`] gives it on the 8x8 board: empty
    /// text, a file letter past `h`, a rank missing, `0` or past `8`, or text after it;
    /// it names the text read.
    ///
    /// ```
    /// use reversi::Square;
    /// assert_eq!(Square::parse_bytes(b"d3")?.index(), 19);
    /// assert!(Square::parse_bytes(b"a0").is_err());
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    pub fn parse_bytes(text: &[u8]) -> Result<Square, ParseSquareError> {
        grid::Square::parse_bytes(text, SIZE).map(|s| Square::at(s.index()))
    }
}

/// The squares by name, as constants: `Square::D3` is the square `"d3"` (the
/// names of shakmaty's and cozy-chess's `Square::D3`), for `const` items and `match`
/// patterns. Written out one by one, rank 1 first (index `rank * 8 + file`), rather than
/// by a macro, so that a single-file bundle keeps only the constants it uses.
///
/// ```
/// use reversi::Square;
/// assert_eq!(Square::D3, "d3".parse()?);
/// assert_eq!((Square::A1.index(), Square::H8.index()), (0, 63));
/// # Ok::<_, reversi::ParseSquareError>(())
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
    /// The square h1, index 7.
    pub const H1: Square = Square(7);
    /// The square a2, index 8.
    pub const A2: Square = Square(8);
    /// The square b2, index 9.
    pub const B2: Square = Square(9);
    /// The square c2, index 10.
    pub const C2: Square = Square(10);
    /// The square d2, index 11.
    pub const D2: Square = Square(11);
    /// The square e2, index 12.
    pub const E2: Square = Square(12);
    /// The square f2, index 13.
    pub const F2: Square = Square(13);
    /// The square g2, index 14.
    pub const G2: Square = Square(14);
    /// The square h2, index 15.
    pub const H2: Square = Square(15);
    /// The square a3, index 16.
    pub const A3: Square = Square(16);
    /// The square b3, index 17.
    pub const B3: Square = Square(17);
    /// The square c3, index 18.
    pub const C3: Square = Square(18);
    /// The square d3, index 19.
    pub const D3: Square = Square(19);
    /// The square e3, index 20.
    pub const E3: Square = Square(20);
    /// The square f3, index 21.
    pub const F3: Square = Square(21);
    /// The square g3, index 22.
    pub const G3: Square = Square(22);
    /// The square h3, index 23.
    pub const H3: Square = Square(23);
    /// The square a4, index 24.
    pub const A4: Square = Square(24);
    /// The square b4, index 25.
    pub const B4: Square = Square(25);
    /// The square c4, index 26.
    pub const C4: Square = Square(26);
    /// The square d4, index 27.
    pub const D4: Square = Square(27);
    /// The square e4, index 28.
    pub const E4: Square = Square(28);
    /// The square f4, index 29.
    pub const F4: Square = Square(29);
    /// The square g4, index 30.
    pub const G4: Square = Square(30);
    /// The square h4, index 31.
    pub const H4: Square = Square(31);
    /// The square a5, index 32.
    pub const A5: Square = Square(32);
    /// The square b5, index 33.
    pub const B5: Square = Square(33);
    /// The square c5, index 34.
    pub const C5: Square = Square(34);
    /// The square d5, index 35.
    pub const D5: Square = Square(35);
    /// The square e5, index 36.
    pub const E5: Square = Square(36);
    /// The square f5, index 37.
    pub const F5: Square = Square(37);
    /// The square g5, index 38.
    pub const G5: Square = Square(38);
    /// The square h5, index 39.
    pub const H5: Square = Square(39);
    /// The square a6, index 40.
    pub const A6: Square = Square(40);
    /// The square b6, index 41.
    pub const B6: Square = Square(41);
    /// The square c6, index 42.
    pub const C6: Square = Square(42);
    /// The square d6, index 43.
    pub const D6: Square = Square(43);
    /// The square e6, index 44.
    pub const E6: Square = Square(44);
    /// The square f6, index 45.
    pub const F6: Square = Square(45);
    /// The square g6, index 46.
    pub const G6: Square = Square(46);
    /// The square h6, index 47.
    pub const H6: Square = Square(47);
    /// The square a7, index 48.
    pub const A7: Square = Square(48);
    /// The square b7, index 49.
    pub const B7: Square = Square(49);
    /// The square c7, index 50.
    pub const C7: Square = Square(50);
    /// The square d7, index 51.
    pub const D7: Square = Square(51);
    /// The square e7, index 52.
    pub const E7: Square = Square(52);
    /// The square f7, index 53.
    pub const F7: Square = Square(53);
    /// The square g7, index 54.
    pub const G7: Square = Square(54);
    /// The square h7, index 55.
    pub const H7: Square = Square(55);
    /// The square a8, index 56.
    pub const A8: Square = Square(56);
    /// The square b8, index 57.
    pub const B8: Square = Square(57);
    /// The square c8, index 58.
    pub const C8: Square = Square(58);
    /// The square d8, index 59.
    pub const D8: Square = Square(59);
    /// The square e8, index 60.
    pub const E8: Square = Square(60);
    /// The square f8, index 61.
    pub const F8: Square = Square(61);
    /// The square g8, index 62.
    pub const G8: Square = Square(62);
    /// The square h8, index 63.
    pub const H8: Square = Square(63);
}

impl From<Square> for grid::Square {
    /// The same square on the 8x8 board ([`Square::to_grid`]).
    fn from(square: Square) -> grid::Square {
        square.to_grid()
    }
}

impl std::convert::TryFrom<grid::Square> for Square {
    type Error = WrongBoardSize;
    /// The Reversi square of a [`grid::Square`] of the 8x8 board.
    ///
    /// # Errors
    ///
    /// [`WrongBoardSize`] for a square of any other board size, even one whose name is a
    /// Reversi square's (`d3` of 7x7 is not Reversi's `d3`).
    fn try_from(square: grid::Square) -> Result<Square, WrongBoardSize> {
        if square.size() == SIZE {
            Ok(Square::at(square.index()))
        } else {
            Err(WrongBoardSize { square })
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    /// Reads a square name (`d3`); see [`Square::parse_bytes`].
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
    /// The algebraic name, e.g. `d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    /// The name in the type's name, e.g. `Square(d3)` (as `grid::Square`'s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// A set of squares of the 8x8 Reversi board, as a bitboard: bit `rank * 8 + file`
/// (a1 = bit 0, h1 = bit 7, h8 = bit 63: the [`Square::index`]). It iterates its
/// [`Square`]s in index order without naming the board size (`for square in set`,
/// [`SquareSet::iter`]). The set operations are [`grid::SquareSet`]'s; it converts to
/// and from that set (the same bits).
///
/// ```
/// use reversi::{Board, Square, SquareSet};
/// let moves = Board::START.legal_moves();
/// let names: Vec<String> = moves.into_iter().map(|square| square.to_string()).collect();
/// assert_eq!(names, ["d3", "c4", "f5", "e6"]); // a1 = bit 0, ..., h8 = bit 63
/// let d3: Square = "d3".parse()?;
/// assert!(moves.contains(d3));
/// assert_eq!((moves - SquareSet::from(d3)).len(), 3);
/// assert_eq!((!SquareSet::EMPTY).len(), 64);
/// assert_eq!(format!("{moves:?}"), "SquareSet[d3, c4, f5, e6]");
/// # Ok::<_, reversi::ParseSquareError>(())
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(Bits);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(Bits::EMPTY);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet::from_bits(u64::MAX);

    /// The set of bits `bits` (bit `rank * 8 + file`).
    ///
    /// ```
    /// use reversi::SquareSet;
    /// let corners = SquareSet::from_bits(1 | 1 << 7 | 1 << 56 | 1 << 63);
    /// assert_eq!(format!("{corners:?}"), "SquareSet[a1, h1, a8, h8]");
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(Bits::from_bits(bits))
    }

    /// The bits: bit `i` set when the square of index `i` is in the set.
    ///
    /// ```
    /// let corners: reversi::SquareSet = ["a1", "h8"].iter().map(|n| n.parse::<reversi::Square>().unwrap()).collect();
    /// assert_eq!(corners.bits(), 1 | 1 << 63);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0.bits()
    }

    /// Number of squares in the set.
    ///
    /// ```
    /// assert_eq!(reversi::Board::START.legal_moves().len(), 4);
    /// ```
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.len()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(reversi::SquareSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// Whether `square` is in the set.
    ///
    /// ```
    /// use reversi::{Board, Square};
    /// assert!(Board::START.legal_moves().contains("d3".parse::<Square>()?));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.bits() >> square.index() & 1 != 0
    }

    /// The set with `square` added.
    ///
    /// ```
    /// use reversi::{Square, SquareSet};
    /// let set = SquareSet::EMPTY.with("d3".parse::<Square>()?);
    /// assert_eq!(set.bits(), 1 << 19);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet::from_bits(self.bits() | 1 << square.index())
    }

    /// The squares, by index (a1, b1, ..., h1, a2, ..., h8).
    ///
    /// ```
    /// let moves: Vec<String> = reversi::Board::START.legal_moves().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    /// ```
    #[must_use]
    pub const fn iter(self) -> SquareIter {
        SquareIter(self.bits())
    }

    /// The lowest-index square, `None` for the empty set.
    ///
    /// ```
    /// use reversi::{Board, SquareSet};
    /// assert_eq!(Board::START.legal_moves().first().map(|s| s.to_string()), Some("d3".to_owned()));
    /// assert_eq!(SquareSet::EMPTY.first(), None);
    /// ```
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        match self.bits() {
            0 => None,
            bits => Some(Square::at(bits.trailing_zeros() as usize)),
        }
    }

    /// The square indices in the set, ascending (`rank * 8 + file`).
    ///
    /// ```
    /// let indices: Vec<usize> = reversi::Board::START.legal_moves().indices().collect();
    /// assert_eq!(indices, [19, 26, 37, 44]);
    /// ```
    #[must_use]
    pub fn indices(self) -> grid::SquareIndices {
        self.0.indices()
    }

    /// The squares of a board of `size`, as `grid::SquareSet::squares` gives them: the
    /// form that names the board size, from when this set was [`grid::SquareSet`]. For
    /// [`SIZE`] the squares of [`SquareSet::iter`]; for another size none (a Reversi set
    /// holds only 8x8 squares). Deprecated: [`SquareSet::iter`] or `for square in set`
    /// names the same squares without the size.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// use reversi::{Board, SIZE};
    /// let moves = Board::START.legal_moves();
    /// assert!(moves.iter().eq(moves.iter()));
    /// assert_eq!(moves.squares(grid::BoardSize::CONGO).count(), 0);
    /// ```
    #[deprecated(
        note = "a Reversi set holds only 8x8 squares: use `iter()` or `for square in set`"
    )]
    pub fn squares(self, size: BoardSize) -> SquareIter {
        let set = if size == SIZE { self } else { SquareSet::EMPTY };
        set.iter()
    }
}

impl From<Square> for SquareSet {
    /// The set holding only `square`.
    fn from(square: Square) -> SquareSet {
        SquareSet::EMPTY.with(square)
    }
}

impl std::iter::FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter()
            .fold(SquareSet::EMPTY, |set, square| set.with(square))
    }
}

impl From<Bits> for SquareSet {
    /// The same bits, read as squares of the 8x8 board.
    fn from(set: Bits) -> SquareSet {
        SquareSet(set)
    }
}

impl From<SquareSet> for Bits {
    /// The same bits, as the board-size-free `grid` set.
    fn from(set: SquareSet) -> Bits {
        set.0
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
///
/// ```
/// let mut moves = reversi::Board::START.legal_moves().iter();
/// assert_eq!(moves.len(), 4);
/// assert_eq!(moves.next().map(|s| s.to_string()), Some("d3".to_owned()));
/// ```
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
    /// The squares by name, e.g. `SquareSet[d4, e5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SquareSet")?;
        SquareNames(*self).fmt(f)
    }
}

/// A set of squares listed by name in `Debug` (`[d4, e5]`).
pub(crate) struct SquareNames(pub(crate) SquareSet);

impl fmt::Debug for SquareNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// A square whose `Debug` is its name.
        struct Name(Square);
        impl fmt::Debug for Name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
        f.debug_list().entries(self.0.iter().map(Name)).finish()
    }
}

// The set operations are grid's (`grid::SquareSet`'s methods).
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
    /// The complement on the 64 squares of the board.
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}
