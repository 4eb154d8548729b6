//! One game as every format gives it: the moves (a legal game from the standard start)
//! and what else is known about it, and its conversions to and from WTHOR and GGF games.

use reversi::wthor::{self, Names};
use reversi::{ggf, Board, Color, Ply, Transcript};
use serde_json::{json, Value};

/// A WTHOR theoretical score: Black's discs at the end with perfect play from `empties`
/// empty squares on (the header's depth P3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theoretical {
    /// Black's discs, the empty squares counted for the winner (WTHOR's count).
    pub black_discs: u8,
    /// The empty squares from which perfect play was computed.
    pub empties: u8,
}

/// The numbers a WTHOR record gives its tournament and players (indices in
/// `WTHOR.TRN` and `WTHOR.JOU`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    /// The tournament's number.
    pub tournament: u16,
    /// The Black player's number.
    pub black: u16,
    /// The White player's number.
    pub white: u16,
}

/// One game read from any of the formats. Fields a format does not give are `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The moves, a legal game from the standard start (passes implicit).
    pub transcript: Transcript,
    /// Black's name (GGF `PB`, or WTHOR's player number looked up in `WTHOR.JOU`).
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// The tournament (WTHOR `WTHOR.TRN`) or place (GGF `PC`).
    pub tournament: Option<String>,
    /// The year the game was played (WTHOR header; GGF `DT` when it starts with a year).
    pub year: Option<u16>,
    /// The actual score: Black's discs at the end, the empty squares counted for the
    /// winner (WTHOR's count); from the final board when the game is over, else from
    /// the record (WTHOR's field, GGF's `RE`).
    pub black_discs: Option<u8>,
    /// WTHOR's theoretical score, with its depth.
    pub theoretical: Option<Theoretical>,
    /// WTHOR's numbers of the tournament and players.
    pub numbers: Option<Numbers>,
}

impl Record {
    /// A record of these moves and nothing else; the actual score when the game is over.
    ///
    /// ```
    /// use reversi_records::Record;
    /// let record = Record::new("f5d6".parse()?);
    /// assert_eq!(record.black_discs, None);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn new(transcript: Transcript) -> Record {
        let black_discs = transcript
            .board()
            .is_game_over()
            .then(|| wthor::Game::new(transcript.clone()).black_discs);
        Record {
            transcript,
            black: None,
            white: None,
            tournament: None,
            year: None,
            black_discs,
            theoretical: None,
            numbers: None,
        }
    }

    /// The record of a WTHOR game; names looked up when the name files are given.
    #[must_use]
    pub fn from_wthor(
        game: &wthor::Game,
        depth: u8,
        players: Option<&Names>,
        tournaments: Option<&Names>,
    ) -> Record {
        Record {
            transcript: game.transcript().clone(),
            black: players.and_then(|p| game.black_name(p)).map(str::to_owned),
            white: players.and_then(|p| game.white_name(p)).map(str::to_owned),
            tournament: tournaments
                .and_then(|t| game.tournament_name(t))
                .map(str::to_owned),
            year: Some(game.year),
            black_discs: Some(game.black_discs),
            theoretical: Some(Theoretical {
                black_discs: game.theoretical_black_discs,
                empties: depth,
            }),
            numbers: Some(Numbers {
                tournament: game.tournament,
                black: game.black_player,
                white: game.white_player,
            }),
        }
    }

    /// The record of a GGF game, `None` when it does not start from the standard start
    /// position (a transcript cannot hold it). Passes are dropped (implicit in a
    /// transcript); the year is `DT`'s first four characters when they are digits; the
    /// actual score comes from the final board when the game is over, else from `RE`'s
    /// disc difference (`+12.00`: 38 black discs).
    #[must_use]
    pub fn from_ggf(game: &ggf::Game) -> Option<Record> {
        if game.start != Board::START {
            return None;
        }
        let mut transcript = Transcript::new();
        for item in &game.moves {
            if let Ply::Move(square) = item.ply {
                // A GGF game read is legal, so its moves without passes are a transcript.
                transcript.play(square).ok()?;
            }
        }
        let mut record = Record::new(transcript);
        if record.black_discs.is_none() {
            record.black_discs = game.result.as_deref().and_then(result_black_discs);
        }
        record.black.clone_from(&game.black);
        record.white.clone_from(&game.white);
        record.tournament.clone_from(&game.place);
        record.year = game.date.as_deref().and_then(date_year);
        Some(record)
    }

    /// The GGF game: moves with their passes, `PB`/`PW` and `PC` (the tournament) when
    /// known, `RE` the disc difference for Black (`+12.00`) when the actual score is
    /// known, `DT` the year alone when known. The theoretical score and the WTHOR numbers
    /// are not written.
    #[must_use]
    pub fn to_ggf(&self) -> ggf::Game {
        let mut game = ggf::Game::new(Board::START);
        for ply in plies(&self.transcript) {
            // A transcript is a legal game: its plies with their passes are legal.
            let _ = game.play(ggf::MoveItem::from(ply));
        }
        game.black.clone_from(&self.black);
        game.white.clone_from(&self.white);
        game.place.clone_from(&self.tournament);
        game.date = self.year.map(|y| y.to_string());
        game.result = self
            .black_discs
            .map(|b| format!("{:+.2}", 2.0 * f64::from(b) - 64.0));
        game
    }

    /// The WTHOR game: the WTHOR numbers when the record has them (else 0), the actual
    /// score (the final board's count when not known), the theoretical score when known
    /// (else the actual one), `year` as given.
    #[must_use]
    pub fn to_wthor(&self, year: u16) -> wthor::Game {
        let mut game = wthor::Game::new(self.transcript.clone());
        if let Some(b) = self.black_discs {
            game.black_discs = b;
        }
        game.theoretical_black_discs = self.theoretical.map_or(game.black_discs, |t| t.black_discs);
        let numbers = self.numbers.unwrap_or_default();
        game.tournament = numbers.tournament;
        game.black_player = numbers.black;
        game.white_player = numbers.white;
        game.year = year;
        game
    }

    /// The record as one JSON object: `moves` (the transcript), then every field known
    /// (`black`, `white`, `tournament`, `year`, `black_discs`,
    /// `theoretical_black_discs` with `theoretical_empties`, `tournament_number`,
    /// `black_number`, `white_number`); unknown ones are `null`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let numbers = self.numbers;
        json!({
            "moves": self.transcript.to_string(),
            "black": self.black,
            "white": self.white,
            "tournament": self.tournament,
            "year": self.year,
            "black_discs": self.black_discs,
            "theoretical_black_discs": self.theoretical.map(|t| t.black_discs),
            "theoretical_empties": self.theoretical.map(|t| t.empties),
            "tournament_number": numbers.map(|n| n.tournament),
            "black_number": numbers.map(|n| n.black),
            "white_number": numbers.map(|n| n.white),
        })
    }

    /// The colour that plays the move at index `index` of the transcript (passes
    /// inserted where the side to move has no move).
    #[must_use]
    pub fn mover_of(&self, index: usize) -> Color {
        let mut board = Board::START;
        for &square in &self.transcript.moves()[..index] {
            if let Ok(passed) = board.pass() {
                board = passed;
            }
            board = board.play(square).unwrap_or(board);
        }
        if let Ok(passed) = board.pass() {
            board = passed;
        }
        board.side_to_move()
    }
}

