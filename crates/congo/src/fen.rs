//! FEN: reading (from bytes, [`ParseFenError`] saying what is wrong and where) and
//! writing (`Display`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{bit, index, SIZE};
use crate::piece::{Color, Role};
use crate::position::Position;

/// FEN letter -> `1 + role index * 2 + colour index`, 0 for other bytes.
const PIECE_CODE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 8 {
        let lower = Role::ALL[i].char() as usize;
        t[lower] = 1 + (i as u8) * 2 + 1;
        t[lower - 32] = 1 + (i as u8) * 2;
        i += 1;
    }
    t
};

/// Why a FEN could not be read. Ranks are named as on the board (the first FEN rank is
/// rank 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseFenError {
    /// The line does not have exactly three whitespace-separated fields.
    #[error("expected 3 fields (placement, side, move number), found {found}")]
    FieldCount {
        /// How many fields the line has.
        found: usize,
    },
    /// The placement does not have exactly seven ranks separated by `/`.
    #[error("expected 7 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks the placement has.
        found: usize,
    },
    /// A rank describes more or fewer than seven squares.
    #[error("rank {rank} has {squares} squares, expected 7")]
    RankLength {
        /// The rank (1-7).
        rank: u8,
        /// How many squares its pieces and digits add up to.
        squares: usize,
    },
    /// A placement character is neither a piece letter (`PSGMELCZ`, either case) nor a digit.
    #[error("unknown piece letter {letter:?} in rank {rank}")]
    UnknownPiece {
        /// The rank (1-7).
        rank: u8,
        /// The offending character (U+FFFD for bytes that are not UTF-8).
        letter: char,
    },
    /// The side field is not `w` or `b` (either case).
    #[error("bad side \"{found}\": expected w or b")]
    BadSide {
        /// The side field as read, escaped and cut to 40 characters (see
        /// [`grid::excerpt`]).
        found: String,
    },
    /// The move number is not a non-negative integer (fitting 64 bits).
    #[error("bad move number \"{found}\": expected a number from 0 to 18446744073709551615")]
    BadMoveNumber {
        /// The move-number field as read, escaped and cut to 40 characters (see
        /// [`grid::excerpt`]).
        found: String,
    },
}

/// The character starting at `bytes[i]`, for error messages.
fn char_at(bytes: &[u8], i: usize) -> char {
    let end = (i + 4).min(bytes.len());
    for j in (i + 1..=end).rev() {
        if let Ok(s) = std::str::from_utf8(&bytes[i..j]) {
            if let Some(c) = s.chars().next() {
                return c;
            }
        }
    }
    char::REPLACEMENT_CHARACTER
}

impl Position {
    /// Reads a FEN (`<placement> <side> <move number>`) from bytes. Fields are separated by
    /// ASCII whitespace; leading and trailing whitespace (spaces, tabs, CR, LF) is ignored.
    /// The side letter may be in either case.
    ///
    /// # Errors
    ///
    /// A [`ParseFenError`] naming the first problem found: field count, rank count, an
    /// unknown piece letter or a rank of the wrong length (first rank with a problem),
    /// then the side, then the move number.
    ///
    /// ```
    /// use congo::{ParseFenError, Position};
    /// let pos = Position::from_fen_bytes(b"2l4/7/4z2/4c2/PP2EP1/3L2p/7 B 23\r\n")?;
    /// assert_eq!(pos.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23");
    /// assert_eq!(
    ///     Position::from_fen_bytes(b"7/7/7/7/7/7/6 w 0"),
    ///     Err(ParseFenError::RankLength { rank: 1, squares: 6 })
    /// );
    /// # Ok::<_, ParseFenError>(())
    /// ```
    pub fn from_fen_bytes(bytes: &[u8]) -> Result<Position, ParseFenError> {
        let [placement, side, number] = fields(bytes)?;
        let mut pos = read_placement(placement)?;
        pos.turn = match side {
            [b] => Color::from_char(*b as char),
            _ => None,
        }
        .ok_or_else(|| ParseFenError::BadSide {
            found: grid::excerpt(side),
        })?;
        pos.key = crate::zobrist::key_of(&pos.by_role, &pos.by_color, pos.turn == Color::Black);
        pos.move_number = parse_u64(number).ok_or_else(|| ParseFenError::BadMoveNumber {
            found: grid::excerpt(number),
        })?;
        Ok(pos)
    }
}

/// The three whitespace-separated fields of a FEN line (placement, side, move number),
/// found in one pass.
fn fields(bytes: &[u8]) -> Result<[&[u8]; 3], ParseFenError> {
    let mut spans = [(0usize, 0usize); 3];
    let mut found = 0usize;
    let mut i = 0;
    let len = bytes.len();
    while i < len {
        while i < len && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == len {
            break;
        }
        let start = i;
        while i < len && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if found < 3 {
            spans[found] = (start, i);
        }
        found += 1;
    }
    if found != 3 {
        return Err(ParseFenError::FieldCount { found });
    }
    Ok(spans.map(|(a, b)| &bytes[a..b]))
}

/// The pieces of a FEN placement (rank 7 first), on an empty board with White to move.
fn read_placement(placement: &[u8]) -> Result<Position, ParseFenError> {
    let ranks = placement.iter().filter(|&&b| b == b'/').count() + 1;
    if ranks != SIZE {
        return Err(ParseFenError::RankCount { found: ranks });
    }
    let mut pos = Position::empty(Color::White, 0);
    let mut rank = SIZE - 1;
    let mut file = 0usize;
    for (j, &b) in placement.iter().enumerate() {
        let code = PIECE_CODE[b as usize];
        if code != 0 {
            if file < SIZE {
                let sq = bit(index(file, rank));
                pos.by_role[usize::from((code - 1) / 2)] |= sq;
                if code % 2 == 1 {
                    pos.by_color.white |= sq;
                } else {
                    pos.by_color.black |= sq;
                }
            }
            file += 1;
        } else if b.is_ascii_digit() {
            file += usize::from(b - b'0');
        } else if b == b'/' {
            if file != SIZE {
                return Err(ParseFenError::RankLength {
                    rank: rank as u8 + 1,
                    squares: file,
                });
            }
            rank -= 1;
            file = 0;
        } else {
            return Err(ParseFenError::UnknownPiece {
                rank: rank as u8 + 1,
                letter: char_at(placement, j),
            });
        }
    }
    if file != SIZE {
        return Err(ParseFenError::RankLength {
            rank: 1,
            squares: file,
        });
    }
    Ok(pos)
}

fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(n)
}

impl FromStr for Position {
    type Err = ParseFenError;
    /// Reads a FEN; see [`Position::from_fen_bytes`].
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        Position::from_fen_bytes(s.as_bytes())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN: placement from rank 7 down, lower-case side letter, move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                match self.piece_on(index(file, rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {}", self.turn.char(), self.move_number)
    }
}
