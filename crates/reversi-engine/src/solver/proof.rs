//! The guided exact solve ([`Solver::solve_guided`]): a best move proven first, by
//! null-window tests of the root's moves against the best bound proven so far, then its
//! exact score.

use reversi::{kernel, Board, Ply, Square};

use super::{Solution, Solver, ASPIRATION};
use crate::search::node::Node;
use crate::search::state::Bounds;

impl Solver {
    /// The guided exact solve of [`Solver::solve_guided`] (no [`Solver::finish`]): a best
    /// move proven first ([`Solver::prove_best`]), then its exact score.
    pub(super) fn guided(&mut self, board: &Board, guess: i32, first: Option<Square>) -> Solution {
        if kernel::moves(board.mover_bits(), board.opponent_bits()) == 0 {
            return self.guided_window(board, guess, first);
        }
        let children = self.ordered_children(board, first);
        let bounds = self.prove_best(&children, guess);
        let b = best_lower(&bounds);
        // Before the proof is done (a limit stopped it), a move other than `first` is
        // answered only when proven at least as good as `first`.
        let m = match first.and_then(|s| children.iter().position(|&(c, _, _)| c == s)) {
            Some(f) if bounds[b].lower < bounds[f].upper => f,
            _ => b,
        };
        let mut solution = Solution {
            score: bounds[m].lower,
            lower: bounds[m].lower,
            upper: bounds.iter().map(|x| x.upper).max().unwrap_or(64),
            best_moves: vec![Ply::Move(children[m].0)],
            pv: vec![Ply::Move(children[m].0)],
            nodes: 0,
            complete: false,
        };
        if self.search.stopped() {
            return solution;
        }
        // Proven best: every other move is at most its lower bound `l`.
        let l = bounds[m].lower;
        let v = if bounds[m].upper == l {
            l
        } else {
            -self.value(children[m].1, -65, -(l - 1))
        };
        if !self.search.stopped() {
            (solution.score, solution.lower, solution.upper) = (v, v, v);
        }
        solution
    }

    /// Proves which of the root's `children` (in the order to try them) is a best move:
    /// the first is searched in the window `guess` ± `ASPIRATION`, then every other is
    /// tested by a null-window search against the best lower bound proven so far (one
    /// above it becomes the new best, without a re-search); when every move falls below
    /// the window, the likeliest of those with the best upper bound is searched in the
    /// window under it first. Ends when one move's lower bound reaches every other's
    /// upper bound, or a limit stops it (then the bounds are only as far as they got).
    /// Returns every move's proven bounds, in `children`'s order.
    pub(super) fn prove_best(
        &mut self,
        children: &[(Square, Board, i32)],
        guess: i32,
    ) -> Vec<Bounds> {
        let n = children.len();
        let mut bounds = vec![Bounds::UNKNOWN; n];
        let g = guess.clamp(-64, 64);
        let g = if g % 2 == 0 { g } else { g - 1 };
        // The first move in the window g ± ASPIRATION (odd bounds: scores are even).
        let (alpha, beta) = ((g - ASPIRATION).max(-65), (g + ASPIRATION).min(65));
        let v = -self.value(children[0].1, -beta, -alpha);
        if self.search.stopped() {
            return bounds;
        }
        bounds[0].add(v, alpha, beta);
        // The threshold tests start from, when the first move is not above it.
        let mut t = alpha;
        loop {
            if self.search.stopped() {
                return bounds;
            }
            let b = best_lower(&bounds);
            let l = bounds[b].lower;
            if (0..n).all(|i| i == b || bounds[i].upper <= l) {
                return bounds;
            }
            let established = l > t;
            let a = if established { l } else { t };
            let candidates: Vec<usize> = (0..n)
                .filter(|&i| (!established || i != b) && bounds[i].upper > a)
                .collect();
            if candidates.is_empty() {
                // Every move is at most t - 1: the likeliest of those with the best upper
                // bound is searched in the window below it, and the others against it.
                let u = bounds.iter().map(|x| x.upper).max().unwrap_or(-64);
                let i = (0..n).find(|&i| bounds[i].upper == u).unwrap_or(0);
                let v = -self.value(children[i].1, -(u + 1), 65);
                if self.search.stopped() {
                    return bounds;
                }
                bounds[i].add(v, -65, u + 1);
                t = -65;
                continue;
            }
            if established {
                self.test_moves(children, &candidates, a, &mut bounds);
            } else {
                // The likeliest move alone first (its search splits inside), then the rest.
                self.test_moves(children, &candidates[..1], a, &mut bounds);
                if bounds[candidates[0]].lower <= a && candidates.len() > 1 {
                    self.test_moves(children, &candidates[1..], a, &mut bounds);
                }
            }
        }
    }

