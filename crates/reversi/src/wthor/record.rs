//! What is wrong in one game record of a WTHOR file: its move bytes.

use crate::board::IllegalMove;
use crate::squares::Square;
use thiserror::Error;

/// What is wrong inside one game record, before its place in the file is known (see
/// [`WthorError::Record`](super::WthorError::Record)). Move numbers count from 1.
///
/// ```
/// use reversi::wthor::{WthorGame, RecordError, GAME_LEN};
/// let mut record = [0u8; GAME_LEN];
/// record[8] = 19; // file 9: off the board
/// let error = WthorGame::from_record(&record, 1977).unwrap_err();
/// assert_eq!(error, RecordError::BadSquare { number: 1, byte: 19 });
/// assert_eq!(error.to_string(), "move 1: byte 19 is not a square (10 * rank + file, both 1 to 8) nor 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A move byte that is neither 0 nor `10 * rank + file` with both from 1 to 8.
    #[error("move {number}: byte {byte} is not a square (10 * rank + file, both 1 to 8) nor 0")]
    BadSquare {
        /// The move's number, from 1.
        number: usize,
        /// The byte read.
        byte: u8,
    },
    /// A move byte other than 0 after a 0 byte (the end of the moves).
    #[error("move {number}: byte {byte} follows the end of the moves (a 0 byte)")]
    MoveAfterEnd {
        /// The move's number, from 1.
        number: usize,
        /// The byte read.
        byte: u8,
    },
    /// A square that is not a legal move there (passes inserted where the side to move
    /// has no move).
    #[error("move {number} ({square}): {source}")]
    Illegal {
        /// The move's number, from 1 (passes not counted).
        number: usize,
        /// The square played.
        square: Square,
        /// Why it is not legal.
        #[source]
        source: IllegalMove,
    },
}
