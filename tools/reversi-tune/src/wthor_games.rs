//! Positions of real games: WTHOR files (`reversi::wthor`) as a source of training
//! positions beside the self-play games of [`crate::games`].
//!
//! From each game every position where the side to move has a move (the position
//! before each move, after a pass where one is forced), or `--wthor-positions` of them
//! picked at random by a generator seeded with `(--seed, game number)`: the same
//! positions for the same files and seed. They are labelled as the self-play ones are
//! (`train`'s steps 2 and 3), except the position with the file's depth P3 of empty
//! squares, whose exact score is the record's theoretical score (perfect play from
//! there, which `reversi-records check` verifies against the solver).

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use reversi::wthor::{GameReader, WthorGame};
use reversi::{Board, Color};

use crate::games::{game_rng, Record};

/// Where the real games come from (`train`'s options).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct WthorArgs {
    /// WTHOR game files (`.wtb`) whose positions are trained on beside the self-play
    /// games' (`--wthor A.wtb B.wtb`).
    #[arg(long = "wthor", num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// Positions taken from each WTHOR game, picked at random (seeded by `--seed`);
    /// 0 takes them all.
    #[arg(long, default_value_t = 0)]
    pub wthor_positions: usize,
}

/// The positions of one game, in order: each position where the side to move has a
/// move; the one with `depth` empty squares carries the theoretical score as its exact
/// score (side to move's view) when `depth` is not 0.
pub fn game_positions(game: &WthorGame, depth: u8) -> Vec<Record> {
    let mut records = Vec::with_capacity(game.moves().len());
    let mut board = Board::START;
    for &square in game.moves() {
        if let Ok(passed) = board.pass() {
            board = passed;
        }
        let exact = (depth > 0 && board.empty_squares().len() == u32::from(depth))
            .then(|| theoretical_for_mover(game.theoretical_black_discs, board.side_to_move()));
        records.push(Record { board, exact });
        // A WTHOR game read is legal.
        board = board.play(square).expect("a legal move of a WTHOR game");
    }
    records
}

/// A theoretical score (Black's discs, empties to the winner) as a disc difference for
/// `mover`.
fn theoretical_for_mover(black_discs: u8, mover: Color) -> i32 {
    let black = 2 * i32::from(black_discs) - 64;
    match mover {
        Color::Black => black,
        Color::White => -black,
    }
}

/// The games' positions of every file in `args`, one list a game (numbered across the
/// files from 0 for the sampling), each cut to `args.wthor_positions` picked at random
/// and kept in game order. A record that cannot be read is reported on standard error
/// and skipped.
///
/// # Errors
/// A file that cannot be opened or whose header cannot be read.
pub fn positions(args: &WthorArgs, seed: u64) -> Result<Vec<Vec<Record>>> {
    let mut all = Vec::new();
    let mut number = 0u64;
    for path in &args.files {
        for (game, depth) in read(path)? {
            let mut records = game_positions(&game, depth);
            if args.wthor_positions > 0 && records.len() > args.wthor_positions {
                // Its own stream, apart from the self-play games' (same numbers).
                let mut rng = game_rng(seed ^ 0x5754_484F_5200_0000, number);
                let mut picked: Vec<usize> = (0..records.len()).collect();
                rng.shuffle(&mut picked);
                picked.truncate(args.wthor_positions);
                picked.sort_unstable();
                records = picked.into_iter().map(|i| records[i]).collect();
            }
            all.push(records);
            number += 1;
        }
    }
    Ok(all)
}

/// The games of one WTHOR file with its depth P3; bad records reported and skipped.
fn read(path: &Path) -> Result<Vec<(WthorGame, u8)>> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let reader = GameReader::new(BufReader::new(file))
        .with_context(|| format!("cannot read {}", path.display()))?;
    let depth = reader.header().depth;
    let mut games = Vec::new();
    for item in reader {
        match item {
            Ok(game) => games.push((game, depth)),
            Err(e) => eprintln!("{}: {e}", path.display()),
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn real() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../crates/reversi/tests/data/wthor/WTH_1978.wtb")
    }

    fn args(positions: usize) -> WthorArgs {
        WthorArgs {
            files: vec![real(), real()],
            wthor_positions: positions,
        }
    }

    #[test]
    fn every_position_before_a_move_is_taken_with_the_theoretical_score_at_the_depth() {
        let games = read(&real()).unwrap();
        assert_eq!(games.len(), 8);
        let all = positions(&args(0), 1).unwrap();
        assert_eq!(all.len(), 16);
        for ((game, depth), records) in games.iter().zip(&all) {
            assert_eq!(*depth, 24);
            // One position before each move, each with a legal move for its side.
            assert_eq!(records.len(), game.moves().len());
            for (r, &square) in records.iter().zip(game.moves()) {
                assert!(r.board.legal_moves().contains(square));
            }
            // One exact score, at 24 empties: Black's theoretical discs minus White's.
            let exact: Vec<&Record> = records.iter().filter(|r| r.exact.is_some()).collect();
            assert_eq!(exact.len(), 1);
            assert_eq!(exact[0].board.empty_squares().len(), 24);
            let black = 2 * i32::from(game.theoretical_black_discs) - 64;
            let mover = if exact[0].board.side_to_move() == Color::Black {
                black
            } else {
                -black
            };
            assert_eq!(exact[0].exact, Some(mover));
        }
    }

    #[test]
    fn sampled_positions_are_a_seeded_subset_in_game_order() {
        let all = positions(&args(0), 1).unwrap();
        let boards = |games: &[Vec<Record>]| -> Vec<Vec<Board>> {
            games
                .iter()
                .map(|g| g.iter().map(|r| r.board).collect())
                .collect()
        };
        let five = boards(&positions(&args(5), 1).unwrap());
        assert_eq!(five, boards(&positions(&args(5), 1).unwrap()));
        assert_ne!(five, boards(&positions(&args(5), 2).unwrap()));
        // The same file twice: its games are numbered apart, so sampled apart.
        assert_ne!(five[0], five[8]);
        for (sample, game) in five.iter().zip(boards(&all)) {
            assert_eq!(sample.len(), 5);
            // In game order: empty squares fall along the sample.
            assert!(sample
                .windows(2)
                .all(|w| w[0].empty_squares().len() > w[1].empty_squares().len()));
            assert!(sample.iter().all(|b| game.contains(b)));
        }
    }
}
