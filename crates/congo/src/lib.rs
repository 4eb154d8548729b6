#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod eval;
pub mod judge;
mod movegen;
mod moves;
mod piece;
mod position;
mod search;
mod tables;

pub use eval::{Material, INFINITY, WIN};
pub use grid::{BoardSize, ParseSquareError, Square};
pub use movegen::{IllegalMove, Rules, Status};
pub use moves::{Move, ParseMoveError, MAX_INTERMEDIATE_LANDINGS};
pub use piece::{ByColor, Color, Piece, Role};
pub use position::{Listing, ParseFenError, Position};
pub use search::SearchResult;
