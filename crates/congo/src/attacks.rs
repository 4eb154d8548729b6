//! What each piece reaches from a square: the one statement of every piece's moves
//! (the rule page, "Pieces"), used by move generation and open to engines (mobility,
//! threats) through the public functions.
//!
//! Two kinds of reach:
//!
//! - **attacks** ([`attacks`], and one function per kind): the squares where the piece
//!   would capture an enemy piece standing there, given the `occupied` squares. Every
//!   kind but the giraffe and the monkey also moves to those squares when they are empty
//!   (the monkey's and the lion capture's targets are pieces, never empty squares).
//! - **quiet moves** ([`quiet_moves`]): the moves that never capture: the giraffe's and
//!   the monkey's steps onto empty squares, the pawn's retreats past the river, the
//!   superpawn's retreats.
//!
//! The legal moves of a piece of the side to move are then: its attacks holding no own
//! piece (only an enemy lion for the lion capture, only enemy pieces for the monkey,
//! whose captures are jump paths) and its quiet moves.
//!
//! ```
//! use congo::{attacks, Color, Piece, Position, Role, Square};
//! let pos: Position = "3l3/7/7/7/7/7/3LZ2 w 0".parse()?;
//! let e1: Square = "e1".parse()?;
//! let zebra = attacks::zebra(e1);
//! let names: Vec<String> = zebra.into_iter().map(|s| s.to_string()).collect();
//! assert_eq!(names, ["c2", "g2", "d3", "f3"]);
//! // The lion on d1: its castle steps, and the lion capture up the open d-file.
//! let d1: Square = "d1".parse()?;
//! let lion = Piece { color: Color::White, role: Role::Lion };
//! assert_eq!(attacks::attacks(lion, d1, pos.occupied()).len(), 6);
//! assert!(attacks::lion_capture(d1, pos.occupied()).contains("d7".parse()?));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::board::{bit, rank_of, CASTLE, FULL, PAST_RIVER, RIVER, RIVER_RANK};
use crate::dir::Dir;
use crate::piece::{Color, Piece, Role};
use crate::square::{Square, SquareSet};
use crate::tables::{jump, ray, slide, step, ELEPHANT, KING, KNIGHT, PAWN, SUPERPAWN, TWO};

/// The river, the whole 4th rank (`a4`..`g4`).
pub const RIVER_SQUARES: SquareSet = SquareSet::from_bits(RIVER);

/// `color`'s castle, files `c`..`e` of its first three ranks (White `c1`..`e3`, Black
/// `c5`..`e7`): the lion never leaves it but for the lion capture.
///
/// ```
/// use congo::{attacks, Color};
/// assert_eq!(attacks::castle(Color::Black).first().map(|s| s.to_string()).as_deref(), Some("c5"));
/// assert_eq!(attacks::castle(Color::White).len(), 9);
/// ```
#[must_use]
pub const fn castle(color: Color) -> SquareSet {
    SquareSet::from_bits(*CASTLE.get(color))
}

/// One square in each of the 8 directions (the king's steps): what the crocodile
/// steps to, and where the giraffe and the monkey step onto empty squares.
#[must_use]
#[inline]
pub const fn king(square: Square) -> SquareSet {
    SquareSet::from_bits(KING[square.index()])
}

/// The zebra's knight leaps (1, 2) in all 8 ways, jumping.
#[must_use]
#[inline]
pub const fn zebra(square: Square) -> SquareSet {
    SquareSet::from_bits(KNIGHT[square.index()])
}

/// The elephant's moves: one or two squares orthogonally, jumping the middle square.
#[must_use]
#[inline]
pub const fn elephant(square: Square) -> SquareSet {
    SquareSet::from_bits(ELEPHANT[square.index()])
}

/// The giraffe's attacks: exactly two squares orthogonally or diagonally, jumping (it
/// cannot capture an adjacent piece; its steps are [`quiet_moves`]).
#[must_use]
#[inline]
pub const fn giraffe(square: Square) -> SquareSet {
    SquareSet::from_bits(TWO[square.index()])
}

/// A pawn's steps, moving or capturing: forward and diagonally forward for `color`
/// (toward rank 7 for White). Its retreats past the river are [`quiet_moves`].
#[must_use]
#[inline]
pub const fn pawn(color: Color, square: Square) -> SquareSet {
    SquareSet::from_bits(PAWN.get(color)[square.index()])
}

