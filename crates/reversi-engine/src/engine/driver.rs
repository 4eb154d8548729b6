//! The root driver: every search of the engine is one loop over [`Level`]s, from shallow
//! midgame depths through the selective levels of a search to the end of the game to
//! the win/loss/draw and exact solves, the time plan ([`super::time`]) choosing which
//! levels a search has and how much time the midgame's get. Each finished level reaches
//! the progress observer; a deeper or surer result replaces a weaker one, and a solver's
//! proven result bounds the estimate before it (a move proven better replaces the
//! midgame's).

use std::time::Instant;

use reversi::{Board, Ply};

use super::facade::{Engine, SearchLimits, DEFAULT_DEPTH};
use super::midgame::{NO_SELECTIVITY, PLAY_SELECTIVITY};
use super::report::SearchReport;
use super::time::{empties_for_nodes, endgame_plan, exact_empties, Pace, Plan};
use crate::solver::Solution;
use crate::{Limits, Mode};

/// The share of the time left to the deadline given to a solver (which reads its clock
/// less often than the midgame search).
const SOLVER_TIME_SHARE: f64 = 0.97;

/// The deepest midgame search before a solver the time plan starts early (a fallback
/// move, should the solver not finish).
pub(super) const PRE_SOLVER_DEPTH: u32 = 10;

/// One level of the root driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// The midgame search `depth` plies deep at the selectivity level `selectivity` (an
    /// index of the midgame's `SELECTIVITY`); as deep as the empty squares, a search to
    /// the end of the game, exact below a few empties and selective above.
    Search {
        /// Plies (passes are free).
        depth: u32,
        /// ProbCut's level.
        selectivity: u8,
    },
    /// The win/loss/draw solve.
    WinLossDraw,
    /// The exact solve, guided by the last level's score and move when there is one.
    Exact,
}

/// What one search does: its levels in order and its limits.
#[derive(Clone, Debug)]
pub(super) struct Drive {
    /// The levels, in the order they run.
    pub(super) levels: Vec<Level>,
    /// The nodes of the whole search (`None`: no limit).
    pub(super) nodes: Option<u64>,
    /// When the midgame levels stop (`None`: no time limit).
    pub(super) midgame_deadline: Option<Instant>,
    /// When the whole search stops, its solves included (`None`: no time limit).
    pub(super) deadline: Option<Instant>,
    /// The pace of the midgame levels under a soft budget.
    pub(super) pace: Option<Pace>,
    /// Whether the solver levels still run once a midgame level was stopped (a plan that
    /// gives them a time of their own after a short midgame search).
    pub(super) solve_after_stop: bool,
}

/// The midgame iterations to `depth` plies at the play level, from depth 1.
fn iterations(depth: u32) -> impl Iterator<Item = Level> {
    (1..=depth).map(|depth| Level::Search {
        depth,
        selectivity: PLAY_SELECTIVITY,
    })
}

