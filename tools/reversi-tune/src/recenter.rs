//! `recenter`: corrects the evaluation's bias toward the side to move. Self-play games of
//! the engine at a fixed node budget from seeded random openings, played perfectly by
//! the exact solver from `--exact` empties on, give for every position the evaluation
//! (the side to move's view) and the game's final disc difference (the same view, empty
//! squares to the winner): from `--exact` empties on the exact score, before it the
//! exact score of where the engine's play ended. In each stage the mean of
//! evaluation less result is fitted as an intercept plus a term for an odd number of
//! empties (the stage's positions with even empties give the intercept, the odd ones the
//! parity term), and both are taken off the stage's scalar weights 0 (the constant) and
//! 1 (odd empties). A stage without positions (before the openings end) takes the
//! correction of the last stage with some.
//!
//! The evaluation's side-to-move bias shows as scores that swing by the bias's double
//! from one depth to the next (the leaves' side to move alternates) and as ProbCut
//! regressions with an intercept at odd depths. The games' results are the anchor: their
//! mean, for the side to move, is near 0 in every stage, the evaluation's was +4 to +9
//! discs before this correction.

use std::fs;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use reversi::{Board, Color, Ply};
use reversi_engine::eval::weights::Weights;
use reversi_engine::eval::SCALE;
use reversi_engine::{Engine, Mode, SearchLimits};

/// `recenter`'s options.
#[derive(clap::Args, Debug)]
pub struct RecenterArgs {
    /// Self-play games.
    #[arg(long, default_value_t = 1500)]
    games: u64,
    /// Nodes a move of the engine that plays them.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Random plies of each game's opening (the seeded random openings' length).
    #[arg(long, default_value_t = 8)]
    plies: u32,
    /// The seed of the openings.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// From this many empty squares on, both sides play perfectly (the exact solver's
    /// best move): the game's result is then the exact score of the position where
    /// perfect play began, and of every position after it.
    #[arg(long, default_value_t = 16)]
    exact: u32,
    /// The weights to correct (default: the compiled-in weights).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// The corrected weights file to write.
    #[arg(long, default_value = "crates/reversi-engine/src/eval/weights.bin")]
    out: PathBuf,
}

/// Per number of empties: the sums of the evaluation and of the result (discs) and the
/// positions counted.
type Sums = [(f64, f64, u64); 61];

