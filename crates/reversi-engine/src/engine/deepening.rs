//! Root iterative deepening of the midgame search, the root driver's search levels
//! ([`super::driver`]): depth 1, 2, ..., then the selective levels of a search to the end
//! of the game, while the limits allow, each iteration inside an aspiration window around the last score (from
//! [`ASPIRATION_DEPTH`]), widened while the score falls outside; the best move of the
//! last finished iteration, or of a stopped one once a move was proven better.

use std::sync::Arc;
use std::time::Instant;

use reversi::{Board, Ply, Square};

use super::facade::Engine;
use super::midgame::{Midgame, Position, INF, PLAY_SELECTIVITY, SELECTIVITY};
use super::report::SearchReport;
use super::time::{self, Pace};
use crate::eval::SCALE;
use crate::search::move_loop::{pvs_loop, End, MoveLoop, Research, Trial};

/// Told of each iteration a search finishes: the search, the depth, the best move and its
/// score.
type Iterated<'a> = &'a mut dyn FnMut(&Midgame, u32, &RootMove, i32);

/// A root move: its square, the board after it, its ordering value.
#[derive(Clone, Copy)]
pub(super) struct RootMove {
    square: Square,
    child: Board,
}

/// The half-width of the first aspiration window, in evaluation units (two discs),
/// doubled at each failure (measured at depth 11 and 12: under 1% fewer nodes than the
/// full window; one disc and four discs the same).
const MIDGAME_ASPIRATION: i32 = 2 * SCALE;
/// The first depth searched inside an aspiration window.
const ASPIRATION_DEPTH: u32 = 5;

/// The result of one root iteration.
struct Iteration {
    /// The best move's index in the root list and its score, if any move was proven
    /// (always, when the iteration finished).
    best: Option<(usize, i32)>,
    /// Whether every move was searched.
    complete: bool,
}

impl Iteration {
    /// A stopped iteration whose move `i` was proven better than the first, scoring `v`.
    fn with_best(self, i: usize, v: i32) -> Iteration {
        Iteration {
            best: Some((i, v)),
            complete: false,
        }
    }
}

impl Engine {
    /// The midgame search of `board` (which has a legal move) through `steps` (depth and
    /// selectivity level, each deeper or surer than the one before) while the limits
    /// allow, within `nodes` nodes and `deadline`: the report of the last step finished
    /// (or of a stopped one whose move was proven better), [`SearchReport::complete`]
    /// when every step was. Without a node limit, on the threads of the engine's pool: a
    /// node that shares its moves ([`Midgame::split`]) hands some to a thread free to
    /// help. With a node limit, on this thread alone (the moves stay reproducible). With
    /// a `pace` (a soft budget), it stops when [`Pace`] says, never past `deadline`.
    /// `progress` hears of each step this thread finishes.
    pub(super) fn deepen(
        &mut self,
        board: &Board,
        steps: &[(u32, u8)],
        nodes: u64,
        deadline: Option<Instant>,
        pace: Option<Pace>,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> SearchReport {
        let first_deadline = match pace {
            Some(pace) => Some(pace.deadline(1.0)),
            None => deadline,
        };
        self.midgame.start(nodes, first_deadline);
        self.midgame.pace = pace;
        let mut moves: Vec<RootMove> = board
            .legal_moves()
            .iter()
            .filter_map(|square| {
                board
                    .play(square)
                    .ok()
                    .map(|child| RootMove { square, child })
            })
            .collect();
        // First order: the table's move, then the evaluation of each child.
        let table_move = self
            .midgame
            .table
            .probe_score(board.zobrist_key())
            .map(|e| e.best);
        moves.sort_by_key(|m| {
            let own = table_move == Some(m.square.index() as u8);
            let value = self
                .midgame
                .evaluate(m.child.mover_bits(), m.child.opponent_bits());
            (!own, value)
        });
        // Without a node limit, the pool's threads take the moves nodes share.
        self.midgame.threads = match &self.shared.pool {
            Some(pool) if nodes == u64::MAX => Some(Arc::clone(pool.threads())),
            _ => None,
        };
        let mut iterated = |midgame: &Midgame, depth: u32, best: &RootMove, score: i32| {
            progress(&midgame.report(best, score, depth, midgame.clock.nodes));
        };
        let running = self
            .midgame
            .threads
            .as_ref()
            .map(|threads| threads.running());
        let (best, done) = self
            .midgame
            .iterate(board, &mut moves, steps, Some(&mut iterated));
        drop(running);
        if let Some(threads) = self.midgame.threads.take() {
            // Every split gave back the thread it took.
            debug_assert_eq!(threads.idle(), threads.size() as isize - 1);
        }
        self.midgame.pace = None;
        let nodes = self.midgame.clock.nodes;
        // The depth and level of the last step finished (a stopped step's move may be
        // answered, proven better, but not its level).
        let (depth, selectivity) = done.map_or((0, PLAY_SELECTIVITY), |i| steps[i]);
        self.midgame.selectivity = selectivity;
        let mut report = self.midgame.report(&moves[best.0], best.1, depth, nodes);
        report.complete = done == Some(steps.len() - 1);
        self.midgame.selectivity = PLAY_SELECTIVITY;
        report
    }
}

impl Midgame {
    /// The report of a midgame result: `best` scoring `score` at `depth` plies, after
    /// `nodes` nodes, its principal variation from the table.
    fn report(&self, best: &RootMove, score: i32, depth: u32, nodes: u64) -> SearchReport {
        let mut pv = vec![Ply::Move(best.square)];
        self.extend_pv(&best.child, depth.saturating_sub(1), &mut pv);
        let score = f64::from(score.max(-64 * SCALE)) / f64::from(SCALE);
        let (_, selectivity) = SELECTIVITY[usize::from(self.level())];
        SearchReport::estimate(
            Ply::Move(best.square),
            score,
            (depth, selectivity),
            nodes,
            pv,
        )
    }

