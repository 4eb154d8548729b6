#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

use std::io::Write;
use std::time::{Duration, Instant};

use congo::{IllegalMove, Move, Position, Rules};

mod deepening;
pub mod eval;
pub mod features;
mod ordering;
pub mod protocol;
mod quiesce;
mod score;
mod search;
mod time;
mod tt;
mod weights;

pub use protocol::{Command, EngineError, Reply};
pub use score::WIN;

/// The longest the engine searches, whatever time `go` gives (a year: larger times would
/// overflow the clock).
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// The deepest iteration the engine starts (a cap that is never reached in practice).
pub const MAX_DEPTH: u32 = 64;

/// The positions of the engine's speed benchmarks (`congo-tune bench`, `cargo bench -p
/// board-benches --bench engine`): the course's start, the standard start, four middle games and
/// two endings.
///
/// ```
/// for fen in congo_engine::BENCH_POSITIONS {
///     assert!(fen.parse::<congo::Position>().is_ok());
/// }
/// ```
pub const BENCH_POSITIONS: [&str; 8] = [
    "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0",
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "g1elecz/pp1pppp/2p4/1m5/3P3/PPP1PPP/GMELECZ w 2",
    "2el2z/p1ppp1p/1p3p1/7/2P1P2/PP1P1PP/2ELE1Z b 3",
    "gm1lec1/p1ppp1p/1p3pz/7/2P4/P1MPPPP/G1ELECZ w 4",
    "3le2/1pp2p1/p2p3/7/1P1PP2/P4PP/2EL2Z w 12",
    "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
    "2ml3/7/2p4/7/3P3/7/3LM2 w 30",
];

/// The transposition table has `2^TT_BITS` entries of 16 bytes (8 MiB).
const TT_BITS: u32 = 19;

/// The time [`SearchLimits::default`] gives a search: one second.
pub const DEFAULT_SEARCH_TIME: Duration = Duration::from_secs(1);

/// What ends [`Engine::search`]: whichever comes first.
///
/// The default is [`MAX_DEPTH`], no node limit and [`DEFAULT_SEARCH_TIME`];
/// [`SearchLimits::depth`], [`SearchLimits::nodes`] and [`SearchLimits::time`] give one
/// limit alone (deterministic for a depth or a node count).
///
/// ```
/// use congo_engine::{SearchLimits, MAX_DEPTH};
/// use std::time::Duration;
/// let limits = SearchLimits::default();
/// assert_eq!((limits.depth, limits.nodes), (MAX_DEPTH, u64::MAX));
/// assert_eq!(limits.time, Some(Duration::from_secs(1)));
/// let quick = SearchLimits { time: Some(Duration::from_millis(50)), ..SearchLimits::default() };
/// assert_eq!(SearchLimits::depth(5).time, None);
/// # let _ = quick;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration (1 to [`MAX_DEPTH`]; other values are clamped).
    pub depth: u32,
    /// Positions visited (the search stops within a few hundred of it).
    pub nodes: u64,
    /// The time, as for `go` (see [`Engine::go`]; `None`: no time limit).
    pub time: Option<Duration>,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            depth: MAX_DEPTH,
            nodes: u64::MAX,
            time: Some(DEFAULT_SEARCH_TIME),
        }
    }
}

impl SearchLimits {
    /// A search to `depth` plies, with no node or time limit.
    #[must_use]
    pub const fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth,
            nodes: u64::MAX,
            time: None,
        }
    }

    /// A search of about `nodes` positions (to at most [`MAX_DEPTH`]), with no time
    /// limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            depth: MAX_DEPTH,
            nodes,
            time: None,
        }
    }

    /// A search within `time` (to at most [`MAX_DEPTH`]), as for `go`.
    #[must_use]
    pub const fn time(time: Duration) -> SearchLimits {
        SearchLimits {
            depth: MAX_DEPTH,
            nodes: u64::MAX,
            time: Some(time),
        }
    }
}

