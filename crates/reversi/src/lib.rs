#![doc = include_str!("../README.md")]

mod bitboard;
mod board;
mod color;
mod diagram;
pub mod ggf;
pub mod kernel;
mod obf;
mod perft;
mod ply;
#[cfg(feature = "random")]
pub mod random;
pub mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod squares;
mod symmetry;
mod transcript;
pub mod wthor;
mod zobrist;

pub use board::{
    Board, BoardError, IllegalMove, InvalidBoard, Outcome, ParseBoardError, ParseOutcomeError,
};
pub use color::{ByColor, Color, ParseColorError};
pub use diagram::{BoardDisplay, Diagram, Orientation};
pub use obf::ParseObfError;
pub use perft::{Convention, ParseConventionError};
pub use ply::{ParsePlyError, Ply};
pub use squares::{Square, SquareIter, SquareSet, WrongBoardSize, SIZE};
pub use symmetry::Symmetry;
pub use transcript::{ParseTranscriptError, Transcript};

/// The error of [`Square`]'s `FromStr` ([`grid`]'s), for callers that do not depend on `grid`.
pub use grid::ParseSquareError;
