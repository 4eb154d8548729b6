//! The engine that plays: a board, the midgame search with its transposition table, the
//! exact solver for the endgame, and [`Engine::search`] under [`SearchLimits`] answering
//! a [`SearchReport`].
//!
//! How a search goes, and an example: [`Engine`]. The parts of a search are methods of
//! [`Engine`] in the sibling modules (deepening, the solver in play, the analysis).

use std::time::{Duration, Instant};

use reversi::{kernel, Board, IllegalMove, Ply};

use std::sync::Arc;

use crate::eval::Weights;
use crate::search::clock::StopSignal;
use crate::table::{Table, TableAllocError};
use crate::Solver;

use super::midgame::Midgame;
use super::report::SearchReport;
use super::shared::Shared;
use super::time;

/// The default memory of an [`Engine`]'s transposition table: 64 MiB (one table, which
/// the midgame search and the exact solver share).
pub const DEFAULT_ENGINE_TABLE_BYTES: usize = 64 << 20;

/// The depth searched when [`SearchLimits`] sets no limit at all.
pub const DEFAULT_DEPTH: u32 = 10;

/// The limits of one [`Engine::search`]; each `None` is no limit. With none at all the
/// search goes to `DEFAULT_DEPTH`.
///
/// ```
/// use std::time::Duration;
/// let limits = reversi_engine::SearchLimits { time: Some(Duration::from_millis(100)), ..Default::default() };
/// assert_eq!((limits.depth, limits.nodes), (None, None));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// At most this many plies of midgame search (passes are free); a depth at least the
    /// number of empty squares solves the position exactly instead.
    pub depth: Option<u32>,
    /// At most about this many nodes (midgame and solver together; a search that finished
    /// no iteration answers the move its ordering put first).
    pub nodes: Option<u64>,
    /// A hard budget for the whole search: it answers within this time, using most of it
    /// (all of it for the midgame unless [`SearchLimits::target`] is given).
    pub time: Option<Duration>,
    /// A soft budget within [`SearchLimits::time`], for a move's share of a game clock
    /// (`None`: a fixed time a move, used whole). The midgame deepens until it is spent;
    /// after an iteration that changed its best move it may go on to one and a half times
    /// it, and by another half after an iteration whose score fell by two discs or more.
    /// The hard budget stays the limit, and decides how early the exact solver is tried.
    pub target: Option<Duration>,
}

