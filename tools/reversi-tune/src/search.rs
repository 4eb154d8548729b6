//! Self-play games and the fixed-depth search that labels their positions.

use reversi::kernel;
use reversi::{Board, Color, Ply};
use reversi_engine::eval::weights::Weights;
use reversi_engine::eval::{hand_set, SCALE};
use reversi_engine::{Mode, Solver};

/// A position: the side to move's discs and the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The side to move's discs.
    pub player: u64,
    /// The opponent's discs.
    pub opponent: u64,
}

impl Position {
    /// The start of a game.
    pub fn start() -> Position {
        Position {
            player: Board::START.mover_bits(),
            opponent: Board::START.opponent_bits(),
        }
    }

    /// Empty squares.
    pub fn empties(self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }

    /// The legal moves of the side to move.
    pub fn moves(self) -> u64 {
        kernel::moves(self.player, self.opponent)
    }

    /// The position after the side to move plays `square` (a legal move).
    pub fn play(self, square: u32) -> Position {
        let f = kernel::flips(self.player, self.opponent, square);
        Position {
            player: self.opponent ^ f,
            opponent: self.player ^ f ^ 1 << square,
        }
    }

    /// The same discs with the other side to move.
    pub fn pass(self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Neither side can move.
    pub fn is_over(self) -> bool {
        self.moves() == 0 && kernel::moves(self.opponent, self.player) == 0
    }
}

/// A static evaluation in evaluation units ([`SCALE`] per disc), side to move's view.
pub trait Evaluate: Sync {
    /// The evaluation of `pos`.
    fn eval(&self, pos: Position) -> i32;
}

/// The hand-set evaluation of the crate.
pub struct HandSet;

impl Evaluate for HandSet {
    fn eval(&self, pos: Position) -> i32 {
        hand_set(pos.player, pos.opponent)
    }
}

impl Evaluate for Weights {
    fn eval(&self, pos: Position) -> i32 {
        let max = 64 * SCALE - 1;
        self.evaluate(pos.player, pos.opponent).clamp(-max, max)
    }
}

/// Fail-soft alpha-beta to `depth` plies (a forced pass is not counted, so every leaf
/// has `depth` fewer empty squares unless the game ends first), finished games (and full
/// boards at the leaves) scored exactly ([`kernel::final_score`] times `SCALE`), moves ordered by the evaluation of
/// the position after them from 3 plies of depth on. Counts nodes in `nodes`.
pub fn alpha_beta(
    pos: Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    eval: &dyn Evaluate,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        if pos.player | pos.opponent == !0 {
            // A full board: the game is over, its score is known.
            return kernel::final_score(pos.player, pos.opponent) * SCALE;
        }
        return eval.eval(pos);
    }
    let mut moves = pos.moves();
    if moves == 0 {
        let passed = pos.pass();
        if passed.moves() == 0 {
            return kernel::final_score(pos.player, pos.opponent) * SCALE;
        }
        return -alpha_beta(passed, depth, -beta, -alpha, eval, nodes);
    }
    let mut children: Vec<(i32, Position)> = Vec::with_capacity(moves.count_ones() as usize);
    while moves != 0 {
        let square = moves.trailing_zeros();
        moves &= moves - 1;
        let child = pos.play(square);
        let key = if depth >= 3 { eval.eval(child) } else { 0 };
        children.push((key, child));
    }
    if depth >= 3 {
        // The opponent's lowest evaluation first: the most promising move for the mover.
        children.sort_by_key(|&(key, _)| key);
    }
    let mut best = i32::MIN;
    for (_, child) in children {
        let value = -alpha_beta(child, depth - 1, -beta, -alpha, eval, nodes);
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The best move of `pos` (which has one) by a `depth`-ply search.
fn best_move(pos: Position, depth: u32, eval: &dyn Evaluate) -> u32 {
    let mut moves = pos.moves();
    let mut best = (i32::MIN, moves.trailing_zeros());
    let mut nodes = 0;
    while moves != 0 {
        let square = moves.trailing_zeros();
        moves &= moves - 1;
        let value = -alpha_beta(
            pos.play(square),
            depth - 1,
            -64 * SCALE,
            -best.0.max(-64 * SCALE),
            eval,
            &mut nodes,
        );
        if value > best.0 {
            best = (value, square);
        }
    }
    best.1
}

/// The `n`th set bit of `set` (which has more than `n`).
fn nth_bit(mut set: u64, n: u32) -> u32 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros()
}

/// How self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct Play {
    /// Uniformly random plies from the start.
    pub opening: u32,
    /// After the opening, the chance of a random move in place of the search's.
    pub random: f64,
    /// Depth of the hand-set search that picks the other moves.
    pub depth: u32,
    /// From this many empty squares on the position is solved exactly and the game ends
    /// along the solver's principal variation.
    pub exact: u32,
}

