//! The engine's search: iterative deepening ([`deepening`](super::deepening)) over a
//! principal-variation search with aspiration windows, a transposition table, null-move
//! pruning, reverse futility pruning, late-move reductions, and a quiescence search over
//! captures ([`quiesce`](super::quiesce)); moves ordered as
//! [`ordering`](super::ordering) says.
//!
//! Scores are as [`score`](super::score) says. A position met before on
//! the game's path or the search's scores as a draw, with a contempt (a penalty for the
//! side that was ahead at the root) so that an engine ahead avoids repeating.

use std::io::Write;
use std::time::Instant;

use congo::{Color, Move, Position, Role, Rules};

use crate::eval::evaluate;
use crate::ordering::{pick, Frame, MoveOrder, CAPTURE, KILLER, TT_MOVE};
use crate::score::{mate_shift, INF, MAX_PLY};
use crate::tt::{tag, Table, EXACT, LOWER, UPPER};

/// The search's state, kept between searches (the table, the history).
#[derive(Default)]
pub(crate) struct Searcher {
    pub(crate) tt: Table,
    /// The move lists and what orders them (killers, history).
    pub(crate) order: MoveOrder,
    /// The keys of the game's positions before the root, then of the search path.
    pub(crate) keys: Vec<u64>,
    pub(crate) nodes: u64,
    pub(crate) stop: bool,
    /// No node after this instant, nor after this many nodes.
    pub(crate) hard: Option<Instant>,
    pub(crate) max_nodes: u64,
    pub(crate) rules: Rules,
    /// The score of a draw for White (a contempt against the side ahead at the root).
    pub(crate) draw_white: i32,
    /// Where each finished iteration writes a line of information, if anywhere.
    pub(crate) info: Option<Box<dyn Write + Send>>,
    /// The best root move found so far.
    pub(crate) best: Option<Move>,
}

impl Searcher {
    /// A searcher with a table of `2^tt_bits` entries.
    pub(crate) fn new(rules: Rules, tt_bits: u32) -> Searcher {
        Searcher {
            tt: Table::new(tt_bits),
            order: MoveOrder::new(MAX_PLY + 2),
            rules,
            ..Searcher::default()
        }
    }

    /// Counts a node; every 256 nodes, checks the node and time limits.
    pub(crate) fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.stop |=
                self.nodes >= self.max_nodes || self.hard.map_or(false, |t| Instant::now() >= t);
        }
    }

    /// The score of `pos` within the window (fail-soft).
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let k = pos.zobrist_key();
        let n = self.keys.len();
        if ply > 0 && (2..=n).step_by(2).any(|j| self.keys[n - j] == k) {
            return if pos.side_to_move() == Color::White {
                self.draw_white
            } else {
                -self.draw_white
            };
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.tick();
        if self.stop {
            return 0;
        }
        let pv = beta - alpha > 1;
        let tt_mv = match self.probe(k, depth, alpha, beta, ply, pv) {
            Ok(mv) => mv,
            Err(s) => return s,
        };
        let (eval, threatened) = evaluate(pos);
        if !pv && !threatened {
            if let Some(s) = self.prune(pos, eval, depth, beta, ply) {
                return s;
            }
        }
        let mut f = match self.order.generate(pos, ply, tt_mv, true, &mut self.best) {
            Ok(f) => f,
            Err(s) => return s,
        };
        let depth = depth + i32::from(threatened && ply < 40);
        self.keys.push(k);
        let (best, best_tag) = self.moves(pos, &mut f, depth, alpha, beta, ply);
        self.keys.truncate(n);
        self.order.frames[ply] = f;
        if self.stop {
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt
            .store(k, best_tag, mate_shift(best, ply, 1), depth, bound);
        best
    }

    /// The table's move for the node of key `k` (0 for none), or `Err(score)` when the
    /// table's entry decides the node outside a principal variation.
    fn probe(
        &self,
        k: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> Result<u16, i32> {
        match self.tt.probe(k) {
            Some((mv, score, d, bound)) => {
                let s = mate_shift(score, ply, -1);
                if !pv
                    && d >= depth
                    && (bound == EXACT
                        || bound == LOWER && s >= beta
                        || bound == UPPER && s <= alpha)
                {
                    Err(s)
                } else {
                    Ok(mv)
                }
            }
            None => Ok(0),
        }
    }

    /// Reverse futility and null-move pruning, outside principal variations when the
    /// side to move's lion is not attacked: the score if the node is cut.
    fn prune(
        &mut self,
        pos: &Position,
        eval: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if depth <= 3 && eval - 120 * depth >= beta {
            return Some(eval);
        }
        let us = pos.side_to_move();
        let big = pos.occupied_by(us).bits()
            != pos.pieces(us, Role::Pawn).bits() | pos.pieces(us, Role::Lion).bits();
        if depth >= 3 && eval >= beta && big {
            let n = self.keys.len();
            self.keys.push(pos.zobrist_key());
            self.keys.push(0);
            let mut null = *pos;
            null.set_side_to_move(!us);
            let s = -self.search(&null, depth - 3 - depth / 6, -beta, 1 - beta, ply + 1);
            self.keys.truncate(n);
            if self.stop {
                return Some(0);
            }
            if s >= beta {
                return Some(beta);
            }
        }
        None
    }

    /// Searches the moves of frame `f` in order (principal-variation search with
    /// late-move reductions): the best score (fail-soft) and the best move's tag.
    fn moves(
        &mut self,
        pos: &Position,
        f: &mut Frame,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, u16) {
        let us = pos.side_to_move();
        let mut best = -INF;
        let mut best_tag = 0;
        for i in 0..f.len() {
            pick(f, i);
            let (sc, mv) = f[i];
            if ply == 0 && self.best.is_none() {
                self.best = Some(mv);
            }
            let quiet = sc < CAPTURE || sc == TT_MOVE;
            let child = pos.play_unchecked(mv, self.rules);
            let s = if i == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let r = if depth >= 3 && i >= 3 && sc < KILLER {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                self.zero_window(&child, depth - 1, r, alpha, beta, ply + 1)
            };
            if self.stop {
                break;
            }
            if s > best {
                best = s;
                best_tag = tag(&mv);
                if s > alpha {
                    alpha = s;
                    if ply == 0 {
                        self.best = Some(mv);
                    }
                    if s >= beta {
                        if quiet {
                            self.order.refuted(us, &mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        (best, best_tag)
    }

    /// The score of a later move's `child`: a zero window at `depth` less the reduction
    /// `r`, again unreduced if it beats `alpha`, and with the full window if it then
    /// falls inside it.
    fn zero_window(
        &mut self,
        child: &Position,
        depth: i32,
        r: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut s = -self.search(child, depth - r, -alpha - 1, -alpha, ply);
        if s > alpha && r > 0 {
            s = -self.search(child, depth, -alpha - 1, -alpha, ply);
        }
        if s > alpha && s < beta {
            s = -self.search(child, depth, -beta, -alpha, ply);
        }
        s
    }
}
