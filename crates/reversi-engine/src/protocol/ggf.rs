//! Reading Othello games in GGF, the Generic Game Format of the GGS game server, as the
//! NBoard GUI sends them (`set game (;GM[Othello]...;)`).
//!
//! A game is `(;` then properties `NAME[value]` then `;)`. The ones read here (GGF's
//! table of properties): `GM` the game (must be `Othello` when given), `TY` the game type
//! (`8`: an 8x8 board; `8r`, a random start given by `BO`, is the same here; other sizes
//! and the komi, synchro and anti variants are refused), `BO` the start position and side
//! to move (`8`, then 64 squares a1 b1 ... h1 a2 ... h8 as `*` Black, `O` White, `-`
//! empty, white space between them allowed, then `*` or `O` to move; the usual start
//! when `BO` is missing), `TI` both players' clock (`15:00`, `1:00:00` or seconds, then
//! optionally `/increment/extension`), and the moves `B[...]` and `W[...]` in order:
//! a square (`F5`, any case) or `PA` for a pass, optionally followed by `/eval` and
//! `/time` (`B[F5//1.1]`, `W[D6/-2.00/0.52]`). The others (`PC`, `DT`, `PB`, `PW`,
//! `RE`, ratings, comments) are skipped. A value may hold `\]` (an escaped bracket).

use reversi::{Board, Color, IllegalMove, Ply};
use thiserror::Error;

/// One move of a game with what the GGF (or NBoard's `move` command) adds to it: the
/// mover's evaluation in discs and the seconds it took, when given.
///
/// Its text form is `F5`, `PA` (a pass), `F5/1.5` or `F5/1.5/0.25`, an empty field
/// standing for one not given (`F5//0.25`); the square in either case.
///
/// ```
/// use reversi_engine::protocol::ggf::MoveItem;
/// let item: MoveItem = "f5//1.25".parse()?;
/// assert_eq!(item.ply.to_string(), "f5");
/// assert_eq!((item.eval, item.seconds), (None, Some(1.25)));
/// assert_eq!("PA".parse::<MoveItem>()?.ply, reversi::Ply::Pass);
/// assert!("F9".parse::<MoveItem>().is_err());
/// # Ok::<_, reversi_engine::protocol::ggf::ParseMoveItemError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveItem {
    /// The move, or a pass.
    pub ply: Ply,
    /// The mover's evaluation, in discs, when given.
    pub eval: Option<f64>,
    /// The time the move took, in seconds, when given.
    pub seconds: Option<f64>,
}

/// Why a text is not a [`MoveItem`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveItemError {
    /// The move part is neither a square a1..h8 nor `PA` (or `pass`).
    #[error("{text:?} is neither a square a1..h8 nor PA (a pass)")]
    Ply {
        /// The move part.
        text: String,
    },
    /// The evaluation is not a number.
    #[error("evaluation {text:?} is not a number")]
    Eval {
        /// The evaluation part.
        text: String,
    },
    /// The time is not a number of seconds (at least 0).
    #[error("time {text:?} is not a number of seconds")]
    Time {
        /// The time part.
        text: String,
    },
    /// More than three `/`-separated fields.
    #[error("{text:?} has more than a move, an evaluation and a time")]
    TooManyFields {
        /// The whole text.
        text: String,
    },
}

/// A finite number, or an error made by `error`.
fn number<E>(text: &str, error: impl Fn() -> E) -> Result<Option<f64>, E> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(Some(value)),
        _ => Err(error()),
    }
}

impl std::str::FromStr for MoveItem {
    type Err = ParseMoveItemError;

