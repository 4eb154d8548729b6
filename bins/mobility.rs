//! `mobility`: one piece per input line (the exercise's `once`/`repeated` form, Betza
//! notation or a piece's name), one answer per piece. Its input, output, options and
//! exit statuses are in `bins/help/mobility.txt` (`mobility --help`); the line loop,
//! `--help` and the wording of errors are the judge crate's.

use judge::{Next, Program};
use mobility::{groups_text, squares_text, BoardSize, InitialMoves, Piece, PieceOnBoard, Square};

const PROGRAM: Program = Program::new("mobility", include_str!("help/mobility.txt"));

/// What `--board` takes.
const BOARD: &str = "FxR, 1 to 26 files and 1 to 99 ranks, such as 8x8";

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

/// Reads the arguments (`--help` is the judge crate's); `Err` is the message for
/// standard error, in the judge crate's wording.
fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut size = BoardSize::CHESS;
    let mut initial = InitialMoves::Exclude;
    let mut piece_text: Option<String> = None;
    let mut mode: Option<String> = None;
    let mut moves_square: Option<String> = None;
    // A repeated option is the judge crate's error, found before this runs.
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |expected: &str| {
            args.next()
                .ok_or_else(|| judge::missing(&format!("{arg} value"), expected))
        };
        match arg.as_str() {
            "--board" => {
                let text = value(BOARD)?;
                size = text.parse().map_err(|e| {
                    judge::bad("--board value", text.as_bytes(), &format_args!("{e}"))
                })?;
            }
            "--initial" => initial = InitialMoves::Include,
            "--piece" => piece_text = Some(value("a piece: a name, Betza or once/repeated")?),
            "--strength" | "--groups" | "--table" | "--moves" => {
                if let Some(previous) = &mode {
                    return Err(format!("options {previous} and {arg} exclude each other"));
                }
                if arg == "--moves" {
                    moves_square = Some(value("a square such as d4")?);
                }
                mode = Some(arg);
            }
            _ => return Err(judge::unknown(&arg)),
        }
    }
    let output = match (mode.as_deref(), moves_square) {
        (Some("--strength"), _) => Output::Strength,
        (Some("--groups"), _) => Output::Groups,
        (Some("--table"), _) => Output::Table,
        (Some(_), Some(square)) => {
            Output::Moves(Square::parse(&square, size).map_err(|e| {
                judge::bad("--moves value", square.as_bytes(), &format_args!("{e}"))
            })?)
        }
        _ => Output::Mobility,
    };
    let piece = match piece_text {
        Some(text) => Some(
            Piece::parse_with(&text, initial)
                .map_err(|e| judge::bad("--piece value", text.as_bytes(), &format_args!("{e}")))?,
        ),
        None => None,
    };
    let options = Options {
        size,
        output,
        initial,
        piece,
    };
    Ok((options, Vec::new()))
}

/// The answer for one piece, without the final newline.
fn answer(piece: &Piece, size: BoardSize, output: Output) -> String {
    let on_board = PieceOnBoard::new(piece, size);
    match output {
        Output::Mobility => on_board.mobility(),
        Output::Strength => on_board.strength().to_string(),
        Output::Groups => groups_text(&on_board.group_sizes()),
        Output::Table => on_board.table().trim_end().to_owned(),
        // `--moves` reads its square on the board of `--board`, which `moves` takes.
        Output::Moves(square) => on_board
            .moves(square)
            .map_or_else(|_| String::new(), |moves| squares_text(&moves)),
    }
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| {
        let (size, output) = (options.size, options.output);
        if let Some(piece) = &options.piece {
            let text = answer(piece, size, output);
            return judge::print(|out| writeln!(out, "{text}"));
        }
        let mut answered = 0usize;
        judge::each_line(|text, out| {
            let piece = Piece::parse_with(text, options.initial)?;
            if output == Output::Table && answered > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(answer(&piece, size, output).as_bytes());
            out.push(b'\n');
            answered += 1;
            Ok::<_, mobility::ParsePieceError>(Next::Continue)
        })
    })
}
