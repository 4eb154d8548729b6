//! `fit-file`: the fitting stage of a training pipeline as a file-to-weights step: the
//! labelled positions of `label-file`'s output files, grouped by the evaluation's stages
//! and fitted stage by stage (as `train` fits, with the same options), written as a
//! weights file.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use reversi_engine::eval::weights::{stage_of, stages};

use crate::games::Record;
use crate::label_file::obf_of;
use crate::stage_file;
use crate::train::{fit_all, write_weights, StageFit};

/// `fit-file`: weights fitted to labelled positions.
#[derive(clap::Args, Debug)]
pub struct FitFileArgs {
    /// Labelled positions, `label-file`'s lines (`OBF SCORE exact`, `OBF SCORE dN` or,
    /// paired, `OBF SCORE dN+M`); blank and `#` lines are skipped, and so is a bad line,
    /// with its place on standard error. Finished games are left out (nothing to fit).
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    #[command(flatten)]
    fit: StageFit,
    /// The weights file to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// `fit-file`.
pub fn run(args: &FitFileArgs) -> Result<()> {
    crate::weights_file::check_output(&args.output)?;
    let width = args.fit.stage_width;
    let mut by_stage = vec![(Vec::new(), Vec::new()); stages(width)];
    let mut total = 0;
    for path in &args.labels {
        total += read_labels(path, width, &mut by_stage)?;
    }
    let weights = fit_all(&by_stage, &args.fit)?;
    write_weights(&weights, &args.output, total)
}

/// Adds the positions of the labels file `path` to `by_stage` (records and labels, by the
/// stage of their empty squares, stages `width` empty squares wide); the positions added.
///
/// # Errors
/// The file cannot be read.
pub fn read_labels(
    path: &Path,
    width: usize,
    by_stage: &mut [(Vec<Record>, Vec<f64>)],
) -> Result<usize> {
    for_each_label(path, |record, label| {
        let (records, labels) = &mut by_stage[stage_of(record.board.empty_squares().len(), width)];
        records.push(record);
        labels.push(label);
    })
}

/// Calls `f` with the record and label of each line of the labels file `path` that is
/// not a finished game (blank and `#` lines skipped, and bad lines, named on standard
/// error); the lines passed to `f`.
///
/// # Errors
/// The file cannot be read, or holds no labelled position (nothing to fit or measure).
pub fn for_each_label(path: &Path, mut f: impl FnMut(Record, f64)) -> Result<usize> {
    let mut added = 0;
    stage_file::for_each_line(path, |number, text| {
        let Some((record, label)) = parse(text) else {
            eprintln!(
                "{}: line {number}: not `OBF SCORE exact`, `OBF SCORE dN` or `OBF SCORE dN+M`, skipped",
                path.display(),
            );
            return Ok(());
        };
        if !record.board.is_game_over() {
            f(record, label);
            added += 1;
        }
        Ok(())
    })?;
    if added == 0 {
        bail!(
            "{}: no labelled position (lines `OBF SCORE exact`, `OBF SCORE dN` or `OBF SCORE dN+M` of a game not over)",
            path.display()
        );
    }
    Ok(added)
}

/// The record and label of one line of a labels file (`HOW` `exact`, `dN` or `dN+M`).
fn parse(text: &str) -> Option<(Record, f64)> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [squares, side, score, how] = fields[..] else {
        return None;
    };
    let board = obf_of(&format!("{squares} {side}"))?;
    let label: f64 = score.parse().ok().filter(|s: &f64| s.abs() <= 64.0)?;
    let exact = match how {
        "exact" => Some(label as i32).filter(|&s| f64::from(s) == label),
        _ if is_search(how) => None,
        _ => return None,
    };
    if how == "exact" && exact.is_none() {
        return None;
    }
    Some((Record { board, exact }, label))
}