impl Drive {
    /// The levels of a search of `board` (which has a legal move) within `limits`, its
    /// clock started at `start`, stopping at `deadline` (the hard limit of
    /// `limits.time`).
    ///
    /// - By depth and nodes only: the exact solve when the depth reaches the end (or,
    ///   without a depth, when the nodes allow), then, should it not finish, the
    ///   midgame iterations the nodes left allow.
    /// - Timed, as the time plan says: at up to `exact_empties`, a twentieth of the time
    ///   of midgame iterations (at most [`PRE_SOLVER_DEPTH`] plies), then the exact
    ///   solve; up to three empties more, a fifth, then the win/loss/draw and exact
    ///   solves; else the midgame iterations to the last empty square but one, then
    ///   (unless the depth stops short of the end) the selective levels of a search to
    ///   the end, 73% to 99%, then the exact solve, for as long as the time lasts.
    pub(super) fn plan(
        board: &Board,
        limits: SearchLimits,
        start: Instant,
        deadline: Option<Instant>,
    ) -> Drive {
        let empties = board.empty_squares().len();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let depth = limits.depth.unwrap_or(u32::MAX);
        let Some(time) = limits.time else {
            let solve = match limits.depth {
                Some(_) => depth >= empties,
                None => empties <= empties_for_nodes(node_limit as f64),
            };
            let mut levels: Vec<Level> = solve.then_some(Level::Exact).into_iter().collect();
            levels.extend(iterations(depth.min(empties.saturating_sub(1)).max(1)));
            return Drive {
                levels,
                nodes: limits.nodes,
                midgame_deadline: None,
                deadline: None,
                pace: None,
                solve_after_stop: false,
            };
        };
        let plan = endgame_plan(empties, time, node_limit);
        let deadline = deadline.unwrap_or(start);
        let (midgame_deadline, max_depth) = match plan {
            Plan::Exact => (start + (deadline - start) / 20, PRE_SOLVER_DEPTH),
            Plan::WinLossDrawFirst => (start + (deadline - start) / 5, PRE_SOLVER_DEPTH),
            Plan::Midgame => (deadline, u32::MAX),
        };
        let max_depth = depth.min(max_depth).min(empties.saturating_sub(1)).max(1);
        let mut levels: Vec<Level> = iterations(max_depth).collect();
        match plan {
            Plan::Exact => levels.push(Level::Exact),
            Plan::WinLossDrawFirst => levels.extend([Level::WinLossDraw, Level::Exact]),
            Plan::Midgame if depth >= empties => {
                levels.extend(selective_levels(empties));
                levels.push(Level::Exact);
            }
            Plan::Midgame => {}
        }
        // A soft budget paces the midgame to the end of the time (not the short search
        // before a solve).
        let pace = limits
            .target
            .filter(|_| plan == Plan::Midgame)
            .map(|target| Pace {
                start,
                target: target.min(time),
                hard: deadline,
            });
        Drive {
            levels,
            nodes: limits.nodes,
            midgame_deadline: Some(midgame_deadline),
            deadline: Some(deadline),
            pace,
            solve_after_stop: plan != Plan::Midgame,
        }
    }
}

impl Drive {
    /// The midgame levels from `levels[from]` on, up to the first solve, as the (depth,
    /// selectivity) steps of one iterative deepening.
    fn midgame_run(&self, from: usize) -> Vec<(u32, u8)> {
        self.levels[from..]
            .iter()
            .map_while(|level| match *level {
                Level::Search { depth, selectivity } => Some((depth, selectivity)),
                _ => None,
            })
            .collect()
    }
}

/// The selective levels of a search to the end of a board of `empties` empty squares,
/// 73% to 99%.
fn selective_levels(empties: u32) -> impl Iterator<Item = Level> {
    (0..NO_SELECTIVITY).map(move |selectivity| Level::Search {
        depth: empties,
        selectivity,
    })
}

impl Drive {
    /// The levels of an analysis of `board` (every move scored, [`Engine::analyse`]),
    /// each run for every move (a window per root move):
    ///
    /// - exact when the depth reaches the end, or when a time limit leaves time to
    ///   solve (at up to `exact_empties`): the midgame iterations to at most
    ///   [`PRE_SOLVER_DEPTH`] plies (what the analysis shows while the solver works),
    ///   then the exact solve of every move;
    /// - else the midgame iterations to the depth (`DEFAULT_DEPTH` with no limit at
    ///   all); without a depth, as [`Drive::plan`]'s timed search, to the last empty
    ///   square but one, then the selective levels of a search to the end, then the
    ///   exact solve.
    pub(super) fn analysis(board: &Board, limits: SearchLimits) -> Vec<Level> {
        let empties = board.empty_squares().len();
        let exact = match (limits.depth, limits.time) {
            (Some(depth), _) => depth >= empties,
            (None, Some(t)) => empties <= exact_empties(t),
            (None, None) => false,
        };
        let depth = match limits.depth {
            Some(depth) => depth.min(empties),
            None if limits == SearchLimits::default() => DEFAULT_DEPTH.min(empties),
            None => empties,
        };
        if exact {
            let midgame = depth.min(empties.saturating_sub(1)).min(PRE_SOLVER_DEPTH);
            return iterations(midgame.max(1)).chain([Level::Exact]).collect();
        }
        if depth < empties {
            return iterations(depth.max(1)).collect();
        }
        iterations(empties.saturating_sub(1).max(1))
            .chain(selective_levels(empties))
            .chain([Level::Exact])
            .collect()
    }
}

