//! The midgame search on the two bitboards of `reversi::kernel`: a fail-soft
//! principal-variation search (the first move with the full window, the others with a
//! null window, re-searched when they fail high), the transposition table
//! ([`table`](super::table)), move ordering (the table's move, then shallow searches or
//! the evaluation, then fewest opponent replies near the leaves), ProbCut at null-window
//! nodes, node and time limits.
//!
//! Scores are in evaluation units ([`SCALE`] per disc) from the side to move's view. A
//! pass costs no depth: the side that must pass hands the same depth to the opponent; two
//! passes end the game, which scores its exact final disc difference (empties to the
//! winner) times [`SCALE`].

use std::time::Instant;

use reversi::kernel;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::time::Pace;
use crate::eval::pattern::Indices;
use crate::eval::{clamp, Weights, SCALE};
use crate::search::clock::Clock;
use crate::search::move_loop::{pvs_loop, MoveLoop, Research, Trial};
use crate::search::node::{Move, Node};
use crate::search::ordering::{midgame_order, select};
use crate::search::pool::{SplitSearch, Threads};
use crate::search::state::Search;
use crate::table::{Table, EXACT, LOWER, NO_MOVE, UPPER};

/// Above any score: the full window's bounds.
pub(crate) const INF: i32 = 100 * SCALE;

/// The most legal moves a Reversi position has (33 are known; room to spare).
const MAX_MOVES: usize = 40;

/// ProbCut from this depth on (its shallow search: `depth / 4 * 2` plies).
const PROBCUT_DEPTH: u32 = 4;

/// The selectivity levels: ProbCut's threshold in standard deviations of the deep value
/// around the shallow one, and the share of its cuts expected right in percent (a normal
/// residual within the threshold on either side: 2 Phi(t) - 1). A search at a level uses
/// only table entries of its level or surer ([`ScoreEntry::selectivity`]); the last level
/// prunes nothing.
///
/// [`ScoreEntry::selectivity`]: crate::table::ScoreEntry::selectivity
pub(crate) const SELECTIVITY: [(f32, u8); 6] = [
    (1.1, 73),
    (1.5, 87),
    (2.0, 95),
    (2.33, 98),
    (2.58, 99),
    (f32::INFINITY, 100),
];

/// The level of the midgame iterations: 2.0 standard deviations since 2026-12-05 (at
/// 0.1 s a move it beat 1.5, SPRT, tools/reversi-match/results.md, although at 20,000
/// nodes a move narrower margins had done better: likely, with the deeper searches a real
/// clock allows, fewer wrong cuts pay more than the depth they cost).
pub(crate) const PLAY_SELECTIVITY: u8 = 2;

/// The level that prunes nothing (ProbCut off, and the exact solve's).
pub(crate) const NO_SELECTIVITY: u8 = SELECTIVITY.len() as u8 - 1;

/// Searches to the end of the game hand over to the exact solver's node code
/// ([`Midgame::solve_node`]) at this many empty squares or fewer, whatever the level
/// (ProbCut's regression there spreads 7 to 9 discs: it would seldom cut; the exact
/// level prunes nothing anyway).
const HANDOVER_EMPTIES: u32 = 10;

/// ProbCut's regression of the exact score on the value of the shallow search (`n / 4 *
/// 2` plies) in a search to the end of the game, by empty squares `n` from
/// [`PROBCUT_END_FIRST`] (index `n - PROBCUT_END_FIRST`; beyond the table as its last):
/// `[a, b, sigma]` as in [`PROBCUT_FIT`]. Measured by `reversi-tune
/// probcut-end-fit 60 10 24` (60 positions at each count of empties, from seeded openings
/// and depth-4 self-play; exact scores by the solver), the rows as measured: the spread
/// falls from 9 discs at 10 empties (a 4-ply shallow search) to 5 at 20 to 23 (10 plies)
/// and 2.7 at 24 (12 plies).
const PROBCUT_END_FIT: [[f32; 3]; 15] = [
    [-0.81, 1.024, 9.07],
    [1.08, 0.983, 7.21],
    [-0.49, 0.997, 6.48],
    [-0.08, 1.080, 6.51],
    [-1.19, 1.033, 5.91],
    [2.75, 0.985, 5.64],
    [-1.11, 1.090, 5.87],
    [-0.82, 0.938, 5.17],
    [0.85, 0.993, 5.50],
    [1.29, 1.051, 5.86],
    [0.75, 1.030, 5.07],
    [1.73, 1.081, 4.58],
    [0.11, 1.069, 4.96],
    [-0.00, 1.055, 5.17],
    [0.59, 1.106, 2.71],
];

