//! GTP, the Go Text Protocol (version 2), as Othello engines speak it (GRhino's
//! `gtp-rhino`, Edax, Egaroucid), both ways: a [`Command`] prints (what a controller
//! writes) and is read from a command line ([`read_line`], what an engine reads); a
//! [`Response`] prints (the engine's side) and parses (the controller's), and so does
//! [`Move`], the answer to `genmove`.
//!
//! A command line is an optional id (digits), the command's name and its arguments,
//! separated by spaces or tabs. Before it is read, as the GTP specification says,
//! control characters other than tab and line feed are removed, tabs become spaces, and
//! everything from a `#` on is a comment; a line left empty is not a command and gets
//! no response. A response is `=` (success) or `?` (failure), the id when the command
//! had one, a space and the answer (or error message), then one empty line:
//! `=1 2\n\n`, `? unknown command\n\n`. A multi-line answer (`list_commands`,
//! `showboard`) starts on the line after `=`, and no line of it is empty.
//!
//! Colours are `b`/`black` and `w`/`white`, vertices `d3` or `pass`, in any case
//! (written `b`, `w`, `d3`, `pass`). The board is always 8x8 (an engine accepts
//! `boardsize 8` and refuses any other size with `unacceptable size`).

use std::fmt;

use reversi::{Color, Ply};
use thiserror::Error;

/// The commands read ([`Command::NAMES`] lists their names, as `list_commands` does).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`: answers `2`.
    ProtocolVersion,
    /// `name`: the engine's name.
    Name,
    /// `version`: the engine's version.
    Version,
    /// `known_command NAME`: `true` or `false`.
    KnownCommand(String),
    /// `list_commands`: the known commands, one a line.
    ListCommands,
    /// `quit`: answers, then the session ends.
    Quit,
    /// `boardsize N`: only 8 is acceptable.
    Boardsize(u32),
    /// `clear_board`: the start position, Black to move.
    ClearBoard,
    /// `komi X`: accepted and ignored (Othello has no komi).
    Komi(f64),
    /// `play COLOR VERTEX`: a move or a pass of that colour.
    Play(Color, Ply),
    /// `genmove COLOR`: the engine's move for that colour, played on its board.
    Genmove(Color),
    /// `reg_genmove COLOR`: the same move, not played (for tests and analysis).
    RegGenmove(Color),
    /// `undo`: takes the last `play` or `genmove` back.
    Undo,
    /// `time_settings MAIN BYO_YOMI STONES`: seconds of main time, then byo-yomi
    /// seconds for each period of `STONES` moves (`0 T 1`: T seconds a move; `0 0 0`:
    /// no time limit).
    TimeSettings {
        /// Main time, seconds.
        main: f64,
        /// Byo-yomi time of one period, seconds.
        byo_yomi: f64,
        /// Moves to make in each byo-yomi period (0: no byo-yomi).
        stones: u32,
    },
    /// `time_left COLOR TIME STONES`: the seconds left to that colour, and the moves
    /// they are for in byo-yomi (0: main time).
    TimeLeft {
        /// The colour the clock is for.
        color: Color,
        /// Seconds left.
        seconds: f64,
        /// Moves left in the byo-yomi period (0: in main time).
        stones: u32,
    },
    /// `showboard`: the board as a diagram (rank 1 on top) and the side to move.
    Showboard,
}

impl Command {
    /// The names of the known commands, in the order `list_commands` prints them.
    pub const NAMES: [&'static str; 16] = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "reg_genmove",
        "undo",
        "time_settings",
        "time_left",
        "showboard",
    ];
}

/// The word a command writes for a colour: `b` or `w` (it reads `black` and `white` too).
///
/// ```
/// assert_eq!(reversi_protocol::gtp::color_word(reversi::Color::White), "w");
/// ```
#[must_use]
pub const fn color_word(color: Color) -> &'static str {
    match color {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// The command line as a controller writes it, without its newline: the name, then the
/// arguments after single spaces, colours as `b`/`w` ([`color_word`]) and vertices as
/// [`Ply`] writes them (`d3`, `pass`). Seconds are written as Rust writes an `f64` (the
/// shortest text that reads back the same: `0`, `0.1`), except `time_left`'s, written to
/// the millisecond (`12.346`). [`read_line`] reads every line written back to the same
/// command (`time_left` to the millisecond).
///
/// ```
/// use reversi::Color;
/// use reversi_protocol::gtp::Command;
/// let settings = Command::TimeSettings { main: 0.0, byo_yomi: 0.1, stones: 1 };
/// assert_eq!(settings.to_string(), "time_settings 0 0.1 1");
/// let left = Command::TimeLeft { color: Color::Black, seconds: 5.0, stones: 0 };
/// assert_eq!(left.to_string(), "time_left b 5.000 0");
/// assert_eq!(Command::Genmove(Color::White).to_string(), "genmove w");
/// ```
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::ProtocolVersion => f.write_str("protocol_version"),
            Command::Name => f.write_str("name"),
            Command::Version => f.write_str("version"),
            Command::KnownCommand(name) => write!(f, "known_command {name}"),
            Command::ListCommands => f.write_str("list_commands"),
            Command::Quit => f.write_str("quit"),
            Command::Boardsize(size) => write!(f, "boardsize {size}"),
            Command::ClearBoard => f.write_str("clear_board"),
            Command::Komi(komi) => write!(f, "komi {komi}"),
            Command::Play(color, ply) => write!(f, "play {} {ply}", color_word(*color)),
            Command::Genmove(color) => write!(f, "genmove {}", color_word(*color)),
            Command::RegGenmove(color) => write!(f, "reg_genmove {}", color_word(*color)),
            Command::Undo => f.write_str("undo"),
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => write!(f, "time_settings {main} {byo_yomi} {stones}"),
            Command::TimeLeft {
                color,
                seconds,
                stones,
            } => write!(f, "time_left {} {seconds:.3} {stones}", color_word(*color)),
            Command::Showboard => f.write_str("showboard"),
        }
    }
}

