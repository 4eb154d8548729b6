//! The position: bitboards, FEN reading and writing, and the piece listing.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::piece::{ByColor, Color, Piece, Role};
use grid::Square;

use crate::board::{bit, index, index_of, FILE_A, FULL, SIZE};

/// A Congo position: where every piece stands, the side to move and the move number.
///
/// Bitboards use bit `rank * 7 + file` (a1 = bit 0, g1 = bit 6, a2 = bit 7, g7 = bit 48),
/// one `u64` per piece kind plus one per colour. The value is small and `Copy`:
/// [`Position::play`] returns the position after a move.
///
/// ```
/// use congo::Position;
/// let pos: Position = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0".parse()?;
/// assert_eq!(pos, Position::start());
/// assert_eq!(pos.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [u64; 8],
    pub(crate) by_color: ByColor<u64>,
    pub(crate) turn: Color,
    pub(crate) move_number: u64,
}

/// The listing's line labels, by kind then colour.
/// (Each padded to 16 bytes so it is copied with one fixed-size move, with its length.)
const LABELS: [[([u8; 16], usize); 2]; 8] = {
    let mut t = [[([0u8; 16], 0usize); 2]; 8];
    let mut role = 0;
    while role < 8 {
        let mut color = 0;
        while color < 2 {
            let prefix = Color::ALL[color].name().as_bytes();
            let name = ROLE_NAMES_BYTES[role];
            let mut n = 0;
            let mut k = 0;
            while k < prefix.len() {
                t[role][color].0[n] = prefix[k];
                n += 1;
                k += 1;
            }
            t[role][color].0[n] = b' ';
            n += 1;
            k = 0;
            while k < name.len() {
                t[role][color].0[n] = name[k];
                n += 1;
                k += 1;
            }
            t[role][color].0[n] = b':';
            t[role][color].1 = n + 1;
            color += 1;
        }
        role += 1;
    }
    t
};

const ROLE_NAMES_BYTES: [&[u8]; 8] = [
    b"pawn",
    b"superpawn",
    b"giraffe",
    b"monkey",
    b"elephant",
    b"lion",
    b"crocodile",
    b"zebra",
];

/// FEN letter -> `1 + role index * 2 + colour index`, 0 for other bytes.
const PIECE_CODE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 8 {
        let lower = Role::ALL[i].char() as usize;
        t[lower] = 1 + (i as u8) * 2 + 1;
        t[lower - 32] = 1 + (i as u8) * 2;
        i += 1;
    }
    t
};

/// Why a FEN could not be read. Ranks are named as on the board (the first FEN rank is
/// rank 7).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseFenError {
    /// The line does not have exactly three whitespace-separated fields.
    #[error("expected 3 fields (placement, side, move number), found {found}")]
    FieldCount {
        /// How many fields the line has.
        found: usize,
    },
    /// The placement does not have exactly seven ranks separated by `/`.
    #[error("expected 7 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks the placement has.
        found: usize,
    },
    /// A rank describes more or fewer than seven squares.
    #[error("rank {rank} has {squares} squares, expected 7")]
    RankLength {
        /// The rank (1-7).
        rank: u8,
        /// How many squares its pieces and digits add up to.
        squares: usize,
    },
    /// A placement character is neither a piece letter (`PSGMELCZ`, either case) nor a digit.
    #[error("unknown piece letter {letter:?} in rank {rank}")]
    UnknownPiece {
        /// The rank (1-7).
        rank: u8,
        /// The offending character (U+FFFD for bytes that are not UTF-8).
        letter: char,
    },
    /// The side field is not `w` or `b` (either case).
    #[error("bad side \"{found}\": expected w or b")]
    BadSide {
        /// The side field as read, escaped and cut to 40 characters (see
        /// [`grid::lines::excerpt`]).
        found: String,
    },
    /// The move number is not a non-negative integer (fitting 64 bits).
    #[error("bad move number \"{found}\": expected a non-negative integer of at most 18446744073709551615")]
    BadMoveNumber {
        /// The move-number field as read, escaped and cut to 40 characters (see
        /// [`grid::lines::excerpt`]).
        found: String,
    },
}