/// The result of [`Engine::search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The move chosen.
    pub best_move: Move,
    /// Its score from the side to move's side, in centipawns ([`WIN`] less the plies to
    /// a lion capture for a won game); 0 if no iteration finished.
    pub score: i32,
    /// The last finished iteration (0: none, or the move was forced).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation: the expected line of play, starting with
    /// [`best_move`](SearchReport::best_move), at most [`depth`](SearchReport::depth)
    /// moves read back from the transposition table after the search (the best move
    /// alone if the table's line starts otherwise: no iteration finished, or an
    /// unfinished one found a better move).
    pub pv: Vec<Move>,
}

/// The engine: the current game (position and the keys of its earlier positions), the
/// search with its transposition table, and the protocol state.
///
/// Driven from code: [`Engine::set_position`], [`Engine::play`], [`Engine::search`].
/// Driven by protocol lines: [`Engine::handle_line`] (see [`protocol`]).
///
/// ```
/// use congo_engine::{Engine, Reply};
/// use congo::Rules;
/// let mut engine = Engine::new(Rules::FULL);
/// assert_eq!(engine.handle_line("position 3l3/7/7/7/7/7/3LZ2 w 0"), Ok(Reply::Silent));
/// // The lion capture along the open d-file wins at once.
/// let Ok(Reply::Move(mv)) = engine.handle_line("go 0.05") else { panic!() };
/// assert_eq!(mv.to_string(), "d1d7");
/// assert!(engine.handle_line("moves d1d7 d7d6").is_err()); // no move after the win
/// assert!(engine.handle_line("moves d1d7").is_err()); // nor any until a new position
/// assert_eq!(engine.handle_line("position 3l3/7/7/7/7/7/3LZ2 w 0"), Ok(Reply::Silent));
/// assert_eq!(engine.handle_line("moves d1d7"), Ok(Reply::Silent));
/// assert!(engine.handle_line("go 0.05").is_err());
/// ```
pub struct Engine {
    position: Position,
    /// The keys of the positions since the last `newgame` or `position`, the current
    /// one last.
    keys: Vec<u64>,
    searcher: search::Searcher,
    /// A `position` or `moves` line was rejected since the last good `newgame` or
    /// `position`: `go` and `moves` are refused ([`EngineError::NoPosition`]).
    lost: bool,
    /// When the engine was made, until the first timed search: a controller's clock
    /// for the first `go` may have started with the program.
    born: Option<Instant>,
}

impl Engine {
    /// An engine at the start position, making moves under `rules`, evaluating with its
    /// own tuned weights ([`eval`]).
    #[must_use]
    pub fn new(rules: Rules) -> Engine {
        // Before the table is allocated: that is start-up time too.
        let born = Instant::now();
        let position = Position::START;
        Engine {
            position,
            keys: vec![position.zobrist_key()],
            searcher: search::Searcher::new(rules, TT_BITS),
            lost: false,
            born: Some(born),
        }
    }

    /// Where each finished iteration writes `info depth D score S nodes N nps R time MS
    /// pv M ...` (one line; `None`, the default: nowhere). The `congo-engine` program's
    /// `--info` gives standard error.
    ///
    /// ```
    /// use congo_engine::{Engine, SearchLimits};
    /// use std::sync::{Arc, Mutex};
    /// /// A writer that keeps what it is given.
    /// #[derive(Clone, Default)]
    /// struct Shared(Arc<Mutex<Vec<u8>>>);
    /// impl std::io::Write for Shared {
    ///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
    ///         self.0.lock().unwrap().write(b)
    ///     }
    ///     fn flush(&mut self) -> std::io::Result<()> {
    ///         Ok(())
    ///     }
    /// }
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// let info = Shared::default();
    /// engine.set_info(Some(Box::new(info.clone())));
    /// engine.search(SearchLimits::depth(2))?;
    /// let text = String::from_utf8(info.0.lock().unwrap().clone())?;
    /// assert_eq!(text.lines().count(), 2);
    /// assert!(text.starts_with("info depth 1 score "));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_info(&mut self, out: Option<Box<dyn Write + Send>>) {
        self.searcher.info = out;
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Starts a game at `position`: its earlier positions are forgotten (they no longer
    /// count for repetitions), and the protocol's refusal after a rejected line ends.
    pub fn set_position(&mut self, position: Position) {
        self.position = position;
        self.keys = vec![position.zobrist_key()];
        self.lost = false;
    }

    /// Plays `mv` in the current position (checked: [`Position::play`]); the position
    /// before it counts for repetitions.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not legal here; nothing changes then.
    ///
    /// ```
    /// use congo_engine::Engine;
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// engine.play("d2d3".parse()?)?;
    /// assert!(engine.play("d3d4".parse()?).is_err()); // Black to move
    /// assert_eq!(engine.position().to_string(), "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position = self.position.play(mv, self.searcher.rules)?;
        self.keys.push(self.position.zobrist_key());
        Ok(())
    }