/// A superpawn's steps, moving or capturing: forward, diagonally forward and sideways.
/// Its retreats are [`quiet_moves`].
#[must_use]
#[inline]
pub const fn superpawn(color: Color, square: Square) -> SquareSet {
    SquareSet::from_bits(SUPERPAWN.get(color)[square.index()])
}

/// The lion's steps: the king's steps inside `color`'s castle. Its capture of the other
/// lion is [`lion_capture`].
#[must_use]
#[inline]
pub const fn lion(color: Color, square: Square) -> SquareSet {
    SquareSet::from_bits(KING[square.index()] & *CASTLE.get(color))
}

/// Where a lion on `square` would land by the lion capture: the first piece on its file
/// (up or down) and on each diagonal, through empty squares, never along its rank. The
/// capture is legal on the one of these that is the enemy lion.
///
/// ```
/// use congo::{attacks, Position, Square};
/// // c3 and e5 on one diagonal through an empty d4.
/// let pos: Position = "7/7/4l2/7/2L4/7/7 w 0".parse()?;
/// let c3: Square = "c3".parse()?;
/// assert!(attacks::lion_capture(c3, pos.occupied()).contains("e5".parse()?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[inline]
pub fn lion_capture(square: Square, occupied: SquareSet) -> SquareSet {
    SquareSet::from_bits(lion_lines(square.index(), occupied.bits(), occupied.bits()))
}

/// The crocodile's attacks: the king's steps, and its slide up to and including the
/// first piece: along the river when on it (both ways), else along its file toward the
/// river, up to and including the river square.
///
/// ```
/// use congo::{attacks, Position, Square};
/// let pos: Position = "3l3/7/7/5p1/7/7/3L1C1 w 0".parse()?;
/// let f1: Square = "f1".parse()?;
/// let reach = attacks::crocodile(f1, pos.occupied());
/// assert!(reach.contains("f4".parse()?) && !reach.contains("f5".parse()?));
/// assert_eq!(reach.len(), 7); // e1 e2 f2 g1 g2, then f3 and the pawn on f4
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[inline]
pub fn crocodile(square: Square, occupied: SquareSet) -> SquareSet {
    SquareSet::from_bits(crocodile_bits(square.index(), occupied.bits()))
}

/// The monkey's attacks: the neighbours it could jump over, the square beyond being
/// empty (its captures; a jump path may go on from the landing square). Its steps onto
/// empty squares are [`quiet_moves`].
///
/// ```
/// use congo::{attacks, Position, Square};
/// let pos: Position = "3l3/7/7/1pM4/1p1p3/7/3L3 w 0".parse()?;
/// let c4: Square = "c4".parse()?;
/// // Every neighbour: the square beyond each is empty (b4 and the pawns b3, d3 among them).
/// let names: Vec<String> = attacks::monkey(c4, pos.occupied()).into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["b3", "c3", "d3", "b4", "d4", "b5", "c5", "d5"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn monkey(square: Square, occupied: SquareSet) -> SquareSet {
    let sq = square.index();
    let empty = !occupied.bits() & FULL;
    let mut t = 0;
    for dir in Dir::ALL {
        if jump(sq, dir) & empty != 0 {
            t |= step(sq, dir);
        }
    }
    SquareSet::from_bits(t)
}

/// The squares where `piece` on `square` captures an enemy piece standing there, given
/// the `occupied` squares (see the module documentation): [`pawn`], [`superpawn`],
/// [`giraffe`], [`monkey`], [`elephant`], the [`lion`]'s steps and its
/// [`lion_capture`], [`crocodile`], [`zebra`].
#[must_use]
pub fn attacks(piece: Piece, square: Square, occupied: SquareSet) -> SquareSet {
    let color = piece.color;
    match piece.role {
        Role::Pawn => pawn(color, square),
        Role::Superpawn => superpawn(color, square),
        Role::Giraffe => giraffe(square),
        Role::Monkey => monkey(square, occupied),
        Role::Elephant => elephant(square),
        Role::Lion => lion(color, square) | lion_capture(square, occupied),
        Role::Crocodile => crocodile(square, occupied),
        Role::Zebra => zebra(square),
    }
}