/// Why a GTP command line cannot be run: its message is the error text of the `?`
/// response (`unknown command` for a name not known, as the specification words it;
/// `syntax error: ...` for bad arguments).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GtpError {
    /// The command's name is not known.
    #[error("unknown command")]
    Unknown {
        /// The name given.
        name: String,
    },
    /// A command's arguments are missing or malformed.
    #[error("syntax error: {command} {expected}")]
    Syntax {
        /// The command's name.
        command: &'static str,
        /// What its arguments should be.
        expected: &'static str,
    },
}

/// A command line read: the id it had, and the command.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The command's id, when the line started with one.
    pub id: Option<u64>,
    /// The command, or why it cannot be run.
    pub command: Result<Command, GtpError>,
}

/// The line as the specification preprocesses it: control characters but tab removed,
/// tabs as spaces, the comment from `#` cut.
fn preprocess(line: &str) -> String {
    let line = line.split('#').next().unwrap_or("");
    line.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// A colour word: `b`, `black`, `w`, `white` in any case.
fn color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// A number of seconds: finite and not negative.
fn seconds(word: &str) -> Option<f64> {
    word.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// Reads one command line. `None` for a line that is empty once preprocessed (no
/// response is due); else the id (when given) and the command or its error, which the
/// `?` response reports.
///
/// ```
/// use reversi::{Color, Ply};
/// use reversi_protocol::gtp::{read_line, Command, GtpError};
/// let request = read_line("7 play B d3  # a comment").unwrap();
/// assert_eq!(request.id, Some(7));
/// let d3 = "d3".parse::<reversi::Square>().unwrap();
/// assert_eq!(request.command, Ok(Command::Play(Color::Black, Ply::Move(d3))));
/// assert_eq!(read_line("genmove white").unwrap().command, Ok(Command::Genmove(Color::White)));
/// assert!(read_line("   # only a comment").is_none());
/// assert!(matches!(read_line("fly").unwrap().command, Err(GtpError::Unknown { .. })));
/// assert!(matches!(read_line("play x d3").unwrap().command, Err(GtpError::Syntax { .. })));
/// ```
#[must_use]
pub fn read_line(line: &str) -> Option<Request> {
    let line = preprocess(line);
    let mut words = line.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        // An id too large for u64 is still an id: it is kept as u64::MAX.
        let id = first.parse::<u64>().unwrap_or(u64::MAX);
        match words.next() {
            Some(name) => (Some(id), name),
            None => {
                return Some(Request {
                    id: Some(id),
                    command: Err(GtpError::Unknown {
                        name: String::new(),
                    }),
                })
            }
        }
    } else {
        (None, first)
    };
    let args: Vec<&str> = words.collect();
    Some(Request {
        id,
        command: parse_command(name, &args),
    })
}

/// The command `name` with its arguments `args`.
fn parse_command(name: &str, args: &[&str]) -> Result<Command, GtpError> {
    let command = match Command::NAMES.iter().find(|&&known| known == name) {
        Some(&known) => known,
        None => {
            return Err(GtpError::Unknown {
                name: name.to_owned(),
            })
        }
    };
    parse_arguments(command, args).ok_or(GtpError::Syntax {
        command,
        expected: expected_arguments(command),
    })
}

/// What the arguments of the known command `command` should be, as its syntax error
/// says.
fn expected_arguments(command: &str) -> &'static str {
    match command {
        "known_command" => "takes one command name",
        "boardsize" => "takes one size (8)",
        "komi" => "takes one number",
        "play" => "takes a colour (b or w) and a vertex (d3 or pass)",
        "genmove" | "reg_genmove" => "takes a colour (b or w)",
        "time_settings" => "takes main time, byo-yomi time (seconds) and byo-yomi stones",
        "time_left" => "takes a colour (b or w), seconds left and stones left",
        _ => "takes no arguments",
    }
}

