//! The subcommands: each reads its inputs record by record, reports bad records on
//! standard error (`FILE: ...`) and goes on, and says at the end whether all went well.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use reversi::record::{
    read_games, read_games_as, Format, GameRecord, Place as ReadPlace, ReadError,
};
use reversi::wthor::{self, Header, NameKind, Names};
use reversi::Transcript;
use reversi_engine::Engine;
use serde_json::json;

use crate::check::check;
use crate::cli::{
    CheckArgs, ConvertArgs, CountArgs, FilterArgs, GenerateArgs, InputArgs, OutputKind, StatsArgs,
};
use crate::filter::{Filter, Opening};
use crate::record::Record;
use crate::stats::Stats;

/// The filters of the command line.
///
/// # Errors
/// An opening that is not a list of squares.
pub fn filter_of(args: &FilterArgs) -> Result<Filter> {
    Ok(Filter {
        player: args.player.clone(),
        year: args.year,
        opening: args
            .opening
            .as_deref()
            .map(Opening::parse)
            .transpose()
            .map_err(anyhow::Error::msg)?,
    })
}

/// The games of one input.
type Games = Box<dyn Iterator<Item = Result<(ReadPlace, GameRecord), ReadError>>>;

/// Opens an input (`-` is standard input) and reads its games in the format `from`, else
/// the one its extension names (`.wtb`, `.ggf`, `.txt`), else the one its first bytes
/// say (`reversi::record::Format::detect`).
fn open(path: &Path, from: Option<Format>) -> io::Result<Games> {
    let input: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(BufReader::with_capacity(1 << 16, File::open(path)?))
    };
    Ok(match from.or_else(|| Format::from_extension(path)) {
        Some(format) => Box::new(read_games_as(input, format)),
        None => Box::new(read_games(input)),
    })
}

/// A reading error as this program words it: a GGF reader's error as the GGF reader
/// says it (`game at line 3 (byte 58): ...`), any other as the reader says it.
fn error_text(error: &ReadError) -> String {
    match error {
        ReadError::Ggf(error) => error.to_string(),
        other => other.to_string(),
    }
}

/// A name file, read whole.
fn names(path: Option<&Path>, kind: NameKind) -> Result<Option<Names>> {
    path.map(|path| {
        let file = File::open(path).with_context(|| format!("{}", path.display()))?;
        Names::read(io::BufReader::new(file), kind).with_context(|| format!("{}", path.display()))
    })
    .transpose()
}

/// Where a record was read: its file and its number there (from 0, errors counted: a
/// WTHOR file's record number).
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The file.
    pub file: &'a Path,
    /// The record's number in the file, from 0.
    pub index: u64,
}

