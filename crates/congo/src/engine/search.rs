//! The engine's search: iterative deepening over a principal-variation search with
//! aspiration windows, a transposition table, null-move pruning, reverse futility
//! pruning, late-move reductions, and a quiescence search over captures; moves ordered by
//! the table's move, captures by most valuable victim / least valuable attacker, two
//! killer moves a ply, then a history of quiet moves that refuted positions.
//!
//! Scores are from the side to move's side, in centipawns; capturing the enemy lion is
//! [`WIN`] less the plies to it, so a quicker win scores higher. A position met before on
//! the game's path or the search's scores as a draw, with a contempt (a penalty for the
//! side that was ahead at the root) so that an engine ahead avoids repeating.

use std::io::Write;
use std::mem::take;
use std::time::Instant;

use crate::board::bit;
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::KING;

use super::eval::{evaluate, lion_attacked, make, pass, pieces, role_on, side, to_move};
use super::tt::{key, tag, Table, EXACT, LOWER, UPPER};

/// The score of capturing the enemy lion now; `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 100;
/// Victims' values for ordering, by kind.
const VALUE: [i32; 8] = [1, 3, 3, 4, 3, 50, 5, 3];
const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;

/// What ends a search: a hard deadline (checked every 256 nodes), a soft one (no new
/// iteration after it), a node count and a depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) hard: Option<Instant>,
    pub(crate) soft: Option<Instant>,
    pub(crate) nodes: u64,
    pub(crate) depth: i32,
}

/// The result of a search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) depth: i32,
}

#[derive(Default)]
struct Frame {
    moves: Vec<Move>,
    scores: Vec<i32>,
}

/// The search's state, kept between searches (the table, the history).
pub(crate) struct Searcher {
    tt: Table,
    history: Vec<i32>,
    killers: Vec<[u16; 2]>,
    frames: Vec<Frame>,
    /// The keys of the game's positions (the root last), then of the search path.
    pub(crate) keys: Vec<u64>,
    pub(crate) nodes: u64,
    stop: bool,
    limits: Limits,
    pub(crate) rules: Rules,
    root_side: Color,
    contempt: i32,
    /// Write a line per iteration on standard error.
    pub(crate) info: bool,
}

/// The pieces `mv` captures (in a monkey's jump path, every jumped enemy piece).
fn victims(pos: &Position, mv: &Move, enemy: u64) -> u64 {
    let (from, to) = (mv.from as usize, mv.to as usize);
    if pieces(pos, to_move(pos), Role::Monkey) & bit(from) != 0
        && (mv.hops > 0 || KING[from] & bit(to) == 0)
    {
        let mut cur = from;
        let mut v = 0;
        for land in mv.landing_indices() {
            // The jumped square is midway, in index arithmetic too.
            v |= bit((cur + land) / 2);
            cur = land;
        }
        v & enemy
    } else {
        bit(to) & enemy
    }
}

/// A mate score as stored in the table: relative to the stored node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score + ply as i32
    } else if score < 1000 - WIN {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score - ply as i32
    } else if score < 1000 - WIN {
        score + ply as i32
    } else {
        score
    }
}

/// Moves the best-scored move of `f` from `i` on to index `i`.
fn pick(f: &mut Frame, i: usize) {
    let mut b = i;
    for j in i + 1..f.moves.len() {
        if f.scores[j] > f.scores[b] {
            b = j;
        }
    }
    f.moves.swap(i, b);
    f.scores.swap(i, b);
}