/// The report of a complete exact solve of a board with `empties` empty squares, `None`
/// for another solution.
pub(super) fn exact_report(solution: &Solution, empties: u32) -> Option<SearchReport> {
    if !solution.complete || !solution.is_exact() {
        return None;
    }
    Some(SearchReport::of_solution(solution.clone(), empties))
}

/// What the solver levels proved so far.
#[derive(Default)]
struct Proven {
    /// The best proven result (a move proven to win or draw, or proven better than the
    /// midgame's).
    solution: Option<Solution>,
    /// Whether its move was proven better than the midgame's (by the guided exact solve).
    better: bool,
}

impl Engine {
    /// The search of `board` (which has a legal move) within `limits`, its clock started
    /// at `start` and stopping at `deadline`: the levels [`Drive::plan`] lists, run in
    /// order, `progress` told of each finished one; the report of a complete exact
    /// solve, else the last midgame level's within the best proven result.
    pub(super) fn drive(
        &mut self,
        board: &Board,
        limits: SearchLimits,
        (start, deadline): (Instant, Option<Instant>),
        progress: &mut dyn FnMut(&SearchReport),
    ) -> SearchReport {
        let drive = &Drive::plan(board, limits, start, deadline);
        let empties = board.empty_squares().len();
        let mut report: Option<SearchReport> = None;
        let mut nodes = 0;
        let mut proven = Proven::default();
        let mut midgame_stopped = false;
        // Whether a level the plan listed was not finished.
        let mut cut = false;
        let left = |nodes: u64| drive.nodes.map(|n| n.saturating_sub(nodes));
        let mut i = 0;
        while i < drive.levels.len() {
            let level = drive.levels[i];
            i += 1;
            let mode = match level {
                Level::Search { .. } => {
                    let steps = drive.midgame_run(i - 1);
                    i += steps.len() - 1;
                    let budget = left(nodes).unwrap_or(u64::MAX);
                    let mut found = self.deepen(
                        board,
                        &steps,
                        budget,
                        drive.midgame_deadline,
                        drive.pace,
                        progress,
                    );
                    midgame_stopped = !found.complete;
                    nodes += found.nodes;
                    found.nodes = nodes;
                    report = Some(found);
                    continue;
                }
                _ if midgame_stopped && !drive.solve_after_stop => {
                    cut = true;
                    break;
                }
                Level::WinLossDraw => Mode::WinLossDraw,
                Level::Exact => Mode::Exact,
            };
            // The exact solve is guided by the midgame's score and move: a best move
            // other than the midgame's is proven at least as good as it (or, once the
            // solve has proven it best, as every move), even when the solve is stopped.
            let guide = report
                .as_ref()
                .filter(|_| mode == Mode::Exact)
                .map(|r| (r.score.round() as i32, r.best));
            // A solve cut short (or never started) leaves the search incomplete.
            cut = true;
            let Some(solution) = self.run_solver(board, mode, guide, left(nodes), drive.deadline)
            else {
                break;
            };
            cut = !solution.complete;
            nodes += solution.nodes;
            if let Some(mut exact) = exact_report(&solution, empties) {
                exact.nodes = nodes;
                progress(&exact);
                return exact;
            }
            // A solve before any midgame result bounds nothing the search answers.
            if report.is_some() {
                proven.add(solution, mode);
            }
        }
        let mut report = report.expect("a search that solves nothing has midgame levels");
        report.nodes = nodes;
        report.complete &= !cut;
        proven.bound(&mut report);
        report
    }

    /// A solve of `board` in `mode` within `nodes` and `deadline`, guided (an exact solve,
    /// `Solver::solve_guided`) by `guide`'s score and move when given; `None` when the
    /// deadline has passed already (nothing is searched). `nodes` `None` is no node
    /// limit (the solver may then use its threads).
    pub(super) fn run_solver(
        &mut self,
        board: &Board,
        mode: Mode,
        guide: Option<(i32, Option<Ply>)>,
        nodes: Option<u64>,
        deadline: Option<Instant>,
    ) -> Option<Solution> {
        let time = match deadline {
            Some(d) => {
                let now = Instant::now();
                if now >= d {
                    return None;
                }
                // The solver reads the clock every 16384 nodes (a few milliseconds on a
                // busy machine): it gets 97% of the time left.
                Some((d - now).mul_f64(SOLVER_TIME_SHARE))
            }
            None => None,
        };
        self.solver.set_limits(Limits { nodes, time });
        Some(match guide {
            Some((guess, first)) => self.solver.solve_guided(board, guess, first),
            None => self.solver.solve(board, mode),
        })
    }
}

