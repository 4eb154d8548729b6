//! The engine protocol of the assignment's bonus part: a line-based conversation in which
//! the engine answers each `go` with one legal move.
//!
//! # Protocol
//!
//! One command per line; leading and trailing whitespace (CR included) is ignored, blank
//! lines are ignored, words are separated by ASCII whitespace, commands are lower case.
//!
//! | command | effect | output |
//! |---|---|---|
//! | `newgame` | the position becomes the start position | none |
//! | `position <fen>` | the position becomes `<fen>` (placement, side, move number) | none |
//! | `moves <m1> <m2> ...` | plays the moves, in order, from the current position (none is fine) | none |
//! | `go <seconds>` | searches the current position | one line: the chosen move, e.g. `d2d3` |
//! | `quit` | ends the conversation (so does the end of input) | none |
//!
//! The engine starts at the start position. `go` does not change the position: the
//! controller reports the moves actually played with `moves`. The move is chosen by the
//! engine's own search (`engine/search.rs`: iterative-deepening principal-variation
//! search with a transposition table and a quiescence search) on its own tuned
//! evaluation ([`eval`]); the Part IV/V evaluations and searches are not used.
//!
//! Time: the clock starts when the `go` line is handled, except for the engine's first
//! timed search, whose clock starts when the engine was made if that was less than the
//! time given ago (a controller's clock for the first `go` may have started with the
//! program, and the line may have waited while the program started). The search starts
//! no new iteration once half of the time has passed, and stops wherever it is at 80%
//! of it less 2 ms (but not before half of it). So `go 0.1` answers after 50 to 78 ms,
//! and `go 0.01` after 5 to 6 ms, unless a won or lost game is found sooner. A legal
//! move is always ready (the first in ordering before depth 1 completes). The positions
//! of the game since the last `newgame` or `position`
//! count for repetitions: a repeated position is a draw to the search.
//!
//! Known limit: the time bound assumes the side to move's moves can be listed quickly.
//! In positions with far more pieces than a game can have (a monkey inside a lattice of
//! about 30 enemy pieces, e.g. `1p1p1p1/ppplppp/1p1p1p1/ppppppp/1p1p1p1/pppLppp/Mp1p1p1 w 0`)
//! the monkey has billions of distinct jump paths, and listing them alone outlasts any
//! reasonable time; with the pieces of a real game (at most 14 a side) the listings
//! measured stay in the hundreds of moves.
//!
//! # Bad lines
//!
//! A bad line is rejected as a whole, leaves the engine's state unchanged, prints nothing
//! on the output, and is reported as an [`EngineError`] (the `congo-engine` program writes
//! `line N: <error>` on standard error, goes on with the next line, and exits with status
//! 1 at the end). Bad lines are:
//!
//! - an unknown command, or arguments where none are expected (`newgame x`);
//! - `position` with a missing or bad FEN;
//! - `moves` with a malformed or illegal move: none of the line's moves is played, and the
//!   error names the move's 1-based index on the line;
//! - `go` with a missing, non-numeric, non-finite or non-positive time, or extra words;
//! - `go` when the game is over (a lion has been captured) or the side to move has no
//!   legal move: there is no move to answer with;
//! - `go` and `moves` after a rejected `position` or `moves` line, until a good `newgame`
//!   or `position`: the controller's position is not the engine's, and a move for the
//!   engine's would be an answer to a question not asked.

use std::str::FromStr;
use std::time::{Duration, Instant};

use grid::excerpt;
use thiserror::Error;

use crate::fen::ParseFenError;
use crate::moves::Move;
use crate::play::IllegalMove;
use crate::position::Position;
use crate::rules::{Outcome, Rules};

pub mod eval;
mod search;
mod tt;
mod weights;

pub use search::WIN;

/// The longest the engine searches, whatever time `go` gives (a year: larger times would
/// overflow the clock).
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// The deepest iteration the engine starts (a cap that is never reached in practice).
pub const MAX_DEPTH: u32 = 64;

/// The positions of the engine's speed benchmarks (`congo-tune bench`, `cargo bench -p
/// congo --bench engine`): the course's start, the standard start, four middle games and
/// two endings.
///
/// ```
/// for fen in congo::engine::BENCH_POSITIONS {
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

