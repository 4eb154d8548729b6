//! `reversi-board`: the Thai olympiad Reversi problem (see `bins/help/reversi-board.txt`).
//!
//! Input: a move count `k` (0 to 60), then `k` moves, one per line, each a file letter
//! and a rank digit (`d 3`, `d3`, `D 3`; tabs, CRLF, blank lines, trailing spaces and a
//! missing final newline are all fine, and so is a UTF-8 byte-order mark before the
//! count). Lines after the `k`-th move are not read. Input is read with
//! [`judge::LineReader`], so memory stays flat: a line longer than 64 KiB is an
//! error, and echoed input text is cut to 40 characters then `…`. The game state
//! decides who moves: a side with no legal move passes first.
//!
//! Output: the final board as 8 lines, rank 1 first ([`Orientation::RankOneFirst`]).
//!
//! Errors (on standard error, exit status 1, and no board printed, since any board would
//! not be the one asked for): the first bad line, as `line N: <what is wrong>`, in the
//! wording of every judge program; a command-line argument is a usage error (status 2).

use std::io::{self, BufRead};

use judge::{LineReader, Program};
use reversi::{Board, Orientation};

/// What the move count must be (60 empty squares at the start).
const COUNT: &str = "a number from 0 to 60";

/// What a move line must be.
const MOVE: &str = "expected one square, file a-h then rank 1-8 (d3, d 3 or D3)";

/// Parses one move line: a square name (the file letter in either case, as every
/// program reads squares), optionally with blanks between the letter and the rank.
fn parse_move(text: &[u8]) -> Option<reversi::Square> {
    let tokens: Vec<&[u8]> = text
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
        .collect();
    let name: Vec<u8> = match tokens.as_slice() {
        [one] => one.to_vec(),
        [file, rank] if file.len() == 1 => [*file, *rank].concat(),
        _ => return None,
    };
    reversi::Square::parse_bytes(&name).ok()
}

/// Plays the input's game; the final board, or the message of the first error.
fn play(input: impl BufRead) -> Result<Board, String> {
    let mut lines = LineReader::new(input);
    let read_error = |e: io::Error| format!("cannot read the input: {e}");
    let count = match lines.next_nonblank().map_err(read_error)? {
        None => {
            let at = lines.lines_read().max(1);
            return Err(format!(
                "line {at}: {}",
                judge::missing("move count", COUNT)
            ));
        }
        Some(line) => {
            let at = line.number();
            let text = line.bytes().map_err(|e| format!("line {at}: {e}"))?;
            std::str::from_utf8(text)
                .ok()
                .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|t| t.parse::<usize>().ok())
                .filter(|&count| count <= 60)
                .ok_or_else(|| {
                    let bad = judge::bad("move count", text, &format_args!("expected {COUNT}"));
                    format!("line {at}: {bad}")
                })?
        }
    };
    let mut board = Board::START;
    for index in 1..=count {
        let line = match lines.next_nonblank().map_err(read_error)? {
            None => {
                let at = lines.lines_read().max(1);
                return Err(format!(
                    "line {at}: move {index} of {count} is missing: the input ends"
                ));
            }
            Some(line) => line,
        };
        let at = line.number();
        let text = line.bytes().map_err(|e| format!("line {at}: {e}"))?;
        let square = parse_move(text)
            .ok_or_else(|| format!("line {at}: {}", judge::bad("move", text, &MOVE)))?;
        board = board.play_after_pass(square).map_err(|reason| {
            format!("line {at}: illegal move {}: {reason}", grid::excerpt(text))
        })?;
    }
    Ok(board)
}

fn main() -> std::process::ExitCode {
    let program = Program::new("reversi-board", include_str!("help/reversi-board.txt"));
    program.run(
        |args| Ok::<_, String>(((), args)),
        |()| match play(io::stdin().lock()) {
            Ok(board) => {
                judge::print(|out| write!(out, "{}", board.diagram(Orientation::RankOneFirst)))
            }
            Err(message) => judge::report(&message),
        },
    )
}