/// Calls `each` with every record of the inputs that passes `filter`, in order, until it
/// returns `false`; prints each bad record or input as `FILE: error` on standard error.
/// The number of errors.
///
/// # Errors
/// A name file that cannot be read.
pub fn for_each_record(
    args: &InputArgs,
    filter: &Filter,
    mut each: impl FnMut(Place<'_>, Record) -> bool,
) -> Result<u64> {
    let players = names(args.players.as_deref(), NameKind::Player)?;
    let tournaments = names(args.tournaments.as_deref(), NameKind::Tournament)?;
    let mut errors = 0;
    for file in &args.inputs {
        let games = match open(file, args.from.map(Format::from)) {
            Ok(games) => games,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                errors += 1;
                continue;
            }
        };
        for (index, item) in games.enumerate() {
            let record = item.map_err(|e| error_text(&e)).and_then(|(_, mut game)| {
                game.name_wthor_players(players.as_ref(), tournaments.as_ref());
                Record::from_game(game).map_err(|_| {
                    format!(
                        "game {}: starts from another position than the standard start (a transcript cannot hold it)",
                        index + 1
                    )
                })
            });
            match record {
                Ok(record) if filter.matches(&record) => {
                    let place = Place {
                        file,
                        index: index as u64,
                    };
                    if !each(place, record) {
                        return Ok(errors);
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    eprintln!("{}: {e}", file.display());
                    errors += 1;
                }
            }
        }
    }
    Ok(errors)
}

/// The output: a file or standard output, buffered.
fn output(path: Option<&Path>) -> Result<Box<dyn Write>> {
    Ok(match path {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("{}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout().lock())),
    })
}

/// `convert`: whether every input was read without error.
///
/// # Errors
/// A name file or the output that cannot be read or written.
pub fn convert(args: &ConvertArgs) -> Result<bool> {
    let filter = filter_of(&args.filter)?;
    let mut out = output(args.output.as_deref())?;
    let mut wthor_games: Vec<Record> = Vec::new();
    let mut failure: Option<io::Error> = None;
    let errors = for_each_record(&args.input, &filter, |_, record| {
        let written = match args.to {
            OutputKind::Wthor => {
                wthor_games.push(record);
                Ok(())
            }
            OutputKind::Ggf => writeln!(out, "{}", record.to_ggf()),
            OutputKind::Transcript => writeln!(out, "{}", record.transcript),
            OutputKind::Json => writeln!(out, "{}", record.to_json()),
        };
        written.map_err(|e| failure = Some(e)).is_ok()
    })?;
    if let Some(e) = failure {
        return Err(e).context("writing the output");
    }
    if args.to == OutputKind::Wthor {
        write_wthor(&mut out, &wthor_games, args.wthor_year)?;
    }
    out.flush().context("writing the output")?;
    Ok(errors == 0)
}

/// The WTHOR file of `records`: the header's year `year`, else the first record's, else
/// 0; its depth P3 the first record's theoretical depth, else 0.
fn write_wthor(out: &mut dyn Write, records: &[Record], year: Option<u16>) -> Result<()> {
    let first = records.first();
    let year = year.or(first.and_then(|r| r.game.year)).unwrap_or(0);
    let count = u32::try_from(records.len()).context("too many games for a WTHOR file")?;
    let mut header = Header::for_games(year, count);
    header.depth = first
        .and_then(|r| r.game.theoretical)
        .map_or(0, |t| t.empties);
    out.write_all(&header.to_bytes())?;
    for record in records {
        out.write_all(&record.to_wthor(year)?.to_record())?;
    }
    Ok(())
}

/// `stats`: whether every input was read without error.
///
/// # Errors
/// A name file that cannot be read, an opening that is not squares.
pub fn stats(args: &StatsArgs) -> Result<bool> {
    let mut filter = filter_of(&args.filter)?;
    // The statistics count the games of the opening themselves.
    let opening = filter.opening.take().unwrap_or_default();
    let mut stats = Stats::new(opening);
    let errors = for_each_record(&args.input, &filter, |_, record| {
        stats.add(&record);
        true
    })?;
    if args.json {
        println!("{}", stats.to_json());
    } else {
        print!("{}", stats.to_text());
    }
    Ok(errors == 0)
}

/// The number of game records the WTHOR inputs announce by their size (`None` when one
/// is standard input).
fn wthor_total(args: &InputArgs) -> Option<u64> {
    args.inputs.iter().try_fold(0, |sum, path| {
        let len = std::fs::metadata(path).ok()?.len();
        Some(sum + len.saturating_sub(wthor::HEADER_LEN as u64) / wthor::GAME_LEN as u64)
    })
}

/// A progress bar on standard error, hidden when it is not a terminal.
fn progress(total: Option<u64>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} (eta {eta})")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// What `check` found.
#[derive(Debug, Default)]
struct CheckTotals {
    checked: u64,
    differ: u64,
    skipped: u64,
    nodes: u64,
}

/// `check`: whether every input was read without error and every record agrees.
///
/// # Errors
/// A name file that cannot be read, an opening that is not squares.
pub fn check_command(args: &CheckArgs) -> Result<bool> {
    let filter = filter_of(&args.filter)?;
    let limit = args.limit.unwrap_or(u64::MAX);
    let bar = progress(wthor_total(&args.input).map(|n| n.min(limit)));
    let mut engine = Engine::try_with_table_bytes((args.table_mib as usize) << 20)
        .with_context(|| format!("--table-mib {}", args.table_mib))?;
    let mut totals = CheckTotals::default();
    let start = Instant::now();
    let errors = for_each_record(&args.input, &filter, |place, record| {
        let Some(theoretical) = record.game.theoretical else {
            totals.skipped += 1;
            return true;
        };
        let empties = args.empties.unwrap_or(theoretical.empties);
        let checked = check(
            &record.transcript,
            empties,
            theoretical.black_discs,
            &mut engine,
        );
        totals.checked += 1;
        totals.nodes += checked.nodes;
        if !checked.agrees() {
            totals.differ += 1;
            bar.suspend(|| report_mismatch(args.json, place, &record.transcript, &checked));
        }
        bar.inc(1);
        totals.checked < limit
    })?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{}",
            json!({"checked": totals.checked, "agree": totals.checked - totals.differ,
                   "differ": totals.differ, "skipped": totals.skipped, "errors": errors,
                   "nodes": totals.nodes, "seconds": seconds})
        );
    } else {
        println!(
            "{} games checked: {} agree, {} differ; {} without a theoretical score, {errors} unreadable; {} nodes in {seconds:.1} s",
            totals.checked,
            totals.checked - totals.differ,
            totals.differ,
            totals.skipped,
            totals.nodes
        );
    }
    Ok(errors == 0 && totals.differ == 0)
}

