//! Square sets as 64-bit bitboards.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::size::BoardSize;
use crate::square::Square;

/// A set of squares of a board of at most 64 squares, as a bitboard: bit `i` is the square
/// of [index](Square::index) `i` (`a1` = bit 0). Congo's (49 squares) and Reversi's (64)
/// square sets wrap it and use its set operations, adding their board's squares.
///
/// The set does not store its board size; give it where squares are produced
/// ([`SquareSet::squares`], [`SquareSet::full`]). [`Not`] complements all 64 bits: mask
/// with [`SquareSet::full`] on smaller boards.
///
/// ```
/// use grid::{BoardSize, Square, SquareSet};
///
/// let size = BoardSize::CONGO;
/// let a1 = SquareSet::from_square(Square::parse("a1", size)?).unwrap();
/// let g7 = SquareSet::from_square(Square::parse("g7", size)?).unwrap();
/// let both = a1 | g7;
/// assert_eq!(both.len(), 2);
/// assert_eq!(both.bits(), 1 | 1 << 48);
/// let names: Vec<String> = both.squares(size).map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a1", "g7"]);
/// assert_eq!((!both & SquareSet::full(size).unwrap()).len(), 47);
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set whose bit `i` is square index `i`.
    #[must_use]
    pub const fn from_bits(bits: u64) -> SquareSet {
        SquareSet(bits)
    }

    /// The bits: bit `i` set when square index `i` is in the set.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Every square of a board of `size`, or `None` if it has more than 64 squares.
    ///
    /// ```
    /// use grid::{BoardSize, SquareSet};
    /// assert_eq!(SquareSet::full(BoardSize::CHESS).unwrap().bits(), u64::MAX);
    /// assert_eq!(SquareSet::full(BoardSize::CONGO).unwrap().len(), 49);
    /// assert_eq!(SquareSet::full(BoardSize::new(9, 9).unwrap()), None);
    /// ```
    #[must_use]
    pub fn full(size: BoardSize) -> Option<SquareSet> {
        match size.square_count() {
            64 => Some(SquareSet(u64::MAX)),
            n if n < 64 => Some(SquareSet((1u64 << n) - 1)),
            _ => None,
        }
    }

    /// The set holding only `square`, or `None` if its index is 64 or more.
    #[must_use]
    pub fn from_square(square: Square) -> Option<SquareSet> {
        let index = u32::try_from(square.index()).ok()?;
        1u64.checked_shl(index)
            .filter(|_| index < 64)
            .map(SquareSet)
    }

    /// The set of `squares`, or `None` if one of them has an index of 64 or more.
    ///
    /// ```
    /// use grid::{BoardSize, SquareSet};
    /// let size = BoardSize::CHESS;
    /// let corners = SquareSet::from_squares(["a1", "h1", "a8", "h8"].map(|n| size.parse_square(n).unwrap()));
    /// assert_eq!(corners.unwrap().bits(), 1 | 1 << 7 | 1 << 56 | 1 << 63);
    /// ```
    #[must_use]
    pub fn from_squares(squares: impl IntoIterator<Item = Square>) -> Option<SquareSet> {
        squares
            .into_iter()
            .try_fold(SquareSet::EMPTY, |set, square| {
                Some(set | SquareSet::from_square(square)?)
            })
    }

    /// Whether `square` is in the set (never for squares of index 64 or more).
    #[must_use]
    pub fn contains(self, square: Square) -> bool {
        SquareSet::from_square(square).map_or(false, |bit| self.0 & bit.0 != 0)
    }

    /// Number of squares in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in `self` or `other` (`self | other`).
    #[must_use]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// The squares in both `self` and `other` (`self & other`).
    #[must_use]
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// The squares of `self` not in `other` (`self - other`).
    ///
    /// ```
    /// use grid::SquareSet;
    /// let (a, b) = (SquareSet::from_bits(0b1100), SquareSet::from_bits(0b1010));
    /// assert_eq!(a.union(b).bits(), 0b1110);
    /// assert_eq!(a.intersection(b).bits(), 0b1000);
    /// assert_eq!(a.difference(b).bits(), 0b0100);
    /// assert_eq!(a.symmetric_difference(b).bits(), 0b0110);
    /// ```
    #[must_use]
    pub const fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// The squares in exactly one of `self` and `other` (`self ^ other`).
    #[must_use]
    pub const fn symmetric_difference(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ other.0)
    }

    /// The square indices in the set, ascending.
    #[must_use]
    pub fn indices(self) -> SquareIndices {
        SquareIndices(self.0)
    }

    /// The squares in the set, ascending by index, on a board of `size` (indices beyond
    /// that board are skipped).
    pub fn squares(self, size: BoardSize) -> impl Iterator<Item = Square> {
        self.indices()
            .filter_map(move |index| size.square_at(index))
    }
}

