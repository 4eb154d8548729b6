#![doc = include_str!("../README.md")]

mod bitboard;
mod board;
mod color;
mod perft;

pub use board::{Board, BoardError, IllegalMove, Outcome, SIZE};
pub use color::{ByColor, Color};
pub use perft::{divide, perft, Convention, ParseConventionError, Ply};
