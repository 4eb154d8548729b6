//! A provisional hand-set evaluation (mobility, potential mobility, corners, the squares
//! next to empty corners), used until the crate's pattern evaluation (`crate::eval`) is
//! merged; the same contract: the predicted final disc difference for the side to move,
//! times [`SCALE`], within `(-64 * SCALE, 64 * SCALE)`.

use reversi::kernel;

/// Evaluation units per disc.
pub(crate) const SCALE: i32 = 128;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The X squares (b2, g2, b7, g7).
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// The provisional evaluation of `player` (to move) against `opponent`.
pub(crate) fn evaluate(player: u64, opponent: u64) -> i32 {
    let empty = !(player | opponent);
    let mp = kernel::moves(player, opponent).count_ones() as i32;
    let mo = kernel::moves(opponent, player).count_ones() as i32;
    let pot_p = (kernel::neighbours(opponent) & empty).count_ones() as i32;
    let pot_o = (kernel::neighbours(player) & empty).count_ones() as i32;
    let cp = (player & CORNERS).count_ones() as i32;
    let co = (opponent & CORNERS).count_ones() as i32;
    // X squares count against their owner only while the corner next to them is empty.
    let open_x = X_SQUARES & kernel::neighbours(CORNERS & empty);
    let xp = (player & open_x).count_ones() as i32;
    let xo = (opponent & open_x).count_ones() as i32;
    let v = 3 * (mp - mo) * SCALE / 2 + (pot_p - pot_o) * SCALE / 2 + 8 * (cp - co) * SCALE
        - 4 * (xp - xo) * SCALE;
    v.clamp(-64 * SCALE + 1, 64 * SCALE - 1)
}
