//! `mae`: the mean absolute error, in discs, of the pattern evaluation, of a
//! mobility-only baseline, of the hand-set evaluation and of always 0, on held-out
//! positions scored by a deeper search (or the exact solver).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::ValueEnum;
use reversi::{kernel, Board};
use reversi_engine::eval::{hand_set, Weights, MAX, SCALE};

use crate::fit_file::for_each_label;
use crate::games::{generate, GameArgs};
use crate::hand::hand_set_weights;
use crate::label::{mean_abs_error, Labeller};
use crate::process::{par_map, report_time};

/// What scores the held-out positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LabelEval {
    /// A search on the pattern evaluation being measured.
    Pattern,
    /// A search on the crate's hand-set evaluation (independent of the fitted weights).
    Hand,
    /// No evaluation: the exact solver (`--depth` is ignored; affordable up to about 22
    /// empty squares).
    Exact,
}

/// `mae`'s options.
#[derive(clap::Args, Debug)]
pub struct MaeArgs {
    #[command(flatten)]
    games_args: GameArgs,
    /// Positions (one per game: its first with `--empties` empty squares).
    #[arg(long, default_value_t = 300)]
    positions: u64,
    /// Empty squares of the positions.
    #[arg(long, default_value_t = 30)]
    empties: u32,
    /// Depth of the search that scores them.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// The evaluation at the leaves of that search.
    #[arg(long, value_enum, default_value_t = LabelEval::Pattern)]
    label_eval: LabelEval,
    /// A weights file to measure in place of the compiled-in one.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// The held-out positions and their labels read from this labels file (`label-file`'s
    /// lines, e.g. written by `--save-labels`) instead of played and scored: the same set
    /// measured again on other weights without searching it again (the game options,
    /// `--positions`, `--empties`, `--depth` and `--label-eval` are then not used).
    #[arg(long, conflicts_with = "save_labels")]
    labels: Option<PathBuf>,
    /// Writes the held-out positions with their labels to this file, as `label-file`
    /// writes them (`OBF SCORE exact`, or `OBF SCORE dN` for a search's), for `--labels`.
    #[arg(long)]
    save_labels: Option<PathBuf>,
}

/// Prints the four errors on the held-out positions, the pattern evaluation's
/// calibration and its error by the label's margin, then the time taken.
pub fn run(args: &MaeArgs) -> Result<()> {
    let wall = Instant::now();
    if let Some(path) = &args.save_labels {
        crate::weights_file::check_output(path)?;
    }
    let weights = match &args.weights {
        Some(path) => Arc::new(crate::weights_file::read_weights(path)?),
        None => reversi_engine::eval::builtin(),
    };
    let (found, labels, nodes) = match &args.labels {
        Some(path) => {
            let (mut found, mut labels) = (Vec::new(), Vec::new());
            for_each_label(path, |record, label| {
                found.push(record.board);
                labels.push(label);
            })?;
            (found, labels, 0)
        }
        None => {
            let found = held_out(&args.games_args, args.positions, args.empties);
            let (labels, nodes) = label_held_out(&found, args, &weights);
            (found, labels, nodes)
        }
    };
    if let Some(path) = &args.save_labels {
        let how = match args.label_eval {
            LabelEval::Exact => "exact".to_string(),
            LabelEval::Pattern | LabelEval::Hand => format!("d{}", args.depth),
        };
        save_labels(path, &found, &labels, &how)?;
    }
    // The pattern evaluation's values (discs), for its MAE and its calibration.
    let predicted: Vec<f64> = found
        .iter()
        .map(|b| {
            let value = weights.evaluate(b.mover_bits(), b.opponent_bits());
            f64::from(value.clamp(-MAX, MAX)) / f64::from(SCALE)
        })
        .collect();
    let pattern_mae = predicted
        .iter()
        .zip(&labels)
        .map(|(e, y)| (e - y).abs())
        .sum::<f64>()
        / found.len().max(1) as f64;
    let (c, baseline_mae) = mobility_baseline(&found, &labels);
    let zero_mae = mean_abs_error(&found, &labels, |_, _| 0);
    let hand_mae = mean_abs_error(&found, &labels, hand_set);
    match &args.labels {
        Some(path) => println!("{} positions of {}", found.len(), path.display()),
        None => {
            let how = match args.label_eval {
                LabelEval::Pattern => {
                    format!("a depth-{} search on the pattern evaluation", args.depth)
                }
                LabelEval::Hand => {
                    format!("a depth-{} search on the hand-set evaluation", args.depth)
                }
                LabelEval::Exact => "the exact solver".to_string(),
            };
            println!(
                "{} positions at {} empties (seed {}), scored by {how} ({nodes} nodes)",
                found.len(),
                args.empties,
                args.games_args.seed
            );
        }
    }
    println!("pattern evaluation      MAE {pattern_mae:.2} discs");
    println!("mobility only (c={c:.2})  MAE {baseline_mae:.2} discs");
    println!("hand-set evaluation     MAE {hand_mae:.2} discs");
    println!("always 0                MAE {zero_mae:.2} discs");
    print_calibration(&labels, &predicted);
    report_time("mae", wall);
    Ok(())
}

