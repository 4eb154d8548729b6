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
use reversi_engine::eval::weights::{Weights, SCALARS, STAGES};

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
/// scalar weight), rounded to the nearest unit, halves away from zero.
///
/// # Errors
///
/// Fewer than two inputs.
pub fn average(inputs: &[Weights]) -> Result<Weights> {
    if inputs.len() < 2 {
        bail!("averaging needs at least two weights files");
    }
    let mut out = Weights::zero();
    for stage in 0..STAGES {
        for (p, pattern) in PATTERNS.iter().enumerate() {
            for index in 0..pattern.size() {
                out.set_entry(stage, p, index, mean(inputs, |w| w.entry(stage, p, index)));
            }
        }
        for i in 0..SCALARS {
            out.set_scalar(stage, i, mean(inputs, |w| w.scalar(stage, i)));
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
