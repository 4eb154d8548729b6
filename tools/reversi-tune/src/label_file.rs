//! `label-file`: the labelling stage of a training pipeline as a file-to-file step. Each
//! position of an input file (OBF lines) is scored by the engine's own evaluation
//! searched `--depth` plies deep, or by the exact solver at `--exact` empty squares or
//! fewer, on every core, and written in the input's order to the output file, which a
//! later run resumes.
//!
//! Output lines: `OBF SCORE HOW`, `SCORE` in discs for the side to move (`+12` for an
//! exact score, `+3.42` for a search's), `HOW` `exact`, `dN` (a search of N plies) or,
//! with `--pair`, `dN+M` (the mean of a search of N plies and one of M = N + 1:
//! [`Labeller::search_paired`]). A label depends only on its position and the settings
//! (each label starts from empty tables, ProbCut is off: [`Labeller`]), so the file is
//! the same on any number of threads and however often the run was interrupted and
//! resumed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use reversi::Board;

use crate::label::Labeller;
use crate::stage_file;

/// `label-file`: positions scored by a deep search or the exact solver.
#[derive(clap::Args, Debug)]
pub struct LabelFileArgs {
    /// The positions, one OBF line each (64 squares, a space, the side to move; more
    /// after a space is ignored); blank lines and `#` lines are skipped, and so is a bad
    /// line, with its number on standard error.
    input: PathBuf,
    /// The labelled positions: created, or resumed when it holds the labels of the
    /// input's first positions (a last line cut short is written again).
    output: PathBuf,
    /// Plies of the search that labels a position with more than `--exact` empties.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: u32,
    /// Positions with at most this many empty squares get their exact score.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(0..=60))]
    exact: u32,
    /// A searched position's label is the mean of a `--depth` and a `--depth`+1 search,
    /// marked `dN+M` (e.g. `d6+7`): the evaluation's bias alternates with the depth's
    /// parity and mostly cancels in the pair, nearer the exact score than one search
    /// two plies deeper, at less time.
    #[arg(long)]
    pair: bool,
    /// Worker threads (each with its own engine).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Positions labelled between two writes of the output (what an interruption can
    /// lose at most).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    chunk: u32,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// How positions are labelled.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Search plies above `exact` empties.
    pub depth: u32,
    /// Exact scores at this many empties or fewer.
    pub exact: u32,
    /// Searched labels are the mean of a `depth` and a `depth + 1` search.
    pub pair: bool,
    /// Worker threads.
    pub threads: usize,
    /// Positions between two writes.
    pub chunk: usize,
}

/// What a run did.
#[derive(Debug, PartialEq, Eq)]
pub struct Summary {
    /// Positions of the input.
    pub positions: usize,
    /// Positions found labelled already in the output.
    pub resumed: usize,
    /// Input lines skipped as bad (1-based line numbers).
    pub skipped: Vec<usize>,
}

/// `label-file`.
pub fn run(args: &LabelFileArgs) -> Result<()> {
    let settings = Settings {
        depth: args.depth,
        exact: args.exact,
        pair: args.pair,
        threads: args.threads as usize,
        chunk: args.chunk as usize,
    };
    let summary = label_file(&args.input, &args.output, settings, !args.quiet)?;
    eprintln!(
        "{}: {} positions labelled ({} of them before this run), {} bad lines skipped",
        args.output.display(),
        summary.positions,
        summary.resumed,
        summary.skipped.len()
    );
    Ok(())
}

