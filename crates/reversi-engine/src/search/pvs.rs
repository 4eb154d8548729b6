//! The null-window and principal-variation searches with the table, from
//! [`DEEP`](super::DEEP) empties on.

use reversi::kernel;

use crate::stability::{stability_threshold, stable_discs};
use crate::table::{BoundsEntry, NO_MOVE};

use super::isa::Isa;
use super::move_loop::{pvs_loop, End, MoveLoop, Research, Trial};
use super::node::{Move, Node};
use super::ordering::ETC_MIN;
use super::state::Search;

impl Search {
    /// Null-window search of `(alpha, alpha + 1)` with the table, [`DEEP`] empties or more.
    #[inline(always)]
    pub(crate) fn nws_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32) -> i32 {
        if self.clock.count() {
            return alpha;
        }
        let Node { p, o, key, n, .. } = node;
        if self.techniques.table {
            self.table.prefetch::<BoundsEntry>(key);
        }
        let beta = alpha + 1;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.nws(self, node.pass(), -beta);
        }
        if self.techniques.stability && alpha >= stability_threshold(n) {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let mut hash_move = NO_MOVE;
        if self.techniques.table {
            if let Some(e) = self.table.probe_bounds(key) {
                if e.lower as i32 > alpha {
                    return e.lower as i32;
                }
                if e.upper as i32 <= alpha {
                    return e.upper as i32;
                }
                hash_move = e.best;
            }
        }
        let (best, best_move) = match self.nws_moves(k, node, moves, hash_move, alpha) {
            Ok(found) => found,
            Err(v) => return v,
        };
        if self.techniques.table {
            if best > alpha {
                self.table.store_bounds(key, n, best, 64, best_move);
            } else {
                self.table.store_bounds(key, n, -64, best, NO_MOVE);
            }
        }
        best
    }

    /// The moves of a null-window node (`moves`, non-empty): the best value and its
    /// move, or `Err` with the value to return at once (a limit stopped the search, or an
    /// enhanced transposition cutoff, stored). Below [`ETC_MIN`] empties the table's
    /// move is searched before the others are generated.
    #[inline(always)]
    pub(crate) fn nws_moves<K: Isa>(
        &mut self,
        k: K,
        node: Node,
        moves: u64,
        hash_move: u8,
        alpha: i32,
    ) -> Result<(i32, u8), i32> {
        let (mut best, mut best_move, mut moves) = (-65, NO_MOVE, moves);
        let etc = self.techniques.enhanced_cutoffs && self.techniques.table && node.n >= ETC_MIN;
        if !etc && hash_move != NO_MOVE && (moves >> hash_move) & 1 != 0 {
            let x = u32::from(hash_move);
            let m = Move {
                square: x,
                flipped: kernel::flips(node.p, node.o, x),
                key: 0,
                order: 0,
            };
            best = -self.search_in(k, node.play(&m), -alpha - 1, -alpha);
            if self.stopped() {
                return Err(alpha);
            }
            best_move = hash_move;
            moves ^= 1 << x;
            if best > alpha || moves == 0 {
                return Ok((best, best_move));
            }
        }
        let base = self.top;
        let len = match self.generate(k, base, node, moves, hash_move, alpha) {
            Ok(len) => len,
            Err((v, x)) => {
                self.table.store_bounds(node.key, node.n, v, 64, x as u8);
                return Err(v);
            }
        };
        let end = base + len;
        self.top = end;
        for i in base..end {
            let m = self.select(i, end);
            let v = -self.search_in(k, node.play(&m), -alpha - 1, -alpha);
            if self.stopped() {
                self.top = base;
                return Err(alpha);
            }
            if v > best {
                best = v;
                best_move = m.square as u8;
                if v > alpha {
                    break;
                }
            }
            if i == base && self.may_split(node.n, end - base - 1) {
                let found =
                    self.split_rest(k, node, base + 1, (alpha, alpha + 1), (best, best_move));
                self.top = base;
                return found.ok_or(alpha);
            }
        }
        self.top = base;
        Ok((best, best_move))
    }

    /// Principal-variation search of `(alpha, beta)`: the first move with the full
    /// window, the others with a null window and, if they fail high, again with the
    /// full one. [`DEEP`] empties or more.
    #[inline(always)]
    pub(crate) fn pvs_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32, beta: i32) -> i32 {
        if self.clock.count() {
            return alpha;
        }
        let Node { p, o, key, n, .. } = node;
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.pvs(self, node.pass(), -beta, -alpha);
        }
        let (alpha, beta, hash_move) = match self.pvs_probe(key, alpha, beta) {
            Ok(window) => window,
            Err(v) => return v,
        };
        let base = self.top;
        // No cutoff from the table here (alpha 64): a PV node wants the exact score.
        let len = self
            .generate(k, base, node, moves, hash_move, 64)
            .unwrap_or(0);
        self.top = base + len;
        let found = self.pvs_moves(k, node, base, (alpha, beta));
        self.top = base;
        let (best, best_move) = match found {
            Some(found) => found,
            None => return alpha,
        };
        if self.techniques.table {
            if best >= beta {
                self.table.store_bounds(key, n, best, 64, best_move);
            } else if best > alpha {
                self.table.store_bounds(key, n, best, best, best_move);
            } else {
                self.table.store_bounds(key, n, -64, best, best_move);
            }
        }
        best
    }

    /// The table's bounds of a principal-variation node: `Err` with the value when they
    /// decide it, else the window narrowed by them and the table's move.
    #[inline(always)]
    pub(crate) fn pvs_probe(&self, key: u64, alpha: i32, beta: i32) -> Result<(i32, i32, u8), i32> {
        if !self.techniques.table {
            return Ok((alpha, beta, NO_MOVE));
        }
        let e = match self.table.probe_bounds(key) {
            Some(e) => e,
            None => return Ok((alpha, beta, NO_MOVE)),
        };
        let (lower, upper) = (e.lower as i32, e.upper as i32);
        if lower >= beta {
            return Err(lower);
        }
        if upper <= alpha {
            return Err(upper);
        }
        if lower == upper {
            return Err(lower);
        }
        // Bounds proven for this position narrow the window (fail-soft stays correct:
        // results outside it are still bounds).
        Ok((alpha.max(lower - 1), beta.min(upper + 1), e.best))
    }

    /// The moves of a principal-variation node, listed in `stack[base..self.top]`,
    /// searched by [`pvs_loop`]: the best value and its move, `None` when a limit stopped
    /// the search.
    #[inline(always)]
    pub(crate) fn pvs_moves<K: Isa>(
        &mut self,
        k: K,
        node: Node,
        base: usize,
        window: (i32, i32),
    ) -> Option<(i32, u8)> {
        let end = self.top;
        let mut moves = PvMoves {
            search: self,
            k,
            node,
            base,
            end,
            next: base,
            child: node,
            square: NO_MOVE,
            window,
            best: (-65, NO_MOVE),
            split: None,
        };
        match pvs_loop(&mut moves, window.0, window.1) {
            End::Stopped => None,
            End::Split => moves.split,
            End::Complete | End::Cutoff => Some(moves.best),
        }
    }
}

