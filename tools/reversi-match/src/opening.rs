//! Openings: games from the start position given as their moves (the compact transcript
//! `f5d6c3d3c4f4c5b3`, passes implicit), read from a file or made by random legal plies
//! from a seed.

use anyhow::{bail, Result};
use reversi::record::{read_games_as, Format};
use reversi::{Board, Ply, Transcript};

/// An opening: its moves from the start position and the position they reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening(pub Transcript);

impl Opening {
    /// The position the opening reaches.
    #[must_use]
    pub fn board(&self) -> &Board {
        self.0.board()
    }

    /// The opening's plies from the start, passes written out (a side without a legal
    /// move passes before the other moves), as the engines are told them.
    #[must_use]
    pub fn plies(&self) -> Vec<Ply> {
        let mut board = Board::START;
        let mut plies = Vec::new();
        for &square in self.0.moves() {
            if board.must_pass() {
                plies.push(Ply::Pass);
                board = board.pass().expect("a side that must pass can pass");
            }
            plies.push(Ply::Move(square));
            board = board.play(square).expect("a transcript is a legal game");
        }
        plies
    }
}

impl match_core::openings::Position for Opening {
    type Key = Board;

    fn random_ply(&self, rng: &mut fastrand::Rng) -> Result<Option<Opening>> {
        let board = self.board();
        if board.is_game_over() {
            return Ok(None);
        }
        // A pass is implicit in a transcript: the next move is the other side's.
        let board = if board.must_pass() {
            board.pass().map_err(anyhow::Error::msg)?
        } else {
            *board
        };
        let Some(Ply::Move(square)) = reversi::random::ply(rng, &board) else {
            unreachable!("a board with a legal move");
        };
        let mut next = self.0.clone();
        next.play(square).map_err(anyhow::Error::msg)?;
        Ok(Some(Opening(next)))
    }

    fn is_playable(&self) -> bool {
        !self.board().is_game_over()
    }

    fn key(&self) -> Board {
        *self.board()
    }

    fn describe(&self) -> String {
        if self.0.is_empty() {
            "the start position".to_string()
        } else {
            self.0.to_string()
        }
    }
}

/// `count` distinct openings (distinct positions) of `plies` random legal plies from the
/// start position, from a generator seeded with `seed`: the same arguments give the
/// same openings.
///
/// # Errors
///
/// Fewer than `count` distinct playable openings were found
/// ([`match_core::openings::random`]).
///
/// ```
/// let openings = reversi_match::opening::random(3, 8, 1)?;
/// assert_eq!(openings.len(), 3);
/// assert!(openings.iter().all(|o| o.0.len() == 8));
/// assert_eq!(reversi_match::opening::random(3, 8, 1)?, openings);
/// # Ok::<_, anyhow::Error>(())
/// ```
pub fn random(count: usize, plies: u32, seed: u64) -> Result<Vec<Opening>> {
    match_core::openings::random(&Opening(Transcript::new()), count, plies, seed)
}

/// Reads one opening a line (a transcript such as `f5d6c3d3`; an empty transcript is
/// the start position, written `-`); blank lines and lines starting with `#` are
/// skipped, and so are openings whose game is over (with a warning on standard error).
///
/// # Errors
///
/// A line that is not a legal transcript (naming the line and the move), or no opening.
pub fn from_text(text: &str, name: &str) -> Result<Vec<Opening>> {
    let mut out = Vec::new();
    for item in read_games_as(text.as_bytes(), Format::Transcripts) {
        // The error's text already holds its source's and its line: not `with_context`,
        // whose chain would repeat it.
        let (place, game) = item.map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let transcript = game
            .transcript()
            .map_err(|e| anyhow::anyhow!("{name}: {place}: {e}"))?;
        if transcript.board().is_game_over() {
            eprintln!("{name}: {place}: skipped, the game is over");
            continue;
        }
        out.push(Opening(transcript));
    }
    if out.is_empty() {
        bail!("{name}: no opening");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_distinct_legal_games() {
        let openings = random(100, 8, 7).unwrap();
        let boards: std::collections::HashSet<Board> =
            openings.iter().map(|o| *o.board()).collect();
        assert_eq!(boards.len(), 100);
        for o in &openings {
            // Replaying the plies from the start with the rules reaches the same board.
            let mut board = Board::START;
            for ply in o.plies() {
                board = board.play_ply(ply).unwrap();
            }
            assert_eq!(board, *o.board());
            // Eight plies from the start: 4 + 8 discs, Black to move again.
            assert_eq!(board.disc_counts().black + board.disc_counts().white, 12);
            assert_eq!(board.side_to_move(), reversi::Color::Black);
        }
    }

    #[test]
    fn a_file_of_openings_names_its_bad_line() {
        let text = "# comment\nf5d6\n\n-\nf5f5\n";
        let err = from_text(text, "o.txt").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            "o.txt: line 5: move 2 (f5): square f5 is not empty"
        );
        let ok = from_text("f5d6\n-\n", "o.txt").unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(ok[0].plies().len(), 2);
        assert!(from_text("# none\n", "o.txt").is_err());
    }
}