/// Labels the positions of `input` into `output` (see the module docs), resuming what
/// `output` holds; with `progress`, a progress bar on standard error (positions, rate,
/// time left).
///
/// # Errors
/// The files cannot be read or written, or `output` holds lines that are not the labels
/// of `input`'s first positions.
pub fn label_file(
    input: &Path,
    output: &Path,
    settings: Settings,
    progress: bool,
) -> Result<Summary> {
    let (boards, skipped) = read_positions(input)?;
    for line in &skipped {
        eprintln!(
            "{}: line {line}: not an OBF position, skipped",
            input.display()
        );
    }
    let resumed = resume(output, &boards, settings)?;
    let mut out = stage_file::appender(output)?;
    let bar = stage_file::progress_bar(boards.len() as u64, resumed as u64, "positions", progress);
    let mut labellers: Vec<Labeller> = (0..settings.threads.max(1))
        .map(|_| Labeller::new(reversi_engine::eval::builtin(), 16 << 20, 16 << 20))
        .collect();
    for chunk in boards[resumed..].chunks(settings.chunk.max(1)) {
        for line in label_chunk(chunk, settings, &mut labellers) {
            writeln!(out, "{line}")?;
        }
        out.flush()
            .with_context(|| format!("cannot write {}", output.display()))?;
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    Ok(Summary {
        positions: boards.len(),
        resumed,
        skipped,
    })
}

/// The positions of `input` and the numbers of its bad lines (not an OBF position, a
/// line that is not UTF-8 text among them).
fn read_positions(input: &Path) -> Result<(Vec<Board>, Vec<usize>)> {
    let (mut boards, mut skipped) = (Vec::new(), Vec::new());
    stage_file::for_each_line(input, |number, text| {
        match obf_of(text) {
            Some(board) => boards.push(board),
            None => skipped.push(number),
        }
        Ok(())
    })?;
    Ok((boards, skipped))
}

/// The board of an OBF line (its first two fields), if it is one.
pub fn obf_of(text: &str) -> Option<Board> {
    let mut fields = text.split_whitespace();
    let obf = format!("{} {}", fields.next()?, fields.next()?);
    Board::from_obf(&obf).ok()
}

/// How many of `boards` `output` holds labelled already under `settings` (created empty
/// when missing), its last line dropped when cut short.
///
/// # Errors
/// A complete line that is not the label of the position of its rank, or not one these
/// settings give (another depth, another exact bound, paired or not).
fn resume(output: &Path, boards: &[Board], settings: Settings) -> Result<usize> {
    let (mut file, text) = stage_file::open_output(output, "labels file")?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut done = 0;
    for (i, line) in text[..complete].lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let same = obf_of(line).is_some_and(|board| boards.get(i) == Some(&board))
            && fields.len() == 4
            && fields[2].parse::<f64>().is_ok()
            && fields[3] == how(&boards[i], settings);
        if !same {
            bail!(
                "{}: line {}: not the label of the input's position {} (another input, or other --depth, --exact or --pair? remove the file to start again)",
                output.display(),
                i + 1,
                i + 1
            );
        }
        done += 1;
    }
    stage_file::keep(&mut file, complete, text.len())?;
    Ok(done)
}

/// The output lines of `chunk`, in order, labelled on the threads of `labellers`.
fn label_chunk(chunk: &[Board], settings: Settings, labellers: &mut [Labeller]) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let lines = Mutex::new(vec![String::new(); chunk.len()]);
    std::thread::scope(|scope| {
        for labeller in labellers.iter_mut() {
            let (next, lines) = (&next, &lines);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(board) = chunk.get(i) else { break };
                let line = label_line(labeller, board, settings);
                lines.lock().expect("no labeller panics")[i] = line;
            });
        }
    });
    lines.into_inner().expect("no labeller panics")
}

/// How `settings` label `board`: `exact`, `dN` for a search of N plies, or `dN+M` for
/// the mean of searches of N and M = N + 1 plies.
fn how(board: &Board, settings: Settings) -> String {
    if board.empty_squares().len() <= settings.exact || board.is_game_over() {
        "exact".to_owned()
    } else if settings.pair {
        format!("d{}+{}", settings.depth, settings.depth + 1)
    } else {
        format!("d{}", settings.depth)
    }
}