/// The moves of an endgame principal-variation node (`stack[base..end]`), as
/// [`pvs_loop`] searches them.
struct PvMoves<'a, K> {
    search: &'a mut Search,
    k: K,
    node: Node,
    base: usize,
    end: usize,
    /// The next move's index in the stack.
    next: usize,
    /// The position after the current move, and its square.
    child: Node,
    square: u8,
    /// The node's window.
    window: (i32, i32),
    /// The best value and its move.
    best: (i32, u8),
    /// The split's result, when the moves after the first went to one.
    split: Option<(i32, u8)>,
}

impl<K: Isa> MoveLoop for PvMoves<'_, K> {
    const RESEARCH: Research = Research::Value;

    #[inline(always)]
    fn null_window(&self) -> bool {
        self.search.techniques.null_window
    }

    #[inline(always)]
    fn next(&mut self) -> bool {
        if self.next == self.end {
            return false;
        }
        let m = self.search.select(self.next, self.end);
        self.child = self.node.play(&m);
        self.square = m.square as u8;
        self.next += 1;
        true
    }

    #[inline(always)]
    fn floor(&self) -> i32 {
        self.best.0
    }

    #[inline(always)]
    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        -self.search.search_in(self.k, self.child, -beta, -alpha)
    }

    #[inline(always)]
    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    #[inline(always)]
    fn searched(&mut self, trial: &Trial) -> bool {
        let v = trial.value();
        if v > self.best.0 {
            self.best = (v, self.square);
            return v >= trial.beta;
        }
        false
    }

    #[inline(always)]
    fn after_first(&mut self) -> bool {
        if !self.search.may_split(self.node.n, self.end - self.base - 1) {
            return false;
        }
        let (k, node, from) = (self.k, self.node, self.base + 1);
        self.split = self
            .search
            .split_rest(k, node, from, self.window, self.best);
        true
    }
}
