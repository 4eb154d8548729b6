//! The NBoard protocol, version 2 (the NBoard GUI's protocol for Othello engines, also
//! spoken by Edax and NTest): the reader of the GUI's commands and the writer of the
//! engine's replies. The session that answers them with an engine is
//! [`super::NboardSession`].
//!
//! Commands, one a line, words separated by white space:
//!
//! | command | meaning | reply |
//! |---|---|---|
//! | `nboard 2` | the protocol's version, sent first | `set myname NAME` |
//! | `set depth N` | the midgame search depth, 1 to 60 | none |
//! | `set game GGF` | the position is the end of this GGF game ([`reversi::ggf`]) | none |
//! | `set contempt N` | the value of a draw, in hundredths of a disc | none |
//! | `move MOVE[/EVAL/TIME]` | play a move (`F5`) or a pass (`PA`) | none |
//! | `hint N` | evaluate the best `N` moves | `search ...` lines, then `status` |
//! | `go` | choose a move (not played: the GUI sends `move`) | `nodestats`, `=== MOVE/EVAL/TIME` |
//! | `ping N` | synchronise | `pong N` |
//! | `learn` | add the game to the book (with `--book`; else a no-op) | `learned` |
//! | `quit` | end the session | none |
//!
//! The replies: `=== F5/-1.00/0.52` (the move, its evaluation in discs for the side to
//! move, and the seconds taken), `search F5D6C3 -1.00 0 12` for a hint (the principal
//! variation without spaces, the evaluation, `0`, and the depth; `100%` for a proven
//! score), `nodestats NODES SECONDS`, `status TEXT` (the GUI's status line; `status`
//! alone clears it), `pong N`, `set myname NAME` and `learned`.
//!
//! The protocol has no error reply: the specification tells engines to ignore a
//! command they do not understand. This engine ignores a bad command (it changes
//! nothing) and says why on standard error, as Edax does; see [`NboardError`]. One
//! exception: after a `set game` it cannot read, the GUI's position is not the engine's,
//! so `go`, `hint`, `move` and `learn` are refused ([`NboardError::NoGame`]) until a
//! `set game` is read, rather than answered for the previous position.

use reversi::{Ply, Square};
use thiserror::Error;

use reversi::ggf::{Game, MoveItem, ParseGgfError, ParseMoveItemError};

/// A command of the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `nboard VERSION`.
    Nboard(u32),
    /// `set depth N` (1 to 60).
    SetDepth(u32),
    /// `set game GGF`.
    SetGame(Box<Game>),
    /// `set contempt N`, hundredths of a disc.
    SetContempt(i32),
    /// `move MOVE[/EVAL/TIME]`.
    Move(MoveItem),
    /// `hint N` (at least 1).
    Hint(u32),
    /// `go`.
    Go,
    /// `ping N`.
    Ping(i64),
    /// `learn`.
    Learn,
    /// `quit`.
    Quit,
}

/// Why a command line is ignored.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum NboardError {
    /// Not a command of the protocol.
    #[error("unknown command {command:?}")]
    Unknown {
        /// The command's first word(s).
        command: String,
    },
    /// A command's argument is missing or malformed.
    #[error("{command}: expected {expected}, found {found:?}")]
    Argument {
        /// The command.
        command: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What was given.
        found: String,
    },
    /// `nboard` with a version other than 1 or 2.
    #[error("nboard {version}: this engine speaks version 2 of the protocol")]
    Version {
        /// The version given.
        version: u32,
    },
    /// The game of `set game` cannot be read.
    #[error("set game: {0}")]
    Game(#[from] ParseGgfError),
    /// The move of `move` cannot be read.
    #[error("move: {0}")]
    MoveText(#[from] ParseMoveItemError),
    /// The move of `move` is not legal on the board.
    #[error("move {text}: {error}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why it is not legal.
        error: reversi::IllegalMove,
    },
    /// `learn` could not save the book (the book in memory has the game).
    #[error("learn: {reason}")]
    Learn {
        /// Why.
        reason: String,
    },
    /// `go` or `hint` on a finished game.
    #[error("{command}: the game is over")]
    GameOver {
        /// The command.
        command: &'static str,
    },
    /// `go`, `hint`, `move` or `learn` after a `set game` that was refused: the GUI's
    /// position is not the engine's, so nothing is answered for either until the next
    /// `set game` is read.
    #[error("{command}: no game (the last set game was refused; send set game again)")]
    NoGame {
        /// The command.
        command: &'static str,
    },
}

