//! `reversi-perft [--convention a|n|e] [--divide] DEPTH`: perft from the Othello start.
//!
//! Prints the leaf count on the last line; with `--divide`, first one line
//! `<move> <leaves>` per legal first move (or `pass <leaves>`), sorted, as `congo-perft`
//! does. The convention (how passes and finished games count) is `a` by default; see
//! `reversi::Convention` and `bins/help/reversi-perft.txt`.

use judge::Program;
use reversi::{Board, Convention};

const PROGRAM: Program = Program::new("reversi-perft", include_str!("help/reversi-perft.txt"));

/// What DEPTH must be.
const DEPTH: &str = "a number from 0 to 60";

/// What `--convention` takes.
const CONVENTIONS: &str = "a, n or e";

struct Options {
    depth: u32,
    convention: Convention,
    divide: bool,
}

fn convention(value: &str) -> Result<Convention, String> {
    value.parse::<Convention>().map_err(|_| {
        judge::bad(
            "--convention value",
            value.as_bytes(),
            &format_args!("expected {CONVENTIONS}"),
        )
    })
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut depth = None;
    let mut chosen = Convention::default();
    let mut split = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--divide" => split = true,
            "--convention" => {
                let value = args
                    .next()
                    .ok_or_else(|| judge::missing("--convention value", CONVENTIONS))?;
                chosen = convention(&value)?;
            }
            _ if arg.starts_with("--convention=") => {
                chosen = convention(&arg["--convention=".len()..])?;
            }
            _ if depth.is_none() && !arg.starts_with("--") => {
                let bad = || judge::bad("DEPTH", arg.as_bytes(), &format_args!("expected {DEPTH}"));
                depth = Some(
                    arg.parse::<u32>()
                        .ok()
                        .filter(|&d| d <= 60 && arg.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(bad)?,
                );
            }
            _ => return Err(judge::unknown(&arg)),
        }
    }
    let depth = depth.ok_or_else(|| judge::missing("DEPTH", DEPTH))?;
    let options = Options {
        depth,
        convention: chosen,
        divide: split,
    };
    Ok((options, Vec::new()))
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let (board, depth, convention) = (Board::START, options.depth, options.convention);
        judge::print(|out| {
            if !options.divide {
                return writeln!(out, "{}", board.perft(depth, convention));
            }
            judge::write_divide(out, board.divide(depth, convention), || {
                board.perft(depth, convention)
            })
        })
    })
}
