//! The 8 symmetries of the board (the dihedral group of the square) on bitboards, bit
//! index = rank * 8 + file (a1 = 0, h1 = 7, h8 = 63).

/// Ranks reversed: a1 <-> a8 (rank r goes to rank 7 - r).
///
/// ```
/// assert_eq!(reversi_engine::eval::symmetry::flip_vertical(1), 1 << 56);
/// ```
#[inline]
#[must_use]
pub fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Files reversed: a1 <-> h1 (file f goes to file 7 - f).
///
/// ```
/// assert_eq!(reversi_engine::eval::symmetry::mirror_horizontal(1), 1 << 7);
/// ```
#[inline]
#[must_use]
pub fn mirror_horizontal(b: u64) -> u64 {
    let k1 = 0x5555_5555_5555_5555u64;
    let k2 = 0x3333_3333_3333_3333u64;
    let k4 = 0x0f0f_0f0f_0f0f_0f0fu64;
    let b = ((b >> 1) & k1) | ((b & k1) << 1);
    let b = ((b >> 2) & k2) | ((b & k2) << 2);
    ((b >> 4) & k4) | ((b & k4) << 4)
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
    let k1 = 0x5500_5500_5500_5500u64;
    let k2 = 0x3333_0000_3333_0000u64;
    let k4 = 0x0f0f_0f0f_0000_0000u64;
    let t = k4 & (b ^ (b << 28));
    let b = b ^ t ^ (t >> 28);
    let t = k2 & (b ^ (b << 14));
    let b = b ^ t ^ (t >> 14);
    let t = k1 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The `n`th of the 8 symmetries (`n` in 0..8; 0 is the identity): bit 0 reflects the
/// files, bit 1 the ranks, bit 2 in the a1-h8 diagonal (applied last).
#[must_use]
pub fn apply(n: u32, b: u64) -> u64 {
    let mut b = b;
    if n & 1 != 0 {
        b = mirror_horizontal(b);
    }
    if n & 2 != 0 {
        b = flip_vertical(b);
    }
    if n & 4 != 0 {
        b = flip_diagonal(b);
    }
    b
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
