//! Pieces: directions with ranges. Reading them from text is `crate::notation`'s job.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;

use grid::Direction;

use crate::error::MobilityError;

/// How many times a piece may repeat the step of one direction.
///
/// Ordered by reach: `Steps(1) < Steps(2) < ... < Unlimited`.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Range {
    /// At most this many steps: `Steps(1)` is a leaper (`once`), `Steps(4)` the `R4` of
    /// Betza notation.
    Steps(NonZeroU32),
    /// As many steps as the board allows: a rider (`repeated`, Betza `NN`, `N0`, `R`).
    Unlimited,
}

impl Range {
    /// A single step: a leaper.
    pub const LEAP: Range = Range::from_count(1);

    /// `Steps(n)` for `n >= 1`, `Unlimited` for `n == 0` (the Betza convention `N0`).
    ///
    /// ```
    /// use mobility::Range;
    /// assert_eq!(Range::from_count(1), Range::LEAP);
    /// assert_eq!(Range::from_count(0), Range::Unlimited);
    /// ```
    #[must_use]
    pub const fn from_count(n: u32) -> Range {
        match NonZeroU32::new(n) {
            Some(n) => Range::Steps(n),
            None => Range::Unlimited,
        }
    }

    /// The step limit, `None` when unlimited (the form `grid::Square::ray` takes).
    #[must_use]
    pub const fn max_steps(self) -> Option<u32> {
        match self {
            Range::Steps(n) => Some(n.get()),
            Range::Unlimited => None,
        }
    }
}

/// A piece on an empty board: a set of directions, each with a [`Range`].
///
/// A direction given twice keeps its longer range (a leaper and a rider on the same
/// direction is the rider: every square the leaper reaches, the rider reaches too), so a
/// duplicated direction changes nothing. Directions are stored as `grid::Direction`
/// (`d_file`, `d_rank`); the exercise writes them in matrix form `(dr, dk)`, rows growing
/// downward, and [`Piece::from_directions`] converts.
///
/// `FromStr` reads either the exercise's line form (`once (1, 2) (2, 1) repeated (1, 1)`)
/// or Betza notation (`N`, `fsW`, `NB`); see [`Piece::parse_lists`] and
/// [`Piece::parse_betza`].
///
/// ```
/// use mobility::Piece;
/// let knight: Piece = "once (1, 2) (2, 1) (-1, 2) (-2, 1) (1, -2) (2, -1) (-1, -2) (-2, -1)".parse()?;
/// assert_eq!(knight, "N".parse()?);
/// assert_eq!(knight.len(), 8);
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
///
/// Two pieces are equal when they have the same moves, whatever text they were read
/// from: the cannon (`mRcpR`) equals the rook on an empty board, though each displays
/// as its own entry of the name table.
#[derive(Clone, Debug, Default)]
pub struct Piece {
    moves: BTreeMap<Direction, Range>,
    /// The name table's Betza text this piece was read as (by its name, or by exactly
    /// that text), kept while the moves are still those the text describes: `Display`
    /// writes it. `None` once a move is added.
    table_text: Option<&'static str>,
}

/// Equal moves, whatever the text the pieces were read from.
impl PartialEq for Piece {
    fn eq(&self, other: &Piece) -> bool {
        self.moves == other.moves
    }
}

impl Eq for Piece {}

/// Hashes the moves only, as equality compares them.
impl Hash for Piece {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.moves.hash(state);
    }
}

impl Piece {
    /// The piece with no moves.
    #[must_use]
    pub fn new() -> Piece {
        Piece::default()
    }

    /// The exercise's piece: leaper directions `once` and rider directions `repeated`,
    /// both in matrix form `(dr, dk)` (row step, column step; row 0 is the top rank).
    ///
    /// # Errors
    ///
    /// [`MobilityError::ZeroDirection`] for `(0, 0)`, and
    /// [`MobilityError::DirectionOutOfRange`] for a row step of `i32::MIN`.
    ///
    /// ```
    /// use mobility::Piece;
    /// let bishop = Piece::from_directions([], [(1, 1), (1, -1), (-1, 1), (-1, -1)])?;
    /// assert_eq!(bishop, "B".parse().unwrap());
    /// assert!(Piece::from_directions([(0, 0)], []).is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn from_directions<I, J>(once: I, repeated: J) -> Result<Piece, MobilityError>
    where
        I: IntoIterator<Item = (i32, i32)>,
        J: IntoIterator<Item = (i32, i32)>,
    {
        let mut piece = Piece::new();
        let once = once.into_iter().map(|d| (d, Range::LEAP));
        let repeated = repeated.into_iter().map(|d| (d, Range::Unlimited));
        for ((dr, dk), range) in once.chain(repeated) {
            piece.add(matrix_direction(dr, dk)?, range);
        }
        Ok(piece)
    }

    /// Adds a direction; if it is already there the longer range is kept. A piece that
    /// gains a move is no longer the named piece it was read as (its `Display` is then
    /// worked out from its moves).
    pub fn add(&mut self, direction: Direction, range: Range) {
        match self.moves.get(&direction) {
            Some(&kept) if kept >= range => {}
            _ => {
                self.moves.insert(direction, range);
                self.table_text = None;
            }
        }
    }

    /// The name table's Betza text this piece displays as, if it was read as one.
    pub(crate) fn table_text(&self) -> Option<&'static str> {
        self.table_text
    }

    /// Marks the piece as read from the name table's `text`; the caller has checked
    /// that [`Piece::parse_betza`] of `text` gives these moves.
    pub(crate) fn set_table_text(&mut self, text: &'static str) {
        self.table_text = Some(text);
    }

    /// Every direction and its range, in `Direction` order.
    pub fn moves(&self) -> impl Iterator<Item = (Direction, Range)> + '_ {
        self.moves.iter().map(|(&d, &r)| (d, r))
    }

    /// The number of distinct directions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True for the piece with no moves.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The union of two pieces' moves (a compound piece such as `R` + `N`).
    #[must_use]
    pub fn union(mut self, other: &Piece) -> Piece {
        for (d, r) in other.moves() {
            self.add(d, r);
        }
        self
    }
}

/// A direction from matrix form `(dr, dk)`.
pub(crate) fn matrix_direction(dr: i32, dk: i32) -> Result<Direction, MobilityError> {
    if dr == 0 && dk == 0 {
        return Err(MobilityError::ZeroDirection);
    }
    Direction::from_matrix(dr, dk).ok_or(MobilityError::DirectionOutOfRange { dr, dk })
}
