//! `reversi-match`: plays two Reversi engines against each other; see the README.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;

use match_core::cli::{self, CommonArgs, Match};
use match_core::runner;
use reversi_match::game::{self, EngineSettings, Settings, TimeControl};
use reversi_match::opening::{self, Opening};
use reversi_match::protocol::Protocol;

/// Plays games between two Reversi (Othello) engines over GTP or the NBoard protocol and
/// reports wins, draws, losses, disc difference, score and Elo difference.
///
/// Each opening is played twice, colours swapped (game 2k: engine 1 Black, who moves
/// first; game 2k+1: engine 1 White). A game ends when neither side can move (most discs
/// wins). An engine loses at once for an illegal move or pass, a malformed answer, no
/// answer within its time plus the grace, a crash, flooding (over 64 KiB of output for
/// one answer, or a line over 4 KiB), output out of turn, or an error answer to a
/// command (a refused `play`); a resignation is a loss too.
///
/// The summary (W/D/L from engine 1's view, disc difference, score, Elo with 95%
/// intervals, faults per engine, answer times) goes to standard output. Ctrl-C stops
/// the match and prints the summary of the finished games (exit status 130). See
/// tools/reversi-match/README.md.
#[derive(Parser, Debug)]
#[command(name = "reversi-match", version)]
struct Args {
    /// Engine 1's command, run with `/bin/sh -c` (quote as in a shell: `"/usr/games/gtp-rhino --level 4"`).
    #[arg(long, value_name = "CMD")]
    engine1: String,
    /// Engine 2's command, run with `/bin/sh -c`.
    #[arg(long, value_name = "CMD")]
    engine2: String,
    /// Engine 1's protocol: gtp or nboard.
    #[arg(long, value_name = "P", default_value = "gtp")]
    protocol1: Protocol,
    /// Engine 2's protocol: gtp or nboard.
    #[arg(long, value_name = "P", default_value = "gtp")]
    protocol2: Protocol,
    /// Engine 1's search depth, sent over NBoard as `set depth N` at the start of each
    /// game (1 to 60; an NBoard engine is told no depth otherwise; GTP has no depth).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=60))]
    depth1: Option<u32>,
    /// Engine 2's search depth over NBoard, as --depth1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=60))]
    depth2: Option<u32>,
    /// Seconds per move for both engines, or `none` for no limit; sent over GTP as
    /// `time_settings 0 T 1`.
    #[arg(long, value_name = "SECONDS", default_value = "0.1", value_parser = parse_time)]
    time: TimeLimit,
    /// Engine 1's seconds per move, or `none` (overrides --time).
    #[arg(long, value_name = "SECONDS", value_parser = parse_time)]
    time1: Option<TimeLimit>,
    /// Engine 2's seconds per move, or `none` (overrides --time). GRhino ignores the
    /// clock: give it `none`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time)]
    time2: Option<TimeLimit>,
    /// Seconds for all of each engine's moves of a game instead of a time a move (sudden
    /// death: its answers' times are taken from its clock, and it loses on time when they
    /// take more than the clock and the grace, given once a game); sent over GTP as
    /// `time_settings T 0 0` and `time_left` before each move.
    #[arg(long, value_name = "SECONDS", value_parser = parse_game_time, conflicts_with_all = ["time1", "time2"])]
    game_time: Option<f64>,
    /// Milliseconds an answer may take beyond its time before it is a loss on time (from
    /// sending the move request to receiving the answer line).
    #[arg(long, value_name = "MS", default_value_t = 100)]
    grace: u64,
    /// Number of games [default: two per opening].
    #[arg(long, short = 'n', value_name = "N")]
    games: Option<usize>,
    /// A file of openings, one transcript a line (`f5d6c3d3`; `-` for the start
    /// position; blank lines and `#` comments skipped).
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    openings: Option<PathBuf>,
    /// Make N distinct openings of `--plies` random legal plies from the start position.
    #[arg(long, value_name = "N")]
    random_openings: Option<usize>,
    /// Random plies per opening (with --random-openings).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 8,
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
    /// Games played at once (each runs two engine processes).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
    concurrency: usize,
    /// Write every game as one JSON object a line to FILE (with its GGF).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

/// Seconds per move, or no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TimeLimit(Option<f64>);

/// The largest time per move: a day.
const MAX_TIME: f64 = 86_400.0;

/// Reads `--time`: `none`, or seconds above 0 and at most a day.
fn parse_time(text: &str) -> Result<TimeLimit, String> {
    if text == "none" {
        return Ok(TimeLimit(None));
    }
    match text.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= MAX_TIME => Ok(TimeLimit(Some(t))),
        _ => Err(format!(
            "must be `none` or a number of seconds above 0 and at most {MAX_TIME}"
        )),
    }
}

