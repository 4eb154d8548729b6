//! `reversi-book`: builds, extends and shows opening books for `reversi-engine --book`
//! (the format: `reversi_engine::Book::to_bytes`). Subcommands: `build` (self-play
//! from the start, then deviations), `deviate` (more deviations on a book), `add`
//! (games from transcripts or GGF files), `show` (a position's book moves), `stats`,
//! `lines` (the openings of a given length inside the book, for matches). `show`,
//! `stats` and `lines` read the book built into the programs (`book/default.book`)
//! without `--book FILE`. `reversi-book --help` and `reversi-book SUBCOMMAND --help`
//! list the options.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use reversi::record::{read_games, read_games_as, Format, GameRecord};
use reversi::{Board, Ply, Transcript};
use reversi_cli::book::{default_book, DEFAULT_BOOK};
use reversi_cli::options::{ranged, DEPTH, TABLE_MIB, THREADS};
use reversi_engine::{Book, BookBuilder, BookKey, Engine};

/// Builds, extends and shows opening books for `reversi-engine --book`.
///
/// `show`, `stats` and `lines` read the book built into the programs
/// (tools/reversi-cli/book/default.book, the one reversi-engine plays from by
/// default) when no --book FILE is given; `build`, `deviate` and `add`, which
/// write a book, need their file.
#[derive(Parser)]
#[command(name = "reversi-book", version, verbatim_doc_comment)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// A new book: the engine's main line from the start (or from each opening), then
    /// the deviations within --loss discs of the best move, then negamax.
    Build {
        /// The book file to write.
        #[arg(long)]
        out: PathBuf,
        /// Plies of self-play from the start (or from each opening).
        #[arg(long, default_value_t = 20)]
        line_plies: u32,
        /// Openings to play the main line from: one transcript a line (`f5d6c3`, then
        /// optionally a name after white space); each opening's own positions are added
        /// too.
        #[arg(long)]
        openings: Option<PathBuf>,
        #[command(flatten)]
        deviate: DeviateArgs,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Adds the deviations within --loss discs of the best move to a book, then negamax.
    Deviate {
        /// The book file (read, then written).
        #[arg(long)]
        book: PathBuf,
        #[command(flatten)]
        deviate: DeviateArgs,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Adds games to a book (the positions of their first --plies plies), then negamax.
    Add {
        /// The book file (created when missing).
        #[arg(long)]
        book: PathBuf,
        /// Positions of fewer plies from the start are added.
        #[arg(long, default_value_t = 30)]
        plies: u32,
        /// Game files: GGF (`(;GM[Othello]...;)`), or one transcript a line.
        files: Vec<PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// A position's book moves with their values (best first).
    Show {
        /// The book file (default: the book built into the programs).
        #[arg(long, value_name = "FILE")]
        book: Option<PathBuf>,
        /// A transcript from the start (`f5d6` or `f5 d6`, `-` for the start) or an OBF
        /// board (its leading `-` is not an option: no `--` needed).
        #[arg(allow_hyphen_values = true)]
        position: String,
    },
    /// The book's positions, exact values, depths and plies, and file size.
    Stats {
        /// The book file (default: the book built into the programs).
        #[arg(long, value_name = "FILE")]
        book: Option<PathBuf>,
    },
    /// The openings of --plies plies from the start whose every position is in the
    /// book, as transcripts (one a line, one per distinct board, sorted): the openings
    /// of a match in which the book is used.
    Lines {
        /// The book file (default: the book built into the programs).
        #[arg(long, value_name = "FILE")]
        book: Option<PathBuf>,
        /// Plies from the start (0 to 60).
        #[arg(long, value_name = "K", value_parser = ranged::<u32>(0..=60, "a number of plies from 0 to 60"))]
        plies: u32,
    },
}

/// How deviations are added.
#[derive(Args)]
struct DeviateArgs {
    /// The most a deviation may lose against the position's best move, in discs.
    #[arg(long, default_value_t = 2)]
    loss: u8,
    /// Deviations from positions of fewer plies than this.
    #[arg(long, default_value_t = 10)]
    plies: u32,
    /// Stop adding positions once the book holds this many.
    #[arg(long, default_value_t = 100_000)]
    max_positions: usize,
}

/// The searches that value new positions.
#[derive(Args)]
struct SearchArgs {
    /// The depth a position's moves are searched to, the move included (1 to 60).
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = ranged::<u32>(1..=60, DEPTH))]
    depth: u32,
    /// The engine's tables, in MiB (1 to 65536; each thread's engine has its own).
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = ranged::<u32>(1..=65536, TABLE_MIB))]
    table_mib: u32,
    /// Search a position's moves on this many threads at once, one engine each (1 to
    /// 256; the book is the same on every run with the same number).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = ranged::<u32>(1..=256, THREADS))]
    threads: u32,
    /// Screen a position's moves first with searches 10 plies shallower (when the
    /// searches are deeper than 11 plies): only the moves within this many discs of
    /// the best of them are searched to the full depth.
    #[arg(long)]
    screen: Option<u8>,
}

