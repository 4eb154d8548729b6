//! `reversi-analyse [--exact N] [--depth N] [--time S] [--json] [--mistake-threshold D]
//! [--table-mib N] [--threads N] [FILE...]`: every move of each game scored (the played move's value,
//! the best move and its value, the loss in discs) and each player's mistakes and
//! losses, for GGF records, transcripts one a line, or WTHOR `.wtb` files.
//! `reversi-analyse --help` says more (`bins/help/reversi-analyse.txt` is its input,
//! output and exit statuses).
//!
//! The input is read by `reversi::record::read_games`, the output written by
//! `reversi_cli::report`, the analysis is `reversi_engine::Engine::analyse_game`; this
//! file holds the command line, the files and the progress bar.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use reversi::record::{read_games, read_games_as, Format, GameRecord, Place, ReadError};
use reversi::wthor::{NameKind, Names};
use reversi_cli::options::{ranged, seconds, TableArgs, DEPTH, THREADS};
use reversi_cli::report::{json_line, write_text, Analysed};
use reversi_engine::{Engine, GameAnalysis, GameAnalysisSettings, IllegalPly};

/// The time a position gets without `--depth` or `--time`.
const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// Reversi game analysis: every move of each game scored against the best one
#[derive(Parser)]
#[command(
    name = "reversi-analyse",
    version,
    allow_negative_numbers = true,
    after_long_help = include_str!("help/reversi-analyse.txt")
)]
struct Cli {
    /// Solve positions of at most N empty squares exactly (0 to 60)
    ///
    /// Every move of such a position is solved, whatever the time;
    /// the other positions are never exact. Without it, exact where
    /// the time allows (20 empties at 1 s a position; a solve the
    /// time stops keeps the search's values) or where the depth
    /// reaches the end.
    #[arg(
        long,
        value_name = "N",
        value_parser = ranged::<u32>(0..=60, "a number of empties from 0 to 60"),
        verbatim_doc_comment
    )]
    exact: Option<u32>,
    /// Search each position N plies deep (1 to 60)
    #[arg(long, value_name = "N", value_parser = ranged::<u32>(1..=60, DEPTH))]
    depth: Option<u32>,
    /// Seconds a position (above 0, at most 86400)
    ///
    /// Default 1 when --depth is not given.
    #[arg(long, value_name = "S", value_parser = seconds, verbatim_doc_comment)]
    time: Option<Duration>,
    /// One JSON object a line per game instead of text
    ///
    /// Its fields: tools/reversi-cli/README.md.
    #[arg(long, verbatim_doc_comment)]
    json: bool,
    /// A searched loss is a mistake only above D discs (0 to 64)
    ///
    /// Default 3: a searched loss changed by up to 2.55 discs
    /// when the position was searched again for twice the
    /// time. An exact loss above 0 is always a mistake.
    #[arg(
        long = "mistake-threshold",
        value_name = "D",
        default_value_t = GameAnalysisSettings::DEFAULT_MISTAKE_THRESHOLD,
        value_parser = discs,
        verbatim_doc_comment
    )]
    mistake_threshold: f64,
    #[command(flatten)]
    table: TableArgs,
    /// The solver's threads (1 to 256)
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = ranged::<usize>(1..=256, THREADS)
    )]
    threads: usize,
    /// The game files (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    inputs: Vec<String>,
}

/// A number of discs from 0 to 64 (`--mistake-threshold`).
fn discs(value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|d| (0.0..=64.0).contains(d))
        .ok_or_else(|| "expected a number of discs from 0 to 64".to_owned())
}

/// The options: the analysis settings, JSON or text, the table and threads, the inputs
/// (`-` standard input).
struct Options {
    settings: GameAnalysisSettings,
    json: bool,
    table: TableArgs,
    threads: usize,
    inputs: Vec<String>,
}

impl From<Cli> for Options {
    fn from(cli: Cli) -> Options {
        let mut settings = GameAnalysisSettings {
            exact_empties: cli.exact,
            mistake_threshold: cli.mistake_threshold,
            ..GameAnalysisSettings::default()
        };
        let limits = &mut settings.limits;
        if cli.depth.is_some() {
            limits.depth = cli.depth;
        }
        if cli.time.is_some() {
            limits.time = cli.time;
        }
        if limits.depth.is_none() && limits.time.is_none() {
            limits.time = Some(DEFAULT_TIME);
        }
        let inputs = if cli.inputs.is_empty() {
            vec!["-".to_owned()]
        } else {
            cli.inputs
        };
        Options {
            settings,
            json: cli.json,
            table: cli.table,
            threads: cli.threads,
            inputs,
        }
    }
}

