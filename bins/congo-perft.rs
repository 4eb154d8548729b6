//! Congo perft: `congo-perft [--no-promotion | --edition 2021] [--divide] DEPTH [FEN]`.
//! Prints the leaf count (with `--divide`, first one `move count` line per legal move,
//! sorted); the last line printed is always the leaf count.

use congo::{text, Position, Rules};
use judge::Program;

const PROGRAM: Program = Program::new(
    "congo-perft",
    "[--no-promotion | --edition 2021] [--divide] DEPTH [FEN]",
);

/// The command line: rules, `--divide`, the depth and the FEN's words.
struct Options {
    rules: Rules,
    divide: bool,
    depth: u32,
    fen: String,
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let (rules, args) = text::rule_options(args).map_err(|e| e.to_string())?;
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<String> = args.into_iter().filter(|a| a != "--divide").collect();
    if let Some(option) = rest.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown option {option}"));
    }
    let depth = rest
        .first()
        .and_then(|d| d.parse::<u32>().ok())
        .ok_or_else(|| "DEPTH must be a non-negative integer".to_owned())?;
    let fen = rest[1..].join(" ");
    let options = Options {
        rules,
        divide,
        depth,
        fen,
    };
    Ok((options, Vec::new()))
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let pos = if options.fen.is_empty() {
            Position::start()
        } else {
            match options.fen.parse::<Position>() {
                Ok(pos) => pos,
                Err(e) => return PROGRAM.error(&format_args!("bad FEN: {e}")),
            }
        };
        judge::print(|out| {
            if options.divide {
                let mut lines: Vec<(String, u64)> = pos
                    .divide(options.depth, options.rules)
                    .into_iter()
                    .map(|(mv, n)| (mv.to_string(), n))
                    .collect();
                lines.sort();
                for (mv, n) in lines {
                    writeln!(out, "{mv} {n}")?;
                }
            }
            writeln!(out, "{}", pos.perft(options.depth, options.rules))
        })
    })
}