    /// Appends to `pv` the table's best moves from `board`, at most `plies` moves
    /// (passes not counted), each checked legal.
    pub(super) fn extend_pv(&self, board: &Board, plies: u32, pv: &mut Vec<Ply>) {
        let mut board = *board;
        let mut left = plies;
        while left > 0 && !board.is_game_over() {
            if let Ok(passed) = board.pass() {
                pv.push(Ply::Pass);
                board = passed;
                continue;
            }
            let best = match self.table.probe_score(board.zobrist_key()) {
                Some(e) => e.best,
                None => break,
            };
            let square = match Square::from_index(usize::from(best)) {
                Some(s) if board.legal_moves().contains(s) => s,
                _ => break,
            };
            match board.play(square) {
                Ok(next) => board = next,
                Err(_) => break,
            }
            pv.push(Ply::Move(square));
            left -= 1;
        }
    }

    /// Iterative deepening of `board`'s root `moves` (the first, before any iteration,
    /// scored by the evaluation) through `steps` (depth and selectivity level) while the
    /// limits allow: the best move's index in `moves` (reordered best first, step by
    /// step) and its score, and the index in `steps` of the last step finished. The
    /// search is left at the level of the last step tried.
    fn iterate(
        &mut self,
        board: &Board,
        moves: &mut [RootMove],
        steps: &[(u32, u8)],
        mut iterated: Option<Iterated<'_>>,
    ) -> ((usize, i32), Option<usize>) {
        let first = &moves[0].child;
        let mut best = (0, -self.evaluate(first.mover_bits(), first.opponent_bits()));
        let mut done = None;
        // Each step starts while time is left: with a fixed time a move, until the
        // deadline; with a soft budget, until the pace's deadline. A step the stop cuts
        // keeps its move only when proven better than the last finished one's.
        for (step, &(d, selectivity)) in steps.iter().enumerate() {
            self.selectivity = selectivity;
            let previous = best.1;
            let it = self.aspiration(board, moves, d, previous);
            let mut changed = false;
            if let Some((i, score)) = it.best {
                // A finished iteration, or a move proven better than the first.
                if it.complete || i != 0 {
                    best = (0, score);
                    moves[..=i].rotate_right(1);
                    changed = i != 0;
                }
            }
            if !it.complete {
                break;
            }
            done = Some(step);
            if let Some(iterated) = iterated.as_mut() {
                iterated(self, d, &moves[0], best.1);
            }
            if let Some(pace) = self.pace {
                // Early iterations change their minds as a matter of course.
                let settled = d > ASPIRATION_DEPTH;
                let stretch = Pace::stretch(
                    settled && changed,
                    settled && best.1 <= previous - time::FALL,
                );
                let deadline = pace.deadline(stretch);
                if Instant::now() >= deadline {
                    break;
                }
                self.clock.set_deadline(Some(deadline));
            }
        }
        (best, done)
    }

