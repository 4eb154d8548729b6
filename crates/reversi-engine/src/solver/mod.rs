//! The exact solver, the engine's endgame mode ([`Engine::solve`](crate::Engine::solve)):
//! its modes and solution (public), its limits, threads and solve calls; [`root`] (the
//! root's moves, the principal variation, every best move) and [`proof`] (the guided
//! solve: a best move proven before the exact score).

mod proof;
mod root;

use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi::{Board, Ply};

use crate::search::node::Node;
use crate::search::pool::Pool;
use crate::search::state::Search;
pub use crate::search::state::Techniques;
use crate::table::Table;
use crate::{Engine, SearchLimits};

/// The fewest empty squares at which a solve with `Engine::set_threads` above 1 uses
/// more than one thread: below, a solve takes a few milliseconds.
pub const PARALLEL_EMPTIES: u32 = 14;

/// Half the width of the first window of the guided solve (`Solver::solve_guided`), in
/// discs: a score within 4 discs of the guess comes out of the first search.
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
pub(crate) struct Limits {
    /// At most about this many nodes (checked every few thousand nodes).
    pub nodes: Option<u64>,
    /// At most about this much time (read every few thousand nodes).
    pub time: Option<Duration>,
}

/// The result of a solve inside the engine (what [`Engine::solve`] reports as a
/// [`SearchReport`](crate::SearchReport)), scores for the side to move: the final disc
/// difference with perfect play by both sides, empty squares counted for the winner
/// (always even, -64 to 64).
///
/// Every value is proven. The score lies in `lower..=upper`; a complete [`Mode::Exact`]
/// solve has `lower == upper == score`. A stopped solve (a limit reached) or a
/// [`Mode::WinLossDraw`] / [`Mode::AtLeast`] solve may only bound it; then `score` is
/// `lower`, and the first of `best_moves`, if any, is proven to reach at least `lower`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    /// The exact score when [`Solution::is_exact`], else the proven lower bound.
    pub score: i32,
    /// A proven lower bound of the score.
    pub lower: i32,
    /// A proven upper bound of the score.
    pub upper: i32,
    /// The best moves: with an exact score and [`Engine::set_all_best_moves`] on, every
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
    #[must_use]
    pub(crate) fn is_exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// The exact endgame solver of an [`Engine`], on its transposition table (kept between
/// solves: solving positions of one game in order reuses it).
pub(crate) struct Solver {
    search: Search,
    limits: Limits,
    all_best: bool,
    /// The threads of the engine's pool ([`Solver::attach`]; `None`: one thread).
    pool: Option<Arc<Pool>>,
}

#[cfg(test)]
impl Default for Solver {
    fn default() -> Self {
        Solver::new(crate::DEFAULT_ENGINE_TABLE_BYTES)
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_bytes", &self.table_bytes())
            .field("limits", &self.limits)
            .field("threads", &self.pool.as_ref().map_or(1, |pool| pool.size()))
            .finish()
    }
}

impl Solver {
    /// A solver whose transposition table takes at most `table_bytes` bytes, no limits,
    /// every technique on, every best move off, and one thread (the tests' solvers; an
    /// engine's shares its table: [`Solver::with_table`]).
    #[cfg(test)]
    pub(crate) fn new(table_bytes: usize) -> Solver {
        Solver::with_table(Arc::new(Table::new(table_bytes)))
    }

    /// A solver on `table` (an engine's one table, shared with its midgame search).
    pub(crate) fn with_table(table: Arc<Table>) -> Solver {
        Solver {
            search: Search::new(table),
            limits: Limits::default(),
            all_best: false,
            pool: None,
        }
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

    /// Takes an engine's shared state for the solves to come: its weights (which order
    /// moves; scores stay exact whatever they are), its stop signal and its threads.
    ///
    /// With more than one thread, a solve of `PARALLEL_EMPTIES` empties or more that has
    /// no node limit shares its work: at a node of 12 empties or more whose first move
    /// did not cut (the root included), the moves after the first go to this thread and
    /// to an idle one, each searched against the best bound proven so far (the
    /// young-brothers-wait scheme), on the one shared transposition table. A thread that
    /// has finished its moves and waits for the other's lends its turn to any split below.
    /// Every result is as proven as a one-thread solve's, but which of several best
    /// moves is found, the principal variation and the node count may differ from run to
    /// run. A solve with a node limit stays on one thread, so that it is reproducible.
    pub(crate) fn attach(&mut self, shared: &crate::engine::shared::Shared) {
        self.search.weights = Arc::clone(&shared.weights);
        self.search.clock.set_signal(shared.signal.clone());
        self.pool = shared.pool.clone();
    }

    /// Solves on `threads` threads of a pool of its own (the solver's tests; an engine's
    /// solver takes the engine's: [`Solver::attach`]).
    #[cfg(test)]
    pub(crate) fn set_threads(&mut self, threads: usize) {
        self.pool = (threads > 1).then(|| Arc::new(Pool::new(threads)));
    }

    /// Switches techniques on or off (to measure them; every result stays exact).
    #[doc(hidden)]
    pub fn set_techniques(&mut self, t: Techniques) {
        self.search.techniques = t;
    }

    /// Forgets everything the transposition table holds.
    #[cfg(test)]
    pub(crate) fn clear(&mut self) {
        self.search.table.clear();
    }

    /// Solves `board` in `mode`, within the limits set.
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

    /// Starts a search within the limits set.
    pub(super) fn start_search(&mut self) {
        let node_limit = self.limits.nodes.unwrap_or(u64::MAX);
        let deadline = self.limits.time.map(|t| Instant::now() + t);
        self.search.start(node_limit, deadline);
    }

    /// Completes the root's `solution` in `mode`: whether it finished, and for a finished
    /// exact solve the other best moves (when asked) and the principal variation.
    pub(super) fn finish(&mut self, board: &Board, mode: Mode, mut solution: Solution) -> Solution {
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
    #[cfg(test)]
    pub(crate) fn move_scores(&mut self, board: &Board) -> Option<Vec<(Ply, i32)>> {
        self.start_search();
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        let moves = reversi::kernel::moves(p, o);
        let mut scores = Vec::new();
        if moves == 0 {
            if reversi::kernel::moves(o, p) != 0 {
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

    /// A fail-soft search of `board` in `(alpha, beta)`.
    pub(super) fn value(&mut self, board: Board, alpha: i32, beta: i32) -> i32 {
        self.search.search(Node::of(&board), alpha, beta)
    }
}

/// Solves `board` exactly on an [`Engine`] of the default table (64 MiB, no limits, one
/// thread): the score, a best move, a principal variation, the node count
/// ([`Engine::solve`] in [`Mode::Exact`]).
///
/// ```
/// use reversi::{Board, Ply};
/// // Black to move with 2 empties (a1, b1); see the crate's README for more.
/// let board = Board::from_obf(
///     "--OXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOO X")?;
/// let solution = reversi_engine::solve(&board);
/// assert!(solution.exact);
/// assert_eq!(solution.pv.len(), 2);
/// // A finished game: its score, no move.
/// let over = Board::from_obf(
///     "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X")?;
/// assert_eq!((reversi_engine::solve(&over).exact_score(), reversi_engine::solve(&over).best), (Some(62), None));
/// # Ok::<_, reversi::ParseObfError>(())
/// ```
#[must_use]
pub fn solve(board: &Board) -> crate::SearchReport {
    let mut engine = Engine::new();
    engine.set_board(*board);
    engine.solve(Mode::Exact, SearchLimits::default())
}

#[cfg(test)]
mod tests;
