//! Time management: when a timed search stops, when it starts no new iteration, and how
//! much of a game clock one move gets.
//!
//! [`SearchLimits::time`](super::SearchLimits::time) is a hard budget for the whole
//! search: the search stops at [`HARD_SHARE`] of it less [`HARD_MARGIN`] wherever it is
//! (the rest covers unwinding, writing the move and a busy machine's delays), and starts
//! a new iteration only when the last one, grown by the iterations' measured growth,
//! would still end before that, or in the first third of the time.

use std::time::Duration;

/// A timed search stops at this share of the time given, less [`HARD_MARGIN`].
const HARD_SHARE: f64 = 0.92;
/// Kept back from the hard limit: one millisecond.
const HARD_MARGIN: Duration = Duration::from_millis(1);

/// When a search given `time` stops, from its start.
pub(crate) fn hard_limit(time: Duration) -> Duration {
    time.mul_f64(HARD_SHARE).saturating_sub(HARD_MARGIN)
}

/// Whether an iteration that would take about `next` more can start at `elapsed`, when
/// the search stops at `hard`: when it would end in time, or in the first third of the
/// time whatever the estimate (on a busy machine an iteration's time says little about
/// the next one's; an unfinished iteration costs nothing but may prove a better move).
pub(crate) fn can_start(elapsed: Duration, next: Duration, hard: Duration) -> bool {
    elapsed + next <= hard || elapsed <= hard / 3
}

/// The time ratio of an iteration to the one before it that the next one is expected to
/// have, from the last two iterations' times (within 1.5 and 4; 3 without a measure).
pub(crate) fn growth(last: Duration, before: Duration) -> f64 {
    if before.as_micros() < 50 || last.as_micros() < 50 {
        return 3.0;
    }
    (last.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 4.0)
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
    fn growth_is_measured_and_bounded() {
        let ms = Duration::from_millis;
        assert_eq!(growth(ms(30), ms(10)), 3.0);
        assert_eq!(growth(ms(10), ms(10)), 1.5);
        assert_eq!(growth(ms(100), ms(1)), 4.0);
        assert_eq!(growth(ms(0), ms(0)), 3.0);
        assert!(can_start(ms(10), ms(20), ms(30)));
        assert!(!can_start(ms(11), ms(20), ms(30)));
        assert!(can_start(ms(10), ms(100), ms(30)), "the first third");
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