/// The number of game stages ProbCut's regressions are fitted for (`probcut_stage`).
pub const PROBCUT_STAGES: usize = 3;

/// ProbCut's stage of a position with `empties` empty squares: 0 below 30, 1 from 30 to
/// 39, 2 from 40 (the search's value depends on the stage: fewer empties, more certain
/// values).
///
/// ```
/// use reversi_engine::probcut_stage;
/// assert_eq!(probcut_stage(29), 0);
/// assert_eq!(probcut_stage(30), 1);
/// assert_eq!(probcut_stage(60), 2);
/// ```
#[must_use]
pub fn probcut_stage(empties: u32) -> usize {
    match empties {
        0..=29 => 0,
        30..=39 => 1,
        _ => 2,
    }
}

/// ProbCut's regression of a search's value on that of its shallow search, per stage
/// (`probcut_stage`) and depth (index; below 4 unused, beyond the table as its last):
/// `[a, b, sigma]`, the deep value being about `a + b * shallow` discs with residuals of
/// standard deviation `sigma` discs. Measured by `reversi-tune probcut-fit 100 10`
/// before the stages (100 positions at 20 to 50 empties, depths 4 to 10; slope 1.05 to
/// 1.12 and intercept within half a disc, taken as 1 and 0; 11 and 12 extrapolated): the
/// same row for every stage.
const PROBCUT_FIT: [[[f32; 3]; 13]; PROBCUT_STAGES] = [PROBCUT_ONE_STAGE; PROBCUT_STAGES];

/// The fit before the stages, for every stage.
const PROBCUT_ONE_STAGE: [[f32; 3]; 13] = [
    [0.0, 1.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 1.0, 1.49],
    [0.0, 1.0, 1.84],
    [0.0, 1.0, 2.15],
    [0.0, 1.0, 2.55],
    [0.0, 1.0, 2.02],
    [0.0, 1.0, 1.94],
    [0.0, 1.0, 2.11],
    [0.0, 1.0, 2.3],
    [0.0, 1.0, 2.3],
];

/// The row of [`PROBCUT_FIT`] for a `depth`-deep search at `empties` empty squares.
fn probcut_row(empties: u32, depth: u32) -> [f32; 3] {
    let rows = &PROBCUT_FIT[probcut_stage(empties)];
    rows[(depth as usize).min(rows.len() - 1)]
}

/// The empty squares of [`PROBCUT_END_FIT`]'s first row (searches to the end hand over
/// to the solver before fewer: [`HANDOVER_EMPTIES`]).
const PROBCUT_END_FIRST: u32 = 10;

/// The row of [`PROBCUT_END_FIT`] for a search to the end at `empties` empty squares.
fn probcut_end_row(empties: u32) -> [f32; 3] {
    let row = empties.saturating_sub(PROBCUT_END_FIRST) as usize;
    PROBCUT_END_FIT[row.min(PROBCUT_END_FIT.len() - 1)]
}

/// The shallow values (in the search's units) at or above which (the first) and at or
/// below which (the second) ProbCut takes a null-window search around `alpha`..`beta`
/// as failing high (low), for the regression `[a, b, sigma]` of its depth and stage
/// ([`probcut_row`], [`probcut_end_row`]): the deep value, about `a + b * shallow`, is
/// then at least `t` standard deviations above `beta` (below `alpha`). The caller
/// rounds them toward the window.
fn probcut_bounds([a, b, sigma]: [f32; 3], t: f32, alpha: i32, beta: i32) -> (f32, f32) {
    let (a, margin) = (a * SCALE as f32, t * sigma * SCALE as f32);
    (
        (beta as f32 + margin - a) / b,
        (alpha as f32 - margin - a) / b,
    )
}

