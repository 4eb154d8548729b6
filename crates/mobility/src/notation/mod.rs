//! Reading and writing pieces: the exercise's `once`/`repeated` line form (`once`),
//! Betza notation (`betza`) and named pieces (`names`, whose definitions `betza` reads),
//! side by side. Each builds a [`Piece`] and depends on `crate::piece`, never the other
//! way round; this module joins them: [`Piece`]'s `FromStr` picks one by the text, and
//! its `Display` writes a name table entry or the Betza `betza` works out.

use std::fmt;
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

impl Piece {
    /// Reads Betza notation (H. G. Muller's extended form, as XBoard and Fairy-Stockfish
    /// read it; see the crate documentation for what is supported and what each modifier
    /// means on an empty board). Moves marked `i` are not counted
    /// ([`InitialMoves::Exclude`]). Text of nothing but white space is the piece with no
    /// moves, as Fairy-Stockfish reads its `immobile` piece. Names are not Betza: read
    /// them with `str::parse` or [`Piece::named`].
    ///
    /// # Errors
    ///
    /// [`ParsePieceError`] naming the character and its column;
    /// [`ParsePieceError::NameNotBetza`] for a piece's name that is no Betza notation
    /// (`amazon`), with the name table's Betza for it.
    ///
    /// ```
    /// use mobility::{ParsePieceError, Piece};
    /// assert_eq!(Piece::parse_betza("fN")?.len(), 2); // the shogi knight
    /// assert!(Piece::parse_betza("pR")?.is_empty()); // a hopper needs a screen
    /// assert_eq!(Piece::parse_betza("mafsmafW")?, Piece::parse_betza("Z")?); // Janggi elephant
    /// assert!(Piece::parse_betza("xR").is_err());
    /// assert!(matches!(
    ///     Piece::parse_betza("amazon"),
    ///     Err(ParsePieceError::NameNotBetza { betza: "QN", .. })
    /// ));
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn parse_betza(text: &str) -> Result<Piece, ParsePieceError> {
        Piece::parse_betza_with(text, InitialMoves::Exclude)
    }

    /// Reads Betza notation like [`Piece::parse_betza`], counting `i` moves or not.
    ///
    /// # Errors
    ///
    /// [`ParsePieceError`] naming the character and its column, or
    /// [`ParsePieceError::NameNotBetza`] for a piece's name.
    ///
    /// ```
    /// use mobility::{InitialMoves, Piece};
    /// let first_move = Piece::parse_betza_with("ifR", InitialMoves::Include)?;
    /// assert_eq!(first_move, "fR".parse()?);
    /// assert!(Piece::parse_betza_with("ifR", InitialMoves::Exclude)?.is_empty());
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn parse_betza_with(text: &str, initial: InitialMoves) -> Result<Piece, ParsePieceError> {
        match betza::parse(text, initial) {
            Ok(mut piece) => {
                // Exactly a name table entry's Betza (`mRcpR`): the piece displays as it.
                if let Some(named) = names::with_betza(text.trim()) {
                    names::remember(&mut piece, named, initial);
                }
                Ok(piece)
            }
            Err(error) => Err(names::name_not_betza(text).unwrap_or(error)),
        }
    }
}

/// Writes the piece as text that `str::parse` reads back to the same moves: the name
/// table's Betza for a piece read from the table (by its name, such as `cannon`, or by
/// that Betza, `mRcpR`), else the shortest Betza of the table with the same moves (`QN`
/// for a queen and a knight, `NN`, `fsW`), else Betza worked out from the moves (atoms,
/// ranges and single-move letters, `lfrN2`). The piece with no moves, whose Betza is the
/// empty text (Fairy-Stockfish's), writes its name, `immobile`.
///
/// ```
/// use mobility::{InitialMoves, Piece};
/// assert_eq!("Q".parse::<Piece>()?.to_string(), "Q");
/// assert_eq!("amazon".parse::<Piece>()?.to_string(), "QN");
/// assert_eq!("cannon".parse::<Piece>()?.to_string(), "mRcpR");
/// assert_eq!("N0".parse::<Piece>()?.to_string(), "NN"); // the nightrider
/// assert_eq!(Piece::new().to_string(), "immobile");
/// assert_eq!("(4,1)".parse::<Piece>()?.to_string(), "(1,4)"); // the giraffe
/// assert_eq!("frN2".parse::<Piece>()?.to_string(), "frN2");
/// for text in ["fN", "R4", "NN", "bhD3", "(5,7)", "cannon", "immobile"] {
///     let piece: Piece = text.parse()?;
///     assert_eq!(piece.to_string().parse::<Piece>()?, piece);
/// }
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.table_text() {
            Some(text) => Some(text),
            None => names::shortest_betza_of(self),
        };
        match text {
            Some("") => f.write_str(names::IMMOBILE),
            Some(text) => f.write_str(text),
            None => betza::write_moves(self, f),
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
