#![doc = include_str!("../README.md")]

mod bitboard;
mod board;
mod color;
mod perft;

pub use board::{Board, BoardError, IllegalMove, Outcome, SIZE};
pub use color::{ByColor, Color};
/// The [`grid`] types this crate's API uses, for callers that do not depend on `grid`.
pub use grid::{ParseSquareError, Square, SquareSet};
pub use perft::{divide, perft, Convention, ParseConventionError, Ply};
