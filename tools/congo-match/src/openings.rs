//! Where games start: a file of FENs, or random legal plies from a FEN.

use std::collections::HashSet;
use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::rules::{Board, End, Side};

/// The course's start position (its tournament runner starts every game here).
pub const COURSE_START: &str = "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0";

/// The standard start position of Congo.
pub const STANDARD_START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// The largest openings file read (bytes): millions of FENs; a larger file (or a device
/// such as `/dev/zero`) is an error, not an unbounded read.
pub const MAX_FILE: u64 = 256 * 1024 * 1024;

/// Reads an openings file of at most [`MAX_FILE`] bytes, as UTF-8.
///
/// # Errors
///
/// The file cannot be read, is larger than [`MAX_FILE`], or is not UTF-8.
pub fn read_file(path: &Path) -> Result<String> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE {
        bail!("larger than {MAX_FILE} bytes");
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        anyhow::anyhow!("line {line}: not UTF-8 text")
    })
}

/// Reads one FEN a line; blank lines and lines starting with `#` are skipped, and so
/// are positions in which the game is already over (with a warning on standard error).
///
/// # Errors
///
/// A line that is not a FEN (naming its line number), or no opening at all.
pub fn from_text(text: &str, name: &str) -> Result<Vec<Board>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        // A byte order mark (from some editors) is not part of the first FEN.
        let line = line.trim_start_matches('\u{feff}').trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let board = Board::from_fen(line)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{name}: line {}", i + 1))?;
        if let Some(end) = board.end() {
            eprintln!(
                "{name}: line {}: skipped, the game is over ({})",
                i + 1,
                describe(&end)
            );
            continue;
        }
        out.push(board);
    }
    if out.is_empty() {
        bail!("{name}: no opening");
    }
    Ok(out)
}

/// The end of a game in words: `White won: lion captured`, `a draw: two bare lions`.
fn describe(end: &End) -> String {
    match end {
        End::Win(Side::White, why) => format!("White won: {why}"),
        End::Win(Side::Black, why) => format!("Black won: {why}"),
        End::Draw(why) => format!("a draw: {why}"),
    }
}

/// The number of draws in a row that find no new opening before [`random`] gives up.
pub const MAX_FAILED_DRAWS: usize = 10_000;

/// `count` distinct openings, each made by `plies` random legal plies from `from`, drawn
/// from a generator seeded with `seed` (the same arguments give the same openings).
/// Openings in which the game is over, or already drawn, are drawn again.
///
/// # Errors
///
/// No new playable opening in [`MAX_FAILED_DRAWS`] draws in a row (there are fewer than
/// `count` distinct ones, or they are too rare).
pub fn random(from: &Board, count: usize, plies: u32, seed: u64) -> Result<Vec<Board>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut seen = HashSet::new();
    // Not `with_capacity(count)`: a huge count must fail by the search, not abort the
    // process on an allocation.
    let mut out = Vec::new();
    let mut failed = 0usize;
    while out.len() < count {
        failed += 1;
        if failed > MAX_FAILED_DRAWS {
            bail!(
                "found only {} distinct openings of {plies} plies from {} (asked for {count})",
                out.len(),
                from.fen()
            );
        }
        let mut board = *from;
        let mut ok = true;
        for _ in 0..plies {
            let moves = board.legal_moves();
            if moves.is_empty() || board.end().is_some() {
                ok = false;
                break;
            }
            let mv = &moves[rng.usize(..moves.len())];
            board = board.play(mv).map_err(anyhow::Error::msg)?;
        }
        if ok && board.end().is_none() && seen.insert(board.fen()) {
            out.push(board);
            failed = 0;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_count_fails_by_the_search_not_an_allocation() {
        // Zero plies from one position give one opening: asking for 10^15 of them once
        // aborted the process allocating 10^15 boards.
        let start = Board::from_fen(COURSE_START).unwrap();
        let err = random(&start, 1_000_000_000_000_000, 0, 1).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("found only 1 distinct openings of 0 plies from {COURSE_START} (asked for 1000000000000000)")
        );
        assert_eq!(random(&start, 1, 0, 1).unwrap(), vec![start]);
    }
}
