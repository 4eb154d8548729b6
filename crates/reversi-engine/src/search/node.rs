//! The node and move types of the search: a position with its key and empty squares,
//! and one move of a node's list.

use reversi::{kernel, Board, Color};

/// Below this many empty squares the search uses no table (the table costs more than it
/// saves near the leaves).
pub(crate) const DEEP: u32 = 8;

/// One move of a move list.
#[derive(Clone, Copy, Default)]
pub(crate) struct Move {
    /// The square played (0 = a1 ... 63 = h8).
    pub(crate) square: u32,
    /// The discs it flips.
    pub(crate) flipped: u64,
    /// The child's Zobrist key, or 0 when not made yet.
    pub(crate) key: u64,
    /// Its ordering value: higher is tried first.
    pub(crate) order: i32,
}

/// A position of the search with the table: `p` to move against `o`, `n` empty
/// squares, `key` and `side` the board's Zobrist key and colour to move (the key is
/// only kept from [`DEEP`] empties on; below, 0).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub(crate) p: u64,
    pub(crate) o: u64,
    pub(crate) key: u64,
    pub(crate) side: Color,
    pub(crate) n: u32,
}

impl Node {
    /// The node of `board`.
    pub(crate) fn of(board: &Board) -> Node {
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        Node {
            p,
            o,
            key: board.zobrist_key(),
            side: board.side_to_move(),
            n: (!(p | o)).count_ones(),
        }
    }

    /// The position after `m`, a move of this node's list (its key made here unless the
    /// list has it: a `m.key` of 0 is made again, harmlessly, if it was the real key).
    #[inline(always)]
    pub(crate) fn play(&self, m: &Move) -> Node {
        let key = if m.key == 0 && self.n > DEEP {
            self.key ^ kernel::zobrist_move(self.side, m.square, m.flipped)
        } else {
            m.key
        };
        Node {
            p: self.o ^ m.flipped,
            o: self.p ^ m.flipped ^ (1 << m.square),
            key,
            side: self.side.other(),
            n: self.n - 1,
        }
    }

    /// The position after `m`, a move of this node's list, its key always made (the
    /// midgame search keeps keys at every depth).
    #[inline(always)]
    pub(crate) fn child(&self, m: &Move) -> Node {
        Node {
            p: self.o ^ m.flipped,
            o: self.p ^ m.flipped ^ (1 << m.square),
            key: self.key ^ kernel::zobrist_move(self.side, m.square, m.flipped),
            side: self.side.other(),
            n: self.n - 1,
        }
    }

    /// The position after a pass.
    #[inline(always)]
    pub(crate) fn pass(&self) -> Node {
        Node {
            p: self.o,
            o: self.p,
            key: self.key ^ kernel::zobrist_pass(),
            side: self.side.other(),
            n: self.n,
        }
    }
}
