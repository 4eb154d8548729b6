//! Seeded self-play games: the positions `train` fits and `mae` measures on.
//!
//! A game: `--opening` uniformly random plies, then the moves of a `--play-depth` search
//! of the crate's engine on the hand-set evaluation ([`crate::hand`]) or, with
//! `--play-eval builtin`, on the weights compiled into the crate, each replaced with
//! probability `--random` by a random legal move, until `--exact` empty squares, where
//! the exact solver finishes the game along its principal variation.

use std::sync::Arc;

use reversi::{Board, Ply, Square};
use reversi_engine::{Engine, Mode, SearchLimits};

use crate::hand::hand_set_weights;
use crate::process::par_map;

/// The evaluation the games' searched moves are chosen on.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEval {
    /// The crate's hand-set evaluation: games that depend on no fitted weights.
    Hand,
    /// The weights compiled into the crate (`reversi_engine::eval::builtin`): games
    /// closer to the engine's own, less lopsided than the hand-set evaluation's.
    Builtin,
}

/// How games are generated (shared by `train` and `mae`).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct GameArgs {
    /// Seed of the games (each game's generator is derived from it and the game's number).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Uniformly random plies at the start of each game.
    #[arg(long, default_value_t = 10)]
    pub opening: u32,
    /// After the opening, the chance of a random move in place of the searched one.
    #[arg(long, default_value_t = 0.03)]
    pub random: f64,
    /// Depth of the search that plays the other moves.
    #[arg(long, default_value_t = 2)]
    pub play_depth: u32,
    /// The evaluation of that search.
    #[arg(long, value_enum, default_value_t = PlayEval::Hand)]
    pub play_eval: PlayEval,
    /// Empty squares from which each game is solved exactly and finished along the
    /// solver's principal variation.
    #[arg(long, default_value_t = 16)]
    pub exact: u32,
    /// Worker threads.
    #[arg(long, default_value_t = 2, value_parser = threads)]
    pub threads: usize,
}

/// `--threads`' value: 1 to 256.
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=256) => Ok(n),
        _ => Err(format!("{text:?} is not a thread count from 1 to 256")),
    }
}

/// A position of a game with, when it was solved, its exact final score (discs, side to
/// move's view).
#[derive(Clone, Copy, Debug)]
pub struct Record {
    /// The position.
    pub board: Board,
    /// The exact score, for positions on the solved ending.
    pub exact: Option<i32>,
}

/// What plays the games of one worker thread: the engine that picks the searched moves
/// and the engine whose exact solver finishes them (on the built-in weights' move
/// ordering and a table of its own).
pub struct Player {
    engine: Engine,
    solver: Engine,
}

impl Player {
    /// A player on the evaluation `eval`, with small tables.
    pub fn new(eval: PlayEval) -> Player {
        let mut engine = Engine::with_table_bytes(1 << 20);
        if eval == PlayEval::Hand {
            engine.set_weights(Arc::new(hand_set_weights()));
        }
        engine.set_probcut(false);
        Player {
            engine,
            solver: Engine::with_table_bytes(8 << 20),
        }
    }

    /// Game `game` of a run seeded with `args.seed`: every position where the side to
    /// move has a move, in order, then the solved ending's positions (passes included)
    /// with their exact scores, or the finished game.
    pub fn play(&mut self, args: &GameArgs, game: u64) -> Vec<Record> {
        let mut rng = game_rng(args.seed, game);
        // The table forgotten: a game does not depend on the games played before it.
        self.engine.new_game();
        let mut board = Board::START;
        let mut records = Vec::new();
        let mut ply = 0;
        loop {
            if board.is_game_over() {
                let exact = reversi::kernel::final_score(board.mover_bits(), board.opponent_bits());
                records.push(Record {
                    board,
                    exact: Some(exact),
                });
                return records;
            }
            if board.empty_squares().len() <= args.exact {
                self.solved_ending(board, &mut records);
                return records;
            }
            if let Ok(passed) = board.pass() {
                board = passed;
                continue;
            }
            records.push(Record { board, exact: None });
            let square = if ply < args.opening || rng.f64() < args.random {
                // The board has a legal move (a pass is played above).
                match reversi::random::ply(&mut rng, &board) {
                    Some(Ply::Move(square)) => square,
                    other => unreachable!("a board with a legal move gave {other:?}"),
                }
            } else {
                self.best_move(board, args.play_depth)
            };
            board = board.play(square).expect("a legal move");
            ply += 1;
        }
    }

    /// The engine's move on `board` (which has one) by a `depth`-ply search.
    fn best_move(&mut self, board: Board, depth: u32) -> Square {
        self.engine.set_board(board);
        let report = self.engine.search(SearchLimits {
            depth: Some(depth.max(1)),
            ..SearchLimits::default()
        });
        match report.best {
            Some(Ply::Move(square)) => square,
            other => panic!("a board with moves answered {other:?}"),
        }
    }

