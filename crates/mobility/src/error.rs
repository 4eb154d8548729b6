//! The crate's error types.

use grid::{BoardSize, ParseSquareError, Square};
use thiserror::Error;

/// Why one of the exercise's operations could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MobilityError {
    /// An algebraic square name that is malformed or off the board (`x9`, `a0`, `D4`,
    /// `i1` on 8x8, an empty string).
    #[error("invalid square: {0}")]
    InvalidSquare(#[source] ParseSquareError),
    /// Matrix coordinates `(row, col)` outside the board.
    #[error("invalid square: coordinates ({row}, {col}) are off the {size} board")]
    InvalidCoordinates {
        /// The row asked for (0 = the top rank).
        row: i64,
        /// The column asked for (0 = file `a`).
        col: i64,
        /// The board.
        size: BoardSize,
    },
    /// A square of another board size than the board asked about (a `d4` of 10x10 given
    /// to 8x8): an error rather than the square of the same name.
    #[error(
        "invalid square: {square} is a square of the {square_size} board, not of the {size} board"
    )]
    OtherBoard {
        /// The square given.
        square: Square,
        /// The board size of the square given.
        square_size: BoardSize,
        /// The board asked about.
        size: BoardSize,
    },
    /// The direction `(0, 0)`: a rider repeating it would never end.
    #[error("invalid direction (0, 0): a direction must move the piece")]
    ZeroDirection,
    /// A direction whose row step is `i32::MIN` (its rank step does not fit an `i32`).
    #[error("invalid direction ({dr}, {dk}): the row step is out of range")]
    DirectionOutOfRange {
        /// Row step.
        dr: i32,
        /// Column step.
        dk: i32,
    },
}

impl From<ParseSquareError> for MobilityError {
    fn from(error: ParseSquareError) -> Self {
        MobilityError::InvalidSquare(error)
    }
}

/// Why a piece description (the `once`/`repeated` form or Betza notation) could not be
/// read. Columns count characters from 1 at the start of the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePieceError {
    /// Nothing but white space.
    #[error("empty piece description")]
    Empty,
    /// Something other than what the `once`/`repeated` grammar allows at this point.
    #[error("column {column}: expected {expected}, found {found}")]
    Expected {
        /// 1-based character column.
        column: usize,
        /// What the grammar allows here.
        expected: &'static str,
        /// What is there (a quoted character, or `end of line`).
        found: String,
    },
    /// A number of the `once`/`repeated` form outside -2147483648 to 2147483647 (the
    /// same bounds for the row and the file step).
    #[error(
        "column {column}: bad number \"{text}\": expected a number from -2147483648 to 2147483647"
    )]
    NumberOutOfRange {
        /// 1-based character column of the number.
        column: usize,
        /// The number as written (at most 40 characters, then `…`: see
        /// [`grid::excerpt`]).
        text: String,
    },
    /// The direction `(0, 0)`.
    #[error("column {column}: direction (0, 0) does not move the piece")]
    ZeroDirection {
        /// 1-based character column of the `(`.
        column: usize,
    },
    /// A second `once` or second `repeated` part.
    #[error("column {column}: second `{part}` part (each part may appear once)")]
    DuplicatePart {
        /// 1-based character column of the keyword.
        column: usize,
        /// `once` or `repeated`.
        part: &'static str,
    },
    /// A Betza modifier this crate does not implement (`t`, `z`, `q`, `o`, `u`, `x`,
    /// `y`, `d`, `k`...): refusing is better than counting a different piece.
    #[error(
        "column {column}: unsupported Betza modifier '{modifier}' (supported: the directions f b l r v s h, the modalities m c e, the hoppers p g, n j, i and the legs a)"
    )]
    UnsupportedModifier {
        /// 1-based character column.
        column: usize,
        /// The modifier letter.
        modifier: char,
    },
    /// A lower-case letter that is neither a Betza modifier (supported or not) nor an
    /// atom (`w`): an unknown letter rather than a modifier this crate leaves out.
    #[error(
        "column {column}: '{letter}' is not a Betza modifier or atom (modifiers: the directions f b l r v s h, the modalities m c e, the hoppers p g, n j, i and the legs a; atoms are capital letters such as N)"
    )]
    UnknownLetter {
        /// 1-based character column.
        column: usize,
        /// The letter.
        letter: char,
    },
    /// A capital letter that is no Betza atom of this crate.
    #[error("column {column}: unknown Betza atom '{atom}' (known: W F D N A H C L Z J G K R B Q)")]
    UnknownAtom {
        /// 1-based character column.
        column: usize,
        /// The letter.
        atom: char,
    },
    /// A character that has no place in Betza notation.
    #[error("column {column}: unexpected character {character:?} in Betza notation")]
    UnexpectedCharacter {
        /// 1-based character column.
        column: usize,
        /// The character.
        character: char,
    },
    /// Modifiers at the end of the text with no atom after them.
    #[error("column {column}: modifiers are not followed by an atom")]
    DanglingModifiers {
        /// 1-based character column of the first dangling modifier.
        column: usize,
    },
    /// A range number with a leading zero, or after a doubled atom.
    #[error("column {column}: bad range {text:?}: {reason}")]
    BadRange {
        /// 1-based character column of the range.
        column: usize,
        /// The range as written.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A Betza form this crate does not count, though its letters are known: `j` on a
    /// rider of any atom (`jR`, `jNN`, `jN2`), a multi-leg move (`a`) on a rider or an oblique atom, or one whose path
    /// leaves the rectangle between its start and its destination.
    #[error("column {column}: unsupported Betza form: {reason}")]
    UnsupportedForm {
        /// 1-based character column of the letter or atom the form hinges on.
        column: usize,
        /// What is not supported.
        reason: &'static str,
    },
    /// A coordinate atom (`(1,4)`) that is malformed or too long.
    #[error("column {column}: bad atom {text:?}: {reason}")]
    BadAtom {
        /// 1-based character column of the atom.
        column: usize,
        /// The atom as written (at most 40 characters, then `…`).
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A word that is neither a known piece name nor Betza notation.
    #[error("column {column}: unknown piece name {name:?} (and not Betza notation, which ends with an atom such as N)")]
    UnknownName {
        /// 1-based character column of the name.
        column: usize,
        /// The name as written (at most 40 characters, then `…`).
        name: String,
    },
    /// A piece's name where Betza notation was asked for ([`Piece::parse_betza`]): names
    /// are read by `str::parse` and [`Piece::named`].
    ///
    /// [`Piece::parse_betza`]: crate::Piece::parse_betza
    /// [`Piece::named`]: crate::Piece::named
    #[error("column {column}: {name:?} is a piece's name, not Betza notation (its Betza is {betza:?}; `str::parse` and `Piece::named` read names)")]
    NameNotBetza {
        /// 1-based character column of the name.
        column: usize,
        /// The name as written.
        name: String,
        /// The name table's Betza for that piece.
        betza: &'static str,
    },
    /// Direction modifiers that do not combine (`h` alone, `hf`, `hh`, ...).
    #[error("column {column}: direction modifiers {text:?} do not combine: {reason}")]
    BadDirections {
        /// 1-based character column of the first letter.
        column: usize,
        /// The letters.
        text: String,
        /// What is wrong with them.
        reason: &'static str,
    },
}