/// The one argument of `command`, parsed by `parse`.
fn one<T>(
    command: &'static str,
    expected: &'static str,
    rest: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, NboardError> {
    let mut words = rest.split_whitespace();
    match (words.next(), words.next()) {
        (Some(word), None) => parse(word),
        _ => None,
    }
    .ok_or_else(|| NboardError::Argument {
        command,
        expected,
        found: rest.trim().to_owned(),
    })
}

/// The first word of `text` and the rest after it.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(at) => (&text[..at], &text[at..]),
        None => (text, ""),
    }
}

impl Command {
    /// Reads one command line.
    ///
    /// # Errors
    /// [`NboardError`]: an unknown command, or a known one with a bad argument.
    ///
    /// ```
    /// use reversi_engine::protocol::nboard::Command;
    /// assert_eq!(Command::parse("set depth 12"), Ok(Command::SetDepth(12)));
    /// assert_eq!(Command::parse("ping 3"), Ok(Command::Ping(3)));
    /// assert!(matches!(Command::parse("move F5/0.5/1.2"), Ok(Command::Move(_))));
    /// assert!(Command::parse("set depth deep").is_err());
    /// assert!(Command::parse("fly").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Command, NboardError> {
        let (name, rest) = split_word(line);
        let unknown = || NboardError::Unknown {
            command: line.trim().chars().take(40).collect(),
        };
        let none = |command: Command, text: &'static str| {
            if rest.trim().is_empty() {
                Ok(command)
            } else {
                Err(NboardError::Argument {
                    command: text,
                    expected: "no argument",
                    found: rest.trim().to_owned(),
                })
            }
        };
        match name {
            "nboard" => {
                let version = one("nboard", "a version number", rest, |w| w.parse().ok())?;
                if version == 1 || version == 2 {
                    Ok(Command::Nboard(version))
                } else {
                    Err(NboardError::Version { version })
                }
            }
            "set" => {
                let (what, value) = split_word(rest);
                match what {
                    "depth" => one("set depth", "a depth from 1 to 60", value, |w| {
                        w.parse().ok().filter(|d| (1..=60).contains(d))
                    })
                    .map(Command::SetDepth),
                    "contempt" => one(
                        "set contempt",
                        "a contempt in hundredths of a disc",
                        value,
                        |w| w.parse().ok(),
                    )
                    .map(Command::SetContempt),
                    "game" => Ok(Command::SetGame(Box::new(Game::parse(value)?))),
                    _ => Err(unknown()),
                }
            }
            "move" => {
                let text = one("move", "a move (F5, PA) with /eval/time", rest, |w| {
                    Some(w.to_owned())
                })?;
                Ok(Command::Move(text.parse()?))
            }
            "hint" => one("hint", "a number of moves (at least 1)", rest, |w| {
                w.parse().ok().filter(|&n| n >= 1)
            })
            .map(Command::Hint),
            "go" => none(Command::Go, "go"),
            "ping" => one("ping", "a number", rest, |w| w.parse().ok()).map(Command::Ping),
            "learn" => none(Command::Learn, "learn"),
            "quit" => none(Command::Quit, "quit"),
            _ => Err(unknown()),
        }
    }
}

/// A ply as the protocol writes it: the square in capitals (`F5`) or `PA`.
#[must_use]
pub fn ply_text(ply: Ply) -> String {
    match ply {
        Ply::Move(square) => square_text(square),
        Ply::Pass => "PA".to_owned(),
    }
}

fn square_text(square: Square) -> String {
    square.to_string().to_ascii_uppercase()
}

/// A reply of the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `=== MOVE[/EVAL/TIME]`: the answer to `go`.
    Move(MoveItem),
    /// `search PV EVAL 0 DEPTH`: one hint; `exact` writes the depth `100%`.
    Search {
        /// The principal variation, its first ply the move evaluated.
        pv: Vec<Ply>,
        /// The evaluation in discs for the side to move.
        eval: f64,
        /// The depth searched, plies.
        depth: u32,
        /// Whether the evaluation is the proven final score.
        exact: bool,
    },
    /// `nodestats NODES SECONDS`.
    NodeStats {
        /// Nodes searched.
        nodes: u64,
        /// Seconds taken.
        seconds: f64,
    },
    /// `status TEXT` (`status` alone when empty).
    Status(String),
    /// `pong N`.
    Pong(i64),
    /// `set myname NAME`.
    MyName(String),
    /// `learned`.
    Learned,
}

