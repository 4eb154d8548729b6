//! The 8 symmetries of the board (the dihedral group of the square) on bitboards, bit
//! index = rank * 8 + file (a1 = 0, h1 = 7, h8 = 63), numbered as the patterns' instances
//! are: the rules crate's [`reversi::Symmetry`] applied to bitboards
//! ([`reversi::SquareSet::transform`]), under the numbers and names the evaluation uses.

use reversi::{SquareSet, Symmetry};

/// The symmetries by number (see [`apply`]): bit 0 reflects the files, bit 1 the ranks,
/// bit 2 in the a1-h8 diagonal (applied last).
const BY_NUMBER: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::MirrorHorizontal,
    Symmetry::FlipVertical,
    // Files, then ranks.
    Symmetry::Rotate180,
    Symmetry::FlipDiagonal,
    // Files, then the diagonal: (f, r) -> (7 - f, r) -> (r, 7 - f).
    Symmetry::Rotate270,
    // Ranks, then the diagonal: (f, r) -> (f, 7 - r) -> (7 - r, f).
    Symmetry::Rotate90,
    // Both, then the diagonal: (f, r) -> (7 - r, 7 - f).
    Symmetry::FlipAntiDiagonal,
];

/// The image of the bitboard `b` under `symmetry`.
#[inline(always)]
fn image(symmetry: Symmetry, b: u64) -> u64 {
    SquareSet::from_bits(b).transform(symmetry).bits()
}

/// Ranks reversed: a1 <-> a8 (rank r goes to rank 7 - r).
///
/// ```
/// assert_eq!(reversi_engine::eval::symmetry::flip_vertical(1), 1 << 56);
/// ```
#[inline]
#[must_use]
pub fn flip_vertical(b: u64) -> u64 {
    image(Symmetry::FlipVertical, b)
}

/// Files reversed: a1 <-> h1 (file f goes to file 7 - f).
///
/// ```
/// assert_eq!(reversi_engine::eval::symmetry::mirror_horizontal(1), 1 << 7);
/// ```
#[inline]
#[must_use]
pub fn mirror_horizontal(b: u64) -> u64 {
    image(Symmetry::MirrorHorizontal, b)
}

/// Reflection in the a1-h8 diagonal: the square (file f, rank r) goes to (file r, rank f).
///
/// ```
/// // b1 (file 1, rank 0) goes to a2 (file 0, rank 1).
/// assert_eq!(reversi_engine::eval::symmetry::flip_diagonal(1 << 1), 1 << 8);
/// ```
#[inline]
#[must_use]
pub fn flip_diagonal(b: u64) -> u64 {
    image(Symmetry::FlipDiagonal, b)
}

/// The `n`th of the 8 symmetries (`n` in 0..8; 0 is the identity): bit 0 reflects the
/// files, bit 1 the ranks, bit 2 in the a1-h8 diagonal (applied last).
#[must_use]
pub fn apply(n: u32, b: u64) -> u64 {
    image(BY_NUMBER[n as usize & 7], b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: u32, rank: u32) -> u64 {
        1 << (rank * 8 + file)
    }

    #[test]
    fn each_symmetry_moves_single_squares_as_its_geometry_says() {
        for rank in 0..8 {
            for file in 0..8 {
                let b = sq(file, rank);
                assert_eq!(mirror_horizontal(b), sq(7 - file, rank));
                assert_eq!(flip_vertical(b), sq(file, 7 - rank));
                assert_eq!(flip_diagonal(b), sq(rank, file));
            }
        }
    }

    #[test]
    fn each_number_is_its_reflections_in_order() {
        // The number's bits, applied one reflection at a time (each checked square by
        // square above), give what the numbered symmetry gives.
        for n in 0..8 {
            for s in 0..64 {
                let mut b = 1u64 << s;
                if n & 1 != 0 {
                    b = mirror_horizontal(b);
                }
                if n & 2 != 0 {
                    b = flip_vertical(b);
                }
                if n & 4 != 0 {
                    b = flip_diagonal(b);
                }
                assert_eq!(apply(n, 1 << s), b, "symmetry {n}, square {s}");
            }
        }
    }

    #[test]
    fn the_eight_symmetries_are_distinct_involutions_or_rotations() {
        // b1 + c1 has a different image under each of the 8 symmetries.
        let b = sq(1, 0) | sq(2, 0);
        let images: Vec<u64> = (0..8).map(|n| apply(n, b)).collect();
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(images[i], images[j], "symmetries {i} and {j}");
            }
        }
        for n in 0..4 {
            assert_eq!(
                apply(n, apply(n, b)),
                b,
                "reflections in files/ranks undo themselves"
            );
        }
    }
}
