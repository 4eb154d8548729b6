//! `congo-match`: plays two Congo engines against each other; see the README.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use congo_match::game::{self, Record, Settings};
use congo_match::openings::{self, COURSE_START};
use congo_match::rules::Board;
use congo_match::stats::{fmt_elo, sprt_bounds, Estimate, Pentanomial, Trinomial};

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
    /// Write each engine's standard error to DIR/game-<n>-engine<k>.log, at most 1 MiB per
    /// game (else discarded).
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// Sequential probability ratio test: stop when the LLR over game pairs leaves its
    /// bounds (H0: the difference is ELO0, H1: it is ELO1; logistic Elo).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// SPRT false-positive rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    alpha: f64,
    /// SPRT false-negative rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    beta: f64,
    /// Also write the summary as one JSON object to FILE (for scripts).
    #[arg(long, value_name = "FILE")]
    summary_json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// Everything counted so far.
#[derive(Default)]
struct Tally {
    tri: Trinomial,
    penta: Pentanomial,
    /// Engine 1's points in each pair with one game done.
    half_pairs: BTreeMap<usize, f64>,
    /// Faults by engine (0 or 1) and kind.
    faults: [BTreeMap<&'static str, u64>; 2],
    /// Game ends by reason (faults by kind).
    ends: BTreeMap<String, u64>,
    /// The longest answer of each engine (ms).
    max_ms: [f64; 2],
    /// The sum of each engine's answer times (ms) and the number of answers.
    total_ms: [f64; 2],
    answers: [u64; 2],
}

impl Tally {
    /// Counts a game; returns true when it completed a pair.
    fn add(&mut self, r: &Record) -> bool {
        match r.winner {
            Some(1) => self.tri.wins += 1,
            Some(_) => self.tri.losses += 1,
            None => self.tri.draws += 1,
        }
        for k in 0..2 {
            self.max_ms[k] = self.max_ms[k].max(r.max_answer_ms[k]);
            self.total_ms[k] += r.total_answer_ms[k];
            self.answers[k] += u64::from(r.answers[k]);
        }
        if let (Some(kind), Some(w)) = (r.fault, r.winner) {
            let loser = if w == 1 { 1 } else { 0 };
            *self.faults[loser].entry(kind).or_default() += 1;
            *self.ends.entry(format!("fault ({kind})")).or_default() += 1;
        } else {
            let reason = if r.reason.starts_with("ply cap") {
                "ply cap"
            } else {
                r.reason.as_str()
            };
            *self.ends.entry(reason.to_string()).or_default() += 1;
        }
        let pair = r.game / 2;
        if let Some(first) = self.half_pairs.remove(&pair) {
            self.penta.add(first + r.points1());
            true
        } else {
            self.half_pairs.insert(pair, r.points1());
            false
        }
    }
}

fn interval(e: &Estimate) -> String {
    format!(
        "{} [{}, {}]",
        fmt_elo(e.elo),
        fmt_elo(e.low),
        fmt_elo(e.high)
    )
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) if congo_match::engine::stopped() => ExitCode::from(130),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The chain of causes on one line; never a backtrace (RUST_BACKTRACE is often
            // set by developers, and a user's mistake is not a bug of the tool).
            eprintln!("congo-match: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The largest `--time`: a day per move (larger values overflow the deadline arithmetic
/// and mean nothing for a match).
const MAX_TIME: f64 = 86_400.0;

/// The largest `--concurrency`.
const MAX_CONCURRENCY: usize = 256;

/// The SPRT's hypotheses (`--sprt ELO0 ELO1`) and its LLR bounds.
#[derive(Clone, Copy)]
struct Sprt {
    elo0: f64,
    elo1: f64,
    lower: f64,
    upper: f64,
}

/// How the SPRT ended: the LLR when it left its bounds, and the verdict.
type SprtResult = Option<(f64, &'static str)>;

/// The files written during the match: the record of every game, and the summary
/// (created before the match, so that a bad path is an error before any game).
struct Outputs {
    record: Option<std::io::BufWriter<File>>,
    summary: Option<File>,
}

fn run(args: &Args) -> Result<()> {
    // The engines run in their own process groups: on Ctrl-C or SIGTERM, kill them too.
    // The first stops the match (games under way are killed and not counted; the summary
    // of the finished ones is printed, exit status 130); a second exits at once.
    ctrlc::set_handler(|| {
        if congo_match::engine::stopped() {
            std::process::exit(130);
        }
        congo_match::engine::kill_all();
    })
    .context("installing the Ctrl-C handler")?;
    let sprt = check_options(args)?;
    for (k, command) in [&args.engine1, &args.engine2].into_iter().enumerate() {
        congo_match::engine::check_command(command, Duration::from_secs(1))
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("--engine{} {command}", k + 1))?;
    }
    let openings = load_openings(args)?;
    let games = args.games.unwrap_or(2 * openings.len());
    let mut outputs = open_outputs(args)?;
    let settings = Settings {
        commands: [args.engine1.clone(), args.engine2.clone()],
        time: args.time,
        grace: Duration::from_millis(args.grace),
        max_plies: args.max_plies,
        log_dir: args.log_dir.clone(),
    };
    let bar = progress_bar(args, games);
    let (tally, sprt_result) = play_match(
        args,
        &settings,
        &openings,
        games,
        sprt,
        &mut outputs.record,
        &bar,
    )?;
    bar.finish_and_clear();
    let summary = Summary {
        args,
        tally: &tally,
        games,
        openings: openings.len(),
        interrupted: congo_match::engine::stopped(),
        sprt,
        sprt_result,
    };
    let sprt_json = summary.print(&mut std::io::stdout().lock())?;
    if let (Some(path), Some(file)) = (&args.summary_json, outputs.summary.as_mut()) {
        let text = serde_json::to_string_pretty(&summary.json(sprt_json))? + "\n";
        file.write_all(text.as_bytes())
            .with_context(|| format!("--summary-json {}", path.display()))?;
    }
    Ok(())
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
    if args.games == Some(0) {
        bail!("--games 0: must be at least 1");
    }
    if args.concurrency == 0 || args.concurrency > MAX_CONCURRENCY {
        // Each game is a thread and two engine processes (plus their pipe threads): a
        // mistyped -j 10000 would exhaust the system's processes, not play faster.
        bail!(
            "--concurrency {}: must be at least 1 and at most {MAX_CONCURRENCY}",
            args.concurrency
        );
    }
    let Some(v) = &args.sprt else {
        return Ok(None);
    };
    if !(0.0 < args.alpha && 0.0 < args.beta && args.alpha + args.beta < 1.0) {
        // With alpha + beta >= 1 the lower bound ln(beta / (1 - alpha)) is not
        // below the upper ln((1 - beta) / alpha): the test would stop at once.
        bail!(
            "--alpha {} --beta {}: each must be above 0, and their sum below 1",
            args.alpha,
            args.beta
        );
    }
    if v[0] >= v[1] {
        bail!("--sprt ELO0 ELO1 needs ELO0 < ELO1");
    }
    let (lower, upper) = sprt_bounds(args.alpha, args.beta);
    Ok(Some(Sprt {
        elo0: v[0],
        elo1: v[1],
        lower,
        upper,
    }))
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

/// Makes the log folder and creates the record and summary files asked for.
fn open_outputs(args: &Args) -> Result<Outputs> {
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--log-dir {}", dir.display()))?;
    }
    let record = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            File::create(path).with_context(|| format!("--record {}", path.display()))?,
        )),
        None => None,
    };
    // Created now, so that a bad path is an error before the match, not after it.
    let summary = match &args.summary_json {
        Some(path) => {
            Some(File::create(path).with_context(|| format!("--summary-json {}", path.display()))?)
        }
        None => None,
    };
    Ok(Outputs { record, summary })
}