    fn from_str(text: &str) -> Result<MoveItem, ParseMoveItemError> {
        let mut fields = text.split('/');
        let mv = fields.next().unwrap_or("").trim();
        let ply = if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
            Ply::Pass
        } else {
            match mv.parse::<Ply>() {
                Ok(Ply::Move(square)) => Ply::Move(square),
                _ => {
                    return Err(ParseMoveItemError::Ply {
                        text: mv.to_owned(),
                    })
                }
            }
        };
        let eval_text = fields.next().unwrap_or("").trim();
        let eval = number(eval_text, || ParseMoveItemError::Eval {
            text: eval_text.to_owned(),
        })?;
        let time_text = fields.next().unwrap_or("").trim();
        let seconds = number(time_text, || ParseMoveItemError::Time {
            text: time_text.to_owned(),
        })?;
        if seconds.is_some_and(|s| s < 0.0) {
            return Err(ParseMoveItemError::Time {
                text: time_text.to_owned(),
            });
        }
        if fields.next().is_some() {
            return Err(ParseMoveItemError::TooManyFields {
                text: text.to_owned(),
            });
        }
        Ok(MoveItem { ply, eval, seconds })
    }
}

/// The text form, as the NBoard protocol writes moves: the square in capitals (`F5`) or
/// `PA`, then `/eval` (two decimals) and `/time` (seconds, two decimals) when given.
///
/// ```
/// use reversi_engine::protocol::ggf::MoveItem;
/// let item: MoveItem = "f5/-1/0.5".parse()?;
/// assert_eq!(item.to_string(), "F5/-1.00/0.50");
/// assert_eq!("f5//3".parse::<MoveItem>()?.to_string(), "F5//3.00");
/// # Ok::<_, reversi_engine::protocol::ggf::ParseMoveItemError>(())
/// ```
impl std::fmt::Display for MoveItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ply {
            Ply::Move(square) => write!(f, "{}", square.to_string().to_ascii_uppercase())?,
            Ply::Pass => f.write_str("PA")?,
        }
        match (self.eval, self.seconds) {
            (None, None) => Ok(()),
            // `+ 0.0` writes a negative zero as 0.00.
            (Some(eval), None) => write!(f, "/{:.2}", eval + 0.0),
            (None, Some(seconds)) => write!(f, "//{seconds:.2}"),
            (Some(eval), Some(seconds)) => write!(f, "/{:.2}/{seconds:.2}", eval + 0.0),
        }
    }
}

/// A game's clock (`TI`): the main time and the increment added after each move, in
/// seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// The main thinking time of each player, in seconds.
    pub main: f64,
    /// Seconds added to a player's clock after each of its moves (0 when not given).
    pub increment: f64,
}

/// A GGF Othello game: its start position, its moves, and the board they lead to.
///
/// ```
/// use reversi_engine::protocol::ggf::Game;
/// let game: Game = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]\
///     BO[8 ---------------------------O*------*O--------------------------- *]\
///     B[F5//1.1]W[D6];)".parse()?;
/// assert_eq!(game.moves.len(), 2);
/// assert_eq!(game.moves[0].seconds, Some(1.1));
/// assert_eq!(game.board.disc_counts().black, 3);
/// assert_eq!(game.clock.map(|c| c.main), Some(900.0));
/// # Ok::<_, reversi_engine::protocol::ggf::ParseGgfError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The start position (`BO`).
    pub start: Board,
    /// The moves, in order, passes included.
    pub moves: Vec<MoveItem>,
    /// The board after the moves.
    pub board: Board,
    /// The clock, when `TI` gives one.
    pub clock: Option<Clock>,
}

