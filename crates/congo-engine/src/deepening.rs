//! Iterative deepening: searches of depth 1, 2, ... inside aspiration windows, until a
//! limit (depth, nodes, time: [`time`](super::time)) or a found win or loss stops them;
//! a line of information per finished iteration if asked.

use std::io::Write;
use std::time::Instant;

use congo::{Color, Move, Position};

use crate::eval::evaluate;
use crate::score::{is_mate, INF};
use crate::search::Searcher;
use crate::tt::tag;

/// An aspiration window's half-width around the last score (from depth
/// [`ASPIRATION_DEPTH`]), widened threefold at each failure.
const ASPIRATION: i32 = 35;
/// The first depth searched inside an aspiration window.
const ASPIRATION_DEPTH: i32 = 4;

impl Searcher {
    /// Searches `pos` (the keys of the positions before it in `self.keys`) to at most
    /// `depth` plies and `nodes` nodes, and within `deadlines` if given (when the search
    /// stops, and after when it starts no new iteration): the best move of the last
    /// finished iteration, or of the unfinished one once one of its moves beat the
    /// previous best, with its score and depth. `None` without a legal move.
    pub(crate) fn think(
        &mut self,
        pos: &Position,
        deadlines: Option<(Instant, Instant)>,
        nodes: u64,
        depth: i32,
    ) -> Option<(Move, i32, i32)> {
        let start = Instant::now();
        self.hard = deadlines.map(|d| d.0);
        let soft = deadlines.map(|d| d.1);
        self.max_nodes = nodes;
        self.stop = false;
        self.nodes = 0;
        self.best = None;
        self.order.age_history();
        let mut found = (0, 0);
        let mut prev = evaluate(pos).0;
        // Contempt: a draw costs the side ahead at the root (by the static evaluation) a
        // quarter of its lead, up to 40.
        self.draw_white = (prev / 4).clamp(0, 40)
            * if pos.side_to_move() == Color::White {
                -1
            } else {
                1
            };
        for d in 1..=depth {
            let score = self.aspiration(pos, d, prev);
            if self.stop || self.best.is_none() {
                break;
            }
            found = (score, d);
            prev = score;
            if self.info.is_some() {
                self.report(pos, found, start);
            }
            if soft.map_or(false, |s| Instant::now() >= s) || is_mate(score) && d > 2 {
                break;
            }
        }
        self.best.map(|mv| (mv, found.0, found.1))
    }

    /// The score of the search of `pos` to depth `d`, inside a window around `prev`
    /// widened until the score falls inside it (or the search stops).
    fn aspiration(&mut self, pos: &Position, d: i32, prev: i32) -> i32 {
        let mut delta = ASPIRATION;
        let (mut a, mut b) = if d >= ASPIRATION_DEPTH {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let s = self.search(pos, d, a, b, 0);
            if self.stop || s > a && s < b {
                return s;
            }
            if s <= a {
                a = (a - delta).max(-INF);
            } else {
                b = (b + delta).min(INF);
            }
            delta *= 3;
        }
    }

    /// Writes `info depth D score S nodes N nps R time MS pv M ...` for a finished
    /// iteration of `(score, depth)` to the information writer.
    fn report(&mut self, pos: &Position, (score, depth): (i32, i32), start: Instant) {
        let ms = start.elapsed().as_millis() as u64;
        let nps = self.nodes * 1000 / (ms + 1);
        let mut line = format!(
            "info depth {depth} score {score} nodes {} nps {nps} time {ms} pv",
            self.nodes
        );
        for m in self.pv(pos, depth) {
            line += &format!(" {m}");
        }
        if let Some(out) = &mut self.info {
            let _ = writeln!(out, "{line}");
        }
    }

    /// The principal variation of `pos`, at most `depth` moves read back from the table:
    /// from each position, the legal move of its entry's tag.
    pub(crate) fn pv(&mut self, pos: &Position, depth: i32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *pos;
        for _ in 0..depth {
            p.legal_moves(&mut self.order.list);
            let t = self.tt.probe(p.zobrist_key()).map_or(0, |e| e.0);
            match self.order.list.iter().find(|m| tag(m) == t) {
                Some(&m) => {
                    pv.push(m);
                    p = p.play_unchecked(m, self.rules);
                }
                None => break,
            }
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;
    use crate::search::Searcher;
    use congo::Rules;

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
                .extend([0, pos.play_unchecked(*mv, Rules::FULL).zobrist_key()]);
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