/// A Reversi engine: the board it plays on, its midgame search and exact solver with
/// their one transposition table (kept between searches, forgotten by
/// [`Engine::new_game`]).
///
/// How a search goes: one driver runs a list of levels in order, each deeper or surer
/// than the one before, while the limits allow; each finished level reaches
/// [`Engine::search_with_progress`]'s observer, and the last one's result is answered
/// (or a stopped level's move, once proven better).
///
/// - A finished game answers at once (no move, the exact final score); a side that must
///   pass answers [`Ply::Pass`] with the score of the search after the pass.
/// - The midgame iterations: a principal-variation search with the transposition
///   table, aspiration windows from depth 5 and ProbCut from depth 4 (at 95%, see
///   below and [`Engine::set_probcut`]), to depth 1, 2, ... A timed search stops at
///   92% of its time less a millisecond, wherever it is.
/// - A timed search whose midgame iterations reach the last empty square but one goes
///   on to the selective levels of a search to the end of the game: ProbCut with the
///   regression of exact scores on shallow values, its cuts right at 73%, 87%, 95%,
///   98% and 99% (a normal residual within 1.1, 1.5, 2.0, 2.33 and 2.58 standard
///   deviations), the exact
///   solver's node code from 10 empties ([`SearchReport::selectivity`]); then the exact
///   solve, for as long as the time lasts. Table entries carry their depth and
///   level: a result answers only searches of at most its depth and level.
/// - The exact solve ([`Engine::solve`]) first when the depth limit is at least the
///   number of empty squares. A timed search at up to `exact_empties` empties (20 at
///   1 s a move) gives a twentieth of its time to the midgame iterations (at most 10
///   plies), then the exact solve to the deadline; up to three empties more, a fifth,
///   then the win/loss/draw solve, then the exact one. The exact solve is guided by the
///   midgame's score and move (it proves a best move before the exact score). A
///   finished exact solve answers a perfect move and the exact score; else a move the
///   solves proved best or at least as good as the midgame's, or proven to win or draw,
///   replaces it (the score is kept within the proven bounds); else the midgame move
///   stands. The table is kept from move to move, so the searches of one game help
///   each other.
///
/// ```
/// use std::time::Duration;
/// use reversi::{Board, Ply};
/// use reversi_engine::{Engine, SearchLimits};
///
/// let mut engine = Engine::with_table_bytes(1 << 20);
/// let report = engine.search(SearchLimits { depth: Some(4), ..SearchLimits::default() });
/// let best = report.best.unwrap();
/// assert!(matches!(best, Ply::Move(square) if Board::START.legal_moves().contains(square)));
/// assert_eq!(report.depth, 4);
/// engine.play(best)?;
/// assert_eq!(engine.board().disc_counts().black, 4);
/// // A timed search: a hard budget (it answers within it, using most of it).
/// let limits = SearchLimits { time: Some(Duration::from_millis(20)), ..SearchLimits::default() };
/// let report = engine.search(limits);
/// assert_eq!(report.best.map(|ply| engine.board().play_ply(ply).is_ok()), Some(true));
/// # Ok::<_, reversi::IllegalMove>(())
/// ```
pub struct Engine {
    pub(super) board: Board,
    /// The table, weights, threads and stop signal, owned here once; each search takes
    /// them when it starts ([`Engine::attach`]).
    pub(super) shared: Shared,
    pub(super) midgame: Midgame,
    pub(super) solver: Solver,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("board", &self.board)
            .field("table_bytes", &self.table_bytes())
            .finish()
    }
}

impl Engine {
    /// An engine on [`Board::START`] with a table of `DEFAULT_ENGINE_TABLE_BYTES`.
    ///
    /// ```
    /// assert_eq!(reversi_engine::Engine::new().board(), &reversi::Board::START);
    /// ```
    #[must_use]
    pub fn new() -> Engine {
        Engine::with_table_bytes(DEFAULT_ENGINE_TABLE_BYTES)
    }