/// The character starting at `bytes[i]`, for error messages.
fn char_at(bytes: &[u8], i: usize) -> char {
    let end = (i + 4).min(bytes.len());
    for j in (i + 1..=end).rev() {
        if let Ok(s) = std::str::from_utf8(&bytes[i..j]) {
            if let Some(c) = s.chars().next() {
                return c;
            }
        }
    }
    char::REPLACEMENT_CHARACTER
}

impl Position {
    /// The start position `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::start().turn(), Color::White);
    /// ```
    pub fn start() -> Position {
        let back = [
            Role::Giraffe,
            Role::Monkey,
            Role::Elephant,
            Role::Lion,
            Role::Elephant,
            Role::Crocodile,
            Role::Zebra,
        ];
        // Each side's pieces on its first rank, its pawns on the rank in front.
        let ranks = [(Color::White, 0, 1), (Color::Black, SIZE - 1, SIZE - 2)];
        let mut pos = Position::empty(Color::White, 0);
        for (file, role) in back.into_iter().enumerate() {
            for (color, first, pawns) in ranks {
                pos.put(index(file, first), Piece { color, role });
                pos.put(
                    index(file, pawns),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        pos
    }

    /// A board without pieces.
    ///
    /// ```
    /// use congo::{Color, Position};
    /// assert_eq!(Position::empty(Color::Black, 3).to_string(), "7/7/7/7/7/7/7 b 3");
    /// ```
    pub const fn empty(turn: Color, move_number: u64) -> Position {
        Position {
            by_role: [0; 8],
            by_color: ByColor::new(0, 0),
            turn,
            move_number,
        }
    }

    fn put(&mut self, sq: usize, piece: Piece) {
        self.by_role[piece.role as usize] |= bit(sq);
        self.by_color[piece.color] |= bit(sq);
    }

    /// Puts `piece` on `square` (or empties it with `None`), replacing whatever stood
    /// there. A square off the 7x7 board changes nothing.
    ///
    /// ```
    /// use congo::{Color, Piece, Position, Role, Square};
    /// let mut pos = Position::empty(Color::White, 0);
    /// let d1 = Square::parse("d1", grid::BoardSize::CONGO)?;
    /// pos.set_piece(d1, Some(Piece { color: Color::White, role: Role::Lion }));
    /// assert_eq!(pos.to_string(), "7/7/7/7/7/7/3L3 w 0");
    /// # Ok::<_, congo::ParseSquareError>(())
    /// ```
    pub fn set_piece(&mut self, square: Square, piece: Option<Piece>) {
        let sq = match index_of(square) {
            Some(sq) => sq,
            None => return,
        };
        let mask = !(1u64 << sq);
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
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// The side to move.
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The move number: 0 at the start, one more after each Black move.
    pub const fn move_number(&self) -> u64 {
        self.move_number
    }

    /// The squares of `color`'s pieces of kind `role`, as a bitboard (bit `rank * 7 + file`).
    ///
    /// ```
    /// use congo::{Color, Position, Role};
    /// assert_eq!(Position::start().pieces(Color::White, Role::Lion), 1 << 3); // d1
    /// ```
    pub const fn pieces(&self, color: Color, role: Role) -> u64 {
        self.by_role[role as usize] & *self.by_color.get(color)
    }

    /// The squares of all of `color`'s pieces, as a bitboard.
    pub const fn occupied_by(&self, color: Color) -> u64 {
        *self.by_color.get(color)
    }

    /// The squares of all pieces, as a bitboard.
    pub const fn occupied(&self) -> u64 {
        self.by_color.white | self.by_color.black
    }

    /// The kind of the piece on square index `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: usize) -> Option<Role> {
        let bit = 1u64 << sq;
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize] & bit != 0)
    }

    /// The piece on `square`, if any (`None` for a square off the 7x7 board).
    ///
    /// ```
    /// use congo::{Color, Piece, Position, Role, Square};
    /// let e7 = Square::parse("e7", grid::BoardSize::CONGO)?;
    /// assert_eq!(Position::start().piece_at(e7), Some(Piece { color: Color::Black, role: Role::Elephant }));
    /// # Ok::<_, congo::ParseSquareError>(())
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let sq = index_of(square)?;
        let role = self.role_at(sq)?;
        let color = if self.by_color.white & (1 << sq) != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Reads a FEN (`<placement> <side> <move number>`) from bytes. Fields are separated by
    /// ASCII whitespace; leading and trailing whitespace (spaces, tabs, CR, LF) is ignored.
    /// The side letter may be in either case.
    ///
    /// # Errors
    ///
    /// A [`ParseFenError`] naming the first problem found: field count, rank count, an
    /// unknown piece letter or a rank of the wrong length (first rank with a problem),
    /// then the side, then the move number.
    ///
    /// ```
    /// use congo::{ParseFenError, Position};
    /// let pos = Position::from_fen_bytes(b"2l4/7/4z2/4c2/PP2EP1/3L2p/7 B 23\r\n")?;
    /// assert_eq!(pos.to_string(), "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23");
    /// assert_eq!(
    ///     Position::from_fen_bytes(b"7/7/7/7/7/7/6 w 0"),
    ///     Err(ParseFenError::RankLength { rank: 1, squares: 6 })
    /// );
    /// # Ok::<_, ParseFenError>(())
    /// ```
    pub fn from_fen_bytes(bytes: &[u8]) -> Result<Position, ParseFenError> {
        // Field boundaries, in one pass.
        let mut spans = [(0usize, 0usize); 3];
        let mut found = 0usize;
        let mut i = 0;
        let len = bytes.len();
        while i < len {
            while i < len && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if i == len {
                break;
            }
            let start = i;
            while i < len && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if found < 3 {
                spans[found] = (start, i);
            }
            found += 1;
        }
        if found != 3 {
            return Err(ParseFenError::FieldCount { found });
        }
        let placement = &bytes[spans[0].0..spans[0].1];
        let side = &bytes[spans[1].0..spans[1].1];
        let number = &bytes[spans[2].0..spans[2].1];
        let ranks = placement.iter().filter(|&&b| b == b'/').count() + 1;
        if ranks != 7 {
            return Err(ParseFenError::RankCount { found: ranks });
        }
        let mut pos = Position::empty(Color::White, 0);
        let mut rank = 6usize;
        let mut file = 0usize;
        for (j, &b) in placement.iter().enumerate() {
            let code = PIECE_CODE[b as usize];
            if code != 0 {
                if file < 7 {
                    let sq = 1u64 << (rank * 7 + file);
                    pos.by_role[usize::from((code - 1) / 2)] |= sq;
                    if code % 2 == 1 {
                        pos.by_color.white |= sq;
                    } else {
                        pos.by_color.black |= sq;
                    }
                }
                file += 1;
            } else if b.is_ascii_digit() {
                file += usize::from(b - b'0');
            } else if b == b'/' {
                if file != 7 {
                    return Err(ParseFenError::RankLength {
                        rank: rank as u8 + 1,
                        squares: file,
                    });
                }
                rank -= 1;
                file = 0;
            } else {
                return Err(ParseFenError::UnknownPiece {
                    rank: rank as u8 + 1,
                    letter: char_at(placement, j),
                });
            }
        }
        if file != 7 {
            return Err(ParseFenError::RankLength {
                rank: 1,
                squares: file,
            });
        }
        pos.turn = match side {
            [b] => Color::from_char(*b as char),
            _ => None,
        }
        .ok_or_else(|| ParseFenError::BadSide {
            found: grid::lines::excerpt(side),
        })?;
        pos.move_number = parse_u64(number).ok_or_else(|| ParseFenError::BadMoveNumber {
            found: grid::lines::excerpt(number),
        })?;
        Ok(pos)
    }

    /// The board listing of the "setting the board" problem: for each kind in
    /// [`Role::ALL`] order, a White then a Black line `white pawn: a2 b2`, squares sorted
    /// alphabetically (by file, then rank), then `side to play: white|black`. Each line
    /// ends with `\n`; a kind without pieces gives `white giraffe:` (no trailing space).
    ///
    /// ```
    /// use congo::Position;
    /// let text = Position::start().listing().to_string();
    /// assert!(text.starts_with("white pawn: a2 b2 c2 d2 e2 f2 g2\nblack pawn: a6 "));
    /// assert!(text.contains("\nwhite superpawn:\n"));
    /// assert!(text.ends_with("black zebra: g7\nside to play: white\n"));
    /// ```
    pub fn listing(&self) -> Listing<'_> {
        Listing(self)
    }