/// The known command `command` with its arguments `args`; `None` when they are not
/// what it takes.
fn parse_arguments(command: &str, args: &[&str]) -> Option<Command> {
    Some(match (command, args) {
        ("protocol_version", []) => Command::ProtocolVersion,
        ("name", []) => Command::Name,
        ("version", []) => Command::Version,
        ("list_commands", []) => Command::ListCommands,
        ("quit", []) => Command::Quit,
        ("clear_board", []) => Command::ClearBoard,
        ("undo", []) => Command::Undo,
        ("showboard", []) => Command::Showboard,
        ("known_command", [name]) => Command::KnownCommand((*name).to_owned()),
        ("boardsize", [size]) => Command::Boardsize(size.parse::<u32>().ok()?),
        ("komi", [komi]) => Command::Komi(komi.parse::<f64>().ok().filter(|k| k.is_finite())?),
        ("play", [c, vertex]) => Command::Play(color(c)?, vertex.parse::<Ply>().ok()?),
        ("genmove", [c]) => Command::Genmove(color(c)?),
        ("reg_genmove", [c]) => Command::RegGenmove(color(c)?),
        ("time_settings", [main, byo_yomi, stones]) => Command::TimeSettings {
            main: seconds(main)?,
            byo_yomi: seconds(byo_yomi)?,
            stones: stones.parse().ok()?,
        },
        ("time_left", [c, time, stones]) => Command::TimeLeft {
            color: color(c)?,
            seconds: seconds(time)?,
            stones: stones.parse().ok()?,
        },
        _ => return None,
    })
}

/// Writes a response: `=` (success) or `?` (failure), the id if any, then the text —
/// after a space on the same line, or, when it has several lines, from the next line —
/// and the empty line that ends every response. Empty lines inside `text` (not allowed
/// in a response) are dropped.
///
/// ```
/// use reversi_protocol::gtp::response;
/// assert_eq!(response(Some(3), Ok("2")), "=3 2\n\n");
/// assert_eq!(response(None, Ok("")), "=\n\n");
/// assert_eq!(response(None, Err("illegal move")), "? illegal move\n\n");
/// assert_eq!(response(Some(1), Ok("a\nb\n")), "=1\na\nb\n\n");
/// ```
#[must_use]
pub fn response(id: Option<u64>, text: Result<&str, &str>) -> String {
    Response {
        id,
        result: text.map(str::to_owned).map_err(str::to_owned),
    }
    .to_string()
}

/// A response: the id of the command it answers (when it had one) and its text, `Ok`
/// for success (`=`), `Err` for failure (`?`, the error message).
///
/// It prints as [`response`] writes it, the empty line included, and parses from the
/// text of a response: its first line, and the lines after it up to the empty line
/// (those of a multi-line answer), the end of the text standing for the empty line. The
/// text read is trimmed, lines joined by `\n`; what follows the mark and digits is the
/// text even without a space (`=abc`).
///
/// ```
/// use reversi_protocol::gtp::Response;
/// let response: Response = "=4 d3\n\n".parse()?;
/// assert_eq!((response.id, response.result.as_deref()), (Some(4), Ok("d3")));
/// let refused: Response = "? illegal move".parse()?;
/// assert_eq!(refused.result, Err("illegal move".to_owned()));
/// assert_eq!(refused.to_string(), "? illegal move\n\n");
/// let board: Response = "=\nline 1\nline 2\n\n".parse()?;
/// assert_eq!(board.result.as_deref(), Ok("line 1\nline 2"));
/// assert!("d3".parse::<Response>().is_err());
/// # Ok::<_, reversi_protocol::gtp::ParseResponseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The id of the command answered, when it had one.
    pub id: Option<u64>,
    /// The answer (`=`), or the error message (`?`).
    pub result: Result<String, String>,
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match &self.result {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        write!(f, "{mark}")?;
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        match lines.as_slice() {
            [] => {}
            [line] if !text.trim_end().contains('\n') => write!(f, " {line}")?,
            lines => {
                for line in lines {
                    write!(f, "\n{line}")?;
                }
            }
        }
        f.write_str("\n\n")
    }
}

/// Why a text is not a GTP [`Response`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a GTP response (= or ? first): {text:?}")]
pub struct ParseResponseError {
    /// The response's first line.
    pub text: String,
}

impl std::str::FromStr for Response {
    type Err = ParseResponseError;

