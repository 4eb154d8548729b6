//! Time management: when a timed search stops, and how much of a game clock one move
//! gets.
//!
//! [`SearchLimits::time`](crate::SearchLimits::time) is a hard budget for the whole
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

/// The time to give one move (for [`SearchLimits::time`](crate::SearchLimits::time))
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

/// The exact solver's speed assumed to choose when to try it (nodes per second).
const SOLVER_NODES_PER_SECOND: f64 = 5e6;

/// The most empty squares the exact solver is tried at with a budget of `nodes` nodes:
/// 17 at half a million, one more for each doubling (within 14 and 30).
pub(super) fn empties_for_nodes(nodes: f64) -> u32 {
    if nodes <= 0.0 {
        return 14;
    }
    (17.0 + (nodes / 5e5).log2()).floor().clamp(14.0, 30.0) as u32
}

/// The most empty squares at which a search of `time` tries the exact solver first
/// (after a twentieth of the time of midgame search): 17 at 0.1 s, one more for each
/// doubling of the time (20 at 1 s), within 14 and 30. Up to three empties more, the
/// win/loss/draw solver goes first (after a fifth of the time), then the exact one.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::exact_empties;
/// assert_eq!(exact_empties(Duration::from_millis(100)), 17);
/// assert_eq!(exact_empties(Duration::from_secs(1)), 20);
/// assert_eq!(exact_empties(Duration::ZERO), 14);
/// ```
#[must_use]
pub fn exact_empties(time: Duration) -> u32 {
    empties_for_nodes(time.as_secs_f64() * SOLVER_NODES_PER_SECOND)
}

/// What a timed search does after its first midgame iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// The midgame search to the end of the time.
    Midgame,
    /// The exact solver.
    Exact,
    /// The win/loss/draw solver, then the exact one.
    WinLossDrawFirst,
}

/// The plan of a search of `time` and `nodes` at `empties` empty squares.
pub(super) fn endgame_plan(empties: u32, time: Duration, nodes: u64) -> Plan {
    let e = exact_empties(time).min(empties_for_nodes(nodes as f64));
    if empties <= e {
        Plan::Exact
    } else if empties <= e + 3 {
        Plan::WinLossDrawFirst
    } else {
        Plan::Midgame
    }
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

    #[test]
    fn endgame_plans_follow_time_and_nodes() {
        let s = Duration::from_secs;
        let ms = Duration::from_millis;
        assert_eq!(endgame_plan(20, s(1), u64::MAX), Plan::Exact);
        assert_eq!(endgame_plan(21, s(1), u64::MAX), Plan::WinLossDrawFirst);
        assert_eq!(endgame_plan(23, s(1), u64::MAX), Plan::WinLossDrawFirst);
        assert_eq!(endgame_plan(24, s(1), u64::MAX), Plan::Midgame);
        assert_eq!(endgame_plan(17, ms(100), u64::MAX), Plan::Exact);
        assert_eq!(endgame_plan(18, ms(100), u64::MAX), Plan::WinLossDrawFirst);
        // A node limit lowers the plan: 500 000 nodes is 17 empties.
        assert_eq!(endgame_plan(18, s(10), 500_000), Plan::WinLossDrawFirst);
        assert_eq!(endgame_plan(14, Duration::ZERO, 0), Plan::Exact);
        assert_eq!(endgame_plan(40, s(3600), u64::MAX), Plan::Midgame);
    }
}