/// Whether `how` names a search's label as `label-file` writes it: `dN` (N plies, 1 to
/// 60) or `dN+M` (the mean of N and M = N + 1 plies).
fn is_search(how: &str) -> bool {
    let plies = |n: &str| {
        (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .then(|| n.parse::<u32>().ok())
            .flatten()
            .filter(|d| (1..=60).contains(d))
    };
    how.strip_prefix('d')
        .is_some_and(|rest| match rest.split_once('+') {
            Some((n, m)) => plies(n).is_some_and(|n| plies(m) == Some(n + 1)),
            None => plies(rest).is_some(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi::Board;
    use reversi_engine::eval::weights::Weights;
    use reversi_engine::eval::SCALE;

    #[test]
    fn lines_parse_as_label_file_writes_them() {
        let start = Board::START.to_obf();
        let (record, label) = parse(&format!("{start} +3.42 d10")).unwrap();
        assert_eq!(
            (record.board, record.exact, label),
            (Board::START, None, 3.42)
        );
        let (record, label) = parse(&format!("{start} -12 exact")).unwrap();
        assert_eq!((record.exact, label), (Some(-12), -12.0));
        let (record, label) = parse(&format!("{start} -0.50 d6+7")).unwrap();
        assert_eq!((record.exact, label), (None, -0.5));
        for bad in [
            format!("{start} +1.5 exact"),
            format!("{start} 70 exact"),
            format!("{start} x d4"),
            format!("{start} +1 deep"),
            format!("{start} +1 d6+"),
            format!("{start} +1 d+7"),
            format!("{start} +1 dx"),
            format!("{start} +1 d"),
            format!("{start} +1 d6+7+8"),
            format!("{start} +1 d+6"),
            format!("{start} +1 d6+6"),
            format!("{start} +1 d7+6"),
            format!("{start} +1 d6+9"),
            format!("{start} +1 d0"),
            format!("{start} +1 d61"),
            format!("{start} +1 d99999999999999999999"),
            format!("{start} +1"),
            "not a board +1 d4".to_owned(),
        ] {
            assert!(parse(&bad).is_none(), "{bad}");
        }
    }

    /// A file with no labelled position (bad lines only, or finished games) is an error
    /// naming it, not an empty fit.
    #[test]
    fn a_file_without_labels_is_refused() {
        let dir =
            std::env::temp_dir().join(format!("reversi-tune-{}-nolabels", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("none.txt");
        let over = "X".repeat(64);
        std::fs::write(&path, format!("# only\nnot a label\n{over} X +64 exact\n")).unwrap();
        let error = for_each_label(&path, |_, _| panic!("no label to pass"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("none.txt: no labelled position"), "{error}");
    }

    /// A line that is not UTF-8 text is skipped as a bad line (named on standard error)
    /// and the lines after it are still read.
    #[test]
    fn a_line_not_utf8_is_skipped_and_the_rest_read() {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-utf8", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mixed.txt");
        let start = reversi::Board::START.to_obf();
        let mut bytes = format!("{start} +1 exact\n").into_bytes();
        bytes.extend_from_slice(b"\xff\xfe not text\n");
        bytes.extend_from_slice(format!("{start} -3 d6\n").as_bytes());
        std::fs::write(&path, bytes).unwrap();
        let mut labels = Vec::new();
        let added = for_each_label(&path, |_, label| labels.push(label)).unwrap();
        assert_eq!((added, labels), (2, vec![1.0, -3.0]));
    }

    /// Labels of one value a stage (twice the stage's number, in discs): the fitted
    /// evaluation gives about its stage's value on the positions it was fitted to (each
    /// stage's constant carries it, so each position went to its own stage), and the
    /// file written reads back as those weights, on stages 4 empty squares wide (the
    /// whole game) and 2 wide (21 to 28 empties: four stages, each with its own value).
    #[test]
    fn a_constant_label_is_fitted() {
        constant_label_is_fitted(4, 4..58);
    }

    #[test]
    fn a_constant_label_is_fitted_on_finer_stages() {
        constant_label_is_fitted(2, 21..29);
    }

    fn constant_label_is_fitted(width: usize, empties: std::ops::Range<u32>) {
        let stage = |n: u32| stage_of(n, width);
        let dir =
            std::env::temp_dir().join(format!("reversi-tune-{}-fit-{width}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut rng = fastrand::Rng::with_seed(4);
        let mut text = String::from("# labels\nbad line\n");
        let mut boards = Vec::new();
        for _ in 0..600 {
            let n = rng.u32(empties.clone());
            let board = reversi::random::position(&mut rng, n);
            if !board.is_game_over() {
                let label = 2 * stage(board.empty_squares().len());
                text.push_str(&format!("{} +{label} d4\n", board.to_obf()));
                boards.push(board);
            }
        }
        let labels = dir.join("labels.txt");
        std::fs::write(&labels, text).unwrap();
        let mut by_stage = vec![(Vec::new(), Vec::new()); stages(width)];
        assert_eq!(
            read_labels(&labels, width, &mut by_stage).unwrap(),
            boards.len()
        );
        let mut fit = StageFit::for_tests();
        fit.stage_width = width;
        let weights = fit_all(&by_stage, &fit).unwrap();
        assert_eq!(weights.stage_width(), width);
        let output = dir.join("w.bin");
        write_weights(&weights, &output, boards.len()).unwrap();
        let read = Weights::from_bytes(&std::fs::read(&output).unwrap()).unwrap();
        assert_eq!(read, weights);
        let mean_error: f64 = boards
            .iter()
            .map(|b| {
                let v = f64::from(weights.evaluate(b.mover_bits(), b.opponent_bits()));
                let label = 2.0 * stage(b.empty_squares().len()) as f64;
                (v / f64::from(SCALE) - label).abs()
            })
            .sum::<f64>()
            / boards.len() as f64;
        assert!(mean_error < 0.5, "{mean_error}");
    }
}
