//! The command-line wiring both runners share: the options that mean the same in both
//! ([`CommonArgs`], flattened last into each runner's own), the checks before any game,
//! the output files, the match's schedule and summary ([`Match`]) and the exit status.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::resume;
use crate::runner::{self, Plan};
use crate::summary::{MatchRecord, Sprt, Summary, Tally};

/// The options after `--record` that both runners take, with the same meaning; each
/// runner's `Args` flattens them last, so its `--help` lists them in this order.
#[derive(clap::Args, Debug)]
pub struct CommonArgs {
    /// Write each engine's standard error to DIR/game-<n>-engine<k>.log, at most 1 MiB per
    /// game (else discarded).
    // The text is also `--help`'s, which shows backquotes as they are: `<n>` stays bare.
    #[allow(rustdoc::invalid_html_tags)]
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
    /// Sequential probability ratio test: stop when the LLR over game pairs leaves its
    /// bounds (H0: the difference is ELO0, H1: it is ELO1; logistic Elo).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    pub sprt: Option<Vec<f64>>,
    /// SPRT false-positive rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// SPRT false-negative rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// Go on with the match whose record is the `--record` file (give the same engines,
    /// openings and games): its games are counted and not played again, the rest are
    /// appended to it (a half-written last line is cut off first). A file that does not
    /// exist yet starts the match.
    #[arg(long, requires = "record")]
    pub resume: bool,
    /// Also write the summary as one JSON object to FILE (for scripts).
    #[arg(long, value_name = "FILE")]
    pub summary_json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl CommonArgs {
    /// Refuses `--games 0` and a bad `--concurrency` or `--sprt`; returns the SPRT's
    /// settings, if asked for.
    ///
    /// # Errors
    ///
    /// One naming the option and its value.
    pub fn check(&self, games: Option<usize>, concurrency: usize) -> Result<Option<Sprt>> {
        if games == Some(0) {
            bail!("--games 0: must be at least 1");
        }
        runner::check_concurrency(concurrency)?;
        match &self.sprt {
            Some(v) => Sprt::new(v, self.alpha, self.beta).map(Some),
            None => Ok(None),
        }
    }

    /// Makes the `--log-dir` folder, if asked for.
    ///
    /// # Errors
    ///
    /// `--log-dir DIR` with the cause, when the folder cannot be made.
    pub fn create_log_dir(&self) -> Result<()> {
        if let Some(dir) = &self.log_dir {
            std::fs::create_dir_all(dir).with_context(|| format!("--log-dir {}", dir.display()))?;
        }
        Ok(())
    }
}

/// Checks that the shell can run both engines' commands (see
/// [`engine::check_command`](crate::engine::check_command)).
///
/// # Errors
///
/// `--engine<k> CMD: ...`, for the first command that cannot be run.
pub fn check_engines(commands: [&str; 2]) -> Result<()> {
    for (k, command) in commands.into_iter().enumerate() {
        crate::engine::check_command(command, Duration::from_secs(1))
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("--engine{} {command}", k + 1))?;
    }
    Ok(())
}

/// The files written during the match: the record of every game (`--record`), and the
/// summary (`--summary-json`), created before the match so that a bad path is an error
/// before any game.
pub struct Outputs {
    /// One JSON object a line for every game.
    pub record: Option<BufWriter<File>>,
    /// The summary as one JSON object.
    pub summary: Option<(PathBuf, File)>,
}

impl Outputs {
    /// Creates the record file (or, to resume, opens it to append after its first
    /// `keep` bytes, cutting off the rest), then the summary file, where asked for.
    ///
    /// # Errors
    ///
    /// `--record PATH` or `--summary-json PATH` with the cause.
    pub fn create(
        record: Option<&Path>,
        keep: Option<u64>,
        summary_json: Option<&Path>,
    ) -> Result<Outputs> {
        let record = match record {
            Some(path) => Some(BufWriter::new(
                open_record(path, keep).with_context(|| format!("--record {}", path.display()))?,
            )),
            None => None,
        };
        let summary = match summary_json {
            Some(path) => Some((
                path.to_owned(),
                File::create(path).with_context(|| format!("--summary-json {}", path.display()))?,
            )),
            None => None,
        };
        Ok(Outputs { record, summary })
    }