/// The moves of `piece` on `square` that never capture, given the `occupied` squares:
/// the giraffe's and the monkey's steps onto empty squares; a pawn's retreat past the
/// river, one or two squares straight back; a superpawn's retreats anywhere, one or two
/// squares straight or diagonally back (never jumping: the first square must be empty
/// for the second). Empty for the other kinds.
///
/// ```
/// use congo::{attacks, Color, Piece, Position, Role, Square};
/// let pos: Position = "3l3/7/3P3/7/7/7/3L3 w 0".parse()?;
/// let pawn = Piece { color: Color::White, role: Role::Pawn };
/// let back = attacks::quiet_moves(pawn, "d5".parse()?, pos.occupied());
/// let names: Vec<String> = back.into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["d3", "d4"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn quiet_moves(piece: Piece, square: Square, occupied: SquareSet) -> SquareSet {
    let sq = square.index();
    let empty = !occupied.bits() & FULL;
    SquareSet::from_bits(match piece.role {
        Role::Giraffe | Role::Monkey => KING[sq] & empty,
        Role::Pawn => pawn_retreats(piece.color, sq, empty),
        Role::Superpawn => superpawn_retreats(piece.color, sq, empty),
        _ => 0,
    })
}

/// A retreat from `sq` in `dir` through `empty` squares, never capturing, never jumping:
/// the first square when it is empty, and the second too when both are.
#[inline(always)]
fn retreat(sq: usize, dir: Dir, empty: u64) -> u64 {
    let one = step(sq, dir) & empty;
    if one == 0 {
        0
    } else {
        one | jump(sq, dir) & empty
    }
}

/// A `color` pawn's retreats from `sq` onto `empty` squares (none before the river).
#[inline(always)]
pub(crate) fn pawn_retreats(color: Color, sq: usize, empty: u64) -> u64 {
    if PAST_RIVER[color] & bit(sq) != 0 {
        let [forward, ..] = Dir::ahead(color);
        retreat(sq, forward.opposite(), empty)
    } else {
        0
    }
}

/// A `color` superpawn's retreats from `sq` onto `empty` squares (backward for one side
/// is forward for the other).
#[inline(always)]
pub(crate) fn superpawn_retreats(color: Color, sq: usize, empty: u64) -> u64 {
    let [back, back_left, back_right] = Dir::ahead(color.other());
    retreat(sq, back, empty) | retreat(sq, back_left, empty) | retreat(sq, back_right, empty)
}

/// The lion-capture lines from `sq`: for each of the file and the diagonals holding one
/// of `targets`, the slide up to the first of `occ`, kept where it is one of `targets`
/// (with `targets` the enemy lions: the lion captures; with `occ`: every first piece).
#[inline(always)]
pub(crate) fn lion_lines(sq: usize, occ: u64, targets: u64) -> u64 {
    let mut t = 0;
    for dir in [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW] {
        if ray(sq, dir) & targets != 0 {
            t |= slide(sq, dir, occ) & targets;
        }
    }
    t
}

/// The crocodile's reach from `sq` (see [`crocodile`]).
#[inline(always)]
pub(crate) fn crocodile_bits(sq: usize, occ: u64) -> u64 {
    let slides = if RIVER & bit(sq) != 0 {
        slide(sq, Dir::E, occ) | slide(sq, Dir::W, occ)
    } else if rank_of(sq) < RIVER_RANK {
        slide(sq, Dir::N, occ | RIVER)
    } else {
        slide(sq, Dir::S, occ | RIVER)
    };
    KING[sq] | slides
}

/// The monkey jump from `cur` in `dir`, if the neighbour there holds one of `enemy` (the
/// enemy pieces not jumped yet) and the square beyond is one of `empty`: the jumped
/// square's bit and the landing square's index.
#[inline(always)]
pub(crate) fn monkey_jump(cur: usize, dir: Dir, enemy: u64, empty: u64) -> Option<(u64, usize)> {
    let jumped = step(cur, dir);
    let land = jump(cur, dir);
    if jumped & enemy != 0 && land & empty != 0 {
        Some((jumped, land.trailing_zeros() as usize))
    } else {
        None
    }
}
