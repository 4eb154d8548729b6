//! Labels: the score of a position by the crate's own search with given weights
//! (an [`Engine`] searched to a fixed depth), or by the exact solver.
//!
//! ProbCut is off: a label is meant to be the fixed-depth minimax value of the weights
//! being fitted or measured, and ProbCut's cut margins are a regression fitted on the
//! compiled-in weights (`probcut-fit`), which does not hold for other weights (least of
//! all for a stage not fitted yet). The tables are cleared before each label, so a
//! label does not depend on what the same thread searched before it (the results are
//! the same on any number of threads).

use std::sync::Arc;

use reversi::Board;
use reversi_engine::eval::{Weights, SCALE};
use reversi_engine::{Engine, Mode, SearchLimits};

/// Scores positions for one worker thread.
pub struct Labeller {
    engine: Engine,
    /// The engine whose exact solver labels (on the built-in weights' move ordering).
    solver: Engine,
}

impl Labeller {
    /// A labeller searching with `weights`, its engine's tables of `engine_bytes`, its
    /// solver's table of `solver_bytes` (both cleared before every search: keep them
    /// small for shallow searches).
    pub fn new(weights: Arc<Weights>, engine_bytes: usize, solver_bytes: usize) -> Labeller {
        let mut engine = Engine::with_table_bytes(engine_bytes);
        engine.set_weights(weights);
        engine.set_probcut(false);
        Labeller {
            engine,
            solver: Engine::with_table_bytes(solver_bytes),
        }
    }

    /// The score (discs, side to move's view) of a `depth`-ply search of `board` (at
    /// least 1; passes are free; a depth reaching the end solves exactly) and its nodes.
    pub fn search(&mut self, board: &Board, depth: u32) -> (f64, u64) {
        self.engine.new_game();
        self.search_on(board, depth)
    }

    /// The paired label of `board`: the mean of the scores (discs, side to move's view)
    /// of a `depth`-ply and a `depth + 1`-ply search, and their nodes summed.
    ///
    /// The evaluation's bias alternates with the parity of the search's depth: a search
    /// of even depth errs low for the side to move, one of odd depth high. The two biases
    /// largely cancel in the mean, which is nearer the exact score than either search
    /// alone, and than one a ply deeper still (measured at 20 empty squares, mean absolute
    /// error against the exact score: 4.14 discs at depth 6, 3.67 for depths 6 and 7
    /// paired, 3.93 at depth 8 for 1.7 times the pair's CPU time). The first search starts
    /// from cleared tables, as [`Labeller::search`]; the second reuses the first's table
    /// (cheaper), so the label still depends only on the position and the weights.
    pub fn search_paired(&mut self, board: &Board, depth: u32) -> (f64, u64) {
        let (shallow, shallow_nodes) = self.search(board, depth);
        let (deep, deep_nodes) = self.search_on(board, depth.max(1) + 1);
        ((shallow + deep) / 2.0, shallow_nodes + deep_nodes)
    }

    /// A `depth`-ply search of `board` on the tables as they are.
    fn search_on(&mut self, board: &Board, depth: u32) -> (f64, u64) {
        self.engine.set_board(*board);
        let report = self.engine.search(SearchLimits {
            depth: Some(depth.max(1)),
            ..SearchLimits::default()
        });
        (report.score, report.nodes)
    }

    /// The exact final score (discs, side to move's view) of `board` and the solver's
    /// nodes.
    pub fn solve(&mut self, board: &Board) -> (i32, u64) {
        self.solver.new_game();
        self.solver.set_board(*board);
        let solution = self.solver.solve(Mode::Exact, SearchLimits::default());
        (solution.lower, solution.nodes)
    }
}

/// The mean absolute difference, in discs, between `eval` (evaluation units, of the side
/// to move's and the opponent's discs) of each board and its label (discs).
pub fn mean_abs_error(boards: &[Board], labels: &[f64], eval: impl Fn(u64, u64) -> i32) -> f64 {
    let sum: f64 = boards
        .iter()
        .zip(labels)
        .map(|(b, &y)| {
            (f64::from(eval(b.mover_bits(), b.opponent_bits())) / f64::from(SCALE) - y).abs()
        })
        .sum();
    sum / boards.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::hand_set_weights;
    use reversi_engine::eval::hand_set;

    /// The plain minimax value (evaluation units) of `board` to `depth` plies on the
    /// hand-set evaluation (passes free, finished games exact).
    fn minimax(board: &Board, depth: u32) -> i32 {
        let (p, o) = (board.mover_bits(), board.opponent_bits());
        if board.is_game_over() {
            return reversi::kernel::final_score(p, o) * SCALE;
        }
        if let Ok(passed) = board.pass() {
            return -minimax(&passed, depth);
        }
        if depth == 0 {
            return hand_set(p, o);
        }
        board
            .legal_moves()
            .iter()
            .map(|square| -minimax(&board.play(square).unwrap(), depth - 1))
            .max()
            .unwrap()
    }

    /// The board after up to 40 random plies from the start (fewer when the game ends).
    fn random_game(rng: &mut fastrand::Rng) -> Board {
        let mut board = Board::START;
        for _ in 0..rng.u32(0..40) {
            match reversi::random::ply(rng, &board) {
                Some(reversi::Ply::Move(square)) => board = board.play(square).unwrap(),
                _ => break,
            }
        }
        board
    }

    #[test]
    fn a_search_label_is_the_minimax_value_of_the_given_weights() {
        let mut labeller = Labeller::new(Arc::new(hand_set_weights()), 1 << 18, 1 << 18);
        let mut rng = fastrand::Rng::with_seed(2);
        for _ in 0..30 {
            let board = random_game(&mut rng);
            for depth in 1..=3 {
                let (label, _) = labeller.search(&board, depth);
                let expected = f64::from(minimax(&board, depth)) / f64::from(SCALE);
                assert_eq!(label, expected, "{} depth {depth}", board.to_obf());
            }
        }
    }

    /// A paired label is the mean of the plain minimax values at `depth` and `depth + 1`,
    /// the second search's reuse of the first's table notwithstanding.
    #[test]
    fn a_paired_label_is_the_mean_of_two_minimax_values() {
        let mut labeller = Labeller::new(Arc::new(hand_set_weights()), 1 << 18, 1 << 18);
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..20 {
            let board = random_game(&mut rng);
            for depth in 1..=2 {
                let (label, _) = labeller.search_paired(&board, depth);
                let sum = minimax(&board, depth) + minimax(&board, depth + 1);
                let expected = f64::from(sum) / 2.0 / f64::from(SCALE);
                assert_eq!(label, expected, "{} depth {depth}", board.to_obf());
            }
        }
    }

    #[test]
    fn a_deep_enough_search_is_the_exact_score() {
        let board =
            Board::from_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
                .unwrap();
        let mut labeller = Labeller::new(Arc::new(Weights::zero()), 1 << 18, 1 << 20);
        let (exact, _) = labeller.solve(&board);
        let empties = board.empty_squares().len();
        assert_eq!(labeller.search(&board, empties).0, f64::from(exact));
        // One ply short, the zero weights score it 0.
        assert_eq!(labeller.search(&board, empties - 1).0, 0.0);
    }
}
