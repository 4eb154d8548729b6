#![doc = include_str!("../README.md")]

mod count;
mod error;
mod notation;
mod piece;
#[cfg(feature = "serde")]
mod serde_impls;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::str::FromStr;

pub use grid::{BoardSize, Square};

pub use count::PieceOnBoard;
pub use error::{MobilityError, ParsePieceError};
pub use notation::{named_piece, InitialMoves, NamedPiece, NAMED_PIECES};
pub use piece::{Piece, Range};

/// The exercise's operations on a board of any size (1x1 up to 26 files and 99 ranks).
/// The free functions of this crate are these methods on [`Board::CHESS`].
///
/// Squares are [`Square`] values of this board's size, read from algebraic names (`d4`)
/// by [`Board::square`] or from matrix coordinates `(row, col)` (row 0 being the top
/// rank and col 0 file `a`) by [`Board::coordinates_to_fide`]; directions are matrix
/// steps `(dr, dk)`. A square of another board size is an error
/// ([`MobilityError::OtherBoard`]), never read by its file and rank.
///
/// ```
/// use mobility::{Board, Piece};
/// let board: Board = "10x10".parse()?;
/// let rook: Piece = "R".parse().unwrap();
/// assert_eq!(board.strength(&rook), 2 * 100 * 9); // 18 destinations from every square
/// # Ok::<_, grid::ParseBoardSizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    size: BoardSize,
}

impl Board {
    /// The exercise's 8x8 board.
    pub const CHESS: Board = Board {
        size: BoardSize::CHESS,
    };

    /// The board of `size`.
    #[must_use]
    pub const fn new(size: BoardSize) -> Board {
        Board { size }
    }

    /// The board's size.
    #[must_use]
    pub const fn size(self) -> BoardSize {
        self.size
    }

    /// `fide2coordinaten`: algebraic name -> matrix coordinates `(row, col)`.
    ///
    /// # Errors
    ///
    /// [`MobilityError::InvalidSquare`] for a malformed name or a square off the board.
    ///
    /// ```
    /// use mobility::Board;
    /// assert_eq!(Board::CHESS.fide_to_coordinates("d4")?, (4, 3));
    /// assert!(Board::CHESS.fide_to_coordinates("x9").is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn fide_to_coordinates(self, square: &str) -> Result<(usize, usize), MobilityError> {
        Ok(self.square(square)?.matrix())
    }

    /// `coordinaten2fide`: matrix coordinates `(row, col)` -> the square (its `Display`
    /// is the algebraic name).
    ///
    /// # Errors
    ///
    /// [`MobilityError::InvalidCoordinates`] when `(row, col)` is off the board.
    ///
    /// ```
    /// use mobility::Board;
    /// assert_eq!(Board::CHESS.coordinates_to_fide(6, 6)?.to_string(), "g2");
    /// assert!(Board::CHESS.coordinates_to_fide(8, 7).is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn coordinates_to_fide(self, row: i64, col: i64) -> Result<Square, MobilityError> {
        self.size
            .square_from_matrix(row, col)
            .ok_or(MobilityError::InvalidCoordinates {
                row,
                col,
                size: self.size,
            })
    }

    /// Parses an algebraic square name on this board: the [`Square`] every other
    /// operation takes.
    ///
    /// # Errors
    ///
    /// [`MobilityError::InvalidSquare`] for a malformed name or a square off the board.
    ///
    /// ```
    /// use mobility::Board;
    /// let board: Board = "10x10".parse().unwrap();
    /// assert_eq!(board.square("j10")?.matrix(), (0, 9));
    /// assert!(Board::CHESS.square("j10").is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn square(self, square: &str) -> Result<Square, MobilityError> {
        Ok(self.size.parse_square(square)?)
    }

    /// `zet`: the squares reached from `from` along `direction` (`(dr, dk)`), one step
    /// (`repeated == false`) or repeated to the edge.
    ///
    /// # Errors
    ///
    /// [`MobilityError::OtherBoard`] for a square of another board size, and
    /// [`MobilityError::ZeroDirection`] for the direction `(0, 0)`.
    ///
    /// ```
    /// use mobility::Board;
    /// let d4 = Board::CHESS.square("d4")?;
    /// let names: Vec<String> = Board::CHESS.step(d4, (1, 1), true)?
    ///     .iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["e3", "f2", "g1"]);
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn step(
        self,
        from: Square,
        direction: (i32, i32),
        repeated: bool,
    ) -> Result<BTreeSet<Square>, MobilityError> {
        let (once, rider) = if repeated {
            (vec![], vec![direction])
        } else {
            (vec![direction], vec![])
        };
        let piece = Piece::from_directions(once, rider)?;
        PieceOnBoard::new(&piece, self.size).moves(from)
    }

    /// `zetten`: every square `piece` reaches from `from` (a square reached along two
    /// directions is listed once).
    ///
    /// # Errors
    ///
    /// [`MobilityError::OtherBoard`] for a square of another board size.
    ///
    /// ```
    /// use mobility::{Board, Piece};
    /// let knight: Piece = "N".parse().unwrap();
    /// let g2 = Board::CHESS.square("g2")?;
    /// let names: Vec<String> = Board::CHESS.moves(g2, &knight)?
    ///     .iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["e1", "e3", "f4", "h4"]);
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn moves(self, from: Square, piece: &Piece) -> Result<BTreeSet<Square>, MobilityError> {
        PieceOnBoard::new(piece, self.size).moves(from)
    }

    /// `groepsgrootte`: destinations -> number of squares with that many destinations.
    ///
    /// ```
    /// use mobility::{Board, Piece};
    /// let knight: Piece = "N".parse()?;
    /// let groups: Vec<(u32, u32)> = Board::CHESS.group_sizes(&knight).into_iter().collect();
    /// assert_eq!(groups, [(2, 4), (3, 8), (4, 20), (6, 16), (8, 16)]);
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    #[must_use]
    pub fn group_sizes(self, piece: &Piece) -> BTreeMap<u32, u32> {
        PieceOnBoard::new(piece, self.size).group_sizes()
    }

    /// `sterkte`: the sum of destinations over all squares.
    ///
    /// ```
    /// use mobility::{Board, Piece};
    /// assert_eq!(Board::CHESS.strength(&"B".parse::<Piece>()?), 560);
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    #[must_use]
    pub fn strength(self, piece: &Piece) -> u64 {
        PieceOnBoard::new(piece, self.size).strength()
    }

    /// `mobiliteit`: the groups as text, see [`mobility_text`].
    ///
    /// ```
    /// use mobility::{Board, Piece};
    /// assert_eq!(Board::CHESS.mobility(&Piece::new()), "64 × 0");
    /// ```
    #[must_use]
    pub fn mobility(self, piece: &Piece) -> String {
        PieceOnBoard::new(piece, self.size).mobility()
    }
}

