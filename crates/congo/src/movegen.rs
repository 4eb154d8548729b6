//! Legal move generation and counting, from one source.
//!
//! [`Position::generate`] walks the side to move's pieces and hands each one's
//! [`PieceMoves`] (its square and target bitboard, after cozy-chess's `PieceMoves`) and
//! each monkey jump path to a [`MoveSink`]: a move list writes one move per target,
//! a tally adds the target count. Listing and counting therefore cannot disagree.

use crate::attacks::{crocodile_bits, lion_lines, monkey_jump, pawn_retreats, superpawn_retreats};
use crate::board::{bit, CASTLE, FULL};
use crate::dir::Dir;
use crate::moves::{Move, MAX_INTERMEDIATE_LANDINGS};
use crate::piece::Role;
use crate::position::Position;
use crate::tables::{ELEPHANT, KING, KNIGHT, PAWN, SUPERPAWN, TWO};

/// One piece of the side to move: its square and every square it can move to (captures
/// included), one move per target. A monkey's capturing jumps are paths, not targets;
/// they go to [`MoveSink::monkey_path`].
#[derive(Clone, Copy)]
pub(crate) struct PieceMoves {
    /// The piece's kind.
    pub(crate) role: Role,
    /// The piece's square index.
    pub(crate) from: usize,
    /// The squares it can move to.
    pub(crate) to: u64,
}

/// Where generated moves go.
pub(crate) trait MoveSink {
    /// Takes one piece's moves.
    fn piece_moves(&mut self, moves: PieceMoves);
    /// Takes one monkey jump path.
    fn monkey_path(&mut self, mv: Move);
}

impl MoveSink for Vec<Move> {
    fn piece_moves(&mut self, moves: PieceMoves) {
        let mut to = moves.to;
        while to != 0 {
            self.push(
                Move::from_indices(moves.from, to.trailing_zeros() as usize).with_role(moves.role),
            );
            to &= to - 1;
        }
    }

