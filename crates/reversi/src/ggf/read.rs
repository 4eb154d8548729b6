//! Reading the games of a file or stream one after another.

use std::io::{self, BufRead};

use thiserror::Error;

use super::game::GgfGame;
use super::parse::ParseGgfError;

/// The most bytes one game's text may have in [`read_games`] (1 MiB; a game of 60
/// moves with long names and comments takes a few kilobytes). A longer one is skipped
/// as [`GgfError::TooLong`], so memory stays bounded whatever the input.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// Why [`read_games`] could not give a game. Lines count from 1, byte offsets from 0 at
/// the start of the input; both are those of the game's `(;` (or of the text outside a
/// game).
#[derive(Debug, Error)]
pub enum GgfError {
    /// The game's text is read but is not a game ([`GgfGame::parse`]'s error; its byte
    /// offsets count from the game's `(`).
    #[error("game at line {line} (byte {offset}): {error}")]
    Game {
        /// The line of the game's `(;`.
        line: u64,
        /// The byte offset of the game's `(;`.
        offset: u64,
        /// What is wrong with the game.
        error: ParseGgfError,
        /// For a move that cannot be played there ([`ParseGgfError::Illegal`],
        /// [`ParseGgfError::WrongColor`]): the game of the moves before it, which a
        /// program may still use.
        legal: Option<Box<GgfGame>>,
    },
    /// The game's text is not UTF-8.
    #[error("game at line {line} (byte {offset}): not UTF-8 text")]
    NotUtf8 {
        /// The line of the game's `(;`.
        line: u64,
        /// The byte offset of the game's `(;`.
        offset: u64,
    },
    /// The input ends inside a game (no `)` after its last property, or a value with
    /// no `]`).
    #[error("game at line {line} (byte {offset}): the input ends before the game's \";)\"")]
    Unterminated {
        /// The line of the game's `(;`.
        line: u64,
        /// The byte offset of the game's `(;`.
        offset: u64,
    },
    /// A `(` starts the next game before this one is closed: outside a value, or at the
    /// start of a line inside a value with no `]`. The next game is read from it.
    #[error("game at line {line} (byte {offset}): not closed before the next game's \"(\" at line {next_line} (a game ends with \";)\")")]
    Unclosed {
        /// The line of the game's `(;`.
        line: u64,
        /// The byte offset of the game's `(;`.
        offset: u64,
        /// The line of the `(` that starts the next game.
        next_line: u64,
    },
    /// The game's text is longer than [`MAX_GAME_BYTES`].
    #[error("game at line {line} (byte {offset}): longer than 1 MiB (MAX_GAME_BYTES)")]
    TooLong {
        /// The line of the game's `(;`.
        line: u64,
        /// The byte offset of the game's `(;`.
        offset: u64,
    },
    /// Text other than white space between games (up to the next white space or `(`).
    #[error("line {line} (byte {offset}): {found:?} outside a game (a game starts with \"(;\")")]
    Outside {
        /// The line of the text.
        line: u64,
        /// The byte offset of the text.
        offset: u64,
        /// The text, up to its first 16 bytes (bytes that are not UTF-8 shown as U+FFFD).
        found: String,
    },
    /// The input could not be read; the iterator ends after it.
    #[error("reading the games: {0}")]
    Io(#[from] io::Error),
}

/// Where a game's text ended ([`Games::game_text`]).
enum GameEnd {
    /// At its `)`.
    Closed,
    /// At the end of the input.
    Input,
    /// Before the `(` of the next game, at `next_line`.
    Cut {
        /// The line of that `(`.
        next_line: u64,
    },
}

/// The games of a GGF stream, in order ([`read_games`]).
#[derive(Debug)]
pub struct Games<R> {
    /// The input.
    input: R,
    /// The line of the next byte, from 1.
    line: u64,
    /// The byte offset of the next byte, from 0.
    offset: u64,
    /// Set after a read error: nothing more is read.
    failed: bool,
    /// The line of the last item's first byte (a game's `(`).
    item_line: u64,
}

/// Reads the games of a GGF file or stream (a GGS archive, an NBoard file) one after
/// another: each game is `(;...;)`, on one line or across lines, with white space
/// between games. Each item is a [`GgfGame`] or the [`GgfError`] saying why the text at
/// that line is not one; a bad game does not stop the ones after it. Text outside the
/// games is one error for each word of it (up to white space or a `(`). Memory stays
/// bounded: one game's text at a time, at most [`MAX_GAME_BYTES`].
///
/// A game not closed before the next one's `(` (outside a value, or at the start of a
/// line inside a value: a value's `]` may be on another line) is the error
/// [`GgfError::Unclosed`], and the next game is read from that `(`; one still open at the
/// end of the input is [`GgfError::Unterminated`].
///
/// A `Read` is read through a [`std::io::BufReader`]: `read_games(BufReader::new(file))`.
///
/// ```
/// use reversi::ggf::{read_games, GgfError};
/// let text = "(;GM[Othello]PB[Anna]B[f5];)\n\
///             (;GM[Othello]B[a1];)\n\
///             (;GM[Othello]\n  PB[Ben]W[f5];)\n";
/// let games: Vec<_> = read_games(text.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().black.as_deref(), Some("Anna"));
/// // a1 flips nothing: the second game is an error naming its line and the move.
/// let error = games[1].as_ref().unwrap_err();
/// assert!(matches!(error, GgfError::Game { line: 2, .. }));
/// assert_eq!(error.to_string(), "game at line 2 (byte 29): move 1 (B[a1]): Black on a1 flips no disc");
/// // The third spans two lines; White's move while Black is to move is refused.
/// assert!(matches!(games[2], Err(GgfError::Game { line: 3, .. })));
/// ```
pub fn read_games<R: BufRead>(input: R) -> Games<R> {
    Games::starting_at(input, 1, 0)
}

impl<R: BufRead> Games<R> {
    /// The games of `input`, whose first byte is at `line` and byte `offset` of a larger
    /// input (what a caller has already taken of it).
    pub(crate) fn starting_at(input: R, line: u64, offset: u64) -> Games<R> {
        Games {
            input,
            line,
            offset,
            failed: false,
            item_line: line,
        }
    }

