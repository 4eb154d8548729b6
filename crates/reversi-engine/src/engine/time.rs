//! Time management: when a timed search stops, and how much of a game clock one move
//! gets.
//!
//! [`SearchLimits::time`](crate::SearchLimits::time) is a hard budget for the whole
//! search: the search stops at [`HARD_SHARE`] of it less [`HARD_MARGIN`] wherever it is
//! (the rest covers unwinding, writing the move and a busy machine's delays). Until then
//! it deepens: the iteration the stop cuts keeps its move only when proven better than
//! the last finished one's. With a soft budget as well
//! ([`SearchLimits::target`](crate::SearchLimits::target), a game clock's share) the
//! midgame stops at the soft budget instead, stretched by [`Pace`] after an iteration
//! that changed its mind.

use std::time::{Duration, Instant};

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

/// The hard limit of a move whose share of a game clock is `target` (`move_budget`),
/// with `remaining` main time left, `per_move` byo-yomi time and `empties` empty
/// squares: three times the share, at most a quarter of the main time left (plus the
/// byo-yomi time), at least the share. The search aims at the share
/// ([`SearchLimits::target`](crate::SearchLimits::target)) and goes past it only when the
/// position asks for it. Near the end the exact solve starts as early as the clock
/// allows: where half the main time left lets the solvers try the position
/// (`exact_empties`, and up to three empties more for the win/loss/draw solver first),
/// the limit is at least that half.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::{move_budget, move_hard_limit};
/// let s = Duration::from_secs;
/// // 5 minutes, 60 empties: a share of 12 s, up to 36 s.
/// assert_eq!(move_hard_limit(move_budget(s(300), None, 60), s(300), None, 60), s(36));
/// // 20 s left at 40 empties: a share of 2 s (10 moves), up to a quarter of what is left.
/// assert_eq!(move_hard_limit(s(2), s(20), None, 40), s(5));
/// // 20 s left at 24 empties: 10 s is enough to try the solvers.
/// assert_eq!(move_hard_limit(s(2), s(20), None, 24), s(10));
/// // The last moves share nothing: the limit is the share.
/// assert_eq!(move_hard_limit(s(8), s(8), None, 12), s(8));
/// ```
#[must_use]
pub fn move_hard_limit(
    target: Duration,
    remaining: Duration,
    per_move: Option<Duration>,
    empties: u32,
) -> Duration {
    let per_move = per_move.unwrap_or(Duration::ZERO);
    let limit = (target * 3).min(remaining / 4 + per_move).max(target);
    let half = remaining / 2 + per_move;
    if empties <= exact_empties(half) + 3 {
        limit.max(half)
    } else {
        limit
    }
}

/// The pace of a midgame search with a soft budget
/// ([`SearchLimits::target`](crate::SearchLimits::target)): when it stops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pace {
    /// When the search started.
    pub(crate) start: Instant,
    /// The soft budget.
    pub(crate) target: Duration,
    /// The hard deadline.
    pub(crate) hard: Instant,
}

/// What a finished iteration that changed its best move adds to the stretch.
const STRETCH_CHANGED: f64 = 0.5;
/// What a finished iteration whose score fell by [`FALL`] or more adds to the stretch.
const STRETCH_FELL: f64 = 0.5;
/// A fall of the score that stretches the time: two discs, in evaluation units.
pub(crate) const FALL: i32 = 2 * crate::eval::SCALE;

impl Pace {
    /// How far past the target the search may go after an iteration that `changed` its
    /// best move and whose score `fell`: 1, plus a half for each.
    pub(crate) fn stretch(changed: bool, fell: bool) -> f64 {
        1.0 + if changed { STRETCH_CHANGED } else { 0.0 } + if fell { STRETCH_FELL } else { 0.0 }
    }

    /// When the search under `stretch` stops: at the stretched target, before the hard
    /// deadline (it deepens until then, as a search with a fixed time does).
    pub(crate) fn deadline(&self, stretch: f64) -> Instant {
        (self.start + self.target.mul_f64(stretch)).min(self.hard)
    }
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
    fn the_pace_stretches_with_a_changed_move_and_a_falling_score() {
        let ms = Duration::from_millis;
        let start = Instant::now();
        let pace = Pace {
            start,
            target: ms(100),
            hard: start + ms(200),
        };
        assert_eq!(Pace::stretch(false, false), 1.0);
        assert_eq!(Pace::stretch(true, true), 2.0);
        // The search stops at the stretched target, never past the hard deadline.
        assert_eq!(pace.deadline(1.0), start + ms(100));
        assert_eq!(pace.deadline(1.5), start + ms(150));
        assert_eq!(pace.deadline(2.5), start + ms(200));
    }

    #[test]
    fn the_hard_limit_is_between_the_share_and_three_times_it() {
        let s = Duration::from_secs;
        assert_eq!(move_hard_limit(s(1), s(100), None, 50), s(3));
        assert_eq!(move_hard_limit(s(1), s(8), None, 50), s(2));
        assert_eq!(move_hard_limit(s(1), s(2), None, 50), s(1));
        assert_eq!(move_hard_limit(s(1), s(8), Some(s(1)), 50), s(3));
    }

    #[test]
    fn the_hard_limit_near_the_end_lets_the_solvers_start() {
        let s = Duration::from_secs;
        // 4 s left: half of it lets the solvers try 21 empties exactly, 24 with the
        // win/loss/draw solver first.
        assert_eq!(exact_empties(s(2)), 21);
        assert_eq!(move_hard_limit(s(1), s(4), None, 24), s(2));
        assert_eq!(move_hard_limit(s(1), s(4), None, 25), s(1));
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
