//! Stable discs: discs no sequence of moves can flip, found from the edges inward. A
//! lower bound of the stable discs of one side gives an upper bound on the other side's
//! final score (`64 - 2 * stable`), the solver's stability cutoff.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const NOT_A: u64 = !FILE_A;
const NOT_H: u64 = !FILE_H;
const BORDER: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The squares of the 15 diagonals of each direction (`a1-h8` style, then `h1-a8`).
const fn diagonals() -> [[u64; 15]; 2] {
    let mut masks = [[0u64; 15]; 2];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        masks[0][file + 7 - rank] |= 1 << square;
        masks[1][file + rank] |= 1 << square;
        square += 1;
    }
    masks
}

const DIAGONALS: [[u64; 15]; 2] = diagonals();

/// The squares whose whole line along each axis is filled: ranks, files, and the two
/// diagonal directions. No move can be made on a full line, so no disc on it flips
/// along that line.
#[inline(always)]
fn full_lines(filled: u64) -> [u64; 4] {
    let mut h = filled & (filled >> 4);
    h &= h >> 2;
    h &= h >> 1;
    let h = (h & FILE_A) * 0xFF;
    let mut v = filled & (filled >> 32);
    v &= v >> 16;
    v &= v >> 8;
    let v = (v & RANK_1) * FILE_A;
    let mut d9 = 0;
    let mut d7 = 0;
    let mut i = 0;
    while i < 15 {
        let m = DIAGONALS[0][i];
        if filled & m == m {
            d9 |= m;
        }
        let m = DIAGONALS[1][i];
        if filled & m == m {
            d7 |= m;
        }
        i += 1;
    }
    [h, v, d9, d7]
}

/// A subset of `own`'s stable discs (against `other`): a disc is stable when, on each
/// of the 4 axes, its line is full, or it is on the board's edge across that axis, or a
/// neighbour along the axis is a stable disc of its colour (then any run through it
/// would also take that neighbour, which never flips). Grown from the corners until
/// nothing changes.
#[must_use]
#[inline(always)]
pub(crate) fn stable_discs(own: u64, other: u64) -> u64 {
    let [full_h, full_v, full_d9, full_d7] = full_lines(own | other);
    let h0 = full_h | FILE_A | FILE_H;
    let v0 = full_v | RANK_1 | RANK_8;
    let d90 = full_d9 | BORDER;
    let d70 = full_d7 | BORDER;
    let mut stable = own & h0 & v0 & d90 & d70;
    if stable == 0 {
        return 0;
    }
    loop {
        let h = h0 | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = v0 | (stable << 8) | (stable >> 8);
        let d9 = d90 | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let d7 = d70 | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let grown = own & h & v & d9 & d7;
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// The alpha from which the stability cutoff is tried at `n` empty squares: a side has
/// few stable discs early, so only a high alpha can be cut there.
#[inline]
pub(crate) fn stability_threshold(n: u32) -> i32 {
    // With n empties, the opponent keeps at most 64 - n discs; cutting needs
    // 64 - 2 * stable <= alpha. Stable discs beyond ~n/2 .. are rare: tuned by node counts.
    match n {
        0..=11 => 8,
        12..=15 => 16,
        16..=20 => 24,
        _ => 32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_edges_from_them() {
        // Own a1, b1, c1 (a run from the corner), e1 alone; other d1.
        let own = 0b1_0111;
        let other = 0b1000;
        assert_eq!(stable_discs(own, other), 0b0111);
        assert_eq!(stable_discs(0, 0), 0);
    }

    #[test]
    fn full_board_is_all_stable() {
        let own = 0x00FF_00FF_00FF_00FF;
        assert_eq!(stable_discs(own, !own), own);
    }

    #[test]
    fn a_lone_inner_disc_is_not_stable() {
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
    }

    #[test]
    fn diagonal_masks_cover_the_board_once() {
        for dir in DIAGONALS {
            assert_eq!(dir.iter().fold(0, |a, m| a | m), u64::MAX);
            assert_eq!(dir.iter().map(|m| m.count_ones()).sum::<u32>(), 64);
        }
        assert_eq!(DIAGONALS[0][7], 0x8040_2010_0804_0201, "a1-h8");
        assert_eq!(DIAGONALS[1][7], 0x0102_0408_1020_4080, "h1-a8");
    }
}
