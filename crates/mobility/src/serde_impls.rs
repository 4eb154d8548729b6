//! `serde` support (the optional `serde` feature): `Board` serializes as `FILESxRANKS`
//! (`8x8`) and `Piece` as the Betza text its `Display` writes, read back with
//! [`Piece::parse_betza`]; `Range` and `InitialMoves` derive the usual enum forms.

use crate::{Board, Piece};

grid::serde_as_text!(
    Board: "a board size such as 8x8",
    Piece: "a piece in Betza notation such as N or WB" => Piece::parse_betza,
);
