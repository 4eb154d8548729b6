//! The solver's root: its moves ordered and searched by [`pvs_loop`] (each one's proven
//! bounds kept, the moves after the first shared with a thread), every best move, and
//! the principal variation.

use reversi::{kernel, Board, Ply, Square};

use super::{Solution, Solver};
use crate::search::move_loop::{pvs_loop, End, MoveLoop, Research, Trial};
use crate::search::node::Node;

impl Solver {
    /// The root: every move searched (the first with the window, the others with a null
    /// window first), each one's proven bounds kept; `first` (if legal) searched first.
    pub(super) fn root(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        first: Option<Square>,
    ) -> Solution {
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        let mut solution = Solution {
            score: -64,
            lower: -64,
            upper: 64,
            best_moves: Vec::new(),
            pv: Vec::new(),
            nodes: 0,
            complete: false,
        };
        if kernel::moves(p, o) == 0 {
            let passed = match board.pass() {
                Ok(passed) => passed,
                Err(_) => {
                    let score = kernel::final_score(p, o);
                    solution.score = score;
                    solution.lower = score;
                    solution.upper = score;
                    return solution;
                }
            };
            let child = self.root(&passed, -beta, -alpha, None);
            solution.lower = -child.upper;
            solution.upper = -child.lower;
            solution.score = solution.lower;
            solution.best_moves = vec![Ply::Pass];
            solution.pv = vec![Ply::Pass];
            return solution;
        }
        let children = self.ordered_children(board, first);
        let (best, lower, upper) = self.root_moves(&children, alpha, beta);
        solution.lower = lower;
        solution.upper = upper.max(lower);
        solution.score = lower;
        if let Some(s) = best {
            solution.best_moves = vec![Ply::Move(s)];
            solution.pv = vec![Ply::Move(s)];
        }
        solution
    }

    /// The moves of `board` (which has one) with the positions after them, best first by
    /// a shallow search of each child (`first`, then the table's move when one is
    /// stored, before the others).
    pub(super) fn ordered_children(
        &mut self,
        board: &Board,
        first: Option<Square>,
    ) -> Vec<(Square, Board, i32)> {
        let mut children: Vec<(Square, Board, i32)> = board
            .legal_moves()
            .iter()
            .filter_map(|s| board.play(s).ok().map(|child| (s, child, 0)))
            .collect();
        let hash = self
            .search
            .table
            .probe_bounds(board.zobrist_key())
            .map(|e| e.best);
        for (s, child, order) in &mut children {
            *order = self.order_value(child);
            if hash == Some(s.index() as u8) {
                *order += 1 << 24;
            }
            if first == Some(*s) {
                *order += 1 << 25;
            }
        }
        children.sort_by_key(|&(_, _, order)| std::cmp::Reverse(order));
        children
    }

    /// Searches the root's `children` in `(alpha, beta)` by [`pvs_loop`]: the move
    /// proven best (if any), a proven lower bound of the root's score and an upper bound
    /// (of the moves searched: 64 when some were not).
    fn root_moves(
        &mut self,
        children: &[(Square, Board, i32)],
        alpha: i32,
        beta: i32,
    ) -> (Option<Square>, i32, i32) {
        let mut moves = RootMoves {
            solver: self,
            children,
            window: (alpha, beta),
            next: 0,
            found: (None, -64, -64),
            cut_short: None,
        };
        match pvs_loop(&mut moves, alpha, beta) {
            End::Complete => moves.found,
            End::Cutoff => (moves.found.0, moves.found.1, 64),
            End::Stopped | End::Split => moves.cut_short.unwrap_or(moves.found),
        }
    }

    /// [`Solver::root_moves`] for the moves after the first (`rest`), shared with the
    /// thread [`Search::may_split_root`] took ([`Search::split_children`]); `found` is
    /// the first move's `(best, lower, upper)`, its `lower` below `beta`.
    fn root_split(
        &mut self,
        rest: &[(Square, Board, i32)],
        alpha: i32,
        beta: i32,
        found: (Option<Square>, i32, i32),
    ) -> (Option<Square>, i32, i32) {
        let (mut best, mut lower, mut upper) = found;
        let children: Vec<Node> = rest.iter().map(|(_, child, _)| Node::of(child)).collect();
        let split = self.search.split_children(&children, alpha, beta, lower);
        for (j, bounds, _) in split.moves {
            upper = upper.max(bounds.upper);
            if bounds.lower > lower {
                lower = bounds.lower;
                best = Some(rest[j].0);
            }
        }
        if !split.complete || lower >= beta {
            // Moves left unsearched (a limit stopped the split, or one reached beta).
            return (best, lower, 64);
        }
        (best, lower, upper)
    }

    /// The move-ordering value of a root child (higher: try first).
    pub(super) fn order_value(&mut self, child: &Board) -> i32 {
        let (p, o) = (child.mover_bits(), child.opponent_bits());
        let n = (!(p | o)).count_ones();
        let depth = if n >= 20 { 4 } else { 2 };
        -self.search.root_sort_value(p, o, depth)
    }

