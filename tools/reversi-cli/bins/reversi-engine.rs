//! `reversi-engine [--gtp | --nboard] [--depth N] [--nodes N] [--time S] [--table-mib N]
//! [--threads N] [--no-probcut] [--no-book | --book FILE] [--book-randomness N]
//! [--book-margin N] [--book-seed N] [--book-depth N]`: the Reversi engine for GUIs and
//! match runners, speaking GTP (the default) or the NBoard protocol on standard input
//! and output; each reply is flushed at once. It plays from the opening book built into
//! it (`book/default.book`) unless `--no-book` or `--book FILE` is given. The protocols
//! are documented in `reversi_engine::protocol`; `reversi-engine --help` says more
//! (`bins/help/reversi-engine.txt` is its input, output and exit statuses).
//!
//! A GTP error is a `?` response (the board unchanged); a bad NBoard command is ignored
//! with `line N: <error>` on standard error. A line that is not UTF-8 or is longer than
//! 64 KiB is reported the same way (and answered `? ...` in GTP, so a controller never
//! waits); the exit status is then 1.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use judge::lines::{utf8, MAX_LINE};
use judge::{Line, LineReader};
use reversi_cli::options::{ranged, seconds, TableArgs, DEPTH, THREADS};
use reversi_engine::protocol::{
    Defaults, Flow, GtpSession, NboardSession, SessionBook, BOOK_MARGIN, LEARN_DEPTH,
};
use reversi_engine::Book;
use reversi_protocol::gtp;

/// The seconds a GTP move gets without a clock, unless `--depth` or `--nodes` is given.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// What `--book-randomness` and `--book-margin` take.
const DISCS: &str = "a number of discs from 0 to 64";

/// Reversi (Othello) engine for GUIs and match runners: GTP or the NBoard protocol
#[derive(Parser)]
#[command(
    name = "reversi-engine",
    version,
    allow_negative_numbers = true,
    override_usage = "reversi-engine [--gtp | --nboard] [OPTIONS] < commands",
    after_long_help = include_str!("help/reversi-engine.txt")
)]
struct Cli {
    /// Speak GTP (the default)
    #[arg(long, conflicts_with = "nboard")]
    gtp: bool,
    /// Speak the NBoard protocol (version 2)
    #[arg(long)]
    nboard: bool,
    /// Search at most N plies (1 to 60)
    ///
    /// NBoard's `set depth` is capped by it.
    #[arg(long, value_name = "N", value_parser = ranged::<u32>(1..=60, DEPTH), verbatim_doc_comment)]
    depth: Option<u32>,
    /// Search at most about N nodes a move (1 to 10^12)
    ///
    /// The moves then do not depend on the machine's speed or load.
    #[arg(
        long,
        value_name = "N",
        value_parser = ranged::<u64>(1..=1_000_000_000_000, "a number of nodes from 1 to 1000000000000"),
        verbatim_doc_comment
    )]
    nodes: Option<u64>,
    /// Seconds a move (above 0, at most 86400)
    ///
    /// GTP: seconds a move when no clock is set (default 1, or no
    /// limit when --depth or --nodes is given); NBoard: the most a
    /// move gets (no default). With a clock (GTP time_settings,
    /// NBoard the game's TI[...]), a move gets its share less a
    /// margin (a tenth, at most 20 ms).
    #[arg(long, value_name = "S", value_parser = seconds, verbatim_doc_comment)]
    time: Option<Duration>,
    #[command(flatten)]
    table: TableArgs,
    /// The search's threads (1 to 256)
    ///
    /// Started once and shared by the midgame search and the
    /// endgame solver; a search limited by --nodes and NBoard's
    /// hint use one for the midgame.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = ranged::<usize>(1..=256, THREADS),
        verbatim_doc_comment
    )]
    threads: usize,
    /// Search without ProbCut's pruning
    ///
    /// For measuring what it buys.
    #[arg(long = "no-probcut", verbatim_doc_comment)]
    no_probcut: bool,
    /// Play without an opening book
    ///
    /// Without it, or --book FILE, the engine plays from the book
    /// built into it (tools/reversi-cli/book/default.book). The
    /// --book-* options cannot be used with it.
    #[arg(long = "no-book", conflicts_with = "book", verbatim_doc_comment)]
    no_book: bool,
    /// An opening book file instead of the built-in one
    ///
    /// In reversi-book's format. NBoard's learn saves the book to it.
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    book: Option<String>,
    /// A random book move within N discs of the best (0 to 64)
    ///
    /// 0: the book's best move.
    #[arg(
        long = "book-randomness",
        value_name = "N",
        default_value_t = 0,
        value_parser = ranged::<u8>(0..=64, DISCS),
        conflicts_with = "no_book",
        verbatim_doc_comment
    )]
    book_randomness: u8,
    /// The book overrules a search's move N discs worse (0 to 64)
    ///
    /// With a fixed time a move, the book's move is played instead
    /// of the search's when the book values the search's move N
    /// discs or more below its best (0: always the book's move; a
    /// move outside the book counts at the value of the book's best
    /// move outside it, or is kept if the book has none).
    #[arg(
        long = "book-margin",
        value_name = "N",
        default_value_t = BOOK_MARGIN,
        value_parser = ranged::<u8>(0..=64, DISCS),
        conflicts_with = "no_book",
        verbatim_doc_comment
    )]
    book_margin: u8,
    /// The seed of the random book moves (default: the clock)
    #[arg(
        long = "book-seed",
        value_name = "N",
        value_parser = ranged::<u64>(0..=u64::MAX, "a seed from 0 to 2^64 - 1"),
        conflicts_with = "no_book"
    )]
    book_seed: Option<u64>,
    /// The depth of NBoard's learn searches (1 to 60)
    ///
    /// The game's first 30 plies are added and the book negamaxed,
    /// then saved to the --book FILE (the built-in book learns in
    /// memory only, for the session).
    #[arg(
        long = "book-depth",
        value_name = "N",
        default_value_t = LEARN_DEPTH,
        value_parser = ranged::<u32>(1..=60, DEPTH),
        conflicts_with = "no_book",
        verbatim_doc_comment
    )]
    book_depth: u32,
}

