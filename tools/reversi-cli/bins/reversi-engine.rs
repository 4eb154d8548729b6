//! `reversi-engine [--gtp | --nboard] [--depth N] [--nodes N] [--time S] [--table-mib N]
//! [--threads N] [--no-probcut] [--book FILE [--book-randomness N] [--book-margin N]
//! [--book-seed N] [--book-depth N]]`: the Reversi engine for GUIs and match runners, speaking GTP (the default) or the NBoard
//! protocol on standard input and output; each reply is flushed at once. The protocols
//! are documented in `reversi_engine::protocol`; see `bins/help/reversi-engine.txt`.
//!
//! A GTP error is a `?` response (the board unchanged); a bad NBoard command is ignored
//! with `line N: <error>` on standard error. A line that is not UTF-8 or is longer than
//! 64 KiB is reported the same way (and answered `? ...` in GTP, so a controller never
//! waits); the exit status is then 1.

use std::io::{self, Write};
use std::sync::mpsc;
use std::time::Duration;

use judge::lines::{utf8, MAX_LINE};
use judge::{Line, LineReader, Program};
use reversi_cli::options::{self, number, seconds};
use reversi_engine::protocol::{gtp, Defaults, Flow, GtpSession, NboardSession, SessionBook};
use reversi_engine::{Book, Engine};

const PROGRAM: Program = Program::new("reversi-engine", include_str!("help/reversi-engine.txt"));

/// The seconds a GTP move gets without a clock, unless `--depth` or `--nodes` is given.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// The options: NBoard or GTP, the session's defaults, the table size, the solver's
/// threads, ProbCut.
struct Options {
    nboard: bool,
    defaults: Defaults,
    table_bytes: usize,
    threads: usize,
    probcut: bool,
    book: Option<SessionBook>,
}

/// The book options: the file, the randomness, the margin over the search's move, the
/// seed, `learn`'s depth.
#[derive(Default)]
struct BookOptions {
    path: Option<String>,
    /// The first of the other `--book-*` options given (they need `--book`).
    other: Option<String>,
    randomness: u8,
    margin: Option<u8>,
    seed: Option<u64>,
    depth: Option<u32>,
}

impl BookOptions {
    /// Sets the option `name` (one of the five `--book` options) from `value`, which
    /// reads the option's value (its argument names what is expected).
    fn set(
        &mut self,
        name: &str,
        value: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<(), String> {
        const RANDOMNESS: &str = "a number of discs from 0 to 64";
        const SEED: &str = "a seed from 0 to 2^64 - 1";
        const DEPTH: &str = "a depth from 1 to 60";
        if name != "--book" && self.other.is_none() {
            self.other = Some(name.to_owned());
        }
        match name {
            "--book" => self.path = Some(value("a book file")?),
            "--book-randomness" => {
                let n = number(name, &value(RANDOMNESS)?, 0..=64, RANDOMNESS)?;
                self.randomness = n as u8;
            }
            "--book-margin" => {
                self.margin = Some(number(name, &value(RANDOMNESS)?, 0..=64, RANDOMNESS)? as u8);
            }
            "--book-seed" => self.seed = Some(number(name, &value(SEED)?, 0..=u64::MAX, SEED)?),
            _ => self.depth = Some(number(name, &value(DEPTH)?, 1..=60, DEPTH)? as u32),
        }
        Ok(())
    }

    /// The session's book, read from its file (the error names the file and what is
    /// wrong: `--book FILE: truncated at byte N ...`).
    /// A `--book-*` option without `--book` is an error.
    fn read(self) -> Result<Option<SessionBook>, String> {
        let Some(path) = self.path else {
            return match self.other {
                Some(name) => Err(format!("{name} needs --book FILE")),
                None => Ok(None),
            };
        };
        let book = Book::read(path.as_ref()).map_err(|error| match error {
            reversi_engine::ReadBookError::Io { .. } => format!("--book: {error}"),
            error => format!("--book {path}: {error}"),
        })?;
        // Without a seed, games differ from run to run (when the randomness allows).
        let seed = self.seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_nanos() as u64) ^ u64::from(std::process::id())
        });
        let mut book = SessionBook::new(book, self.randomness, seed);
        book.path = Some(path.into());
        if let Some(depth) = self.depth {
            book.learn_depth = depth;
        }
        if let Some(margin) = self.margin {
            book.margin = margin;
        }
        Ok(Some(book))
    }
}

