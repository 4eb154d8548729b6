#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod movegen;
mod moves;
mod piece;
mod position;
mod tables;
pub mod text;

pub use grid::{BoardSize, ParseSquareError, Square};
pub use movegen::{IllegalMove, Rules, Status};
pub use moves::{Move, ParseMoveError, MAX_INTERMEDIATE_LANDINGS};
pub use piece::{ByColor, Color, Piece, Role};
pub use position::{Listing, ParseFenError, Position};

pub mod engine;
pub mod eval;
mod game;
pub mod search;

pub use eval::{MaterialTable, WIN_SCORE};
pub use game::Game;
