//! The input loops: cases after a count ([`run_cases`]), or one item per line
//! ([`run_lines`]); bad input reported as `line N: <error>` on the error stream, the other
//! cases still answered.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use crate::lines::LineError::TooLong;
use crate::lines::{utf8, Line, LineReader, MAX_LINE};
use crate::words::{bad, missing};

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
    /// use judge::Failure;
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

/// Any error as a failure of the case's first line: `?` on a parse of the first line.
///
/// ```
/// use judge::Failure;
/// let failure: Failure = "x".parse::<u8>().unwrap_err().into();
/// assert_eq!(failure, Failure::at(0, "invalid digit found in string"));
/// ```
impl<E: Display> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure::at(0, error)
    }
}

/// `Failure::at(line, _)` as a function, for `map_err`: `fen.parse().map_err(at(0))?`.
///
/// ```
/// use judge::{at, Failure};
/// let parsed: Result<u8, Failure> = "x".parse::<u8>().map_err(at(0));
/// assert_eq!(parsed.unwrap_err().message, "invalid digit found in string");
/// ```
pub fn at<E: Display>(line: usize) -> impl Fn(E) -> Failure {
    move |error| Failure::at(line, error)
}

/// Output buffer size before a flush to the real output.
const FLUSH_AT: usize = 1 << 16;

/// Reads the next non-blank line, trimmed of ASCII whitespace, into `buf`: its number
/// and whether it was too long (then `buf` is empty).
fn next_case_line(
    lines: &mut LineReader<impl BufRead>,
    buf: &mut Vec<u8>,
) -> io::Result<Option<(usize, bool)>> {
    buf.clear();
    Ok(lines.next_nonblank()?.map(|line| match line {
        Line::TooLong { number, .. } => (number, true),
        Line::Text { number, text } => {
            buf.extend_from_slice(text);
            (number, false)
        }
    }))
}

/// What a case count must be.
const COUNT: &str = "a number from 0 to 18446744073709551615";

/// The case count on the first non-blank line: `Ok(None)` after reporting why there is
/// none (a missing count is reported at the input's last line).
fn read_count(
    lines: &mut LineReader<impl BufRead>,
    errors: &mut impl Write,
) -> io::Result<Option<u64>> {
    let mut text = Vec::new();
    let problem = match next_case_line(lines, &mut text)? {
        None => (lines.lines_read().max(1), missing("case count", COUNT)),
        Some((number, true)) => (number, TooLong { max: MAX_LINE }.to_string()),
        Some((number, false)) => {
            let count = std::str::from_utf8(&text)
                .ok()
                .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|t| t.parse::<u64>().ok());
            match count {
                Some(count) => return Ok(Some(count)),
                None => (
                    number,
                    bad("case count", &text, &format_args!("expected {COUNT}")),
                ),
            }
        }
    };
    writeln!(errors, "line {}: {}", problem.0, problem.1)?;
    Ok(None)
}

/// Runs the loop of a judge whose input is a case count `N` on the first line, then `N`
/// cases of `L` lines each.
///
/// Lines are read with a [`LineReader`] of cap [`MAX_LINE`] as bytes (no UTF-8
/// requirement) and trimmed of ASCII whitespace (so CRLF and trailing spaces are fine);
/// blank lines are skipped. For each case, `answer(lines, out, answered)` gets the case's
/// trimmed lines, a buffer to append the answer to, and the number of cases answered so
/// far (to write separators). An `Err` from `answer` discards what it appended and reports
/// `line L: message` on `errors`; so does a case with a line over the cap, without
/// calling `answer`. A missing or non-numeric count, and fewer cases than announced, are
/// errors too: `line L: case K of N is missing: the input ends` at the input's last line,
/// or, for a case cut short, the error `answer` finds in its lines present (the others
/// empty), else `... is incomplete: the input ends after I of its L lines` at its last
/// line. Lines after the `N`th case are not read.
///
/// Returns whether every case was good and all `N` were present.
///
/// # Errors
///
/// Only I/O errors reading `input` or writing `output`/`errors`.
///
/// ```
/// use judge::{run_cases, Failure};
/// let input = b"3\nab\nbad\r\ncd\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let ok = run_cases::<1, _>(&input[..], &mut out, &mut err, |[line], out, answered| {
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
pub fn run_cases<const L: usize, F>(
    input: impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
    mut answer: F,
) -> io::Result<bool>
where
    F: FnMut([&[u8]; L], &mut Vec<u8>, usize) -> Result<(), Failure>,
{
    let mut lines = LineReader::with_max_line(input, MAX_LINE);
    let count = match read_count(&mut lines, errors)? {
        Some(count) => count,
        None => return Ok(false),
    };
    let mut all_good = true;
    let mut case = CaseLines::<L>::new();
    let mut out = Vec::with_capacity(FLUSH_AT + 4096);
    let mut answered = 0usize;
    let mut done = 0u64;
    while done < count {
        let present = case.read(&mut lines)?;
        if present < L {
            let message = if present == 0 {
                let at = lines.lines_read().max(1);
                format!(
                    "line {at}: case {} of {count} is missing: the input ends",
                    done + 1
                )
            } else {
                case.cut_short(present, done + 1, count, &mut answer, answered)
            };
            writeln!(errors, "{message}")?;
            return finish(output, &out, false);
        }
        done += 1;
        let mark = out.len();
        match case.answer(L, &mut answer, &mut out, answered) {
            Ok(()) => answered += 1,
            Err(failure) => {
                out.truncate(mark);
                all_good = false;
                writeln!(
                    errors,
                    "line {}: {}",
                    case.number(failure.line),
                    failure.message
                )?;
            }
        }
        if out.len() >= FLUSH_AT {
            output.write_all(&out)?;
            out.clear();
        }
    }
    finish(output, &out, all_good)
}

