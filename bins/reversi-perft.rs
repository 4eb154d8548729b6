//! `reversi-perft DEPTH [--convention a|n|e] [--divide]`: perft from the Othello start.
//!
//! Prints the leaf count on the last line; with `--divide`, first one line
//! `<move>: <leaves>` per legal first move (or `pass: <leaves>`). The convention
//! (how passes and finished games count) is `a` by default; see `reversi::Convention`.

use judge::Program;
use reversi::{divide, perft, Board, Convention};

const PROGRAM: Program = Program::new("reversi-perft", "DEPTH [--convention a|n|e] [--divide]");

struct Options {
    depth: u32,
    convention: Convention,
    divide: bool,
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut depth = None;
    let mut convention = Convention::default();
    let mut split = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--divide" => split = true,
            "--convention" => {
                let value = args
                    .next()
                    .ok_or_else(|| judge::missing_value(&arg, "a, n or e"))?;
                convention = value.parse::<Convention>().map_err(|e| e.to_string())?;
            }
            _ if arg.starts_with("--convention=") => {
                convention = arg["--convention=".len()..]
                    .parse::<Convention>()
                    .map_err(|e| e.to_string())?;
            }
            _ if depth.is_none() && !arg.starts_with('-') => {
                depth = Some(
                    arg.parse::<u32>()
                        .ok()
                        .filter(|&d| d <= 60)
                        .ok_or_else(|| format!("bad depth {arg:?} (expected 0 to 60)"))?,
                );
            }
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    let depth = depth.ok_or_else(|| "missing DEPTH".to_owned())?;
    let options = Options {
        depth,
        convention,
        divide: split,
    };
    Ok((options, Vec::new()))
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let board = Board::START;
        judge::print(|out| {
            let total = if options.divide {
                let split = divide(&board, options.depth, options.convention);
                for (ply, leaves) in &split {
                    writeln!(out, "{ply}: {leaves}")?;
                }
                if split.is_empty() {
                    perft(&board, options.depth, options.convention)
                } else {
                    split.iter().map(|&(_, leaves)| leaves).sum()
                }
            } else {
                perft(&board, options.depth, options.convention)
            };
            writeln!(out, "{total}")
        })
    })
}