impl Proven {
    /// Takes in the unfinished `solution` of a solve in `mode`. A stopped win/loss/draw
    /// solve still counts when it has proven a move to draw or win: that move is a safer
    /// answer than the short search's unproven one (on positions at 20 empties searched
    /// for 0.1 s, results given away fell from 15 in 600 to 9). A guided exact solve's
    /// move is proven at least as good as the midgame's.
    fn add(&mut self, solution: Solution, mode: Mode) {
        match mode {
            Mode::Exact => {
                let better = match &self.solution {
                    Some(p) => solution.lower > p.lower,
                    None => true,
                };
                if better && !solution.best_moves.is_empty() {
                    self.better = true;
                    self.solution = Some(solution);
                }
            }
            _ => {
                if solution.complete || (solution.lower >= 0 && !solution.best_moves.is_empty()) {
                    self.solution = Some(solution);
                }
            }
        }
    }

    /// The midgame's `report` within the proven bounds: its guess clamped to them; a
    /// move proven better than the midgame's, or proven to keep a win or a draw,
    /// replaces the midgame's unless that one is proven as good.
    fn bound(self, report: &mut SearchReport) {
        let Some(p) = self.solution else { return };
        report.score = report
            .score
            .clamp(f64::from(p.lower), f64::from(p.upper.max(p.lower)));
        (report.lower, report.upper) = (p.lower, p.upper.max(p.lower));
        let same = p.best_moves.first() == report.best.as_ref();
        if (self.better || p.lower >= 0) && !same {
            if let Some(&best) = p.best_moves.first() {
                report.best = Some(best);
                report.best_moves = vec![best];
                report.pv = vec![best];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::facade::tests::random_board;
    use crate::engine::midgame::SELECTIVITY;

    fn search(depth: u32, selectivity: u8) -> Level {
        Level::Search { depth, selectivity }
    }

    /// The levels each plan of [`Drive::plan`] lists, from its documentation.
    #[test]
    fn plans_list_their_levels() {
        let start = Instant::now();
        let board = random_board(3, 36); // 24 empties
        assert_eq!(board.empty_squares().len(), 24);
        let plan = |limits: SearchLimits| {
            let deadline = limits.time.map(|t| start + t);
            Drive::plan(&board, limits, start, deadline)
        };
        let midgame = |depth| (1..=depth).map(|d| search(d, PLAY_SELECTIVITY));
        // By depth: the midgame iterations to the depth; to the end, the exact solve
        // first, then (should it not finish) the iterations to 23 plies.
        let by_depth = plan(SearchLimits {
            depth: Some(6),
            ..SearchLimits::default()
        });
        assert_eq!(by_depth.levels, midgame(6).collect::<Vec<_>>());
        let to_the_end = plan(SearchLimits {
            depth: Some(24),
            ..SearchLimits::default()
        });
        let mut expected = vec![Level::Exact];
        expected.extend(midgame(23));
        assert_eq!(to_the_end.levels, expected);
        // Timed, 24 empties at 1 s (beyond exact_empties + 3 = 23): the midgame to 23
        // plies, the selective levels to the end from 73% to 99%, the exact solve.
        let timed = plan(SearchLimits {
            time: Some(Duration::from_secs(1)),
            ..SearchLimits::default()
        });
        let mut expected: Vec<Level> = midgame(23).collect();
        expected.extend((0..5).map(|selectivity| search(24, selectivity)));
        expected.push(Level::Exact);
        assert_eq!(timed.levels, expected);
        assert_eq!(
            SELECTIVITY.map(|(_, percent)| percent),
            [73, 87, 95, 98, 99, 100]
        );
        assert!(!timed.solve_after_stop);
        // A depth short of the end keeps the timed search in the midgame.
        let short = plan(SearchLimits {
            time: Some(Duration::from_secs(1)),
            depth: Some(12),
            ..SearchLimits::default()
        });
        assert_eq!(short.levels, midgame(12).collect::<Vec<_>>());
        // At 8 s (exact_empties 23, + 3): a fifth of the time of midgame iterations (at
        // most PRE_SOLVER_DEPTH), then the win/loss/draw and exact solves.
        let wld = plan(SearchLimits {
            time: Some(Duration::from_secs(8)),
            ..SearchLimits::default()
        });
        let mut expected: Vec<Level> = midgame(PRE_SOLVER_DEPTH).collect();
        expected.extend([Level::WinLossDraw, Level::Exact]);
        assert_eq!(wld.levels, expected);
        assert_eq!(
            wld.midgame_deadline,
            Some(start + Duration::from_secs(8) / 5)
        );
        assert!(wld.solve_after_stop);
        // At 32 s (exact_empties 25): a twentieth, then the exact solve.
        let exact = plan(SearchLimits {
            time: Some(Duration::from_secs(32)),
            ..SearchLimits::default()
        });
        let mut expected: Vec<Level> = midgame(PRE_SOLVER_DEPTH).collect();
        expected.push(Level::Exact);
        assert_eq!(exact.levels, expected);
        assert_eq!(
            exact.midgame_deadline,
            Some(start + Duration::from_secs(32) / 20)
        );
    }

    /// The levels of an analysis, from [`Drive::analysis`]'s documentation.
    #[test]
    fn analyses_list_their_levels() {
        let board = random_board(3, 36); // 24 empties
        let midgame = |depth| (1..=depth).map(|d| search(d, PLAY_SELECTIVITY));
        let levels = |limits: SearchLimits| Drive::analysis(&board, limits);
        assert_eq!(
            levels(SearchLimits::default()),
            midgame(DEFAULT_DEPTH).collect::<Vec<_>>()
        );
        let depth = |d| SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        };
        assert_eq!(levels(depth(7)), midgame(7).collect::<Vec<_>>());
        let mut exact: Vec<Level> = midgame(PRE_SOLVER_DEPTH).collect();
        exact.push(Level::Exact);
        assert_eq!(levels(depth(24)), exact);
        let time = |t| SearchLimits {
            time: Some(Duration::from_secs(t)),
            ..SearchLimits::default()
        };
        // exact_empties: 24 at 16 s, 23 at 8 s.
        assert_eq!(levels(time(16)), exact);
        let mut to_the_end: Vec<Level> = midgame(23).collect();
        to_the_end.extend((0..5).map(|selectivity| search(24, selectivity)));
        to_the_end.push(Level::Exact);
        assert_eq!(levels(time(8)), to_the_end);
    }

    /// A search whose solve the node limit cuts is not complete, though the midgame
    /// iterations after it finished: it did not do all the plan listed.
    #[test]
    fn a_cut_solve_leaves_the_search_incomplete() {
        let board = random_board(5, 40);
        let mut engine = Engine::with_table_bytes(1 << 20);
        engine.set_board(board);
        let limits = SearchLimits {
            depth: Some(60),
            nodes: Some(5_000),
            ..SearchLimits::default()
        };
        let report = engine.search(limits);
        assert!(!report.exact && !report.complete, "{report:?}");
        assert!(report.nodes <= 5_000 + 64, "{}", report.nodes);
    }

    /// The midgame levels after the iterations, a search to the end at each selectivity
    /// level, reach the observer in order, and the report is the last one's.
    #[test]
    fn selective_levels_run_in_order() {
        let board = random_board(11, 46);
        let empties = board.empty_squares().len();
        let mut steps: Vec<(u32, u8)> = (1..empties).map(|d| (d, PLAY_SELECTIVITY)).collect();
        steps.extend((0..5).map(|level| (empties, level)));
        let mut engine = Engine::with_table_bytes(1 << 20);
        engine.attach();
        let mut seen = Vec::new();
        let report = engine.deepen(&board, &steps, u64::MAX, None, None, &mut |r| {
            seen.push((r.depth, r.selectivity));
        });
        let mut expected: Vec<(u32, u8)> = (1..empties).map(|d| (d, 95)).collect();
        expected.extend([73, 87, 95, 98, 99].map(|percent| (empties, percent)));
        assert_eq!(seen, expected);
        assert!(report.complete && !report.exact);
        assert_eq!((report.depth, report.selectivity), (empties, 99));
    }
}