    /// One iteration at the root to `depth` inside an aspiration window around `prev`
    /// (from depth [`ASPIRATION_DEPTH`]), widened and searched again while the score
    /// falls outside it. A move proven better than the first is moved to the front
    /// before a new search, so a stopped search still answers it.
    fn aspiration(
        &mut self,
        board: &Board,
        moves: &mut [RootMove],
        depth: u32,
        prev: i32,
    ) -> Iteration {
        if depth < ASPIRATION_DEPTH {
            return self.root(board, moves, depth, -INF, INF);
        }
        let mut delta = MIDGAME_ASPIRATION;
        let (mut lo, mut hi) = (prev - delta, prev + delta);
        let mut proven: Option<i32> = None;
        loop {
            let it = self.root(board, moves, depth, lo, hi);
            let (i, v) = match it.best {
                Some(best) if it.complete => best,
                Some((i, v)) if i != 0 => return it.with_best(i, v),
                _ => {
                    // Stopped before a move beat the first: the one proven before if any.
                    return Iteration {
                        best: proven.map(|v| (0, v)),
                        complete: false,
                    };
                }
            };
            if i != 0 {
                moves[..=i].rotate_right(1);
                if v > lo {
                    proven = Some(v);
                }
            }
            delta *= 2;
            if v <= lo && lo > -INF {
                lo = (v - delta).max(-INF);
            } else if v >= hi && hi < INF {
                hi = (v + delta).min(INF);
            } else {
                return Iteration {
                    best: Some((0, v)),
                    complete: true,
                };
            }
        }
    }

    /// One iteration at the root to `depth` in the window `(lo, hi)`, its moves searched
    /// by [`pvs_loop`]: the first move with the window, the others with a null window
    /// first, re-searched when they fail high. A move scoring `hi` or more ends it
    /// (fail-soft).
    fn root(
        &mut self,
        board: &Board,
        moves: &[RootMove],
        depth: u32,
        lo: i32,
        hi: i32,
    ) -> Iteration {
        let mut root = RootMoves {
            search: self,
            moves,
            depth,
            window: (lo, hi),
            next: 0,
            best: None,
        };
        let end = pvs_loop(&mut root, lo, hi);
        let best = root.best;
        if end == End::Stopped || self.stopped() {
            return Iteration {
                best,
                complete: false,
            };
        }
        if let Some((i, v)) = best {
            let bound = if v >= hi {
                crate::table::LOWER
            } else if v <= lo {
                crate::table::UPPER
            } else {
                crate::table::EXACT
            };
            let key = board.zobrist_key();
            let square = moves[i].square.index() as u8;
            self.table
                .store_score(key, v, (depth, self.level()), bound, square);
        }
        Iteration {
            best,
            complete: true,
        }
    }
}

/// The root's moves in one iteration, as [`pvs_loop`] searches them.
struct RootMoves<'a> {
    search: &'a mut Midgame,
    moves: &'a [RootMove],
    /// The iteration's depth.
    depth: u32,
    /// The iteration's window.
    window: (i32, i32),
    /// The next move's index in `moves`.
    next: usize,
    /// The best move's index and its score, once a move is proven.
    best: Option<(usize, i32)>,
}

impl MoveLoop for RootMoves<'_> {
    const RESEARCH: Research = Research::Alpha;

    fn next(&mut self) -> bool {
        self.next += 1;
        self.next <= self.moves.len()
    }

    fn floor(&self) -> i32 {
        self.best.map_or(-INF, |(_, v)| v)
    }

    fn search(&mut self, alpha: i32, beta: i32) -> i32 {
        let node = Position::of(&self.moves[self.next - 1].child);
        -self.search.pvs(&node, self.depth - 1, -beta, -alpha)
    }

    fn stopped(&self) -> bool {
        self.search.stopped()
    }

    fn searched(&mut self, trial: &Trial) -> bool {
        // A move that failed high on the null window is proven better than the best so
        // far, whatever its re-search says.
        let v = trial.value().max(trial.first);
        if self.best.is_none() || v > trial.alpha {
            self.best = Some((self.next - 1, v));
            return v >= trial.beta;
        }
        false
    }

    fn interrupted(&mut self, proven: Option<&Trial>) {
        if let Some(trial) = proven {
            self.best = Some((self.next - 1, trial.first));
        }
    }

    /// The moves after the first shared with a thread free to help ([`Midgame::split`]),
    /// when the first did not reach the window's top: the best of them replaces the
    /// first only when its search finished above the first's value and the window's
    /// bottom (so a stopped split still answers only a move proven better).
    fn after_first(&mut self) -> bool {
        let (lo, hi) = self.window;
        let Some((_, first)) = self.best else {
            return false;
        };
        if first >= hi || !self.search.may_split(self.depth, self.moves.len() - 1) {
            return false;
        }
        let square = |m: &RootMove| m.square.index() as u8;
        let children = self.moves[1..]
            .iter()
            .map(|m| (Position::of(&m.child), square(m)))
            .collect();
        let (v, best) = self.search.split(
            children,
            self.depth - 1,
            (lo, hi),
            (first, square(&self.moves[0])),
        );
        let i = self
            .moves
            .iter()
            .position(|m| square(m) == best)
            .unwrap_or(0);
        // As `searched` keeps it: another move replaces the first only above the
        // window's bottom (a fail-low value is an upper bound, not a better move).
        self.best = Some(if i == 0 || v > lo { (i, v) } else { (0, first) });
        true
    }
}
