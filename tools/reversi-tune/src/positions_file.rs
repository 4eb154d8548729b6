//! `positions-file`: the position-generation stage of a training pipeline as a file:
//! seeded self-play games (`train`'s games: random opening plies, searched moves with
//! random ones among them, the ending solved), then the real games of WTHOR files
//! (`--wthor`) and the positions of an opening book (`--book`), each unit's positions
//! and some of their children written as OBF lines for `label-file`, on every core,
//! resumable.
//!
//! The units are numbered across the sources: the self-play games `0..G`, then the WTHOR
//! games in the files' order, then the book's positions in key order (one unit each).
//! Each unit's lines end with a `# game N` line; a later run keeps the units before the
//! last such line (a unit cut short is written again) and goes on with the next. Unit `N`
//! depends only on the seed, the sources and `N` (a game's generator is `(seed, N)`'s, its
//! children's `(seed, N)`'s too), so the file is the same on any number of threads and
//! however often the run was interrupted.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::games::{game_rng, generate, some_children, GameArgs, Record};
use crate::stage_file;
use crate::wthor_games::{self, WthorArgs};

/// `positions-file`: self-play, real-game and book positions for training.
#[derive(clap::Args, Debug)]
pub struct PositionsFileArgs {
    #[command(flatten)]
    games_args: GameArgs,
    /// Games to play (the file's units `0..GAMES`; 0 for real games and book positions
    /// alone).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    #[command(flatten)]
    wthor: WthorArgs,
    /// An opening book (`reversi-book`'s format, e.g. tools/reversi-cli/book/default.book)
    /// whose positions follow the games, one unit each, in key order (each book
    /// position as its canonical board, Black to move).
    #[arg(long)]
    book: Option<PathBuf>,
    /// Besides each position of a game, this many of its children (positions after other
    /// legal moves, not finished games), picked at random.
    #[arg(long, default_value_t = 3)]
    children: u32,
    /// Games played between two writes of the file (what an interruption can lose at
    /// most).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..))]
    chunk: u64,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// The file of positions: created, or resumed. Give it before `--wthor`, which
    /// takes every file name after it (or end `--wthor`'s list with `--`).
    output: PathBuf,
}

/// `positions-file`.
pub fn run(args: &PositionsFileArgs) -> Result<()> {
    let (units, lines) = positions_file(args, !args.quiet)?;
    eprintln!(
        "{}: {units} units (games, real games, book positions), {lines} positions written by this run",
        args.output.display()
    );
    Ok(())
}

/// Writes (or resumes) `args.output`; with `progress`, a progress bar on standard error.
/// The units in the file and the positions this run wrote.
///
/// # Errors
/// A WTHOR file or the book cannot be read (the output is then left untouched), the
/// output cannot be read or written, or it holds lines after its last unit's end that
/// are not positions.
pub fn positions_file(args: &PositionsFileArgs, progress: bool) -> Result<(u64, usize)> {
    let real = real_units(args)?;
    let total = args.games + real.len() as u64;
    let mut resumed = resume(&args.output)?;
    check_units(args, &real, &resumed)?;
    stage_file::keep(&mut resumed.file, resumed.end, resumed.len)?;
    let first = resumed.units;
    let mut out = stage_file::appender(&args.output)?;
    let bar = stage_file::progress_bar(total, first, "units", progress);
    let mut written = 0;
    let mut unit = first;
    while unit < total {
        let count = args.chunk.min(total - unit);
        let played = if unit < args.games {
            generate(&args.games_args, unit, count.min(args.games - unit))
        } else {
            Vec::new()
        };
        let taken =
            (unit + played.len() as u64..unit + count).map(|n| &real[(n - args.games) as usize]);
        for (i, records) in played.iter().chain(taken).enumerate() {
            written += write_unit(&mut out, args, unit + i as u64, records)?;
        }
        out.flush()
            .with_context(|| format!("cannot write {}", args.output.display()))?;
        unit += count;
        bar.inc(count);
    }
    bar.finish_and_clear();
    Ok((unit.max(first), written))
}

