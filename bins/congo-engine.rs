//! The Congo engine (the assignment's bonus part): reads protocol lines (`newgame`,
//! `position <fen>`, `moves <m1> ...`, `go <seconds>`, `quit`) from standard input and
//! answers each `go` with one legal move on standard output, flushed at once. A bad line
//! prints `line N: <error>` on standard error and changes nothing; the exit status is 1
//! if any line was bad (a line longer than 64 KiB is bad: memory stays flat). Options: `--edition 2021|2022`, `--no-promotion`. The protocol is
//! documented in `congo::engine`.

use std::io::{self, Write};
use std::process::ExitCode;

use congo::engine::{Engine, Reply};
use congo::{judge, MaterialTable, Rules};
use grid::lines::{Line, LineReader};

fn main() -> ExitCode {
    let rules = match judge::rules_from_command_line("congo-engine") {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    // The 2021 table agrees with the standard one on every piece of that edition, so the
    // standard table serves both editions; they differ only in promotion.
    let table = MaterialTable::STANDARD;
    match run(rules, table) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The protocol loop; `Ok(false)` when some line was bad.
fn run(rules: Rules, table: MaterialTable) -> io::Result<bool> {
    let mut engine = Engine::new(rules, table);
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let mut errors = stderr.lock();
    let mut lines = LineReader::new(stdin.lock());
    let mut all_good = true;
    while let Some(line) = lines.next_line()? {
        let (line_no, text) = match line {
            Line::TooLong { number, .. } => {
                writeln!(
                    errors,
                    "line {number}: line longer than {} bytes",
                    lines.max_line()
                )?;
                all_good = false;
                continue;
            }
            Line::Text { number, text } => (number, text),
        };
        let line = match std::str::from_utf8(text) {
            Ok(line) => line,
            Err(_) => {
                writeln!(errors, "line {line_no}: the line is not valid UTF-8")?;
                all_good = false;
                continue;
            }
        };
        match engine.handle_line(line) {
            Ok(Reply::Silent) => {}
            Ok(Reply::Move(mv)) => {
                writeln!(output, "{mv}")?;
                output.flush()?;
            }
            Ok(Reply::Quit) => break,
            Err(e) => {
                writeln!(errors, "line {line_no}: {e}")?;
                all_good = false;
            }
        }
    }
    output.flush()?;
    Ok(all_good)
}
