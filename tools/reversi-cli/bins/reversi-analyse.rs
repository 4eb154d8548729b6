//! `reversi-analyse [--exact N] [--depth N] [--time S] [--json] [--threads N] [FILE...]`:
//! every move of each game scored (the played move's value, the best move and its value,
//! the loss in discs) and each player's mistakes and losses, for GGF records,
//! transcripts one a line, or WTHOR `.wtb` files. See `bins/help/reversi-analyse.txt`.
//!
//! The input is read by `reversi_cli::games`, the output written by
//! `reversi_cli::report`, the analysis is `reversi_engine::Engine::analyse_game`; this
//! file holds the command line, the files and the progress bar.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use judge::{Exit, Program};
use reversi::wthor::{NameKind, Names};
use reversi_cli::games::{read_text, read_wthor, InputError, InputGame};
use reversi_cli::options::{self, seconds};
use reversi_cli::report::{json_line, write_text, Analysed};
use reversi_engine::{Engine, GameAnalysis, GameAnalysisSettings, IllegalPly};

const PROGRAM: Program = Program::new("reversi-analyse", include_str!("help/reversi-analyse.txt"));

/// The time a position gets without `--depth` or `--time`.
const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The options and the inputs (`-` standard input).
struct Options {
    settings: GameAnalysisSettings,
    json: bool,
    threads: usize,
    inputs: Vec<String>,
}

/// A number in `range`, or the judge's wording of a bad value.
fn number(option: &str, value: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64, String> {
    let expected = format!("a number from {} to {}", range.start(), range.end());
    options::number(option, value, range, &expected)
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut options = Options {
        settings: GameAnalysisSettings::default(),
        json: false,
        threads: 1,
        inputs: Vec::new(),
    };
    let limits = &mut options.settings.limits;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = options::split_inline(&arg);
        let mut value = |expected: &str| options::value(&name, &inline, &mut args, expected);
        match name.as_str() {
            "--exact" => {
                let n = number(
                    "--exact",
                    &value("a number of empties from 0 to 60")?,
                    0..=60,
                )?;
                options.settings.exact_empties = Some(n as u32);
            }
            "--depth" => {
                limits.depth =
                    Some(number("--depth", &value("a depth from 1 to 60")?, 1..=60)? as u32)
            }
            "--time" => limits.time = Some(seconds(&value("seconds above 0")?)?),
            "--threads" => {
                let n = number(
                    "--threads",
                    &value("a number of threads from 1 to 256")?,
                    1..=256,
                )?;
                options.threads = n as usize;
            }
            "--json" => options.json = true,
            _ if arg == "-" || !arg.starts_with('-') => options.inputs.push(arg),
            _ => return Err(judge::unknown(&arg)),
        }
    }
    if limits.depth.is_none() && limits.time.is_none() {
        limits.time = Some(DEFAULT_TIME);
    }
    if options.inputs.is_empty() {
        options.inputs.push("-".to_owned());
    }
    Ok((options, Vec::new()))
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

/// The games of one input, or why it cannot be read at all; the WTHOR players' names.
type Games = Box<dyn Iterator<Item = Result<InputGame, InputError>>>;

fn open(input: &str) -> Result<(Games, Option<Names>, Vec<String>), String> {
    if input == "-" {
        let stdin = io::stdin().lock();
        return Ok((Box::new(read_text(stdin)), None, Vec::new()));
    }
    let path = Path::new(input);
    let file = File::open(path).map_err(|e| format!("{input}: {e}"))?;
    let reader = BufReader::new(file);
    let wtb = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("wtb"));
    if !wtb {
        return Ok((Box::new(read_text(reader)), None, Vec::new()));
    }
    let games = read_wthor(reader).map_err(|e| format!("{input}: {e}"))?;
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
    game: &InputGame,
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
    let mut engine = Engine::new();
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
            let mut game = match game {
                Ok(game) => game,
                // A transcript cut at an illegal move: its legal moves are analysed.
                Err(InputError::Transcript {
                    line,
                    source,
                    legal: Some(legal),
                }) => {
                    report(format!(
                        "{prefix}line {line}: {source} (the game before it analysed)"
                    ));
                    *legal
                }
                Err(error) => {
                    report(format!("{prefix}{error}"));
                    continue;
                }
            };
            if let (Some(names), Some((black, white))) = (&names, game.wthor_players) {
                game.black = names.get(black).map(str::to_owned);
                game.white = names.get(white).map(str::to_owned);
            }
            number += 1;
            let analysis = analyse(&mut engine, &game, options, &bar, number);
            let analysis = match analysis {
                Ok(analysis) => analysis,
                Err(error) => {
                    report(format!("{prefix}{}: {error}", game.place));
                    continue;
                }
            };
            let analysed = Analysed {
                number,
                input,
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

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let mut out = BufWriter::new(io::stdout().lock());
        Exit::from_io(run(&options, &mut out).and_then(|good| out.flush().map(|()| good)))
    })
}