/// Reads the text form `Display` writes: `FILESxRANKS`, e.g. `8x8` or `10x12`.
///
/// ```
/// use mobility::Board;
/// let board: Board = "10x12".parse()?;
/// assert_eq!(board.to_string(), "10x12");
/// assert_eq!(Board::CHESS.to_string().parse::<Board>()?, Board::CHESS);
/// # Ok::<_, grid::ParseBoardSizeError>(())
/// ```
impl FromStr for Board {
    type Err = grid::ParseBoardSizeError;

    fn from_str(text: &str) -> Result<Board, Self::Err> {
        text.parse().map(Board::new)
    }
}

/// Writes the board's size as `FILESxRANKS` (`8x8`), the text `FromStr` reads.
impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.size.fmt(f)
    }
}

/// The exercise's mobility text of a group map: `<squares> × <destinations>` per group
/// (U+00D7 with one space each side), joined by ` + `, destinations ascending.
///
/// ```
/// use std::collections::BTreeMap;
/// let groups = BTreeMap::from([(7, 28), (9, 20), (11, 12), (13, 4)]);
/// assert_eq!(mobility::mobility_text(&groups), "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13");
/// ```
#[must_use]
pub fn mobility_text(groups: &BTreeMap<u32, u32>) -> String {
    let mut out = String::new();
    for (i, (destinations, squares)) in groups.iter().enumerate() {
        if i > 0 {
            out.push_str(" + ");
        }
        let _ = write!(out, "{squares} × {destinations}");
    }
    out
}

/// The groups as `{2: 4, 3: 8}` (destinations: squares), the exercise's dictionary form.
///
/// ```
/// use std::collections::BTreeMap;
/// assert_eq!(mobility::groups_text(&BTreeMap::from([(2, 4), (3, 8)])), "{2: 4, 3: 8}");
/// ```
#[must_use]
pub fn groups_text(groups: &BTreeMap<u32, u32>) -> String {
    let mut out = String::from("{");
    for (i, (destinations, squares)) in groups.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{destinations}: {squares}");
    }
    out.push('}');
    out
}

