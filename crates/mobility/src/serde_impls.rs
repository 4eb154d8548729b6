//! `serde` support (the optional `serde` feature): `Board` serializes as `FILESxRANKS`
//! (`8x8`) and `Piece` as the text its `Display` writes (Betza, or `immobile`), read back
//! as `str::parse` reads it (the empty text, Fairy-Stockfish's Betza of the piece with
//! no moves, reads too); `Range` and `InitialMoves` derive the usual enum forms.

use crate::{Board, ParsePieceError, Piece};

grid::serde_as_text!(
    Board: "a board size such as 8x8",
    Piece: "a piece in Betza notation such as N or WB, or a piece's name" => read_piece,
);

/// `str::parse`, and the empty text as the piece with no moves.
fn read_piece(text: &str) -> Result<Piece, ParsePieceError> {
    if text.trim().is_empty() {
        Ok(Piece::new())
    } else {
        text.parse()
    }
}
