//! Legal move generation and counting, from one source.
//!
//! [`Position::generate`] walks the side to move's pieces and hands each one's
//! [`PieceMoves`] (its square and target bitboard, after cozy-chess's `PieceMoves`) and
//! each monkey jump path to a [`MoveSink`]: a move list writes one move per target,
//! a tally adds the target count. Listing and counting therefore cannot disagree.

use crate::board::{bit, rank_of, CASTLE, FULL, RIVER, RIVER_RANK};
use crate::dir::Dir;
use crate::moves::{Move, MAX_INTERMEDIATE_LANDINGS};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::tables::{
    backward, between, jump, retreat, slide, slide_along, step, ELEPHANT, KING, KNIGHT, LION_SIGHT,
    PAWN, PAWN_RETREAT, SUPERPAWN, TOWARD_RIVER, TWO,
};

/// The side to move's view of a position, computed once per generation.
pub(crate) struct Ctx {
    pub(crate) us: Color,
    pub(crate) own: u64,
    pub(crate) enemy: u64,
    pub(crate) occ: u64,
    pub(crate) empty: u64,
    pub(crate) enemy_lions: u64,
}

/// One piece of the side to move: its square and every square it can move to (captures
/// included), one move per target. A monkey's capturing jumps are paths, not targets;
/// they go to [`MoveSink::monkey_path`].
#[derive(Clone, Copy, Debug)]
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
    #[inline(always)]
    fn piece_moves(&mut self, moves: PieceMoves) {
        let mut to = moves.to;
        while to != 0 {
            self.push(Move::from_indices(moves.from, to.trailing_zeros() as usize));
            to &= to - 1;
        }
    }

    #[inline(always)]
    fn monkey_path(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts the moves instead of listing them: a popcount per piece.
struct Tally(u64);

impl MoveSink for Tally {
    #[inline(always)]
    fn piece_moves(&mut self, moves: PieceMoves) {
        self.0 += u64::from(moves.to.count_ones());
    }

    #[inline(always)]
    fn monkey_path(&mut self, _: Move) {
        self.0 += 1;
    }
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
            sink.monkey_path(path.ending_at(land));
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

/// The enemy lions the lion on `sq` may capture: on its file or a diagonal, with every
/// square between them empty.
#[inline(always)]
fn lion_captures(sq: usize, enemy_lions: u64, occ: u64) -> u64 {
    let mut targets = 0;
    let mut lions = enemy_lions & LION_SIGHT[sq];
    while lions != 0 {
        let lion = lions.trailing_zeros() as usize;
        lions &= lions - 1;
        if between(sq, lion) & occ == 0 {
            targets |= bit(lion);
        }
    }
    targets
}

/// Sends the [`PieceMoves`] of each piece on `pieces` to `sink`, by square index.
#[inline(always)]
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

/// The squares each piece of the side to move can move to from `sq` (monkey jumps
/// aside): [`PieceMoves::to`].
impl Ctx {
    /// Pawn: a step forward or diagonally forward, moving or capturing; past the river,
    /// a retreat of one or two squares straight back.
    #[inline(always)]
    fn pawn(&self, sq: usize) -> u64 {
        PAWN[self.us][sq] & !self.own | PAWN_RETREAT[self.us][sq].targets(self.empty)
    }

    /// Superpawn: a step forward, diagonally forward or sideways, moving or capturing;
    /// anywhere, a retreat of one or two squares straight or diagonally back.
    #[inline(always)]
    fn superpawn(&self, sq: usize) -> u64 {
        let [back, back_right, back_left] = backward(self.us);
        SUPERPAWN[self.us][sq] & !self.own
            | retreat(sq, back).targets(self.empty)
            | retreat(sq, back_right).targets(self.empty)
            | retreat(sq, back_left).targets(self.empty)
    }

    /// Giraffe: a step onto an empty square, or a 2-square jump, moving or capturing.
    #[inline(always)]
    fn giraffe(&self, sq: usize) -> u64 {
        KING[sq] & self.empty | TWO[sq] & !self.own
    }

    /// Monkey: a step onto an empty square (its jumps are paths: [`monkey_paths`]).
    #[inline(always)]
    fn monkey(&self, sq: usize) -> u64 {
        KING[sq] & self.empty
    }

    /// Elephant: one or two squares orthogonally, jumping, moving or capturing.
    #[inline(always)]
    fn elephant(&self, sq: usize) -> u64 {
        ELEPHANT[sq] & !self.own
    }

    /// Lion: a step inside its castle, or the lion capture.
    #[inline(always)]
    fn lion(&self, sq: usize) -> u64 {
        KING[sq] & CASTLE[self.us] & !self.own | lion_captures(sq, self.enemy_lions, self.occ)
    }

    /// Crocodile: a step, or a slide along the river (on it) or along its file toward
    /// the river (off it), up to the first piece, capturing an enemy one.
    #[inline(always)]
    fn crocodile(&self, sq: usize) -> u64 {
        let slides = if RIVER & bit(sq) != 0 {
            slide(sq, Dir::E, self.occ) | slide(sq, Dir::W, self.occ)
        } else if rank_of(sq) < RIVER_RANK {
            slide_along(TOWARD_RIVER[sq], Dir::N, self.occ)
        } else {
            slide_along(TOWARD_RIVER[sq], Dir::S, self.occ)
        };
        (KING[sq] | slides) & !self.own
    }

    /// Zebra: a knight leap, moving or capturing.
    #[inline(always)]
    fn zebra(&self, sq: usize) -> u64 {
        KNIGHT[sq] & !self.own
    }
}

impl Position {
    #[inline(always)]
    pub(crate) fn ctx(&self) -> Ctx {
        let us = self.turn;
        let own = self.by_color[us];
        let enemy = self.by_color[us.other()];
        let occ = own | enemy;
        Ctx {
            us,
            own,
            enemy,
            occ,
            empty: !occ & FULL,
            enemy_lions: self.by_role[Role::Lion as usize] & enemy,
        }
    }

    /// Sends the legal moves of the side to move (of kind `only`, or all) to `sink`:
    /// kinds in [`Role::ALL`] order, pieces by square index, each piece's
    /// [`PieceMoves`] and then, for a monkey, its jump paths. Nothing when a lion is
    /// missing.
    #[inline(always)]
    fn generate<S: MoveSink>(&self, only: Option<Role>, sink: &mut S) {
        if !self.both_lions() {
            return;
        }
        let c = self.ctx();
        let mine = |role: Role| {
            if only.is_none() || only == Some(role) {
                self.by_role[role as usize] & c.own
            } else {
                0
            }
        };
        // In Role::ALL order.
        each_piece(mine(Role::Pawn), sink, |sq| c.pawn(sq));
        each_piece(mine(Role::Superpawn), sink, |sq| c.superpawn(sq));
        each_piece(mine(Role::Giraffe), sink, |sq| c.giraffe(sq));
        let mut monkeys = mine(Role::Monkey);
        while monkeys != 0 {
            let from = monkeys.trailing_zeros() as usize;
            monkeys &= monkeys - 1;
            sink.piece_moves(PieceMoves {
                from,
                to: c.monkey(from),
            });
            if KING[from] & c.enemy != 0 {
                let start = Move::from_indices(from, from);
                monkey_paths(
                    start,
                    from,
                    c.enemy,
                    c.empty | bit(from),
                    c.enemy_lions,
                    sink,
                );
            }
        }
        each_piece(mine(Role::Elephant), sink, |sq| c.elephant(sq));
        each_piece(mine(Role::Lion), sink, |sq| c.lion(sq));
        each_piece(mine(Role::Crocodile), sink, |sq| c.crocodile(sq));
        each_piece(mine(Role::Zebra), sink, |sq| c.zebra(sq));
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
    /// Position::start().legal_moves(&mut moves);
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
    /// Position::start().legal_moves_of(Role::Zebra, &mut moves);
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
    /// assert_eq!(Position::start().count_legal_moves(), 24);
    /// ```
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