/// A position of a game with, when it was solved, its exact final score (discs, side to
/// move's view).
#[derive(Clone, Copy, Debug)]
pub struct Record {
    /// The position.
    pub pos: Position,
    /// The exact score, for positions on the solved ending.
    pub exact: Option<i32>,
}

/// The random generator of game `game` of a run seeded with `seed`.
pub fn game_rng(seed: u64, game: u64) -> fastrand::Rng {
    // SplitMix64 of the pair, so neighbouring games are unrelated.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(game.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    fastrand::Rng::with_seed(z ^ (z >> 31))
}

/// Plays one game: random opening plies, then the hand-set search with random moves
/// mixed in, until `play.exact` empty squares, where the solver finishes it. Returns every
/// position where the side to move has a move or must pass, in order.
pub fn play_game(rng: &mut fastrand::Rng, play: &Play, solver: &mut Solver) -> Vec<Record> {
    let mut pos = Position::start();
    let mut records = Vec::new();
    let mut ply = 0;
    loop {
        if pos.is_over() {
            records.push(Record {
                pos,
                exact: Some(kernel::final_score(pos.player, pos.opponent)),
            });
            return records;
        }
        if pos.empties() <= play.exact {
            solved_ending(pos, solver, &mut records);
            return records;
        }
        let moves = pos.moves();
        if moves == 0 {
            pos = pos.pass();
            continue;
        }
        records.push(Record { pos, exact: None });
        let square = if ply < play.opening || rng.f64() < play.random {
            nth_bit(moves, rng.u32(..moves.count_ones()))
        } else {
            best_move(pos, play.depth, &HandSet)
        };
        pos = pos.play(square);
        ply += 1;
    }
}

/// The positions of the solver's principal variation from `pos`, each with its exact
/// score (negated at every ply, passes included: a forced pass keeps the side's view).
fn solved_ending(pos: Position, solver: &mut Solver, records: &mut Vec<Record>) {
    let board = match Board::from_bitboards(pos.player, pos.opponent, Color::Black) {
        Ok(board) => board,
        Err(_) => return,
    };
    solver.clear();
    let solution = solver.solve(&board, Mode::Exact);
    let mut score = solution.score;
    let mut current = pos;
    records.push(Record {
        pos: current,
        exact: Some(score),
    });
    for ply in &solution.pv {
        current = match ply {
            Ply::Move(square) => current.play(square.index() as u32),
            Ply::Pass => current.pass(),
        };
        score = -score;
        records.push(Record {
            pos: current,
            exact: Some(score),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of `opening` random plies, then `random` chance moves among depth-`depth`
    /// ones, solved from `exact` empties.
    fn games(opening: u32, random: f64, depth: u32, exact: u32) -> Play {
        Play {
            opening,
            random,
            depth,
            exact,
        }
    }

    /// The positions of game `game` of `seed` played as `play` says.
    fn positions(seed: u64, game: u64, play: &Play, solver: &mut Solver) -> Vec<Position> {
        play_game(&mut game_rng(seed, game), play, solver)
            .iter()
            .map(|r| r.pos)
            .collect()
    }

    #[test]
    fn alpha_beta_to_the_end_is_the_exact_score() {
        let mut solver = Solver::new(1 << 20);
        let play = games(60, 0.0, 1, 0);
        for game in 0..20 {
            let mut rng = game_rng(9, game);
            let records = play_game(&mut rng, &play, &mut solver);
            // A position with 8 empties: a full-depth search is the solver's score.
            let Some(r) = records
                .iter()
                .find(|r| r.pos.empties() == 8 && r.pos.moves() != 0)
            else {
                continue;
            };
            let board = Board::from_bitboards(r.pos.player, r.pos.opponent, Color::Black).unwrap();
            let exact = solver.solve(&board, Mode::Exact).score;
            let mut nodes = 0;
            let value = alpha_beta(r.pos, 8, -65 * SCALE, 65 * SCALE, &HandSet, &mut nodes);
            assert_eq!(value, exact * SCALE, "game {game}");
        }
    }

    #[test]
    fn solved_endings_carry_scores_consistent_with_the_solver() {
        let mut solver = Solver::new(1 << 20);
        let play = games(8, 0.1, 2, 10);
        let mut rng = game_rng(3, 0);
        let records = play_game(&mut rng, &play, &mut solver);
        let ending: Vec<&Record> = records.iter().filter(|r| r.exact.is_some()).collect();
        assert!(ending.len() >= 10);
        for r in ending {
            let board = Board::from_bitboards(r.pos.player, r.pos.opponent, Color::Black).unwrap();
            assert_eq!(Some(solver.solve(&board, Mode::Exact).score), r.exact);
        }
        let last = records.last().unwrap().pos;
        assert!(last.is_over());
    }

    #[test]
    fn games_are_reproducible_from_the_seed() {
        let mut solver = Solver::new(1 << 20);
        let play = games(8, 0.1, 2, 10);
        let a = positions(5, 7, &play, &mut solver);
        let b = positions(5, 7, &play, &mut solver);
        let c = positions(5, 8, &play, &mut solver);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