    /// Appends the [`listing`](Position::listing) to `out` as bytes (the fast path for
    /// programs that print many boards).
    ///
    /// ```
    /// use congo::Position;
    /// let mut out = Vec::new();
    /// Position::start().write_listing(&mut out);
    /// assert_eq!(out, Position::start().listing().to_string().into_bytes());
    /// ```
    pub fn write_listing(&self, out: &mut Vec<u8>) {
        // At most 16 * 17 bytes of labels, 49 * 3 of squares and 20 of side line.
        let mut buf = [0u8; 512];
        let mut n = 0;
        for (role, labels) in LABELS.iter().enumerate() {
            for (color, label) in labels.iter().enumerate() {
                buf[n..n + 16].copy_from_slice(&label.0);
                n += label.1;
                let bb = self.by_role[role]
                    & if color == 0 {
                        self.by_color.white
                    } else {
                        self.by_color.black
                    };
                if bb != 0 {
                    // The files holding a piece: all ranks folded onto rank 1.
                    let mut folded = bb | bb >> 28;
                    folded |= folded >> 14;
                    folded |= folded >> 7;
                    let mut files = folded & 0x7f;
                    while files != 0 {
                        let file = files.trailing_zeros() as u8;
                        files &= files - 1;
                        let mut column = (bb >> file) & FILE_A;
                        while column != 0 {
                            let rank = column.trailing_zeros() as u8 / 7;
                            column &= column - 1;
                            buf[n] = b' ';
                            buf[n + 1] = b'a' + file;
                            buf[n + 2] = b'1' + rank;
                            n += 3;
                        }
                    }
                }
                buf[n] = b'\n';
                n += 1;
            }
        }
        out.extend_from_slice(&buf[..n]);
        out.extend_from_slice(match self.turn {
            Color::White => b"side to play: white\n",
            Color::Black => b"side to play: black\n",
        });
    }