/// Reads `--game-time`: seconds above 0 and at most a day.
fn parse_game_time(text: &str) -> Result<f64, String> {
    match parse_time(text) {
        Ok(TimeLimit(Some(t))) => Ok(t),
        _ => Err(format!(
            "must be a number of seconds above 0 and at most {MAX_TIME}"
        )),
    }
}

impl TimeLimit {
    /// The time control it gives.
    fn control(self) -> TimeControl {
        self.0.map_or(TimeControl::Unlimited, TimeControl::PerMove)
    }
}

/// The runner's name, which starts its messages on standard error.
const NAME: &str = "reversi-match";

fn main() -> ExitCode {
    cli::exit_status(NAME, run(&Args::parse()))
}

/// Checks the options and engines, plays the match and prints its summary.
fn run(args: &Args) -> Result<()> {
    runner::install_interrupt_handler()?;
    let sprt = args.common.check(args.games, args.concurrency)?;
    for (k, (depth, protocol)) in [(args.depth1, args.protocol1), (args.depth2, args.protocol2)]
        .into_iter()
        .enumerate()
    {
        if depth.is_some() && protocol != Protocol::Nboard {
            bail!(
                "--depth{}: a depth is sent over NBoard only (give --protocol{} nboard)",
                k + 1,
                k + 1
            );
        }
    }
    cli::check_engines([&args.engine1, &args.engine2])?;
    let openings = load_openings(args)?;
    let games = args.games.unwrap_or(2 * openings.len());
    args.common.create_log_dir()?;
    let times = match args.game_time {
        Some(t) => [TimeControl::PerGame(t); 2],
        None => [
            args.time1.unwrap_or(args.time).control(),
            args.time2.unwrap_or(args.time).control(),
        ],
    };
    let settings = settings(args, times);
    // The openings as the records write them, to check a record to resume.
    let opening_names: Vec<String> = openings.iter().map(|o| o.0.to_string()).collect();
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
        fault_kinds: &match_core::engine::FAULT_KINDS,
    };
    // Engine 1 moves first (Black) in game 2k, from opening k (in turn).
    m.run(
        args.common.quiet,
        &|i, k, engine1_black| game::play(&settings, i, &openings[k], engine1_black),
        |tally| {
            format!(
                "games: {} of {games} ({} openings; engine1 {}, engine2 {}; grace {} ms)",
                tally.tri.games(),
                openings.len(),
                times[0],
                times[1],
                args.grace,
            )
        },
        |tally, json| {
            let seconds = |c: TimeControl, game: bool| match c {
                TimeControl::PerMove(t) if !game => Some(t),
                TimeControl::PerGame(t) if game => Some(t),
                _ => None,
            };
            json.insert(
                "time".into(),
                serde_json::json!(times.map(|c| seconds(c, false))),
            );
            json.insert(
                "game_time".into(),
                serde_json::json!(times.map(|c| seconds(c, true))),
            );
            json.insert("grace_ms".into(), serde_json::json!(args.grace));
            let (sum, n) = tally.discs;
            json.insert(
                "disc_difference".into(),
                serde_json::json!({"total": sum, "games": n}),
            );
        },
    )
}

/// The games' settings: each engine's command, protocol, time control (`times`) and
/// depth, the grace and the log folder.
fn settings(args: &Args, times: [TimeControl; 2]) -> Settings {
    Settings {
        engines: [
            EngineSettings {
                command: args.engine1.clone(),
                protocol: args.protocol1,
                clock: times[0],
                depth: args.depth1,
            },
            EngineSettings {
                command: args.engine2.clone(),
                protocol: args.protocol2,
                clock: times[1],
                depth: args.depth2,
            },
        ],
        grace: Duration::from_millis(args.grace),
        log_dir: args.common.log_dir.clone(),
    }
}

/// The openings: from `--openings FILE`, made by `--random-openings N`, or the start
/// position alone.
fn load_openings(args: &Args) -> Result<Vec<Opening>> {
    if let Some(path) = &args.openings {
        let text = match_core::openings::read_file(path)
            .with_context(|| format!("--openings {}", path.display()))?;
        opening::from_text(&text, &path.display().to_string())
    } else if let Some(n) = args.random_openings {
        if n == 0 {
            bail!("--random-openings 0: must be at least 1");
        }
        opening::random(n, args.plies, args.seed)
    } else {
        Ok(vec![Opening(reversi::Transcript::new())])
    }
}
