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
use std::time::{Duration, Instant};

use crate::board::bit;
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::KING;

use super::eval::{evaluate, make, pieces, side, to_move};
use super::tt::{key, tag, Table, EXACT, LOWER, UPPER};

/// The score of capturing the enemy lion now; `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 100;
/// Victims' values for ordering, by kind.
const VALUE: [i32; 8] = [1, 3, 3, 4, 3, 50, 5, 3];
const TT_MOVE: i32 = 1 << 30;
/// A timed search stops at this share of the time given, less [`HARD_MARGIN`] seconds
/// (but never before half of it), wherever it is: the rest covers unwinding, writing
/// the move, and a busy machine's delays.
pub(crate) const HARD_SHARE: f64 = 0.8;
/// Seconds kept back from the hard limit (two milliseconds).
const HARD_MARGIN: f64 = 0.002;
/// A timed search starts no new iteration once this share of the time given has passed:
/// the next one would take longer than what is left, and is usually cut at the hard
/// limit (its best move is kept only once one of its moves beat the previous best).
pub(crate) const SOFT_SHARE: f64 = 0.5;

/// When a search given `t` seconds stops, in seconds from its clock's start.
fn hard_limit(t: f64) -> f64 {
    (t * HARD_SHARE - HARD_MARGIN).max(t * 0.5)
}
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;

/// A node's moves with their ordering scores.
type Frame = Vec<(i32, Move)>;