/// One line, with its newline.
///
/// ```
/// use reversi_engine::protocol::nboard::Reply;
/// let d3 = reversi::Ply::Move("d3".parse::<reversi::Square>().unwrap());
/// let reply = Reply::Search { pv: vec![d3, reversi::Ply::Pass], eval: 2.0, depth: 100, exact: true };
/// assert_eq!(reply.to_string(), "search D3PA 2.00 0 100%\n");
/// assert_eq!(Reply::Pong(4).to_string(), "pong 4\n");
/// assert_eq!(Reply::Status(String::new()).to_string(), "status\n");
/// ```
impl std::fmt::Display for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reply::Move(item) => writeln!(f, "=== {item}"),
            Reply::Search {
                pv,
                eval,
                depth,
                exact,
            } => {
                let line: String = pv.iter().map(|&ply| ply_text(ply)).collect();
                let depth = if *exact {
                    "100%".to_owned()
                } else {
                    depth.to_string()
                };
                // `+ 0.0` writes a negative zero as 0.00.
                writeln!(f, "search {line} {:.2} 0 {depth}", eval + 0.0)
            }
            Reply::NodeStats { nodes, seconds } => writeln!(f, "nodestats {nodes} {seconds:.2}"),
            Reply::Status(text) if text.is_empty() => writeln!(f, "status"),
            Reply::Status(text) => writeln!(f, "status {text}"),
            Reply::Pong(n) => writeln!(f, "pong {n}"),
            Reply::MyName(name) => writeln!(f, "set myname {name}"),
            Reply::Learned => writeln!(f, "learned"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_of_the_protocol_are_read() {
        assert_eq!(Command::parse("nboard 2"), Ok(Command::Nboard(2)));
        assert_eq!(
            Command::parse("set contempt -50"),
            Ok(Command::SetContempt(-50))
        );
        assert_eq!(Command::parse("hint 3"), Ok(Command::Hint(3)));
        assert_eq!(Command::parse("go"), Ok(Command::Go));
        assert_eq!(Command::parse("learn"), Ok(Command::Learn));
        assert_eq!(Command::parse("quit"), Ok(Command::Quit));
        match Command::parse("move pa") {
            Ok(Command::Move(item)) => assert_eq!(item.ply, Ply::Pass),
            other => panic!("{other:?}"),
        }
        match Command::parse("set game (;GM[Othello]TY[8]B[F5];)") {
            Ok(Command::SetGame(game)) => assert_eq!(game.moves.len(), 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn carriage_returns_of_crlf_line_ends_are_white_space() {
        assert_eq!(Command::parse("go\r"), Ok(Command::Go));
        assert_eq!(Command::parse("ping 7\r"), Ok(Command::Ping(7)));
        assert!(matches!(
            Command::parse("set game (;GM[Othello]TY[8]B[F5];)\r"),
            Ok(Command::SetGame(_))
        ));
    }

    #[test]
    fn bad_commands_say_what_is_wrong() {
        assert!(matches!(
            Command::parse("nboard 3"),
            Err(NboardError::Version { version: 3 })
        ));
        for bad in [
            "set depth 0",
            "set depth 61",
            "hint 0",
            "ping",
            "go now",
            "move",
        ] {
            assert!(
                matches!(Command::parse(bad), Err(NboardError::Argument { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            Command::parse("move F9"),
            Err(NboardError::MoveText(_))
        ));
        assert!(matches!(
            Command::parse("set game (;"),
            Err(NboardError::Game(_))
        ));
        assert!(matches!(
            Command::parse("set colour red"),
            Err(NboardError::Unknown { .. })
        ));
        assert!(matches!(
            Command::parse("status"),
            Err(NboardError::Unknown { .. })
        ));
    }

    #[test]
    fn replies_are_written_as_the_protocol_shows_them() {
        let item: MoveItem = "d6/-1/0".parse().unwrap();
        assert_eq!(Reply::Move(item).to_string(), "=== D6/-1.00/0.00\n");
        assert_eq!(
            Reply::NodeStats {
                nodes: 35805,
                seconds: 0.0
            }
            .to_string(),
            "nodestats 35805 0.00\n"
        );
        let f5: Ply = "f5".parse().unwrap();
        let d6: Ply = "d6".parse().unwrap();
        let hint = Reply::Search {
            pv: vec![f5, d6],
            eval: -1.5,
            depth: 6,
            exact: false,
        };
        assert_eq!(hint.to_string(), "search F5D6 -1.50 0 6\n");
        assert_eq!(Reply::MyName("x".into()).to_string(), "set myname x\n");
    }
}