    /// An engine whose transposition table (the midgame search's and the exact
    /// solver's) takes at most `bytes` bytes (rounded down to a power of two).
    ///
    /// ```
    /// let engine = reversi_engine::Engine::with_table_bytes(1 << 20);
    /// assert!(engine.table_bytes() <= 1 << 20);
    /// ```
    ///
    /// # Panics
    /// When the table's memory cannot be had ([`Engine::try_with_table_bytes`] gives an
    /// error).
    #[must_use]
    pub fn with_table_bytes(bytes: usize) -> Engine {
        Engine::try_with_table_bytes(bytes).unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Engine::with_table_bytes`], or the error of a table whose memory the system
    /// would not give (a `--table-mib` beyond an address-space limit, say), where
    /// [`Engine::with_table_bytes`] panics.
    ///
    /// ```
    /// assert!(reversi_engine::Engine::try_with_table_bytes(1 << 20).is_ok());
    /// assert!(reversi_engine::Engine::try_with_table_bytes(usize::MAX).is_err());
    /// ```
    ///
    /// # Errors
    /// [`TableAllocError`] (with the bytes of the table refused, `bytes` rounded down to
    /// a power of two) when the system refuses the memory.
    pub fn try_with_table_bytes(bytes: usize) -> Result<Engine, TableAllocError> {
        let table = Arc::new(Table::try_new(bytes)?);
        Ok(Engine {
            board: Board::START,
            shared: Shared::new(Arc::clone(&table)),
            midgame: Midgame::new(Arc::clone(&table)),
            solver: Solver::with_table(table),
        })
    }

    /// Switches ProbCut (the midgame search's selective pruning: a shallow search whose
    /// value makes a cutoff very likely stands for the deep one) on (the default) or off,
    /// to measure what it buys; the exact solver never prunes.
    ///
    /// ```
    /// use reversi_engine::{Engine, SearchLimits};
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// engine.set_probcut(false);
    /// let report = engine.search(SearchLimits { depth: Some(6), ..SearchLimits::default() });
    /// assert_eq!(report.depth, 6);
    /// ```
    pub fn set_probcut(&mut self, on: bool) {
        self.midgame.probcut = on;
    }

    /// Searches on `threads` threads (at least 1, the default), started here once and
    /// kept until the engine is dropped or set to another count. Both searches share
    /// them the same way (young brothers wait): a node whose first move did not cut
    /// hands the moves after it to a thread free to help, each searched against the
    /// best value so far. In the exact and win/loss/draw solves as
    /// [`Engine::solve`] says; in the midgame search at nodes 4 plies deep or
    /// more. A search with a node limit stays on one thread (its moves stay
    /// reproducible), and so do [`Engine::analyse`]'s midgame searches.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Engine, SearchLimits};
    /// // 20 empties (FFO #40): two threads solve it in play; a2 is its only best move.
    /// let board = Board::from_obf(
    ///     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")?;
    /// let mut engine = Engine::with_table_bytes(16 << 20);
    /// engine.set_threads(2);
    /// engine.set_board(board);
    /// let report = engine.search(SearchLimits { depth: Some(20), ..SearchLimits::default() });
    /// assert!(report.exact);
    /// assert_eq!((report.best, report.score), (Some("a2".parse()?), 38.0));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.shared.set_threads(threads);
    }

