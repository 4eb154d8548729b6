//! `serde` support (the optional `serde` feature): the types with a text form serialize
//! as that text (`Board` as its diagram and side-to-move line, `Color` as `Black`,
//! `Outcome` as `Black wins`, `Convention` as its letter, `Square` as `d3`, `Ply` as `d3` or `pass`,
//! `Transcript` as `f5d6c3`) and deserialize with their `FromStr`; `ByColor` and
//! `Orientation` derive the usual struct and enum forms.

use crate::{Board, Color, Convention, Outcome, Ply, Square, Transcript};

grid::serde_as_text!(
    Board: "a Reversi board: eight rows of X, O and . and a side-to-move line",
    Color: "Black or White",
    Outcome: "Black wins, White wins or Draw",
    Convention: "a perft convention letter: A, N or E",
    Ply: "a square such as d3, or pass",
    Square: "a square of the 8x8 board such as d3",
    Transcript: "a transcript such as f5d6c3",
);
