//! `average`: the mean of several weights files, entry by entry: an ensemble of separate
//! training runs (other seeds, other games) folded into one table, at no cost in speed.
//! Each pattern entry and scalar weight of the result is the mean of the inputs',
//! rounded to the nearest unit, halves away from zero. The committed weights are such a
//! mean: +28 Elo at fixed nodes against one of its two inputs, which played even with the
//! other (this package's README).

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use reversi_engine::eval::pattern::PATTERNS;
use reversi_engine::eval::weights::{Weights, SCALARS};

use crate::weights_file::read_weights;

/// `average`'s options.
#[derive(clap::Args, Debug)]
pub struct AverageArgs {
    /// The weights files to average (at least two).
    #[arg(required = true, num_args = 2..)]
    weights: Vec<PathBuf>,
    /// The averaged weights file to write.
    #[arg(long, default_value = "crates/reversi-engine/src/eval/weights.bin")]
    out: PathBuf,
}

/// Reads the files, writes their mean and says what it wrote.
pub fn run(args: &AverageArgs) -> Result<()> {
    let inputs = args
        .weights
        .iter()
        .map(|path| read_weights(path))
        .collect::<Result<Vec<_>>>()?;
    let mean = average(&inputs)?;
    let bytes = mean.to_bytes();
    fs::write(&args.out, &bytes).with_context(|| format!("cannot write {}", args.out.display()))?;
    println!(
        "the mean of {} weights files: {} bytes written to {}",
        inputs.len(),
        bytes.len(),
        args.out.display()
    );
    Ok(())
}

/// The entry-by-entry mean of `inputs` (every pattern entry of every stage and every
/// scalar weight), rounded to the nearest unit, halves away from zero. Inputs of other
/// stage widths are averaged on the finest one: each output stage takes, from each
/// input, the stage holding its first number of empty squares (so a width-4 stage counts
/// for both width-2 stages it spans).
///
/// # Errors
///
/// Fewer than two inputs, or a width that is not a multiple of the finest (its stages
/// would straddle the output's).
pub fn average(inputs: &[Weights]) -> Result<Weights> {
    if inputs.len() < 2 {
        bail!("averaging needs at least two weights files");
    }
    let width = inputs.iter().map(Weights::stage_width).min().unwrap_or(1);
    if let Some(w) = inputs.iter().find(|w| w.stage_width() % width != 0) {
        bail!(
            "stage widths {} and {width} do not nest: averaging needs each width a multiple of the finest",
            w.stage_width()
        );
    }
    let mut out = Weights::zero_with_width(width).map_err(|e| anyhow::anyhow!("{e}"))?;
    for stage in 0..out.stages() {
        let empties = (stage * width + 1) as u32;
        let at = |w: &Weights| w.stage(empties);
        for (p, pattern) in PATTERNS.iter().enumerate() {
            for index in 0..pattern.size() {
                let value = mean(inputs, |w| w.entry(at(w), p, index));
                out.set_entry(stage, p, index, value);
            }
        }
        for i in 0..SCALARS {
            out.set_scalar(stage, i, mean(inputs, |w| w.scalar(at(w), i)));
        }
    }
    Ok(out)
}

/// The mean of `weight` over `inputs`, rounded to the nearest unit, halves away from zero
/// (the mean of `i16` values is within `i16`'s range).
fn mean(inputs: &[Weights], weight: impl Fn(&Weights) -> i16) -> i16 {
    let sum: f64 = inputs.iter().map(|w| f64::from(weight(w))).sum();
    (sum / inputs.len() as f64).round() as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights with the given value at one pattern entry and one scalar of one stage.
    fn with(stage: usize, entry: i16, scalar: i16) -> Weights {
        let mut w = Weights::zero();
        w.set_entry(stage, 1, 7, entry);
        w.set_scalar(stage, 2, scalar);
        w
    }

    #[test]
    fn each_entry_is_the_mean_halves_away_from_zero() {
        let a = with(3, 10, -3);
        let b = with(3, 5, -4);
        let mean = average(&[a, b]).unwrap();
        // (10 + 5) / 2 = 7.5 -> 8; (-3 - 4) / 2 = -3.5 -> -4.
        assert_eq!(mean.entry(3, 1, 7), 8);
        assert_eq!(mean.scalar(3, 2), -4);
        // Entries zero in both stay zero; other stages are untouched.
        assert_eq!(mean.entry(3, 1, 8), 0);
        assert_eq!(mean.entry(2, 1, 7), 0);
    }

    #[test]
    fn three_inputs_and_the_extremes_of_i16() {
        let ws = [
            with(0, i16::MAX, i16::MIN),
            with(0, i16::MAX, i16::MIN),
            with(0, i16::MAX, i16::MIN),
        ];
        let mean = average(&ws).unwrap();
        assert_eq!(mean.entry(0, 1, 7), i16::MAX);
        assert_eq!(mean.scalar(0, 2), i16::MIN);
        let ws = [with(14, 1, 0), with(14, 1, 0), with(14, 2, 0)];
        // 4 / 3 = 1.33 -> 1.
        assert_eq!(average(&ws).unwrap().entry(14, 1, 7), 1);
    }

    #[test]
    fn widths_4_and_2_are_averaged_on_stages_2_wide() {
        // Width 4, stage 3 is 13..=16 empties; width 2, stage 6 is 13..=14 and 7 is 15..=16.
        let coarse = with(3, 10, 4);
        let mut fine = Weights::zero_with_width(2).unwrap();
        fine.set_entry(6, 1, 7, 20);
        fine.set_entry(7, 1, 7, 30);
        let mean = average(&[coarse.clone(), fine]).unwrap();
        assert_eq!(mean.stage_width(), 2);
        assert_eq!((mean.entry(6, 1, 7), mean.entry(7, 1, 7)), (15, 20));
        // The coarse stage's scalar counts for both fine stages it spans, halved.
        assert_eq!((mean.scalar(6, 2), mean.scalar(7, 2)), (2, 2));
        assert_eq!((mean.entry(5, 1, 7), mean.entry(8, 1, 7)), (0, 0));
        // Width 3 does not nest with 2: refused, naming both.
        let three = Weights::zero_with_width(3).unwrap();
        let err = average(&[three, Weights::zero_with_width(2).unwrap()]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("stage widths 3 and 2 do not nest"),
            "{err}"
        );
    }

    #[test]
    fn the_mean_of_one_file_is_refused() {
        let err = average(&[Weights::zero()]).unwrap_err();
        assert!(err.to_string().contains("at least two"), "{err}");
    }

    #[test]
    fn the_mean_of_the_same_weights_is_those_weights() {
        let w = Weights::builtin().unwrap();
        assert_eq!(average(&[w.clone(), w.clone()]).unwrap(), w);
    }
}
