//! The position: one bitboard per piece kind and per colour, the side to move and the
//! move number. Its FEN (`fen.rs`) and board listing (`listing.rs`) live beside it.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::board::{bit, index, FULL, SIZE};
use crate::piece::{ByColor, Color, Piece, Role};
use crate::square::{Square, SquareSet};
use crate::zobrist::{self, BLACK_TO_MOVE, PIECE_KEYS};

/// A Congo position: where every piece stands, the side to move and the move number.
///
/// Bitboards use bit `rank * 7 + file` (a1 = bit 0, g1 = bit 6, a2 = bit 7, g7 = bit 48;
/// the layout is drawn in the crate's `board` module),
/// one `u64` per piece kind plus one per colour. The value is small and `Copy`:
/// [`Position::play`] returns the position after a move.
///
/// ```
/// use congo::Position;
/// let pos: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0".parse()?;
/// assert_eq!(pos, Position::START);
/// assert_eq!(pos.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_role: [u64; 8],
    pub(crate) by_color: ByColor<u64>,
    pub(crate) turn: Color,
    pub(crate) move_number: u64,
    /// The Zobrist key of the placement and side to move, kept up to date by every
    /// change (a function of the fields above, so the derived equality is unchanged).
    pub(crate) key: u64,
}

impl fmt::Debug for Position {
    /// The FEN in the type's name, e.g. `Position(3l3/7/7/7/7/7/3L3 w 0)` (not the
    /// bitboards).
    ///
    /// ```
    /// use congo::Position;
    /// assert_eq!(
    ///     format!("{:?}", Position::START),
    ///     "Position(gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0)"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Hash for Position {
    /// Hashes the Zobrist key and the move number: equal positions hash equally.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
        state.write_u64(self.move_number);
    }
}

/// The start position, built at compile time.
const fn start_position() -> Position {
    let back = [
        Role::Giraffe,
        Role::Monkey,
        Role::Elephant,
        Role::Lion,
        Role::Elephant,
        Role::Crocodile,
        Role::Zebra,
    ];
    let mut pos = Position::empty(Color::White, 0);
    let mut file = 0;
    while file < SIZE {
        // Each side's pieces on its first rank, its pawns on the rank in front.
        let white = bit(index(file, 0)) | bit(index(file, 1));
        let black = bit(index(file, SIZE - 1)) | bit(index(file, SIZE - 2));
        pos.by_role[back[file] as usize] |= bit(index(file, 0)) | bit(index(file, SIZE - 1));
        pos.by_role[Role::Pawn as usize] |= bit(index(file, 1)) | bit(index(file, SIZE - 2));
        pos.by_color.white |= white;
        pos.by_color.black |= black;
        file += 1;
    }
    pos.key = zobrist::key_of(&pos.by_role, &pos.by_color, false);
    pos
}