    /// Chooses a move for the current position within `time` (see the
    /// [`protocol`] for how much of it is used; at most [`MAX_SEARCH_TIME`]),
    /// without playing it.
    ///
    /// # Errors
    ///
    /// [`EngineError::GameOver`] when a lion is missing, [`EngineError::NoLegalMove`] when
    /// the side to move has no legal move.
    pub fn go(&mut self, time: Duration) -> Result<Move, EngineError> {
        self.think(SearchLimits::time(time)).map(|(mv, ..)| mv)
    }

    /// Searches the current position within `limits`, without playing the move found.
    ///
    /// # Errors
    ///
    /// As [`Engine::go`].
    ///
    /// ```
    /// use congo_engine::{Engine, SearchLimits};
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// let report = engine.search(SearchLimits::depth(3))?;
    /// assert_eq!(report.depth, 3);
    /// assert!(report.nodes > 0);
    /// assert!(!report.pv.is_empty() && report.pv.len() <= 3);
    /// # Ok::<_, congo_engine::EngineError>(())
    /// ```
    pub fn search(&mut self, limits: SearchLimits) -> Result<SearchReport, EngineError> {
        let (best_move, score, depth) = self.think(limits)?;
        let mut pv = self.searcher.pv(&self.position, depth);
        if pv.first() != Some(&best_move) {
            pv = vec![best_move];
        }
        Ok(SearchReport {
            best_move,
            score,
            depth: depth as u32,
            nodes: self.searcher.nodes,
            pv,
        })
    }

    /// The search of [`Engine::search`]: the best move, its score and the depth.
    fn think(&mut self, limits: SearchLimits) -> Result<(Move, i32, i32), EngineError> {
        if let Some(outcome) = self.position.outcome() {
            return Err(EngineError::GameOver { outcome });
        }
        // The positions before this one: the search adds its own key.
        let keys = &mut self.searcher.keys;
        keys.clear();
        keys.extend_from_slice(&self.keys[..self.keys.len() - 1]);
        // For the first timed search, the clock may start at the engine's creation.
        let deadlines = limits.time.map(|t| {
            let born = self.born.take();
            time::deadlines(t, MAX_SEARCH_TIME, Instant::now(), born)
        });
        let depth = limits.depth.clamp(1, MAX_DEPTH) as i32;
        self.searcher
            .think(&self.position, deadlines, limits.nodes, depth)
            .ok_or(EngineError::NoLegalMove)
    }

    /// The score of the current position for the side to move after the captures
    /// settle (the quiescence search), in centipawns; for tuning, where a position whose
    /// score differs from its [`eval::evaluate_position`] is not quiet.
    ///
    /// ```
    /// use congo_engine::Engine;
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// assert_eq!(engine.quiet_score(), congo_engine::eval::evaluate_position(engine.position()));
    /// ```
    pub fn quiet_score(&mut self) -> i32 {
        let position = self.position;
        self.searcher.quiet_score(&position)
    }
}
