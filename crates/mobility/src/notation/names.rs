//! Named fairy pieces and their standard Betza definitions.

use crate::error::ParsePieceError;
use crate::notation::betza::{self, InitialMoves};
use crate::piece::Piece;

/// A piece known by name: its names, its Betza definition and where the definition
/// comes from. [`NAMED_PIECES`] lists them all; the crate documentation has the table.
///
/// ```
/// let zebra = mobility::named_piece("Zebra").unwrap();
/// assert_eq!(zebra.betza, "Z");
/// assert_eq!(zebra.names[0], "zebra");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedPiece {
    /// The names, the usual one first, in lower case with spaces between words.
    pub names: &'static [&'static str],
    /// The definition in Betza notation.
    pub betza: &'static str,
    /// Where the definition comes from.
    pub source: &'static str,
}

const FSF_PIECE: &str = "Fairy-Stockfish, src/piece.cpp";
const FSF_VARIANT: &str = "Fairy-Stockfish, src/variant.cpp";
const FIDE: &str = "FIDE Laws of Chess; XBetza (H. G. Muller) for the pawn";
const PIECECLOPEDIA: &str = "The Chess Variant Pages, Piececlopedia";

/// Every named piece, in the order of the crate documentation's table.
pub const NAMED_PIECES: &[NamedPiece] = &[
    NamedPiece {
        names: &["king"],
        betza: "K",
        source: FIDE,
    },
    NamedPiece {
        names: &["queen"],
        betza: "Q",
        source: FIDE,
    },
    NamedPiece {
        names: &["rook"],
        betza: "R",
        source: FIDE,
    },
    NamedPiece {
        names: &["bishop"],
        betza: "B",
        source: FIDE,
    },
    NamedPiece {
        names: &["knight"],
        betza: "N",
        source: FIDE,
    },
    NamedPiece {
        names: &["pawn"],
        betza: "fmWfceFifmnD",
        source: FIDE,
    },
    NamedPiece {
        names: &["wazir"],
        betza: "W",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["ferz", "fers", "met"],
        betza: "F",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["alfil"],
        betza: "A",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["dabbaba"],
        betza: "D",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["threeleaper"],
        betza: "H",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["tripper"],
        betza: "G",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["camel"],
        betza: "C",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["zebra"],
        betza: "Z",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["giraffe"],
        betza: "(1,4)",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["amazon"],
        betza: "QN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["archbishop", "princess", "cardinal"],
        betza: "BN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["chancellor", "empress", "marshal"],
        betza: "RN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["nightrider"],
        betza: "NN",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["wildebeest"],
        betza: "NC",
        source: PIECECLOPEDIA,
    },
    NamedPiece {
        names: &["grasshopper"],
        betza: "gQ",
        source: FSF_VARIANT,
    },
    NamedPiece {
        names: &["centaur"],
        betza: "KN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["commoner", "mann"],
        betza: "K",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["fers alfil"],
        betza: "FA",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["silver", "khon"],
        betza: "FfW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["gold"],
        betza: "WfF",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["aiwok"],
        betza: "RNF",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["bers", "dragon", "dragon king"],
        betza: "RF",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["dragon horse"],
        betza: "BW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["knibis"],
        betza: "mNcB",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["biskni"],
        betza: "mBcN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["kniroo"],
        betza: "mNcR",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["rookni"],
        betza: "mRcN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["shogi pawn"],
        betza: "fW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["lance"],
        betza: "fR",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["shogi knight"],
        betza: "fN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["clobber"],
        betza: "cW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["breakthrough"],
        betza: "fmWfF",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["immobile"],
        betza: "",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["cannon"],
        betza: "mRcpR",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["janggi cannon"],
        betza: "pR",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["soldier"],
        betza: "fsW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["horse"],
        betza: "nN",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["elephant"],
        betza: "nA",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["janggi elephant"],
        betza: "mafsmafW",
        source: FSF_PIECE,
    },
    NamedPiece {
        names: &["banner"],
        betza: "RcpRnN",
        source: FSF_PIECE,
    },
];