/// Why a text is not a GGF Othello game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseGgfError {
    /// The text does not start with `(;`.
    #[error("a GGF game starts with \"(;\"")]
    NoStart,
    /// The text does not end with `;)` after the last property.
    #[error("a GGF game ends with \";)\" after its properties")]
    NoEnd,
    /// Something other than a property name stands where one is expected.
    #[error("at byte {at}: expected a property NAME[value], found {found:?}")]
    Property {
        /// The byte offset in the text.
        at: usize,
        /// The character found.
        found: char,
    },
    /// A property's value has no closing `]`.
    #[error("property {name} has no closing ']'")]
    Unclosed {
        /// The property's name.
        name: String,
    },
    /// `GM` names another game.
    #[error("GM[{game}] is not an Othello game")]
    NotOthello {
        /// The value of `GM`.
        game: String,
    },
    /// `TY` is not an 8x8 game of the usual rules.
    #[error("TY[{game_type}]: only 8x8 Othello (TY[8]) is supported")]
    GameType {
        /// The value of `TY`.
        game_type: String,
    },
    /// `BO` is not a board of 8 by 8 squares and a side to move.
    #[error("BO[{text}]: {reason}")]
    Board {
        /// The value of `BO`.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// `TI` is not a clock.
    #[error("TI[{text}] is not a time (15:00, 1:00:00 or seconds, then /increment)")]
    Clock {
        /// The value of `TI`.
        text: String,
    },
    /// A move cannot be read.
    #[error("move {number} ({color}): {error}")]
    Move {
        /// The move's number, from 1.
        number: usize,
        /// The colour of the property (`B` or `W`).
        color: char,
        /// Why it cannot be read.
        error: ParseMoveItemError,
    },
    /// A move is not legal where it is played.
    #[error("move {number} ({color}[{text}]): {error}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The colour of the property (`B` or `W`).
        color: char,
        /// The move as written.
        text: String,
        /// Why it is not legal.
        error: IllegalMove,
    },
    /// A move of the side not to move (when the side to move could move).
    #[error("move {number} ({color}[{text}]): {to_move} is to move")]
    WrongColor {
        /// The move's number, from 1.
        number: usize,
        /// The colour of the property (`B` or `W`).
        color: char,
        /// The move as written.
        text: String,
        /// The side to move.
        to_move: Color,
    },
    /// A komi move (`KB`, `KW`): komi games are not supported.
    #[error("komi games (KB, KW) are not supported")]
    Komi,
}

/// The start position of `BO`'s value.
fn parse_board(text: &str) -> Result<Board, ParseGgfError> {
    let bad = |reason| ParseGgfError::Board {
        text: text.to_owned(),
        reason,
    };
    let mut words = text.split_whitespace();
    if words.next() != Some("8") {
        return Err(bad("expected the board size 8 first"));
    }
    let rest: String = words.collect();
    let cells: Vec<char> = rest.chars().collect();
    if cells.len() != 65 {
        return Err(bad(
            "expected 64 squares (*, O, -) and the side to move (* or O)",
        ));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in cells[..64].iter().enumerate() {
        match c {
            '*' | 'X' | 'x' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            _ => return Err(bad("a square is not *, O or -")),
        }
    }
    let side = match cells[64] {
        '*' | 'X' | 'x' => Color::Black,
        'O' | 'o' => Color::White,
        _ => return Err(bad("the side to move is not * or O")),
    };
    let (mover, opponent) = match side {
        Color::Black => (black, white),
        Color::White => (white, black),
    };
    Board::from_bitboards(mover, opponent, side).map_err(|_| bad("a square holds two discs"))
}

/// Seconds of a time `15:00`, `1:00:00` or `90` (fractions allowed in the last field).
fn parse_seconds(text: &str) -> Option<f64> {
    let mut total = 0.0;
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() > 3 {
        return None;
    }
    for field in fields {
        let value: f64 = field.trim().parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        total = total * 60.0 + value;
    }
    Some(total)
}

/// The clock of `TI`'s value.
fn parse_clock(text: &str) -> Result<Clock, ParseGgfError> {
    let bad = || ParseGgfError::Clock {
        text: text.to_owned(),
    };
    let mut parts = text.split('/');
    let main = parse_seconds(parts.next().unwrap_or("")).ok_or_else(bad)?;
    let increment = match parts.next() {
        Some(part) if !part.trim().is_empty() => parse_seconds(part).ok_or_else(bad)?,
        _ => 0.0,
    };
    Ok(Clock { main, increment })
}

/// The properties of a game's text, in order: name and value (escapes undone).
fn properties(text: &str) -> Result<Vec<(String, String)>, ParseGgfError> {
    let text = text.trim();
    let body = text.strip_prefix("(;").ok_or(ParseGgfError::NoStart)?;
    let offset = text.len() - body.len();
    let mut chars = body.char_indices().peekable();
    let mut properties = Vec::new();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let (at, c) = match chars.next() {
            Some(next) => next,
            None => return Err(ParseGgfError::NoEnd),
        };
        if c == ';' {
            let rest = &body[at + 1..];
            return if rest.trim() == ")" {
                Ok(properties)
            } else {
                Err(ParseGgfError::NoEnd)
            };
        }
        if !c.is_ascii_alphabetic() {
            return Err(ParseGgfError::Property {
                at: offset + at,
                found: c,
            });
        }
        let mut name = c.to_string();
        while let Some((_, c)) = chars.next_if(|(_, c)| c.is_ascii_alphabetic()) {
            name.push(c);
        }
        match chars.next() {
            Some((_, '[')) => {}
            Some((at, found)) => {
                return Err(ParseGgfError::Property {
                    at: offset + at,
                    found,
                })
            }
            None => return Err(ParseGgfError::Unclosed { name }),
        }
        let mut value = String::new();
        loop {
            match chars.next() {
                Some((_, ']')) => break,
                Some((_, '\\')) => match chars.next() {
                    Some((_, c)) => value.push(c),
                    None => return Err(ParseGgfError::Unclosed { name }),
                },
                Some((_, c)) => value.push(c),
                None => return Err(ParseGgfError::Unclosed { name }),
            }
        }
        properties.push((name.to_ascii_uppercase(), value));
    }
}