impl Cli {
    /// The session's defaults: GTP's time a move without a clock (none when the depth
    /// or the nodes limit a move); NBoard's only a cap, when given.
    fn defaults(&self) -> Defaults {
        let move_time = match self.time {
            Some(time) => Some(time),
            None if self.nboard || self.depth.is_some() || self.nodes.is_some() => None,
            None => Some(DEFAULT_MOVE_TIME),
        };
        Defaults {
            depth: self.depth,
            nodes: self.nodes,
            move_time,
        }
    }

    /// The session's book: none with `--no-book`, the `--book` file (the error names
    /// the file and what is wrong: `--book FILE: truncated at byte N ...`), else the
    /// book built into the program (no file: `learn` keeps what it adds in memory).
    fn book(&self) -> Result<Option<SessionBook>, String> {
        if self.no_book {
            return Ok(None);
        }
        let book = match &self.book {
            Some(path) => Book::read(path.as_ref()).map_err(|error| match error {
                reversi_engine::ReadBookError::Io { .. } => format!("--book: {error}"),
                error => format!("--book {path}: {error}"),
            })?,
            None => reversi_cli::book::default_book()
                .map_err(|error| format!("the built-in book: {error}"))?,
        };
        // Without a seed, games differ from run to run (when the randomness allows).
        let seed = self.book_seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_nanos() as u64) ^ u64::from(std::process::id())
        });
        let mut book = SessionBook::new(book, self.book_randomness, seed);
        book.path = self.book.as_ref().map(Into::into);
        book.learn_depth = self.book_depth;
        book.margin = self.book_margin;
        Ok(Some(book))
    }
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

/// Runs the session on standard input and output with `book`: whether every line was
/// good.
fn run(cli: &Cli, book: Option<SessionBook>) -> io::Result<bool> {
    let mut engine = cli
        .table
        .engine()
        .map_err(|error| io::Error::new(io::ErrorKind::OutOfMemory, error))?;
    engine.set_probcut(!cli.no_probcut);
    engine.set_threads(cli.threads);
    if cli.nboard {
        let mut session = NboardSession::new(engine, cli.defaults());
        if let Some(book) = book {
            session.set_book(book);
        }
        run_nboard(session)
    } else {
        let mut session = GtpSession::new(engine, cli.defaults());
        if let Some(book) = book {
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A book that cannot be read is a bad command line, told as clap tells its own
    // (exit status 2): nothing is read.
    let book = match cli.book() {
        Ok(book) => book,
        Err(error) => Cli::command().error(ErrorKind::InvalidValue, error).exit(),
    };
    match run(&cli, book) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}
