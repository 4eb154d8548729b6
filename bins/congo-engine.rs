//! The Congo engine (the assignment's bonus part): reads protocol lines (`newgame`,
//! `position <fen>`, `moves <m1> ...`, `go <seconds>`, `quit`) from standard input and
//! answers each `go` with one legal move on standard output, flushed at once. A bad line
//! prints `line N: <error>` on standard error and changes nothing; the exit status is 1
//! if any line was bad (a line longer than 64 KiB is bad: memory stays flat). Options:
//! `--edition 2021|2022`, `--no-promotion`, `--info` (search information on standard
//! error). The protocol is documented in `congo_engine::protocol`.

use congo_course::text as course;
use congo_engine::{Engine, EngineError, Reply};
use judge::Next;

/// Answers one protocol line: a move for `go`, flushed at once.
fn answer(engine: &mut Engine, line: &str, out: &mut Vec<u8>) -> Result<Next, EngineError> {
    Ok(match engine.handle_line(line)? {
        Reply::Silent => Next::Continue,
        Reply::Move(mv) => {
            out.extend_from_slice(format!("{mv}\n").as_bytes());
            Next::Flush
        }
        Reply::Quit => Next::Stop,
    })
}

fn main() -> std::process::ExitCode {
    let program = judge::Program::new("congo-engine", include_str!("help/congo-engine.txt"));
    let options = |mut args: Vec<String>| {
        let n = args.len();
        args.retain(|a| a != "--info");
        let info = args.len() < n;
        course::rule_options(args).map(|(rules, rest)| ((rules, info), rest))
    };
    program.run(options, |(rules, info)| {
        let mut engine = Engine::new(rules);
        if info {
            engine.set_info(Some(Box::new(std::io::stderr())));
        }
        judge::each_line(|line, out| answer(&mut engine, line, out))
    })
}