fn options(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    const DEPTH: &str = "a depth from 1 to 60";
    const NODES: &str = "a number of nodes from 1 to 1000000000000";
    const MIB: &str = "a number of MiB from 1 to 65536";
    const TIME: &str = "seconds above 0";
    const THREADS: &str = "a number of threads from 1 to 256";
    let (mut gtp, mut nboard, mut probcut) = (false, false, true);
    let (mut depth, mut nodes, mut time, mut table_bytes) =
        (None, None, None, reversi_engine::DEFAULT_ENGINE_TABLE_BYTES);
    let mut threads = 1;
    let mut book = BookOptions::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = options::split_inline(&arg);
        let mut value = |expected: &str| options::value(&name, &inline, &mut args, expected);
        match name.as_str() {
            "--gtp" => gtp = true,
            "--nboard" => nboard = true,
            "--depth" => depth = Some(number("--depth", &value(DEPTH)?, 1..=60, DEPTH)? as u32),
            "--nodes" => {
                nodes = Some(number(
                    "--nodes",
                    &value(NODES)?,
                    1..=1_000_000_000_000,
                    NODES,
                )?)
            }
            "--no-probcut" => probcut = false,
            "--time" => time = Some(seconds(&value(TIME)?)?),
            "--table-mib" => {
                table_bytes = (number("--table-mib", &value(MIB)?, 1..=65536, MIB)? as usize) << 20
            }
            "--threads" => {
                threads = number("--threads", &value(THREADS)?, 1..=256, THREADS)? as usize
            }
            "--book" | "--book-randomness" | "--book-margin" | "--book-seed" | "--book-depth" => {
                book.set(&name, &mut value)?
            }
            _ => return Err(judge::unknown(&arg)),
        }
    }
    if gtp && nboard {
        return Err("--gtp and --nboard cannot be used together".to_owned());
    }
    // GTP: the time a move gets without a clock (none when the depth or the nodes limit
    // a move); NBoard: only a cap, when given.
    let move_time = match time {
        Some(time) => Some(time),
        None if nboard || depth.is_some() || nodes.is_some() => None,
        None => Some(DEFAULT_MOVE_TIME),
    };
    let defaults = Defaults {
        depth,
        nodes,
        move_time,
    };
    Ok((
        Options {
            nboard,
            defaults,
            table_bytes,
            threads,
            probcut,
            book: book.read()?,
        },
        Vec::new(),
    ))
}

/// One input line as the reader thread passes it on: its number, and its text or what is
/// wrong with it (not UTF-8, too long); or a failed read.
enum Input {
    Line(usize, Result<String, String>),
    Failed(io::Error),
}

/// Reads standard input on a thread of its own (so that a command can arrive while the
/// engine searches) and passes each line on.
fn read_input() -> mpsc::Receiver<Input> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut lines = LineReader::with_max_line(stdin.lock(), MAX_LINE);
        loop {
            let input = match lines.next_line() {
                Ok(Some(line)) => {
                    let number = line.number();
                    let text = match line {
                        Line::Text { text, .. } => {
                            utf8(text).map(str::to_owned).map_err(|e| e.to_string())
                        }
                        Line::TooLong { start, .. } => {
                            Err(judge::LineError::TooLong { max: start.len() }.to_string())
                        }
                    };
                    Input::Line(number, text)
                }
                Ok(None) => return,
                Err(error) => Input::Failed(error),
            };
            let failed = matches!(input, Input::Failed(_));
            if send.send(input).is_err() || failed {
                return;
            }
        }
    });
    receive
}

/// Runs the session on standard input and output: whether every line was good.
fn run(options: Options) -> io::Result<bool> {
    let mut engine = Engine::try_with_table_bytes(options.table_bytes).map_err(|error| {
        io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!("--table-mib {}: {error}", options.table_bytes >> 20),
        )
    })?;
    engine.set_probcut(options.probcut);
    engine.set_threads(options.threads);
    if options.nboard {
        let mut session = NboardSession::new(engine, options.defaults);
        if let Some(book) = options.book {
            session.set_book(book);
        }
        run_nboard(session)
    } else {
        let mut session = GtpSession::new(engine, options.defaults);
        if let Some(book) = options.book {
            session.set_book(book);
        }
        run_gtp(session)
    }
}

/// GTP: one command at a time, each answered before the next is read.
fn run_gtp(mut session: GtpSession) -> io::Result<bool> {
    let stdin = io::stdin();
    let mut lines = LineReader::with_max_line(stdin.lock(), MAX_LINE);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut errors = io::stderr();
    let mut all_good = true;
    while let Some(line) = lines.next_line()? {
        let number = line.number();
        let text = match line {
            Line::Text { text, .. } => utf8(text).map_err(|e| e.to_string()),
            Line::TooLong { start, .. } => {
                Err(judge::LineError::TooLong { max: start.len() }.to_string())
            }
        };
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                all_good = false;
                writeln!(errors, "line {number}: {error}")?;
                out.write_all(gtp::response(None, Err(&error)).as_bytes())?;
                out.flush()?;
                continue;
            }
        };
        if session.handle_line(text, &mut out)? == Flow::Quit {
            break;
        }
    }
    out.flush()?;
    Ok(all_good)
}

/// NBoard: the lines are read on their own thread, and a line that arrives while a `go`
/// or `hint` searches stops it (the search answers what it completed, then the line is
/// handled).
fn run_nboard(mut session: NboardSession) -> io::Result<bool> {
    let mut incoming = read_input();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut errors = io::stderr();
    let mut all_good = true;
    let mut pending = None;
    loop {
        let input = match pending.take() {
            Some(input) => input,
            None => match incoming.recv() {
                Ok(input) => input,
                Err(_) => break,
            },
        };
        let (number, text) = match input {
            Input::Line(number, text) => (number, text),
            Input::Failed(error) => return Err(error),
        };
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                all_good = false;
                writeln!(errors, "line {number}: {error}")?;
                continue;
            }
        };
        let (result, next) = session.handle_line_watching(&text, &mut out, Some(&mut incoming))?;
        pending = next;
        match result {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(error) => {
                all_good = false;
                writeln!(errors, "line {number}: {error}")?;
            }
        }
    }
    out.flush()?;
    Ok(all_good)
}

fn main() -> std::process::ExitCode {
    PROGRAM.run(options, |options| judge::Exit::from_io(run(options)))
}
