//! `reversi-solve [--all | --wld] [--pv] [--progress] [--table-mib N] [--threads N]`: the
//! exact endgame solver on positions read one a line (Edax's `.obf` form, or the lines of
//! the FFO test files: `reversi_cli::solve`).
//!
//! Prints one line per position: the best move and the exact final score from the side
//! to move's view (`a2 +38`), `pass +6` when the side to move must pass, `- -64` for a
//! finished game. `reversi-solve --help` says more (`bins/help/reversi-solve.txt` is its
//! input, output and exit statuses).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use judge::lines::{LineReader, MAX_LINE};
use reversi::{Board, Ply};
use reversi_cli::options::{ranged, TableArgs, THREADS};
use reversi_cli::solve::{empties, is_comment, may_take_minutes, position};
use reversi_engine::{Engine, Mode, SearchLimits};

/// Reversi endgame solver: the exact final score with perfect play by both sides.
#[derive(Parser)]
#[command(
    name = "reversi-solve",
    version,
    allow_negative_numbers = true,
    override_usage = "reversi-solve [OPTIONS] < positions",
    after_long_help = include_str!("help/reversi-solve.txt")
)]
struct Cli {
    /// Every legal move's exact score after the score
    ///
    /// `b1:+30,c1:+30,...`, in square order.
    #[arg(long, verbatim_doc_comment)]
    all: bool,
    /// Only win, draw or loss, and a move reaching it
    ///
    /// Faster; the move is not always the best one (`b1 win`).
    #[arg(long, conflicts_with = "all", verbatim_doc_comment)]
    wld: bool,
    /// A principal variation after the score
    ///
    /// ` pv ` and perfect play to the end, passes included (with
    /// --wld, only as far as the win, draw or loss is proven: often
    /// the first move alone).
    #[arg(long, verbatim_doc_comment)]
    pv: bool,
    /// Nodes and times on standard error
    ///
    /// A line per position (its answer, nodes, time, nodes per
    /// second), and a summary line at the end.
    #[arg(long, verbatim_doc_comment)]
    progress: bool,
    #[command(flatten)]
    table: TableArgs,
    /// Threads to solve on (1 to 256)
    ///
    /// From 14 empties on, two threads solve about 1.7 times as fast
    /// as one on two cores, with the same scores; which of several
    /// best moves is found, the principal variation and the node
    /// count may then differ from run to run.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = ranged::<usize>(1..=256, THREADS),
        verbatim_doc_comment
    )]
    threads: usize,
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
    let analysis = engine.analyse(limits, None, |_| {});
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

/// The answer line to `board` and the nodes searched.
fn solve(engine: &mut Engine, board: Board, cli: &Cli) -> (String, u64) {
    let mode = if cli.wld {
        Mode::WinLossDraw
    } else {
        Mode::Exact
    };
    engine.set_board(board);
    let solution = engine.solve(mode, SearchLimits::default());
    let mut nodes = solution.nodes;
    let mut text = ply_text(solution.best_moves.first());
    if cli.wld {
        text.push(' ');
        text.push_str(wld_word(solution.lower, solution.upper));
    } else {
        text.push_str(&format!(" {:+}", solution.lower));
    }
    if cli.all {
        let (scores, searched) = exact_move_scores(engine);
        nodes += searched;
        let all: Vec<String> = scores
            .iter()
            .map(|(ply, score)| format!("{ply}:{score:+}"))
            .collect();
        if !all.is_empty() {
            text.push(' ');
            text.push_str(&all.join(","));
        }
    }
    if cli.pv && !solution.pv.is_empty() {
        let line: Vec<String> = solution.pv.iter().map(Ply::to_string).collect();
        text.push_str(" pv ");
        text.push_str(&line.join(" "));
    }
    text.push('\n');
    (text, nodes)
}

/// Solves every position of standard input: whether every line was good. A line that
/// is bad (too long, not UTF-8, not a position) is reported as `line N: ...` on
/// standard error and the others are still answered; blank lines and comments are
/// skipped. Before a solve expected to take minutes, `line N: E empties: this solve may
/// take minutes` on standard error (the answers before it written out first).
fn run(cli: &Cli, engine: &mut Engine) -> io::Result<bool> {
    let stdin = io::stdin();
    let mut lines = LineReader::with_max_line(stdin.lock(), MAX_LINE);
    let mut out = BufWriter::new(io::stdout().lock());
    let started = Instant::now();
    let (mut positions, mut total_nodes, mut all_good) = (0u64, 0u64, true);
    while let Some(line) = lines.next_line()? {
        let number = line.number();
        let text = match line.str() {
            Ok(text) if text.trim().is_empty() || is_comment(text) => continue,
            Ok(text) => position(text),
            Err(error) => Err(error.to_string()),
        };
        let board = match text {
            Ok(board) => board,
            Err(error) => {
                all_good = false;
                eprintln!("line {number}: {error}");
                continue;
            }
        };
        if may_take_minutes(&board, cli.threads) {
            out.flush()?;
            eprintln!(
                "line {number}: {} empties: this solve may take minutes",
                empties(&board)
            );
        }
        let start = Instant::now();
        let (answer, nodes) = solve(engine, board, cli);
        out.write_all(answer.as_bytes())?;
        positions += 1;
        total_nodes += nodes;
        if cli.progress {
            let seconds = start.elapsed().as_secs_f64();
            eprintln!(
                "position {positions}: {} nodes {nodes} time {seconds:.3} s nodes/s {:.0}",
                answer.trim_end(),
                nodes as f64 / seconds.max(1e-9)
            );
        }
    }
    out.flush()?;
    if cli.progress {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "total: {positions} positions, nodes {total_nodes}, time {seconds:.3} s, nodes/s {:.0}",
            total_nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(all_good)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut engine = match cli.table.engine() {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(1);
        }
    };
    engine.set_threads(cli.threads);
    match run(&cli, &mut engine) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}
