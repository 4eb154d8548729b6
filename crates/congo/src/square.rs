//! Squares of the 7x7 Congo board.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A square of the 7x7 board, stored as its index `rank * 7 + file` (a1 = 0, g7 = 48).
///
/// ```
/// use congo::Square;
/// let d4 = Square::parse("d4")?;
/// assert_eq!((d4.file(), d4.rank(), d4.index()), (3, 3, 24));
/// assert_eq!(d4.to_string(), "d4");
/// # Ok::<_, congo::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    /// The name is not two characters long.
    #[error("a square name is a file a-g and a rank 1-7, found {text:?}")]
    Length {
        /// The text as read.
        text: String,
    },
    /// The file letter is not `a`..`g`.
    #[error("bad file {found:?} (expected a-g)")]
    File {
        /// The character found.
        found: char,
    },
    /// The rank digit is not `1`..`7`.
    #[error("bad rank {found:?} (expected 1-7)")]
    Rank {
        /// The character found.
        found: char,
    },
}

impl Square {
    /// The square with 0-based `file` and `rank`, `None` outside 0..7.
    ///
    /// ```
    /// use congo::Square;
    /// assert_eq!(Square::new(6, 6).map(|s| s.to_string()), Some("g7".to_owned()));
    /// assert_eq!(Square::new(7, 0), None);
    /// ```
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 7 && rank < 7 {
            Some(Square(rank * 7 + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 7 + file`, `None` from 49 on.
    ///
    /// ```
    /// use congo::Square;
    /// assert_eq!(Square::from_index(48), Square::new(6, 6));
    /// assert_eq!(Square::from_index(49), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 49 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        Square(index as u8)
    }

    /// The index `rank * 7 + file` (the bit of this square in a bitboard).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based file (0 = `a`).
    pub const fn file(self) -> u8 {
        self.0 % 7
    }

    /// The 0-based rank (0 = rank 1).
    pub const fn rank(self) -> u8 {
        self.0 / 7
    }

    /// Reads an algebraic name from bytes (`b"d4"`).
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] when the text is not a file `a`-`g` followed by a rank `1`-`7`.
    pub fn parse_bytes(text: &[u8]) -> Result<Square, ParseSquareError> {
        match *text {
            [f, r] => {
                if !(b'a'..=b'g').contains(&f) {
                    return Err(ParseSquareError::File { found: f as char });
                }
                if !(b'1'..=b'7').contains(&r) {
                    return Err(ParseSquareError::Rank { found: r as char });
                }
                Ok(Square((r - b'1') * 7 + (f - b'a')))
            }
            _ => Err(ParseSquareError::Length {
                text: String::from_utf8_lossy(text).into_owned(),
            }),
        }
    }

    /// Reads an algebraic name (`"d4"`); see [`Square::parse_bytes`].
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] when the text is not a square name.
    pub fn parse(text: &str) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(text.as_bytes())
    }

    /// The two name bytes, e.g. `*b"d4"`.
    pub const fn name_bytes(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse(s)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name_bytes();
        write!(f, "{}{}", a as char, b as char)
    }
}
