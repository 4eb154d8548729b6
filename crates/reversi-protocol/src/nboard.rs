//! The NBoard protocol, version 2 (the NBoard GUI's protocol for Othello engines, also
//! spoken by Edax and NTest), both ways: a [`Command`] prints (what the GUI writes) and
//! parses (what the engine reads), and so does a [`Reply`] (the engine writes it, the
//! GUI reads it).
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
//! command they do not understand. An engine ignores a bad command (it changes
//! nothing) and may say why on standard error, as Edax does; [`NboardError`] says why.
//! One exception: after a `set game` it cannot read, the GUI's position is not the
//! engine's, so `go`, `hint`, `move` and `learn` are refused ([`NboardError::NoGame`])
//! until a `set game` is read, rather than answered for the previous position.
//!
//! A GUI waits for `===` after `go` and for `pong N` after `ping N`; the other replies
//! ([`is_information`]) may come before them and are read past.

use std::fmt;

use reversi::Ply;
use thiserror::Error;

use reversi::ggf::{GgfGame, MoveItem, ParseGgfError, ParseMoveItemError};

/// A command of the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `nboard VERSION`.
    Nboard(u32),
    /// `set depth N` (1 to 60).
    SetDepth(u32),
    /// `set game GGF`.
    SetGame(Box<GgfGame>),
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
    /// use reversi_protocol::nboard::Command;
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
                    "game" => Ok(Command::SetGame(Box::new(GgfGame::parse(value)?))),
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

