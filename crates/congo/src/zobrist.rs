//! Zobrist keys: one fixed random 64-bit number per (colour, kind, square) and one for
//! Black to move, built at compile time from a seeded SplitMix64 generator ([`grid::split_mix64`]). A position's
//! key is the XOR of the numbers of its pieces, and of the side number when Black is to
//! move; [`Position::play_unchecked`](crate::Position::play_unchecked) updates it with the XORs of what changed.

use grid::split_mix64;

use crate::board::SQUARES;
use crate::piece::ByColor;

/// The generator's seed (the first digits of pi, in hexadecimal).
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// The keys: `PIECES[color][role][square index]`, then the side key.
const fn keys() -> ([[[u64; SQUARES]; 8]; 2], u64) {
    let mut pieces = [[[0u64; SQUARES]; 8]; 2];
    let mut state = SEED;
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 8 {
            let mut sq = 0;
            while sq < SQUARES {
                let (next, key) = split_mix64(state);
                state = next;
                pieces[color][role][sq] = key;
                sq += 1;
            }
            role += 1;
        }
        color += 1;
    }
    let (_, side) = split_mix64(state);
    (pieces, side)
}

const KEYS: ([[[u64; SQUARES]; 8]; 2], u64) = keys();
/// The key of each (colour index, role index, square index).
pub(crate) const PIECE_KEYS: [[[u64; SQUARES]; 8]; 2] = KEYS.0;
/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = KEYS.1;

/// The key of a placement and side to move, from scratch.
pub(crate) const fn key_of(
    by_role: &[u64; 8],
    by_color: &ByColor<u64>,
    black_to_move: bool,
) -> u64 {
    let mut key = if black_to_move { BLACK_TO_MOVE } else { 0 };
    let colors = [by_color.white, by_color.black];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 8 {
            let mut bits = by_role[role] & colors[color];
            while bits != 0 {
                key ^= PIECE_KEYS[color][role][bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            role += 1;
        }
        color += 1;
    }
    key
}

/// The XOR of the keys of `color`'s pieces of every kind on `squares` in `by_role`.
#[inline]
pub(crate) fn keys_on(by_role: &[u64; 8], color: usize, squares: u64) -> u64 {
    let mut key = 0;
    for (role, &bb) in by_role.iter().enumerate() {
        let mut bits = bb & squares;
        while bits != 0 {
            key ^= PIECE_KEYS[color][role][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = PIECE_KEYS.iter().flatten().flatten().copied().collect();
        all.push(BLACK_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * 8 * SQUARES + 1);
    }
}
