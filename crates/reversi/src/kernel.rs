//! The raw move kernels on two `u64` bitboards, for search code that keeps a position as
//! the side to move's discs (`player`) and the opponent's (`opponent`) instead of a
//! [`Board`](crate::Board): bit 0 = a1, bit 7 = h1, bit 63 = h8 (index = rank * 8 +
//! file, the [`grid`] square index on 8x8). These are the same functions
//! [`Board`](crate::Board) and perft use, not copies; they check nothing (the two sets
//! must be disjoint), which is what lets an endgame solver make and unmake moves with a
//! few XORs.
//!
//! Making a move by hand: with `f = flips(player, opponent, square)` (non-zero), the
//! position after it has `opponent ^ f` to move against `player ^ f ^ (1 << square)`.
//!
//! ```
//! use reversi::{kernel, Board};
//! let (p, o) = (Board::START.mover_bits(), Board::START.opponent_bits());
//! // Black's moves from the start: d3 (19), c4 (26), f5 (37), e6 (44).
//! assert_eq!(kernel::moves(p, o), 1 << 19 | 1 << 26 | 1 << 37 | 1 << 44);
//! let f = kernel::flips(p, o, 19); // d3 flips d4
//! assert_eq!(f, 1 << 27);
//! let (p, o) = (o ^ f, p ^ f ^ 1 << 19); // White to move
//! assert_eq!(kernel::final_score(o, p), 4 - 1 + 59, "if the game ended now");
//! ```

use crate::bitboard;
use crate::color::Color;
use crate::zobrist;

/// The legal moves of `player` against `opponent`: every empty square where a disc of
/// `player` closes, in at least one of the 8 directions, a run of one or more `opponent`
/// discs. Same kernel as [`Board::legal_moves`](crate::Board::legal_moves).
///
/// ```
/// // Mover on a1, opponent on b1: c1 (index 2) is the one move.
/// assert_eq!(reversi::kernel::moves(1, 2), 1 << 2);
/// ```
#[inline(always)]
#[must_use]
pub fn moves(player: u64, opponent: u64) -> u64 {
    bitboard::moves(player, opponent)
}

/// The `opponent` discs that flip when `player` places a disc on `square` (an index
/// 0..64; only its low 6 bits are read). Zero when the move flips nothing (is illegal).
/// Precondition: `square` is empty; on an occupied square the result is meaningless.
///
/// ```
/// // a1 mover, b1..g1 opponent: h1 (index 7) flips the six of them.
/// assert_eq!(reversi::kernel::flips(1, 0x7E, 7), 0x7E);
/// assert_eq!(reversi::kernel::flips(1, 0x7E, 8), 0, "a2 flips nothing");
/// ```
#[inline(always)]
#[must_use]
pub fn flips(player: u64, opponent: u64, square: u32) -> u64 {
    bitboard::flips(player, opponent, square)
}

/// How many discs a move of `player` on the empty `square` flips: the popcount of
/// [`flips`], for the last empty square of a game, where the move need not be made.
///
/// ```
/// assert_eq!(reversi::kernel::count_flips(1, 0x7E, 7), 6);
/// ```
#[inline(always)]
#[must_use]
pub fn count_flips(player: u64, opponent: u64, square: u32) -> u32 {
    bitboard::flips(player, opponent, square).count_ones()
}

/// The final score of a finished game for `player`: its discs minus the opponent's, the
/// empty squares counted for the winner (none on a draw), the way Othello programs and
/// the FFO endgame suite state scores. Always even, from -64 to 64. The game must be
/// over (neither side can move) for this to be the game's result.
///
/// ```
/// use reversi::kernel::final_score;
/// assert_eq!(final_score(0xFF, 0), 64, "a wipe-out with 56 empties");
/// assert_eq!(final_score(0b0111, 0b1000), 62, "3 to 1, 60 empties to the winner");
/// assert_eq!(final_score(0b0011, 0b1100), 0, "a draw");
/// ```
#[inline(always)]
#[must_use]
pub fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let empty = 64 - p - o;
    let diff = p - o;
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + empty,
        std::cmp::Ordering::Less => diff - empty,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The squares one king step (8 directions) from a square of `set`, without wrapping
/// around files a and h: for potential mobility (empty squares next to a side's discs).
///
/// ```
/// // a1's neighbours: b1, a2, b2.
/// assert_eq!(reversi::kernel::neighbours(1), 1 << 1 | 1 << 8 | 1 << 9);
/// ```
#[inline(always)]
#[must_use]
pub fn neighbours(set: u64) -> u64 {
    bitboard::neighbours(set)
}

/// What a move changes in a [`Board::zobrist_key`](crate::Board::zobrist_key): XOR it
/// into the key of the board before the move of `side` on `square` that flips `flipped`
/// to get the key of the board after it (the placed disc, both colours' keys of each
/// flipped disc, and the side to move). Equal to what [`Board::play`](crate::Board::play)
/// does to the key.
///
/// ```
/// use reversi::{kernel, Board, Color};
/// let board = Board::START;
/// let d3: reversi::Square = "d3".parse()?;
/// let f = kernel::flips(board.mover_bits(), board.opponent_bits(), 19);
/// let key = board.zobrist_key() ^ kernel::zobrist_move(Color::Black, 19, f);
/// assert_eq!(key, board.play(d3)?.zobrist_key());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[inline]
#[must_use]
pub fn zobrist_move(side: Color, square: u32, flipped: u64) -> u64 {
    let mut key = zobrist::disc(side, square) ^ zobrist::WHITE_TO_MOVE;
    let mut todo = flipped;
    while todo != 0 {
        key ^= zobrist::flip(todo.trailing_zeros());
        todo &= todo - 1;
    }
    key
}

/// What a pass changes in a [`Board::zobrist_key`](crate::Board::zobrist_key) (only the
/// side to move): XOR it into the key.
///
/// ```
/// use reversi::{kernel, Board, Color};
/// let board = Board::from_bitboards(0, 0, Color::Black)?;
/// let white = Board::from_bitboards(0, 0, Color::White)?;
/// assert_eq!(board.zobrist_key() ^ kernel::zobrist_pass(), white.zobrist_key());
/// # Ok::<_, reversi::BoardError>(())
/// ```
#[inline(always)]
#[must_use]
pub const fn zobrist_pass() -> u64 {
    zobrist::WHITE_TO_MOVE
}