impl Game {
    /// Reads a game from its GGF text (the whole `(;...;)`); bytes of a longer line after
    /// it are an error.
    ///
    /// # Errors
    /// [`ParseGgfError`]: the variant says what was wrong and where (the property, the
    /// move's number and why it could not be played).
    pub fn parse(text: &str) -> Result<Game, ParseGgfError> {
        let mut start = Board::START;
        let mut clock = None;
        let mut moves: Vec<(char, String)> = Vec::new();
        for (name, value) in properties(text)? {
            match name.as_str() {
                "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                    return Err(ParseGgfError::NotOthello { game: value })
                }
                "TY" => {
                    let game_type = value.trim();
                    if game_type != "8" && game_type != "8r" {
                        return Err(ParseGgfError::GameType {
                            game_type: value.clone(),
                        });
                    }
                }
                "BO" => start = parse_board(&value)?,
                "TI" => clock = Some(parse_clock(&value)?),
                "B" => moves.push(('B', value)),
                "W" => moves.push(('W', value)),
                "KB" | "KW" => return Err(ParseGgfError::Komi),
                _ => {}
            }
        }
        let mut board = start;
        let mut items = Vec::with_capacity(moves.len());
        for (i, (color, text)) in moves.into_iter().enumerate() {
            let number = i + 1;
            let item: MoveItem = text.parse().map_err(|error| ParseGgfError::Move {
                number,
                color,
                error,
            })?;
            let mover = if color == 'B' {
                Color::Black
            } else {
                Color::White
            };
            let illegal = |error| ParseGgfError::Illegal {
                number,
                color,
                text: text.clone(),
                error,
            };
            // A side to move that must pass may have its pass left out.
            if mover != board.side_to_move() && item.ply != Ply::Pass && board.must_pass() {
                let passed = board.pass().map_err(illegal)?;
                items.push(MoveItem {
                    ply: Ply::Pass,
                    eval: None,
                    seconds: None,
                });
                board = passed;
            }
            if mover != board.side_to_move() {
                return Err(ParseGgfError::WrongColor {
                    number,
                    color,
                    text,
                    to_move: board.side_to_move(),
                });
            }
            board = match item.ply {
                Ply::Move(square) => board.play(square),
                Ply::Pass => board.pass(),
            }
            .map_err(illegal)?;
            items.push(item);
        }
        Ok(Game {
            start,
            moves: items,
            board,
            clock,
        })
    }
}

impl std::str::FromStr for Game {
    type Err = ParseGgfError;