/// Writes the answers not yet written, flushes, and returns `all_good`.
fn finish(output: &mut impl Write, out: &[u8], all_good: bool) -> io::Result<bool> {
    output.write_all(out)?;
    output.flush()?;
    Ok(all_good)
}

/// The `L` lines of one case of [`run_cases`], reused from case to case: each line's
/// trimmed bytes, whether it was over the cap, and its line number in the input.
struct CaseLines<const L: usize> {
    bufs: [Vec<u8>; L],
    too_long: [bool; L],
    numbers: [usize; L],
}

impl<const L: usize> CaseLines<L> {
    fn new() -> Self {
        CaseLines {
            bufs: std::array::from_fn(|_| Vec::with_capacity(128)),
            too_long: [false; L],
            numbers: [0; L],
        }
    }

    /// Reads the case's lines; returns how many the input held (`L` unless it ended).
    fn read(&mut self, lines: &mut LineReader<impl BufRead>) -> io::Result<usize> {
        for i in 0..L {
            match next_case_line(lines, &mut self.bufs[i])? {
                Some((number, long)) => (self.numbers[i], self.too_long[i]) = (number, long),
                None => return Ok(i),
            }
        }
        Ok(L)
    }

    /// The input line number of the case's line `line` (the last line's for any later).
    fn number(&self, line: usize) -> usize {
        self.numbers[line.min(L - 1)]
    }

    /// The answer of the case's first `present` lines (the others as read): the first
    /// line over the cap among them is the failure, else what `answer` says.
    fn answer<F>(
        &self,
        present: usize,
        answer: &mut F,
        out: &mut Vec<u8>,
        answered: usize,
    ) -> Result<(), Failure>
    where
        F: FnMut([&[u8]; L], &mut Vec<u8>, usize) -> Result<(), Failure>,
    {
        match self.too_long[..present].iter().position(|&t| t) {
            Some(i) => Err(Failure::at(i, TooLong { max: MAX_LINE })),
            None => answer(std::array::from_fn(|i| &self.bufs[i][..]), out, answered),
        }
    }

    /// The report of case `case_no` of `count` cut short by the end of the input after
    /// `present` of its lines (1 to `L - 1`): a fault in the lines present (such as two
    /// lines written as one) is the better report; else the case is incomplete.
    fn cut_short<F>(
        &mut self,
        present: usize,
        case_no: u64,
        count: u64,
        answer: &mut F,
        answered: usize,
    ) -> String
    where
        F: FnMut([&[u8]; L], &mut Vec<u8>, usize) -> Result<(), Failure>,
    {
        for buf in &mut self.bufs[present..] {
            buf.clear();
        }
        match self.answer(present, answer, &mut Vec::new(), answered) {
            Err(f) if f.line < present => format!("line {}: {}", self.numbers[f.line], f.message),
            _ => format!(
                "line {}: case {case_no} of {count} is incomplete: the input ends after {present} of its {L} lines",
                self.numbers[present - 1]
            ),
        }
    }
}

/// What a [`run_lines`] handler wants done after its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Read the next line.
    Continue,
    /// Flush the output (a protocol's reply must be seen at once), then read on.
    Flush,
    /// Stop reading: the rest of the input is ignored.
    Stop,
}