/// The players' names of a WTHOR file: `WTHOR.JOU` beside it (any case), if there.
fn wthor_names(path: &Path) -> Option<io::Result<Names>> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let entry = std::fs::read_dir(dir).ok()?.flatten().find(|entry| {
        entry
            .file_name()
            .to_str()
            .is_some_and(|n| n.eq_ignore_ascii_case("WTHOR.JOU"))
    })?;
    let names = File::open(entry.path()).and_then(|file| {
        Names::read(BufReader::new(file), NameKind::Player).map_err(io::Error::other)
    });
    Some(names.map_err(|e| io::Error::other(format!("{}: {e}", entry.path().display()))))
}

/// The games of one input.
type Games = Box<dyn Iterator<Item = Result<(Place, GameRecord), ReadError>>>;

/// The games of one input (`-`: standard input), read in the format its content says
/// (`reversi::record::Format::detect`) but for a `.wtb` file, always WTHOR; the WTHOR
/// players' names beside a `.wtb` file, and the warnings of a name file not read. An
/// input that cannot be opened is an error.
fn open(input: &str) -> Result<(Games, Option<Names>, Vec<String>), String> {
    if input == "-" {
        let stdin = io::stdin().lock();
        return Ok((Box::new(read_games(stdin)), None, Vec::new()));
    }
    let path = Path::new(input);
    let file = File::open(path).map_err(|e| format!("{input}: {e}"))?;
    let reader = BufReader::new(file);
    if Format::from_extension(path) != Some(Format::Wthor) {
        return Ok((Box::new(read_games(reader)), None, Vec::new()));
    }
    let games = read_games_as(reader, Format::Wthor);
    let (names, warnings) = match wthor_names(path) {
        None => (None, Vec::new()),
        Some(Ok(names)) => (Some(names), Vec::new()),
        Some(Err(error)) => (None, vec![format!("{input}: {error}")]),
    };
    Ok((Box::new(games), names, warnings))
}

/// The progress bar on standard error: drawn only when it is a terminal.
fn progress_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
    if io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    let style = ProgressStyle::with_template("{prefix} [{bar:30}] ply {pos}/{len} {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// A game's analysis (the engine's tables cleared first), the bar showing its plies.
fn analyse(
    engine: &mut Engine,
    game: &GameRecord,
    options: &Options,
    bar: &ProgressBar,
    number: usize,
) -> Result<GameAnalysis, IllegalPly> {
    bar.reset();
    bar.set_length(game.plies.len() as u64);
    bar.set_prefix(format!("game {number}"));
    engine.new_game();
    engine.analyse_game(&game.start, &game.plies, &options.settings, |done, _| {
        bar.set_position(done as u64);
    })
}

/// The run: each input, each game, its analysis written; `false` if any input error, or
/// if the inputs held no game at all (`no games` on standard error).
fn run(options: &Options, out: &mut impl Write) -> io::Result<bool> {
    let mut engine = options
        .table
        .engine()
        .map_err(|error| io::Error::new(io::ErrorKind::OutOfMemory, error))?;
    engine.set_threads(options.threads);
    let bar = progress_bar();
    let (mut good, mut number) = (true, 0);
    let mut report = |message: String| {
        good = false;
        bar.suspend(|| eprintln!("{message}"));
    };
    for input in &options.inputs {
        let prefix = if input == "-" {
            String::new()
        } else {
            format!("{input}: ")
        };
        let (games, names, warnings) = match open(input) {
            Ok(opened) => opened,
            Err(message) => {
                report(message);
                continue;
            }
        };
        warnings.into_iter().for_each(&mut report);
        for game in games {
            let (place, mut game) = match game {
                Ok(game) => game,
                // A game cut at a move that cannot be played: its moves before it are
                // analysed, and the error is still reported.
                Err(mut error) => match error.take_legal() {
                    Some(legal) => {
                        report(format!("{prefix}{error} (the game before it analysed)"));
                        legal
                    }
                    None => {
                        report(format!("{prefix}{error}"));
                        continue;
                    }
                },
            };
            game.name_wthor_players(names.as_ref(), None);
            number += 1;
            let analysis = analyse(&mut engine, &game, options, &bar, number);
            let analysis = match analysis {
                Ok(analysis) => analysis,
                Err(error) => {
                    report(format!("{prefix}{place}: {error}"));
                    continue;
                }
            };
            let analysed = Analysed {
                number,
                input,
                place,
                game: &game,
                analysis: &analysis,
            };
            if options.json {
                writeln!(out, "{}", json_line(&analysed))?;
            } else {
                write_text(out, &analysed)?;
            }
            bar.suspend(|| out.flush())?;
        }
    }
    bar.finish_and_clear();
    if number == 0 && good {
        // Nothing bad was read, and nothing at all: an empty input is not a success.
        eprintln!("no games");
        good = false;
    }
    Ok(good)
}

fn main() -> ExitCode {
    let options = Options::from(Cli::parse());
    let mut out = BufWriter::new(io::stdout().lock());
    match run(&options, &mut out).and_then(|good| out.flush().map(|()| good)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A reader that closed the pipe early (`| head`) wanted no more: no error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}
