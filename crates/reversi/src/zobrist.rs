//! Zobrist keys: one random `u64` per (colour, square) and one for White to move, from a
//! fixed-seed generator ([`grid::split_mix64`]) evaluated at compile time, so keys are the same in every build
//! and on every platform.

use grid::split_mix64;

use crate::color::Color;

/// The keys of a disc on each square (the square index, a1 = 0), Black's then White's.
const fn disc_keys() -> [[u64; 64]; 2] {
    let mut keys = [[0; 64]; 2];
    // Seed: the digits of pi's fractional part in hex (any fixed value would do).
    let mut state = 0x243F_6A88_85A3_08D3;
    let mut color = 0;
    while color < 2 {
        let mut square = 0;
        while square < 64 {
            let (new_state, key) = split_mix64(state);
            state = new_state;
            keys[color][square] = key;
            square += 1;
        }
        color += 1;
    }
    keys
}

/// `DISC[color][square]`: Black = 0, White = 1.
pub(crate) const DISC: [[u64; 64]; 2] = disc_keys();

/// Toggled when White is to move (the key after a pass differs from the key before).
pub(crate) const WHITE_TO_MOVE: u64 = split_mix64(split_mix64(0x243F_6A88_85A3_08D3).0 ^ 1).1;

/// Toggling a disc from one colour to the other: both colours' keys of the square.
pub(crate) const fn flip(square: u32) -> u64 {
    DISC[0][square as usize & 63] ^ DISC[1][square as usize & 63]
}

/// The key of a disc of `color` on `square`.
pub(crate) const fn disc(color: Color, square: u32) -> u64 {
    DISC[color as usize][square as usize & 63]
}

/// The side-to-move part of a key.
pub(crate) const fn side(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => WHITE_TO_MOVE,
    }
}

/// The key of the discs `black` and `white` (raw bitboards) with `side_to_move`: a
/// loop over the discs (set bits), not over the 64 squares, so no branch depends on
/// where the discs are (the WTHOR reader computes it once a game).
pub(crate) const fn key(black: u64, white: u64, side_to_move: Color) -> u64 {
    let mut key = side(side_to_move);
    let mut bits = black;
    while bits != 0 {
        key ^= DISC[0][bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    let mut bits = white;
    while bits != 0 {
        key ^= DISC[1][bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 129 keys are distinct and none is zero (a zero key would make a disc
    /// invisible to the hash).
    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = DISC.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 129);
    }
}
