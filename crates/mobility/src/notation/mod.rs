//! Reading and writing pieces: the exercise's `once`/`repeated` line form (`once`),
//! Betza notation (`betza`, which also writes a piece's `Display`) and named pieces
//! (`names`), side by side. Each builds a [`Piece`] and depends on `crate::piece`, never
//! the other way round; [`Piece`]'s `FromStr` picks one by the text.

use std::str::FromStr;

use crate::error::ParsePieceError;
use crate::piece::Piece;

pub(crate) mod betza;
pub(crate) mod names;
mod once;

pub use betza::InitialMoves;
pub use names::{named_piece, NamedPiece, NAMED_PIECES};

impl Piece {
    /// Reads a piece in any of the accepted forms, `i` moves counted as `initial` says:
    /// the `once`/`repeated` line form when the text starts with one of those keywords;
    /// otherwise a piece's name when the text is one ([`named_piece`]: case, spaces, `-`
    /// and `_` ignored), even if it also reads as Betza notation (`mANN` is the mann,
    /// like `Mann` and `MANN`; reorder atoms to mean Betza, `NNmA`); otherwise Betza
    /// notation.
    ///
    /// # Errors
    ///
    /// [`ParsePieceError::Empty`] for nothing but white space; for a word of lower-case
    /// letters that names no piece, [`ParsePieceError::UnknownName`]; otherwise the
    /// error of the line form or of Betza notation, naming the column.
    ///
    /// ```
    /// use mobility::{InitialMoves, Piece};
    /// let include = InitialMoves::Include;
    /// assert_eq!(Piece::parse_with("pawn", include)?, Piece::parse_with("fWfD", include)?);
    /// assert_eq!(Piece::parse_with("Chancellor", include)?, "RN".parse()?);
    /// assert_eq!(Piece::parse_with("mANN", include)?, "K".parse()?); // the mann
    /// assert_eq!(Piece::parse_with("NNmA", include)?, Piece::parse_betza("mANN")?);
    /// assert!(Piece::parse_with("unicorn", include).is_err());
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn parse_with(text: &str, initial: InitialMoves) -> Result<Piece, ParsePieceError> {
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            return Err(ParsePieceError::Empty);
        }
        if trimmed.starts_with("once") || trimmed.starts_with("repeated") {
            return Piece::parse_lists(text);
        }
        // A name wins over Betza notation: whatever its case, a name is the piece, so
        // `mANN` (which also reads as `mA` + `NN`) is the mann like `Mann`.
        if named_piece(text).is_some() {
            return Piece::named(text, initial);
        }
        match Piece::parse_betza_with(text, initial) {
            Ok(piece) => Ok(piece),
            Err(betza_error) => {
                if names::looks_like_name(text) {
                    Piece::named(text, initial)
                } else {
                    Err(betza_error)
                }
            }
        }
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// [`Piece::parse_with`] without `i` moves: the `once`/`repeated` form when the text
    /// starts with one of those keywords, otherwise a piece's name when the text is one
    /// (in any case), otherwise Betza notation.
    fn from_str(text: &str) -> Result<Piece, ParsePieceError> {
        Piece::parse_with(text, InitialMoves::Exclude)
    }
}
