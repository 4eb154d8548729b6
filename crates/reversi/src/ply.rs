//! A ply of a game ([`Ply`]: a move or a pass), its text form, and [`Board::play_ply`].

use crate::board::{Board, IllegalMove};
use crate::Square;

/// One ply of a game: a move, or the pass of a side that cannot move (a ply at the root
/// of a [`Board::divide`], a step of a game record). [`Board::play_ply`] plays it.
///
/// `Debug` names the square as a player writes it: `Move(d7)`, `Pass`.
///
/// ```
/// let ply: reversi::Ply = "d7".parse()?;
/// assert_eq!(format!("{:?}", Some(ply)), "Some(Move(d7))");
/// assert_eq!(format!("{:?}", reversi::Ply::Pass), "Pass");
/// # Ok::<_, reversi::ParsePlyError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ply {
    /// A disc placed on this square.
    Move(Square),
    /// The side to move has no legal move and passes.
    Pass,
}

impl Ply {
    /// The square of a move, `None` for a pass.
    ///
    /// ```
    /// use reversi::{Ply, Square};
    /// assert_eq!("d3".parse::<Ply>()?.square(), Some(Square::D3));
    /// assert_eq!(Ply::Pass.square(), None);
    /// # Ok::<_, reversi::ParsePlyError>(())
    /// ```
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        match self {
            Ply::Move(square) => Some(square),
            Ply::Pass => None,
        }
    }

    /// The ply's image under `symmetry`: a move's square transformed, a pass a pass.
    ///
    /// ```
    /// use reversi::{Ply, Square, Symmetry};
    /// let f5: Ply = "f5".parse()?;
    /// assert_eq!(f5.transform(Symmetry::Rotate180), Ply::Move(Square::C4));
    /// assert_eq!(Ply::Pass.transform(Symmetry::Rotate180), Ply::Pass);
    /// # Ok::<_, reversi::ParsePlyError>(())
    /// ```
    #[must_use]
    pub const fn transform(self, symmetry: crate::Symmetry) -> Ply {
        match self {
            Ply::Move(square) => Ply::Move(square.transform(symmetry)),
            Ply::Pass => Ply::Pass,
        }
    }
}

/// Error of [`Ply`]'s `FromStr`: the text is neither `pass` nor a square of the 8x8 board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is neither \"pass\" nor a square a1..h8")]
pub struct ParsePlyError {
    /// The text that was not a ply.
    pub text: String,
}

/// Reads what `Display` writes: a square name (`d3`, either case) or `pass` (any ASCII
/// case).
///
/// ```
/// use reversi::Ply;
/// let d3: Ply = "d3".parse()?;
/// assert_eq!(d3.to_string(), "d3");
/// assert_eq!("PASS".parse::<Ply>()?, Ply::Pass);
/// assert!("i9".parse::<Ply>().is_err());
/// # Ok::<_, reversi::ParsePlyError>(())
/// ```
impl std::str::FromStr for Ply {
    type Err = ParsePlyError;

    fn from_str(text: &str) -> Result<Ply, ParsePlyError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Ply::Pass);
        }
        text.to_ascii_lowercase()
            .parse::<Square>()
            .map(Ply::Move)
            .map_err(|_| ParsePlyError {
                text: text.to_owned(),
            })
    }
}

impl std::fmt::Debug for Ply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ply::Move(square) => write!(f, "Move({square})"),
            Ply::Pass => f.write_str("Pass"),
        }
    }
}

/// A square name (`d3`) or `pass`.
impl std::fmt::Display for Ply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ply::Move(square) => write!(f, "{square}"),
            Ply::Pass => f.write_str("pass"),
        }
    }
}

impl Board {
    /// The board after `ply`: a move of the side to move ([`Board::play`]) or its pass
    /// ([`Board::pass`]).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] as [`Board::play`] and [`Board::pass`] say: a square that is
    /// taken or flips nothing, a pass by a side that has a move, any ply once the game
    /// is over.
    ///
    /// ```
    /// use reversi::{Board, IllegalMove, Ply};
    /// let board = Board::START.play_ply("f5".parse()?)?;
    /// assert_eq!(board.disc_counts().black, 4);
    /// assert!(matches!(board.play_ply(Ply::Pass), Err(IllegalMove::CannotPass { .. })));
    /// assert!(matches!(board.play_ply("f5".parse()?), Err(IllegalMove::Occupied { .. })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play_ply(&self, ply: Ply) -> Result<Board, IllegalMove> {
        match ply {
            Ply::Move(square) => self.play(square),
            Ply::Pass => self.pass(),
        }
    }
}