    /// Writes the object `json` makes (pretty, one final newline) to the summary file, if
    /// there is one.
    ///
    /// # Errors
    ///
    /// `--summary-json PATH` with the cause.
    pub fn write_summary(
        &mut self,
        json: impl FnOnce() -> serde_json::Map<String, serde_json::Value>,
    ) -> Result<()> {
        if let Some((path, file)) = &mut self.summary {
            let text = serde_json::to_string_pretty(&json())? + "\n";
            file.write_all(text.as_bytes())
                .with_context(|| format!("--summary-json {}", path.display()))?;
        }
        Ok(())
    }
}

/// Whether `a` and `b` name the same file: the same path, or two paths to one file.
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (a.canonicalize(), b.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
}

/// The lines of the file at `path` (a last line without its newline counted), read in
/// blocks; 0 when it is not a file (a FIFO or a device is never read) or cannot be read.
fn count_lines(path: &Path) -> usize {
    if !path.is_file() {
        return 0;
    }
    let Ok(mut file) = File::open(path) else {
        return 0;
    };
    let mut buf = [0u8; 1 << 16];
    let (mut lines, mut last) = (0, b'\n');
    while let Ok(n @ 1..) = file.read(&mut buf) {
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
        last = buf[n - 1];
    }
    lines + usize::from(last != b'\n')
}

/// Creates the record file, or opens it to append after its first `keep` bytes.
fn open_record(path: &Path, keep: Option<u64>) -> std::io::Result<File> {
    match keep {
        None => File::create(path),
        Some(keep) => {
            let file = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)?;
            file.set_len(keep)?;
            Ok(file)
        }
    }
}

