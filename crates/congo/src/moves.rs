//! Moves and their notation.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use grid::ParseSquareError;

use crate::board::{bit, file_of, rank_of};
use crate::dir::Dir;
use crate::piece::Role;
use crate::square::Square;
use crate::tables::jump;

/// Most intermediate landing squares a monkey path can hold (3 bits each in two `u64`s).
/// A 7x7 board has 33 possible jumped squares for any one monkey, so every legal path fits.
pub const MAX_INTERMEDIATE_LANDINGS: usize = 42;

/// A move: a start square and one or more landing squares.
///
/// Every piece but the monkey has exactly one landing square (`d1d2`). A monkey capturing
/// several pieces writes every landing square in order (`b1d3f5d7`); each step of such a
/// path is a 2-square jump, so the path is stored as the directions of its jumps.
///
/// ```
/// use congo::Move;
/// let m: Move = "b1d3f5d7".parse()?;
/// assert_eq!(m.from().to_string(), "b1");
/// assert_eq!(m.to().to_string(), "d7");
/// assert_eq!(m.landings().map(|s| s.to_string()).collect::<Vec<_>>(), ["d3", "f5", "d7"]);
/// assert_eq!(m.to_string(), "b1d3f5d7");
/// assert_eq!(format!("{m:?}"), "Move(b1d3f5d7)");
/// # Ok::<_, congo::ParseMoveError>(())
/// ```
///
/// Moves order as their texts do (`Ord`): by start square, then each landing square in
/// turn, a square by file then rank, and a path before its longer continuations
/// (`b1d3 < b1d3f5 < b1d3f5d7 < b1d5`), so sorting moves gives the alphabetical
/// order the judge programs print.
///
/// ```
/// use congo::Move;
/// let mut moves: Vec<Move> = ["d1d2", "b1d3f5", "a2a3", "b1d3"].map(|t| t.parse().unwrap()).into();
/// moves.sort();
/// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["a2a3", "b1d3", "b1d3f5", "d1d2"]);
/// ```
///
/// A move from move generation ([`Position::legal_moves`](crate::Position::legal_moves))
/// or checked in a position ([`Position::check_move`](crate::Position::check_move),
/// [`Position::parse_move`](crate::Position::parse_move)) knows which kind of piece
/// makes it ([`Move::role`]); one read from text alone does not. What it captures is the
/// position's answer, [`Position::captured`](crate::Position::captured). Equality, hash
/// and order are those of the text (the squares): a move read from text equals the
/// generated one.
///
/// ```
/// use congo::{Move, Position, Role};
/// let text: Move = "d2d3".parse()?;
/// assert_eq!(text.role(), None);
/// let checked = Position::START.check_move(text)?;
/// assert_eq!(checked.role(), Some(Role::Pawn));
/// assert_eq!(checked, text);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// Number of intermediate landing squares (0 for a one-landing move).
    pub(crate) hops: u8,
    /// The moving piece's kind; `None` when not known (a move read from text).
    pub(crate) role: Option<Role>,
    /// The [`Dir`] of the jump reaching each intermediate landing, 3 bits each (21 per
    /// `u64`), in path order.
    pub(crate) dirs: [u64; 2],
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text is not 2 to 44 two-character square names.
    #[error("a move is 2 to 44 square names written together (like d1d2), found {len} characters")]
    Length {
        /// Length of the text in bytes.
        len: usize,
    },
    /// A square name is bad.
    #[error("square {index} of the move: {source}")]
    Square {
        /// 1-based position of the square name in the move.
        index: usize,
        /// What was wrong with it.
        #[source]
        source: ParseSquareError,
    },
    /// In a path of three or more squares, a step is not a 2-square jump (orthogonal or
    /// diagonal), the only way a monkey lands more than once.
    #[error("square {index} of the move is not a 2-square jump from the square before it")]
    NotAJump {
        /// 1-based position of the square name that does not follow a jump.
        index: usize,
    },
}

/// The direction of a 2-square jump from square index `a` to `b`, if it is one.
pub(crate) fn jump_dir(a: usize, b: usize) -> Option<Dir> {
    Dir::ALL.iter().copied().find(|&dir| jump(a, dir) == bit(b))
}

impl PartialEq for Move {
    /// The same squares (whether the moving kind is known or not).
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.hops == other.hops
            && self.dirs == other.dirs
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.from, self.to, self.hops, self.dirs).hash(state);
    }
}