    fn from_str(text: &str) -> Result<Response, ParseResponseError> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("");
        let error = || ParseResponseError {
            text: first.to_owned(),
        };
        let mut chars = first.chars();
        let success = match chars.next() {
            Some('=') => true,
            Some('?') => false,
            _ => return Err(error()),
        };
        let rest = chars.as_str();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        // An id too large for u64 is still an id: it is kept as u64::MAX.
        let id = (digits > 0).then(|| rest[..digits].parse::<u64>().unwrap_or(u64::MAX));
        let mut text = rest[digits..].trim().to_owned();
        for line in lines.take_while(|l| !l.trim().is_empty()) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line.trim());
        }
        let result = if success { Ok(text) } else { Err(text) };
        Ok(Response { id, result })
    }
}

/// The answer to `genmove`: a vertex (a move or `pass`) or `resign`.
///
/// It prints `d3`, `pass` or `resign`, and reads them in any case; `PA` (NBoard's
/// pass, which some engines answer in GTP too) reads as a pass.
///
/// ```
/// use reversi::Ply;
/// use reversi_protocol::gtp::Move;
/// assert_eq!("D3".parse::<Move>()?, Move::Ply("d3".parse()?));
/// assert_eq!("PA".parse::<Move>()?, Move::Ply(Ply::Pass));
/// assert_eq!(Move::Resign.to_string(), "resign");
/// assert!("hello".parse::<Move>().is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A move or a pass.
    Ply(Ply),
    /// The engine resigns.
    Resign,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Ply(ply) => write!(f, "{ply}"),
            Move::Resign => f.write_str("resign"),
        }
    }
}

/// Why a text is not a [`Move`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is neither a vertex (d3, pass) nor resign")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
}

impl std::str::FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.eq_ignore_ascii_case("resign") {
            Ok(Move::Resign)
        } else if text.eq_ignore_ascii_case("pa") {
            Ok(Move::Ply(Ply::Pass))
        } else {
            text.parse().map(Move::Ply).map_err(|_| ParseMoveError {
                text: text.to_owned(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Result<Command, GtpError> {
        read_line(line).unwrap().command
    }

    #[test]
    fn preprocessing_drops_control_characters_comments_and_tabs() {
        assert_eq!(
            command("proto\u{1}col_version\r"),
            Ok(Command::ProtocolVersion)
        );
        assert_eq!(command("boardsize\t8 # eight"), Ok(Command::Boardsize(8)));
        assert!(read_line("\r").is_none());
        assert!(read_line("# all comment").is_none());
    }

    #[test]
    fn ids_are_kept_and_an_id_alone_is_no_command() {
        assert_eq!(read_line("12 name").unwrap().id, Some(12));
        assert_eq!(read_line("name").unwrap().id, None);
        let alone = read_line("5").unwrap();
        assert_eq!(alone.id, Some(5));
        assert!(alone.command.is_err());
    }

    #[test]
    fn arguments_are_checked() {
        let d3 = "d3".parse::<reversi::Square>().unwrap();
        assert_eq!(
            command("play white D3"),
            Ok(Command::Play(Color::White, Ply::Move(d3)))
        );
        assert_eq!(
            command("play b PASS"),
            Ok(Command::Play(Color::Black, Ply::Pass))
        );
        assert_eq!(
            command("time_settings 0 5 1"),
            Ok(Command::TimeSettings {
                main: 0.0,
                byo_yomi: 5.0,
                stones: 1
            })
        );
        assert_eq!(
            command("time_left w 12.5 0"),
            Ok(Command::TimeLeft {
                color: Color::White,
                seconds: 12.5,
                stones: 0
            })
        );
        for bad in [
            "play b",
            "play b i9",
            "play red d3",
            "genmove",
            "genmove b w",
            "boardsize x",
            "komi nan",
            "time_settings 0 -1 1",
            "time_left b 1",
            "name now",
        ] {
            assert!(
                matches!(command(bad), Err(GtpError::Syntax { .. })),
                "{bad}: {:?}",
                command(bad)
            );
        }
        assert_eq!(
            command("Genmove b"),
            Err(GtpError::Unknown {
                name: "Genmove".to_owned()
            })
        );
    }

    #[test]
    fn responses_have_their_mark_id_and_blank_line() {
        assert_eq!(response(None, Ok("true")), "= true\n\n");
        assert_eq!(
            response(Some(0), Err("unknown command")),
            "?0 unknown command\n\n"
        );
        // No empty line inside a response.
        assert_eq!(response(None, Ok("a\n\nb")), "=\na\nb\n\n");
        // Every listed name is known.
        for name in Command::NAMES {
            let args = match name {
                "known_command" => " x",
                "boardsize" => " 8",
                "komi" => " 0",
                "play" => " b d3",
                "genmove" | "reg_genmove" => " b",
                "time_settings" => " 0 1 1",
                "time_left" => " b 1 0",
                _ => "",
            };
            assert!(command(&format!("{name}{args}")).is_ok(), "{name}");
        }
    }
}
