//! Legal move generation and counting, from one source.
//!
//! [`Position::generate`] walks the side to move's pieces and hands each one's
//! [`PieceMoves`] (its square and target bitboard, after cozy-chess's `PieceMoves`) and
//! each monkey jump path to a [`MoveSink`]: a move list writes one move per target,
//! a tally adds the target count. Listing and counting therefore cannot disagree.

use crate::board::{bit, rank_of, CASTLE, FULL, PAST_RIVER, RIVER, RIVER_RANK};
use crate::dir::Dir;
use crate::moves::{Move, MAX_INTERMEDIATE_LANDINGS};
use crate::piece::Role;
use crate::position::Position;
use crate::tables::{jump, ray, slide, step, ELEPHANT, KING, KNIGHT, PAWN, SUPERPAWN, TWO};

/// One piece of the side to move: its square and every square it can move to (captures
/// included), one move per target. A monkey's capturing jumps are paths, not targets;
/// they go to [`MoveSink::monkey_path`].
#[derive(Clone, Copy)]
pub(crate) struct PieceMoves {
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
            self.push(Move::from_indices(moves.from, to.trailing_zeros() as usize));
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

/// The monkey jump from `cur` in `dir`, if the neighbour there holds one of `enemy` (the
/// enemy pieces not jumped yet) and the square beyond is one of `empty`: the jumped
/// square's bit and the landing square's index.
pub(crate) fn monkey_jump(cur: usize, dir: Dir, enemy: u64, empty: u64) -> Option<(u64, usize)> {
    let jumped = step(cur, dir);
    let land = jump(cur, dir);
    if jumped & enemy != 0 && land & empty != 0 {
        Some((jumped, land.trailing_zeros() as usize))
    } else {
        None
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

/// The enemy lions the lion on `sq` may capture: the first piece on its file or on a
/// diagonal (never on its rank).
fn lion_captures(sq: usize, enemy_lions: u64, occ: u64) -> u64 {
    let mut targets = 0;
    for dir in [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW] {
        if ray(sq, dir) & enemy_lions != 0 {
            targets |= slide(sq, dir, occ) & enemy_lions;
        }
    }
    targets
}

/// A retreat from `sq` in `dir` through `empty` squares, never capturing, never jumping:
/// the first square when it is empty, and the second too when both are.
fn retreat(sq: usize, dir: Dir, empty: u64) -> u64 {
    let one = step(sq, dir) & empty;
    if one == 0 {
        0
    } else {
        one | jump(sq, dir) & empty
    }
}

/// Sends the [`PieceMoves`] of each piece on `pieces` to `sink`, by square index.
fn each_piece<S: MoveSink>(pieces: u64, sink: &mut S, targets: impl Fn(usize) -> u64) {
    let mut pieces = pieces;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        sink.piece_moves(PieceMoves {
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
        // Each kind's targets, in Role::ALL order.
        // Pawn: a step forward or diagonally forward, moving or capturing; past the
        // river, a retreat of one or two squares straight back.
        each_piece(mine(Role::Pawn), sink, move |sq| {
            let steps = PAWN[us][sq] & !own;
            if PAST_RIVER[us] & bit(sq) != 0 {
                let [forward, ..] = Dir::ahead(us);
                steps | retreat(sq, forward.opposite(), empty)
            } else {
                steps
            }
        });
        // Superpawn: a step forward, diagonally forward or sideways, moving or
        // capturing; anywhere, a retreat of one or two squares straight or diagonally
        // back (backward for one side is forward for the other).
        each_piece(mine(Role::Superpawn), sink, move |sq| {
            let [back, back_left, back_right] = Dir::ahead(us.other());
            SUPERPAWN[us][sq] & !own
                | retreat(sq, back, empty)
                | retreat(sq, back_left, empty)
                | retreat(sq, back_right, empty)
        });
        // Giraffe: a step onto an empty square, or a 2-square jump, moving or capturing.
        each_piece(mine(Role::Giraffe), sink, move |sq| {
            KING[sq] & empty | TWO[sq] & !own
        });
        // Monkey: a step onto an empty square, then its jump paths.
        let mut monkeys = mine(Role::Monkey);
        while monkeys != 0 {
            let from = monkeys.trailing_zeros() as usize;
            monkeys &= monkeys - 1;
            sink.piece_moves(PieceMoves {
                from,
                to: KING[from] & empty,
            });
            if KING[from] & enemy != 0 {
                let start = Move::from_indices(from, from);
                monkey_paths(start, from, enemy, empty | bit(from), enemy_lions, sink);
            }
        }
        // Elephant: one or two squares orthogonally, jumping, moving or capturing.
        each_piece(mine(Role::Elephant), sink, move |sq| ELEPHANT[sq] & !own);
        // Lion: a step inside its castle, or the lion capture.
        each_piece(mine(Role::Lion), sink, move |sq| {
            KING[sq] & CASTLE[us] & !own | lion_captures(sq, enemy_lions, occ)
        });
        // Crocodile: a step, or a slide along the river (on it) or along its file toward
        // the river (off it; the river stops the slide as a piece would), up to the
        // first piece, capturing an enemy one.
        each_piece(mine(Role::Crocodile), sink, move |sq| {
            let slides = if RIVER & bit(sq) != 0 {
                slide(sq, Dir::E, occ) | slide(sq, Dir::W, occ)
            } else if rank_of(sq) < RIVER_RANK {
                slide(sq, Dir::N, occ | RIVER)
            } else {
                slide(sq, Dir::S, occ | RIVER)
            };
            (KING[sq] | slides) & !own
        });
        // Zebra: a knight leap, moving or capturing.
        each_piece(mine(Role::Zebra), sink, move |sq| KNIGHT[sq] & !own);
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
