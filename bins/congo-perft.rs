//! Congo perft: `congo-perft [--no-promotion | --edition 2021] [--divide] DEPTH [FEN]`.
//! Prints the leaf count (with `--divide`, first one `move count` line per legal move,
//! sorted); the last line printed is always the leaf count.

use std::io::Write;
use std::process::ExitCode;

use congo::{judge, Position};

const USAGE: &str = "usage: congo-perft [--no-promotion | --edition 2021] [--divide] DEPTH [FEN]";

fn main() -> ExitCode {
    let (rules, args) = match judge::rules_from_args(std::env::args().skip(1)) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("congo-perft: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
    if let Some(option) = rest.iter().find(|a| a.starts_with("--")) {
        eprintln!("congo-perft: unknown option {option}\n{USAGE}");
        return ExitCode::from(2);
    }
    let Some(depth) = rest.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("congo-perft: DEPTH must be a non-negative integer\n{USAGE}");
        return ExitCode::from(2);
    };
    let fen = rest[1..]
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let pos = if fen.is_empty() {
        Position::start()
    } else {
        match fen.parse::<Position>() {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("congo-perft: bad FEN: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if divide {
        let mut lines: Vec<(String, u64)> = pos
            .divide(depth, rules)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        lines.sort();
        for (mv, n) in lines {
            if writeln!(out, "{mv} {n}").is_err() {
                return ExitCode::FAILURE;
            }
        }
    }
    match writeln!(out, "{}", pos.perft(depth, rules)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
