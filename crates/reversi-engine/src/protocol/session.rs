//! What the sessions share: the engine's name, a command's flow, the program's limits,
//! and the helpers both protocols' sessions use.

use std::time::Duration;

use reversi::{Board, Color, Ply};

/// The name the engine gives itself (GTP `name`, NBoard `set myname`).
pub const NAME: &str = "reversi-engine";

/// What a session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// The session is over (`quit`).
    Quit,
}

/// The limits a session's searches start from (the program's options): a depth cap and
/// a node cap for every search, and a move time: in GTP the time a move gets when the
/// controller gives no clock, in NBoard a cap on every move's time (`None`: no time
/// limit then, or no cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defaults {
    /// At most this many plies (GTP); NBoard's `set depth` is capped by it too.
    pub depth: Option<u32>,
    /// At most about this many nodes a search.
    pub nodes: Option<u64>,
    /// GTP: the time a move gets without a clock; NBoard: the most a move gets.
    pub move_time: Option<Duration>,
}

/// The budget handed to the engine for `budget` of clock: a margin for reading the
/// command and writing the answer kept back (a tenth, at most 20 ms).
pub(super) fn with_margin(budget: Duration) -> Duration {
    budget - (budget / 10).min(Duration::from_millis(20))
}

/// The longest clock a protocol's time is read as: a year (365 days). A game clock
/// cannot give more in practice, and the search's deadlines (now plus a share of the
/// clock) stay far from where `Instant` arithmetic overflows.
const LONGEST_CLOCK: f64 = 365.0 * 86_400.0;

/// `seconds` of a protocol's clock (GTP `time_settings`, `time_left`, NBoard's `TI` and
/// moves' seconds) as a `Duration`: a negative or NaN value (the parsers refuse them) is
/// zero, and more than a year ([`LONGEST_CLOCK`], infinity included) is a year, where
/// `Duration::from_secs_f64` would panic above about 1.8e19.
pub(super) fn clock_duration(seconds: f64) -> Duration {
    if seconds > 0.0 {
        Duration::from_secs_f64(seconds.min(LONGEST_CLOCK))
    } else {
        Duration::ZERO
    }
}

/// The smaller of two optional limits.
pub(super) fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The plies that play `ply` for `color` on `board`: the ply, after a pass of the side
/// to move when it is the other colour and must pass (so a controller may leave passes
/// out). `None` when `color` cannot play it.
pub(super) fn plies_for(board: &Board, color: Color, ply: Ply) -> Option<(Vec<Ply>, Board)> {
    let mut plies = Vec::new();
    let mut board = *board;
    if color != board.side_to_move() {
        if ply == Ply::Pass || !board.must_pass() {
            return None;
        }
        board = board.pass().ok()?;
        plies.push(Ply::Pass);
    }
    board = board.play_ply(ply).ok()?;
    plies.push(ply);
    Some((plies, board))
}
