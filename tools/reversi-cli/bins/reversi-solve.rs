//! `reversi-solve [--all] [--wld] [--pv] [--progress] [--table-mib N] [--threads N]`: the exact
//! endgame solver on positions read one a line (Edax's `.obf` form).
//!
//! Prints one line per position: the best move and the exact final score from the side
//! to move's view (`a2 +38`), `pass +6` when the side to move must pass, `- -64` for a
//! finished game. See `bins/help/reversi-solve.txt`.

use std::io;
use std::time::Instant;

use judge::{Next, Program};
use reversi::{Board, Ply};
use reversi_engine::{Engine, Mode, SearchLimits, DEFAULT_ENGINE_TABLE_BYTES};

const PROGRAM: Program = Program::new("reversi-solve", include_str!("help/reversi-solve.txt"));

/// What `--table-mib` takes.
const MIB: &str = "a number of MiB from 1 to 65536";

/// What `--threads` takes.
const THREADS: &str = "a number of threads from 1 to 256";

struct Options {
    all: bool,
    wld: bool,
    pv: bool,
    progress: bool,
    table_bytes: usize,
    threads: usize,
}

/// The number `value` of option `option` within `range` (digits only), else the error
/// saying what was `expected`.
fn number(
    option: &str,
    value: &str,
    range: std::ops::RangeInclusive<usize>,
    expected: &str,
) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| range.contains(n) && value.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            judge::bad(
                &format!("{option} value"),
                value.as_bytes(),
                &format_args!("expected {expected}"),
            )
        })
}

fn threads(value: &str) -> Result<usize, String> {
    number("--threads", value, 1..=256, THREADS)
}

fn mib(value: &str) -> Result<usize, String> {
    number("--table-mib", value, 1..=65536, MIB).map(|m| m << 20)
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut options = Options {
        all: false,
        wld: false,
        pv: false,
        progress: false,
        table_bytes: DEFAULT_ENGINE_TABLE_BYTES,
        threads: 1,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--all" => options.all = true,
            "--wld" => options.wld = true,
            "--pv" => options.pv = true,
            "--progress" => options.progress = true,
            "--table-mib" => {
                let value = args
                    .next()
                    .ok_or_else(|| judge::missing("--table-mib value", MIB))?;
                options.table_bytes = mib(&value)?;
            }
            _ if arg.starts_with("--table-mib=") => {
                options.table_bytes = mib(&arg["--table-mib=".len()..])?;
            }
            "--threads" => {
                let value = args
                    .next()
                    .ok_or_else(|| judge::missing("--threads value", THREADS))?;
                options.threads = threads(&value)?;
            }
            _ if arg.starts_with("--threads=") => {
                options.threads = threads(&arg["--threads=".len()..])?;
            }
            _ => return Err(judge::unknown(&arg)),
        }
    }
    if options.all && options.wld {
        return Err("--all and --wld cannot be used together".to_owned());
    }
    Ok((options, Vec::new()))
}

/// A ply as the output writes it: a square name, `pass`, or `-` for none.
fn ply_text(ply: Option<&Ply>) -> String {
    ply.map_or_else(|| "-".to_owned(), Ply::to_string)
}

/// The exact score of every move of the engine's board (multi-PV to the end), in square
/// order (`[pass]` when the side to move must pass, none when the game is over), and the
/// nodes searched.
fn exact_move_scores(engine: &mut Engine) -> (Vec<(Ply, i32)>, u64) {
    let limits = SearchLimits {
        depth: Some(64),
        ..SearchLimits::default()
    };
    let analysis = engine.analyse(limits, 0, |_| {});
    let scores = analysis
        .by_square()
        .iter()
        .map(|m| (m.ply, m.score as i32))
        .collect();
    (scores, analysis.nodes)
}

/// A win/draw/loss word for a proven score's sign.
fn wld_word(lower: i32, upper: i32) -> &'static str {
    if lower > 0 {
        "win"
    } else if upper < 0 {
        "loss"
    } else {
        "draw"
    }
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let mut engine = match Engine::try_with_table_bytes(options.table_bytes) {
            Ok(engine) => engine,
            Err(error) => {
                let message = format!("--table-mib {}: {error}", options.table_bytes >> 20);
                return judge::Exit::from_io(Err(io::Error::new(io::ErrorKind::OutOfMemory, message)));
            }
        };
        engine.set_threads(options.threads);
        let started = Instant::now();
        let (mut positions, mut total_nodes) = (0u64, 0u64);
        let exit = judge::each_line(|line, out| {
            let board = Board::from_obf(line)?;
            let start = Instant::now();
            let mode = if options.wld {
                Mode::WinLossDraw
            } else {
                Mode::Exact
            };
            engine.set_board(board);
            let solution = engine.solve(mode, SearchLimits::default());
            let mut nodes = solution.nodes;
            let mut text = ply_text(solution.best_moves.first());
            if options.wld {
                text.push(' ');
                text.push_str(wld_word(solution.lower, solution.upper));
            } else {
                text.push_str(&format!(" {:+}", solution.score));
            }
            if options.all {
                let (scores, searched) = exact_move_scores(&mut engine);
                nodes += searched;
                let all: Vec<String> =
                    scores.iter().map(|(ply, score)| format!("{ply}:{score:+}")).collect();
                if !all.is_empty() {
                    text.push(' ');
                    text.push_str(&all.join(","));
                }
            }
            if options.pv && !solution.pv.is_empty() {
                let line: Vec<String> = solution.pv.iter().map(Ply::to_string).collect();
                text.push_str(" pv ");
                text.push_str(&line.join(" "));
            }
            text.push('\n');
            out.extend_from_slice(text.as_bytes());
            positions += 1;
            total_nodes += nodes;
            if options.progress {
                let seconds = start.elapsed().as_secs_f64();
                eprintln!(
                    "position {positions}: {} nodes {nodes} time {seconds:.3} s nodes/s {:.0}",
                    text.trim_end(),
                    nodes as f64 / seconds.max(1e-9)
                );
            }
            Ok::<_, reversi::ParseObfError>(Next::Continue)
        });
        if options.progress {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "total: {positions} positions, nodes {total_nodes}, time {seconds:.3} s, nodes/s {:.0}",
                total_nodes as f64 / seconds.max(1e-9)
            );
        }
        exit
    })
}
