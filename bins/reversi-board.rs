//! `reversi-board`: the Thai olympiad Reversi problem.
//!
//! Input: a move count `k` (0 to 60), then `k` moves, one per line, each a file letter
//! and a rank digit (`d 3`, `d3`, `D 3`; tabs, CRLF, blank lines, trailing spaces and a
//! missing final newline are all fine, and so is a UTF-8 byte-order mark before the
//! count). Lines after the `k`-th move are not read. Input is read with
//! [`grid::lines::LineReader`], so memory stays flat: a line longer than 64 KiB is an
//! error, and echoed input text is cut to 40 characters then `…`.
//! The game state decides who moves: a side with no legal move passes first.
//!
//! Output: the final board as 8 lines, rank 1 first, files `a` to `h` left to right:
//! `.` empty, `X` Black, `O` White.
//!
//! Errors (on standard error, exit status 1, and no board printed, since any board would
//! not be the one asked for):
//! - a missing, non-numeric or out-of-range count: `line N: <what is wrong>`;
//! - a malformed or illegal move: `move N (<text>): <reason>`;
//! - fewer moves than announced: `move N: missing: the input ends after M of K moves`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use grid::lines::{excerpt, Line, LineReader};
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
fn run(input: impl BufRead) -> Result<Board, String> {
    let mut lines = LineReader::new(input);
    let read_error = |e: io::Error| format!("cannot read the input: {e}");
    let too_long = format!("line longer than {} bytes", lines.max_line());
    let count = match lines.next_nonblank().map_err(read_error)? {
        None => {
            return Err(match lines.lines_read() {
                0 => "line 1: missing move count (empty input)".to_owned(),
                last => format!(
                    "line {last}: missing move count: only blank lines before the end of the input"
                ),
            })
        }
        Some(Line::TooLong { number, start }) => {
            return Err(format!(
                "line {number}: bad move count \"{}\": {too_long}",
                excerpt(start)
            ))
        }
        Some(Line::Text { number, text }) => std::str::from_utf8(text)
            .ok()
            .and_then(|text| text.parse::<usize>().ok())
            .filter(|&count| count <= MAX_MOVES)
            .ok_or_else(|| {
                format!(
                    "line {number}: bad move count \"{}\": expected a number from 0 to {MAX_MOVES}",
                    excerpt(text)
                )
            })?,
    };
    let mut board = Board::START;
    for index in 1..=count {
        let text = match lines.next_nonblank().map_err(read_error)? {
            None => {
                return Err(format!(
                    "move {index}: missing: the input ends after {} of {count} moves",
                    index - 1
                ))
            }
            Some(Line::TooLong { start, .. }) => {
                return Err(format!("move {index} ({}): {too_long}", excerpt(start)))
            }
            Some(Line::Text { text, .. }) => text,
        };
        let square = parse_move(text)
            .map_err(|reason| format!("move {index} ({}): {reason}", excerpt(text)))?;
        board = board
            .play_after_pass(square)
            .map_err(|reason| format!("move {index} ({}): {reason}", excerpt(text)))?;
    }
    Ok(board)
}

fn main() -> ExitCode {
    let stdin = io::stdin();
    match run(stdin.lock()) {
        Ok(board) => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            for rank in 0..8 {
                let line: String = (0..8)
                    .map(|file| {
                        SIZE.square(file, rank)
                            .and_then(|square| board.disc_at(square))
                            .map_or('.', reversi::Color::char)
                    })
                    .collect();
                let _ = writeln!(out, "{line}");
            }
            if out.flush().is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