/// Writes unit `number`: the positions of `records` not finished, each followed by
/// `--children` of its children picked by the unit's generator, then `# game N`. The
/// positions written.
fn write_unit(
    out: &mut impl Write,
    args: &PositionsFileArgs,
    number: u64,
    records: &[Record],
) -> std::io::Result<usize> {
    let mut rng = game_rng(args.games_args.seed ^ CHILDREN_SALT, number);
    let mut written = 0;
    for record in records.iter().filter(|r| !r.board.is_game_over()) {
        writeln!(out, "{}", record.board.to_obf())?;
        written += 1;
        for child in some_children(&record.board, args.children, &mut rng) {
            writeln!(out, "{}", child.to_obf())?;
            written += 1;
        }
    }
    writeln!(out, "# game {number}")?;
    Ok(written)
}

/// Before resuming `file`: it was written with these settings, so its first and last
/// units are the ones they give (another seed, other game options, children or sources
/// give others), and it holds no more units than they make (`real` after the games).
///
/// # Errors
/// Either is not so: the file is another run's (it is left untouched).
fn check_units(args: &PositionsFileArgs, real: &[Vec<Record>], file: &Resumed) -> Result<()> {
    let total = args.games + real.len() as u64;
    if file.units > total {
        bail!(
            "{} holds {} units, more than these settings make ({} games, {} real games and book positions): another run's file? remove it to start again",
            args.output.display(),
            file.units,
            args.games,
            real.len()
        );
    }
    let Some(last) = file.units.checked_sub(1) else {
        return Ok(());
    };
    for (number, lines) in [(0, &file.first), (last, &file.last)] {
        let played;
        let records = if number < args.games {
            played = generate(&args.games_args, number, 1);
            &played[0]
        } else {
            &real[(number - args.games) as usize]
        };
        let mut expected = Vec::new();
        write_unit(&mut expected, args, number, records)?;
        if expected != lines.as_bytes() {
            bail!(
                "{}: its unit {number} (up to `# game {number}`) is not the one these settings make (another seed, game options, --children or sources?): remove it to start again, or give the settings it was written with",
                args.output.display()
            );
        }
    }
    Ok(())
}

/// The units after the self-play games: the positions of each WTHOR game, then each
/// book position alone, in key order.
///
/// # Errors
/// A WTHOR file or the book cannot be read.
fn real_units(args: &PositionsFileArgs) -> Result<Vec<Vec<Record>>> {
    let mut units = wthor_games::positions(&args.wthor, args.games_args.seed)?;
    if let Some(path) = &args.book {
        let book = reversi_engine::Book::read(path)
            .with_context(|| format!("cannot read the book {}", path.display()))?;
        units.extend(
            book.entries().into_iter().filter_map(|(key, _)| {
                key.board().map(|board| vec![Record { board, exact: None }])
            }),
        );
    }
    Ok(units)
}

/// Mixed into the seed of a game's children's generator (not the game's own).
const CHILDREN_SALT: u64 = 0x6368_696c_6472_656e;

/// A positions file read to be resumed.
struct Resumed {
    /// The file, open for writing.
    file: std::fs::File,
    /// Its complete units.
    units: u64,
    /// The lines of its first and its last complete unit (`# game N` lines included).
    first: String,
    last: String,
    /// Where its last complete unit ends (bytes), and its length.
    end: usize,
    len: usize,
}