    /// The line of the last item's first byte: a game's `(`, or the text outside a
    /// game.
    pub(crate) fn item_line(&self) -> u64 {
        self.item_line
    }

    /// The next byte without taking it, `None` at the end of the input.
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok(buffer) => return Ok(buffer.first().copied()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Takes the next byte (one [`Games::peek`] returned).
    fn bump(&mut self, byte: u8) {
        self.input.consume(1);
        self.offset += 1;
        if byte == b'\n' {
            self.line += 1;
        }
    }

    /// Skips the rest of a text outside a game, whose first byte `first` at `line` and
    /// `offset` is taken, up to the next white space or `(`, and says where it was.
    fn outside(&mut self, line: u64, offset: u64, first: u8) -> io::Result<GgfError> {
        let mut text = vec![first];
        while let Some(byte) = self.peek()? {
            if byte.is_ascii_whitespace() || byte == b'(' {
                break;
            }
            self.bump(byte);
            if text.len() < 16 {
                text.push(byte);
            }
        }
        Ok(GgfError::Outside {
            line,
            offset,
            found: String::from_utf8_lossy(&text).into_owned(),
        })
    }

    /// Reads a game's text after its `(;` up to the first `)` outside a value, into
    /// `text` (which holds `(;`) while it is at most [`MAX_GAME_BYTES`] long. It stops
    /// before a `(` outside a value or at the start of a line in a value: the next
    /// game's (GGF games do not nest).
    fn game_text(&mut self, text: &mut Vec<u8>) -> io::Result<GameEnd> {
        let (mut in_value, mut escaped, mut line_start) = (false, false, false);
        while let Some(byte) = self.peek()? {
            if byte == b'(' && (!in_value || line_start) && !escaped {
                return Ok(GameEnd::Cut {
                    next_line: self.line,
                });
            }
            self.bump(byte);
            line_start = byte == b'\n';
            if text.len() <= MAX_GAME_BYTES {
                text.push(byte);
            }
            if escaped {
                escaped = false;
            } else if in_value {
                match byte {
                    b'\\' => escaped = true,
                    b']' => in_value = false,
                    _ => {}
                }
            } else if byte == b'[' {
                in_value = true;
            } else if byte == b')' {
                return Ok(GameEnd::Closed);
            }
        }
        Ok(GameEnd::Input)
    }

    /// The game whose `(` was just seen at `line` and `offset`, or why not.
    fn game(&mut self, line: u64, offset: u64) -> io::Result<Result<GgfGame, GgfError>> {
        let mut text = b"(;".to_vec();
        match self.game_text(&mut text)? {
            GameEnd::Closed => {}
            GameEnd::Input => return Ok(Err(GgfError::Unterminated { line, offset })),
            GameEnd::Cut { next_line } => {
                return Ok(Err(GgfError::Unclosed {
                    line,
                    offset,
                    next_line,
                }))
            }
        }
        if text.len() > MAX_GAME_BYTES {
            return Ok(Err(GgfError::TooLong { line, offset }));
        }
        let text = match std::str::from_utf8(&text) {
            Ok(text) => text,
            Err(_) => return Ok(Err(GgfError::NotUtf8 { line, offset })),
        };
        Ok(
            GgfGame::parse_keeping_legal(text).map_err(|(error, legal)| GgfError::Game {
                line,
                offset,
                error,
                legal,
            }),
        )
    }

    /// The next item, or a read error.
    fn try_next(&mut self) -> io::Result<Option<Result<GgfGame, GgfError>>> {
        while let Some(byte) = self.peek()? {
            if byte.is_ascii_whitespace() {
                self.bump(byte);
                continue;
            }
            let (line, offset) = (self.line, self.offset);
            self.item_line = line;
            self.bump(byte);
            if byte != b'(' || self.peek()? != Some(b';') {
                return self
                    .outside(line, offset, byte)
                    .map(|error| Some(Err(error)));
            }
            self.bump(b';');
            return self.game(line, offset).map(Some);
        }
        Ok(None)
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<GgfGame, GgfError>;

    fn next(&mut self) -> Option<Result<GgfGame, GgfError>> {
        if self.failed {
            return None;
        }
        match self.try_next() {
            Ok(item) => item,
            Err(error) => {
                self.failed = true;
                Some(Err(GgfError::Io(error)))
            }
        }
    }
}
