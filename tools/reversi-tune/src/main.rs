//! `reversi-tune`: fits the pattern evaluation of `reversi-engine` (`src/eval/weights.bin`),
//! measures its error, and measures the engine (speed, depth, perfect endgame play,
//! ProbCut). A developer tool: never bundled, never published.
//!
//! - `train`: plays seeded self-play games, scores their positions (the exact solver
//!   near the end, then stage by stage towards the opening a fixed-depth search of the
//!   crate's engine on the weights fitted so far), fits each stage's weights by
//!   regularised least squares and writes the weights file; `--wthor FILE...` adds the
//!   positions of real games from WTHOR files;
//! - `recenter`: shifts each stage's constant and odd-empties weights so that the
//!   evaluation's mean meets the mean final result of seeded self-play games (its bias
//!   toward the side to move taken off);
//! - `average`: the entry-by-entry mean of several weights files (weights of separate
//!   training runs folded into one table);
//! - `positions-file`, `label-file`, `fit-file`: a training pipeline in file-to-file
//!   stages (positions of seeded self-play; labels by a deep search or the exact solver;
//!   the weights fitted to them), each on every core and resumable;
//! - `label-file`: a file of positions labelled by a deep search or the exact solver, on
//!   every core, resumable (a training pipeline's labelling stage); `fit-file`: weights
//!   fitted to such files (its fitting stage);
//! - `mae`: the mean absolute error, in discs, of the evaluation and of a mobility-only
//!   baseline on held-out positions scored by a deeper search;
//! - `eval-speed`; and the engine's measurements: `search-speed`, `depth`, `ffo`,
//!   `solve`, `endgame`, `positions`, `hard`, `probcut-fit`, `probcut-end-fit`, `probcut-selfplay`.
//!
//! The recipe that made the committed weights, and every subcommand with an example, is
//! in this package's README.

mod average;
mod cli;
mod eval_speed;
mod ffo_file;
mod fit;
mod fit_file;
mod games;
mod hand;
mod label;
mod label_file;
mod mae;
mod measure;
mod positions_file;
mod process;
mod recenter;
mod stage_file;
mod train;
mod weights_file;
mod wthor_games;

use anyhow::Result;
use clap::Parser;

use cli::{Cli, Command};
use measure::{endgame, ffo, probcut, speed};

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Train(args) => train::run(&args)?,
        Command::Recenter(args) => recenter::run(&args)?,
        Command::Average(args) => average::run(&args)?,
        Command::PositionsFile(args) => positions_file::run(&args)?,
        Command::LabelFile(args) => label_file::run(&args)?,
        Command::FitFile(args) => fit_file::run(&args)?,
        Command::Mae(args) => mae::run(&args)?,
        Command::EvalSpeed(args) => eval_speed::run(&args),
        Command::SearchSpeed(args) => speed::search_speed(&args),
        Command::Depth(args) => speed::depth(&args),
        Command::Ffo(args) => ffo::ffo(&args)?,
        Command::Solve(args) => ffo::solve(&args)?,
        Command::Endgame(args) => endgame::endgame(&args)?,
        Command::Positions(args) => endgame::positions(&args),
        Command::Hard(args) => endgame::hard(&args)?,
        Command::ProbcutFit(args) => probcut::fit(&args),
        Command::ProbcutEndFit(args) => probcut::end_fit(&args),
        Command::ProbcutSelfplay(args) => probcut::selfplay(&args),
    }
    Ok(())
}