/// A set of squares as `{b3, b5, c2}`, the exercise's set form (sorted by file, then
/// rank).
///
/// ```
/// use mobility::{square, squares_text, step};
/// assert_eq!(squares_text(&step(square("d4")?, (1, 2), false)?), "{f3}");
/// # Ok::<_, mobility::MobilityError>(())
/// ```
#[must_use]
pub fn squares_text(squares: &BTreeSet<Square>) -> String {
    let mut out = String::from("{");
    for (i, square) in squares.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{square}");
    }
    out.push('}');
    out
}

/// `fide2coordinaten` on 8x8: see [`Board::fide_to_coordinates`].
///
/// # Errors
///
/// [`MobilityError::InvalidSquare`].
///
/// ```
/// assert_eq!(mobility::fide_to_coordinates("g2")?, (6, 6));
/// # Ok::<_, mobility::MobilityError>(())
/// ```
pub fn fide_to_coordinates(square: &str) -> Result<(usize, usize), MobilityError> {
    Board::CHESS.fide_to_coordinates(square)
}

/// `coordinaten2fide` on 8x8: see [`Board::coordinates_to_fide`].
///
/// # Errors
///
/// [`MobilityError::InvalidCoordinates`].
///
/// ```
/// assert_eq!(mobility::coordinates_to_fide(4, 3)?.to_string(), "d4");
/// # Ok::<_, mobility::MobilityError>(())
/// ```
pub fn coordinates_to_fide(row: i64, col: i64) -> Result<Square, MobilityError> {
    Board::CHESS.coordinates_to_fide(row, col)
}

/// An algebraic square name on 8x8: see [`Board::square`].
///
/// # Errors
///
/// [`MobilityError::InvalidSquare`].
///
/// ```
/// assert_eq!(mobility::square("g2")?.to_string(), "g2");
/// assert!(mobility::square("i1").is_err());
/// # Ok::<_, mobility::MobilityError>(())
/// ```
pub fn square(name: &str) -> Result<Square, MobilityError> {
    Board::CHESS.square(name)
}

/// `zet` on 8x8: see [`Board::step`].
///
/// # Errors
///
/// A square of another board size or the direction `(0, 0)`.
///
/// ```
/// use mobility::square;
/// assert_eq!(mobility::step(square("d4")?, (1, 2), false)?.len(), 1);
/// assert!(mobility::step(square("d4")?, (0, 0), true).is_err());
/// # Ok::<_, mobility::MobilityError>(())
/// ```
pub fn step(
    from: Square,
    direction: (i32, i32),
    repeated: bool,
) -> Result<BTreeSet<Square>, MobilityError> {
    Board::CHESS.step(from, direction, repeated)
}

/// `zetten` on 8x8: see [`Board::moves`].
///
/// # Errors
///
/// A square of another board size.
///
/// ```
/// let bishop: mobility::Piece = "B".parse().unwrap();
/// assert_eq!(mobility::moves(mobility::square("d4")?, &bishop)?.len(), 13);
/// # Ok::<_, mobility::MobilityError>(())
/// ```
pub fn moves(from: Square, piece: &Piece) -> Result<BTreeSet<Square>, MobilityError> {
    Board::CHESS.moves(from, piece)
}

/// `groepsgrootte` on 8x8: see [`Board::group_sizes`].
///
/// ```
/// let king: mobility::Piece = "K".parse()?;
/// assert_eq!(mobility::group_sizes(&king).values().sum::<u32>(), 64);
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
#[must_use]
pub fn group_sizes(piece: &Piece) -> BTreeMap<u32, u32> {
    Board::CHESS.group_sizes(piece)
}

/// `sterkte` on 8x8: see [`Board::strength`].
///
/// ```
/// assert_eq!(mobility::strength(&"N".parse()?), 336);
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
#[must_use]
pub fn strength(piece: &Piece) -> u64 {
    Board::CHESS.strength(piece)
}

/// `mobiliteit` on 8x8: see [`Board::mobility`].
///
/// ```
/// assert_eq!(mobility::mobility(&"B".parse()?), "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13");
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
#[must_use]
pub fn mobility(piece: &Piece) -> String {
    Board::CHESS.mobility(piece)
}