/// Why a protocol line was rejected. The engine's state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The first word is not a command of the protocol.
    #[error("unknown command \"{command}\" (expected newgame, position, moves, go or quit)")]
    UnknownCommand {
        /// The first word of the line (escaped, at most 40 characters: see
        /// [`grid::excerpt`]).
        command: String,
    },
    /// A command that takes no arguments was given some.
    #[error("{command} takes no arguments, found \"{found}\"")]
    UnexpectedArguments {
        /// The command.
        command: &'static str,
        /// The rest of the line (escaped, at most 40 characters).
        found: String,
    },
    /// `position` without a FEN.
    #[error("position needs a FEN")]
    MissingFen,
    /// `position` with a FEN that cannot be read.
    #[error("bad FEN: {0}")]
    BadFen(#[from] ParseFenError),
    /// A move of a `moves` line is malformed or illegal; no move of the line was played.
    #[error("move {index} ({text}): {source}")]
    BadMove {
        /// 1-based index of the move on the line.
        index: usize,
        /// The move as written (at most 40 characters).
        text: String,
        /// Why it cannot be played.
        #[source]
        source: IllegalMove,
    },
    /// `go` without a time.
    #[error("go needs a time in seconds")]
    MissingTime,
    /// `go` with a time that is not a positive, finite number of seconds.
    #[error("bad time \"{text}\": expected a positive number of seconds")]
    BadTime {
        /// The time as written, with any extra words (escaped, at most 40 characters).
        text: String,
    },
    /// `go` in a finished game.
    #[error("no move to play: the game is over ({outcome})")]
    GameOver {
        /// Who won.
        outcome: Outcome,
    },
    /// `go` when the side to move has no legal move (it has lost; no passing).
    #[error("no move to play: the side to move has no legal move")]
    NoLegalMove,
    /// `go` or `moves` after a rejected `position` or `moves` line.
    #[error("no position: a position or moves line was rejected; send newgame or position")]
    NoPosition,
}

/// A protocol command, read from one line.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `newgame`.
    NewGame,
    /// `position <fen>`.
    Position(Position),
    /// `moves <m1> <m2> ...`, as written (legality is checked when they are played).
    Moves(Vec<String>),
    /// `go <seconds>`.
    Go(Duration),
    /// `quit`.
    Quit,
}

impl FromStr for Command {
    type Err = EngineError;

    /// Reads one protocol line (not blank).
    ///
    /// # Errors
    ///
    /// [`EngineError`]: unknown command, unexpected arguments, missing or bad FEN,
    /// missing or bad time.
    ///
    /// ```
    /// use congo::engine::{Command, EngineError};
    /// use std::time::Duration;
    /// assert_eq!("go 0.25".parse(), Ok(Command::Go(Duration::from_millis(250))));
    /// assert_eq!("moves d2d3 d6d5".parse(), Ok(Command::Moves(vec!["d2d3".into(), "d6d5".into()])));
    /// assert!(matches!("play d2d3".parse::<Command>(), Err(EngineError::UnknownCommand { .. })));
    /// assert!(matches!("go -1".parse::<Command>(), Err(EngineError::BadTime { .. })));
    /// ```
    fn from_str(line: &str) -> Result<Command, EngineError> {
        let line = line.trim();
        let (command, rest) = match line.find(|c: char| c.is_ascii_whitespace()) {
            Some(i) => (&line[..i], line[i..].trim()),
            None => (line, ""),
        };
        let no_arguments = |command: &'static str, value: Command| {
            if rest.is_empty() {
                Ok(value)
            } else {
                Err(EngineError::UnexpectedArguments {
                    command,
                    found: excerpt(rest.as_bytes()),
                })
            }
        };
        match command {
            "newgame" => no_arguments("newgame", Command::NewGame),
            "quit" => no_arguments("quit", Command::Quit),
            "position" => {
                if rest.is_empty() {
                    Err(EngineError::MissingFen)
                } else {
                    Ok(Command::Position(rest.parse()?))
                }
            }
            "moves" => Ok(Command::Moves(
                rest.split_ascii_whitespace().map(str::to_owned).collect(),
            )),
            "go" => {
                if rest.is_empty() {
                    return Err(EngineError::MissingTime);
                }
                let bad = || EngineError::BadTime {
                    text: excerpt(rest.as_bytes()),
                };
                let seconds: f64 = rest.parse().map_err(|_| bad())?;
                if !(seconds.is_finite() && seconds > 0.0) {
                    return Err(bad());
                }
                // A finite positive time too large for a `Duration` (2^64 s or more)
                // saturates; below that, `from_secs_f64` cannot overflow.
                const DURATION_LIMIT: f64 = 18_446_744_073_709_551_616.0;
                Ok(Command::Go(if seconds < DURATION_LIMIT {
                    Duration::from_secs_f64(seconds)
                } else {
                    Duration::MAX
                }))
            }
            _ => Err(EngineError::UnknownCommand {
                command: excerpt(command.as_bytes()),
            }),
        }
    }
}