/// The name folded for comparison: ASCII lower case, without spaces, `-` and `_`
/// (`Janggi elephant`, `janggi-elephant` and Fairy-Stockfish's `janggiElephant` match).
fn fold(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The named piece called `name` (case, spaces, `-` and `_` ignored), if there is one.
///
/// ```
/// assert_eq!(mobility::named_piece("janggiElephant").unwrap().betza, "mafsmafW");
/// assert!(mobility::named_piece("unicorn").is_none());
/// ```
#[must_use]
pub fn named_piece(name: &str) -> Option<&'static NamedPiece> {
    let folded = fold(name.trim());
    if folded.is_empty() {
        return None;
    }
    NAMED_PIECES
        .iter()
        .find(|piece| piece.names.iter().any(|n| fold(n) == folded))
}

impl Piece {
    /// The named piece called `name` (see [`named_piece`]), its `i` moves counted as
    /// `initial` says.
    ///
    /// # Errors
    ///
    /// [`ParsePieceError::UnknownName`] when no piece has that name.
    ///
    /// ```
    /// use mobility::{InitialMoves, Piece};
    /// assert_eq!(Piece::named("amazon", InitialMoves::Exclude)?, "QN".parse()?);
    /// assert_eq!(Piece::named("pawn", InitialMoves::Include)?, "fWfD".parse()?);
    /// assert!(Piece::named("unicorn", InitialMoves::Exclude).is_err());
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn named(name: &str, initial: InitialMoves) -> Result<Piece, ParsePieceError> {
        match named_piece(name) {
            Some(named) => {
                let mut piece = betza::parse(named.betza, initial)?;
                remember(&mut piece, named, initial);
                Ok(piece)
            }
            None => Err(ParsePieceError::UnknownName {
                column: name.chars().take_while(|c| c.is_whitespace()).count() + 1,
                name: shown(name),
            }),
        }
    }
}

/// At most 40 characters of the trimmed `name` for a message, then `…` if there were
/// more.
fn shown(name: &str) -> String {
    let mut shown: String = name.trim().chars().take(40).collect();
    if name.trim().chars().count() > 40 {
        shown.push('…');
    }
    shown
}

/// Whether `text` reads as an attempt at a name rather than at Betza notation: a word
/// of at least three lower-case ASCII letters (spaces, `-` and `_` allowed between
/// them). Betza notation always ends with an atom (a capital letter) or a range.
pub(crate) fn looks_like_name(text: &str) -> bool {
    let text = text.trim();
    text.chars().filter(|c| c.is_ascii_lowercase()).count() >= 3
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || matches!(c, ' ' | '-' | '_'))
}

/// The name of the piece with no moves, whose Betza in the table is the empty text
/// (`Display` writes the name, since `str::parse` refuses empty text).
pub(crate) const IMMOBILE: &str = "immobile";

/// The named piece whose Betza is exactly `text`, if there is one (the first).
pub(crate) fn with_betza(text: &str) -> Option<&'static NamedPiece> {
    NAMED_PIECES.iter().find(|piece| piece.betza == text)
}

/// Marks `piece`, read from `named`'s Betza counting `i` moves as `initial` says, as
/// that entry, if [`Piece::parse_betza`] of the entry's Betza (which leaves `i` moves
/// out) gives the same moves: the pawn read with its double step is not the table's
/// text.
pub(crate) fn remember(piece: &mut Piece, named: &'static NamedPiece, initial: InitialMoves) {
    let same = initial == InitialMoves::Exclude
        || betza::parse(named.betza, InitialMoves::Exclude).map_or(false, |read| read == *piece);
    if same {
        piece.set_table_text(named.betza);
    }
}

/// The shortest Betza of the name table (the first of equal length) whose moves are
/// those of `piece` (`fW` for the shogi pawn rather than the pawn's `fmWfceFifmnD`).
pub(crate) fn shortest_betza_of(piece: &Piece) -> Option<&'static str> {
    NAMED_PIECES
        .iter()
        .map(|named| named.betza)
        .filter(|text| {
            betza::parse(text, InitialMoves::Exclude).map_or(false, |read| read == *piece)
        })
        .min_by_key(|text| text.len())
}

/// The error for a piece's name given as Betza notation (`amazon`), if `text` is one
/// and no Betza.
pub(crate) fn name_not_betza(text: &str) -> Option<ParsePieceError> {
    named_piece(text).map(|named| ParsePieceError::NameNotBetza {
        column: text.chars().take_while(|c| c.is_whitespace()).count() + 1,
        name: shown(text),
        betza: named.betza,
    })
}