/// A position of the midgame search: the node (bitboards, key, side, empties) and its
/// pattern indices, kept up to date move by move ([`Indices::play`]) so that the leaves'
/// evaluation does not compute them again.
#[derive(Clone, Copy)]
pub(crate) struct Position {
    pub(crate) node: Node,
    pub(crate) idx: Indices,
}

impl Position {
    /// The position of `board`, its indices from its bitboards.
    pub(crate) fn of(board: &reversi::Board) -> Position {
        let node = Node::of(board);
        Position {
            idx: Indices::of(node.p, node.o),
            node,
        }
    }

    /// The position after `m`, a move of this position's list.
    #[inline(always)]
    pub(crate) fn child(&self, m: &Move) -> Position {
        Position {
            node: self.node.child(m),
            idx: self.idx.play(m.square, m.flipped),
        }
    }

    /// The position after a pass.
    #[inline(always)]
    pub(crate) fn pass(&self) -> Position {
        Position {
            node: self.node.pass(),
            idx: self.idx.pass(),
        }
    }
}

/// The search's state: the table (kept between searches, shared with the helper
/// threads), the node count and the limits.
pub(crate) struct Midgame {
    pub(crate) table: Arc<Table>,
    /// The node count, the limits and the stop signal.
    pub(crate) clock: Clock,
    /// The evaluation of the leaves.
    pub(crate) weights: Arc<Weights>,
    /// Whether ProbCut prunes (see [`Midgame::probcut`]).
    pub(crate) probcut: bool,
    /// The selectivity level searched at (an index of [`SELECTIVITY`]) while ProbCut is
    /// on ([`Midgame::level`]).
    pub(crate) selectivity: u8,
    /// The exact solver's node state, which searches to the end of the game take over
    /// from [`HANDOVER_EMPTIES`] empty squares ([`Midgame::solve_node`]); its clock is
    /// this search's while it runs, its move stack the thread's.
    pub(crate) endgame: Search,
    /// The pool of a parallel search (`None`: this thread alone), whose threads take
    /// the moves a node shares ([`Midgame::split`]).
    pub(crate) threads: Option<Arc<Threads>>,
    /// The pace of a search with a soft budget (this thread's; a helper's is `None`).
    pub(crate) pace: Option<Pace>,
}

impl Midgame {
    /// A search on `table` (the engine's one table, shared with its solver).
    pub(crate) fn new(table: Arc<Table>) -> Midgame {
        Midgame {
            endgame: Search::lean(Arc::clone(&table)),
            table,
            clock: Clock::default(),
            weights: crate::eval::builtin(),
            probcut: true,
            selectivity: PLAY_SELECTIVITY,
            threads: None,
            pace: None,
        }
    }

    /// The selectivity level of this search's results: its level with ProbCut on,
    /// else [`NO_SELECTIVITY`].
    #[inline(always)]
    pub(crate) fn level(&self) -> u8 {
        if self.probcut {
            self.selectivity
        } else {
            NO_SELECTIVITY
        }
    }

    /// The exact fail-soft value (in evaluation units) of `node`, a search to the end of
    /// the game in the window `(alpha, beta)`, by the exact solver's node code (parity
    /// ordering, stability cutoffs, the last-empties solvers, its proven bounds in the
    /// table): its window in discs is the widest whose results keep their meaning in
    /// units (a final score `v` discs is `v * SCALE` units).
    #[inline(never)]
    pub(crate) fn solve_node(&mut self, node: Node, alpha: i32, beta: i32) -> i32 {
        let low = alpha.div_euclid(SCALE).clamp(-65, 64);
        let high = (-(-beta).div_euclid(SCALE)).clamp(low + 1, 65);
        std::mem::swap(&mut self.clock, &mut self.endgame.clock);
        let mut v = 0;
        self.endgame
            .with_move_stack(|search| v = search.search(node, low, high));
        std::mem::swap(&mut self.clock, &mut self.endgame.clock);
        v * SCALE
    }

    /// Starts a search: the node count from zero, these limits, the table's older
    /// entries made replaceable.
    pub(crate) fn start(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.clock.start(node_limit, deadline);
        self.table.new_search();
    }

