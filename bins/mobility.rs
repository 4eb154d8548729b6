//! `mobility`: one piece per input line (the exercise's `once`/`repeated` form or Betza
//! notation), one answer per piece.
//!
//! ```text
//! mobility [--board FxR] [--strength | --groups | --table | --moves SQUARE]
//! ```
//!
//! Default output: the mobility text (`4 × 2 + 8 × 3 + ...`). `--strength`: the sum of
//! destinations. `--groups`: `{destinations: squares, ...}`. `--table`: a board diagram of
//! destination counts (tables separated by a blank line). `--moves SQUARE`: the sorted
//! destinations from SQUARE, `{b3, b5, ...}`. Blank lines are skipped; a bad line prints
//! `line N: <error>` on standard error, the other lines are answered, and the exit status
//! is 1. Bad arguments (unknown, missing a value, given twice, or two outputs) print the
//! usage on standard error with exit status 2. A UTF-8 byte-order mark at the start of
//! the input is skipped; a line longer than 64 KiB is a bad line (memory stays flat).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use grid::lines::{Line, LineReader};
use mobility::{groups_text, squares_text, BoardSize, Piece, PieceOnBoard, Square};

const USAGE: &str = "usage: mobility [--board FxR] [--strength | --groups | --table | --moves SQUARE]
reads one piece per line: `once (dr, dk) ... repeated (dr, dk) ...` or Betza notation (N, fsW, QN...)";

/// What to print for each piece.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Mobility,
    Strength,
    Groups,
    Table,
    Moves(Square),
}

/// Reads the arguments; `Err` is the message for standard error.
fn parse_args(args: &[String]) -> Result<(BoardSize, Output), String> {
    let mut size = BoardSize::CHESS;
    let mut mode: Option<&str> = None;
    let mut moves_square: Option<&str> = None;
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        if arg.starts_with("--") && seen.contains(&arg) {
            return Err(format!("option {arg} given twice"));
        }
        seen.push(arg);
        let mut value = |name: &str| -> Result<&String, String> {
            i += 1;
            args.get(i)
                .ok_or_else(|| format!("option {name} needs a value"))
        };
        match arg {
            "--board" => {
                let text = value("--board")?;
                size = text.parse().map_err(|e| format!("--board: {e}"))?;
            }
            "--strength" | "--groups" | "--table" | "--moves" => {
                if let Some(previous) = mode {
                    return Err(format!("options {previous} and {arg} exclude each other"));
                }
                if arg == "--moves" {
                    moves_square = Some(value("--moves")?.as_str());
                }
                mode = Some(arg);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
        i += 1;
    }
    let output = match (mode, moves_square) {
        (Some("--strength"), _) => Output::Strength,
        (Some("--groups"), _) => Output::Groups,
        (Some("--table"), _) => Output::Table,
        (Some(_), Some(square)) => {
            Output::Moves(Square::parse(square, size).map_err(|e| format!("--moves: {e}"))?)
        }
        _ => Output::Mobility,
    };
    Ok((size, output))
}

/// The answer for one piece, without the final newline.
fn answer(piece: &Piece, size: BoardSize, output: Output) -> String {
    let on_board = PieceOnBoard::new(piece, size);
    match output {
        Output::Mobility => on_board.mobility(),
        Output::Strength => on_board.strength().to_string(),
        Output::Groups => groups_text(&on_board.group_sizes()),
        Output::Table => on_board.table().trim_end().to_owned(),
        Output::Moves(square) => squares_text(&on_board.moves(square)),
    }
}

fn run(size: BoardSize, output: Output) -> io::Result<bool> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut lines = LineReader::new(stdin.lock());
    let mut all_good = true;
    let mut answered = 0usize;
    while let Some(line) = lines.next_line()? {
        let (number, text) = match line {
            Line::TooLong { number, .. } => {
                eprintln!("line {number}: line longer than {} bytes", lines.max_line());
                all_good = false;
                continue;
            }
            Line::Text { number, text } => (number, text),
        };
        let text = match std::str::from_utf8(text) {
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "line {number}: not valid UTF-8 (byte {})",
                    e.valid_up_to() + 1
                );
                all_good = false;
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        match text.parse::<Piece>() {
            Ok(piece) => {
                if output == Output::Table && answered > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{}", answer(&piece, size, output))?;
                answered += 1;
            }
            Err(e) => {
                eprintln!("line {number}: {e}");
                all_good = false;
            }
        }
    }
    out.flush()?;
    Ok(all_good)
}

fn main() -> ExitCode {
    let args: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect();
    let args = match args {
        Ok(args) => args,
        Err(_) => {
            eprintln!("mobility: arguments must be valid UTF-8\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (size, output) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("mobility: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(size, output) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("mobility: {e}");
            ExitCode::FAILURE
        }
    }
}