    /// The positions of the solver's principal variation from `board`, each with its
    /// exact score (negated at every ply, passes included: a forced pass keeps the side's
    /// view).
    fn solved_ending(&mut self, board: Board, records: &mut Vec<Record>) {
        self.solver.new_game();
        self.solver.set_board(board);
        let solution = self.solver.solve(Mode::Exact, SearchLimits::default());
        let mut score = solution.lower;
        let mut current = board;
        records.push(Record {
            board: current,
            exact: Some(score),
        });
        for ply in &solution.pv {
            current = current
                .play_ply(*ply)
                .expect("the solver's principal variation is legal");
            score = -score;
            records.push(Record {
                board: current,
                exact: Some(score),
            });
        }
    }
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

/// The games `first..first + count` of `args`, each as its list of positions, played on
/// `args.threads` threads (the same games on any number).
pub fn generate(args: &GameArgs, first: u64, count: u64) -> Vec<Vec<Record>> {
    let numbers: Vec<u64> = (first..first + count).collect();
    let init = || Player::new(args.play_eval);
    par_map(&numbers, args.threads, init, |player, &game| {
        player.play(args, game)
    })
}

/// Up to `n` children of `board` (positions after its legal moves) that are not finished
/// games, picked at random by `rng`.
pub fn some_children(board: &Board, n: u32, rng: &mut fastrand::Rng) -> Vec<Board> {
    let mut all: Vec<Board> = board
        .legal_moves()
        .iter()
        .filter_map(|square| board.play(square).ok())
        .filter(|child| !child.is_game_over())
        .collect();
    rng.shuffle(&mut all);
    all.truncate(n as usize);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of 8 random plies, then 10% random moves among depth-2 ones, solved from 10
    /// empties, seeded with `seed`.
    fn args(seed: u64) -> GameArgs {
        GameArgs {
            seed,
            opening: 8,
            random: 0.1,
            play_depth: 2,
            play_eval: PlayEval::Hand,
            exact: 10,
            threads: 1,
        }
    }

    #[test]
    fn solved_endings_carry_scores_consistent_with_the_solver() {
        let mut solver = Engine::with_table_bytes(1 << 20);
        let records = Player::new(PlayEval::Hand).play(&args(3), 0);
        let ending: Vec<&Record> = records.iter().filter(|r| r.exact.is_some()).collect();
        assert!(ending.len() >= 10);
        for r in ending {
            solver.set_board(r.board);
            let solution = solver.solve(Mode::Exact, SearchLimits::default());
            assert_eq!(solution.exact_score(), r.exact);
        }
        assert!(records.last().unwrap().board.is_game_over());
    }

    #[test]
    fn games_are_reproducible_from_the_seed_on_any_thread_count() {
        let boards = |games: Vec<Vec<Record>>| -> Vec<Vec<Board>> {
            games
                .iter()
                .map(|g| g.iter().map(|r| r.board).collect())
                .collect()
        };
        let one = boards(generate(&args(5), 7, 6));
        let two = boards(generate(
            &GameArgs {
                threads: 2,
                ..args(5)
            },
            7,
            6,
        ));
        assert_eq!(one, two);
        assert_ne!(one[0], one[1]);
    }

    /// Each move of a game without random moves is the chosen evaluation's depth-2
    /// search's move (ProbCut off, fresh tables), of the hand-set weights or of the
    /// compiled-in ones, and the two differ somewhere.
    #[test]
    fn the_searched_moves_are_those_of_the_chosen_evaluation() {
        let plain = |eval| GameArgs {
            opening: 0,
            random: 0.0,
            play_eval: eval,
            ..args(9)
        };
        let mut games = Vec::new();
        for eval in [PlayEval::Hand, PlayEval::Builtin] {
            let records = Player::new(eval).play(&plain(eval), 0);
            for pair in records.windows(2).filter(|w| w[1].exact.is_none()) {
                let mut engine = Engine::with_table_bytes(1 << 20);
                if eval == PlayEval::Hand {
                    engine.set_weights(Arc::new(hand_set_weights()));
                }
                engine.set_probcut(false);
                engine.set_board(pair[0].board);
                let report = engine.search(SearchLimits {
                    depth: Some(2),
                    ..SearchLimits::default()
                });
                let Some(Ply::Move(square)) = report.best else {
                    panic!("no move on a board with moves");
                };
                // The record after it: the child, or the child passed (records hold
                // only positions with a move).
                let child = pair[0]
                    .board
                    .play(square)
                    .expect("the search's move is legal");
                let next = child.pass().unwrap_or(child);
                assert_eq!(next, pair[1].board, "{eval:?}");
            }
            games.push(records);
        }
        let boards = |g: &Vec<Record>| g.iter().map(|r| r.board).collect::<Vec<_>>();
        assert_ne!(boards(&games[0]), boards(&games[1]));
    }
}
