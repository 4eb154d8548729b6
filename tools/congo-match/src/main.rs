//! `congo-match`: plays two Congo engines against each other; see the README.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;

use congo_match::game::{self, Settings};
use congo_match::openings::{self, COURSE_START};
use congo_match::rules::Board;
use match_core::cli::{self, CommonArgs, Match};
use match_core::runner;
use match_core::summary::Sprt;

/// Plays games between two Congo engines over the engine protocol (newgame, position,
/// moves, go <seconds>) and reports wins, draws, losses, score and Elo difference.
///
/// Each opening is played twice, colours swapped (game 2k: engine 1 White; game 2k+1:
/// engine 1 Black). A game ends at a lion capture, when the side to move has no legal
/// move (it loses), with two bare lions and no lion capture available (draw), or at the
/// ply cap (draw). An engine loses at once for an illegal or malformed answer, a crash,
/// no answer within the time plus the grace, flooding (over 64 KiB of output for one
/// answer, or a line over 4 KiB), or a line printed while no `go` is pending.
///
/// The summary (W/D/L from engine 1's view, score, Elo with 95% intervals, faults per
/// engine, answer times) goes to standard output, the progress bar to standard error.
/// Ctrl-C stops the match and prints the summary of the finished games (exit status 130).
/// A command the shell cannot run, or a bad option value, is one line on standard error
/// and exit status 1, before any game. See tools/congo-match/README.md.
#[derive(Parser, Debug)]
#[command(name = "congo-match", version)]
struct Args {
    /// Engine 1's command, run with `/bin/sh -c` (so quote as in a shell: `"target/release/congo-engine --edition 2022"`).
    #[arg(long, value_name = "CMD")]
    engine1: String,
    /// Engine 2's command, run with `/bin/sh -c`.
    #[arg(long, value_name = "CMD")]
    engine2: String,
    /// Number of games [default: two per opening]. Openings are used in turn, each for two
    /// games with colours swapped, and again from the first if there are more games.
    #[arg(long, short = 'n', value_name = "N")]
    games: Option<usize>,
    /// A file of openings, one FEN a line (blank lines and `#` comments skipped).
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    openings: Option<PathBuf>,
    /// Make N distinct openings of `--plies` random legal plies from `--from`.
    #[arg(long, value_name = "N")]
    random_openings: Option<usize>,
    /// Random plies per opening (with --random-openings).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 4,
        requires = "random_openings"
    )]
    plies: u32,
    /// Seed of the random openings (the same seed gives the same openings).
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        requires = "random_openings"
    )]
    seed: u64,
    /// The position the openings start from (also the only opening when neither
    /// --openings nor --random-openings is given). The default is the course's start;
    /// the standard start is `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`.
    #[arg(long, value_name = "FEN", default_value = COURSE_START, conflicts_with = "openings")]
    from: String,
    /// Seconds per move, sent as `go <seconds>`.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 0.1,
        allow_negative_numbers = true
    )]
    time: f64,
    /// Milliseconds an answer may take beyond --time before it is a loss on time (the time
    /// runs from sending `go` to receiving the answer line).
    #[arg(
        long,
        value_name = "MS",
        default_value_t = 50,
        allow_negative_numbers = true
    )]
    grace: u64,
    /// Plies after the opening before the game is called a draw.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_plies: u32,
    /// Games played at once (each runs two engine processes).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
    concurrency: usize,
    /// Write every game as one JSON object a line to FILE.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

/// The runner's name, which starts its messages on standard error.
const NAME: &str = "congo-match";

fn main() -> ExitCode {
    cli::exit_status(NAME, run(&Args::parse()))
}

/// The largest `--time`: a day per move (larger values overflow the deadline arithmetic
/// and mean nothing for a match).
const MAX_TIME: f64 = 86_400.0;

fn run(args: &Args) -> Result<()> {
    // The engines run in their own process groups: on Ctrl-C or SIGTERM, kill them too.
    // The first stops the match (games under way are killed and not counted; the summary
    // of the finished ones is printed, exit status 130); a second exits at once.
    runner::install_interrupt_handler()?;
    let sprt = check_options(args)?;
    cli::check_engines([&args.engine1, &args.engine2])?;
    let openings = load_openings(args)?;
    let games = args.games.unwrap_or(2 * openings.len());
    args.common.create_log_dir()?;
    let settings = Settings {
        commands: [args.engine1.clone(), args.engine2.clone()],
        time: args.time,
        grace: Duration::from_millis(args.grace),
        max_plies: args.max_plies,
        log_dir: args.common.log_dir.clone(),
    };
    // The openings as the records write them, to check a record to resume.
    let opening_names: Vec<String> = openings.iter().map(|o| o.fen()).collect();
    // The kinds of fault the summary lists: all but `refused` (the Congo protocol has no
    // error answer).
    let fault_kinds: Vec<&'static str> = match_core::engine::FAULT_KINDS
        .into_iter()
        .filter(|&kind| kind != "refused")
        .collect();
    let m = Match {
        name: NAME,
        commands: [&args.engine1, &args.engine2],
        games,
        openings: &opening_names,
        concurrency: args.concurrency,
        sprt,
        record: args.record.as_deref(),
        resume: args.common.resume,
        summary_json: args.common.summary_json.as_deref(),
        fault_kinds: &fault_kinds,
    };
    // Engine 1 moves first (White) in game 2k, from opening k (in turn).
    m.run(
        args.common.quiet,
        &|i, k, engine1_white| game::play(&settings, i, &openings[k], engine1_white),
        |tally| {
            format!(
                "games: {} of {games} ({} openings, {} s per move, grace {} ms, ply cap {})",
                tally.tri.games(),
                openings.len(),
                args.time,
                args.grace,
                args.max_plies
            )
        },
        |_, json| {
            json.insert("time".into(), serde_json::json!(args.time));
            json.insert("grace_ms".into(), serde_json::json!(args.grace));
            json.insert("max_plies".into(), serde_json::json!(args.max_plies));
        },
    )
}

/// Refuses the option values that make no match (each error names the option and its
/// value); returns the SPRT's settings, if asked for.
fn check_options(args: &Args) -> Result<Option<Sprt>> {
    if !(args.time > 0.0 && args.time <= MAX_TIME) {
        bail!(
            "--time {}: must be a number of seconds above 0 and at most {MAX_TIME}",
            args.time
        );
    }
    args.common.check(args.games, args.concurrency)
}

/// The openings: from `--openings FILE`, made by `--random-openings N` from `--from`, or
/// `--from` alone.
fn load_openings(args: &Args) -> Result<Vec<Board>> {
    let from = Board::from_fen(&args.from)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("--from {}", args.from))?;
    if let Some(path) = &args.openings {
        let text =
            openings::read_file(path).with_context(|| format!("--openings {}", path.display()))?;
        openings::from_text(&text, &path.display().to_string())
    } else if let Some(n) = args.random_openings {
        if n == 0 {
            bail!("--random-openings 0: must be at least 1");
        }
        openings::random(&from, n, args.plies, args.seed)
    } else {
        if from.end().is_some() {
            bail!("--from: the game is already over in {}", from.fen());
        }
        Ok(vec![from])
    }
}