/// Plays the games, prints the evaluation's and the results' means per number of empties
/// and the correction per stage, and writes the corrected weights.
pub fn run(args: &RecenterArgs) -> Result<()> {
    let weights = match &args.weights {
        Some(path) => crate::weights_file::read_weights(path)?,
        None => Weights::builtin().map_err(|e| anyhow::anyhow!("built-in weights: {e}"))?,
    };
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    crate::weights_file::check_output(&args.out)?;
    let sums = play(args, &weights);
    for (n, &(e, r, c)) in sums.iter().enumerate().filter(|(_, s)| s.2 > 0) {
        let c = c as f64;
        println!(
            "empties {n:2}: {c:5} positions, evaluation {:+6.2}, result {:+6.2}, bias {:+6.2}",
            e / c,
            r / c,
            (e - r) / c
        );
    }
    let mut fixed = weights.clone();
    let mut last = (0.0, 0.0);
    for st in 0..weights.stages() {
        let (even, odd) = (bias(&sums, &weights, st, 0), bias(&sums, &weights, st, 1));
        let (a, b) = match (even, odd) {
            (Some(even), Some(odd)) => (even, odd - even),
            // A stage of one parity only (stages 1 empty square wide): the constant
            // takes it all.
            (Some(one), None) | (None, Some(one)) => (one, 0.0),
            (None, None) => last,
        };
        last = (a, b);
        println!(
            "stage {st:2}: bias {a:+.2} discs (even empties), {:+.2} (odd)",
            a + b
        );
        shift(&mut fixed, st, 0, a);
        shift(&mut fixed, st, 1, b);
    }
    fs::write(&args.out, fixed.to_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// Self-play with `weights`: the sums per number of empties.
fn play(args: &RecenterArgs, weights: &Weights) -> Box<Sums> {
    let mut engine = Engine::with_table_bytes(16 << 20);
    engine.set_weights(Arc::new(weights.clone()));
    // The exact solver on the built-in weights' move ordering, with a table of its own.
    let mut solver = Engine::with_table_bytes(16 << 20);
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let mut sums: Box<Sums> = Box::new([(0.0, 0.0, 0); 61]);
    let limits = SearchLimits {
        nodes: Some(args.nodes),
        ..Default::default()
    };
    for _ in 0..args.games {
        let mut board = Board::START;
        for _ in 0..args.plies {
            match reversi::random::ply(&mut rng, &board) {
                Some(Ply::Move(square)) => board = board.play(square).unwrap_or(board),
                _ => break,
            }
        }
        engine.new_game();
        let mut seen = Vec::new();
        while !board.is_game_over() {
            if let Ok(passed) = board.pass() {
                board = passed;
                continue;
            }
            let eval = f64::from(weights.evaluate(board.mover_bits(), board.opponent_bits()));
            seen.push((board.empty_squares().len(), board.side_to_move(), eval));
            let best = if board.empty_squares().len() <= args.exact {
                solver.set_board(board);
                solver
                    .solve(Mode::Exact, SearchLimits::default())
                    .best_moves
                    .first()
                    .copied()
            } else {
                engine.set_board(board);
                engine.search(limits).best
            };
            board = match best {
                Some(Ply::Move(s)) => board.play(s).unwrap_or(board),
                _ => break,
            };
        }
        let black = black_result(&board);
        for (n, side, eval) in seen {
            let result = if side == Color::Black { black } else { -black };
            let s = &mut sums[n as usize];
            s.0 += eval / f64::from(SCALE);
            s.1 += f64::from(result);
            s.2 += 1;
        }
    }
    sums
}

/// Black's final disc difference, the empty squares to the winner.
fn black_result(board: &Board) -> i32 {
    let counts = board.disc_counts();
    let (b, w) = (
        *counts.get(Color::Black) as i32,
        *counts.get(Color::White) as i32,
    );
    let empty = 64 - b - w;
    (b - w) + (b - w).signum() * empty
}

/// The mean of evaluation less result over the positions of stage `st` of `weights`
/// whose empties have parity `parity`, if there are any.
fn bias(sums: &Sums, weights: &Weights, st: usize, parity: u32) -> Option<f64> {
    let (mut diff, mut count) = (0.0, 0);
    for n in (1..=60u32).filter(|n| weights.stage(*n) == st && n % 2 == parity) {
        let (e, r, c) = sums[n as usize];
        diff += e - r;
        count += c;
    }
    (count > 0).then(|| diff / count as f64)
}

/// Takes `discs` off scalar weight `i` of stage `st`.
fn shift(weights: &mut Weights, st: usize, i: usize, discs: f64) {
    let value = f64::from(weights.scalar(st, i)) - (discs * f64::from(SCALE)).round();
    weights.set_scalar(
        st,
        i,
        value.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules' final score: the disc difference, the empty squares to the winner.
    #[test]
    fn the_result_gives_the_empties_to_the_winner() {
        // Black 40, White 20, 4 empty: +24.
        let black = "X".repeat(40) + &"O".repeat(20) + "----";
        let board = Board::from_obf(&format!("{black} X")).unwrap();
        assert_eq!(black_result(&board), 24);
        let white = "O".repeat(40) + &"X".repeat(20) + "----";
        let board = Board::from_obf(&format!("{white} X")).unwrap();
        assert_eq!(black_result(&board), -24);
    }

    /// A stage's even empties give the constant's shift, its odd ones the parity term's;
    /// both are taken off in evaluation units.
    #[test]
    fn the_bias_of_each_parity_is_taken_off() {
        let mut sums: Box<Sums> = Box::new([(0.0, 0.0, 0); 61]);
        // Stage 0 is 1..=4 empties: even (2, 4) evaluate 3 discs above the result, odd
        // (1, 3) 1 disc above.
        sums[2] = (10.0, 4.0, 2);
        sums[4] = (0.0, 0.0, 0);
        sums[1] = (5.0, 4.0, 1);
        sums[3] = (1.0, 1.0, 0);
        let mut weights = Weights::zero();
        assert_eq!(bias(&sums, &weights, 0, 0), Some(3.0));
        assert_eq!(bias(&sums, &weights, 0, 1), Some(1.0));
        assert_eq!(bias(&sums, &weights, 1, 0), None);
        // On stages 1 empty square wide, stage 1 is 2 empties only: even, no odd.
        let one = Weights::zero_with_width(1).unwrap();
        assert_eq!(bias(&sums, &one, 1, 0), Some(3.0));
        assert_eq!(bias(&sums, &one, 1, 1), None);
        shift(&mut weights, 0, 0, 3.0);
        shift(&mut weights, 0, 1, 1.0 - 3.0);
        assert_eq!(weights.scalar(0, 0), -3 * SCALE as i16);
        assert_eq!(weights.scalar(0, 1), 2 * SCALE as i16);
        // A position of stage 0 with even empties now evaluates 3 discs lower, odd 1.
        assert_eq!(weights.evaluate(!0xf, 0), -3 * SCALE);
        assert_eq!(weights.evaluate(!0x7, 0), -SCALE);
    }
}
