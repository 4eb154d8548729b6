#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod cases;
mod cli;
pub mod lines;
mod words;

use std::io::{self, Write};

pub use cases::{at, run_cases, run_lines, Failure, Next};
pub use cli::{Parsed, Program};
pub use lines::{Line, LineError, LineReader};
pub use words::{bad, missing, repeated, unknown};

/// A judge program's exit status (`ExitCode::from(exit as u8)`).
///
/// ```
/// use judge::Exit;
/// assert_eq!(Exit::from_io(Ok(true)) as u8, 0);
/// assert_eq!(Exit::from_io(Ok(false)), Exit::Failure);
/// assert_eq!(Exit::Usage as u8, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// 0: every case was good.
    Success = 0,
    /// 1: some case was bad (reported on standard error), or an I/O error.
    Failure = 1,
    /// 2: a bad command line; no input was read.
    Usage = 2,
}

impl Exit {
    /// The status of a run on standard streams that returned `result`: an I/O error is
    /// printed as `error: <error>` on standard error and is a failure.
    ///
    /// ```
    /// use judge::Exit;
    /// assert_eq!(Exit::from_io(Ok(true)), Exit::Success);
    /// assert_eq!(Exit::from_io(Ok(false)), Exit::Failure);
    /// ```
    #[must_use]
    pub fn from_io(result: io::Result<bool>) -> Exit {
        match result {
            Ok(true) => Exit::Success,
            Ok(false) => Exit::Failure,
            Err(e) => report(&format_args!("error: {e}")),
        }
    }
}

/// [`run_cases`] on standard input, output and error: the body of a judge program whose
/// input is a case count then cases of `L` lines.
pub fn cases<const L: usize, F>(answer: F) -> Exit
where
    F: FnMut([&[u8]; L], &mut Vec<u8>, usize) -> Result<(), Failure>,
{
    let input = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    let (mut output, mut errors) = (io::stdout().lock(), io::stderr().lock());
    Exit::from_io(run_cases(input, &mut output, &mut errors, answer))
}

/// [`run_lines`] on standard input, output and error: the body of a judge program that
/// answers line by line.
pub fn each_line<E: std::fmt::Display>(
    answer: impl FnMut(&str, &mut Vec<u8>) -> Result<Next, E>,
) -> Exit {
    let mut output = io::BufWriter::new(io::stdout().lock());
    let mut errors = io::stderr().lock();
    Exit::from_io(run_lines(
        io::stdin().lock(),
        &mut output,
        &mut errors,
        answer,
    ))
}

/// Prints `message` as one line on standard error: the report of a program that stops at
/// its first error (its message names the line or the item); [`Exit::Failure`].
pub fn report(message: &dyn std::fmt::Display) -> Exit {
    let _ = writeln!(io::stderr().lock(), "{message}");
    Exit::Failure
}

/// Runs `write` on buffered standard output and flushes it: the body of a program that
/// prints one answer (a board, a perft count). An I/O error is printed as
/// `error: <error>` on standard error and is a failure.
pub fn print(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Exit {
    let mut out = io::BufWriter::new(io::stdout().lock());
    Exit::from_io(write(&mut out).and_then(|()| out.flush()).map(|()| true))
}

/// Writes a perft divide: one line `<move> <count>` per first move, sorted by the move's
/// name, then the total on the last line, the one format of every perft tool. The total
/// is the sum of the counts, or `leaves()` when there is no first move (depth 0 counts
/// the position itself; a finished game may count one leaf or none, by the game's
/// convention).
///
/// # Errors
///
/// Those of `out`.
///
/// ```
/// let mut out = Vec::new();
/// judge::write_divide(&mut out, vec![("d3", 3), ("c4", 2)], || 0)?;
/// assert_eq!(out, b"c4 2\nd3 3\n5\n");
/// let mut out = Vec::new();
/// judge::write_divide(&mut out, Vec::<(&str, u64)>::new(), || 1)?;
/// assert_eq!(out, b"1\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn write_divide<M: std::fmt::Display>(
    out: &mut dyn Write,
    counts: Vec<(M, u64)>,
    leaves: impl FnOnce() -> u64,
) -> io::Result<()> {
    let mut counts: Vec<(String, u64)> = counts
        .into_iter()
        .map(|(mv, count)| (mv.to_string(), count))
        .collect();
    counts.sort();
    let total = match counts.is_empty() {
        true => leaves(),
        false => counts.iter().map(|&(_, count)| count).sum(),
    };
    for (name, count) in counts {
        writeln!(out, "{name} {count}")?;
    }
    writeln!(out, "{total}")
}
