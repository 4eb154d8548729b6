//! Congo perft: `congo-perft [--edition 2021|2022] [--no-promotion] [--divide] DEPTH [FEN]`.
//! Prints the leaf count (with `--divide`, first one `move count` line per legal move,
//! sorted); the last line printed is always the leaf count. See `bins/help/congo-perft.txt`.

use congo::{Position, Rules};
use congo_course::text as course;
use judge::Program;

const PROGRAM: Program = Program::new("congo-perft", include_str!("help/congo-perft.txt"));

/// What DEPTH must be.
const DEPTH: &str = "a number from 0 to 4294967295";

/// The command line: rules, `--divide`, the depth and the position.
struct Options {
    rules: Rules,
    divide: bool,
    depth: u32,
    position: Position,
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let (rules, args) = course::rule_options(args).map_err(|e| e.to_string())?;
    let divide = args.iter().any(|a| a == "--divide");
    let rest: Vec<String> = args.into_iter().filter(|a| a != "--divide").collect();
    if let Some(option) = rest.iter().find(|a| a.starts_with("--")) {
        return Err(judge::unknown(option));
    }
    let depth = match rest.first() {
        None => return Err(judge::missing("DEPTH", DEPTH)),
        Some(d) => d
            .parse::<u32>()
            .ok()
            .filter(|_| d.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| judge::bad("DEPTH", d.as_bytes(), &format_args!("expected {DEPTH}")))?,
    };
    // A FEN given, even empty or blank, is read as given: only its absence means the start.
    let position = match rest.get(1..).filter(|words| !words.is_empty()) {
        None => Position::START,
        Some(words) => {
            let fen = words.join(" ");
            fen.parse::<Position>()
                .map_err(|e| judge::bad("FEN", fen.as_bytes(), &e))?
        }
    };
    let options = Options {
        rules,
        divide,
        depth,
        position,
    };
    Ok((options, Vec::new()))
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let (pos, depth, rules) = (options.position, options.depth, options.rules);
        judge::print(|out| {
            if !options.divide {
                return writeln!(out, "{}", pos.perft(depth, rules));
            }
            judge::write_divide(out, pos.divide(depth, rules), || pos.perft(depth, rules))
        })
    })
}