/// One line for a record whose theoretical score differs from the solver's.
fn report_mismatch(json: bool, place: Place<'_>, moves: &Transcript, checked: &crate::Checked) {
    if json {
        println!(
            "{}",
            json!({"file": place.file.display().to_string(), "record": place.index,
                   "record_black_discs": checked.record, "solver_black_discs": checked.solver,
                   "empties": checked.empties, "moves": moves.to_string()})
        );
    } else {
        println!(
            "{}: record {}: theoretical score {} in the record, {} by the solver from {} empties ({moves})",
            place.file.display(),
            place.index,
            checked.record,
            checked.solver,
            checked.empties
        );
    }
}

/// `count`: reads every game (through `reversi::record::read_games`, as the other
/// commands do) and prints the games, moves, errors and moves per second.
///
/// # Errors
/// A name file that cannot be read.
pub fn count(args: &CountArgs) -> Result<bool> {
    let start = Instant::now();
    let (mut games, mut moves, mut errors) = (0u64, 0u64, 0u64);
    for file in &args.input.inputs {
        let items = match open(file, args.input.from.map(Format::from)) {
            Ok(items) => items,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                errors += 1;
                continue;
            }
        };
        for item in items {
            match item {
                Ok((_, game)) => {
                    games += 1;
                    moves += game
                        .plies
                        .iter()
                        .filter(|p| **p != reversi::Ply::Pass)
                        .count() as u64;
                }
                Err(e) => {
                    eprintln!("{}: {}", file.display(), error_text(&e));
                    errors += 1;
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {moves} moves, {errors} errors in {seconds:.3} s: {:.1} million moves/s",
        moves as f64 / seconds / 1e6
    );
    Ok(errors == 0)
}

/// A random legal game from the start, played to its end by `rng`.
#[must_use]
pub fn random_game(rng: &mut fastrand::Rng) -> Transcript {
    reversi::random::transcript(rng, usize::MAX)
}

/// `generate`: a WTHOR file of `--games` random legal games (seeded), written as it is
/// made (flat memory).
///
/// # Errors
/// The output cannot be written.
pub fn generate(args: &GenerateArgs) -> Result<bool> {
    let mut out = output(Some(&args.output))?;
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let header = Header::for_games(args.year, args.games);
    out.write_all(&header.to_bytes())?;
    for _ in 0..args.games {
        let game = wthor::WthorGame::new(random_game(&mut rng));
        out.write_all(&game.to_record())?;
    }
    out.flush()?;
    Ok(true)
}
