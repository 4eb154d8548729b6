//! Where games start: a file of FENs, or random legal plies from a FEN.

use anyhow::{bail, Context, Result};

use crate::rules::{Board, End, Side};

/// The course's start position (its tournament runner starts every game here).
pub const COURSE_START: &str = "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0";

/// The standard start position of Congo.
pub const STANDARD_START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

pub use match_core::openings::{read_file, MAX_FAILED_DRAWS, MAX_FILE};

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

impl match_core::openings::Position for Board {
    type Key = String;

    fn random_ply(&self, rng: &mut fastrand::Rng) -> Result<Option<Board>> {
        let moves = self.legal_moves();
        if moves.is_empty() || self.end().is_some() {
            return Ok(None);
        }
        let mv = &moves[rng.usize(..moves.len())];
        self.play(mv).map(Some).map_err(anyhow::Error::msg)
    }

    fn is_playable(&self) -> bool {
        self.end().is_none()
    }

    fn key(&self) -> String {
        self.fen()
    }

    fn describe(&self) -> String {
        self.fen()
    }
}

/// `count` distinct openings, each made by `plies` random legal plies from `from`, drawn
/// from a generator seeded with `seed` (the same arguments give the same openings).
/// Openings in which the game is over, or already drawn, are drawn again.
///
/// # Errors
///
/// No new playable opening in [`MAX_FAILED_DRAWS`] draws in a row (there are fewer than
/// `count` distinct ones, or they are too rare).
pub fn random(from: &Board, count: usize, plies: u32, seed: u64) -> Result<Vec<Board>> {
    match_core::openings::random(from, count, plies, seed)
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