    /// Whether a limit stopped the search (its last result is then meaningless).
    pub(crate) fn stopped(&self) -> bool {
        self.clock.stopped()
    }

    /// The value of a leaf: the exact score when the game is over, else the evaluation
    /// (from the position's kept indices).
    #[inline]
    pub(crate) fn leaf(&self, pos: &Position) -> i32 {
        let (p, o) = (pos.node.p, pos.node.o);
        let (pm, om) = (kernel::moves(p, o), kernel::moves(o, p));
        if pm == 0 && om == 0 {
            kernel::final_score(p, o) * SCALE
        } else {
            clamp(self.weights.evaluate_indexed(&pos.idx.mover, p, o, pm, om))
        }
    }

    /// The evaluation of `p` to move against `o` (a game not over), clamped to
    /// `-MAX..=MAX`.
    #[inline]
    pub(crate) fn evaluate(&self, p: u64, o: u64) -> i32 {
        clamp(self.weights.evaluate(p, o))
    }

    /// The fail-soft value of the position `pos`, searched `depth` plies deep in the
    /// window `(alpha, beta)`.
    pub(crate) fn pvs(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32) -> i32 {
        if self.clock.count() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(pos);
        }
        let node = pos.node;
        let level = self.level();
        if depth >= node.n && node.n <= HANDOVER_EMPTIES {
            return self.solve_node(node, alpha, beta);
        }
        let (p, o) = (node.p, node.o);
        let moves = kernel::moves(p, o);
        if moves == 0 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o) * SCALE;
            }
            // A pass: the opponent moves with the same depth.
            return -self.pvs(&pos.pass(), depth, -beta, -alpha);
        }
        let mut table_move = NO_MOVE;
        if let Some(e) = self.table.probe_score(node.key) {
            table_move = e.best;
            if e.depth >= depth && e.selectivity >= level {
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => e.score >= beta,
                    UPPER => e.score <= alpha,
                    _ => false,
                };
                if cut {
                    return e.score;
                }
            }
        }
        if self.probcut && beta - alpha == 1 && depth >= PROBCUT_DEPTH {
            if let Some(v) = self.probcut(pos, depth, alpha, beta) {
                return v;
            }
        }
        let mut list = [Move::default(); MAX_MOVES];
        let n = midgame_order(node, moves, depth, table_move, &mut list, |m, d| {
            self.pvs(&pos.child(m), d, -INF, INF)
        });
        if self.stopped() {
            return 0;
        }
        let (best, best_move) = self.moves(pos, depth, alpha, beta, &mut list[..n]);
        if self.stopped() {
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha {
            EXACT
        } else {
            UPPER
        };
        self.table
            .store_score(node.key, best, (depth, level), bound, best_move);
        best
    }

    /// ProbCut at a null-window node `depth` deep: a shallow search whose value, by the
    /// measured regression of deep on shallow values ([`PROBCUT_FIT`]; of exact scores
    /// on shallow values, [`PROBCUT_END_FIT`], where the deep search reaches the end of
    /// the game), makes a fail high (low) of the deep search likely at the search's
    /// selectivity level ([`SELECTIVITY`]), is taken as one: `Some(beta)`
    /// (`Some(alpha)`), else `None`. It prunes short of the end too: the searches of 21
    /// empties at 0.1 s then reach the last empty square but one, where stopping ProbCut
    /// 4 plies before the end left them at 17 plies, and they keep the position's
    /// win/loss/draw value more often (moves that change it: 14 of 600 positions from
    /// games against Egaroucid for Web, against 21; tools/reversi-match/results.md).
    fn probcut(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        let (t, _) = SELECTIVITY[usize::from(self.selectivity)];
        if !t.is_finite() {
            return None;
        }
        let n = pos.node.n;
        let row = if depth >= n {
            probcut_end_row(n)
        } else {
            probcut_row(n, depth)
        };
        let shallow = depth.min(n) / 4 * 2;
        let (up, down) = probcut_bounds(row, t, alpha, beta);
        let (up, down) = (up.floor() as i32, down.ceil() as i32);
        if up < INF / 2 && self.pvs(pos, shallow, up - 1, up) >= up {
            return Some(beta);
        }
        if down > -INF / 2 && self.pvs(pos, shallow, down, down + 1) <= down {
            return Some(alpha);
        }
        None
    }

    /// Searches the moves of `list` from `node` (ordered as they come by their `order`,
    /// highest first) by [`pvs_loop`]: the best value and move.
    fn moves(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        list: &mut [Move],
    ) -> (i32, u8) {
        let mut moves = NodeMoves {
            search: self,
            pos,
            depth,
            window: (alpha, beta),
            list,
            next: 0,
            child: *pos,
            square: NO_MOVE,
            best: (-INF, NO_MOVE),
        };
        pvs_loop(&mut moves, alpha, beta);
        moves.best
    }
}

