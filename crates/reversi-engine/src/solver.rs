//! The public solver: root search, limits, best moves and principal variation.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi::{kernel, Board, Ply, Square};

use crate::search::move_loop::{pvs_loop, End, MoveLoop, Research, Trial};
use crate::search::node::Node;
use crate::search::pool::Pool;
pub use crate::search::state::Techniques;
use crate::search::state::{Bounds, Search};
use crate::table::{Table, TableAllocError};

/// The transposition table's default memory budget: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The fewest empty squares at which a solve with [`Solver::set_threads`] above 1 uses
/// more than one thread: below, a solve takes a few milliseconds.
pub const PARALLEL_EMPTIES: u32 = 14;

/// Half the width of the first window of [`Solver::solve_guided`], in discs: a score
/// within 4 discs of the guess comes out of the first search.
pub const ASPIRATION: i32 = 5;

/// What a solve answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The exact final score.
    Exact,
    /// Only whether the side to move wins, draws or loses: the score's sign (faster).
    WinLossDraw,
    /// Only whether the score is at least this value (one null-window search).
    AtLeast(i32),
}

/// A bound on the work of a solve. When one is reached the solve stops and returns the
/// best result proven so far (see [`Solution`]): never a wrong one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// At most about this many nodes (checked every few thousand nodes).
    pub nodes: Option<u64>,
    /// At most about this much time (read every few thousand nodes).
    pub time: Option<Duration>,
}

/// The result of a solve, scores for the side to move: the final disc difference with
/// perfect play by both sides, empty squares counted for the winner (always even, -64
/// to 64).
///
/// Every value is proven. The score lies in `lower..=upper`; a complete [`Mode::Exact`]
/// solve has `lower == upper == score`. A stopped solve (a [`Limits`] reached) or a
/// [`Mode::WinLossDraw`] / [`Mode::AtLeast`] solve may only bound it; then `score` is
/// `lower`, and the first of `best_moves`, if any, is proven to reach at least `lower`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact score when [`Solution::is_exact`], else the proven lower bound.
    pub score: i32,
    /// A proven lower bound of the score.
    pub lower: i32,
    /// A proven upper bound of the score.
    pub upper: i32,
    /// The best moves: with an exact score and [`Solver::all_best_moves`] on, every
    /// move reaching it (in search order), else the one move found; `[Ply::Pass]` when
    /// the side to move must pass; empty when the game is over or no move is proven.
    pub best_moves: Vec<Ply>,
    /// A principal variation: a line of perfect play to the end of the game (passes
    /// included) when the score is exact, else just the first best move if any.
    pub pv: Vec<Ply>,
    /// The positions searched (including those of move-ordering searches), by every
    /// thread of the solve.
    pub nodes: u64,
    /// Whether the solve finished (no limit was reached).
    pub complete: bool,
}

impl Solution {
    /// Whether the score is exact (`lower == upper`).
    ///
    /// ```
    /// let board = reversi::Board::from_obf(
    ///     "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X")?;
    /// assert!(reversi_engine::solve(&board).is_exact());
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// An exact endgame solver with its transposition table (kept between solves: solving
/// positions of one game in order reuses it).
pub struct Solver {
    search: Search,
    limits: Limits,
    all_best: bool,
    /// The threads of [`Solver::set_threads`], started once (`None`: one thread).
    pool: Option<Arc<Pool>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(DEFAULT_TABLE_BYTES)
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_bytes", &self.table_bytes())
            .field("limits", &self.limits)
            .field("threads", &self.threads())
            .finish()
    }
}