    /// Null-window searches "above `a`" of the root's `children` listed in `which`, in
    /// that order, until one is above (on the threads of a parallel solve when it can
    /// split), each result added to `bounds`.
    fn test_moves(
        &mut self,
        children: &[(Square, Board, i32)],
        which: &[usize],
        a: i32,
        bounds: &mut [Bounds],
    ) {
        if which.len() >= 2 && self.search.may_split_root(which.len()) {
            let nodes: Vec<Node> = which.iter().map(|&i| Node::of(&children[i].1)).collect();
            let split = self.search.split_children(&nodes, a, a + 1, a);
            for (j, result, _) in split.moves {
                let i = which[j];
                bounds[i].lower = bounds[i].lower.max(result.lower);
                bounds[i].upper = bounds[i].upper.min(result.upper);
            }
            return;
        }
        for &i in which {
            let v = -self.value(children[i].1, -a - 1, -a);
            if self.search.stopped() {
                return;
            }
            bounds[i].add(v, a, a + 1);
            if v > a {
                return;
            }
        }
    }

    /// The guided exact solve by windows (a pass at the root).
    fn guided_window(&mut self, board: &Board, guess: i32, first: Option<Square>) -> Solution {
        let g = guess.clamp(-64, 64);
        let (mut alpha, mut beta) = ((g - ASPIRATION).max(-65), (g + ASPIRATION).min(65));
        let mut kept: Option<Solution> = None;
        loop {
            let solution = keep_proven(kept.take(), self.root(board, alpha, beta, first));
            let full = alpha <= -65 && beta >= 65;
            if self.search.stopped() || solution.is_exact() || full {
                return solution;
            }
            // Fail-soft: the bound found starts the wider window, open on that side.
            if solution.lower >= beta {
                (alpha, beta) = (solution.lower - 1, 65);
            } else {
                (alpha, beta) = (-65, solution.upper + 1);
            }
            kept = Some(solution);
        }
    }
}

/// The index of the highest lower bound of `bounds` (the first of equals).
fn best_lower(bounds: &[Bounds]) -> usize {
    let mut b = 0;
    for (i, x) in bounds.iter().enumerate() {
        if x.lower > bounds[b].lower {
            b = i;
        }
    }
    b
}

/// The proven knowledge of two root searches of one position: the higher lower bound
/// (with its best move), the lower upper bound.
fn keep_proven(kept: Option<Solution>, mut solution: Solution) -> Solution {
    if let Some(k) = kept {
        if solution.best_moves.is_empty() || k.lower > solution.lower {
            solution.lower = k.lower;
            solution.best_moves = k.best_moves;
            solution.pv = k.pv;
        }
        solution.upper = solution.upper.min(k.upper).max(solution.lower);
        solution.score = solution.lower;
    }
    solution
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::facade::tests::random_board;
    use crate::Mode;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The root's best-move proof, from any guess and first move: every move's bounds
        /// hold its exact score (each child solved on its own by a plain solve), and the
        /// move of the best lower bound is a best move, that bound at least every other
        /// move's upper bound.
        #[test]
        fn prove_best_finds_a_best_move(
            seed: u64,
            empties in 8u32..=13,
            guess in -70i32..=70,
            pick: usize,
        ) {
            let board = random_board(seed, 60 - empties);
            prop_assume!(!board.must_pass() && !board.is_game_over());
            let moves: Vec<Square> = board.legal_moves().iter().collect();
            let first = moves[pick % moves.len()];
            let mut solver = Solver::new(1 << 16);
            solver.start_search();
            let children = solver.ordered_children(&board, Some(first));
            prop_assert_eq!(children[0].0, first);
            let bounds = solver.prove_best(&children, guess);
            prop_assert!(!solver.search.stopped());
            let mut oracle = Solver::new(1 << 16);
            let values: Vec<i32> = children
                .iter()
                .map(|(_, child, _)| -oracle.solve(child, Mode::Exact).score)
                .collect();
            for (i, (s, _, _)) in children.iter().enumerate() {
                prop_assert!(
                    bounds[i].lower <= values[i] && values[i] <= bounds[i].upper,
                    "{} scores {} outside {:?}", s, values[i], bounds[i]
                );
            }
            let b = best_lower(&bounds);
            prop_assert_eq!(values[b], *values.iter().max().unwrap());
            for (i, x) in bounds.iter().enumerate() {
                prop_assert!(i == b || x.upper <= bounds[b].lower);
            }
        }
    }
}
