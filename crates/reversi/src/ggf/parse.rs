//! Reading one game from its text `(;GM[Othello]...;)`.

use thiserror::Error;

use super::game::{Clock, GgfGame};
use super::item::{MoveItem, ParseMoveItemError};
use crate::board::{Board, IllegalMove};
use crate::color::Color;
use crate::Ply;

/// Why a text is not a GGF Othello game ([`GgfGame::parse`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseGgfError {
    /// The text does not start with `(;`.
    #[error("a GGF game starts with \"(;\"")]
    NoStart,
    /// The text does not end with `;)` after the last property.
    #[error("a GGF game ends with \";)\" after its properties")]
    NoEnd,
    /// Text after the game's closing `;)` (one game per text).
    #[error("at byte {at}: text after the game's \";)\": {found:?}")]
    Trailing {
        /// The byte offset of the text, in the game's text, from 0.
        at: usize,
        /// The text, up to its first 16 characters.
        found: String,
    },
    /// Something other than a property name stands where one is expected.
    #[error("at byte {at}: expected a property NAME[value], found {found:?}")]
    Property {
        /// The byte offset in the game's text, from 0.
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
pub(super) fn parse_board(text: &str) -> Result<Board, ParseGgfError> {
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
pub(super) fn parse_seconds(text: &str) -> Option<f64> {
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
pub(super) fn parse_clock(text: &str) -> Result<Clock, ParseGgfError> {
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

/// A property's value from just after its `[` to its `]` (escapes undone), or `None`
/// when the text ends first.
fn value(chars: &mut impl Iterator<Item = (usize, char)>) -> Option<String> {
    let mut value = String::new();
    loop {
        match chars.next()? {
            (_, ']') => return Some(value),
            (_, '\\') => value.push(chars.next()?.1),
            (_, c) => value.push(c),
        }
    }
}

/// The properties of a game's text, in order: name (in capitals) and value (escapes
/// undone).
pub(super) fn properties(text: &str) -> Result<Vec<(String, String)>, ParseGgfError> {
    let text = text.trim();
    let body = text.strip_prefix("(;").ok_or(ParseGgfError::NoStart)?;
    let offset = text.len() - body.len();
    let mut chars = body.char_indices().peekable();
    let mut properties = Vec::new();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let (at, c) = chars.next().ok_or(ParseGgfError::NoEnd)?;
        if c == ';' {
            let rest = body[at + 1..].trim_start();
            return match rest.strip_prefix(')') {
                Some("") => Ok(properties),
                Some(after) => {
                    let trailing = after.trim_start();
                    Err(ParseGgfError::Trailing {
                        at: text.len() - trailing.len(),
                        found: trailing.chars().take(16).collect(),
                    })
                }
                None => Err(ParseGgfError::NoEnd),
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
        match value(&mut chars) {
            Some(value) => properties.push((name.to_ascii_uppercase(), value)),
            None => return Err(ParseGgfError::Unclosed { name }),
        }
    }
}

/// Reads the properties into `game` (start position, clock, header), returning the
/// moves as written: their property's letter and value.
fn read_properties(
    game: &mut GgfGame,
    properties: Vec<(String, String)>,
) -> Result<Vec<(char, String)>, ParseGgfError> {
    let mut moves = Vec::new();
    for (name, value) in properties {
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
            "BO" => game.start = parse_board(&value)?,
            "TI" => game.clock = Some(parse_clock(&value)?),
            "PC" => game.place = Some(value),
            "DT" => game.date = Some(value),
            "PB" => game.black = Some(value),
            "PW" => game.white = Some(value),
            "RE" => game.result = Some(value),
            "B" => moves.push(('B', value)),
            "W" => moves.push(('W', value)),
            "KB" | "KW" => return Err(ParseGgfError::Komi),
            _ => {}
        }
    }
    Ok(moves)
}

/// Plays move `number` (from 1), written `color[text]`, on `game`, first playing the
/// pass of a side to move that must pass when the move is its opponent's (a pass may be
/// left out).
fn replay(
    game: &mut GgfGame,
    number: usize,
    color: char,
    text: String,
) -> Result<(), ParseGgfError> {
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
    let board = game.board_after;
    if mover != board.side_to_move() && item.ply != Ply::Pass && board.must_pass() {
        game.play(MoveItem::from(Ply::Pass)).map_err(illegal)?;
    }
    if mover != game.board_after.side_to_move() {
        return Err(ParseGgfError::WrongColor {
            number,
            color,
            text,
            to_move: game.board_after.side_to_move(),
        });
    }
    game.play(item).map_err(illegal)
}

impl GgfGame {
    /// Reads a game from its GGF text (the whole `(;...;)`, white space around it
    /// allowed); bytes after it are an error. The moves are played by the rules from
    /// the start position (`BO`, the usual start when missing); a pass the side to move
    /// must make may be left out (it is added to [`GgfGame::moves`]). Properties other
    /// than those of [`GgfGame`]'s fields, `GM` and `TY` are skipped.
    ///
    /// # Errors
    /// [`ParseGgfError`]: the variant says what was wrong and where (the byte, the
    /// property, the move's number and why it could not be read or played).
    ///
    /// ```
    /// use reversi::ggf::{GgfGame, ParseGgfError};
    /// let game = GgfGame::parse("(;GM[Othello]PB[Anna]B[f5]W[D6/-1.5];)")?;
    /// assert_eq!(game.black.as_deref(), Some("Anna"));
    /// assert_eq!(game.moves[1].eval, Some(-1.5));
    /// let error = GgfGame::parse("(;GM[Othello]B[f5]W[f5];)").unwrap_err();
    /// assert!(matches!(error, ParseGgfError::Illegal { number: 2, .. }));
    /// assert_eq!(error.to_string(), "move 2 (W[f5]): square f5 is not empty");
    /// # Ok::<_, ParseGgfError>(())
    /// ```
    pub fn parse(text: &str) -> Result<GgfGame, ParseGgfError> {
        GgfGame::parse_keeping_legal(text).map_err(|(error, _)| error)
    }

    /// [`GgfGame::parse`], and on a move that cannot be played there (illegal, or of the
    /// side not to move) the game of the moves before it.
    pub(super) fn parse_keeping_legal(
        text: &str,
    ) -> Result<GgfGame, (ParseGgfError, Option<Box<GgfGame>>)> {
        let properties = properties(text).map_err(|error| (error, None))?;
        let mut game = GgfGame::new(Board::START);
        let moves = read_properties(&mut game, properties).map_err(|error| (error, None))?;
        game.board_after = game.start;
        for (i, (color, text)) in moves.into_iter().enumerate() {
            if let Err(error) = replay(&mut game, i + 1, color, text) {
                let played = matches!(
                    error,
                    ParseGgfError::Illegal { .. } | ParseGgfError::WrongColor { .. }
                );
                return Err((error, played.then(|| Box::new(game))));
            }
        }
        Ok(game)
    }
}

impl std::str::FromStr for GgfGame {
    type Err = ParseGgfError;

    /// [`GgfGame::parse`].
    fn from_str(text: &str) -> Result<GgfGame, ParseGgfError> {
        GgfGame::parse(text)
    }
}