/// The output line of `board`.
fn label_line(labeller: &mut Labeller, board: &Board, settings: Settings) -> String {
    let how = how(board, settings);
    if how == "exact" {
        let (score, _) = labeller.solve(board);
        format!("{} {score:+} {how}", board.to_obf())
    } else {
        let (score, _) = if settings.pair {
            labeller.search_paired(board, settings.depth)
        } else {
            labeller.search(board, settings.depth)
        };
        format!("{} {score:+.2} {how}", board.to_obf())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh path in the temporary folder for this test.
    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Positions of seeded random games at 10 to 50 empties, as an input file, with a
    /// comment, a blank line and a bad line (line 3).
    fn input(dir: &Path) -> (PathBuf, Vec<Board>) {
        let mut rng = fastrand::Rng::with_seed(9);
        let mut boards = Vec::new();
        while boards.len() < 9 {
            let empties = rng.u32(10..50);
            let board = reversi::random::position(&mut rng, empties);
            if !board.is_game_over() {
                boards.push(board);
            }
        }
        let mut text = String::from("# positions\n\nnot a board\n");
        for board in &boards {
            text.push_str(&format!("{} a comment\n", board.to_obf()));
        }
        let path = dir.join("in.obf");
        std::fs::write(&path, text).unwrap();
        (path, boards)
    }

    const SETTINGS: Settings = Settings {
        depth: 3,
        exact: 14,
        pair: false,
        threads: 2,
        chunk: 4,
    };

    /// Each label is its position's exact score at `exact` empties or fewer, else the
    /// score of a `depth`-ply search, as the labeller gives them one by one.
    #[test]
    fn labels_are_the_labellers_in_the_inputs_order() {
        labels_are_the_labellers(SETTINGS, "order", "d3");
    }

    /// With `pair`, a searched position's label is the labeller's paired label, marked
    /// `d3+4`; the exact ones are unchanged.
    #[test]
    fn paired_labels_are_the_labellers_in_the_inputs_order() {
        let paired = Settings {
            pair: true,
            ..SETTINGS
        };
        labels_are_the_labellers(paired, "paired", "d3+4");
    }

    /// The lines `label_file` writes under `settings` (in the test folder `name`) are,
    /// one by one, the labeller's exact or searched labels, the latter marked `how`.
    fn labels_are_the_labellers(settings: Settings, name: &str, how: &str) {
        let dir = temp(name);
        let (input, boards) = input(&dir);
        let output = dir.join("out.txt");
        let _ = std::fs::remove_file(&output);
        let summary = label_file(&input, &output, settings, false).unwrap();
        assert_eq!(
            summary,
            Summary {
                positions: 9,
                resumed: 0,
                skipped: vec![3]
            }
        );
        let text = std::fs::read_to_string(&output).unwrap();
        let mut labeller = Labeller::new(reversi_engine::eval::builtin(), 1 << 20, 1 << 20);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), boards.len());
        for (line, board) in lines.iter().zip(&boards) {
            let empties = board.empty_squares().len();
            let expected = if empties <= settings.exact {
                format!("{} {:+} exact", board.to_obf(), labeller.solve(board).0)
            } else if settings.pair {
                let score = labeller.search_paired(board, settings.depth).0;
                format!("{} {score:+.2} {how}", board.to_obf())
            } else {
                let score = labeller.search(board, settings.depth).0;
                format!("{} {score:+.2} {how}", board.to_obf())
            };
            assert_eq!(*line, expected);
        }
        assert!(
            lines.iter().any(|l| l.ends_with("exact"))
                && lines.iter().any(|l| l.ends_with(&format!(" {how}")))
        );
    }

    /// A run interrupted after some chunks, its last line cut short, resumes to the file
    /// an uninterrupted run writes; on one thread too.
    #[test]
    fn a_resumed_run_writes_the_same_file() {
        let dir = temp("resume");
        let (input, _) = input(&dir);
        let whole = dir.join("whole.txt");
        let _ = std::fs::remove_file(&whole);
        label_file(&input, &whole, SETTINGS, false).unwrap();
        let expected = std::fs::read_to_string(&whole).unwrap();
        let cut = dir.join("cut.txt");
        let second = expected.match_indices('\n').nth(4).unwrap().0 + 1;
        std::fs::write(&cut, &expected[..second + 20]).unwrap();
        let one = Settings {
            threads: 1,
            ..SETTINGS
        };
        let summary = label_file(&input, &cut, one, false).unwrap();
        assert_eq!(summary.resumed, 5);
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
        // Nothing left: a run on the finished file changes nothing.
        assert_eq!(
            label_file(&input, &cut, SETTINGS, false).unwrap().resumed,
            9
        );
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
    }

    /// An output that is not this input's labels (or not under these settings) is
    /// refused, naming its line, and left as it was.
    #[test]
    fn another_files_labels_are_refused() {
        let dir = temp("refuse");
        let (input, _) = input(&dir);
        let output = dir.join("other.txt");
        let other = format!("{} +0 exact\n", Board::START.to_obf());
        std::fs::write(&output, &other).unwrap();
        let error = label_file(&input, &output, SETTINGS, false).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("other.txt: line 1: not the label"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&output).unwrap(), other);
        // This input's labels under other settings: refused too.
        let ours = dir.join("ours.txt");
        let _ = std::fs::remove_file(&ours);
        label_file(&input, &ours, SETTINGS, false).unwrap();
        let deeper = Settings {
            depth: 4,
            exact: 0,
            ..SETTINGS
        };
        assert!(label_file(&input, &ours, deeper, false).is_err());
        // Unpaired labels resumed with `pair`, and paired ones without: refused, the
        // files left as they were.
        let unpaired = std::fs::read_to_string(&ours).unwrap();
        let paired = Settings {
            pair: true,
            ..SETTINGS
        };
        let error = label_file(&input, &ours, paired, false).unwrap_err();
        assert!(error.to_string().contains("not the label"), "{error}");
        assert_eq!(std::fs::read_to_string(&ours).unwrap(), unpaired);
        let theirs = dir.join("paired.txt");
        let _ = std::fs::remove_file(&theirs);
        label_file(&input, &theirs, paired, false).unwrap();
        assert!(label_file(&input, &theirs, SETTINGS, false).is_err());
    }
}