    fn monkey_path(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts the moves instead of listing them: a popcount per piece.
struct Tally(u64);

impl MoveSink for Tally {
    fn piece_moves(&mut self, moves: PieceMoves) {
        self.0 += u64::from(moves.to.count_ones());
    }

    fn monkey_path(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Sends every monkey jump path continuing `path` from `cur` to `sink`, directions in
/// [`Dir::ALL`] order, each path before its continuations. `enemy` holds the enemy pieces
/// not jumped yet, `empty` the squares the monkey may land on. Jumping a lion ends the
/// path.
fn monkey_paths<S: MoveSink>(
    path: Move,
    cur: usize,
    enemy: u64,
    empty: u64,
    enemy_lions: u64,
    sink: &mut S,
) {
    for dir in Dir::ALL {
        if let Some((jumped, land)) = monkey_jump(cur, dir, enemy, empty) {
            sink.monkey_path(Move {
                to: land as u8,
                ..path
            });
            if enemy_lions & jumped == 0 && (path.hops as usize) < MAX_INTERMEDIATE_LANDINGS {
                monkey_paths(
                    path.with_dir(dir),
                    land,
                    enemy & !jumped,
                    empty,
                    enemy_lions,
                    sink,
                );
            }
        }
    }
}

/// Sends the [`PieceMoves`] of each piece on `pieces` to `sink`, by square index.
#[inline(always)]
fn each_piece<S: MoveSink>(role: Role, pieces: u64, sink: &mut S, targets: impl Fn(usize) -> u64) {
    let mut pieces = pieces;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        sink.piece_moves(PieceMoves {
            role,
            from,
            to: targets(from),
        });
    }
}

impl Position {
    /// Sends the legal moves of the side to move (of kind `only`, or all) to `sink`:
    /// kinds in [`Role::ALL`] order, pieces by square index, each piece's
    /// [`PieceMoves`] and then, for a monkey, its jump paths. Nothing when a lion is
    /// missing.
    #[inline(always)]
    fn generate<S: MoveSink>(&self, only: Option<Role>, sink: &mut S) {
        if !self.both_lions() {
            return;
        }
        let us = self.turn;
        let own = self.by_color[us];
        let enemy = self.by_color[us.other()];
        let occ = own | enemy;
        let empty = !occ & FULL;
        let enemy_lions = self.by_role[Role::Lion as usize] & enemy;
        let mine = |role: Role| {
            if only.is_none() || only == Some(role) {
                self.by_role[role as usize] & own
            } else {
                0
            }
        };
        // Each kind's targets, in Role::ALL order: its attacks (crate::attacks) not on
        // an own piece, and its quiet moves.
        each_piece(Role::Pawn, mine(Role::Pawn), sink, move |sq| {
            PAWN[us][sq] & !own | pawn_retreats(us, sq, empty)
        });
        each_piece(Role::Superpawn, mine(Role::Superpawn), sink, move |sq| {
            SUPERPAWN[us][sq] & !own | superpawn_retreats(us, sq, empty)
        });
        each_piece(Role::Giraffe, mine(Role::Giraffe), sink, move |sq| {
            KING[sq] & empty | TWO[sq] & !own
        });
        // Monkey: a step onto an empty square, then its jump paths.
        let mut monkeys = mine(Role::Monkey);
        while monkeys != 0 {
            let from = monkeys.trailing_zeros() as usize;
            monkeys &= monkeys - 1;
            sink.piece_moves(PieceMoves {
                role: Role::Monkey,
                from,
                to: KING[from] & empty,
            });
            if KING[from] & enemy != 0 {
                let start = Move::from_indices(from, from).with_role(Role::Monkey);
                monkey_paths(start, from, enemy, empty | bit(from), enemy_lions, sink);
            }
        }
        each_piece(Role::Elephant, mine(Role::Elephant), sink, move |sq| {
            ELEPHANT[sq] & !own
        });
        // Lion: a step inside its castle, or the lion capture.
        each_piece(Role::Lion, mine(Role::Lion), sink, move |sq| {
            KING[sq] & CASTLE[us] & !own | lion_lines(sq, occ, enemy_lions)
        });
        each_piece(Role::Crocodile, mine(Role::Crocodile), sink, move |sq| {
            crocodile_bits(sq, occ) & !own
        });
        each_piece(Role::Zebra, mine(Role::Zebra), sink, move |sq| {
            KNIGHT[sq] & !own
        });
    }

    /// Appends every legal move of the side to move to `moves` (which is cleared first).
    ///
    /// Move generation is the same under every [`Rules`](crate::Rules) (promotion only
    /// changes what [`Position::play`] does). A position without one of the lions has no
    /// moves. There is no check rule, so every move generated is legal.
    ///
    /// ```
    /// use congo::Position;
    /// let mut moves = Vec::new();
    /// Position::START.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 24);
    /// ```
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.generate(None, moves);
    }

    /// Appends the legal moves of the side to move's pieces of kind `role` to `moves`
    /// (cleared first).
    ///
    /// ```
    /// use congo::{Position, Role};
    /// let mut moves = Vec::new();
    /// Position::START.legal_moves_of(Role::Zebra, &mut moves);
    /// let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(names, ["g1f3"]);
    /// ```
    pub fn legal_moves_of(&self, role: Role, moves: &mut Vec<Move>) {
        moves.clear();
        self.generate(Some(role), moves);
    }

    /// The number of legal moves of the side to move (what [`Position::legal_moves`]
    /// would list, counted without listing them).
    ///
    /// ```
    /// use congo::Position;
    /// assert_eq!(Position::START.count_legal_moves(), 24);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut tally = Tally(0);
        self.generate(None, &mut tally);
        tally.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole list is the per-kind lists one after the other, in `Role::ALL` order
    /// (the order `divide` reports and the searches break ties in), and counting agrees.
    #[test]
    fn moves_come_by_kind_in_listing_order() {
        for fen in [
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
            "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
            "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
            "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
        ] {
            let pos: Position = fen.parse().unwrap();
            let mut all = Vec::new();
            pos.legal_moves(&mut all);
            let mut by_kind = Vec::new();
            let mut list = Vec::new();
            for role in Role::ALL {
                pos.legal_moves_of(role, &mut list);
                by_kind.extend_from_slice(&list);
            }
            assert_eq!(all, by_kind, "{fen}");
            assert_eq!(pos.count_legal_moves(), all.len() as u64, "{fen}");
        }
    }
}