/// The plies of a transcript: its moves with a pass before each move whose side to move
/// had none.
#[must_use]
pub fn plies(transcript: &Transcript) -> Vec<Ply> {
    let mut plies = Vec::with_capacity(transcript.len() + 2);
    let mut board = Board::START;
    for &square in transcript.moves() {
        if let Ok(passed) = board.pass() {
            plies.push(Ply::Pass);
            board = passed;
        }
        plies.push(Ply::Move(square));
        board = board.play(square).unwrap_or(board);
    }
    plies
}

/// Black's discs from a GGF result for Black (`+12.00`, `-4:r`): `(64 + difference) / 2`
/// for an even difference from -64 to 64, else `None` (`?`, or a fraction).
fn result_black_discs(result: &str) -> Option<u8> {
    let number = result.split(':').next()?;
    let difference: f64 = number.trim().parse().ok()?;
    let black = (64.0 + difference) / 2.0;
    (difference.abs() <= 64.0 && black.fract() == 0.0).then_some(black as u8)
}

/// The year a GGF date starts with (`2004.09.18_05:54:38.MDT`, or our own `1977`).
fn date_year(date: &str) -> Option<u16> {
    let head = date.get(..4)?;
    let rest = &date[4..];
    if head.bytes().all(|b| b.is_ascii_digit())
        && rest.bytes().next().is_none_or(|b| !b.is_ascii_digit())
    {
        head.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ggf_results_give_black_discs_by_the_difference() {
        // RE is Black's disc difference; Black's discs are (64 + difference) / 2.
        assert_eq!(result_black_discs("+12.00"), Some(38));
        assert_eq!(result_black_discs("-64.00:r"), Some(0));
        assert_eq!(result_black_discs("0"), Some(32));
        assert_eq!(result_black_discs("?"), None);
        assert_eq!(result_black_discs("+3"), None);
        assert_eq!(result_black_discs("+66"), None);
    }

    #[test]
    fn ggf_dates_give_a_year_only_when_they_start_with_one() {
        assert_eq!(date_year("2004.09.18_05:54:38.MDT"), Some(2004));
        assert_eq!(date_year("1977"), Some(1977));
        // Seconds since 1970: not a year.
        assert_eq!(date_year("1095486878"), None);
        assert_eq!(date_year("04"), None);
    }

    #[test]
    fn the_mover_follows_passes() {
        // After d3c3b3b2f5a3a1c1 Black has no move: White plays c1 (index 7) and e3 (8).
        let record = Record::new("d3c3b3b2f5a3a1c1e3".parse().unwrap());
        assert_eq!(record.mover_of(0), Color::Black);
        assert_eq!(record.mover_of(1), Color::White);
        assert_eq!(record.mover_of(7), Color::White);
        assert_eq!(record.mover_of(8), Color::White);
        assert_eq!(plies(&record.transcript)[8], Ply::Pass);
    }
}
