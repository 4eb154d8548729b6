//! The command line: one subcommand a tool, each with its options (defined beside the
//! code that reads them).

use clap::{Parser, Subcommand};

use crate::average::AverageArgs;
use crate::eval_speed::EvalSpeedArgs;
use crate::fit_file::FitFileArgs;
use crate::label_file::LabelFileArgs;
use crate::mae::MaeArgs;
use crate::measure::endgame::{EndgameArgs, HardArgs, PositionsArgs};
use crate::measure::ffo::{FfoArgs, SolveArgs};
use crate::measure::probcut;
use crate::measure::speed::{DepthArgs, SearchSpeedArgs};
use crate::positions_file::PositionsFileArgs;
use crate::recenter::RecenterArgs;
use crate::train::TrainArgs;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    about = "Fits the reversi engine's pattern evaluation, measures its error, and measures the engine"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Plays games, scores their positions, fits the weights and writes the weights file.
    Train(TrainArgs),
    /// Corrects the evaluation's bias toward the side to move: each stage's constant and
    /// odd-empties weights shifted so that the evaluation's mean meets the mean final
    /// result of seeded self-play games.
    Recenter(RecenterArgs),
    /// The entry-by-entry mean of several weights files (weights of separate training
    /// runs folded into one table), rounded to the nearest unit.
    Average(AverageArgs),
    /// Writes seeded self-play positions (and some of their children) for training, one
    /// OBF line each, on every core, resumable, the same file on any number of threads.
    PositionsFile(PositionsFileArgs),
    /// Labels a file of positions (OBF lines) for training: each by the engine's own
    /// evaluation searched `--depth` plies, or by the exact solver at `--exact` empties
    /// or fewer; on every core, resumable, the same file on any number of threads.
    LabelFile(LabelFileArgs),
    /// Fits the weights to labelled positions (`label-file`'s files), stage by stage as
    /// `train` fits, and writes the weights file.
    FitFile(FitFileArgs),
    /// Mean absolute error (discs) of the evaluation and of a mobility-only baseline on
    /// held-out positions with `--empties` empty squares scored by a `--depth` search.
    Mae(MaeArgs),
    /// Evaluations per second (this thread's CPU time) of `eval::evaluate`, the hand-set
    /// evaluation and the mobility-only one, on positions of seeded random games.
    EvalSpeed(EvalSpeedArgs),
    /// The engine's depth, nodes and nodes per second at each time, on the start and
    /// three midgame positions.
    SearchSpeed(SearchSpeedArgs),
    /// The same four positions searched to a depth: nodes and CPU time.
    Depth(DepthArgs),
    /// FFO lines searched by the engine for a time: whether each move keeps the exact
    /// score.
    Ffo(FfoArgs),
    /// FFO lines solved exactly: nodes, times, whether score and move match.
    Solve(SolveArgs),
    /// Games from seeded self-play positions played out by two engines at a time a move,
    /// every move near the end checked against the exact solver.
    Endgame(EndgameArgs),
    /// The start positions of `endgame`, as OBF lines.
    Positions(PositionsArgs),
    /// Those start positions whose exact solve takes many nodes, as FFO lines with every
    /// move's exact score.
    Hard(HardArgs),
    /// ProbCut's regression: deep against shallow search values, per depth.
    ProbcutFit(probcut::FitArgs),
    /// ProbCut's endgame regression: exact scores against shallow search values, per
    /// number of empty squares.
    ProbcutEndFit(probcut::EndFitArgs),
    /// ProbCut on against off in self-play at a node budget a move.
    ProbcutSelfplay(probcut::SelfplayArgs),
}