impl SearchArgs {
    /// One engine a thread, or the error of tables the system would not give.
    fn engines(&self) -> Result<Vec<Engine>, String> {
        (0..self.threads)
            .map(|_| {
                Engine::try_with_table_bytes((self.table_mib as usize) << 20)
                    .map_err(|error| format!("--table-mib {}: {error}", self.table_mib))
            })
            .collect()
    }

    /// A builder on `engines`, with the depth and screening asked for.
    fn builder<'a>(&self, engines: &'a mut [Engine]) -> BookBuilder<'a> {
        BookBuilder::with_engines(engines, self.depth).screen(self.screen)
    }
}

/// Prints where a deviation run stands.
fn progress(start: Instant) -> impl FnMut(u32, usize) {
    move |ply, positions| {
        eprintln!(
            "deviate: plies < {ply} done, {positions} positions, {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
}

fn read_book(path: &Path) -> Result<Book, String> {
    Book::read(path).map_err(|error| match error {
        reversi_engine::ReadBookError::Io { .. } => error.to_string(),
        error => format!("{}: {error}", path.display()),
    })
}

/// The book of `--book FILE`, or without it the book built into the programs.
fn read_book_or_default(path: Option<&Path>) -> Result<Book, String> {
    match path {
        Some(path) => read_book(path),
        None => default_book().map_err(|error| format!("the built-in book: {error}")),
    }
}

fn write_book(book: &Book, path: &Path) -> Result<(), String> {
    book.write(path).map_err(|error| error.to_string())?;
    eprintln!("{}: {} positions", path.display(), book.len());
    Ok(())
}

/// The openings of a transcript file (`reversi::record`'s transcripts: blank lines and
/// `#` comments skipped, a name may follow the moves after white space), as their plies
/// from the start.
fn openings(path: &Path) -> Result<Vec<Vec<Ply>>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_games_as(std::io::BufReader::new(file), Format::Transcripts)
        .map(|item| {
            item.map(|(_, game)| game.plies)
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

fn build(
    out: &Path,
    line_plies: u32,
    openings: Vec<Vec<Ply>>,
    deviate: &DeviateArgs,
    search: &SearchArgs,
) -> Result<(), String> {
    let start = Instant::now();
    // The output checked before the build, not after it: created (an existing book is
    // kept until the new one is written).
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let mut engines = search.engines()?;
    let mut book = Book::new();
    let mut builder = search.builder(&mut engines);
    for moves in openings {
        // The opening's own positions, then the main line from its end. Read checked:
        // every move is legal.
        builder
            .add_game(&mut book, Board::START, &moves, u32::MAX)
            .map_err(|e| e.to_string())?;
        let end = moves
            .iter()
            .try_fold(Board::START, |board, &ply| board.play_ply(ply))
            .map_err(|e| e.to_string())?;
        builder.play_line(&mut book, end, line_plies);
    }
    eprintln!(
        "main lines: {} positions, {:.1} s",
        book.len(),
        start.elapsed().as_secs_f64()
    );
    let (loss, plies, max) = (deviate.loss, deviate.plies, deviate.max_positions);
    builder.deviate(&mut book, loss, plies, max, &mut progress(start));
    builder.finish(&mut book);
    eprintln!(
        "{} searches, {:.1} s",
        builder.searches(),
        start.elapsed().as_secs_f64()
    );
    write_book(&book, out)
}

fn deviate_book(path: &Path, deviate: &DeviateArgs, search: &SearchArgs) -> Result<(), String> {
    let start = Instant::now();
    let mut book = read_book(path)?;
    let mut engines = search.engines()?;
    let mut builder = search.builder(&mut engines);
    let (loss, plies, max) = (deviate.loss, deviate.plies, deviate.max_positions);
    let added = builder.deviate(&mut book, loss, plies, max, &mut progress(start));
    builder.finish(&mut book);
    eprintln!(
        "{added} positions added, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    write_book(&book, path)
}

/// The games of a file in any format (`reversi::record::read_games`: GGF, WTHOR or
/// transcripts one a line). A bad game is reported with its place and skipped; the
/// others are read.
fn games(path: &Path) -> Result<(Vec<GameRecord>, usize), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut games = Vec::new();
    let mut bad = 0;
    for game in read_games(std::io::BufReader::new(file)) {
        match game {
            Ok((_, game)) => games.push(game),
            Err(error) => {
                bad += 1;
                eprintln!("{}: {error}", path.display());
            }
        }
    }
    Ok((games, bad))
}

fn add(path: &Path, plies: u32, files: &[PathBuf], search: &SearchArgs) -> Result<bool, String> {
    let mut book = if path.exists() {
        read_book(path)?
    } else {
        Book::new()
    };
    let mut engines = search.engines()?;
    let mut builder = search.builder(&mut engines);
    let (mut added, mut count, mut all_good) = (0, 0, true);
    for file in files {
        let (games, bad) = games(file)?;
        all_good &= bad == 0;
        for game in games {
            // Games are read checked: every ply is legal.
            added += builder
                .add_game(&mut book, game.start, &game.plies, plies)
                .unwrap_or(0);
            count += 1;
        }
    }
    builder.finish(&mut book);
    let games = if count == 1 { "game" } else { "games" };
    eprintln!("{count} {games}, {added} positions added");
    write_book(&book, path)?;
    Ok(all_good)
}

/// The board of a transcript (`-`: the start; moves may be separated by spaces) or an
/// OBF line.
fn position(text: &str) -> Result<Board, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("empty position: give a transcript (`-` for the start) or an OBF board".into());
    }
    if trimmed == "-" {
        return Ok(Board::START);
    }
    // A transcript has only squares (letters a-h, digits 1-8), perhaps with spaces
    // between them; an OBF board has 64 squares, then the side to move.
    let is_transcript = trimmed.chars().all(|c| {
        c.is_ascii_whitespace() || matches!(c.to_ascii_lowercase(), 'a'..='h' | '1'..='8')
    });
    if !is_transcript && trimmed.chars().count() < 64 {
        Err(format!(
            "{text:?}: neither a transcript (squares such as `f5d6c3`, `-` for the start) nor \
             an OBF board (64 squares a1..h8 of `X`, `O` or `-`, then the side to move)"
        ))
    } else if !is_transcript {
        Board::from_obf(text).map_err(|e| format!("{text:?}: not an OBF board ({e})"))
    } else {
        let moves: String = trimmed.split_ascii_whitespace().collect();
        moves
            .parse::<Transcript>()
            .map(|game| *game.board())
            .map_err(|e| format!("{text:?}: not a transcript ({e})"))
    }
}

fn show(path: Option<&Path>, text: &str) -> Result<(), String> {
    let book = read_book_or_default(path)?;
    let board = position(text)?;
    let mut out = board.display().to_string();
    match book.get(&board) {
        None => out.push_str("not in the book\n"),
        Some(entry) => {
            let exact = if entry.exact { " exact" } else { "" };
            out += &format!("value {:+}{exact}, depth {}\n", entry.value, entry.depth);
            for m in book.moves(&board) {
                let kind = if m.in_book { "book" } else { "leaf" };
                let exact = if m.exact { " exact" } else { "" };
                out += &format!("{} {:+} {kind}{exact}\n", m.square, m.value);
            }
        }
    }
    print_out(&out)
}

fn stats(path: Option<&Path>) -> Result<(), String> {
    let book = read_book_or_default(path)?;
    // The built-in book's size is that of the bytes built in.
    let size = match path {
        Some(path) => std::fs::metadata(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .len(),
        None => DEFAULT_BOOK.len() as u64,
    };
    let entries = book.entries();
    let exact = entries.iter().filter(|(_, e)| e.exact).count();
    let leaves = entries.iter().filter(|(_, e)| e.leaf.is_some()).count();
    let mut out = format!("positions: {}\n", entries.len());
    out += &format!("exact values: {exact}\n");
    out += &format!("with a leaf: {leaves}\n");
    out += &format!("file size: {size} bytes\n");
    let mut depths = std::collections::BTreeMap::new();
    let mut plies = std::collections::BTreeMap::new();
    for (key, entry) in &entries {
        *depths.entry(u32::from(entry.depth)).or_insert(0) += 1;
        *plies.entry(BookKey::discs(*key) - 4).or_insert(0) += 1;
    }
    let line = |map: &std::collections::BTreeMap<u32, usize>| {
        map.iter()
            .map(|(k, n)| format!("{k}:{n}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    out += &format!("depths (depth:positions): {}\n", line(&depths));
    out += &format!("plies (ply:positions): {}\n", line(&plies));
    let start = book
        .get(&Board::START)
        .map_or("not in the book".to_owned(), |e| format!("{:+}", e.value));
    out += &format!("start value: {start}\n");
    print_out(&out)
}

/// The position a book keys after `board`: `board` itself, or after its pass when its
/// side to move must pass.
fn keyed(board: Board) -> Board {
    if board.must_pass() {
        board.pass().unwrap_or(board)
    } else {
        board
    }
}

fn lines(path: Option<&Path>, plies: u32) -> Result<(), String> {
    let book = read_book_or_default(path)?;
    let mut level: Vec<(Board, String)> = Vec::new();
    if book.get(&Board::START).is_some() {
        level.push((Board::START, String::new()));
    }
    for _ in 0..plies {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for (board, line) in &level {
            for m in book.moves(board).iter().filter(|m| m.in_book) {
                let Ok(child) = board.play(m.square).map(keyed) else {
                    continue;
                };
                if book.get(&child).is_some() && seen.insert(child) {
                    next.push((child, format!("{line}{}", m.square)));
                }
            }
        }
        level = next;
    }
    // The start's line is `-`, as match runners read it.
    let mut out: Vec<String> = level
        .into_iter()
        .map(|(_, line)| if line.is_empty() { "-".into() } else { line })
        .collect();
    out.sort();
    let text: String = out.iter().map(|line| format!("{line}\n")).collect();
    print_out(&text)
}

/// Writes `text` on standard output; a reader that closed the pipe early (`| head`) is
/// no error.
fn print_out(text: &str) -> Result<(), String> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("standard output: {error}"))
        }
        _ => Ok(()),
    }
}

fn run(cli: Cli) -> Result<bool, String> {
    match cli.command {
        Command::Build {
            out,
            line_plies,
            openings: file,
            deviate,
            search,
        } => {
            let openings = match file {
                Some(file) => openings(&file)?,
                None => vec![Vec::new()],
            };
            build(&out, line_plies, openings, &deviate, &search)?;
        }
        Command::Deviate {
            book,
            deviate,
            search,
        } => deviate_book(&book, &deviate, &search)?,
        Command::Add {
            book,
            plies,
            files,
            search,
        } => return add(&book, plies, &files, &search),
        Command::Show { book, position } => show(book.as_deref(), &position)?,
        Command::Stats { book } => stats(book.as_deref())?,
        Command::Lines { book, plies } => lines(book.as_deref(), plies)?,
    }
    Ok(true)
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("reversi-book: {error}");
            ExitCode::from(2)
        }
    }
}