/// `output` (created empty when missing) read to be resumed: its units, the first and
/// the last one's lines and where the last ends (what follows is dropped by [`stage_file::keep`] once the
/// file is known to be this run's).
///
/// # Errors
/// Game lines out of order, or lines after the last game's end that are not positions.
fn resume(output: &Path) -> Result<Resumed> {
    let (file, text) = stage_file::open_output(output, "positions file")?;
    let (mut games, mut end, mut last_start) = (0, 0, 0);
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        offset += line.len();
        let trimmed = line.trim_end();
        if let Some(number) = trimmed.strip_prefix("# game ") {
            if number.parse::<u64>().ok() != Some(games) || !line.ends_with('\n') {
                bail!(
                    "{}: line {}: `{trimmed}` where `# game {games}` was due (another file? remove it to start again)",
                    output.display(),
                    i + 1
                );
            }
            games += 1;
            last_start = end;
            end = offset;
        } else if line.ends_with('\n') && reversi::Board::from_obf(trimmed).is_err() {
            bail!(
                "{}: line {}: not a position (another file? remove it to start again)",
                output.display(),
                i + 1
            );
        }
    }
    let first_end = text
        .find("# game 0\n")
        .map_or(0, |i| i + "# game 0\n".len());
    Ok(Resumed {
        units: games,
        first: text[..first_end.min(end)].to_string(),
        last: text[last_start..end].to_string(),
        end,
        len: text.len(),
        file,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: PositionsFileArgs,
    }

    fn args(output: &Path, extra: &[&str]) -> PositionsFileArgs {
        let mut argv = vec![
            "t",
            "--games",
            "6",
            "--chunk",
            "2",
            "--opening",
            "8",
            "--exact",
            "12",
        ];
        argv.extend_from_slice(extra);
        argv.push(output.to_str().unwrap());
        Cli::parse_from(argv).args
    }

    /// Arguments with the output first (`--wthor` takes every file name after it): one
    /// self-play game, `extra`, then `sources`.
    fn sourced(output: &Path, extra: &[&str], sources: &[&str]) -> PositionsFileArgs {
        let mut argv = vec![
            "t",
            output.to_str().unwrap(),
            "--games",
            "1",
            "--exact",
            "12",
        ];
        argv.extend_from_slice(extra);
        argv.extend_from_slice(sources);
        Cli::parse_from(argv).args
    }

    /// The positions before each move of the games of WTH_1978, replayed by the rules
    /// (a forced pass played first).
    fn real_games() -> (PathBuf, Vec<Vec<reversi::Board>>) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../crates/reversi/tests/data/wthor/WTH_1978.wtb");
        let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
        let games = reversi::wthor::GameReader::new(file)
            .unwrap()
            .map(|game| {
                let mut board = reversi::Board::START;
                let mut before = Vec::new();
                for &square in game.unwrap().moves() {
                    if board.legal_moves().is_empty() {
                        board = board.pass().unwrap();
                    }
                    before.push(board);
                    board = board.play(square).unwrap();
                }
                before
            })
            .collect();
        (path, games)
    }

    /// The file's units: each unit's positions, split at its `# game N` line.
    fn units(text: &str) -> Vec<Vec<reversi::Board>> {
        let mut units = vec![Vec::new()];
        for line in text.lines() {
            if line.starts_with("# game ") {
                units.push(Vec::new());
            } else {
                units
                    .last_mut()
                    .unwrap()
                    .push(reversi::Board::from_obf(line).unwrap());
            }
        }
        units.pop();
        units
    }

    /// After one self-play game come the WTHOR games (every position before a move) and
    /// then the book's positions (its keys' boards, in key order), one unit each; a run
    /// cut inside a real game resumes to the same file; a book that cannot be read is
    /// named and the output left untouched.
    #[test]
    fn real_games_and_book_positions_follow_the_games() {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-real", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (wthor, games) = real_games();
        assert_eq!(games.len(), 8);
        let start = reversi::Board::START;
        let diagonal = start
            .play("f5".parse().unwrap())
            .unwrap()
            .play("f6".parse().unwrap())
            .unwrap();
        let mut book = reversi_engine::Book::new();
        let entry = reversi_engine::BookEntry {
            value: 0,
            depth: 1,
            exact: false,
            leaf: None,
        };
        book.insert(&diagonal, entry);
        book.insert(&start, entry);
        let book_path = dir.join("two.book");
        book.write(&book_path).unwrap();
        let mut keys = [
            reversi_engine::BookKey::of(&start).0,
            reversi_engine::BookKey::of(&diagonal).0,
        ];
        keys.sort_unstable();
        let sources = [
            "--book",
            book_path.to_str().unwrap(),
            "--wthor",
            wthor.to_str().unwrap(),
        ];

        let plain = dir.join("plain.obf");
        let _ = std::fs::remove_file(&plain);
        let (count, _) =
            positions_file(&sourced(&plain, &["--children", "0"], &sources), false).unwrap();
        assert_eq!(count, 1 + 8 + 2);
        let found = units(&std::fs::read_to_string(&plain).unwrap());
        assert_eq!(found.len(), 11);
        assert_eq!(found[0][0], start);
        assert_eq!(&found[1..9], &games[..]);
        for (unit, key) in found[9..].iter().zip(keys) {
            assert_eq!(unit, &vec![key.board().unwrap()]);
        }

        // With children, cut inside the third real game, resumed on one thread.
        let whole = dir.join("whole.obf");
        let _ = std::fs::remove_file(&whole);
        positions_file(&sourced(&whole, &["--chunk", "3"], &sources), false).unwrap();
        let expected = std::fs::read_to_string(&whole).unwrap();
        let with_children = units(&expected);
        assert_eq!(with_children.len(), 11);
        assert!(with_children[9].len() > 1);
        let end = expected.find("# game 3\n").unwrap() + "# game 3\n".len();
        let cut = dir.join("cut.obf");
        std::fs::write(&cut, &expected[..end + 150]).unwrap();
        let one = sourced(&cut, &["--threads", "1"], &sources);
        assert_eq!(positions_file(&one, false).unwrap().0, 11);
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);

        let missing = dir.join("missing.book");
        let untouched = dir.join("untouched.obf");
        let _ = std::fs::remove_file(&untouched);
        let bad = ["--book", missing.to_str().unwrap()];
        let error = positions_file(&sourced(&untouched, &[], &bad), false).unwrap_err();
        assert!(format!("{error:#}").contains("missing.book"), "{error:#}");
        assert!(!untouched.exists());
    }

    /// A run cut in the middle of a game resumes to the file an uninterrupted run on
    /// another number of threads writes; every line is a position or a game's end.
    #[test]
    fn a_resumed_run_writes_the_same_file() {
        let dir = std::env::temp_dir().join(format!("reversi-tune-{}-pos", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.obf");
        let _ = std::fs::remove_file(&whole);
        let (games, written) = positions_file(&args(&whole, &["--threads", "2"]), false).unwrap();
        let expected = std::fs::read_to_string(&whole).unwrap();
        assert_eq!(games, 6);
        assert_eq!(
            expected.lines().filter(|l| !l.starts_with('#')).count(),
            written
        );
        assert!(written > 6 * 40, "{written}");
        for line in expected.lines() {
            assert!(
                line.starts_with("# game ") || reversi::Board::from_obf(line).is_ok(),
                "{line}"
            );
        }
        // Cut after game 2's end and a few lines of game 3, the last line half written.
        let end = expected.find("# game 2\n").unwrap() + "# game 2\n".len();
        let cut = dir.join("cut.obf");
        std::fs::write(&cut, &expected[..end + 100]).unwrap();
        // Resumed with other settings (another seed, other children, fewer games), the
        // file is refused and left as it was, its half-written unit too.
        let mut fewer = args(&cut, &[]);
        fewer.games = 2;
        for (other, why) in [
            (
                args(&cut, &["--seed", "2"]),
                "is not the one these settings make",
            ),
            (
                args(&cut, &["--children", "1"]),
                "is not the one these settings make",
            ),
            (
                args(&cut, &["--random", "0.5"]),
                "is not the one these settings make",
            ),
            (fewer, "holds 3 units, more than these settings make"),
        ] {
            let error = positions_file(&other, false).unwrap_err();
            assert!(error.to_string().contains(why), "{other:?}: {error}");
            assert_eq!(
                std::fs::read_to_string(&cut).unwrap(),
                expected[..end + 100]
            );
        }
        let (games, _) = positions_file(&args(&cut, &["--threads", "1"]), false).unwrap();
        assert_eq!(games, 6);
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
        // A file that is not one is refused and left as it was.
        let other = dir.join("other.obf");
        std::fs::write(&other, "# game 5\n").unwrap();
        let error = positions_file(&args(&other, &[]), false).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("line 1: `# game 5` where `# game 0` was due"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "# game 5\n");
    }
}
