#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod attacks;
mod movegen;
mod moves;
mod piece;
mod position;
mod square;
mod tables;

mod board;
mod dir;
mod fen;
mod perft;
mod play;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod validate;
mod zobrist;

pub use fen::ParseFenError;
pub use grid::ParseSquareError;
pub use moves::{Move, ParseMoveError, MAX_INTERMEDIATE_LANDINGS};
pub use piece::{ByColor, ByRole, Color, ParseNameError, Piece, Role};
pub use play::IllegalMove;
pub use position::Position;
pub use rules::{
    DrawReason, Outcome, ParseOutcomeError, ParseRulesError, Rules, Status, WinReason,
};
pub use square::{Square, SquareIter, SquareSet, WrongBoardSize};
pub use validate::PositionError;
