#![doc = include_str!("../README.md")]

mod direction;
pub mod lines;
mod set;
mod size;
mod square;

pub use direction::{Direction, Ray};
pub use lines::{excerpt, EXCERPT_CHARS};
pub use set::{SquareIndices, SquareSet};
pub use size::{BoardSize, ParseBoardSizeError};
pub use square::{ParseSquareError, Square};
