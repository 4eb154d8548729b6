//! The exact solver as a mode of the engine: [`Engine::solve`] proves the final score of
//! the engine's board (exactly, or only win/loss/draw, or only a bound), on the engine's
//! table, threads, weights and stop signal.

use reversi::Board;

use super::facade::{Engine, SearchLimits};
use crate::engine::report::SearchReport;
use crate::{Limits, Mode, Techniques};

impl Engine {
    /// Solves the engine's board in `mode` within `limits`: the final disc difference
    /// with perfect play by both sides ([`Mode::Exact`]), or only its sign
    /// ([`Mode::WinLossDraw`]), or only whether it reaches a value ([`Mode::AtLeast`]).
    /// Scores are discs for the side to move, empty squares counted for the winner
    /// (always even, -64 to 64).
    ///
    /// Of `limits`, `nodes` and `time` (a hard budget: the solve stops within about a
    /// millisecond of it) apply; `depth` and `target` are for [`Engine::search`] and
    /// are ignored here. A stopped solve (a limit reached, or the
    /// [`StopSignal`](crate::StopSignal)) answers only what it proved: see
    /// [`SearchReport`]: its bounds hold, its best move reaches its lower bound. Nothing else is kept from the search but the transposition table
    /// (solving the positions of one game in order reuses it).
    ///
    /// On the threads of [`Engine::set_threads`] (without a node limit, from 14 empties):
    /// at a node of 12 empties or more whose first move did not cut (the root included),
    /// the moves after the first go to this thread and to an idle one, each searched
    /// against the best bound proven so far (young brothers wait). Every result is as
    /// proven as a one-thread solve's, but which of several best moves is found, the
    /// principal variation and the node count may differ from run to run. A solve with a
    /// node limit stays on one thread, so that it is reproducible.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Engine, Mode, SearchLimits};
    /// // 14 empties, Black to move.
    /// let board = Board::from_obf(
    ///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
    /// let mut engine = Engine::with_table_bytes(1 << 20);
    /// engine.set_board(board);
    /// let limits = SearchLimits::default();
    /// let exact = engine.solve(Mode::Exact, limits);
    /// assert!(exact.complete && exact.exact);
    /// let score = exact.lower;
    /// let wld = engine.solve(Mode::WinLossDraw, limits);
    /// assert_eq!(wld.lower.signum(), score.signum());
    /// let at_least = engine.solve(Mode::AtLeast(score), limits);
    /// assert!(at_least.lower >= score);
    /// let not_more = engine.solve(Mode::AtLeast(score + 2), limits);
    /// assert!(not_more.upper < score + 2);
    ///
    /// // FFO #40 (20 empties) on two threads: +38, a2 its only best move.
    /// engine.set_board(Board::from_obf(
    ///     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")?);
    /// engine.set_threads(2);
    /// let solution = engine.solve(Mode::Exact, limits);
    /// assert_eq!((solution.exact_score(), solution.best_moves[0].to_string()), (Some(38), "a2".to_owned()));
    ///
    /// // A node limit stops a solve from an empty table: the bounds still hold the score.
    /// let ffo40 = *engine.board();
    /// engine.new_game();
    /// engine.set_board(ffo40);
    /// let limits = SearchLimits { nodes: Some(1000), ..SearchLimits::default() };
    /// let partial = engine.solve(Mode::Exact, limits);
    /// assert!(!partial.complete && partial.lower <= 38 && 38 <= partial.upper);
    /// # Ok::<_, reversi::ParseObfError>(())
    /// ```
    pub fn solve(&mut self, mode: Mode, limits: SearchLimits) -> SearchReport {
        let start = std::time::Instant::now();
        self.attach();
        let board: Board = self.board;
        self.solver.set_limits(Limits {
            nodes: limits.nodes,
            time: limits.time,
        });
        let solution = self.solver.solve(&board, mode);
        let mut report = SearchReport::of_solution(solution, board.empty_squares().len());
        report.elapsed = start.elapsed();
        report
    }

    /// With `on`, [`Engine::solve`]'s complete exact solves list every best move in
    /// [`SearchReport::best_moves`] (one null-window search more for each other move that
    /// might tie); off (the default), the one found first.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Engine, Mode, SearchLimits};
    /// // Black to move with 2 empties, a1 and b1: either ends the game at the same score.
    /// let board = Board::from_obf(
    ///     "--OXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOO X")?;
    /// let mut engine = Engine::with_table_bytes(1 << 16);
    /// engine.set_board(board);
    /// engine.set_all_best_moves(true);
    /// let solution = engine.solve(Mode::Exact, SearchLimits::default());
    /// for best in &solution.best_moves {
    ///     let mut after = Engine::with_table_bytes(1 << 16);
    ///     after.set_board(board);
    ///     after.play(*best)?;
    ///     assert_eq!(-after.solve(Mode::Exact, SearchLimits::default()).score, solution.score);
    /// }
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_all_best_moves(&mut self, on: bool) {
        self.solver.all_best_moves(on);
    }

    /// Switches the solver's techniques on or off (to measure what each buys; every
    /// result stays exact).
    #[doc(hidden)]
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.solver.set_techniques(techniques);
    }
}