/// The exit status of a runner named `name` (`congo-match`) after its match: 130 when
/// interrupted, 0 when it finished, else 1 with the chain of causes on one line of
/// standard error (never a backtrace: RUST_BACKTRACE is often set by developers, and a
/// user's mistake is not a bug of the tool).
#[must_use]
pub fn exit_status(name: &str, result: Result<()>) -> ExitCode {
    match result {
        Ok(()) if crate::engine::stopped() => ExitCode::from(130),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// A match as both runners schedule and report it: each opening twice, colours swapped
/// (game 2k engine 1 moves first, game 2k+1 engine 2, from opening k, the openings in
/// turn), then the summary on standard output and, if asked, in JSON.
pub struct Match<'a> {
    /// The runner's name (`reversi-match`), which starts its notes on standard error.
    pub name: &'a str,
    /// The engines' commands.
    pub commands: [&'a str; 2],
    /// The games asked for.
    pub games: usize,
    /// The openings, as the records write them.
    pub openings: &'a [String],
    /// Games played at once.
    pub concurrency: usize,
    /// The SPRT, if the match stops by it.
    pub sprt: Option<Sprt>,
    /// The kinds of fault, in the order the summary lists them.
    pub fault_kinds: &'a [&'static str],
    /// Where each game is written (`--record`), if anywhere.
    pub record: Option<&'a Path>,
    /// Whether to go on with the match of the record (`--resume`).
    pub resume: bool,
    /// Where the summary goes as JSON (`--summary-json`), if anywhere.
    pub summary_json: Option<&'a Path>,
}

impl Match<'_> {
    /// The games of the record to resume (none unless `--resume`), checked against this
    /// match's schedule, and the output files (the record opened to append to them).
    ///
    /// # Errors
    ///
    /// `--record PATH: line N: ...`: the record cannot be read, or holds a game this match
    /// does not play; an output file cannot be opened.
    fn open<R: MatchRecord>(&self) -> Result<(Vec<R>, Outputs)> {
        if let (Some(record), Some(summary)) = (self.record, self.summary_json) {
            if same_file(record, summary) {
                bail!(
                    "--summary-json {}: the same file as --record (the summary would replace the games)",
                    summary.display()
                );
            }
        }
        let resumed = match (self.resume, self.record) {
            (true, Some(path)) if path.exists() => {
                let name = || format!("--record {}", path.display());
                if !path.is_file() {
                    // A FIFO would block the reading, a device never end it.
                    bail!("{}: not a file, so no record to go on with", name());
                }
                let resumed = resume::read::<R>(path).with_context(name)?;
                resume::check(&resumed, self.games, self.openings).with_context(name)?;
                if let Some(n) = resumed.cut_line {
                    eprintln!(
                        "{}: {}: line {n} has no end (the match stopped while writing it): cut off, and the game it began is played again",
                        self.name,
                        name()
                    );
                }
                Some(resumed)
            }
            _ => None,
        };
        // A record replaced by a new match (no --resume) is said, with how to keep it: a
        // long match's record lost to a forgotten option should not go unnoticed.
        let replaced = match (self.resume, self.record) {
            (false, Some(path)) => count_lines(path),
            _ => 0,
        };
        let keep = self.resume.then(|| resumed.as_ref().map_or(0, |r| r.whole));
        let outputs = Outputs::create(self.record, keep, self.summary_json)?;
        if let (true, Some(path)) = (replaced > 0, self.record) {
            let (lines, were) = if replaced == 1 {
                ("line", "was")
            } else {
                ("lines", "were")
            };
            eprintln!(
                "{}: --record {}: its {replaced} earlier {lines} {were} replaced by this match (--resume goes on with a record instead)",
                self.name,
                path.display()
            );
        }
        let games =
            resumed.map_or_else(Vec::new, |r| r.games.into_iter().map(|(_, g)| g).collect());
        Ok((games, outputs))
    }

    /// Opens the output files (first reading the record back with `--resume`), plays the
    /// match with `play(game, opening, engine1_first)` (the progress bar unless `quiet`;
    /// every game to the record), prints the summary with the runner's `games: ...` line
    /// (`games_line` of the finished games' tally) and writes its JSON form, with the
    /// runner's own keys added by `json_extra`, to the summary file.
    ///
    /// # Errors
    ///
    /// The record to resume cannot be read or is not of this match; the record, standard
    /// output or the JSON summary cannot be written.
    pub fn run<R: MatchRecord>(
        &self,
        quiet: bool,
        play: &(dyn Fn(usize, usize, bool) -> R + Sync),
        games_line: impl FnOnce(&Tally) -> String,
        json_extra: impl FnOnce(&Tally, &mut serde_json::Map<String, serde_json::Value>),
    ) -> Result<()> {
        let (resumed, mut outputs) = self.open::<R>()?;
        let bar = runner::progress_bar(quiet, self.games);
        let plan = Plan {
            games: self.games,
            concurrency: self.concurrency,
            sprt: self.sprt,
            bar: &bar,
        };
        let openings = self.openings.len();
        let schedule = |i: usize| play(i, (i / 2) % openings, i % 2 == 0);
        let (tally, sprt_result) =
            runner::play_match(&plan, &schedule, &mut outputs.record, &resumed)?;
        bar.finish_and_clear();
        let summary = Summary {
            commands: self.commands,
            games_line: games_line(&tally),
            tally: &tally,
            games: self.games,
            openings: self.openings.len(),
            resumed: resumed.len(),
            interrupted: crate::engine::stopped(),
            sprt: self.sprt,
            sprt_result,
            fault_kinds: self.fault_kinds,
        };
        let sprt_json = summary.print(&mut std::io::stdout().lock())?;
        outputs.write_summary(|| {
            let mut json = summary.json(sprt_json);
            json_extra(&tally, &mut json);
            json
        })
    }
}