impl SplitSearch for Midgame {
    fn threads(&self) -> Option<&Arc<Threads>> {
        self.threads.as_ref()
    }

    fn clock(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// The same table, weights, ProbCut and threads, no node limit, the same deadline,
    /// stop signal and split flags (`split` the new split's), no pace.
    fn helper(&self, split: &Arc<AtomicBool>) -> Midgame {
        Midgame {
            table: Arc::clone(&self.table),
            clock: self.clock.helper(split),
            weights: Arc::clone(&self.weights),
            probcut: self.probcut,
            selectivity: self.selectivity,
            endgame: self.endgame.lean_copy(),
            threads: self.threads.clone(),
            pace: None,
        }
    }
}

/// The moves of a midgame node, as [`pvs_loop`] searches them.
struct NodeMoves<'a> {
    search: &'a mut Midgame,
    pos: &'a Position,
    /// The node's depth (its children are searched one ply less).
    depth: u32,
    /// The node's window.
    window: (i32, i32),
    list: &'a mut [Move],
    /// The next move's index in `list`.
    next: usize,
    /// The position after the current move, and its square.
    child: Position,
    square: u8,
    /// The best value and its move.
    best: (i32, u8),
}

impl MoveLoop for NodeMoves<'_> {
    const RESEARCH: Research = Research::Alpha;

    #[inline(always)]
    fn next(&mut self) -> bool {
        if self.next == self.list.len() {
            return false;
        }
        let m = select(self.list, self.next);
        self.child = self.pos.child(&m);
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
        -self.search.pvs(&self.child, self.depth - 1, -beta, -alpha)
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
        if !self
            .search
            .may_split(self.depth, self.list.len() - self.next)
        {
            return false;
        }
        self.split_rest();
        true
    }
}

