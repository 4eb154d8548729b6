//! `mobility`: one piece per input line (the exercise's `once`/`repeated` form, Betza
//! notation or a piece's name), one answer per piece.
//!
//! ```text
//! mobility [--board FxR] [--strength | --groups | --table | --moves SQUARE]
//!          [--initial] [--piece PIECE] [--help]
//! ```
//!
//! Default output: the mobility text (`4 × 2 + 8 × 3 + ...`). `--strength`: the sum of
//! destinations. `--groups`: `{destinations: squares, ...}`. `--table`: a board diagram of
//! destination counts (tables separated by a blank line). `--moves SQUARE`: the sorted
//! destinations from SQUARE, `{b3, b5, ...}`. `--initial`: Betza moves marked `i` (a
//! piece's first move, such as the pawn's double step) count too. `--piece PIECE`: answer
//! for that piece (a name such as `amazon`, or any line form) instead of reading standard
//! input. Blank lines are skipped; a bad line prints `line N: <error>` on standard error,
//! the other lines are answered, and the exit status is 1. Bad arguments (unknown,
//! missing a value, given twice, two outputs, or a bad `--piece`) print the usage on
//! standard error with exit status 2; `--help` prints the usage, the options and the
//! piece names. A line that is a piece's name (case, spaces, `-` and `_` ignored) is
//! that piece even when it also reads as Betza notation (`mANN` is the mann). A UTF-8
//! byte-order mark at the start of the input is skipped; a line
//! longer than 64 KiB is a bad line (memory stays flat).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use grid::lines::{Line, LineReader};
use mobility::{
    groups_text, squares_text, BoardSize, InitialMoves, Piece, PieceOnBoard, Square, NAMED_PIECES,
};

const USAGE: &str = "usage: mobility [--board FxR] [--strength | --groups | --table | --moves SQUARE] [--initial] [--piece PIECE] [--help]
reads one piece per line: `once (dr, dk) ... repeated (dr, dk) ...` or Betza notation (N, fsW, QN...)";

/// What `--help` adds to the usage: every option and the piece names.
const OPTIONS: &str = "
options:
  --board FxR      the board: 1 to 26 files, 1 to 99 ranks (default 8x8)
  --strength       print the sum of destinations
  --groups         print {destinations: squares, ...}
  --table          print each square's destination count on a board diagram
  --moves SQUARE   print the destinations from SQUARE
  --initial        count Betza moves marked i (a piece's first move) too
  --piece PIECE    answer for PIECE (a name, Betza or once/repeated) instead of reading input
  --help, -h       print this help
input: one piece per line, in the once/repeated form, Betza notation or a piece's name
(listed below); blank lines are skipped. A bad line prints `line N: <what is wrong>` on
standard error, and the other lines are still answered.
exit status: 0 when every line was answered, 1 when some line was bad (or the output
could not be written), 2 for a bad command line.
pieces by name (a line that is one of these names, ignoring case, spaces, - and _, is that
piece, even when it also reads as Betza notation: mANN is the mann; write NNmA for mA + NN):";

/// What to print for each piece.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Mobility,
    Strength,
    Groups,
    Table,
    Moves(Square),
}

/// What the command line asks for.
struct Options {
    size: BoardSize,
    output: Output,
    initial: InitialMoves,
    /// The piece of `--piece`, answered instead of reading standard input.
    piece: Option<Piece>,
}

/// Reads the arguments; `Err` is the message for standard error.
fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut size = BoardSize::CHESS;
    let mut initial = InitialMoves::Exclude;
    let mut piece_text: Option<&str> = None;
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
            "--initial" => initial = InitialMoves::Include,
            "--piece" => piece_text = Some(value("--piece")?.as_str()),
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
    let piece = match piece_text {
        Some(text) => Some(Piece::parse_with(text, initial).map_err(|e| format!("--piece: {e}"))?),
        None => None,
    };
    Ok(Options {
        size,
        output,
        initial,
        piece,
    })
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

fn run(options: &Options) -> io::Result<bool> {
    let (size, output) = (options.size, options.output);
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
        match Piece::parse_with(text, options.initial) {
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

/// Writes the usage, the options and the named pieces.
fn help(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{USAGE}{OPTIONS}")?;
    for named in NAMED_PIECES {
        let betza = if named.betza.is_empty() {
            "(no moves)"
        } else {
            named.betza
        };
        writeln!(out, "  {:<32} {betza}", named.names.join(", "))?;
    }
    out.flush()
}

/// Success, or failure with the error on standard error (a closed pipe, a full disk).
fn exit_after(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mobility: {e}");
            ExitCode::FAILURE
        }
    }
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
        return exit_after(help(&mut io::stdout().lock()));
    }
    let options = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("mobility: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some(piece) = &options.piece {
        let text = answer(piece, options.size, options.output);
        return exit_after(writeln!(io::stdout().lock(), "{text}"));
    }
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("mobility: {e}");
            ExitCode::FAILURE
        }
    }
}