/// Prints the pattern evaluation's calibration line ([`calibration`]) and its error by
/// the label's margin ([`by_margin`]), its values `predicted` against `labels` (discs).
fn print_calibration(labels: &[f64], predicted: &[f64]) {
    if let Some((a, b)) = calibration(labels, predicted) {
        println!("pattern evaluation calibration: label = {a:.3} x value {b:+.2} (least squares)");
    }
    println!("pattern evaluation by the label's margin:");
    println!("  margin  positions  MAE");
    for band in by_margin(labels, predicted) {
        println!(
            "  {:>2}-{:<2}   {:>9}  {:>5.2}",
            band.from, band.to, band.positions, band.mae
        );
    }
}

/// Writes `found` with their `labels` to `path` in `label-file`'s format, each line
/// ending with `how`: `exact` for the exact solver's, `dN` for a depth-N search's.
fn save_labels(path: &Path, found: &[Board], labels: &[f64], how: &str) -> Result<()> {
    let mut text = String::new();
    for (board, label) in found.iter().zip(labels) {
        text.push_str(&format!("{} {label:+} {how}\n", board.to_obf()));
    }
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// `positions` held-out positions: from each game of `args` in turn, its first position
/// with `empties` empty squares and a legal move.
fn held_out(args: &GameArgs, positions: u64, empties: u32) -> Vec<Board> {
    // More games than positions: a game may pass `empties` with the side to move unable
    // to move, or be solved before it.
    let mut found = Vec::new();
    let mut game = 0;
    while (found.len() as u64) < positions {
        let picked = generate(args, game, positions)
            .into_iter()
            .filter_map(|records| {
                records
                    .iter()
                    .map(|r| r.board)
                    .find(|b| b.empty_squares().len() == empties && b.can_move())
            });
        found.extend(picked);
        game += positions;
    }
    found.truncate(positions as usize);
    found
}

/// The labels (discs) of `found` by `args.label_eval` (a `--depth` search on `weights`
/// or the hand-set evaluation, or the exact solver), and the nodes they took.
fn label_held_out(found: &[Board], args: &MaeArgs, weights: &Arc<Weights>) -> (Vec<f64>, u64) {
    let search_weights = match args.label_eval {
        LabelEval::Pattern | LabelEval::Exact => Arc::clone(weights),
        LabelEval::Hand => Arc::new(hand_set_weights()),
    };
    let labelled: Vec<(f64, u64)> = par_map(
        found,
        args.games_args.threads,
        || Labeller::new(Arc::clone(&search_weights), 4 << 20, 16 << 20),
        |labeller, board| match args.label_eval {
            LabelEval::Exact => {
                let (score, nodes) = labeller.solve(board);
                (f64::from(score), nodes)
            }
            LabelEval::Pattern | LabelEval::Hand => labeller.search(board, args.depth),
        },
    );
    let nodes = labelled.iter().map(|&(_, n)| n).sum();
    (labelled.into_iter().map(|(v, _)| v).collect(), nodes)
}

/// The baseline: the disc difference predicted as `c` times the difference in legal
/// moves, `c` fitted (least squares) on these very positions, the most favourable `c`
/// for it. Returns `c` and the baseline's mean absolute error (discs).
fn mobility_baseline(found: &[Board], labels: &[f64]) -> (f64, f64) {
    let mobility: Vec<f64> = found
        .iter()
        .map(|b| {
            let (p, o) = (b.mover_bits(), b.opponent_bits());
            f64::from(kernel::moves(p, o).count_ones())
                - f64::from(kernel::moves(o, p).count_ones())
        })
        .collect();
    let c = mobility.iter().zip(labels).map(|(m, y)| m * y).sum::<f64>()
        / mobility.iter().map(|m| m * m).sum::<f64>().max(1e-9);
    let mae = mobility
        .iter()
        .zip(labels)
        .map(|(m, y)| (c * m - y).abs())
        .sum::<f64>()
        / found.len().max(1) as f64;
    (c, mae)
}

/// The error of `predicted` against `labels` (discs) on the positions whose label's
/// margin (its absolute value) is in `from..=to`.
#[derive(Debug, PartialEq)]
struct Band {
    from: u32,
    to: u32,
    /// The positions in the band.
    positions: usize,
    /// Their mean absolute error.
    mae: f64,
}

/// The margins of [`by_margin`]'s bands: 0-9, 10-19, 20-29 and 30-64 discs.
const MARGINS: [(u32, u32); 4] = [(0, 9), (10, 19), (20, 29), (30, 64)];

/// The mean absolute error of `predicted` against `labels` in each band of the label's
/// margin ([`MARGINS`]; a fractional label's margin rounded down), bands without a
/// position left out.
fn by_margin(labels: &[f64], predicted: &[f64]) -> Vec<Band> {
    MARGINS
        .iter()
        .filter_map(|&(from, to)| {
            let errors: Vec<f64> = labels
                .iter()
                .zip(predicted)
                .filter(|(y, _)| (f64::from(from)..f64::from(to) + 1.0).contains(&y.abs()))
                .map(|(y, e)| (e - y).abs())
                .collect();
            (!errors.is_empty()).then(|| Band {
                from,
                to,
                positions: errors.len(),
                mae: errors.iter().sum::<f64>() / errors.len() as f64,
            })
        })
        .collect()
}

/// The least-squares line `label = a * predicted + b`, as `(a, b)`: a calibrated
/// evaluation has `a` near 1 and `b` near 0 (`a` above 1: its values understate the
/// margins on the whole). `None` when the predictions are all equal.
fn calibration(labels: &[f64], predicted: &[f64]) -> Option<(f64, f64)> {
    let n = labels.len() as f64;
    let mean_e = predicted.iter().sum::<f64>() / n;
    let mean_y = labels.iter().sum::<f64>() / n;
    let var: f64 = predicted.iter().map(|e| (e - mean_e).powi(2)).sum();
    let cov: f64 = predicted
        .iter()
        .zip(labels)
        .map(|(e, y)| (e - mean_e) * (y - mean_y))
        .sum();
    (var > 0.0).then(|| {
        let a = cov / var;
        (a, mean_y - a * mean_e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each band holds the positions of its margin, with their mean absolute error
    /// (worked by hand: -15 predicted -10 is 5 off, 19.5 predicted 21.5 is 2 off).
    #[test]
    fn errors_by_margin() {
        let labels = [5.0, -15.0, 25.0, -40.0, 19.5, 64.0];
        let predicted = [5.0, -10.0, 20.0, -44.0, 21.5, 62.0];
        let band = |from, to, positions, mae| Band {
            from,
            to,
            positions,
            mae,
        };
        assert_eq!(
            by_margin(&labels, &predicted),
            vec![
                band(0, 9, 1, 0.0),
                band(10, 19, 2, 3.5),
                band(20, 29, 1, 5.0),
                band(30, 64, 2, 3.0),
            ]
        );
        assert_eq!(by_margin(&[-3.0], &[-1.0]), vec![band(0, 9, 1, 2.0)]);
    }

    /// Labels on a line of the predictions give that line back; equal predictions give
    /// none.
    #[test]
    fn calibration_is_the_least_squares_line() {
        let predicted = [-20.0, -3.0, 0.0, 8.0, 31.0];
        let labels = predicted.map(|e| 1.5 * e - 2.0);
        let (a, b) = calibration(&labels, &predicted).unwrap();
        assert!(
            (a - 1.5).abs() < 1e-12 && (b + 2.0).abs() < 1e-12,
            "{a} {b}"
        );
        assert_eq!(calibration(&[1.0, 2.0], &[4.0, 4.0]), None);
    }

    /// `--save-labels` writes what `--labels` reads back: the same positions and labels,
    /// exact scores and search values alike (paired searches' too).
    #[test]
    fn saved_labels_read_back() {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-mae", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut rng = fastrand::Rng::with_seed(9);
        let boards: Vec<Board> = (0..20)
            .map(|_| reversi::random::position(&mut rng, 20))
            .filter(|b| !b.is_game_over())
            .collect();
        for (how, labels) in [
            (
                "exact",
                boards
                    .iter()
                    .map(|_| f64::from(rng.i32(-64..=64)))
                    .collect::<Vec<_>>(),
            ),
            (
                "d8",
                boards.iter().map(|_| rng.f64() * 40.0 - 20.0).collect(),
            ),
            (
                "d6+7",
                boards.iter().map(|_| rng.f64() * 40.0 - 20.0).collect(),
            ),
        ] {
            let path = dir.join(format!("{how}.txt"));
            save_labels(&path, &boards, &labels, how).unwrap();
            let mut read = Vec::new();
            for_each_label(&path, |record, label| read.push((record.board, label))).unwrap();
            let expected: Vec<(Board, f64)> = boards.iter().copied().zip(labels).collect();
            assert_eq!(read, expected, "{how}");
        }
    }
}
