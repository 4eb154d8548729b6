//! Board dimensions.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;

/// The dimensions of a rectangular board: `files` columns (`a`, `b`, ...) by `ranks` rows
/// (`1`, `2`, ...).
///
/// Files range over `1..=26` (one letter `a`..`z` each) and ranks over `1..=99` (one or
/// two digits), so every square has an algebraic name. Congo is 7x7, chess and Reversi
/// 8x8.
///
/// ```
/// use grid::BoardSize;
///
/// let size: BoardSize = "10x12".parse()?;
/// assert_eq!((size.files(), size.ranks()), (10, 12));
/// assert_eq!(size.square_count(), 120);
/// assert_eq!(size.to_string(), "10x12");
/// assert_eq!(BoardSize::new(27, 8), None);
/// # Ok::<_, grid::ParseBoardSizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    /// The largest number of files: one letter each, `a`..`z`.
    pub const MAX_FILES: u8 = 26;
    /// The largest number of ranks: one or two digits each, `1`..`99`.
    pub const MAX_RANKS: u8 = 99;
    /// The Congo board, 7 files by 7 ranks.
    pub const CONGO: BoardSize = BoardSize { files: 7, ranks: 7 };
    /// The chess and Reversi board, 8 files by 8 ranks.
    pub const CHESS: BoardSize = BoardSize { files: 8, ranks: 8 };

    /// The board of `files` by `ranks` squares, or `None` unless
    /// `1 <= files <= 26` and `1 <= ranks <= 99`.
    ///
    /// ```
    /// use grid::BoardSize;
    /// assert_eq!(BoardSize::new(7, 7), Some(BoardSize::CONGO));
    /// assert_eq!(BoardSize::new(0, 8), None);
    /// assert_eq!(BoardSize::new(8, 100), None);
    /// ```
    #[must_use]
    pub const fn new(files: u8, ranks: u8) -> Option<BoardSize> {
        if files >= 1 && files <= Self::MAX_FILES && ranks >= 1 && ranks <= Self::MAX_RANKS {
            Some(BoardSize { files, ranks })
        } else {
            None
        }
    }

    /// Number of files (columns).
    #[must_use]
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (rows).
    #[must_use]
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares, `files * ranks`.
    #[must_use]
    pub const fn square_count(self) -> usize {
        self.files as usize * self.ranks as usize
    }
}

impl Default for BoardSize {
    /// The 8x8 chess board.
    fn default() -> Self {
        BoardSize::CHESS
    }
}

impl fmt::Display for BoardSize {
    /// Writes `FILESxRANKS`, e.g. `8x8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// Why a board size such as `8x8` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBoardSizeError {
    /// The text is not two decimal numbers joined by `x`.
    #[error("invalid board size \"{text}\": expected FILESxRANKS, e.g. 8x8")]
    Syntax {
        /// The text that was read (escaped, at most 40 characters: see
        /// [`crate::excerpt`]).
        text: String,
    },
    /// The numbers are outside `1..=26` files or `1..=99` ranks.
    #[error("board size \"{text}\" out of range: expected a number of files from 1 to 26 and of ranks from 1 to 99")]
    OutOfRange {
        /// The text that was read (escaped, at most 40 characters: see
        /// [`crate::excerpt`]).
        text: String,
    },
}

impl FromStr for BoardSize {
    type Err = ParseBoardSizeError;

    /// Reads `FILESxRANKS` (`8x8`, `26x26`; an upper-case `X` is accepted too).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || ParseBoardSizeError::Syntax {
            text: excerpt(text.as_bytes()),
        };
        let (files, ranks) = text.split_once(['x', 'X']).ok_or_else(syntax)?;
        let number = |part: &str| -> Result<u32, ParseBoardSizeError> {
            if part.is_empty() || part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            part.parse().map_err(|_| syntax())
        };
        let (files, ranks) = (number(files)?, number(ranks)?);
        u8::try_from(files)
            .ok()
            .zip(u8::try_from(ranks).ok())
            .and_then(|(files, ranks)| BoardSize::new(files, ranks))
            .ok_or(ParseBoardSizeError::OutOfRange {
                text: excerpt(text.as_bytes()),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert!(BoardSize::new(1, 1).is_some());
        assert!(BoardSize::new(26, 99).is_some());
        assert!(BoardSize::new(0, 1).is_none());
        assert!(BoardSize::new(1, 0).is_none());
        assert!(BoardSize::new(27, 1).is_none());
        assert!(BoardSize::new(1, 100).is_none());
        assert_eq!(BoardSize::default(), BoardSize::CHESS);
    }

    #[test]
    fn parse() {
        assert_eq!("7x7".parse(), Ok(BoardSize::CONGO));
        assert_eq!("8X8".parse(), Ok(BoardSize::CHESS));
        assert_eq!("26x26".parse::<BoardSize>().unwrap().square_count(), 676);
        for bad in [
            "", "x", "8", "8x", "x8", "8x8x8", "-1x8", "+8x8", "8 x 8", "a x b",
        ] {
            assert!(
                matches!(
                    bad.parse::<BoardSize>(),
                    Err(ParseBoardSizeError::Syntax { .. })
                ),
                "{bad:?}"
            );
        }
        for bad in ["0x8", "27x8", "8x100", "99999999999x1", "300x8"] {
            assert!(bad.parse::<BoardSize>().is_err(), "{bad:?}");
        }
    }
}