impl Move {
    /// A move with one landing square (its kind not known until a position checks it).
    ///
    /// ```
    /// use congo::{Move, Square};
    /// let (d1, d2) = ("d1".parse()?, "d2".parse()?);
    /// assert_eq!(Move::new(d1, d2).to_string(), "d1d2");
    /// # Ok::<_, congo::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::from_indices(from.index(), to.index())
    }

    /// The start square.
    #[must_use]
    pub const fn from(&self) -> Square {
        Square::at(self.from as usize)
    }

    /// The final landing square.
    #[must_use]
    pub const fn to(&self) -> Square {
        Square::at(self.to as usize)
    }

    /// The kind of the moving piece: known for a move from move generation or checked in
    /// a position ([`Position::check_move`](crate::Position::check_move) and the
    /// functions built on it); `None` for a move read from text alone.
    ///
    /// ```
    /// use congo::{Position, Role};
    /// let mut moves = Vec::new();
    /// Position::START.legal_moves(&mut moves);
    /// assert_eq!(moves[0].role(), Some(Role::Pawn));
    /// assert_eq!("g1f3".parse::<congo::Move>()?.role(), None);
    /// # Ok::<_, congo::ParseMoveError>(())
    /// ```
    #[must_use]
    pub const fn role(&self) -> Option<Role> {
        self.role
    }

    /// The same move, made by a piece of kind `role`.
    #[inline]
    pub(crate) const fn with_role(mut self, role: Role) -> Move {
        self.role = Some(role);
        self
    }

    /// Whether this is a monkey's capturing jump path (rather than a one-square step):
    /// for a move of the monkey, more than one landing or a landing two squares away.
    #[inline]
    pub(crate) fn is_jump_path(&self) -> bool {
        self.hops > 0
            || crate::tables::KING[self.from as usize] & bit(self.to as usize) == 0
                && self.from != self.to
    }

    /// How many landing squares the move has (1 except for monkey multi-captures).
    #[must_use]
    pub const fn landing_count(&self) -> usize {
        self.hops as usize + 1
    }

    /// The move from square index `from` to `to` with one landing square.
    pub(crate) const fn from_indices(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            hops: 0,
            role: None,
            dirs: [0, 0],
        }
    }

    /// The direction of the jump reaching intermediate landing `i` (below `hops`).
    #[inline]
    pub(crate) fn dir(&self, i: usize) -> Dir {
        Dir::ALL[((self.dirs[i / 21] >> (3 * (i % 21))) & 7) as usize]
    }

    /// The path with one more intermediate landing, reached by a jump in `dir`.
    #[inline]
    pub(crate) fn with_dir(mut self, dir: Dir) -> Move {
        let i = self.hops as usize;
        self.dirs[i / 21] |= (dir as u64) << (3 * (i % 21));
        self.hops += 1;
        self
    }

    /// The landing square indices in order, ending with the final one.
    pub(crate) fn landing_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let mut cur = self.from as usize;
        (0..self.landing_count()).map(move |i| {
            if i < self.hops as usize {
                cur = jump(cur, self.dir(i)).trailing_zeros() as usize;
            } else {
                cur = self.to as usize;
            }
            cur
        })
    }

    /// The landing squares in order, ending with [`Move::to`].
    pub fn landings(&self) -> impl Iterator<Item = Square> + '_ {
        self.landing_indices().map(Square::at)
    }

    /// Reads move text from bytes: two or more square names written together, their file
    /// letters in either case (`D1D2` is `d1d2`, as [`Square::parse_bytes`] reads them).
    ///
    /// # Errors
    ///
    /// [`ParseMoveError`]: a length that is not an even 4..=88, a bad square name (with its
    /// position), or, in a path of three or more squares, a step that is not a 2-square
    /// jump.
    ///
    /// ```
    /// use congo::{Move, ParseMoveError};
    /// assert!(Move::parse_bytes(b"d1d2").is_ok());
    /// assert_eq!(Move::parse_bytes(b"D1d2"), Move::parse_bytes(b"d1d2"));
    /// assert_eq!(Move::parse_bytes(b"b1d3e5"), Err(ParseMoveError::NotAJump { index: 3 }));
    /// ```
    pub fn parse_bytes(text: &[u8]) -> Result<Move, ParseMoveError> {
        let len = text.len();
        if len < 4 || len % 2 != 0 || len > 2 * (MAX_INTERMEDIATE_LANDINGS + 2) {
            return Err(ParseMoveError::Length { len });
        }
        let square = |i: usize| {
            Square::parse_bytes(&text[2 * i..2 * i + 2])
                .map(Square::index)
                .map_err(|source| ParseMoveError::Square {
                    index: i + 1,
                    source,
                })
        };
        let n = len / 2;
        let from = square(0)?;
        let mut mv = Move::from_indices(from, 0);
        let mut prev = from;
        for i in 1..n {
            let sq = square(i)?;
            if n > 2 {
                let d = jump_dir(prev, sq).ok_or(ParseMoveError::NotAJump { index: i + 1 })?;
                if i + 1 < n {
                    mv = mv.with_dir(d);
                }
            }
            prev = sq;
        }
        mv.to = prev as u8;
        Ok(mv)
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// The order of the move texts: start square, then the landing squares in turn (a
    /// square by file, then rank), a shorter path first when one continues the other.
    fn cmp(&self, other: &Move) -> Ordering {
        let key = |sq: usize| (file_of(sq), rank_of(sq));
        std::iter::once(self.from as usize)
            .chain(self.landing_indices())
            .map(key)
            .cmp(
                std::iter::once(other.from as usize)
                    .chain(other.landing_indices())
                    .map(key),
            )
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Reads move text; see [`Move::parse_bytes`].
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::parse_bytes(s.as_bytes())
    }
}

impl fmt::Display for Move {
    /// Writes the start square and every landing square: `d1d2`, `b1d3f5d7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        for sq in self.landings() {
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    /// The move text in the type's name, e.g. `Move(d1d2)`, `Move(b1d3f5d7)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}
