//! Move ordering: each node's moves generated into a frame with a score, picked best
//! first: the table's move, captures by most valuable victim then least valuable
//! attacker, two killer moves a ply, then a history of quiet moves that refuted
//! positions (from-to, per side, weighted by depth²).

use std::mem::take;

use congo::{ByRole, Color, Move, Position, Role};

use crate::score::WIN;
use crate::tt::tag;

/// The table's move: searched first.
pub(crate) const TT_MOVE: i32 = 1 << 30;
/// Captures score this plus 64 times the victims' value less the mover's.
pub(crate) const CAPTURE: i32 = 1 << 24;
/// The first killer scores this plus one, the second this.
pub(crate) const KILLER: i32 = 1 << 22;
/// The history's cap (a history score stays below [`KILLER`]).
const HISTORY_CAP: i32 = 1 << 20;
/// The history's size: a score per side, start square and final square.
pub(crate) const HISTORY_LEN: usize = 2 * 49 * 49;

/// A node's moves with their ordering scores.
pub(crate) type Frame = Vec<(i32, Move)>;

/// Each kind's value as a victim (and as an attacker, the least first), for ordering.
const VALUE: ByRole<i32> = ByRole {
    pawn: 1,
    superpawn: 3,
    giraffe: 3,
    monkey: 4,
    elephant: 3,
    lion: 50,
    crocodile: 5,
    zebra: 3,
};

/// The history slot of `us` moving `mv`.
fn history_index(us: Color, mv: &Move) -> usize {
    us as usize * 2401 + mv.from().index() * 49 + mv.to().index()
}

/// The move lists of the search's plies and what orders them: two killer moves a ply
/// and the history of quiet moves, kept between searches.
#[derive(Default)]
pub(crate) struct MoveOrder {
    history: Vec<i32>,
    killers: Vec<[u16; 2]>,
    /// Each ply's frame, handed out by [`MoveOrder::generate`] and given back after.
    pub(crate) frames: Vec<Frame>,
    /// A scratch list of legal moves.
    pub(crate) list: Vec<Move>,
}

/// Moves the best-scored move of `f` from `i` on to index `i`.
pub(crate) fn pick(f: &mut Frame, i: usize) {
    let mut b = i;
    for j in i + 1..f.len() {
        if f[j].0 > f[b].0 {
            b = j;
        }
    }
    f.swap(i, b);
}

impl MoveOrder {
    /// Empty killers, history and frames for `plies` plies.
    pub(crate) fn new(plies: usize) -> MoveOrder {
        MoveOrder {
            history: vec![0; HISTORY_LEN],
            killers: vec![[0; 2]; plies],
            frames: vec![Vec::new(); plies],
            list: Vec::new(),
        }
    }

    /// Quarters the history (before a new search, so older refutations weigh less).
    pub(crate) fn age_history(&mut self) {
        for h in &mut self.history {
            *h /= 4;
        }
    }

    /// Generates and scores the moves of `pos` into frame `ply`; `Err(score)` when the
    /// node is decided (a lion capture wins, no move loses). With `quiets` false, only
    /// captures are kept. At the root (`ply` 0) a lion capture is written to `best`.
    pub(crate) fn generate(
        &mut self,
        pos: &Position,
        ply: usize,
        tt_mv: u16,
        quiets: bool,
        best: &mut Option<Move>,
    ) -> Result<Frame, i32> {
        let mut list = take(&mut self.list);
        pos.legal_moves(&mut list);
        let mut f = take(&mut self.frames[ply]);
        f.clear();
        let us = pos.side_to_move();
        let lion = pos.pieces(!us, Role::Lion).bits();
        let killers = self.killers[ply];
        let mut result = Err(ply as i32 - WIN);
        for &mv in &list {
            let v = pos.captured(&mv).bits();
            if v & lion != 0 {
                if ply == 0 {
                    *best = Some(mv);
                }
                result = Err(WIN - ply as i32);
                break;
            }
            result = Ok(());
            let t = tag(&mv);
            let s = if t == tt_mv && tt_mv != 0 {
                TT_MOVE + i32::from(v != 0)
            } else if v != 0 {
                // A monkey's jumps leave its landing square empty: 3 a victim.
                let gain = pos
                    .piece_at(mv.to())
                    .map_or(3 * v.count_ones() as i32, |p| VALUE[p.role]);
                CAPTURE + gain * 64 - mv.role().map_or(0, |r| VALUE[r])
            } else if !quiets {
                continue;
            } else if t == killers[0] {
                KILLER + 1
            } else if t == killers[1] {
                KILLER
            } else {
                self.history[history_index(us, &mv)]
            };
            f.push((s, mv));
        }
        self.list = list;
        match result {
            Ok(()) => Ok(f),
            Err(s) => {
                self.frames[ply] = f;
                Err(s)
            }
        }
    }

    /// Records that the quiet move `mv` of `us` refuted its node at `ply`, searched to
    /// `depth`: it becomes the first killer of the ply, and its history grows by depth².
    pub(crate) fn refuted(&mut self, us: Color, mv: &Move, ply: usize, depth: i32) {
        let t = tag(mv);
        let kl = &mut self.killers[ply];
        if kl[0] != t {
            kl[1] = kl[0];
            kl[0] = t;
        }
        let h = &mut self.history[history_index(us, mv)];
        *h = (*h + depth * depth).min(HISTORY_CAP);
    }
}
