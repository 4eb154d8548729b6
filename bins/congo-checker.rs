//! Congo checker for the course's tournament runner: `moves <fen>` answers the legal
//! moves of the side to move, sorted, on one line; `next <fen> <move>` answers the FEN
//! after the move. Every non-blank input line gets exactly one output line, flushed at
//! once: a bad line gets an empty line on standard output (so a runner waiting for an
//! answer never hangs) and `line N: <error>` on standard error; the exit status is then
//! 1. Options: `--edition 2021|2022`, `--no-promotion` (they change only `next`).

use std::fmt;
use std::io::{self, Write};

use congo::{IllegalMove, ParseFenError, Position, Rules};
use congo_course::text as course;
use judge::{Exit, LineReader};

/// Why a line was not answered.
enum CheckerError {
    /// The first word is not `moves` or `next`.
    UnknownCommand(String),
    /// `moves` or `next` without its FEN (or `next` without its move).
    Missing(&'static str, &'static str),
    /// The FEN cannot be read.
    BadFen(String, ParseFenError),
    /// The move is malformed or not legal in the position.
    BadMove(String, IllegalMove),
}

impl fmt::Display for CheckerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckerError::UnknownCommand(word) => write!(
                f,
                "unknown command \"{}\" (expected moves or next)",
                grid::excerpt(word.as_bytes())
            ),
            CheckerError::Missing(what, expected) => f.write_str(&judge::missing(what, expected)),
            CheckerError::BadFen(fen, e) => f.write_str(&judge::bad("FEN", fen.as_bytes(), e)),
            CheckerError::BadMove(mv, e) => f.write_str(&judge::bad("move", mv.as_bytes(), e)),
        }
    }
}

fn position(fen: &str) -> Result<Position, CheckerError> {
    fen.parse::<Position>()
        .map_err(|e| CheckerError::BadFen(fen.to_owned(), e))
}

/// Answers one line (not blank) into `out`, without the newline.
fn answer(line: &str, rules: Rules, out: &mut Vec<u8>) -> Result<(), CheckerError> {
    let line = line.trim();
    let (command, rest) = match line.find(|c: char| c.is_ascii_whitespace()) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    match command {
        "moves" => {
            if rest.is_empty() {
                return Err(CheckerError::Missing("FEN", "moves <FEN>"));
            }
            course::write_moves(rest.as_bytes(), out)
                .map_err(|e| CheckerError::BadFen(rest.to_owned(), e))?;
            // write_moves ends the line; the caller does.
            out.pop();
            Ok(())
        }
        "next" => {
            let (fen, mv) = match rest.rfind(|c: char| c.is_ascii_whitespace()) {
                Some(i) => (rest[..i].trim(), &rest[i + 1..]),
                None => return Err(CheckerError::Missing("FEN and move", "next <FEN> <move>")),
            };
            let pos = match position(fen) {
                Ok(pos) => pos,
                // The whole rest is a FEN: the move is what is missing.
                Err(e) => match rest.parse::<Position>() {
                    Ok(_) => return Err(CheckerError::Missing("move", "next <FEN> <move>")),
                    Err(_) => return Err(e),
                },
            };
            let mv = pos
                .parse_move(mv)
                .map_err(|e| CheckerError::BadMove(mv.to_owned(), e))?;
            out.extend_from_slice(pos.play_unchecked(mv, rules).to_string().as_bytes());
            Ok(())
        }
        _ => Err(CheckerError::UnknownCommand(command.to_owned())),
    }
}

/// The loop: one output line per non-blank input line, flushed at once.
fn run(rules: Rules) -> io::Result<bool> {
    let mut lines = LineReader::new(io::stdin().lock());
    let (mut output, mut errors) = (io::stdout().lock(), io::stderr().lock());
    let mut all_good = true;
    let mut out = Vec::new();
    while let Some(line) = lines.next_line()? {
        let number = line.number();
        let result = match line.str() {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text, rules, &mut out).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(message) = result {
            all_good = false;
            out.clear();
            writeln!(errors, "line {number}: {message}")?;
        }
        out.push(b'\n');
        output.write_all(&out)?;
        output.flush()?;
        out.clear();
    }
    Ok(all_good)
}

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-checker", include_str!("help/congo-checker.txt"));
    program.run(course::rule_options, |rules| Exit::from_io(run(rules)))
}