/// What the engine says in reply to a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing (the line changed the state, or was blank).
    Silent,
    /// The answer to `go`: print this move.
    Move(Move),
    /// `quit`: stop reading.
    Quit,
}

/// What ends [`Engine::search`]: whichever comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration (1 or more).
    pub depth: u32,
    /// Positions visited (the search stops within a few hundred of it).
    pub nodes: u64,
    /// The time, as for `go` (`None`: no time limit).
    pub time: Option<Duration>,
}

/// The result of [`Engine::search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// The engine: the current game (position and the keys of its earlier positions), the
/// search with its transposition table, and the protocol state machine.
///
/// ```
/// use congo::engine::{Engine, Reply};
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
            keys: vec![tt::key(&position)],
            searcher: search::Searcher::new(rules, TT_BITS),
            lost: false,
            born: Some(born),
        }
    }

    /// Whether each finished iteration writes `info depth D score S nodes N nps R time
    /// MS pv M ...` on standard error (off by default).
    pub fn set_info(&mut self, on: bool) {
        self.searcher.info = on;
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one protocol line (see the [module documentation](self)); a blank line
    /// is [`Reply::Silent`].
    ///
    /// # Errors
    ///
    /// [`EngineError`] for a bad line; the engine's position is then unchanged, but
    /// after a bad `position` or `moves` line `go` and `moves` are refused until a good
    /// `newgame` or `position`.
    ///
    /// ```
    /// use congo::engine::{Engine, EngineError};
    /// use congo::Rules;
    /// let mut engine = Engine::new(Rules::FULL);
    /// assert!(engine.handle_line("position 3l3/7/7/7/7/7/3LZ2 x 0").is_err());
    /// assert_eq!(engine.handle_line("go 0.05"), Err(EngineError::NoPosition));
    /// assert!(engine.handle_line("newgame").is_ok());
    /// assert!(engine.handle_line("go 0.05").is_ok());
    /// ```
    pub fn handle_line(&mut self, line: &str) -> Result<Reply, EngineError> {
        if line.trim().is_empty() {
            return Ok(Reply::Silent);
        }
        let result = line.parse().and_then(|command| self.handle(command));
        if let Err(EngineError::MissingFen | EngineError::BadFen(_) | EngineError::BadMove { .. }) =
            result
        {
            self.lost = true;
        }
        result
    }

    /// Carries out one command.
    ///
    /// # Errors
    ///
    /// [`EngineError::BadMove`] for a `moves` line with an unplayable move (none of its
    /// moves is played); [`EngineError::GameOver`] or [`EngineError::NoLegalMove`] for a
    /// `go` without a move to answer; [`EngineError::NoPosition`] for `go` or `moves`
    /// after a rejected `position` or `moves` line (see [`Engine::handle_line`]).
    pub fn handle(&mut self, command: Command) -> Result<Reply, EngineError> {
        match command {
            Command::NewGame | Command::Position(_) => {
                self.position = match command {
                    Command::Position(position) => position,
                    _ => Position::START,
                };
                self.keys = vec![tt::key(&self.position)];
                self.lost = false;
                Ok(Reply::Silent)
            }
            Command::Moves(_) | Command::Go(_) if self.lost => Err(EngineError::NoPosition),
            Command::Moves(texts) => {
                let mut position = self.position;
                let mut keys = self.keys.clone();
                for (i, text) in texts.iter().enumerate() {
                    let mv = position
                        .parse_move(text)
                        .map_err(|source| EngineError::BadMove {
                            index: i + 1,
                            text: excerpt(text.as_bytes()),
                            source,
                        })?;
                    position = eval::make(&position, mv, self.searcher.rules);
                    keys.push(tt::key(&position));
                }
                self.position = position;
                self.keys = keys;
                Ok(Reply::Silent)
            }
            Command::Go(time) => self.go(time).map(Reply::Move),
            Command::Quit => Ok(Reply::Quit),
        }
    }

    /// Chooses a move for the current position within `time` (see the [module
    /// documentation](self) for how much of it is used; at most [`MAX_SEARCH_TIME`]),
    /// without playing it.
    ///
    /// # Errors
    ///
    /// [`EngineError::GameOver`] when a lion is missing, [`EngineError::NoLegalMove`] when
    /// the side to move has no legal move.
    pub fn go(&mut self, time: Duration) -> Result<Move, EngineError> {
        self.think(MAX_DEPTH, u64::MAX, Some(time))
            .map(|(mv, ..)| mv)
    }

    /// Searches the current position within `limits`, without playing the move found.
    ///
    /// # Errors
    ///
    /// As [`Engine::go`].
    ///
    /// ```
    /// use congo::engine::{Engine, SearchLimits};
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// let limits = SearchLimits { depth: 3, nodes: u64::MAX, time: None };
    /// let report = engine.search(limits).unwrap();
    /// assert_eq!(report.depth, 3);
    /// assert!(report.nodes > 0);
    /// ```
    pub fn search(&mut self, limits: SearchLimits) -> Result<SearchReport, EngineError> {
        let (best_move, score, depth) = self.think(limits.depth, limits.nodes, limits.time)?;
        Ok(SearchReport {
            best_move,
            score,
            depth: depth as u32,
            nodes: self.searcher.nodes,
        })
    }

    fn think(
        &mut self,
        depth: u32,
        nodes: u64,
        time: Option<Duration>,
    ) -> Result<(Move, i32, i32), EngineError> {
        if let Some(outcome) = self.position.outcome() {
            return Err(EngineError::GameOver { outcome });
        }
        // The positions before this one: the search adds its own key.
        let keys = &mut self.searcher.keys;
        keys.clear();
        keys.extend_from_slice(&self.keys[..self.keys.len() - 1]);
        // The clock starts now, or for the first timed search at the engine's creation
        // if that was less than the time given ago (the `go` may have waited in the pipe
        // while the program started). `born` is taken before the call: a closure
        // borrowing `self` beside `self.searcher` needs edition 2021's disjoint captures.
        let born = if time.is_some() {
            self.born.take()
        } else {
            None
        };
        let clock = match time {
            Some(t) => {
                let t = t.min(MAX_SEARCH_TIME);
                let now = Instant::now();
                let start = match born {
                    Some(b) if now.duration_since(b) < t => b,
                    _ => now,
                };
                Some((start, t.as_secs_f64()))
            }
            None => None,
        };
        self.searcher
            .think(
                &self.position,
                clock,
                nodes,
                depth.clamp(1, MAX_DEPTH) as i32,
            )
            .ok_or(EngineError::NoLegalMove)
    }

    /// The score of the current position for the side to move after the captures
    /// settle (the quiescence search), in centipawns; for tuning, where a position whose
    /// score differs from its [`eval::evaluate_position`] is not quiet.
    ///
    /// ```
    /// use congo::engine::Engine;
    /// let mut engine = Engine::new(congo::Rules::FULL);
    /// assert_eq!(engine.quiet_score(), congo::engine::eval::evaluate_position(engine.position()));
    /// ```
    pub fn quiet_score(&mut self) -> i32 {
        let position = self.position;
        self.searcher.quiet_score(&position)
    }
}
