//! One game as this program handles it: the rules crate's record of a game
//! ([`reversi::record::GameRecord`], read from any format by
//! [`reversi::record::read_games`]) with its moves as a transcript (every game here starts
//! from the start position), and the program's outputs of it: a GGF line, a WTHOR game,
//! a JSON object.

use reversi::record::{GameRecord, NotTranscript};
use reversi::{ggf, wthor, Color, Ply, Transcript};
use serde_json::{json, Value};

/// A game from the start position: its record and its moves as a transcript.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The moves, a legal game from the start position (passes implicit).
    pub transcript: Transcript,
    /// What the input said about the game.
    pub game: GameRecord,
}

impl Record {
    /// A record of these moves and nothing else; the actual score when the game is over.
    ///
    /// ```
    /// use reversi_records::Record;
    /// let record = Record::new("f5d6".parse()?);
    /// assert_eq!(record.game.black_discs, None);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn new(transcript: Transcript) -> Record {
        Record {
            game: GameRecord::from_transcript(&transcript),
            transcript,
        }
    }

    /// The record of a game read.
    ///
    /// # Errors
    /// [`NotTranscript`]: a game from another position than the start (a transcript
    /// cannot hold it).
    pub fn from_game(game: GameRecord) -> Result<Record, NotTranscript> {
        Ok(Record {
            transcript: game.transcript()?,
            game,
        })
    }

    /// The GGF game this program writes: the moves with their passes, `PB`/`PW` and `PC`
    /// (the tournament) when known, `RE` the disc difference for Black (`+12.00`) when
    /// the actual score is known, `DT` the year alone when known. The moves' evaluations
    /// and times, the clock, the theoretical score and the WTHOR numbers are not written.
    #[must_use]
    pub fn to_ggf(&self) -> ggf::GgfGame {
        let game = GameRecord {
            notes: Vec::new(),
            date: None,
            clock: None,
            ..self.game.clone()
        };
        game.to_ggf()
    }

    /// The WTHOR game (see [`GameRecord::to_wthor`]), of the year `year`.
    ///
    /// # Errors
    /// None for a record of this program (every one is a game from the start).
    pub fn to_wthor(&self, year: u16) -> Result<wthor::WthorGame, NotTranscript> {
        self.game.to_wthor(year)
    }

    /// The record as one JSON object: `moves` (the transcript), then every field known
    /// (`black`, `white`, `tournament`, `year`, `black_discs`,
    /// `theoretical_black_discs` with `theoretical_empties`, `tournament_number`,
    /// `black_number`, `white_number`); unknown ones are `null`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let game = &self.game;
        let numbers = game.wthor;
        json!({
            "moves": self.transcript.to_string(),
            "black": game.black,
            "white": game.white,
            "tournament": game.event,
            "year": game.year,
            "black_discs": game.black_discs,
            "theoretical_black_discs": game.theoretical.map(|t| t.black_discs),
            "theoretical_empties": game.theoretical.map(|t| t.empties),
            "tournament_number": numbers.map(|n| n.tournament),
            "black_number": numbers.map(|n| n.black),
            "white_number": numbers.map(|n| n.white),
        })
    }

    /// The colour that plays the move at index `index` of the transcript (passes
    /// inserted where the side to move has no move).
    #[must_use]
    pub fn mover_of(&self, index: usize) -> Color {
        // Plies alternate from Black's, passes included.
        let ply = self
            .game
            .plies
            .iter()
            .enumerate()
            .filter(|(_, ply)| matches!(ply, Ply::Move(_)))
            .nth(index)
            .map_or(self.game.plies.len(), |(i, _)| i);
        if ply % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_follows_passes() {
        // After d3c3b3b2f5a3a1c1 Black has no move: White plays c1 (index 7) and e3 (8).
        let record = Record::new("d3c3b3b2f5a3a1c1e3".parse().unwrap());
        assert_eq!(record.mover_of(0), Color::Black);
        assert_eq!(record.mover_of(1), Color::White);
        assert_eq!(record.mover_of(7), Color::White);
        assert_eq!(record.mover_of(8), Color::White);
        assert_eq!(record.transcript.plies()[8], Ply::Pass);
    }
}