impl Solver {
    /// A solver whose transposition table takes at most `table_bytes` bytes (the
    /// largest power-of-two number of 16-byte entries that fits, at least 2), no limits,
    /// every technique on, [`Solver::all_best_moves`] off, and one thread.
    ///
    /// ```
    /// let solver = reversi_engine::Solver::new(1 << 20);
    /// assert_eq!(solver.table_bytes(), 1 << 20);
    /// ```
    ///
    /// # Panics
    /// When the table's memory cannot be had ([`Solver::try_new`] gives an error).
    #[must_use]
    pub fn new(table_bytes: usize) -> Solver {
        Solver::try_new(table_bytes).unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Solver::new`], or the error of a table whose memory the system would not give
    /// (a `--table-mib` beyond an address-space limit, say).
    ///
    /// ```
    /// assert!(reversi_engine::Solver::try_new(1 << 20).is_ok());
    /// assert!(reversi_engine::Solver::try_new(usize::MAX).is_err());
    /// ```
    ///
    /// # Errors
    /// [`TableAllocError`] (with the table's bytes) when the system refuses the memory.
    pub fn try_new(table_bytes: usize) -> Result<Solver, TableAllocError> {
        Ok(Solver {
            search: Search::new(Arc::new(Table::try_new(table_bytes)?)),
            limits: Limits::default(),
            all_best: false,
            pool: None,
        })
    }

    /// The bytes the transposition table takes (within the budget given to
    /// [`Solver::new`]).
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.search.table.bytes()
    }

    /// Sets the limits of later solves.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// With `on`, exact solves list every best move (one null-window search more for
    /// each other move that might tie); off (the default), the one found first.
    pub fn all_best_moves(&mut self, on: bool) {
        self.all_best = on;
    }

    /// Solves with up to `threads` threads at once (at least 1; 1, the default, is the
    /// calling thread alone). With more, a solve of `PARALLEL_EMPTIES` empties or more
    /// that has no node limit shares its work: at a node of 12 empties or more whose
    /// first move did not cut (the root included), the moves after the first go to this
    /// thread and to an idle one, each searched against the best bound proven so far (the
    /// young-brothers-wait scheme), on the one shared transposition table. A thread that
    /// has finished its moves and waits for the other's lends its turn to any split below.
    /// Every result is as proven as a one-thread solve's, but which of several best
    /// moves is found, the principal variation and the node count may differ from run to
    /// run. A solve with a node limit stays on one thread, so that it is reproducible.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Mode, Solver};
    /// // FFO #40 has 20 empties: the exact score is +38 however many threads solve it.
    /// let board = Board::from_obf(
    ///     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")?;
    /// let mut solver = Solver::new(16 << 20);
    /// solver.set_threads(2);
    /// let solution = solver.solve(&board, Mode::Exact);
    /// assert_eq!(solution.score, 38);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    ///
    /// The threads are started here, once (not at each solve or split), and end when
    /// the solver is dropped or set to another count.
    pub fn set_threads(&mut self, threads: usize) {
        if threads.max(1) != self.threads() {
            self.pool = (threads > 1).then(|| Arc::new(Pool::new(threads)));
        }
    }