    fn from_str(text: &str) -> Result<Game, ParseGgfError> {
        Game::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi::Transcript;

    /// The start position as GGF's `BO` writes it (the NBoard protocol's example).
    const START: &str = "BO[8 ---------------------------O*------*O--------------------------- *]";

    fn game(props: &str) -> Result<Game, ParseGgfError> {
        Game::parse(&format!("(;GM[Othello]PC[NBoard]TY[8]{props};)"))
    }

    #[test]
    fn the_protocol_example_game_reaches_the_board_of_its_moves() {
        // The session of the NBoard protocol's documentation.
        let text = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
            RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O-------------\
            -------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
        let game = Game::parse(text).unwrap();
        let transcript: Transcript = "f5f6d3c5e6f7e7f4".parse().unwrap();
        assert_eq!(game.board, *transcript.board());
        assert_eq!(game.start, Board::START);
        assert_eq!(game.moves.len(), 8);
        assert_eq!(
            game.clock,
            Some(Clock {
                main: 900.0,
                increment: 0.0
            })
        );
    }

    #[test]
    fn bo_reads_rank_one_first_and_the_side_to_move() {
        // The start with White to move: the same discs, the other side.
        let g = game("BO[8 ---------------------------O*------*O--------------------------- O]")
            .unwrap();
        assert_eq!(g.board.side_to_move(), Color::White);
        assert_eq!(
            g.board.discs(Color::Black),
            Board::START.discs(Color::Black)
        );
        // White space between the rows is allowed (GGF's own example does it).
        let rows = "-------- -------- -------- ---O*--- ---*O--- -------- -------- --------";
        assert_eq!(
            game(&format!("BO[8 {rows} *]")).unwrap().board,
            Board::START
        );
    }

    #[test]
    fn moves_take_eval_and_time_and_any_case() {
        let g = game(&format!("{START}B[f5/1.5/2]W[D6//0.25]")).unwrap();
        assert_eq!(g.moves[0].eval, Some(1.5));
        assert_eq!(g.moves[0].seconds, Some(2.0));
        assert_eq!(g.moves[1].eval, None);
        assert_eq!(g.moves[1].seconds, Some(0.25));
    }

    #[test]
    fn bad_games_are_refused_with_what_is_wrong() {
        assert_eq!(Game::parse("GM[Othello];)"), Err(ParseGgfError::NoStart));
        assert_eq!(Game::parse("(;GM[Othello]"), Err(ParseGgfError::NoEnd));
        assert!(matches!(
            Game::parse("(;GM[Chess];)"),
            Err(ParseGgfError::NotOthello { .. })
        ));
        assert!(matches!(
            game("TY[10]"),
            Err(ParseGgfError::GameType { .. })
        ));
        assert!(matches!(
            game("BO[8 ---]"),
            Err(ParseGgfError::Board { .. })
        ));
        assert!(matches!(game("TI[soon]"), Err(ParseGgfError::Clock { .. })));
        assert!(matches!(game("B[F5"), Err(ParseGgfError::Unclosed { .. })));
        assert!(matches!(
            game(&format!("{START}B[Z9]")),
            Err(ParseGgfError::Move { number: 1, .. })
        ));
        // a1 flips nothing at the start.
        assert!(matches!(
            game(&format!("{START}B[A1]")),
            Err(ParseGgfError::Illegal { number: 1, .. })
        ));
        // Black moves first here, not White.
        assert!(matches!(
            game(&format!("{START}W[F5]")),
            Err(ParseGgfError::WrongColor {
                number: 1,
                to_move: Color::Black,
                ..
            })
        ));
        // A pass while Black has moves.
        assert!(matches!(
            game(&format!("{START}B[PA]")),
            Err(ParseGgfError::Illegal {
                error: IllegalMove::CannotPass { .. },
                ..
            })
        ));
        assert_eq!(game("KB[F5/0.5]"), Err(ParseGgfError::Komi));
    }

    #[test]
    fn clocks_read_minutes_hours_and_increments() {
        assert_eq!(parse_seconds("15:00"), Some(900.0));
        assert_eq!(parse_seconds("1:00:30"), Some(3630.0));
        assert_eq!(parse_seconds("90"), Some(90.0));
        assert_eq!(parse_seconds("1:2:3:4"), None);
        assert_eq!(
            parse_clock("01:00/00:05/02:00"),
            Ok(Clock {
                main: 60.0,
                increment: 5.0
            })
        );
    }
}