/// The search's state, kept between searches (the table, the history).
#[derive(Default)]
pub(crate) struct Searcher {
    tt: Table,
    history: Vec<i32>,
    killers: Vec<[u16; 2]>,
    frames: Vec<Frame>,
    list: Vec<Move>,
    /// The keys of the game's positions before the root, then of the search path.
    pub(crate) keys: Vec<u64>,
    pub(crate) nodes: u64,
    stop: bool,
    /// No node after this instant, nor after this many nodes.
    hard: Option<Instant>,
    max_nodes: u64,
    pub(crate) rules: Rules,
    /// The score of a draw for White (a contempt against the side ahead at the root).
    draw_white: i32,
    /// Write a line per iteration on standard error.
    pub(crate) info: bool,
    /// The best root move found so far.
    best: Option<Move>,
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

/// A mate score as stored in the table (`dir` 1), relative to the stored node, or back
/// (`dir` -1) relative to the root.
fn mate_shift(score: i32, ply: usize, dir: i32) -> i32 {
    if score.abs() > WIN - 1000 {
        score + score.signum() * dir * ply as i32
    } else {
        score
    }
}

/// Moves the best-scored move of `f` from `i` on to index `i`.
fn pick(f: &mut Frame, i: usize) {
    let mut b = i;
    for j in i + 1..f.len() {
        if f[j].0 > f[b].0 {
            b = j;
        }
    }
    f.swap(i, b);
}

impl Searcher {
    /// A searcher with a table of `2^tt_bits` entries.
    pub(crate) fn new(rules: Rules, tt_bits: u32) -> Searcher {
        Searcher {
            tt: Table::new(tt_bits),
            history: vec![0; 2 * 49 * 49],
            killers: vec![[0; 2]; MAX_PLY + 2],
            frames: vec![Vec::new(); MAX_PLY + 2],
            rules,
            ..Searcher::default()
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.stop |=
                self.nodes >= self.max_nodes || self.hard.map_or(false, |t| Instant::now() >= t);
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
        let mut list = take(&mut self.list);
        pos.legal_moves(&mut list);
        let mut f = take(&mut self.frames[ply]);
        f.clear();
        let us = to_move(pos);
        let enemy = side(pos, !us);
        let lion = pieces(pos, !us, Role::Lion);
        let killers = self.killers[ply];
        let mut result = Err(ply as i32 - WIN);
        for &mv in &list {
            let v = victims(pos, &mv, enemy);
            if v & lion != 0 {
                if ply == 0 {
                    self.best = Some(mv);
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
                    .role_at(mv.to as usize)
                    .map_or(3 * v.count_ones() as i32, |r| VALUE[r as usize]);
                CAPTURE + gain * 64
                    - pos
                        .role_at(mv.from as usize)
                        .map_or(0, |r| VALUE[r as usize])
            } else if !quiets {
                continue;
            } else if t == killers[0] {
                KILLER + 1
            } else if t == killers[1] {
                KILLER
            } else {
                self.history[us as usize * 2401 + mv.from as usize * 49 + mv.to as usize]
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

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.tick();
        if self.stop {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(pos).0;
        }
        let (eval, threatened) = evaluate(pos);
        let threatened = threatened && qply < 2;
        let mut f = match self.generate(pos, ply, 0, threatened) {
            Ok(f) => f,
            Err(s) => return s,
        };
        let mut best = if threatened { -INF } else { eval };
        if best < beta {
            alpha = alpha.max(best);
            for i in 0..f.len() {
                pick(&mut f, i);
                let child = make(pos, f[i].1, self.rules);
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
        if ply > 0 && (2..=n).step_by(2).any(|j| self.keys[n - j] == k) {
            return if to_move(pos) == Color::White {
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
        let mut tt_mv = 0;
        if let Some((mv, score, d, bound)) = self.tt.probe(k) {
            tt_mv = mv;
            let s = mate_shift(score, ply, -1);
            if !pv
                && d >= depth
                && (bound == EXACT || bound == LOWER && s >= beta || bound == UPPER && s <= alpha)
            {
                return s;
            }
        }
        let us = to_move(pos);
        let (eval, threatened) = evaluate(pos);
        if !pv && !threatened {
            if depth <= 3 && eval - 120 * depth >= beta {
                return eval;
            }
            let big = side(pos, us) != pieces(pos, us, Role::Pawn) | pieces(pos, us, Role::Lion);
            if depth >= 3 && eval >= beta && big {
                self.keys.push(k);
                self.keys.push(0);
                let mut null = *pos;
                null.set_side_to_move(!us);
                let s = -self.search(&null, depth - 3 - depth / 6, -beta, 1 - beta, ply + 1);
                self.keys.truncate(n);
                if self.stop {
                    return 0;
                }
                if s >= beta {
                    return beta;
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
        for i in 0..f.len() {
            pick(&mut f, i);
            let (sc, mv) = f[i];
            if ply == 0 && self.best.is_none() {
                self.best = Some(mv);
            }
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
                    if ply == 0 {
                        self.best = Some(mv);
                    }
                    if s >= beta {
                        if quiet {
                            let t = tag(&mv);
                            let kl = &mut self.killers[ply];
                            if kl[0] != t {
                                kl[1] = kl[0];
                                kl[0] = t;
                            }
                            let h = &mut self.history
                                [us as usize * 2401 + mv.from as usize * 49 + mv.to as usize];
                            *h = (*h + depth * depth).min(1 << 20);
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
        self.tt
            .store(k, best_tag, mate_shift(best, ply, 1), depth, bound);
        best
    }

    /// The score of the side to move after captures settle (quiescence search).
    pub(crate) fn quiet_score(&mut self, pos: &Position) -> i32 {
        self.stop = false;
        self.max_nodes = u64::MAX;
        self.hard = None;
        self.quiesce(pos, -INF, INF, 0, 0)
    }

    /// Searches `pos` (the keys of the positions before it in `self.keys`) to at most
    /// `depth` plies and `nodes` nodes, and within the time of `clock` if given (its
    /// start, and the seconds given from then; see [`HARD_SHARE`] and [`SOFT_SHARE`] for
    /// how much is used): the best move of the last finished iteration, or of the
    /// unfinished one once one of its moves beat the previous best, with its score and
    /// depth. `None` without a legal move.
    pub(crate) fn think(
        &mut self,
        pos: &Position,
        clock: Option<(Instant, f64)>,
        nodes: u64,
        depth: i32,
    ) -> Option<(Move, i32, i32)> {
        let start = Instant::now();
        self.hard = clock.map(|(from, t)| from + Duration::from_secs_f64(hard_limit(t)));
        let soft = clock.map(|(from, t)| from + Duration::from_secs_f64(t * SOFT_SHARE));
        self.max_nodes = nodes;
        self.stop = false;
        self.nodes = 0;
        self.best = None;
        for h in &mut self.history {
            *h /= 4;
        }
        let mut found = (0, 0);
        let mut prev = evaluate(pos).0;
        // Contempt: a draw costs the side ahead at the root (by the static evaluation) a
        // quarter of its lead, up to 40.
        self.draw_white =
            (prev / 4).clamp(0, 40) * if to_move(pos) == Color::White { -1 } else { 1 };
        for d in 1..=depth {
            let mut delta = 35;
            let (mut a, mut b) = if d >= 4 {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.search(pos, d, a, b, 0);
                if self.stop || s > a && s < b {
                    break s;
                }
                if s <= a {
                    a = (a - delta).max(-INF);
                } else {
                    b = (b + delta).min(INF);
                }
                delta *= 3;
            };
            if self.stop || self.best.is_none() {
                break;
            }
            found = (score, d);
            prev = score;
            if self.info {
                self.report(pos, found, start);
            }
            if soft.map_or(false, |s| Instant::now() >= s) || score.abs() > WIN - 1000 && d > 2 {
                break;
            }
        }
        self.best.map(|mv| (mv, found.0, found.1))
    }

    /// Writes `info depth D score S nodes N nps R time MS pv M ...` on standard error,
    /// the principal variation read back from the table.
    fn report(&mut self, pos: &Position, (score, depth): (i32, i32), start: Instant) {
        let ms = start.elapsed().as_millis() as u64;
        let nps = self.nodes * 1000 / (ms + 1);
        let mut line = format!(
            "info depth {depth} score {score} nodes {} nps {nps} time {ms} pv",
            self.nodes
        );
        let mut p = *pos;
        for _ in 0..depth {
            p.legal_moves(&mut self.list);
            let t = self.tt.probe(key(&p)).map_or(0, |e| e.0);
            match self.list.iter().find(|m| tag(m) == t) {
                Some(&m) => {
                    line += &format!(" {m}");
                    p = make(&p, m, self.rules);
                }
                None => break,
            }
        }
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of the root leads to a position of the game's history (with the same
    /// side to move): each is a draw, and White, a zebra up, counts the draw as a loss of
    /// the contempt (40, the most).
    #[test]
    fn repetitions_are_draws_with_contempt_for_the_side_ahead() {
        let pos: Position = "2l4/7/7/7/7/7/3LZ2 w 0".parse().unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut searcher = Searcher::new(Rules::FULL, 10);
        // The history alternates sides: a key 0 (never met) before each child.
        for mv in &moves {
            searcher
                .keys
                .extend([0, key(&make(&pos, *mv, Rules::FULL))]);
        }
        let (_, score, depth) = searcher.think(&pos, None, u64::MAX, 3).unwrap();
        assert_eq!((score, depth), (-40, 3));
        // Without the history, White is well ahead.
        searcher.keys.clear();
        let (_, score, _) = searcher.think(&pos, None, u64::MAX, 3).unwrap();
        assert!(score > 150, "{score}");
    }

    /// A lion capture ends the search at once, and a node limit stops the search with a
    /// legal move.
    #[test]
    fn wins_losses_and_limits() {
        let mut searcher = Searcher::new(Rules::FULL, 10);
        let pos: Position = "3l3/7/7/7/7/7/3LZ2 w 0".parse().unwrap();
        let (mv, score, _) = searcher.think(&pos, None, u64::MAX, 5).unwrap();
        assert_eq!((mv.to_string().as_str(), score), ("d1d7", WIN));
        let pos: Position = "3l3/7/7/7/7/7/3LZ2 b 0".parse().unwrap();
        let (mv, score, _) = searcher.think(&pos, None, u64::MAX, 5).unwrap();
        assert_eq!((mv.to_string().as_str(), score), ("d7d1", WIN)); // the same for Black
        let pos = Position::START;
        let (mv, _, _) = searcher.think(&pos, None, 300, 64).unwrap();
        assert!(pos.check_move(mv).is_ok());
        assert!(searcher.nodes < 600);
    }
}
