//! `reversi-board`: the Thai olympiad Reversi problem.
//!
//! Input: a move count `k` (0 to 60), then `k` moves, one per line, each a file letter
//! and a rank digit (`d 3`, `d3`, `D 3`; tabs, CRLF, blank lines, trailing spaces and a
//! missing final newline are all fine, and so is a UTF-8 byte-order mark before the
//! count). Lines after the `k`-th move are not read. Input is read with
//! [`judge::LineReader`], so memory stays flat: a line longer than 64 KiB is an
//! error, and echoed input text is cut to 40 characters then `…`. Arguments are
//! ignored. The game state decides who moves: a side with no legal move passes first.
//!
//! Output: the final board as 8 lines, rank 1 first, files `a` to `h` left to right:
//! `.` empty, `X` Black, `O` White.
//!
//! Errors (on standard error, exit status 1, and no board printed, since any board would
//! not be the one asked for):
//! - a missing, non-numeric or out-of-range count: `line N: <what is wrong>`;
//! - a malformed or illegal move: `move N (<text>): <reason>`;
//! - fewer moves than announced: `move N: missing: the input ends after M of K moves`.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use grid::excerpt;
use judge::{LineReader, Program};
use reversi::{Board, SIZE};

/// The most moves a game can have (60 empty squares at the start).
const MAX_MOVES: usize = 60;

/// Parses one move line: a square name, the file letter in either case, optionally with
/// blanks between the letter and the rank.
fn parse_move(text: &[u8]) -> Result<reversi::Square, String> {
    let tokens: Vec<&[u8]> = text
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
        .collect();
    let name: Vec<u8> = match tokens.as_slice() {
        [one] => one.to_vec(),
        [file, rank] if file.len() == 1 => [*file, *rank].concat(),
        _ => return Err("expected one square such as `d 3` or `d3`".to_owned()),
    };
    let lower = name.to_ascii_lowercase();
    reversi::Square::parse_bytes(&lower, SIZE).map_err(|e| e.to_string())
}

/// Plays the input's game; the final board, or the message of the first error.
fn play(input: impl BufRead) -> Result<Board, String> {
    let mut lines = LineReader::new(input);
    let read_error = |e: io::Error| format!("cannot read the input: {e}");
    let count = match lines.next_nonblank().map_err(read_error)? {
        None => {
            return Err(match lines.lines_read() {
                0 => "line 1: missing move count (empty input)".to_owned(),
                last => format!(
                    "line {last}: missing move count: only blank lines before the end of the input"
                ),
            })
        }
        Some(line) => {
            let bad = |reason: &dyn Display| {
                let shown = excerpt(line.kept());
                format!(
                    "line {}: bad move count \"{shown}\": {reason}",
                    line.number()
                )
            };
            let text = line.bytes().map_err(|e| bad(&e))?;
            std::str::from_utf8(text)
                .ok()
                .and_then(|text| text.parse::<usize>().ok())
                .filter(|&count| count <= MAX_MOVES)
                .ok_or_else(|| bad(&format_args!("expected a number from 0 to {MAX_MOVES}")))?
        }
    };
    let mut board = Board::START;
    for index in 1..=count {
        let line = match lines.next_nonblank().map_err(read_error)? {
            None => {
                return Err(format!(
                    "move {index}: missing: the input ends after {} of {count} moves",
                    index - 1
                ))
            }
            Some(line) => line,
        };
        let bad =
            |reason: &dyn Display| format!("move {index} ({}): {reason}", excerpt(line.kept()));
        let text = line.bytes().map_err(|e| bad(&e))?;
        let square = parse_move(text).map_err(|reason| bad(&reason))?;
        board = board
            .play_after_pass(square)
            .map_err(|reason| bad(&reason))?;
    }
    Ok(board)
}

/// The board as 8 lines, rank 1 first.
fn write_board(board: &Board, out: &mut dyn Write) -> io::Result<()> {
    for rank in 0..8 {
        let line: String = (0..8)
            .map(|file| {
                SIZE.square(file, rank)
                    .and_then(|square| board.disc_at(square))
                    .map_or('.', reversi::Color::char)
            })
            .collect();
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    let program = Program::new("reversi-board", "< input");
    // The olympiad's grader passes no arguments; any are ignored.
    program.run(
        |_| Ok::<_, String>(((), Vec::new())),
        |()| {
            let stdin = io::stdin();
            match play(stdin.lock()) {
                Ok(board) => judge::print(|out| write_board(&board, out)),
                Err(message) => judge::report(&message),
            }
        },
    )
}
