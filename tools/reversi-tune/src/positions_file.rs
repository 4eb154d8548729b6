//! `positions-file`: the position-generation stage of a training pipeline as a file:
//! seeded self-play games (`train`'s games: random opening plies, searched moves with
//! random ones among them, the ending solved), each game's positions and some of their
//! children written as OBF lines for `label-file`, on every core, resumable.
//!
//! Each game's lines end with a `# game N` line; a later run keeps the games before the
//! last such line (a game cut short is played again) and goes on with the next. Game `N`
//! depends only on the seed and `N` (its generator is `(seed, N)`'s, its children's
//! `(seed, N)`'s too), so the file is the same on any number of threads and however
//! often the run was interrupted.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::games::{game_rng, generate, some_children, GameArgs};
use crate::stage_file;

/// `positions-file`: self-play positions for training.
#[derive(clap::Args, Debug)]
pub struct PositionsFileArgs {
    #[command(flatten)]
    games_args: GameArgs,
    /// Games to play (the file's games `0..GAMES`).
    #[arg(long, default_value_t = 1000)]
    games: u64,
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
    /// The file of positions: created, or resumed.
    output: PathBuf,
}

/// `positions-file`.
pub fn run(args: &PositionsFileArgs) -> Result<()> {
    let (games, lines) = positions_file(args, !args.quiet)?;
    eprintln!(
        "{}: {games} games, {lines} positions written by this run",
        args.output.display()
    );
    Ok(())
}

/// Writes (or resumes) `args.output`; with `progress`, a progress bar on standard error.
/// The games in the file and the positions this run wrote.
///
/// # Errors
/// The file cannot be read or written, or holds lines after its last game's end that
/// are not positions.
pub fn positions_file(args: &PositionsFileArgs, progress: bool) -> Result<(u64, usize)> {
    let first = resume(&args.output)?;
    let mut out = stage_file::appender(&args.output)?;
    let bar = stage_file::progress_bar(args.games, first, "games", progress);
    let mut written = 0;
    let mut game = first;
    while game < args.games {
        let count = args.chunk.min(args.games - game);
        for (i, records) in generate(&args.games_args, game, count).iter().enumerate() {
            let number = game + i as u64;
            let mut rng = game_rng(args.games_args.seed ^ CHILDREN_SALT, number);
            for record in records.iter().filter(|r| !r.board.is_game_over()) {
                writeln!(out, "{}", record.board.to_obf())?;
                written += 1;
                for child in some_children(&record.board, args.children, &mut rng) {
                    writeln!(out, "{}", child.to_obf())?;
                    written += 1;
                }
            }
            writeln!(out, "# game {number}")?;
        }
        out.flush()
            .with_context(|| format!("cannot write {}", args.output.display()))?;
        game += count;
        bar.inc(count);
    }
    bar.finish_and_clear();
    Ok((game.max(first), written))
}

/// Mixed into the seed of a game's children's generator (not the game's own).
const CHILDREN_SALT: u64 = 0x6368_696c_6472_656e;

/// The number of games `output` holds (created empty when missing), what follows its
/// last `# game N` line dropped.
///
/// # Errors
/// Game lines out of order, or lines after the last game's end that are not positions.
fn resume(output: &Path) -> Result<u64> {
    let (mut file, text) = stage_file::open_output(output, "positions file")?;
    let (mut games, mut end) = (0, 0);
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        offset += line.len();
        let trimmed = line.trim_end();
        if let Some(number) = trimmed.strip_prefix("# game ") {
            if number.parse::<u64>().ok() != Some(games) || !line.ends_with('\n') {
                bail!(
                    "{} line {}: `{trimmed}` where `# game {games}` was due (another file? remove it to start again)",
                    output.display(),
                    i + 1
                );
            }
            games += 1;
            end = offset;
        } else if line.ends_with('\n') && reversi::Board::from_obf(trimmed).is_err() {
            bail!(
                "{} line {}: not a position (another file? remove it to start again)",
                output.display(),
                i + 1
            );
        }
    }
    stage_file::keep(&mut file, end, text.len())?;
    Ok(games)
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
