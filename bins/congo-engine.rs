//! The Congo engine (the assignment's bonus part): reads protocol lines (`newgame`,
//! `position <fen>`, `moves <m1> ...`, `go <seconds>`, `quit`) from standard input and
//! answers each `go` with one legal move on standard output, flushed at once. A bad line
//! prints `line N: <error>` on standard error and changes nothing; the exit status is 1
//! if any line was bad. Options: `--edition 2021|2022`, `--no-promotion`. The protocol is
//! documented in `congo::engine`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use congo::engine::{Engine, Reply};
use congo::options::Options;

fn main() -> ExitCode {
    let options = match Options::from_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match run(options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The protocol loop; `Ok(false)` when some line was bad.
fn run(options: Options) -> io::Result<bool> {
    let mut engine = Engine::new(options.rules, options.table);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    let mut errors = stderr.lock();
    let mut buf = Vec::new();
    let mut line_no = 0usize;
    let mut all_good = true;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        line_no += 1;
        let Ok(line) = std::str::from_utf8(&buf) else {
            writeln!(errors, "line {line_no}: the line is not valid UTF-8")?;
            all_good = false;
            continue;
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