    /// The threads of a solve (see [`Solver::set_threads`]).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |pool| pool.size())
    }

    /// The pool of [`Solver::set_threads`], for the engine's other searches.
    pub(crate) fn pool(&self) -> Option<&Arc<Pool>> {
        self.pool.as_ref()
    }

    /// Orders moves with `weights` from now on (the default: [`crate::eval::builtin`]);
    /// scores stay exact whatever the weights, only the node counts change.
    pub fn set_weights(&mut self, weights: Arc<crate::eval::Weights>) {
        self.search.weights = weights;
    }

    /// Watches `signal` in every later solve: once it is set (by any thread), the solve
    /// stops within about a millisecond, as when a [`Limits`] is reached, and answers
    /// only what it proved (see [`StopSignal`](crate::StopSignal)).
    pub fn set_stop_signal(&mut self, signal: crate::StopSignal) {
        self.search.clock.set_signal(Some(signal));
    }

    /// Switches techniques on or off (to measure them; every result stays exact).
    #[doc(hidden)]
    pub fn set_techniques(&mut self, t: Techniques) {
        self.search.techniques = t;
    }

    /// Forgets everything the transposition table holds.
    pub fn clear(&mut self) {
        self.search.table.clear();
    }

    /// Solves `board` in `mode`, within the limits set.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Mode, Solver};
    /// // FFO-style line: 14 empties.
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut solver = Solver::new(1 << 20);
    /// let exact = solver.solve(&board, Mode::Exact);
    /// let wld = solver.solve(&board, Mode::WinLossDraw);
    /// assert_eq!(wld.lower.signum(), exact.score.signum());
    /// let at_least = solver.solve(&board, Mode::AtLeast(exact.score));
    /// assert!(at_least.lower >= exact.score);
    /// let not_more = solver.solve(&board, Mode::AtLeast(exact.score + 2));
    /// assert!(not_more.upper < exact.score + 2);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn solve(&mut self, board: &Board, mode: Mode) -> Solution {
        let (alpha, beta) = match mode {
            Mode::Exact => (-65, 65),
            Mode::WinLossDraw => (-1, 1),
            Mode::AtLeast(s) => (s - 1, s),
        };
        self.with_threads(board, mode, |solver| solver.root(board, alpha, beta, None))
    }

    /// An exact solve of `board` guided by a midgame search, which proves a best move
    /// before it finds the exact score. `first` is searched first at the root, in the
    /// window `guess` (discs) ± `ASPIRATION`; every other move is then tested by a
    /// null-window search against the best lower bound proven so far (if all fall below
    /// the window, the likeliest is searched in the window under them first), a move that
    /// is above becoming the new best without a re-search, until one move's lower bound
    /// reaches every other's upper bound; then its exact score is searched. A complete
    /// solve has the exact score [`Solver::solve`] finds in [`Mode::Exact`]; its best move
    /// and principal variation may be others of the same score. Nothing is an error: any
    /// `guess` is clamped to -64..=64, and a `first` that is not a legal move (or a pass)
    /// is ignored.
    ///
    /// When a limit stops it, a best move other than `first` is proven at least as good
    /// as `first` (so a player may take it instead of `first` without risk); once the
    /// best move is proven (often well before the exact score), it is a best move of the
    /// position, though the solve is not complete. The bounds hold the score as in
    /// [`Solver::solve`].
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Mode, Solver};
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let exact = Solver::new(1 << 20).solve(&board, Mode::Exact);
    /// let guided = Solver::new(1 << 20).solve_guided(&board, -30, None);
    /// assert!(guided.complete && guided.is_exact());
    /// assert_eq!(guided.score, exact.score);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn solve_guided(&mut self, board: &Board, guess: i32, first: Option<Ply>) -> Solution {
        let first = match first {
            Some(Ply::Move(s)) => Some(s),
            _ => None,
        };
        self.with_threads(board, Mode::Exact, |solver| {
            solver.guided(board, guess, first)
        })
    }

    /// Starts a search, runs `solve` (the root searches of `board`) on the threads of
    /// [`Solver::set_threads`] when they apply, and completes its solution in `mode`
    /// ([`Solver::finish`]).
    fn with_threads(
        &mut self,
        board: &Board,
        mode: Mode,
        solve: impl FnOnce(&mut Solver) -> Solution,
    ) -> Solution {
        self.start_search();
        let empties = board.empty_squares().len();
        let parallel = empties >= PARALLEL_EMPTIES && self.limits.nodes.is_none();
        self.search.threads = match &self.pool {
            Some(pool) if parallel => Some(Arc::clone(pool.threads())),
            _ => None,
        };
        let running = self
            .search
            .threads
            .as_ref()
            .map(|threads| threads.running());
        let solution = solve(self);
        let solution = self.finish(board, mode, solution);
        drop(running);
        if let Some(threads) = self.search.threads.take() {
            // Every split gave back the thread it took.
            debug_assert_eq!(threads.idle(), threads.size() as isize - 1);
        }
        solution
    }

    /// The guided exact solve of [`Solver::solve_guided`] (no [`Solver::finish`]): a best
    /// move proven first ([`Solver::prove_best`]), then its exact score.
    fn guided(&mut self, board: &Board, guess: i32, first: Option<Square>) -> Solution {
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
    fn prove_best(&mut self, children: &[(Square, Board, i32)], guess: i32) -> Vec<Bounds> {
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

    /// Starts a search within the limits set.
    fn start_search(&mut self) {
        let node_limit = self.limits.nodes.unwrap_or(u64::MAX);
        let deadline = self.limits.time.map(|t| Instant::now() + t);
        self.search.start(node_limit, deadline);
    }

    /// Completes the root's `solution` in `mode`: whether it finished, and for a finished
    /// exact solve the other best moves (when asked) and the principal variation.
    fn finish(&mut self, board: &Board, mode: Mode, mut solution: Solution) -> Solution {
        solution.complete = !self.search.stopped();
        if mode == Mode::Exact && solution.complete && solution.is_exact() {
            if self.all_best && solution.best_moves.len() == 1 {
                self.more_best_moves(board, &mut solution);
            }
            let best = solution.best_moves.first().copied();
            solution.pv = self.principal_variation(board, solution.score, best);
            if solution.pv.is_empty() {
                // A limit stopped the line before its first move was proven again; the
                // best move itself is proven.
                solution.pv.extend(best);
            }
        }
        solution.nodes = self.search.clock.nodes;
        solution
    }

    /// The exact score of every legal move of `board` (the score after it, from the
    /// side to move's view), in square order; `[(Ply::Pass, score)]` when the side to
    /// move must pass, empty when the game is over. `None` if a limit stopped it.
    ///
    /// ```
    /// let board = reversi::Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut solver = reversi_engine::Solver::default();
    /// let scores = solver.move_scores(&board).unwrap();
    /// let best = scores.iter().map(|&(_, s)| s).max().unwrap();
    /// assert_eq!(best, solver.solve(&board, reversi_engine::Mode::Exact).score);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn move_scores(&mut self, board: &Board) -> Option<Vec<(Ply, i32)>> {
        self.start_search();
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        let moves = kernel::moves(p, o);
        let mut scores = Vec::new();
        if moves == 0 {
            if kernel::moves(o, p) != 0 {
                let v = -self.value(board.pass().ok()?, -65, 65);
                scores.push((Ply::Pass, v));
            }
        } else {
            for s in board.legal_moves() {
                let child = board.play(s).ok()?;
                scores.push((Ply::Move(s), -self.value(child, -65, 65)));
            }
        }
        if self.search.stopped() {
            return None;
        }
        Some(scores)
    }

    /// The nodes searched by the last [`Solver::solve`] or [`Solver::move_scores`].
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.search.clock.nodes
    }

    /// A fail-soft search of `board` in `(alpha, beta)`.
    fn value(&mut self, board: Board, alpha: i32, beta: i32) -> i32 {
        self.search.search(Node::of(&board), alpha, beta)
    }

    /// The root: every move searched (the first with the window, the others with a null
    /// window first), each one's proven bounds kept; `first` (if legal) searched first.
    fn root(&mut self, board: &Board, alpha: i32, beta: i32, first: Option<Square>) -> Solution {
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
    fn ordered_children(
        &mut self,
        board: &Board,
        first: Option<Square>,
    ) -> Vec<(Square, Board, i32)> {
        let mut children: Vec<(Square, Board, i32)> = board
            .legal_moves()
            .iter()
            .filter_map(|s| board.play(s).ok().map(|child| (s, child, 0)))
            .collect();
        let hash = self.search.table.probe(board.zobrist_key()).map(|e| e.best);
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
    fn order_value(&mut self, child: &Board) -> i32 {
        let (p, o) = (child.mover_bits(), child.opponent_bits());
        let n = (!(p | o)).count_ones();
        let depth = if n >= 20 { 4 } else { 2 };
        -self.search.root_sort_value(p, o, depth)
    }

    /// Adds the other moves reaching `solution.score` (each proven by one null-window
    /// search).
    fn more_best_moves(&mut self, board: &Board, solution: &mut Solution) {
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
    fn principal_variation(&mut self, board: &Board, score: i32, first: Option<Ply>) -> Vec<Ply> {
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
                    .probe(board.zobrist_key())
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

/// Solves `board` exactly with a default [`Solver`] (64 MiB table, no limits): the
/// score, a best move, a principal variation, the node count.
///
/// ```
/// use reversi::{Board, Ply};
/// // Black to move with 2 empties (a1, b1); see the crate's README for more.
/// let board = Board::from_obf(
///     "--OXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOO X")?;
/// let solution = reversi_engine::solve(&board);
/// assert!(solution.is_exact());
/// assert_eq!(solution.pv.len(), 2);
/// # Ok::<_, reversi::ParseObfError>(())
/// ```
#[must_use]
pub fn solve(board: &Board) -> Solution {
    Solver::default().solve(board, Mode::Exact)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::facade::tests::random_board;
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