impl NodeMoves<'_> {
    /// The moves after the first shared with the thread [`Midgame::may_split`] took
    /// (out of line: the node's loop stays small).
    #[inline(never)]
    fn split_rest(&mut self) {
        let left = &mut self.list[self.next..];
        left.sort_unstable_by_key(|m| std::cmp::Reverse(m.order));
        let children = left
            .iter()
            .map(|m| (self.pos.child(m), m.square as u8))
            .collect();
        self.best = self
            .search
            .split(children, self.depth - 1, self.window, self.best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::facade::tests::random_board;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Searched as deep as there are empty squares at the level that prunes
        /// nothing, every leaf is a finished game (passes are free, each move fills a
        /// square) or a node handed over to the exact solver's code (from
        /// `HANDOVER_EMPTIES`, its window converted to discs and back): the midgame
        /// search's value is the exact final score, passes and early ends included; on
        /// two threads too (nodes sharing their moves from 4 plies deep), each split
        /// giving back the thread it took.
        #[test]
        fn full_depth_is_the_exact_score(
            seed in any::<u64>(),
            plies in 46u32..60,
            threads in 1usize..=2,
        ) {
            let board = random_board(seed, plies);
            let node = Position::of(&board);
            let n = board.empty_squares().len();
            let pool = crate::search::pool::Pool::new(threads);
            let mut search = Midgame::new(Arc::new(Table::new(1 << 16)));
            search.selectivity = NO_SELECTIVITY;
            search.threads = (threads > 1).then(|| Arc::clone(pool.threads()));
            search.start(u64::MAX, None);
            let v = search.pvs(&node, n, -INF, INF);
            prop_assert!(!search.stopped());
            prop_assert_eq!(v, crate::solve(&board).lower * SCALE);
            prop_assert_eq!(pool.threads().idle(), threads as isize - 1);
            // Null windows around the score agree (fail-soft bounds on the right side).
            let s = v;
            prop_assert!(search.pvs(&node, n, s - 1, s) >= s);
            prop_assert!(search.pvs(&node, n, s, s + 1) <= s);
        }

        /// A search to the end at `HANDOVER_EMPTIES` or fewer is the exact solver's,
        /// its window converted to discs and back: its fail-soft value `r` in units of
        /// a window `(alpha, beta)` bounds the exact score `v` discs as fail-soft values
        /// do (`r <= alpha`: `v * SCALE <= r`; `r >= beta`: `v * SCALE >= r`; else `r ==
        /// v * SCALE`), whatever the window, at every selectivity level.
        #[test]
        fn handover_keeps_fail_soft_bounds(
            seed in any::<u64>(),
            plies in 50u32..60,
            low in -70 * SCALE..70 * SCALE,
            width in 1..20 * SCALE,
            level in 0u8..=NO_SELECTIVITY,
        ) {
            let board = random_board(seed, plies);
            prop_assume!(!board.is_game_over());
            let n = board.empty_squares().len();
            let v = crate::solve(&board).lower * SCALE;
            let mut search = Midgame::new(Arc::new(Table::new(1 << 16)));
            search.selectivity = level;
            search.start(u64::MAX, None);
            for (alpha, beta) in [(low, low + width), (low, low + 1), (v - 1, v), (v, v + 1)] {
                let r = search.pvs(&Position::of(&board), n, alpha, beta);
                if r <= alpha {
                    prop_assert!(v <= r, "{v} above the upper bound {r} of ({alpha}, {beta})");
                } else if r >= beta {
                    prop_assert!(v >= r, "{v} below the lower bound {r} of ({alpha}, {beta})");
                } else {
                    prop_assert_eq!(r, v);
                }
            }
        }
    }

    /// ProbCut's bounds invert the regression: for a made-up row `a = 0.5`, `b = 1.25`,
    /// `sigma = 2` discs (a margin of 2.0 x 2 = 4 discs), the window 10 discs to 10
    /// discs + 1 unit gives (10 + 4 - 0.5 + 1 unit) / 1.25 = 10.8 discs + 0.8 unit above
    /// and (10 - 4 - 0.5) / 1.25 = 4.4 discs below. Every fitted row has a slope near 1
    /// and a positive spread.
    #[test]
    fn probcut_bounds_invert_the_regression() {
        let (up, down) = probcut_bounds([0.5, 1.25, 2.0], 2.0, 10 * SCALE, 10 * SCALE + 1);
        assert!((up - 10.8 * SCALE as f32 - 0.8).abs() < 1e-3, "{up}");
        assert!((down - 4.4 * SCALE as f32).abs() < 1e-3, "{down}");
        for stage in PROBCUT_FIT {
            for [_, b, sigma] in &stage[4..] {
                assert!(*b > 0.5 && *b < 2.0 && *sigma > 0.0, "{b} {sigma}");
            }
        }
        assert_eq!(probcut_row(35, 40), PROBCUT_FIT[1][12]);
        // The endgame rows by empty squares, as `probcut-end-fit 60 10 24` printed them
        // (RESULTS.md): 10 empties the first, 24 the last, beyond it as 24.
        assert_eq!(probcut_end_row(10), [-0.81, 1.024, 9.07]);
        assert_eq!(probcut_end_row(20), [0.75, 1.030, 5.07]);
        assert_eq!(probcut_end_row(24), [0.59, 1.106, 2.71]);
        assert_eq!(probcut_end_row(40), probcut_end_row(24));
    }

    #[test]
    fn node_limit_stops_exactly() {
        let board = random_board(7, 20);
        let mut search = Midgame::new(Arc::new(Table::new(1 << 16)));
        search.start(500, None);
        let _ = search.pvs(&Position::of(&board), 12, -INF, INF);
        assert!(search.stopped());
        assert_eq!(search.clock.nodes, 500);
    }
}