    /// A hash of the placement and the side to move (not the move number), computed from
    /// scratch: the key of the engine's best-move table.
    pub(crate) fn placement_hash(&self) -> u64 {
        let mut h = self.turn as u64 + 1;
        for bb in self.by_role.iter().chain([&self.by_color.white]) {
            h = (h.rotate_left(23) ^ bb).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h ^ (h >> 29)
    }

    /// Checks that the bitboards are consistent (used by tests).
    #[doc(hidden)]
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
        union == self.occupied()
            && self.by_color.white & self.by_color.black == 0
            && union & !FULL == 0
    }
}

fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(n)
}

impl FromStr for Position {
    type Err = ParseFenError;
    /// Reads a FEN; see [`Position::from_fen_bytes`].
    fn from_str(s: &str) -> Result<Position, ParseFenError> {
        Position::from_fen_bytes(s.as_bytes())
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// Writes the FEN: placement from rank 7 down, lower-case side letter, move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..7).rev() {
            let mut empty = 0;
            for file in 0..7 {
                let sq = rank * 7 + file;
                match self.role_at(sq) {
                    None => empty += 1,
                    Some(role) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let color = if self.by_color.white & (1 << sq) != 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        write!(f, "{}", Piece { color, role }.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {}", self.turn.char(), self.move_number)
    }
}

/// The board listing of a position, written by its `Display`; see [`Position::listing`].
#[derive(Clone, Copy, Debug)]
pub struct Listing<'a>(&'a Position);

impl fmt::Display for Listing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Vec::with_capacity(512);
        self.0.write_listing(&mut out);
        f.write_str(&String::from_utf8_lossy(&out))
    }
}