/// The progress bar on standard error (hidden with `--quiet` or when standard error is
/// not a terminal).
fn progress_bar(args: &Args, games: usize) -> ProgressBar {
    let bar = ProgressBar::new(games as u64);
    if args.quiet || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games {elapsed_precise} eta {eta} {msg}",
        )
        .expect("template"),
    );
    bar
}

/// Plays the `games` games, `--concurrency` at a time, counting each as it ends (and
/// writing it to `record`) until all are played, the SPRT decides, or Ctrl-C.
fn play_match(
    args: &Args,
    settings: &Settings,
    openings: &[Board],
    games: usize,
    sprt: Option<Sprt>,
    record: &mut Option<std::io::BufWriter<File>>,
    bar: &ProgressBar,
) -> Result<(Tally, SprtResult)> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut sprt_result: SprtResult = None;
    std::thread::scope(|scope| -> Result<()> {
        let (tx, rx) = mpsc::channel::<Record>();
        for _ in 0..args.concurrency.min(games.max(1)) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) || congo_match::engine::stopped() {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games {
                    return;
                }
                let opening = &openings[(i / 2) % openings.len()];
                let record = game::play(settings, i, opening, i % 2 == 0);
                if tx.send(record).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for r in rx {
            if congo_match::engine::stopped() {
                // Interrupted: this game may have ended by the kill, not by its engines.
                continue;
            }
            if let Some(out) = record.as_mut() {
                serde_json::to_writer(&mut *out, &r)?;
                out.write_all(b"\n")?;
                out.flush()?;
            }
            let pair_done = tally.add(&r);
            bar.inc(1);
            bar.set_message(progress_message(&tally, sprt));
            if let (Some(sprt), true) = (sprt, pair_done) {
                let llr = tally.penta.llr(sprt.elo0, sprt.elo1);
                if sprt_result.is_none() && (llr >= sprt.upper || llr <= sprt.lower) {
                    sprt_result = Some((
                        llr,
                        if llr >= sprt.upper {
                            "H1 accepted"
                        } else {
                            "H0 accepted"
                        },
                    ));
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
        Ok(())
    })?;
    Ok((tally, sprt_result))
}

/// The progress bar's message: W/D/L, the Elo so far, and the LLR with its bounds.
fn progress_message(tally: &Tally, sprt: Option<Sprt>) -> String {
    let est = tally.tri.estimate();
    let llr = match sprt {
        Some(Sprt {
            elo0,
            elo1,
            lower: lo,
            upper: hi,
        }) => {
            format!(
                "  LLR {:.2} ({lo:.2}, {hi:.2})",
                tally.penta.llr(elo0, elo1)
            )
        }
        None => String::new(),
    };
    format!(
        "W {} D {} L {}  Elo {}{llr}",
        tally.tri.wins,
        tally.tri.draws,
        tally.tri.losses,
        fmt_elo(est.elo)
    )
}

/// What the match came to, for the summary on standard output and in JSON.
struct Summary<'a> {
    args: &'a Args,
    tally: &'a Tally,
    /// The games asked for.
    games: usize,
    /// The number of openings.
    openings: usize,
    interrupted: bool,
    sprt: Option<Sprt>,
    sprt_result: SprtResult,
}

/// The kinds of fault, in the order the summary lists them.
const FAULT_KINDS: [&str; 7] = [
    "illegal",
    "malformed",
    "timeout",
    "crash",
    "flood",
    "unsolicited",
    "spawn",
];

impl Summary<'_> {
    /// Writes the summary to `out`; returns the SPRT's part of the JSON summary (null
    /// without `--sprt`).
    fn print(&self, out: &mut impl Write) -> Result<serde_json::Value> {
        let (args, tally, games) = (self.args, self.tally, self.games);
        let t = &tally.tri;
        writeln!(out, "engine1: {}", args.engine1)?;
        writeln!(out, "engine2: {}", args.engine2)?;
        writeln!(
            out,
            "games: {} of {games} ({} openings, {} s per move, grace {} ms, ply cap {})",
            t.games(),
            self.openings,
            args.time,
            args.grace,
            args.max_plies
        )?;
        if self.interrupted {
            writeln!(
                out,
                "interrupted (Ctrl-C or SIGTERM): the games under way are not counted"
            )?;
        }
        writeln!(
            out,
            "engine1 W/D/L: {} / {} / {}",
            t.wins, t.draws, t.losses
        )?;
        self.print_elo(out)?;
        for (k, faults) in tally.faults.iter().enumerate() {
            let list: Vec<String> = FAULT_KINDS
                .iter()
                .map(|kind| format!("{kind} {}", faults.get(kind).copied().unwrap_or(0)))
                .collect();
            writeln!(out, "engine{} losses by fault: {}", k + 1, list.join(", "),)?;
            let mean = tally.total_ms[k] / tally.answers[k].max(1) as f64;
            writeln!(
                out,
                "engine{} answers: {}, mean {mean:.1} ms, longest {:.1} ms",
                k + 1,
                tally.answers[k],
                tally.max_ms[k]
            )?;
        }
        let ends: Vec<String> = tally.ends.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "game ends: {}", ends.join(", "))?;
        self.print_sprt(out)
    }

    /// The score, the Elo estimates and the pair counts.
    fn print_elo(&self, out: &mut impl Write) -> Result<()> {
        let t = &self.tally.tri;
        let tri = t.estimate();
        writeln!(out, "score: {:.1}%", 100.0 * tri.score)?;
        let penta = self.tally.penta.estimate();
        if penta.samples > 0 {
            // A game whose colour-swapped partner was not played (an odd --games, an SPRT
            // stop) is in the score and the trinomial line, not here: say so, since this
            // Elo then differs from the score's.
            let unpaired = t.games() - 2 * penta.samples;
            let note = match unpaired {
                0 => String::new(),
                1 => "; 1 game without its pair left out".to_string(),
                n => format!("; {n} games without their pairs left out"),
            };
            writeln!(
                out,
                "elo: {} (95%, pentanomial over {} pairs{note})",
                interval(&penta),
                penta.samples
            )?;
        }
        writeln!(
            out,
            "elo trinomial: {} (95%, over {} games)",
            interval(&tri),
            tri.samples
        )?;
        let c = self.tally.penta.counts;
        writeln!(
            out,
            "pairs 0/0.5/1/1.5/2 points: {} {} {} {} {}",
            c[0], c[1], c[2], c[3], c[4]
        )?;
        Ok(())
    }

    /// The SPRT's line, if `--sprt` was given; returns its JSON (null otherwise).
    fn print_sprt(&self, out: &mut impl Write) -> Result<serde_json::Value> {
        let Some(Sprt {
            elo0: e0,
            elo1: e1,
            lower: lo,
            upper: hi,
        }) = self.sprt
        else {
            return Ok(serde_json::Value::Null);
        };
        let args = self.args;
        let llr = self.tally.penta.llr(e0, e1);
        let verdict = self.sprt_result.map_or("no decision", |(_, v)| v);
        writeln!(
            out,
            "sprt: elo0 {e0} elo1 {e1} alpha {} beta {}: llr {llr:.3} bounds [{lo:.3}, {hi:.3}]: {verdict}",
            args.alpha, args.beta
        )?;
        Ok(serde_json::json!({
            "elo0": e0, "elo1": e1, "alpha": args.alpha, "beta": args.beta,
            "llr": llr, "lower": lo, "upper": hi, "verdict": verdict,
        }))
    }

    /// The summary as one JSON object (`--summary-json`), with `sprt_json` as its SPRT.
    fn json(&self, sprt_json: serde_json::Value) -> serde_json::Value {
        let (args, tally) = (self.args, self.tally);
        let t = &tally.tri;
        // Infinite Elo values are written as null (JSON has no infinity).
        let num = |x: f64| {
            if x.is_finite() {
                serde_json::json!(x)
            } else {
                serde_json::Value::Null
            }
        };
        let estimate = |e: &Estimate| serde_json::json!({"elo": num(e.elo), "low": num(e.low), "high": num(e.high), "samples": e.samples});
        let engines: Vec<serde_json::Value> = (0..2)
            .map(|k| {
                serde_json::json!({
                    "command": if k == 0 { &args.engine1 } else { &args.engine2 },
                    "faults": tally.faults[k],
                    "answers": tally.answers[k],
                    "mean_answer_ms": tally.total_ms[k] / tally.answers[k].max(1) as f64,
                    "max_answer_ms": tally.max_ms[k],
                })
            })
            .collect();
        serde_json::json!({
            "games": t.games(),
            "games_asked": self.games,
            "interrupted": self.interrupted,
            "openings": self.openings,
            "time": args.time,
            "grace_ms": args.grace,
            "max_plies": args.max_plies,
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
            "score": t.estimate().score,
            "pentanomial": estimate(&tally.penta.estimate()),
            "pairs": tally.penta.counts,
            "trinomial": estimate(&t.estimate()),
            "engines": engines,
            "ends": tally.ends,
            "sprt": sprt_json,
        })
    }
}