/// The command line as the GUI writes it, without its newline: `nboard 2`,
/// `set depth 12`, `set game (;GM[Othello]...;)` (the game as [`GgfGame`] writes it),
/// `move F5/1.50/0.25` (as [`MoveItem`] writes it: evaluation and time to two
/// decimals), `hint 3`, `go`, `ping 1`, `learn`, `quit`. [`Command::parse`] reads it
/// back.
///
/// ```
/// use reversi_protocol::nboard::Command;
/// assert_eq!(Command::SetDepth(12).to_string(), "set depth 12");
/// assert_eq!(Command::Move("f5//0.25".parse()?).to_string(), "move F5//0.25");
/// # Ok::<_, reversi::ggf::ParseMoveItemError>(())
/// ```
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Nboard(version) => write!(f, "nboard {version}"),
            Command::SetDepth(depth) => write!(f, "set depth {depth}"),
            Command::SetGame(game) => write!(f, "set game {game}"),
            Command::SetContempt(contempt) => write!(f, "set contempt {contempt}"),
            Command::Move(item) => write!(f, "move {item}"),
            Command::Hint(n) => write!(f, "hint {n}"),
            Command::Go => f.write_str("go"),
            Command::Ping(n) => write!(f, "ping {n}"),
            Command::Learn => f.write_str("learn"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

/// [`Command::parse`].
impl std::str::FromStr for Command {
    type Err = NboardError;

    fn from_str(line: &str) -> Result<Command, NboardError> {
        Command::parse(line)
    }
}

/// A ply as the protocol writes it: the square in capitals (`F5`) or `PA` (a
/// [`MoveItem`] with no evaluation and no time).
///
/// ```
/// use reversi::Ply;
/// use reversi_protocol::nboard::ply_text;
/// assert_eq!(ply_text("f5".parse()?), "F5");
/// assert_eq!(ply_text(Ply::Pass), "PA");
/// # Ok::<_, reversi::ParsePlyError>(())
/// ```
#[must_use]
pub fn ply_text(ply: Ply) -> String {
    MoveItem::from(ply).to_string()
}

/// A reply of the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `=== MOVE[/EVAL/TIME]`: the answer to `go`.
    Move(MoveItem),
    /// `search PV EVAL 0 DEPTH`: one hint.
    Search {
        /// The principal variation, its first ply the move evaluated.
        pv: Vec<Ply>,
        /// The evaluation in discs for the side to move.
        eval: f64,
        /// The depth searched, or the proven score (`100%`).
        depth: SearchDepth,
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

/// The depth of a hint's `search` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchDepth {
    /// The plies searched (written as the number).
    Plies(u32),
    /// The evaluation is the proven final score (written `100%`).
    Exact,
}

/// One line, with its newline. Evaluations and seconds are written to two decimals.
///
/// ```
/// use reversi_protocol::nboard::{Reply, SearchDepth};
/// let d3 = reversi::Ply::Move("d3".parse::<reversi::Square>().unwrap());
/// let reply = Reply::Search { pv: vec![d3, reversi::Ply::Pass], eval: 2.0, depth: SearchDepth::Exact };
/// assert_eq!(reply.to_string(), "search D3PA 2.00 0 100%\n");
/// assert_eq!(Reply::Pong(4).to_string(), "pong 4\n");
/// assert_eq!(Reply::Status(String::new()).to_string(), "status\n");
/// ```
impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Move(item) => writeln!(f, "=== {item}"),
            Reply::Search { pv, eval, depth } => {
                let line: String = pv.iter().map(|&ply| ply_text(ply)).collect();
                let depth = match depth {
                    SearchDepth::Plies(plies) => plies.to_string(),
                    SearchDepth::Exact => "100%".to_owned(),
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

/// Why a line is not a [`Reply`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not an NBoard reply: {line:?}")]
pub struct ParseReplyError {
    /// The line.
    pub line: String,
}

/// The words of `rest` (after a reply's name), exactly `N` of them.
fn words<const N: usize>(rest: &str) -> Option<[&str; N]> {
    let mut words = rest.split_whitespace();
    let array = [(); N].map(|()| words.next());
    if words.next().is_some() || array.iter().any(Option::is_none) {
        return None;
    }
    Some(array.map(|word| word.unwrap_or("")))
}

/// The text after a reply's name: what follows the one space after it (`status` alone:
/// the empty text).
fn text_after(rest: &str) -> String {
    rest.strip_prefix(' ').unwrap_or(rest).to_owned()
}

/// A principal variation as `search` writes it, its plies two characters each (`D3PA`).
fn principal_variation(text: &str) -> Option<Vec<Ply>> {
    if !text.is_ascii() || text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| {
            text[at..at + 2]
                .parse::<MoveItem>()
                .ok()
                .map(|item| item.ply)
        })
        .collect()
}

/// Reads one line of the engine (its newline, or `\r\n`, may be there or not): the
/// reply [`Reply`]'s `Display` writes, with evaluations and seconds as any number. A
/// hint's principal variation has at least one ply.
///
/// ```
/// use reversi_protocol::nboard::{Reply, SearchDepth};
/// assert_eq!("pong 7\r\n".parse(), Ok(Reply::Pong(7)));
/// assert_eq!("status".parse(), Ok(Reply::Status(String::new())));
/// let hint: Reply = "search F5D6 -1.5 0 100%".parse()?;
/// assert!(matches!(hint, Reply::Search { depth: SearchDepth::Exact, .. }));
/// assert!("=== hello".parse::<Reply>().is_err());
/// # Ok::<_, reversi_protocol::nboard::ParseReplyError>(())
/// ```
impl std::str::FromStr for Reply {
    type Err = ParseReplyError;

    fn from_str(line: &str) -> Result<Reply, ParseReplyError> {
        let line = line.trim_end_matches(['\n', '\r']);
        let (name, rest) = split_word(line);
        let reply = match name {
            "===" => rest.trim().parse().ok().map(Reply::Move),
            "search" => words::<4>(rest).and_then(|[pv, eval, zero, depth]| {
                let depth = match depth {
                    "100%" => SearchDepth::Exact,
                    plies => SearchDepth::Plies(plies.parse().ok()?),
                };
                Some(Reply::Search {
                    pv: principal_variation(pv)?,
                    eval: eval.parse().ok().filter(|e: &f64| e.is_finite())?,
                    depth,
                })
                .filter(|_| zero == "0")
            }),
            "nodestats" => words::<2>(rest).and_then(|[nodes, seconds]| {
                Some(Reply::NodeStats {
                    nodes: nodes.parse().ok()?,
                    seconds: seconds.parse().ok().filter(|s: &f64| s.is_finite())?,
                })
            }),
            "status" => Some(Reply::Status(text_after(rest))),
            "pong" => words::<1>(rest).and_then(|[n]| n.parse().ok().map(Reply::Pong)),
            "set" => match split_word(rest) {
                ("myname", name) => Some(Reply::MyName(text_after(name))),
                _ => None,
            },
            "learned" => words::<0>(rest).map(|[]| Reply::Learned),
            _ => None,
        };
        reply.ok_or_else(|| ParseReplyError {
            line: line.to_owned(),
        })
    }
}

/// Whether `line` of the engine is one a GUI reads past while it waits for the answer
/// to `go` (`===`) or to `ping` (`pong`): its first word is `status`, `nodestats`,
/// `search`, `set` (`set myname`), `pong` (an earlier ping's), `learned`, `learn` or
/// `hint`. The words are enough: an engine's `search` line in a form this crate does
/// not write (Edax's `22@98%` depth) is read past all the same.
///
/// ```
/// use reversi_protocol::nboard::is_information;
/// assert!(is_information("status thinking"));
/// assert!(is_information("search F5 0.00 0 22@98%"));
/// assert!(!is_information("=== F5"));
/// ```
#[must_use]
pub fn is_information(line: &str) -> bool {
    const WORDS: [&str; 8] = [
        "status",
        "nodestats",
        "search",
        "set",
        "pong",
        "learned",
        "learn",
        "hint",
    ];
    WORDS.contains(&split_word(line).0)
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
            depth: SearchDepth::Plies(6),
        };
        assert_eq!(hint.to_string(), "search F5D6 -1.50 0 6\n");
        assert_eq!(Reply::MyName("x".into()).to_string(), "set myname x\n");
    }
}
