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
//! engine's own search ([`Engine::search`]: iterative-deepening principal-variation
//! search with a transposition table and a quiescence search) on its own tuned
//! evaluation ([`eval`](super::eval)); the Part IV/V evaluations and searches are not
//! used.
//!
//! Time ([`Engine::go`]): the clock starts when the `go` line is handled, except for the engine's first
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
use std::time::Duration;

use grid::excerpt;
use thiserror::Error;

use congo::{IllegalMove, Move, Outcome, ParseFenError, Position};

use crate::Engine;

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
    /// use congo_engine::{Command, EngineError};
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

impl Engine {
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
    /// use congo_engine::{Engine, EngineError};
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
            Command::NewGame => {
                self.set_position(Position::START);
                Ok(Reply::Silent)
            }
            Command::Position(position) => {
                self.set_position(position);
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
                    position = position.play_unchecked(mv, self.searcher.rules);
                    keys.push(position.zobrist_key());
                }
                self.position = position;
                self.keys = keys;
                Ok(Reply::Silent)
            }
            Command::Go(time) => self.go(time).map(Reply::Move),
            Command::Quit => Ok(Reply::Quit),
        }
    }
}