    /// Evaluates with `weights` from now on, in the midgame search and the solver's move
    /// ordering (the default: [`crate::eval::builtin`]): for tuning, or for an engine that plays
    /// with weights of its own. The table is kept (it holds scores of the old weights
    /// until replaced: call [`Engine::new_game`] to forget them).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use reversi_engine::{eval::Weights, Engine, SearchLimits};
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// engine.set_weights(Arc::new(Weights::zero()));
    /// // Every position evaluates to 0: a 1-ply search scores the first move 0.
    /// let report = engine.search(SearchLimits { depth: Some(1), ..Default::default() });
    /// assert_eq!(report.score, 0.0);
    /// ```
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.shared.weights = weights;
    }

    /// Watches `signal` in every later search: once it is set (by any thread), the
    /// search stops within about a millisecond and answers its best completed result, as
    /// when its time runs out (see [`StopSignal`]). The signal is not reset by the
    /// engine: a search started while it is set answers at once (the move its ordering
    /// put first).
    pub fn set_stop_signal(&mut self, signal: StopSignal) {
        self.shared.signal = Some(signal);
    }

    /// Hands the shared state (weights, stop signal, threads) to both searches, at the
    /// start of a search, an analysis or a solve.
    pub(super) fn attach(&mut self) {
        self.midgame.weights = Arc::clone(&self.shared.weights);
        self.midgame.endgame.weights = Arc::clone(&self.shared.weights);
        self.midgame.clock.set_signal(self.shared.signal.clone());
        self.solver.attach(&self.shared);
    }

    /// The bytes the transposition table takes (within the budget given to
    /// [`Engine::with_table_bytes`]).
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.shared.table.bytes()
    }

    /// A new game: the board back to [`Board::START`], the table forgotten.
    ///
    /// ```
    /// let mut engine = reversi_engine::Engine::new();
    /// engine.play("d3".parse()?)?;
    /// engine.new_game();
    /// assert_eq!(engine.board(), &reversi::Board::START);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_game(&mut self) {
        self.board = Board::START;
        self.shared.table.clear();
    }

    /// Sets the board to search (the table is kept: it holds positions, not games).
    ///
    /// ```
    /// let board = reversi::Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut engine = reversi_engine::Engine::new();
    /// engine.set_board(board);
    /// assert_eq!(engine.board(), &board);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn set_board(&mut self, board: Board) {
        self.board = board;
    }

    /// The board the engine is on.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays a ply on the engine's board: a move of the side to move, or its pass.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] as [`Board::play`] and [`Board::pass`] say (the board is then
    /// unchanged).
    ///
    /// ```
    /// use reversi::{IllegalMove, Ply};
    /// let mut engine = reversi_engine::Engine::new();
    /// assert!(matches!(engine.play("d4".parse()?), Err(IllegalMove::Occupied { .. })));
    /// assert!(matches!(engine.play(Ply::Pass), Err(IllegalMove::CannotPass { .. })));
    /// engine.play("f5".parse()?)?;
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, ply: Ply) -> Result<(), IllegalMove> {
        self.board = self.board.play_ply(ply)?;
        Ok(())
    }

    /// Searches the engine's board within `limits` (see [`Engine`] for how).
    ///
    /// ```
    /// use reversi::{Board, Ply};
    /// use reversi_engine::{Engine, SearchLimits};
    /// // 14 empties: a depth of 60 (at least 14) solves it exactly.
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut engine = Engine::new();
    /// engine.set_board(board);
    /// let report = engine.search(SearchLimits { depth: Some(60), ..Default::default() });
    /// assert!(report.exact);
    /// assert_eq!(report.score, reversi_engine::solve(&board).score as f64);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn search(&mut self, limits: SearchLimits) -> SearchReport {
        self.search_with_progress(limits, |_| {})
    }

    /// [`Engine::search`], telling `progress` of each iteration as it completes (the
    /// midgame search's depths, then an exact solve when one finishes): the report it
    /// would answer if stopped there, its time since the search began, its nodes those
    /// of the calling thread so far (the final report counts every thread's). A GUI
    /// shows these while the engine thinks (the NBoard protocol's `go` prints each as a
    /// `status` line). The result is [`Engine::search`]'s.
    ///
    /// ```
    /// use reversi_engine::{Engine, SearchLimits};
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// let mut depths = Vec::new();
    /// let report = engine.search_with_progress(
    ///     SearchLimits { depth: Some(5), ..SearchLimits::default() },
    ///     |iteration| depths.push(iteration.depth),
    /// );
    /// assert_eq!(depths, [1, 2, 3, 4, 5]);
    /// assert_eq!(report.depth, 5);
    /// ```
    pub fn search_with_progress(
        &mut self,
        limits: SearchLimits,
        mut progress: impl FnMut(&SearchReport),
    ) -> SearchReport {
        let start = Instant::now();
        self.attach();
        let deadline = limits.time.map(|t| start + time::hard_limit(t));
        let mut timed = |report: &SearchReport| {
            let mut report = report.clone();
            report.elapsed = start.elapsed();
            progress(&report);
        };
        let mut report = self.search_board(self.board, limits, start, deadline, &mut timed);
        report.elapsed = start.elapsed();
        report
    }

    /// [`Engine::search`] of `board`, the clock started at `start`.
    fn search_board(
        &mut self,
        board: Board,
        limits: SearchLimits,
        start: Instant,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> SearchReport {
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        if board.is_game_over() {
            return SearchReport::solved(kernel::final_score(p, o), None, 0);
        }
        if let Ok(passed) = board.pass() {
            let mut after_pass = |report: &SearchReport| progress(&report.clone().after_a_pass());
            let report = self.search_board(passed, limits, start, deadline, &mut after_pass);
            return report.after_a_pass();
        }
        let limits = if limits == SearchLimits::default() {
            SearchLimits {
                depth: Some(DEFAULT_DEPTH),
                ..limits
            }
        } else {
            limits
        };
        self.drive(&board, limits, (start, deadline), progress)
    }
}

#[cfg(test)]
#[path = "facade_tests.rs"]
pub(crate) mod tests;
