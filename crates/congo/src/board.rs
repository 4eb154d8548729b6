//! The 7x7 board as the low 49 bits of a `u64`: the bit layout, the named regions, and
//! square indices.
//!
//! Square `(file, rank)` (both 0-based) is bit `rank * 7 + file`: a1 is bit 0, g1 bit 6,
//! a2 bit 7 and g7 bit 48. Bits 49 to 63 are always 0.
//!
//! ```text
//!          a   b   c   d   e   f   g
//!        +---+---+---+---+---+---+---+
//!      7 | 42| 43| 44| 45| 46| 47| 48|  Black's far rank
//!      6 | 35| 36| 37| 38| 39| 40| 41|  Black's castle: c5-e7 (bits 30-32, 37-39, 44-46)
//!      5 | 28| 29| 30| 31| 32| 33| 34|
//!      4 | 21| 22| 23| 24| 25| 26| 27|  the river (0x7f << 21)
//!      3 | 14| 15| 16| 17| 18| 19| 20|
//!      2 |  7|  8|  9| 10| 11| 12| 13|  White's castle: c1-e3 (bits 2-4, 9-11, 16-18)
//!      1 |  0|  1|  2|  3|  4|  5|  6|  White's far rank
//!        +---+---+---+---+---+---+---+
//! ```
//!
//! A step north adds 7 to the index, east adds 1, north-east 8, north-west 6. Because a
//! rank has 7 bits, a step east from file g (or west from file a) would wrap onto the next
//! rank: the step tables in [`crate::tables`] are built from `(file, rank)` coordinates,
//! never from index arithmetic, so no move can wrap.

use crate::piece::ByColor;

/// Files (and ranks) of the board.
pub(crate) const SIZE: usize = 7;
/// Number of squares.
pub(crate) const SQUARES: usize = SIZE * SIZE;
/// Every square.
pub(crate) const FULL: u64 = (1 << SQUARES) - 1;
/// The rank of the river (0-based: the board's 4th rank).
pub(crate) const RIVER_RANK: usize = 3;

/// The bit of square index `sq` (below 49).
pub(crate) const fn bit(sq: usize) -> u64 {
    1 << sq
}

/// The index of the square on 0-based `file` and `rank` (both below 7).
pub(crate) const fn index(file: usize, rank: usize) -> usize {
    rank * SIZE + file
}

/// The file (0-6) of a square index.
pub(crate) const fn file_of(sq: usize) -> usize {
    sq % SIZE
}

/// The rank (0-6) of a square index.
pub(crate) const fn rank_of(sq: usize) -> usize {
    sq / SIZE
}

/// The squares of 0-based `rank`.
pub(crate) const fn rank_bb(rank: usize) -> u64 {
    0x7f << (rank * SIZE)
}

/// The squares of the ranks below 0-based `rank`.
const fn ranks_below(rank: usize) -> u64 {
    (1 << (rank * SIZE)) - 1
}

/// File `a`: bit 0 of every rank, `1 + 2^7 + ... + 2^42`.
pub(crate) const FILE_A: u64 = FULL / 0x7f;
/// The river: the whole 4th rank.
pub(crate) const RIVER: u64 = rank_bb(RIVER_RANK);
/// The castles a lion never leaves: files c-e of ranks 1-3 (White) and 5-7 (Black).
pub(crate) const CASTLE: ByColor<u64> = {
    let files = FILE_A << 2 | FILE_A << 3 | FILE_A << 4;
    ByColor::new(
        files & ranks_below(RIVER_RANK),
        files & !ranks_below(RIVER_RANK + 1),
    )
};
/// The far rank a pawn promotes on: rank 7 for White, rank 1 for Black.
pub(crate) const FAR_RANK: ByColor<u64> = ByColor::new(rank_bb(SIZE - 1), rank_bb(0));
/// The ranks past the river: 5-7 for White, 1-3 for Black.
pub(crate) const PAST_RIVER: ByColor<u64> =
    ByColor::new(FULL & !ranks_below(RIVER_RANK + 1), ranks_below(RIVER_RANK));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Color;

    #[test]
    fn regions_match_the_drawing() {
        assert_eq!(RIVER, 0x7f << 21);
        assert_eq!(FILE_A, (0..7).map(|rank| bit(index(0, rank))).sum());
        assert_eq!(FAR_RANK[Color::White], 0x7f << 42);
        assert_eq!(FAR_RANK[Color::Black], 0x7f);
        assert_eq!(PAST_RIVER[Color::White], 0x1f_ffff << 28);
        assert_eq!(PAST_RIVER[Color::Black], 0x1f_ffff);
        let white_castle = [2, 3, 4, 9, 10, 11, 16, 17, 18];
        assert_eq!(
            CASTLE[Color::White],
            white_castle.iter().map(|&s| bit(s)).sum()
        );
        assert_eq!(CASTLE[Color::Black], CASTLE[Color::White] << 28);
        for sq in 0..SQUARES {
            assert_eq!(index(file_of(sq), rank_of(sq)), sq);
        }
    }
}