    /// Adds the other moves reaching `solution.score` (each proven by one null-window
    /// search).
    pub(super) fn more_best_moves(&mut self, board: &Board, solution: &mut Solution) {
        let score = solution.score;
        for s in board.legal_moves() {
            if solution.best_moves.contains(&Ply::Move(s)) {
                continue;
            }
            let child = match board.play(s) {
                Ok(child) => child,
                Err(_) => continue,
            };
            let v = -self.value(child, -score, -score + 1);
            if self.search.stopped() {
                // The value is meaningless: only the moves proven before the stop count.
                return;
            }
            if v >= score {
                solution.best_moves.push(Ply::Move(s));
            }
        }
    }

    /// A line of perfect play from `board`, whose exact score is `score`: at each
    /// position a move is taken whose child is proven (by a null-window search, cheap
    /// with the table filled) to give the score, `first` tried first at the root (so the
    /// line starts with the solution's best move). The line ends where a limit stops the
    /// search: a move whose proof was cut off is never added.
    pub(super) fn principal_variation(
        &mut self,
        board: &Board,
        score: i32,
        first: Option<Ply>,
    ) -> Vec<Ply> {
        let mut line = Vec::new();
        let (mut board, mut score) = (*board, score);
        let mut prefer = match first {
            Some(Ply::Move(s)) => Some(s.index() as u32),
            _ => None,
        };
        loop {
            if board.is_game_over() {
                return line;
            }
            if board.must_pass() {
                let next = match board.pass() {
                    Ok(next) => next,
                    Err(_) => return line,
                };
                line.push(Ply::Pass);
                board = next;
                score = -score;
                prefer = None;
                continue;
            }
            let hash = prefer.take().or_else(|| {
                self.search
                    .table
                    .probe_bounds(board.zobrist_key())
                    .map(|e| e.best as u32)
            });
            let mut moves: Vec<Square> = board.legal_moves().iter().collect();
            if let Some(h) = hash {
                moves.sort_by_key(|s| s.index() as u32 != h);
            }
            let mut found = None;
            for s in moves {
                let child = match board.play(s) {
                    Ok(child) => child,
                    Err(_) => continue,
                };
                // The child's score is at most -score for every move; this one reaches
                // it when the child is not above -score.
                let v = self.value(child, -score, -score + 1);
                if self.search.stopped() {
                    return line;
                }
                if v <= -score {
                    found = Some((s, child));
                    break;
                }
            }
            let (s, child) = match found {
                Some(found) => found,
                None => return line,
            };
            line.push(Ply::Move(s));
            board = child;
            score = -score;
        }
    }
}

/// The root's moves as [`pvs_loop`] searches them, each one's proven bounds kept.
struct RootMoves<'a> {
    solver: &'a mut Solver,
    children: &'a [(Square, Board, i32)],
    /// The root's window.
    window: (i32, i32),
    /// The next move's index in `children`.
    next: usize,
    /// The move proven best (if any), the best proven lower bound and the greatest upper
    /// bound of the moves searched.
    found: (Option<Square>, i32, i32),
    /// The result when a stop or a split ended the loop.
    cut_short: Option<(Option<Square>, i32, i32)>,
}

impl RootMoves<'_> {
    /// The current move and the position after it.
    fn current(&self) -> (Square, Board) {
        let (s, child, _) = self.children[self.next - 1];
        (s, child)
    }
}

impl MoveLoop for RootMoves<'_> {
    const RESEARCH: Research = Research::BelowValue;

    fn next(&mut self) -> bool {
        self.next += 1;
        self.next <= self.children.len()
    }

    fn floor(&self) -> i32 {
        self.found.1
    }

    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        -self.solver.value(self.current().1, -beta, -alpha)
    }

    fn stopped(&self) -> bool {
        self.solver.search.stopped()
    }

    fn searched(&mut self, trial: &Trial) -> bool {
        let bounds = trial.bounds();
        let square = self.current().0;
        let (best, lower, upper) = &mut self.found;
        *upper = (*upper).max(bounds.upper);
        if best.is_none() || bounds.lower > *lower {
            *lower = bounds.lower;
            *best = Some(square);
        }
        // The moves left are then unsearched (the upper bound 64); after the last, the
        // upper bound of them all stands.
        self.window.0.max(*lower) >= self.window.1 && self.next < self.children.len()
    }

    fn interrupted(&mut self, proven: Option<&Trial>) {
        let (best, lower, _) = self.found;
        self.cut_short = Some(match proven {
            // The null-window result stays proven.
            Some(trial) if trial.bounds().lower > lower => {
                (Some(self.current().0), trial.bounds().lower, 64)
            }
            _ => (best, lower, 64),
        });
    }

    fn after_first(&mut self) -> bool {
        // A thread is taken only for moves left to search (none once one reached beta).
        let (alpha, beta) = self.window;
        let left = self.children.len() - 1;
        if alpha.max(self.found.1) >= beta || !self.solver.search.may_split_root(left) {
            return false;
        }
        let rest = &self.children[1..];
        self.cut_short = Some(self.solver.root_split(rest, alpha, beta, self.found));
        true
    }
}
