//! Where games start: a file of FENs, or random legal plies from a FEN.

use std::collections::HashSet;

use anyhow::{bail, Context, Result};

use crate::rules::Board;

/// The course's start position (its tournament runner starts every game here).
pub const COURSE_START: &str = "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0";

/// The standard start position of Congo.
pub const STANDARD_START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// Reads one FEN a line; blank lines and lines starting with `#` are skipped, and so
/// are positions in which the game is already over (with a warning on standard error).
///
/// # Errors
///
/// A line that is not a FEN (naming its line number), or no opening at all.
pub fn from_text(text: &str, name: &str) -> Result<Vec<Board>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let board = Board::from_fen(line)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{name}: line {}", i + 1))?;
        if let Some(end) = board.end() {
            eprintln!(
                "{name}: line {}: skipped, the game is over ({end:?})",
                i + 1
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

/// `count` distinct openings, each made by `plies` random legal plies from `from`, drawn
/// from a generator seeded with `seed` (the same arguments give the same openings).
/// Openings in which the game is over are drawn again.
///
/// # Errors
///
/// `count` distinct playable openings cannot be found in `1000 * count + 1000` tries.
pub fn random(from: &Board, count: usize, plies: u32, seed: u64) -> Result<Vec<Board>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut tries = 0usize;
    while out.len() < count {
        tries += 1;
        if tries > 1000 * count + 1000 {
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
        }
    }
    Ok(out)
}
