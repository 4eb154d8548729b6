//! The quiescence search: at the search's horizon, the side to move stands pat on the
//! evaluation or tries its captures (monkey jump paths included), except in the first
//! two plies when its lion is attacked: then every move is tried and there is no
//! stand-pat.

use congo::Position;

use crate::eval::evaluate;
use crate::ordering::pick;
use crate::score::{INF, MAX_PLY};
use crate::search::Searcher;

impl Searcher {
    /// The score of `pos` within the window (fail-soft) once the captures settle; `qply`
    /// counts the plies since the horizon.
    pub(crate) fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.tick();
        if self.stop {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(pos).0;
        }
        let (eval, threatened) = evaluate(pos);
        let threatened = threatened && qply < 2;
        let mut f = match self.order.generate(pos, ply, 0, threatened, &mut self.best) {
            Ok(f) => f,
            Err(s) => return s,
        };
        let mut best = if threatened { -INF } else { eval };
        if best < beta {
            alpha = alpha.max(best);
            for i in 0..f.len() {
                pick(&mut f, i);
                let child = pos.play_unchecked(f[i].1, self.rules);
                let s = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
                if self.stop {
                    break;
                }
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if s >= beta {
                            break;
                        }
                    }
                }
            }
        }
        self.order.frames[ply] = f;
        best
    }

    /// The score of the side to move after captures settle (quiescence search).
    pub(crate) fn quiet_score(&mut self, pos: &Position) -> i32 {
        self.stop = false;
        self.max_nodes = u64::MAX;
        self.hard = None;
        self.quiesce(pos, -INF, INF, 0, 0)
    }
}
