//! Measuring the engine from outside: its speed and depth at given times
//! ([`speed`]), whether its moves are perfect on positions with known exact scores
//! ([`ffo`], [`endgame`]), and ProbCut's regression and worth ([`probcut`]). What they
//! share: the test positions, seeded self-play, and playing a ply.

pub mod endgame;
pub mod ffo;
pub mod probcut;
pub mod speed;

use std::time::Duration;

use reversi::{Board, Ply};
use reversi_engine::{Engine, SearchLimits};

/// Limits of `ms` milliseconds.
fn limits_ms(ms: u64) -> SearchLimits {
    SearchLimits {
        time: Some(Duration::from_millis(ms)),
        ..SearchLimits::default()
    }
}

/// Limits of `depth` plies.
fn limits_depth(depth: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    }
}

/// `board` after `ply`, which the engine or the solver chose (so legal).
fn play(board: &Board, ply: Ply) -> Board {
    board.play_ply(ply).expect("a legal ply")
}

/// The move `engine` answers on `board` with a search to `depth`.
fn best_at_depth(engine: &mut Engine, board: Board, depth: u32) -> Ply {
    engine.set_board(board);
    engine.search(limits_depth(depth)).best.expect("a move")
}

/// The start and the positions after 10, 20 and 30 plies of a depth-4 self-play game.
fn sample_positions() -> Vec<(String, Board)> {
    let mut positions = vec![("start".to_owned(), Board::START)];
    let mut engine = Engine::new();
    let mut board = Board::START;
    for ply in 1..=30 {
        board = play(&board, best_at_depth(&mut engine, board, 4));
        if ply % 10 == 0 {
            positions.push((format!("ply {ply}"), board));
        }
    }
    positions
}

/// A game from the start to `to` empties (or its end): random moves while more than 52
/// squares are empty (an 8-ply opening), then `filler`'s moves at `depth`.
fn self_play(rng: &mut fastrand::Rng, filler: &mut Engine, to: u32, depth: u32) -> Board {
    let mut board = Board::START;
    while board.empty_squares().len() > to && !board.is_game_over() {
        let ply = if board.empty_squares().len() > 52 {
            random_ply(rng, &board)
        } else {
            best_at_depth(filler, board, depth)
        };
        board = play(&board, ply);
    }
    board
}

/// A uniformly random legal ply of `board` (a game not over).
fn random_ply(rng: &mut fastrand::Rng, board: &Board) -> Ply {
    reversi::random::ply(rng, board).expect("a game not over")
}

/// The position game `game` of `endgame` starts from: its seeded random 8-ply opening,
/// then depth-6 self-play to `from` empties.
fn start_position(game: u64, from: u32) -> Board {
    let mut rng = fastrand::Rng::with_seed(game);
    self_play(&mut rng, &mut Engine::new(), from, 6)
}

/// The name of a searched move, `none` if there is none.
fn ply_name(ply: Option<Ply>) -> String {
    ply.map_or("none".to_owned(), |p| p.to_string())
}
