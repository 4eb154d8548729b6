//! The input loop shared by the Congo judge programs: a case count `N` on the first
//! line, then `N` cases of a fixed number of lines each.
//!
//! Lines are read as bytes (no UTF-8 requirement) and trimmed of ASCII whitespace
//! (so CRLF and trailing spaces are fine); blank lines are skipped. A bad case prints
//! `line L: <error>` on standard error and leaves no output; the other cases are
//! answered exactly as if it were absent. A missing or non-numeric count, and fewer
//! cases than announced, are errors too. Lines after the `N`th case are ignored.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use grid::lines::{excerpt, Line, LineReader, DEFAULT_MAX_LINE};

/// A case that could not be answered: which of its lines was at fault and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the faulty line within the case (0 = its first line).
    pub line: usize,
    /// What was wrong, printed after `line L: `.
    pub message: String,
}

impl Failure {
    /// A failure of the case's line `line` with `error` as the message.
    ///
    /// ```
    /// use congo::judge::Failure;
    /// let f = Failure::at(1, "illegal move d1d5");
    /// assert_eq!((f.line, f.message.as_str()), (1, "illegal move d1d5"));
    /// ```
    pub fn at(line: usize, error: impl Display) -> Failure {
        Failure {
            line,
            message: error.to_string(),
        }
    }
}

/// Output buffer size before a flush to the real output.
const FLUSH_AT: usize = 1 << 16;

/// Longest line kept, in bytes: longer lines are an error (so memory stays bounded
/// whatever the input). The cap of the shared reader, [`grid::lines::LineReader`].
pub const MAX_LINE: usize = DEFAULT_MAX_LINE;

/// A non-blank line copied by [`next_line`] into the caller's buffer.
enum Kept {
    /// The trimmed line is in the buffer; its 1-based number.
    Text(usize),
    /// The line was longer than [`MAX_LINE`]; its number.
    TooLong(usize),
}

/// Reads the next non-blank line, trimmed of ASCII whitespace, into `buf`.
fn next_line(lines: &mut LineReader<impl BufRead>, buf: &mut Vec<u8>) -> io::Result<Option<Kept>> {
    buf.clear();
    Ok(lines.next_nonblank()?.map(|line| match line {
        Line::TooLong { number, .. } => Kept::TooLong(number),
        Line::Text { number, text } => {
            buf.extend_from_slice(text);
            Kept::Text(number)
        }
    }))
}

