//! Reading pieces: the exercise's `once`/`repeated` line form (`once`) and Betza
//! notation (`betza`), side by side; [`Piece`]'s `FromStr` picks one by the text's
//! first word. Both build a [`Piece`] and depend on [`crate::piece`], never the other way.

use std::str::FromStr;

use crate::error::ParsePieceError;
use crate::piece::Piece;

mod betza;
mod once;

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// The `once`/`repeated` form when the text starts with one of those keywords,
    /// Betza notation otherwise.
    fn from_str(text: &str) -> Result<Piece, ParsePieceError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with("once") || trimmed.starts_with("repeated") {
            Piece::parse_lists(text)
        } else {
            Piece::parse_betza(text)
        }
    }
}
