//! Time management: when a timed search stops, and when it starts no new iteration.
//!
//! The clock starts when the search is asked for, except for the engine's first timed
//! search, whose clock starts when the engine was made if that was less than the time
//! given ago (a controller's clock for the first `go` may have started with the
//! program). The search starts no new iteration once [`SOFT_SHARE`] of the time has
//! passed, and stops wherever it is at [`HARD_SHARE`] of it less [`HARD_MARGIN`] (but
//! not before half of it).

use std::time::{Duration, Instant};

/// A timed search stops at this share of the time given, less [`HARD_MARGIN`] seconds
/// (but never before half of it), wherever it is: the rest covers unwinding, writing
/// the move, and a busy machine's delays.
const HARD_SHARE: f64 = 0.8;
/// Seconds kept back from the hard limit (two milliseconds).
const HARD_MARGIN: f64 = 0.002;
/// A timed search starts no new iteration once this share of the time given has passed:
/// the next one would take longer than what is left, and is usually cut at the hard
/// limit (its best move is kept only once one of its moves beat the previous best).
const SOFT_SHARE: f64 = 0.5;

/// When a search given `t` seconds stops, in seconds from its clock's start.
fn hard_limit(t: f64) -> f64 {
    (t * HARD_SHARE - HARD_MARGIN).max(t * 0.5)
}

/// The deadlines of a search given `time` (at most `max`) at `now`, its clock started
/// at `born` instead if that was less than the time ago: when it stops, and after when
/// it starts no new iteration.
pub(crate) fn deadlines(
    time: Duration,
    max: Duration,
    now: Instant,
    born: Option<Instant>,
) -> (Instant, Instant) {
    let time = time.min(max);
    let start = match born {
        Some(b) if now.duration_since(b) < time => b,
        _ => now,
    };
    let t = time.as_secs_f64();
    (
        start + Duration::from_secs_f64(hard_limit(t)),
        start + Duration::from_secs_f64(t * SOFT_SHARE),
    )
}
