//! A game-playing search: iterative deepening alpha-beta on the Part V evaluation.

use std::time::Instant;

use crate::eval::{Material, INFINITY, WIN};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::tables::KING;

/// The result of [`Position::best_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// Its value from the side to move's view (as [`Position::evaluate_advanced`], with
    /// lion captures scored 10000 minus the plies needed).
    pub score: i32,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

struct Searcher<'a> {
    rules: Rules,
    material: &'a Material,
    deadline: Instant,
    nodes: u64,
    stopped: bool,
}

impl Searcher<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.nodes % 1024 == 0 && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        self.stopped
    }

    /// Fail-hard negamax alpha-beta; captures are searched first.
    fn search(&mut self, pos: &Position, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if pos.status() != crate::Status::Continue {
            // A lion is gone: prefer the quickest win and the slowest loss.
            return if pos.evaluate_advanced(self.material) > 0 {
                WIN - ply
            } else {
                -WIN + ply
            };
        }
        if depth == 0 || self.out_of_time() {
            return pos.evaluate_advanced(self.material);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return -WIN + ply;
        }
        order(pos, &mut moves, self.material);
        for mv in moves {
            let value = -self.search(&pos.play(mv, self.rules), depth - 1, ply + 1, -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if value >= beta {
                return beta;
            }
            if value > alpha {
                alpha = value;
            }
        }
        alpha
    }
}

/// Sorts moves so that captures of valuable pieces (most of all the lion) come first.
fn order(pos: &Position, moves: &mut [Move], material: &Material) {
    let enemy = pos.occupied_by(pos.turn().other());
    let victim = |mv: &Move| -> i32 {
        let to = 1u64 << mv.to;
        if enemy & to == 0 {
            // A monkey captures by jumping to empty squares: one capture per landing.
            let jump = KING[mv.from as usize] & to == 0
                && pos.role_at(mv.from as usize) == Some(crate::Role::Monkey);
            return if jump {
                10 + 100 * mv.landing_count() as i32
            } else {
                0
            };
        }
        match pos.role_at(mv.to as usize) {
            Some(crate::Role::Lion) => 100_000,
            Some(role) => 10 + material.value(role),
            None => 0,
        }
    };
    moves.sort_by_cached_key(|mv| -victim(mv));
}

impl Position {
    /// Chooses a move by iterative deepening alpha-beta (fail-hard negamax with captures
    /// first and the previous iteration's best move first) on
    /// [`Position::evaluate_advanced`], stopping at `deadline` (checked every 1024
    /// positions) and at `max_depth` plies. The first iteration (depth 1) always
    /// completes, so a legal move is returned whenever one exists; a later iteration cut
    /// short by the deadline is discarded. `None` when the side to move has no legal move.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use congo::{Material, Position, Rules};
    /// // White's lion can take Black's along the open d-file.
    /// let pos: Position = "3l3/7/7/7/7/7/3L3 w 0".parse()?;
    /// let deadline = Instant::now() + Duration::from_millis(100);
    /// let result = pos.best_move(Rules::FULL, &Material::FULL, deadline, 4).unwrap();
    /// assert_eq!(result.best.to_string(), "d1d7");
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    pub fn best_move(
        &self,
        rules: Rules,
        material: &Material,
        deadline: Instant,
        max_depth: u32,
    ) -> Option<SearchResult> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        order(self, &mut moves, material);
        let mut searcher = Searcher {
            rules,
            material,
            deadline,
            nodes: 0,
            stopped: false,
        };
        let mut result = SearchResult {
            best: moves[0],
            score: -INFINITY,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -INFINITY;
            let mut best = moves[0];
            for &mv in &moves {
                let value =
                    -searcher.search(&self.play(mv, rules), depth - 1, 1, -INFINITY, -alpha);
                if searcher.stopped && depth > 1 {
                    break;
                }
                if value > alpha {
                    alpha = value;
                    best = mv;
                }
            }
            if searcher.stopped && depth > 1 {
                break;
            }
            result = SearchResult {
                best,
                score: alpha,
                depth,
                nodes: searcher.nodes,
            };
            // Search the best move first next time.
            if let Some(i) = moves.iter().position(|&m| m == best) {
                moves[..=i].rotate_right(1);
            }
            if alpha.abs() >= WIN - 64 {
                break;
            }
            searcher.stopped = false;
            if Instant::now() >= deadline {
                break;
            }
        }
        result.nodes = searcher.nodes;
        Some(result)
    }
}