impl Searcher {
    /// A searcher with a table of `2^tt_bits` entries.
    pub(crate) fn new(rules: Rules, tt_bits: u32) -> Searcher {
        Searcher {
            tt: Table::new(tt_bits),
            history: vec![0; 2 * 49 * 49],
            killers: vec![[0; 2]; MAX_PLY + 2],
            frames: (0..MAX_PLY + 2).map(|_| Frame::default()).collect(),
            keys: Vec::new(),
            nodes: 0,
            stop: false,
            limits: Limits {
                hard: None,
                soft: None,
                nodes: u64::MAX,
                depth: 1,
            },
            rules,
            root_side: Color::White,
            contempt: 0,
            info: false,
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 255 == 0 || self.nodes >= self.limits.nodes {
            self.stop |= self.nodes >= self.limits.nodes
                || self.limits.hard.map_or(false, |t| Instant::now() >= t);
        }
    }

    fn draw(&self, pos: &Position) -> i32 {
        if to_move(pos) == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Generates and scores the moves of `pos` into frame `ply`; `Err(score)` when the
    /// node is decided (a lion capture wins, no move loses). With `quiets` false, only
    /// captures are kept.
    fn generate(
        &mut self,
        pos: &Position,
        ply: usize,
        tt_mv: u16,
        quiets: bool,
    ) -> Result<Frame, i32> {
        let mut f = take(&mut self.frames[ply]);
        pos.legal_moves(&mut f.moves);
        if f.moves.is_empty() {
            self.frames[ply] = f;
            return Err(ply as i32 - WIN);
        }
        let us = to_move(pos);
        let enemy = side(pos, !us);
        let lion = pieces(pos, !us, Role::Lion);
        let killers = self.killers[ply];
        f.scores.clear();
        let mut n = 0;
        for i in 0..f.moves.len() {
            let mv = f.moves[i];
            let v = victims(pos, &mv, enemy);
            if v & lion != 0 {
                self.frames[ply] = f;
                return Err(WIN - ply as i32);
            }
            let t = tag(&mv);
            let s = if v != 0 {
                let mut gain = 0;
                let mut vv = v;
                while vv != 0 {
                    gain +=
                        role_on(pos, vv.trailing_zeros() as usize).map_or(0, |r| VALUE[r as usize]);
                    vv &= vv - 1;
                }
                let attacker = role_on(pos, mv.from as usize).map_or(0, |r| VALUE[r as usize]);
                CAPTURE + gain * 64 - attacker
            } else if !quiets {
                continue;
            } else if t == killers[0] {
                KILLER + 1
            } else if t == killers[1] {
                KILLER
            } else {
                self.history[us as usize * 2401 + mv.from as usize * 49 + mv.to as usize]
            };
            let s = if t == tt_mv && tt_mv != 0 {
                TT_MOVE + i32::from(v != 0)
            } else {
                s
            };
            f.moves[n] = mv;
            f.scores.push(s);
            n += 1;
        }
        f.moves.truncate(n);
        Ok(f)
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.tick();
        if self.stop {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        let threatened = qply < 2 && lion_attacked(pos);
        let mut f = match self.generate(pos, ply, 0, threatened) {
            Ok(f) => f,
            Err(s) => return s,
        };
        let mut best = if threatened { -INF } else { evaluate(pos) };
        if best < beta {
            alpha = alpha.max(best);
            for i in 0..f.moves.len() {
                pick(&mut f, i);
                let child = make(pos, f.moves[i], self.rules);
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
        self.frames[ply] = f;
        best
    }

    /// The score of `pos` within the window (fail-soft).
    fn search(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let k = key(pos);
        let n = self.keys.len();
        if (2..=n).step_by(2).any(|j| self.keys[n - j] == k) {
            return self.draw(pos);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.tick();
        if self.stop {
            return 0;
        }
        let pv = beta - alpha > 1;
        let mut tt_mv = 0;
        if let Some(e) = self.tt.probe(k) {
            tt_mv = e.mv;
            let s = from_tt(e.score, ply);
            if !pv
                && e.depth >= depth
                && (e.bound == EXACT
                    || e.bound == LOWER && s >= beta
                    || e.bound == UPPER && s <= alpha)
            {
                return s;
            }
        }
        let us = to_move(pos);
        let threatened = lion_attacked(pos);
        if !pv && !threatened {
            let eval = evaluate(pos);
            if depth <= 3 && eval - 120 * depth >= beta && eval < WIN - 1000 {
                return eval;
            }
            let big = side(pos, us) & !pieces(pos, us, Role::Pawn) & !pieces(pos, us, Role::Lion);
            if depth >= 3 && eval >= beta && big != 0 {
                self.keys.push(k);
                self.keys.push(0);
                let s = -self.search(&pass(pos), depth - 3 - depth / 6, -beta, 1 - beta, ply + 1);
                self.keys.truncate(n);
                if self.stop {
                    return 0;
                }
                if s >= beta {
                    return if s > WIN - 1000 { beta } else { s };
                }
            }
        }
        let mut f = match self.generate(pos, ply, tt_mv, true) {
            Ok(f) => f,
            Err(s) => return s,
        };
        let depth = depth + i32::from(threatened && ply < 40);
        self.keys.push(k);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_tag = 0;
        for i in 0..f.moves.len() {
            pick(&mut f, i);
            let mv = f.moves[i];
            let sc = f.scores[i];
            let quiet = sc < CAPTURE || sc == TT_MOVE;
            let child = make(pos, mv, self.rules);
            let mut s;
            if i == 0 {
                s = -self.search(&child, depth - 1, -beta, -alpha, ply + 1);
            } else {
                let r = if depth >= 3 && i >= 3 && sc < KILLER {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                s = -self.search(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                if s > alpha && r > 0 {
                    s = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            if self.stop {
                break;
            }
            if s > best {
                best = s;
                best_tag = tag(&mv);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if quiet {
                            let t = tag(&mv);
                            let kl = &mut self.killers[ply];
                            if kl[0] != t {
                                kl[1] = kl[0];
                                kl[0] = t;
                            }
                            let bonus = depth * depth;
                            for (j, m) in f.moves[..=i].iter().enumerate() {
                                if f.scores[j] < KILLER {
                                    let h = &mut self.history
                                        [us as usize * 2401 + m.from as usize * 49 + m.to as usize];
                                    *h += if j == i { bonus } else { -bonus };
                                    *h = (*h).clamp(-(1 << 20), 1 << 20);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.keys.truncate(n);
        self.frames[ply] = f;
        if self.stop {
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(k, best_tag, to_tt(best, ply), depth, bound);
        best
    }

    /// The score of the side to move after captures settle (quiescence search).
    pub(crate) fn quiet_score(&mut self, pos: &Position) -> i32 {
        self.stop = false;
        self.limits.nodes = u64::MAX;
        self.limits.hard = None;
        self.quiesce(pos, -INF, INF, 0, 0)
    }

    /// Searches `pos` (whose key ends `self.keys`) within `limits`: the best move of
    /// the last finished iteration, or of the unfinished one once one of its moves beat
    /// the previous best. `None` without a legal move.
    pub(crate) fn think(&mut self, pos: &Position, limits: Limits) -> Option<Found> {
        let start = Instant::now();
        self.limits = limits;
        self.stop = false;
        self.nodes = 0;
        self.root_side = to_move(pos);
        for h in &mut self.history {
            *h /= 4;
        }
        for k in &mut self.killers {
            *k = [0; 2];
        }
        let mut f = match self.generate(pos, 0, self.tt.probe(key(pos)).map_or(0, |e| e.mv), true) {
            Ok(f) => f,
            Err(s) if s > 0 => {
                // A lion capture: play it at once.
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let enemy = side(pos, !to_move(pos));
                let lion = pieces(pos, !to_move(pos), Role::Lion);
                let mv = moves
                    .into_iter()
                    .find(|m| victims(pos, m, enemy) & lion != 0)?;
                return Some(Found {
                    mv,
                    score: s,
                    depth: 0,
                });
            }
            Err(_) => return None,
        };
        for i in 0..f.moves.len() {
            pick(&mut f, i);
        }
        let mut moves = f.moves.clone();
        self.frames[0] = f;
        let mut found = Found {
            mv: moves[0],
            score: 0,
            depth: 0,
        };
        if moves.len() == 1 {
            return Some(found);
        }
        let mut prev = evaluate(pos);
        for depth in 1..=limits.depth {
            self.contempt = if prev > 150 {
                40
            } else if prev > 40 {
                15
            } else {
                0
            };
            let mut delta = 35;
            let (mut a, mut b) = if depth >= 4 {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.root(pos, &mut moves, depth, a, b);
                if self.stop {
                    break s;
                }
                if s <= a {
                    a = (a - delta).max(-INF);
                } else if s >= b {
                    b = (b + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 3;
            };
            found.mv = moves[0];
            if self.stop {
                break;
            }
            found.score = score;
            found.depth = depth;
            prev = score;
            if self.info {
                self.report(pos, &found, start);
            }
            if limits.soft.map_or(false, |t| Instant::now() >= t)
                || score.abs() > WIN - 1000 && depth > 2
            {
                break;
            }
        }
        Some(found)
    }

    /// One iteration at the root: the best score; the best move is moved to the front
    /// of `moves` as soon as it beats `alpha`.
    fn root(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let alpha0 = alpha;
        let mut best = -INF;
        for i in 0..moves.len() {
            let child = make(pos, moves[i], self.rules);
            let mut s;
            if i == 0 {
                s = -self.search(&child, depth - 1, -beta, -alpha, 1);
            } else {
                s = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, -beta, -alpha, 1);
                }
            }
            if self.stop {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    moves[..=i].rotate_right(1);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if !self.stop {
            let bound = if best >= beta {
                LOWER
            } else if best > alpha0 {
                EXACT
            } else {
                UPPER
            };
            self.tt.store(key(pos), tag(&moves[0]), best, depth, bound);
        }
        best
    }

    /// Writes `info depth D score S nodes N nps R time MS pv M ...` on standard error,
    /// the principal variation read back from the table.
    fn report(&mut self, pos: &Position, found: &Found, start: Instant) {
        let ms = start.elapsed().as_millis() as u64;
        let mut pv = found.mv.to_string();
        let mut p = make(pos, found.mv, self.rules);
        let mut list = Vec::new();
        for _ in 1..found.depth {
            let t = match self.tt.probe(key(&p)) {
                Some(e) if e.mv != 0 => e.mv,
                _ => break,
            };
            p.legal_moves(&mut list);
            match list.iter().find(|m| tag(m) == t) {
                Some(m) => {
                    pv.push(' ');
                    pv.push_str(&m.to_string());
                    p = make(&p, *m, self.rules);
                }
                None => break,
            }
        }
        let _ = writeln!(
            std::io::stderr(),
            "info depth {} score {} nodes {} nps {} time {} pv {}",
            found.depth,
            found.score,
            self.nodes,
            self.nodes * 1000 / (ms + 1),
            ms,
            pv
        );
    }
}
