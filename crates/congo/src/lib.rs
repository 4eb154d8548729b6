#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod movegen;
mod moves;
mod piece;
mod position;
mod tables;
pub mod text;

mod board;
mod dir;
mod fen;
mod listing;
mod perft;
mod play;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod validate;
mod zobrist;

pub use fen::ParseFenError;
pub use grid::{BoardSize, ParseSquareError, Square};
pub use listing::Listing;
pub use moves::{Move, ParseMoveError, MAX_INTERMEDIATE_LANDINGS};
pub use piece::{ByColor, Color, ParseNameError, Piece, Role};
pub use play::IllegalMove;
pub use position::Position;
pub use rules::{Outcome, ParseOutcomeError, ParseRulesError, Rules};
pub use validate::PositionError;

pub mod engine;
pub mod eval;
mod game;
pub mod search;

pub use eval::{MaterialTable, WIN_SCORE};
pub use game::Game;
