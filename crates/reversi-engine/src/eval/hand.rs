//! The hand-set evaluation: mobility, potential mobility, corners, X and C squares,
//! parity. A baseline and a fallback; not fitted to data.

use reversi::kernel;

use super::scale::{clamp, SCALE};

/// The corners a1, h1, a8, h8.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Per corner (a1, h1, a8, h8): the corner, its X square (diagonal neighbour) and its two
/// C squares (edge neighbours).
const CORNER_SQUARES: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, 1 << 1 | 1 << 8),
    (1 << 7, 1 << 14, 1 << 6 | 1 << 15),
    (1 << 56, 1 << 49, 1 << 57 | 1 << 48),
    (1 << 63, 1 << 54, 1 << 62 | 1 << 55),
];

/// Weights of the terms, in evaluation units ([`SCALE`] per disc).
const MOBILITY: i32 = SCALE * 3 / 4;
const POTENTIAL: i32 = SCALE / 4;
const CORNER: i32 = SCALE * 6;
const X_SQUARE: i32 = SCALE * 5 / 2;
const C_SQUARE: i32 = SCALE;
const PARITY: i32 = SCALE / 2;

/// The hand-set evaluation of `player` (to move) against `opponent`, in units of
/// [`SCALE`] per disc, clamped like [`evaluate`](super::evaluate).
#[must_use]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    let empty = !(player | opponent);
    let mobility = kernel::moves(player, opponent).count_ones() as i32
        - kernel::moves(opponent, player).count_ones() as i32;
    let potential = (kernel::neighbours(opponent) & empty).count_ones() as i32
        - (kernel::neighbours(player) & empty).count_ones() as i32;
    let corners = (player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32;
    let mut x = 0;
    let mut c = 0;
    for &(corner, x_square, c_squares) in &CORNER_SQUARES {
        if empty & corner != 0 {
            x +=
                (player & x_square).count_ones() as i32 - (opponent & x_square).count_ones() as i32;
            c += (player & c_squares).count_ones() as i32
                - (opponent & c_squares).count_ones() as i32;
        }
    }
    let parity = if empty.count_ones() % 2 == 1 {
        PARITY
    } else {
        -PARITY
    };
    clamp(
        MOBILITY * mobility + POTENTIAL * potential + CORNER * corners
            - X_SQUARE * x
            - C_SQUARE * c
            + parity,
    )
}

/// The mobility-only baseline: the difference in legal moves, [`SCALE`] units per move
/// (the comparison for the evaluation's error).
#[must_use]
pub fn mobility_only(player: u64, opponent: u64) -> i32 {
    let mobility = kernel::moves(player, opponent).count_ones() as i32
        - kernel::moves(opponent, player).count_ones() as i32;
    clamp(SCALE * mobility)
}
