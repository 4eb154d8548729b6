//! The one-line position text of Edax's `.obf` files and the FFO endgame suite.

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::squares::Square;

/// Why a line is not an `.obf` position ([`Board::from_obf`]). Columns count bytes from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseObfError {
    /// The line ends before the 64 squares.
    #[error("expected 64 squares, found {found}")]
    TooShort {
        /// The number of characters before the line ends.
        found: usize,
    },
    /// A square's character is not `X`, `*`, `O` or `-`.
    #[error("column {column}: {found:?} on {square} is not X, O or -")]
    Square {
        /// The column (1..=64).
        column: usize,
        /// The square it stands for.
        square: Square,
        /// The character.
        found: char,
    },
    /// No single space after the 64 squares.
    #[error("column 65: expected a space after the 64 squares, found {found}")]
    NoSpace {
        /// What stands there: the character quoted (`'Z'`), or `the end of the line`.
        found: String,
    },
    /// The side to move is not `X` or `O`.
    #[error("column 66: the side to move must be X or O, found {found}")]
    Side {
        /// What stands there: the character quoted (`'Z'`), or `the end of the line`.
        found: String,
    },
    /// Something other than white space or a `;` comment follows the side to move.
    #[error("column {column}: unexpected {found:?} after the side to move (only `;` and a comment may follow)")]
    Trailing {
        /// The column.
        column: usize,
        /// The character.
        found: char,
    },
}

/// A character found, or the end of the line, for an error message.
fn shown(found: Option<char>) -> String {
    found.map_or_else(|| "the end of the line".to_owned(), |c| format!("{c:?}"))
}

impl Board {
    /// Reads a position in the one-line form of Edax's `.obf` files and the FFO endgame
    /// suite: 64 characters, one a square in the order a1 b1 ... h1 a2 ... h8 (rank 1
    /// first), `X` (or `*`) Black, `O` White, `-` (or `.`) empty; one space; the side to
    /// move, `X` (or `*`) or `O`; then optionally white space and `;` followed by anything
    /// (Edax writes `move:score` pairs there). Leading white space and a trailing `\r`
    /// are allowed. It does not check that the board can occur in a game
    /// ([`Board::validate`] does).
    ///
    /// # Errors
    /// A [`ParseObfError`] naming the column and what was wrong there.
    ///
    /// ```
    /// use reversi::Board;
    /// let start = "---------------------------OX------XO--------------------------- X";
    /// assert_eq!(Board::from_obf(start)?, Board::START);
    /// assert_eq!(Board::START.to_obf(), start);
    /// assert!(Board::from_obf(&start[..60]).is_err());
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn from_obf(line: &str) -> Result<Board, ParseObfError> {
        let line = line.trim_start();
        let line = line.strip_suffix('\r').unwrap_or(line);
        let bytes = line.as_bytes();
        let char_at = |i: usize| line.get(i..).and_then(|rest| rest.chars().next());
        let (mut black, mut white) = (0u64, 0u64);
        for index in 0..64 {
            let b = match bytes.get(index) {
                Some(&b) => b,
                None => return Err(ParseObfError::TooShort { found: index }),
            };
            match b {
                b'X' | b'x' | b'*' => black |= 1 << index,
                b'O' | b'o' => white |= 1 << index,
                b'-' | b'.' => {}
                _ => {
                    let square = Square::at(index);
                    return Err(ParseObfError::Square {
                        column: index + 1,
                        square,
                        found: char_at(index).unwrap_or('?'),
                    });
                }
            }
        }
        if bytes.get(64) != Some(&b' ') {
            return Err(ParseObfError::NoSpace {
                found: shown(char_at(64)),
            });
        }
        let side = match bytes.get(65) {
            Some(b'X' | b'x' | b'*') => Color::Black,
            Some(b'O' | b'o') => Color::White,
            _ => {
                return Err(ParseObfError::Side {
                    found: shown(char_at(65)),
                })
            }
        };
        for (i, &b) in bytes.iter().enumerate().skip(66) {
            match b {
                b';' => break,
                b' ' | b'\t' => {}
                _ => {
                    return Err(ParseObfError::Trailing {
                        column: i + 1,
                        found: char_at(i).unwrap_or('?'),
                    })
                }
            }
        }
        let board = Board::from_discs(
            crate::SquareSet::from_bits(black),
            crate::SquareSet::from_bits(white),
            side,
        );
        match board {
            Ok(board) => Ok(board),
            Err(_) => unreachable!("a square holds one character"),
        }
    }

    /// The board in the `.obf` form [`Board::from_obf`] reads: 64 characters (a1 ... h8,
    /// `X` Black, `O` White, `-` empty), a space and the side to move (`X` or `O`).
    ///
    /// ```
    /// let text = reversi::Board::START.to_obf();
    /// assert_eq!(&text[27..29], "OX");
    /// assert!(text.ends_with(" X"));
    /// ```
    #[must_use]
    pub fn to_obf(&self) -> String {
        let black = self.discs(Color::Black).bits();
        let white = self.discs(Color::White).bits();
        let mut text: String = (0..64)
            .map(|i| {
                if black >> i & 1 != 0 {
                    'X'
                } else if white >> i & 1 != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        text.push(' ');
        text.push(self.side_to_move().char());
        text
    }
}
