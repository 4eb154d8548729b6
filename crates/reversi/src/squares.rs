//! The Reversi board's size, its squares' policy (a square of another board is an
//! error) and its sets of squares, which iterate without naming the board size.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use grid::{BoardSize, Square, SquareSet as Bits};
use thiserror::Error;

/// The Reversi board size, 8 files by 8 ranks.
pub const SIZE: BoardSize = BoardSize::CHESS;

/// A square of another board size than Reversi's 8x8, given where a Reversi square is
/// needed: always an error, never a square ignored or renamed (the policy stated in
/// `grid`'s documentation, the same in every game crate).
///
/// ```
/// use reversi::{Board, WrongBoardSize};
/// let congo_d3 = grid::Square::parse("d3", grid::BoardSize::CONGO)?;
/// assert_eq!(Board::START.disc_at(congo_d3), Err(WrongBoardSize { square: congo_d3 }));
/// assert_eq!(Board::START.flips(congo_d3), Err(WrongBoardSize { square: congo_d3 }));
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("square {square} is not on the 8x8 Reversi board")]
pub struct WrongBoardSize {
    /// The square given.
    pub square: Square,
}

/// A set of squares of the 8x8 Reversi board, as a bitboard: bit `rank * 8 + file`
/// (a1 = bit 0, h1 = bit 7, h8 = bit 63: [`grid::Square::index`] on the 8x8 board). It
/// iterates its squares ([`Square`]s of the 8x8 board) in index order without naming the
/// board size, and holds no square of another board: [`SquareSet::contains`] is `false`
/// for one, [`SquareSet::from_square`] refuses one ([`WrongBoardSize`]). The set
/// operations are [`grid::SquareSet`]'s; it converts to and from that set (the same bits).
///
/// ```
/// use reversi::{Board, SquareSet};
/// let moves = Board::START.legal_moves();
/// let names: Vec<String> = moves.into_iter().map(|square| square.to_string()).collect();
/// assert_eq!(names, ["d3", "c4", "f5", "e6"]); // a1 = bit 0, ..., h8 = bit 63
/// let d3: reversi::Square = grid::BoardSize::CHESS.parse_square("d3")?;
/// assert!(moves.contains(d3));
/// assert_eq!((moves - SquareSet::from_square(d3)?).len(), 3);
/// assert_eq!((!SquareSet::EMPTY).len(), 64);
/// assert_eq!(format!("{moves:?}"), "SquareSet[d3, c4, f5, e6]");
/// # Ok::<_, Box<dyn std::error::Error>>(())
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
    #[must_use]
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(Bits::from_bits(bits))
    }

    /// The bits: bit `i` set when the square of index `i` is in the set.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0.bits()
    }

    /// The set holding only `square`.
    ///
    /// # Errors
    ///
    /// [`WrongBoardSize`] for a square of another board than 8x8.
    pub fn from_square(square: Square) -> Result<SquareSet, WrongBoardSize> {
        if square.size() == SIZE {
            Ok(SquareSet::from_bits(1 << square.index()))
        } else {
            Err(WrongBoardSize { square })
        }
    }

    /// The set of `squares`.
    ///
    /// # Errors
    ///
    /// [`WrongBoardSize`] for the first square of another board than 8x8.
    ///
    /// ```
    /// use reversi::SquareSet;
    /// let corners = ["a1", "h1", "a8", "h8"].map(|name| reversi::SIZE.parse_square(name).unwrap());
    /// assert_eq!(SquareSet::from_squares(corners)?.bits(), 1 | 1 << 7 | 1 << 56 | 1 << 63);
    /// let congo_a1 = grid::Square::parse("a1", grid::BoardSize::CONGO)?;
    /// assert!(SquareSet::from_squares([congo_a1]).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_squares(
        squares: impl IntoIterator<Item = Square>,
    ) -> Result<SquareSet, WrongBoardSize> {
        squares
            .into_iter()
            .try_fold(SquareSet::EMPTY, |set, square| {
                Ok(set | SquareSet::from_square(square)?)
            })
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

    /// Whether `square` is in the set; never for a square of another board than 8x8.
    #[must_use]
    pub fn contains(self, square: Square) -> bool {
        square.size() == SIZE && self.bits() >> square.index() & 1 != 0
    }

    /// The squares, by index (a1, b1, ..., h1, a2, ..., h8).
    #[must_use]
    pub fn iter(self) -> SquareIter {
        SquareIter(self.0.indices())
    }

    /// The lowest-index square, `None` for the empty set.
    #[must_use]
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The square indices in the set, ascending (`rank * 8 + file`).
    #[must_use]
    pub fn indices(self) -> grid::SquareIndices {
        self.0.indices()
    }

    /// The squares of a board of `size`, as `grid::SquareSet::squares` gives them: the
    /// form that names the board size, from when this set was [`grid::SquareSet`]. For
    /// [`SIZE`] the squares of [`SquareSet::iter`]; for another size none (a Reversi set
    /// holds only 8x8 squares). Prefer [`SquareSet::iter`] or `for square in set`.
    ///
    /// ```
    /// use reversi::{Board, SIZE};
    /// let moves = Board::START.legal_moves();
    /// assert!(moves.squares(SIZE).eq(moves.iter()));
    /// assert_eq!(moves.squares(grid::BoardSize::CONGO).count(), 0);
    /// ```
    pub fn squares(self, size: BoardSize) -> SquareIter {
        let set = if size == SIZE { self } else { SquareSet::EMPTY };
        set.iter()
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

/// The squares of a [`SquareSet`], by index; from [`SquareSet::iter`]: grid's
/// [`grid::SquareIndices`] read as 8x8 squares.
#[derive(Clone, Debug)]
pub struct SquareIter(grid::SquareIndices);

impl Iterator for SquareIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        self.0.next().and_then(|index| SIZE.square_at(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for SquareIter {}
impl FusedIterator for SquareIter {}

impl fmt::Debug for SquareSet {
    /// The squares by name, e.g. `SquareSet[d4, e5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SquareSet")?;
        Names(*self).fmt(f)
    }
}

/// A set of squares listed by name in `Debug` (`[d4, e5]`).
pub(crate) struct Names(pub(crate) SquareSet);

impl fmt::Debug for Names {
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
