//! Time management: when a timed search stops, and how much of a game clock one move
//! gets.
//!
//! [`SearchLimits::time`](super::SearchLimits::time) is a hard budget for the whole
//! search: the search stops at [`HARD_SHARE`] of it less [`HARD_MARGIN`] wherever it is
//! (the rest covers unwinding, writing the move and a busy machine's delays). Until then
//! it deepens: the iteration the stop cuts keeps its move only when proven better than
//! the last finished one's.

use std::time::Duration;

/// A timed search stops at this share of the time given, less [`HARD_MARGIN`].
const HARD_SHARE: f64 = 0.92;
/// Kept back from the hard limit: one millisecond.
const HARD_MARGIN: Duration = Duration::from_millis(1);

/// When a search given `time` stops, from its start.
pub(crate) fn hard_limit(time: Duration) -> Duration {
    time.mul_f64(HARD_SHARE).saturating_sub(HARD_MARGIN)
}

/// The time to give one move (for [`SearchLimits::time`](super::SearchLimits::time))
/// from a game clock: `remaining` main time for the rest of the game, `per_move` the
/// byo-yomi time each move gets once (or besides) the main time (GTP's
/// `time_settings M T 1`: `T`), `empties` the empty squares of the board.
///
/// The main time is shared between the mover's moves still to come, counting those of
/// the last 12 empties (which the exact solver plays quickly) as one: a share of
/// `remaining / max(1, (empties - 12) / 2 + 1)`; the byo-yomi time is added whole.
/// Without main time and byo-yomi it is zero.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::move_budget;
/// // GTP `time_settings 0 1 1`: no main time, one second a move.
/// assert_eq!(move_budget(Duration::ZERO, Some(Duration::from_secs(1)), 40), Duration::from_secs(1));
/// // 5 minutes for the game, 60 empties: 25 moves to share them.
/// assert_eq!(move_budget(Duration::from_secs(300), None, 60), Duration::from_secs(12));
/// // Near the end the share grows, but never beyond the time left.
/// assert!(move_budget(Duration::from_secs(2), None, 8) <= Duration::from_secs(2));
/// ```
#[must_use]
pub fn move_budget(remaining: Duration, per_move: Option<Duration>, empties: u32) -> Duration {
    let moves = empties.saturating_sub(12) / 2 + 1;
    remaining / moves + per_move.unwrap_or(Duration::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_limit_keeps_a_margin() {
        assert_eq!(
            hard_limit(Duration::from_secs(1)),
            Duration::from_millis(919)
        );
        assert_eq!(hard_limit(Duration::ZERO), Duration::ZERO);
        assert!(hard_limit(Duration::from_millis(100)) < Duration::from_millis(100));
    }

    #[test]
    fn budget_shares_the_main_time() {
        let s = Duration::from_secs;
        assert_eq!(move_budget(s(0), None, 30), s(0));
        assert_eq!(
            move_budget(s(10), None, 12),
            s(10),
            "the last 12 empties count as one move"
        );
        assert_eq!(move_budget(s(10), Some(s(1)), 14), s(6));
    }
}