/// Runs a judge loop over `input`: reads the count, then cases of `N` lines each, calls
/// `answer(lines, out, answered)` for each case, where `lines` are the case's trimmed
/// lines, `out` a buffer to append the answer to, and `answered` the number of cases
/// answered so far (to write separators). An `Err` from `answer` discards what it
/// appended and reports `line L: message` on `errors`.
///
/// Returns whether every case was good and all `N` were present.
///
/// # Errors
///
/// Only I/O errors reading `input` or writing `output`/`errors`.
///
/// ```
/// use congo::judge::{run, Failure};
/// let input = b"3\nab\nbad\r\ncd\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let ok = run::<1, _>(&input[..], &mut out, &mut err, |[line], out, answered| {
///     if line == b"bad" {
///         return Err(Failure::at(0, "not wanted"));
///     }
///     if answered > 0 {
///         out.push(b',');
///     }
///     out.extend_from_slice(line);
///     Ok(())
/// })?;
/// assert!(!ok);
/// assert_eq!(out, b"ab,cd");
/// assert_eq!(err, b"line 3: not wanted\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run<const N: usize, F>(
    input: impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
    mut answer: F,
) -> io::Result<bool>
where
    F: FnMut([&[u8]; N], &mut Vec<u8>, usize) -> Result<(), Failure>,
{
    let mut lines = LineReader::with_max_line(input, MAX_LINE);
    let mut count_buf = Vec::new();
    let count = match next_line(&mut lines, &mut count_buf)? {
        None => {
            writeln!(
                errors,
                "line {}: missing case count",
                lines.lines_read() + 1
            )?;
            return Ok(false);
        }
        Some(Kept::TooLong(line_no)) => {
            writeln!(errors, "line {line_no}: line longer than {MAX_LINE} bytes")?;
            return Ok(false);
        }
        Some(Kept::Text(line_no)) => {
            let text = &count_buf[..];
            match std::str::from_utf8(text).ok().and_then(|t| {
                if t.bytes().all(|b| b.is_ascii_digit()) {
                    t.parse::<u64>().ok()
                } else {
                    None
                }
            }) {
                Some(n) => n,
                None => {
                    writeln!(
                        errors,
                        "line {line_no}: bad case count \"{}\": expected a non-negative integer",
                        excerpt(text)
                    )?;
                    return Ok(false);
                }
            }
        }
    };
    let mut all_good = true;
    let mut bufs: [Vec<u8>; N] = std::array::from_fn(|_| Vec::with_capacity(128));
    let mut too_long = [false; N];
    let mut line_nos = [0usize; N];
    let mut out = Vec::with_capacity(FLUSH_AT + 4096);
    let mut answered = 0usize;
    let mut done = 0u64;
    'cases: while done < count {
        for i in 0..N {
            match next_line(&mut lines, &mut bufs[i])? {
                Some(Kept::Text(line_no)) => {
                    (too_long[i], line_nos[i]) = (false, line_no);
                }
                Some(Kept::TooLong(line_no)) => {
                    (too_long[i], line_nos[i]) = (true, line_no);
                }
                None => {
                    let incomplete = if N == 1 { "" } else { " (incomplete case)" };
                    writeln!(
                        errors,
                        "line {}: expected {count} cases, found {done}{incomplete}",
                        lines.lines_read() + 1
                    )?;
                    all_good = false;
                    break 'cases;
                }
            }
        }
        done += 1;
        let case: [&[u8]; N] = std::array::from_fn(|i| &bufs[i][..]);
        let mark = out.len();
        let result = match too_long.iter().position(|&t| t) {
            Some(i) => Err(Failure::at(i, format!("line longer than {MAX_LINE} bytes"))),
            None => answer(case, &mut out, answered),
        };
        match result {
            Ok(()) => answered += 1,
            Err(failure) => {
                out.truncate(mark);
                all_good = false;
                let at = line_nos[failure.line.min(N - 1)];
                writeln!(errors, "line {at}: {}", failure.message)?;
            }
        }
        if out.len() >= FLUSH_AT {
            output.write_all(&out)?;
            out.clear();
        }
    }
    output.write_all(&out)?;
    output.flush()?;
    Ok(all_good)
}

/// [`run`] on standard input and output: the whole `main` of a judge program. Exit
/// status 0 when every case was good, 1 otherwise (also on an I/O error, such as a
/// closed output pipe, reported on standard error).
pub fn main<const N: usize, F>(answer: F) -> ExitCode
where
    F: FnMut([&[u8]; N], &mut Vec<u8>, usize) -> Result<(), Failure>,
{
    let stdin = io::stdin();
    let input = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let stderr = io::stderr();
    let mut errors = stderr.lock();
    match run(input, &mut output, &mut errors, answer) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            let _ = writeln!(errors, "error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The rule options shared by the judge programs, read from command-line arguments:
/// `--no-promotion`, `--edition 2021` (no promotion) or `--edition 2022` (the default
/// full rules). Other arguments are returned in order for the caller.
///
/// # Errors
///
/// A message for an unknown `--` option, a bad edition, or `--edition` without a value.
///
/// ```
/// use congo::judge::rules_from_args;
/// use congo::Rules;
/// let (rules, rest) = rules_from_args(["--edition", "2021", "3"].map(String::from))?;
/// assert_eq!((rules, rest), (Rules::EDITION_2021, vec!["3".to_owned()]));
/// assert!(rules_from_args(["--edition", "1999"].map(String::from)).is_err());
/// # Ok::<_, String>(())
/// ```
pub fn rules_from_args(
    args: impl IntoIterator<Item = String>,
) -> Result<(crate::Rules, Vec<String>), String> {
    let mut rules = crate::Rules::FULL;
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let edition = match arg.as_str() {
            "--no-promotion" => {
                rules.promotion = false;
                continue;
            }
            "--edition" => match args.next() {
                Some(edition) => edition,
                None => return Err("--edition needs a value (2021 or 2022)".to_owned()),
            },
            _ => match arg.strip_prefix("--edition=") {
                Some(e) => e.to_owned(),
                None => {
                    rest.push(arg);
                    continue;
                }
            },
        };
        match edition.as_str() {
            "2021" => rules.promotion = false,
            "2022" => {}
            _ => {
                return Err(format!(
                    "unknown edition {edition:?} (expected 2021 or 2022)"
                ))
            }
        }
    }
    Ok((rules, rest))
}

/// Appends the moves' names sorted alphabetically, separated by single spaces, and a
/// newline (an empty line when there are none).
fn write_sorted_moves(moves: &[crate::Move], out: &mut Vec<u8>) {
    let mut names: Vec<String> = moves.iter().map(crate::Move::to_string).collect();
    names.sort_unstable();
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(name.as_bytes());
    }
    out.push(b'\n');
}