impl Position {
    /// The start position `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0` (also
    /// [`Position::default`]).
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::START.side_to_move(), Color::White);
    /// assert_eq!(Position::START, Position::default());
    /// assert_eq!(Position::START.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
    /// ```
    pub const START: Position = start_position();

    /// A board without pieces.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::empty(Color::Black, 3).to_string(), "7/7/7/7/7/7/7 b 3");
    /// ```
    #[must_use]
    pub const fn empty(turn: Color, move_number: u64) -> Position {
        Position {
            by_role: [0; 8],
            by_color: ByColor::new(0, 0),
            turn,
            move_number,
            key: match turn {
                Color::White => 0,
                Color::Black => BLACK_TO_MOVE,
            },
        }
    }

    fn put(&mut self, sq: usize, piece: Piece) {
        self.by_role[piece.role as usize] |= bit(sq);
        self.by_color[piece.color] |= bit(sq);
        self.key ^= PIECE_KEYS[piece.color as usize][piece.role as usize][sq];
    }

    /// Puts `piece` on `square` (or empties it with `None`), replacing whatever stood
    /// there. (A [`grid::Square`] of another board size cannot be given: converting it
    /// to a Congo [`Square`] is an error, see [`WrongBoardSize`](crate::WrongBoardSize).)
    ///
    /// ```
    /// use congo::{Color, Piece, Position, Role, Square};
    /// let mut pos = Position::empty(Color::White, 0);
    /// pos.set_piece("d1".parse()?, Some(Piece { color: Color::White, role: Role::Lion }));
    /// assert_eq!(pos.to_string(), "7/7/7/7/7/7/3L3 w 0");
    /// # Ok::<_, congo::ParseSquareError>(())
    /// ```
    pub fn set_piece(&mut self, square: Square, piece: Option<Piece>) {
        let sq = square.index();
        let mask = !bit(sq);
        self.key ^= zobrist::keys_on(&self.by_role, 0, self.by_color.white & bit(sq))
            ^ zobrist::keys_on(&self.by_role, 1, self.by_color.black & bit(sq));
        for bb in &mut self.by_role {
            *bb &= mask;
        }
        self.by_color.white &= mask;
        self.by_color.black &= mask;
        if let Some(piece) = piece {
            self.put(sq, piece);
        }
    }

    /// Sets the side to move.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// let mut pos = Position::START;
    /// pos.set_side_to_move(Color::Black);
    /// assert_eq!(pos.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ b 0");
    /// ```
    pub fn set_side_to_move(&mut self, color: Color) {
        if self.turn != color {
            self.key ^= BLACK_TO_MOVE;
        }
        self.turn = color;
    }

    /// The side to move.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::START.side_to_move(), Color::White);
    /// ```
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The move number: 0 at the start, one more after each Black move.
    #[must_use]
    pub const fn move_number(&self) -> u64 {
        self.move_number
    }

    /// The squares of `color`'s pieces of kind `role` (a [`SquareSet`]: bit
    /// `rank * 7 + file`, the [index](Square::index) of the square).
    ///
    /// ```
    /// use congo::{Color, Position, Role};
    /// let lions = Position::START.pieces(Color::White, Role::Lion);
    /// let names: Vec<String> = lions.into_iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["d1"]);
    /// assert_eq!(lions.bits(), 1 << 3);
    /// assert_eq!(Position::START.pieces(Color::Black, Role::Pawn).len(), 7);
    /// ```
    #[must_use]
    pub const fn pieces(&self, color: Color, role: Role) -> SquareSet {
        SquareSet::from_bits(self.bits_of(color, role))
    }

    /// The squares of all of `color`'s pieces.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::START.occupied_by(Color::White).len(), 14);
    /// ```
    #[must_use]
    pub const fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet::from_bits(*self.by_color.get(color))
    }

    /// The squares of all pieces.
    ///
    /// ```
    /// use congo::Position;
    /// assert_eq!(Position::START.occupied().len(), 28);
    /// ```
    #[must_use]
    pub const fn occupied(&self) -> SquareSet {
        SquareSet::from_bits(self.occupied_bits())
    }

    /// The bitboard of `color`'s pieces of kind `role`.
    #[inline]
    pub(crate) const fn bits_of(&self, color: Color, role: Role) -> u64 {
        self.by_role[role as usize] & *self.by_color.get(color)
    }

    /// The bitboard of all pieces.
    #[inline]
    pub(crate) const fn occupied_bits(&self) -> u64 {
        self.by_color.white | self.by_color.black
    }

    /// The kind of the piece on square index `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: usize) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize] & bit(sq) != 0)
    }

    /// The piece on square index `sq`, if any.
    pub(crate) fn piece_on(&self, sq: usize) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color.white & bit(sq) != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use congo::{Color, Piece, Position, Role, Square};
    /// let e7: Square = "e7".parse()?;
    /// assert_eq!(Position::START.piece_at(e7), Some(Piece { color: Color::Black, role: Role::Elephant }));
    /// # Ok::<_, congo::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.piece_on(square.index())
    }

    /// The Zobrist key of the placement and the side to move (not the move number, so
    /// a position repeated at another move number has the same key): the XOR of a fixed
    /// random number per (colour, kind, square) of every piece, and of one more when
    /// Black is to move. Stored in the position and updated incrementally by
    /// [`Position::play`], [`Position::play_unchecked`], [`Position::set_piece`] and
    /// [`Position::set_side_to_move`]; always equal to
    /// [`Position::zobrist_key_from_scratch`]. The numbers are built at compile time from
    /// a seeded generator, so keys are the same in every run and on every platform.
    ///
    /// ```
    /// use congo::{Position, Rules};
    /// let start = Position::START;
    /// let after = start.play("d2d3".parse()?, Rules::FULL)?;
    /// assert_ne!(after.zobrist_key(), start.zobrist_key());
    /// assert_eq!(after.zobrist_key(), after.zobrist_key_from_scratch());
    /// // The same placement and side to move at another move number: the same key.
    /// let later: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 9".parse()?;
    /// assert_eq!(later.zobrist_key(), start.zobrist_key());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn zobrist_key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from every piece (see [`Position::zobrist_key`], which
    /// returns the stored copy): for tests and for checking a hand-built key.
    ///
    /// ```
    /// use congo::Position;
    /// assert_eq!(Position::START.zobrist_key_from_scratch(), Position::START.zobrist_key());
    /// ```
    #[must_use]
    pub const fn zobrist_key_from_scratch(&self) -> u64 {
        zobrist::key_of(
            &self.by_role,
            &self.by_color,
            matches!(self.turn, Color::Black),
        )
    }

    /// Checks that the bitboards are consistent and the stored Zobrist key is right (used
    /// by tests and fuzz targets).
    #[doc(hidden)]
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut union = 0;
        for (i, a) in self.by_role.iter().enumerate() {
            for b in &self.by_role[i + 1..] {
                if a & b != 0 {
                    return false;
                }
            }
            union |= a;
        }
        union == self.occupied_bits()
            && self.by_color.white & self.by_color.black == 0
            && union & !FULL == 0
            && self.key == self.zobrist_key_from_scratch()
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::START
    }
}
