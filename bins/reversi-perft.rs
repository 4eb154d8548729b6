//! `reversi-perft DEPTH [--convention a|n|e] [--divide]`: perft from the Othello start.
//!
//! Prints the leaf count on the last line; with `--divide`, first one line
//! `<move>: <leaves>` per legal first move (or `pass: <leaves>`). The convention
//! (how passes and finished games count) is `a` by default; see `reversi::Convention`.

use std::io::Write;
use std::process::ExitCode;

use reversi::{divide, perft, Board, Convention};

const USAGE: &str = "usage: reversi-perft DEPTH [--convention a|n|e] [--divide]";

struct Options {
    depth: u32,
    convention: Convention,
    divide: bool,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut depth = None;
    let mut convention = Convention::default();
    let mut split = false;
    let mut args = args;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--divide" => split = true,
            "--convention" => {
                let value = args
                    .next()
                    .ok_or("--convention needs a value (a, n or e)")?;
                convention = value.parse().map_err(|e| format!("{e}"))?;
            }
            _ if arg.starts_with("--convention=") => {
                convention = arg["--convention=".len()..]
                    .parse()
                    .map_err(|e| format!("{e}"))?;
            }
            _ if depth.is_none() && !arg.starts_with('-') => {
                depth = Some(
                    arg.parse::<u32>()
                        .ok()
                        .filter(|&d| d <= 60)
                        .ok_or(format!("bad depth {arg:?} (expected 0 to 60)"))?,
                );
            }
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok(Options {
        depth: depth.ok_or("missing DEPTH")?,
        convention,
        divide: split,
    })
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("reversi-perft: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let board = Board::START;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let total = if options.divide {
        let split = divide(&board, options.depth, options.convention);
        for (ply, leaves) in &split {
            let _ = writeln!(out, "{ply}: {leaves}");
        }
        if split.is_empty() {
            perft(&board, options.depth, options.convention)
        } else {
            split.iter().map(|&(_, leaves)| leaves).sum()
        }
    } else {
        perft(&board, options.depth, options.convention)
    };
    let _ = writeln!(out, "{total}");
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
