//! The exact solver in play: after a short midgame search for a fallback move, the
//! win/loss/draw and exact solves the time plan ([`super::time`]) chose, guided by the
//! midgame's score and move, their proven results replacing the midgame's where they
//! are better.

use std::time::{Duration, Instant};

use reversi::{Board, Ply};

use super::facade::{Engine, SearchLimits};
use super::report::SearchReport;
use super::time::{empties_for_nodes, endgame_plan, Pace, Plan};
use crate::solver::Solution;
use crate::{Limits, Mode};

/// The share of the time left to the deadline given to a solver (which reads its clock
/// less often than the midgame search).
const SOLVER_TIME_SHARE: f64 = 0.97;

/// The deepest midgame search before a solver (a fallback move, should the solver not
/// finish).
pub(super) const PRE_SOLVER_DEPTH: u32 = 10;

/// The report of a complete exact solve of a board with `empties` empty squares, `None`
/// for another solution.
pub(super) fn exact_report(solution: &Solution, empties: u32) -> Option<SearchReport> {
    if !solution.complete || !solution.is_exact() {
        return None;
    }
    Some(SearchReport::of_solution(solution.clone(), empties))
}

impl Engine {
    /// The search of `board` (which has a legal move) by depth and nodes only: solve
    /// when the depth reaches the end (or, without a depth, when the nodes allow), else
    /// search what the nodes left allow.
    pub(super) fn search_untimed(
        &mut self,
        board: &Board,
        limits: SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> SearchReport {
        let empties = board.empty_squares().len();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let depth = limits.depth.unwrap_or(u32::MAX);
        let solve = match limits.depth {
            Some(_) => depth >= empties,
            None => empties <= empties_for_nodes(node_limit as f64),
        };
        let mut solver_nodes = 0;
        if solve {
            let solution = self.run_solver(board, Mode::Exact, None, limits.nodes, None);
            if let Some(report) = solution.as_ref().and_then(|s| exact_report(s, empties)) {
                progress(&report);
                return report;
            }
            solver_nodes = self.solver.nodes();
        }
        let max_depth = depth.min(empties.saturating_sub(1)).max(1);
        let nodes = node_limit.saturating_sub(solver_nodes);
        let mut report = self.deepen(board, max_depth, nodes, None, None, progress);
        report.nodes += solver_nodes;
        report
    }

    /// The search of `board` (which has a legal move) within `time`: a short midgame
    /// search (a twentieth or a fifth of the time, at most PRE_SOLVER_DEPTH plies) for a
    /// fallback move, then the solvers as planned.
    pub(super) fn search_timed(
        &mut self,
        board: &Board,
        limits: SearchLimits,
        time: Duration,
        (start, deadline): (Instant, Option<Instant>),
        progress: &mut dyn FnMut(&SearchReport),
    ) -> SearchReport {
        let empties = board.empty_squares().len();
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let depth = limits.depth.unwrap_or(u32::MAX);
        let plan = endgame_plan(empties, time, node_limit);
        let deadline = deadline.unwrap_or(start);
        let (midgame_deadline, max_depth) = match plan {
            Plan::Exact => (start + (deadline - start) / 20, PRE_SOLVER_DEPTH),
            Plan::WinLossDrawFirst => (start + (deadline - start) / 5, PRE_SOLVER_DEPTH),
            Plan::Midgame => (deadline, u32::MAX),
        };
        let max_depth = depth.min(max_depth).min(empties.saturating_sub(1)).max(1);
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
        let report = self.deepen(
            board,
            max_depth,
            node_limit,
            Some(midgame_deadline),
            pace,
            progress,
        );
        if plan == Plan::Midgame {
            return report;
        }
        let report = self.solve_after(board, plan, report, limits.nodes, deadline);
        if report.exact {
            progress(&report);
        }
        report
    }

    /// The solvers of `plan` (not [`Plan::Midgame`]) on `board` after the midgame
    /// search's `report`, within what is left of `node_limit` (`None`: none) and before
    /// `deadline`: the report of a complete exact solve, else `report` within the best
    /// proven result (a move proven to win or draw, by the win/loss/draw solve, finished
    /// or stopped, or by a stopped exact one).
    fn solve_after(
        &mut self,
        board: &Board,
        plan: Plan,
        mut report: SearchReport,
        node_limit: Option<u64>,
        deadline: Instant,
    ) -> SearchReport {
        let empties = board.empty_squares().len();
        let mut proven: Option<Solution> = None;
        if plan == Plan::WinLossDrawFirst {
            let nodes = node_limit.map(|n| n.saturating_sub(report.nodes));
            let wld = self.run_solver(board, Mode::WinLossDraw, None, nodes, Some(deadline));
            if let Some(wld) = wld {
                report.nodes += wld.nodes;
                // A stopped solve still counts when it has proven a move to draw or win:
                // that move is a safer answer than the short search's unproven one (on
                // positions at 20 empties searched for 0.1 s, results given away fell
                // from 15 in 600 to 9).
                if wld.complete || (wld.lower >= 0 && !wld.best_moves.is_empty()) {
                    proven = Some(wld);
                }
            }
        }
        let nodes = node_limit.map(|n| n.saturating_sub(report.nodes));
        // The exact solve is guided by the midgame's score and move: a best move other
        // than the midgame's is proven at least as good as it (or, once the solve has
        // proven it best, as every move), even when the solve is stopped.
        let mut proven_better = false;
        let guide = Some((report.score.round() as i32, report.best));
        if let Some(solution) = self.run_solver(board, Mode::Exact, guide, nodes, Some(deadline)) {
            report.nodes += solution.nodes;
            if let Some(mut exact) = exact_report(&solution, empties) {
                exact.nodes = report.nodes;
                return exact;
            }
            let better = match &proven {
                Some(p) => solution.lower > p.lower,
                None => true,
            };
            if better && !solution.best_moves.is_empty() {
                proven_better = true;
                proven = Some(solution);
            }
        }
        if let Some(p) = proven {
            // The midgame's guess within the proven bounds; a move proven better than the
            // midgame's, or proven to keep a win or a draw, replaces the midgame's unless
            // that one is proven as good.
            report.score = report
                .score
                .clamp(f64::from(p.lower), f64::from(p.upper.max(p.lower)));
            (report.lower, report.upper) = (p.lower, p.upper.max(p.lower));
            let same = p.best_moves.first() == report.best.as_ref();
            if (proven_better || p.lower >= 0) && !same {
                if let Some(&best) = p.best_moves.first() {
                    report.best = Some(best);
                    report.best_moves = vec![best];
                    report.pv = vec![best];
                }
            }
        }
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
