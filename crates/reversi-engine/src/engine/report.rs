//! What a search or a solve found ([`SearchReport`], the engine's one report and its
//! one score type: discs), and the report of a solver's result.

use std::time::Duration;

use reversi::Ply;

use crate::solver::Solution;

/// What a search ([`Engine::search`](crate::Engine::search)) or a solve
/// ([`Engine::solve`](crate::Engine::solve)) found, from the side to move's view.
///
/// Scores are discs: the final disc difference for the side to move, empty squares
/// counted for the winner (-64 to 64). `lower..=upper` is what the search proved of it
/// (`-64..=64` when nothing: a midgame estimate); an exact result has `lower == upper ==
/// score`.
///
/// ```
/// use reversi::Board;
/// use reversi_engine::{Engine, Mode, SearchLimits};
/// let board = Board::from_obf(
///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")?;
/// let mut engine = Engine::with_table_bytes(1 << 20);
/// engine.set_board(board);
/// let solved = engine.solve(Mode::Exact, SearchLimits::default());
/// assert!(solved.exact && solved.complete);
/// assert_eq!(solved.exact_score(), Some(solved.lower));
/// let estimate = engine.search(SearchLimits { depth: Some(3), ..SearchLimits::default() });
/// assert!(!estimate.exact);
/// assert_eq!((estimate.lower, estimate.upper, estimate.exact_score()), (-64, 64, None));
/// # Ok::<_, reversi::ParseObfError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// The move to play: [`Ply::Pass`] when the side to move must pass, `None` when the
    /// game is over (or a stopped solve proved no move).
    pub best: Option<Ply>,
    /// The score in discs: the predicted final disc difference for the side to move
    /// (the exact final score when [`SearchReport::exact`]; for a solve that only bounds
    /// it, the proven lower bound).
    pub score: f64,
    /// A proven lower bound of the final disc difference (-64 when nothing is proven).
    pub lower: i32,
    /// A proven upper bound of the final disc difference (64 when nothing is proven).
    pub upper: i32,
    /// Whether the score is the exact final score (`lower == upper`).
    pub exact: bool,
    /// The best moves, [`SearchReport::best`] first: with an exact score and
    /// [`Engine::set_all_best_moves`](crate::Engine::set_all_best_moves) on, every move
    /// reaching it (in search order), else the one move found; empty when there is none.
    pub best_moves: Vec<Ply>,
    /// The plies of the last completed midgame iteration, or the empty squares when
    /// solved (or searched to the end at a selectivity level).
    pub depth: u32,
    /// The confidence of the selective pruning behind the score (ProbCut), in percent:
    /// 95 for the midgame iterations, 73, 87, 95, 98 or 99 for the selective levels of
    /// a search to the end of the game, 100 for a solve (or a search with ProbCut off,
    /// [`Engine::set_probcut`](crate::Engine::set_probcut)). The share of ProbCut's cuts
    /// expected right: a result at 73% is rougher than one at 99% of the same depth.
    pub selectivity: u8,
    /// The positions searched (midgame and solver, every thread).
    pub nodes: u64,
    /// The principal variation, [`SearchReport::best`] first (passes included): to the
    /// end of the game when exact and complete.
    pub pv: Vec<Ply>,
    /// The time the search took.
    pub elapsed: Duration,
    /// Whether the search did all it was asked (the solve finished, the depth was
    /// reached); `false` when a time or node limit or the stop signal cut it short (what
    /// it reports is then what it had, and its bounds still hold).
    pub complete: bool,
}

impl SearchReport {
    /// The exact score in discs (the final disc difference for the side to move, -64 to
    /// 64), when the report has it ([`SearchReport::exact`]); `None` for an estimate or
    /// bounds.
    #[must_use]
    pub fn exact_score(&self) -> Option<i32> {
        self.exact.then_some(self.lower)
    }

    /// The report of an exact `score` (a finished game's, or a solve's) with the move
    /// `best`, after `nodes` nodes.
    pub(crate) fn solved(score: i32, best: Option<Ply>, nodes: u64) -> SearchReport {
        SearchReport {
            best,
            score: f64::from(score),
            lower: score,
            upper: score,
            exact: true,
            best_moves: best.into_iter().collect(),
            depth: 0,
            selectivity: 100,
            nodes,
            pv: best.into_iter().collect(),
            elapsed: Duration::ZERO,
            complete: true,
        }
    }

    /// The report of a midgame estimate: `best` scoring `score` discs at `depth` plies
    /// and `selectivity` percent, its principal variation `pv`, nothing proven.
    pub(crate) fn estimate(
        best: Ply,
        score: f64,
        (depth, selectivity): (u32, u8),
        nodes: u64,
        pv: Vec<Ply>,
    ) -> SearchReport {
        SearchReport {
            best: Some(best),
            score,
            lower: -64,
            upper: 64,
            exact: false,
            best_moves: vec![best],
            depth,
            selectivity,
            nodes,
            pv,
            elapsed: Duration::ZERO,
            complete: true,
        }
    }

    /// The report of a solver's `solution` of a position of `empties` empty squares.
    pub(crate) fn of_solution(solution: Solution, empties: u32) -> SearchReport {
        SearchReport {
            best: solution.best_moves.first().copied(),
            score: f64::from(solution.score),
            lower: solution.lower,
            upper: solution.upper,
            exact: solution.lower == solution.upper,
            best_moves: solution.best_moves,
            depth: empties,
            selectivity: 100,
            nodes: solution.nodes,
            pv: solution.pv,
            elapsed: Duration::ZERO,
            complete: solution.complete,
        }
    }

    /// The report of a search after a pass, as the report of the position before it:
    /// the pass first, the score and bounds for the side that passes.
    pub(crate) fn after_a_pass(mut self) -> SearchReport {
        self.score = -self.score;
        (self.lower, self.upper) = (-self.upper, -self.lower);
        self.best = Some(Ply::Pass);
        self.best_moves = vec![Ply::Pass];
        self.pv.insert(0, Ply::Pass);
        self
    }
}