/// Prints a usage error and returns exit status 2.
fn usage(program: &str, message: &str) -> ExitCode {
    eprintln!(
        "{program}: {message}\nusage: {program} [--edition 2021|2022] [--no-promotion] < input"
    );
    ExitCode::from(2)
}

/// The rule options of a Congo judge program's command line (`--edition 2021|2022`,
/// `--no-promotion`, see [`rules_from_args`]); any other argument is refused.
///
/// # Errors
///
/// On a bad or unknown argument, prints `<program>: <error>` and the usage line on
/// standard error and returns exit status 2 for `main` to return.
pub fn rules_from_command_line(program: &str) -> Result<crate::Rules, ExitCode> {
    rules_from_args(std::env::args().skip(1))
        .and_then(|(rules, rest)| match rest.first() {
            None => Ok(rules),
            Some(arg) => Err(format!("unknown argument {arg:?}")),
        })
        .map_err(|e| usage(program, &e))
}

/// The whole `main` of the Part IV and V programs (`congo-eval`, `congo-minimax`,
/// `congo-eval-advanced`, `congo-alphabeta`): per FEN line, one integer, `score` of the
/// game under the command line's rule options and [`crate::MaterialTable::STANDARD`].
///
/// The 2021 edition's material values agree with the standard table on every piece of
/// that edition, so one table serves both editions; they differ only in promotion.
pub fn score_main(
    program: &str,
    score: fn(&crate::Game, &crate::MaterialTable) -> i32,
) -> ExitCode {
    let rules = match rules_from_command_line(program) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let table = crate::MaterialTable::STANDARD;
    main(|[fen], out, _| {
        let position = crate::Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        let value = score(&crate::Game::new(position, rules), &table);
        out.extend_from_slice(format!("{value}\n").as_bytes());
        Ok(())
    })
}

/// The whole `main` of `congo-moves` (`only = None`: every legal move) and of the Part II
/// programs `congo-moves-<kind>` (`only = Some(kind)`): per FEN line, one line with the
/// moves sorted alphabetically, single spaces, empty when there are none. The rule options
/// are accepted (move generation does not depend on them).
pub fn moves_main(program: &str, only: Option<crate::Role>) -> ExitCode {
    if let Err(code) = rules_from_command_line(program) {
        return code;
    }
    let mut moves = Vec::new();
    main(|[fen], out, _| {
        let pos = crate::Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        match only {
            Some(role) => pos.legal_moves_of(role, &mut moves),
            None => pos.legal_moves(&mut moves),
        }
        write_sorted_moves(&moves, out);
        Ok(())
    })
}

/// The whole `main` of `congo-play` (Part III): cases are a FEN line and a move line;
/// prints the FEN after the move, then `Continue`, `White wins` or `Black wins`. An
/// illegal move prints `line L: illegal move <move>: <reason>` on standard error and
/// nothing on standard output for that case.
pub fn play_main(program: &str) -> ExitCode {
    let rules = match rules_from_command_line(program) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    main(|[fen, text], out, _| {
        let pos = crate::Position::from_fen_bytes(fen).map_err(|e| Failure::at(0, e))?;
        let mv = std::str::from_utf8(text)
            .map_err(|_| {
                crate::IllegalMove::Syntax(crate::ParseMoveError::Length { len: text.len() })
            })
            .and_then(|t| pos.parse_move(t))
            .map_err(|e| Failure::at(1, format!("illegal move {}: {e}", excerpt(text))))?;
        let after = pos.play(mv, rules);
        out.extend_from_slice(format!("{after}\n{}\n", after.status()).as_bytes());
        Ok(())
    })
}
