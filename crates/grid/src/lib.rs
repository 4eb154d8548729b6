#![doc = include_str!("../README.md")]

mod direction;
mod excerpt;
mod random;
mod ray;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_text;
mod set;
mod size;
mod square;

pub use direction::Direction;
pub use excerpt::{excerpt, trim, EXCERPT_CHARS};
pub use random::split_mix64;
pub use ray::Ray;
pub use set::{SquareIndices, SquareSet};
pub use size::{BoardSize, ParseBoardSizeError};
pub use square::{ParseSquareError, Square};