/// Iterator over the square indices of a [`SquareSet`], ascending; from
/// [`SquareSet::indices`].
#[derive(Clone, Debug)]
pub struct SquareIndices(u64);

impl Iterator for SquareIndices {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIndices {}

impl fmt::Debug for SquareSet {
    /// The bits in hexadecimal and the indices, e.g. `SquareSet(0x3 [0, 1])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SquareSet({:#x} ", self.0)?;
        f.debug_list().entries(self.indices()).finish()?;
        write!(f, ")")
    }
}

/// The operators of a set operation (its [`SquareSet`] method, the one place it is
/// written): `$trait` and its `$assign` form. Game crates whose sets wrap this one
/// (Congo's) implement theirs on the same methods.
macro_rules! set_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $set_method:ident) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            fn $method(self, other: SquareSet) -> SquareSet {
                self.$set_method(other)
            }
        }
        impl $assign for SquareSet {
            fn $assign_method(&mut self, other: SquareSet) {
                *self = self.$set_method(other);
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
        self.difference(other)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// Complement over all 64 bits.
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_of_small_boards() {
        for (files, ranks) in [(1, 1), (7, 7), (8, 8), (4, 16), (16, 4)] {
            let size = BoardSize::new(files, ranks).unwrap();
            let full = SquareSet::full(size).unwrap();
            assert_eq!(full.len() as usize, size.square_count());
            let mut union = SquareSet::EMPTY;
            for square in size.squares() {
                let one = SquareSet::from_square(square).unwrap();
                assert_eq!(one.bits(), 1 << square.index());
                assert!(one.contains(square));
                assert!(!(full - one).contains(square));
                assert!(full.contains(square));
                union |= one;
            }
            assert_eq!(union, full);
            assert!(full.squares(size).eq(size.squares()));
            assert_eq!(full.indices().len(), size.square_count());
        }
    }

    #[test]
    fn larger_boards() {
        let size = BoardSize::new(9, 9).unwrap();
        let a1 = size.parse_square("a1").unwrap();
        let i9 = size.parse_square("i9").unwrap();
        assert!(SquareSet::from_square(a1).is_some());
        assert_eq!(SquareSet::from_square(i9), None);
        assert_eq!(SquareSet::from_squares([a1, i9]), None);
        assert!(!SquareSet::from_bits(u64::MAX).contains(i9));
        assert_eq!(SquareSet::full(size), None);
    }

    #[test]
    fn operators() {
        let a = SquareSet::from_bits(0b1100);
        let b = SquareSet::from_bits(0b1010);
        assert_eq!((a & b).bits(), 0b1000);
        assert_eq!((a | b).bits(), 0b1110);
        assert_eq!((a ^ b).bits(), 0b0110);
        assert_eq!((a - b).bits(), 0b0100);
        assert_eq!((!a).bits(), !0b1100);
        assert!(SquareSet::EMPTY.is_empty());
        assert_eq!(a.indices().collect::<Vec<_>>(), [2, 3]);
        assert_eq!(format!("{a:?}"), "SquareSet(0xc [2, 3])");
    }
}