/// Runs the loop of a judge that answers line by line (a protocol, or one item per line).
///
/// Every line is read with a [`LineReader`] of cap [`MAX_LINE`]. A line over the cap, or
/// not valid UTF-8, is reported as `line N: <`[`LineError`](crate::LineError)`>` on `errors`; a blank line
/// (whitespace only, as `str::trim` sees it) is skipped; any other line goes to
/// `answer(line, out)`, which appends its answer to `out` and says what next ([`Next`]),
/// or returns an error, reported as `line N: <error>` (what it appended is discarded).
/// Each answer is written to `output` (give it a buffer: [`each_line`](crate::each_line)
/// does). Reading stops at the end of the input or at [`Next::Stop`].
///
/// Returns whether every line was good.
///
/// # Errors
///
/// Only I/O errors reading `input` or writing `output`/`errors`.
///
/// ```
/// use judge::{run_lines, Next};
/// let input = b"2\n\n x\nquit\n7\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let ok = run_lines(&input[..], &mut out, &mut err, |line, out| {
///     if line == "quit" {
///         return Ok(Next::Stop);
///     }
///     let n: u32 = line.trim().parse()?;
///     out.extend_from_slice(format!("{}\n", n * 2).as_bytes());
///     Ok::<_, std::num::ParseIntError>(Next::Continue)
/// })?;
/// assert!(!ok);
/// assert_eq!(out, b"4\n");
/// assert_eq!(err, b"line 3: invalid digit found in string\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run_lines<E: Display>(
    input: impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
    mut answer: impl FnMut(&str, &mut Vec<u8>) -> Result<Next, E>,
) -> io::Result<bool> {
    let mut lines = LineReader::with_max_line(input, MAX_LINE);
    let mut all_good = true;
    let mut out = Vec::new();
    while let Some(line) = lines.next_line()? {
        let (number, text) = match line {
            Line::Text { number, text } => (number, utf8(text)),
            Line::TooLong { number, start } => (number, Err(TooLong { max: start.len() })),
        };
        let result = match text {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text, &mut out).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        match result {
            Ok(next) => {
                output.write_all(&out)?;
                match next {
                    Next::Continue => {}
                    Next::Flush => output.flush()?,
                    Next::Stop => break,
                }
            }
            Err(message) => {
                all_good = false;
                writeln!(errors, "line {number}: {message}")?;
            }
        }
        out.clear();
    }
    output.flush()?;
    Ok(all_good)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a two-line-case loop (a number, then a word) on `input`: stdout, stderr.
    fn pairs(input: &str) -> (String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run_cases::<2, _>(input.as_bytes(), &mut out, &mut err, |[n, word], out, _| {
            let n: u8 = utf8(n).map_err(at(0))?.parse().map_err(at(0))?;
            if word.is_empty() {
                return Err(Failure::at(1, "empty word"));
            }
            out.extend_from_slice(format!("{n} {}\n", utf8(word).map_err(at(1))?).as_bytes());
            Ok(())
        })
        .unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn a_case_cut_short_is_reported_at_its_own_last_line() {
        assert_eq!(
            pairs("2\n1\na\n2\n\n\n"),
            (
                "1 a\n".into(),
                "line 4: case 2 of 2 is incomplete: the input ends after 1 of its 2 lines\n".into()
            )
        );
    }

    #[test]
    fn a_case_cut_short_reports_the_fault_in_its_lines_first() {
        // Both lines written on one: the first line's own error is the better report.
        assert_eq!(
            pairs("1\n1 a\n"),
            (
                String::new(),
                "line 2: invalid digit found in string\n".into()
            )
        );
    }

    #[test]
    fn a_missing_case_is_reported_at_the_last_line_and_counts_read_well() {
        assert_eq!(
            pairs("2\n1\na\n\n"),
            (
                "1 a\n".into(),
                "line 4: case 2 of 2 is missing: the input ends\n".into()
            )
        );
        assert_eq!(
            pairs("1\n"),
            (
                String::new(),
                "line 1: case 1 of 1 is missing: the input ends\n".into()
            )
        );
    }

    #[test]
    fn a_count_says_what_it_must_be() {
        let expected = "expected a number from 0 to 18446744073709551615";
        for (input, error) in [
            ("", format!("line 1: missing case count: {expected}\n")),
            ("\n\n", format!("line 2: missing case count: {expected}\n")),
            (
                "18446744073709551616\n",
                format!("line 1: bad case count \"18446744073709551616\": {expected}\n"),
            ),
            (
                "+1\n",
                format!("line 1: bad case count \"+1\": {expected}\n"),
            ),
        ] {
            assert_eq!(pairs(input), (String::new(), error), "{input:?}");
        }
    }
}
