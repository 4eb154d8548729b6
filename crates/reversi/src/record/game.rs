//! The game record ([`GameRecord`]) and its conversions to and from GGF games, WTHOR
//! games and transcripts.

use crate::board::{Board, IllegalMove};
use crate::ggf::{self, Clock, MoveItem};
use crate::transcript::{ParseTranscriptError, Transcript};
use crate::wthor::{self, Names};
use crate::Ply;

/// A WTHOR theoretical score: Black's discs at the end with perfect play from `empties`
/// empty squares on (the file header's depth P3).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theoretical {
    /// Black's discs, the empty squares counted for the winner (WTHOR's count).
    pub black_discs: u8,
    /// The empty squares from which perfect play was computed.
    pub empties: u8,
}

/// The numbers a WTHOR record gives its tournament and players: their indices in
/// `WTHOR.TRN` and `WTHOR.JOU`.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WthorNumbers {
    /// The tournament's number.
    pub tournament: u16,
    /// The Black player's number.
    pub black: u16,
    /// The White player's number.
    pub white: u16,
}

/// An evaluation and a time of one ply, as GGF (`B[f5/1.5/0.25]`) and NBoard give them.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlyNote {
    /// The mover's evaluation, in discs.
    pub eval: Option<f64>,
    /// The seconds the ply took.
    pub seconds: Option<f64>,
}

/// One game as a game file gives it: where it starts, its plies (passes included), and
/// what the file says about it. A field a format does not give is `None` (or empty).
///
/// With the `serde` feature it serializes as a map of these fields (the boards and
/// plies in their text forms; a field left out reads as `None` or empty): one JSON
/// object a line makes a file of games. What is deserialized, like a record built by
/// hand, is not checked: [`GameRecord::validate`] checks it.
///
/// Every format reads into it ([`read_games`](super::read_games), [`GameRecord::from_ggf`],
/// [`GameRecord::from_wthor`], [`GameRecord::from_transcript`]) and writes from it
/// ([`GameRecord::to_ggf`], [`GameRecord::to_wthor`], [`GameRecord::transcript`]).
///
/// ```
/// use reversi::record::GameRecord;
/// use reversi::{Board, Ply};
/// let mut game = GameRecord::new(Board::START);
/// game.play("f5".parse()?)?;
/// game.play("d6".parse()?)?;
/// game.black = Some("Anna".to_owned());
/// assert_eq!(game.board_after().disc_counts().black, 3);
/// assert_eq!(game.transcript()?.to_string(), "f5d6");
/// // GGF: the start board in groups of 8 squares, rank 1 first; the moves in lower case.
/// assert_eq!(game.to_ggf().to_string(), "(;GM[Othello]PB[Anna]TY[8]BO[8 -------- -------- \
///     -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6];)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default)
)]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The board the game starts from (GGF `BO`; the start position in the other
    /// formats).
    pub start: Board,
    /// The plies from [`GameRecord::start`], passes included: a legal game when read or
    /// built by [`GameRecord::play`].
    pub plies: Vec<Ply>,
    /// The evaluation and time of each ply, when the format gives them (GGF): empty, or
    /// one a ply ([`GameRecord::moves`] pairs them).
    pub notes: Vec<PlyNote>,
    /// Black's name (GGF `PB`, or WTHOR's player looked up in `WTHOR.JOU`).
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// The event: the WTHOR tournament (`WTHOR.TRN`) or the GGF place (`PC`).
    pub event: Option<String>,
    /// The date as written (GGF `DT`, e.g. `2004.09.18_05:54:38.MDT`).
    pub date: Option<String>,
    /// The year the game was played: the WTHOR file's, or the year `DT` starts with.
    pub year: Option<u16>,
    /// The actual result: Black's discs at the end, the empty squares counted for the
    /// winner (WTHOR's count). Read from the final board when the game is over, else
    /// from the file (WTHOR's score; GGF `RE`, Black's disc difference `d`, as
    /// `(64 + d) / 2`).
    pub black_discs: Option<u8>,
    /// WTHOR's theoretical score, with its depth.
    pub theoretical: Option<Theoretical>,
    /// WTHOR's numbers of the tournament and players.
    pub wthor: Option<WthorNumbers>,
    /// The clock (GGF `TI`).
    pub clock: Option<Clock>,
    /// A comment: the text after a transcript's moves on its line (an opening's name,
    /// `f5d6c3d3c4f4c5b3c2e3 Nicolet`); not written to GGF.
    pub comment: Option<String>,
}

impl GameRecord {
    /// A game from `start` with no ply yet and nothing else known.
    #[must_use]
    pub fn new(start: Board) -> GameRecord {
        GameRecord {
            start,
            ..GameRecord::default()
        }
    }

    /// Plays `ply` after the plies so far (its note, if any, kept when the game has
    /// notes).
    ///
    /// # Errors
    /// The [`IllegalMove`] of [`Board::play_ply`]; the game is then unchanged.
    pub fn play(&mut self, ply: Ply) -> Result<(), IllegalMove> {
        self.play_item(MoveItem::from(ply))
    }

    /// Plays a ply with its evaluation and time ([`GameRecord::play`]); the notes are
    /// kept one a ply from the first that has one.
    ///
    /// # Errors
    /// The [`IllegalMove`] of [`Board::play_ply`]; the game is then unchanged.
    pub fn play_item(&mut self, item: MoveItem) -> Result<(), IllegalMove> {
        self.board_after().play_ply(item.ply)?;
        let note = PlyNote {
            eval: item.eval,
            seconds: item.seconds,
        };
        if note != PlyNote::default() || !self.notes.is_empty() {
            self.notes.resize(self.plies.len(), PlyNote::default());
            self.notes.push(note);
        }
        self.plies.push(item.ply);
        Ok(())
    }

    /// Checks what a record built by hand or deserialized may get wrong (a record read
    /// from a game file is always right): every ply legal from the start, no more notes
    /// than plies, the scores at most 64 discs.
    ///
    /// # Errors
    /// The first [`InvalidRecord`] found.
    ///
    /// ```
    /// use reversi::record::{GameRecord, InvalidRecord};
    /// let mut game = GameRecord::from_transcript(&"f5d6".parse()?);
    /// assert_eq!(game.validate(), Ok(()));
    /// game.plies.insert(1, "a1".parse()?);
    /// assert!(matches!(game.validate(), Err(InvalidRecord::Illegal { number: 2, .. })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), InvalidRecord> {
        let mut board = self.start;
        for (i, &ply) in self.plies.iter().enumerate() {
            board = board
                .play_ply(ply)
                .map_err(|source| InvalidRecord::Illegal {
                    number: i + 1,
                    ply,
                    source,
                })?;
        }
        if self.notes.len() > self.plies.len() {
            return Err(InvalidRecord::Notes {
                notes: self.notes.len(),
                plies: self.plies.len(),
            });
        }
        let theoretical = self.theoretical.map(|t| t.black_discs);
        match self
            .black_discs
            .into_iter()
            .chain(theoretical)
            .find(|&d| d > 64)
        {
            Some(discs) => Err(InvalidRecord::Discs { discs }),
            None => Ok(()),
        }
    }

    /// The board after the plies (each replayed; a ply that is not legal there, in a
    /// record edited by hand, is skipped: [`GameRecord::validate`] finds it).
    #[must_use]
    pub fn board_after(&self) -> Board {
        self.plies.iter().fold(self.start, |board, &ply| {
            board.play_ply(ply).unwrap_or(board)
        })
    }

    /// The plies with their notes, as GGF move items.
    pub fn moves(&self) -> impl Iterator<Item = MoveItem> + '_ {
        self.plies.iter().enumerate().map(move |(i, &ply)| {
            let note = self.notes.get(i).copied().unwrap_or_default();
            MoveItem {
                ply,
                eval: note.eval,
                seconds: note.seconds,
            }
        })
    }

    /// The record of a transcript: the start position, its plies (the passes it
    /// implies), the actual result when the game is over.
    ///
    /// ```
    /// let game = reversi::record::GameRecord::from_transcript(&"f5d6".parse()?);
    /// assert_eq!((game.plies.len(), game.black_discs), (2, None));
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn from_transcript(transcript: &Transcript) -> GameRecord {
        let board = transcript.board();
        GameRecord {
            plies: transcript.plies(),
            black_discs: board
                .is_game_over()
                .then(|| wthor::final_black_discs(board)),
            ..GameRecord::new(Board::START)
        }
    }

    /// The moves as a transcript (passes implicit).
    ///
    /// # Errors
    /// [`NotTranscript::NotFromStart`] when the game does not start from the start
    /// position: a transcript cannot hold it; [`NotTranscript::Illegal`] for plies that
    /// are not a legal game.
    pub fn transcript(&self) -> Result<Transcript, NotTranscript> {
        if self.start != Board::START {
            return Err(NotTranscript::NotFromStart);
        }
        let moves: Vec<_> = self
            .plies
            .iter()
            .filter_map(|ply| match ply {
                Ply::Move(square) => Some(*square),
                Ply::Pass => None,
            })
            .collect();
        let transcript = Transcript::from_moves(&moves).map_err(NotTranscript::Illegal)?;
        // Passes where the transcript has none (or none where it has one): not this game.
        if transcript.plies() != self.plies {
            return Err(NotTranscript::Illegal(ParseTranscriptError::Illegal {
                index: moves.len(),
                square: moves.last().copied().unwrap_or(crate::Square::A1),
                source: IllegalMove::CannotPass {
                    color: transcript.board().side_to_move(),
                },
            }));
        }
        Ok(transcript)
    }

    /// The record of a GGF game: its start, plies and notes, players, place (the
    /// event), date (and the year it starts with), clock; the result from the final
    /// board when the game is over, else from `RE` (Black's disc difference).
    #[must_use]
    pub fn from_ggf(game: &ggf::GgfGame) -> GameRecord {
        let mut record = GameRecord::new(game.start);
        record.plies = game.moves.iter().map(|item| item.ply).collect();
        if game
            .moves
            .iter()
            .any(|item| item.eval.is_some() || item.seconds.is_some())
        {
            record.notes = game
                .moves
                .iter()
                .map(|item| PlyNote {
                    eval: item.eval,
                    seconds: item.seconds,
                })
                .collect();
        }
        record.black_discs = if game.board_after.is_game_over() {
            Some(wthor::final_black_discs(&game.board_after))
        } else {
            game.result.as_deref().and_then(result_black_discs)
        };
        record.black.clone_from(&game.black);
        record.white.clone_from(&game.white);
        record.event.clone_from(&game.place);
        record.date.clone_from(&game.date);
        record.year = game.date.as_deref().and_then(date_year);
        record.clock = game.clock;
        record
    }

    /// The GGF game: its start, plies and notes, `PB`/`PW`, `PC` (the event), `DT` (the
    /// date, else the year), `RE` (Black's disc difference, `+12.00`, when the result
    /// is known), `TI`. The theoretical score and the WTHOR numbers are not written.
    #[must_use]
    pub fn to_ggf(&self) -> ggf::GgfGame {
        let mut game = ggf::GgfGame::new(self.start);
        for item in self.moves() {
            // A record's plies are a legal game; one that is not (edited by hand) is
            // left out.
            let _ = game.play(item);
        }
        game.black.clone_from(&self.black);
        game.white.clone_from(&self.white);
        game.place.clone_from(&self.event);
        game.date = self
            .date
            .clone()
            .or_else(|| self.year.map(|year| year.to_string()));
        game.result = self
            .black_discs
            .map(|b| format!("{:+.2}", 2.0 * f64::from(b) - 64.0));
        game.clock = self.clock;
        game
    }

    /// The record of a WTHOR game: its plies, year, scores and numbers; the names looked
    /// up when the name files are given.
    #[must_use]
    pub fn from_wthor(
        game: &wthor::WthorGame,
        depth: u8,
        players: Option<&Names>,
        tournaments: Option<&Names>,
    ) -> GameRecord {
        let fields = wthor::RecordFields {
            tournament: game.tournament,
            black: game.black_player,
            white: game.white_player,
            black_discs: game.black_discs,
            theoretical_black_discs: game.theoretical_black_discs,
        };
        let mut record = GameRecord::of_wthor(game.plies(), game.year, depth, fields);
        record.name_wthor_players(players, tournaments);
        record
    }

    /// The record of a WTHOR game of these plies, of a file of `year` and depth `depth`,
    /// with the record's numbers and scores `fields`.
    fn of_wthor(plies: Vec<Ply>, year: u16, depth: u8, fields: wthor::RecordFields) -> GameRecord {
        GameRecord {
            plies,
            year: Some(year),
            black_discs: Some(fields.black_discs),
            theoretical: Some(Theoretical {
                black_discs: fields.theoretical_black_discs,
                empties: depth,
            }),
            wthor: Some(WthorNumbers {
                tournament: fields.tournament,
                black: fields.black,
                white: fields.white,
            }),
            ..GameRecord::new(Board::START)
        }
    }

    /// The record of a WTHOR game record's 68 bytes (of a file of `year` and depth
    /// `depth`), replayed on bitboards alone without a [`Transcript`] between (the WTHOR
    /// reader's fast path); `None` for a record that is not a legal game, which the
    /// reader then names.
    pub(crate) fn from_wthor_bytes(
        bytes: &[u8; wthor::GAME_LEN],
        year: u16,
        depth: u8,
    ) -> Option<GameRecord> {
        let squares = wthor::record_squares(&bytes[8..])?;
        let mut plies = Vec::with_capacity(wthor::MOVES_LEN + 2);
        Transcript::replay_each(squares, |pass, square| {
            if pass {
                plies.push(Ply::Pass);
            }
            plies.push(Ply::Move(square));
        })?;
        let fields = wthor::RecordFields::of(bytes);
        Some(GameRecord::of_wthor(plies, year, depth, fields))
    }

    /// Names the players and the event from WTHOR's name files by the record's WTHOR
    /// numbers (a name already known is kept where a file lacks it).
    pub fn name_wthor_players(&mut self, players: Option<&Names>, tournaments: Option<&Names>) {
        let numbers = match self.wthor {
            Some(numbers) => numbers,
            None => return,
        };
        if let Some(players) = players {
            if let Some(name) = players.get(numbers.black) {
                self.black = Some(name.to_owned());
            }
            if let Some(name) = players.get(numbers.white) {
                self.white = Some(name.to_owned());
            }
        }
        if let Some(name) = tournaments.and_then(|t| t.get(numbers.tournament)) {
            self.event = Some(name.to_owned());
        }
    }

    /// The WTHOR game: the WTHOR numbers when the record has them (else 0), the actual
    /// score (the final board's count when not known), the theoretical score when
    /// known (else the actual one), `year` as given.
    ///
    /// # Errors
    /// [`NotTranscript`], as [`GameRecord::transcript`] says.
    pub fn to_wthor(&self, year: u16) -> Result<wthor::WthorGame, NotTranscript> {
        let mut game = wthor::WthorGame::new(self.transcript()?);
        if let Some(b) = self.black_discs {
            game.black_discs = b;
        }
        game.theoretical_black_discs = self.theoretical.map_or(game.black_discs, |t| t.black_discs);
        let numbers = self.wthor.unwrap_or_default();
        game.tournament = numbers.tournament;
        game.black_player = numbers.black;
        game.white_player = numbers.white;
        game.year = year;
        Ok(game)
    }
}

/// What [`GameRecord::validate`] found wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidRecord {
    /// A ply that cannot be played there.
    #[error("ply {number} ({ply}): {source}")]
    Illegal {
        /// The ply's number, from 1.
        number: usize,
        /// The ply.
        ply: Ply,
        /// Why it cannot be played.
        #[source]
        source: IllegalMove,
    },
    /// More notes than plies.
    #[error("{notes} notes for {plies} plies")]
    Notes {
        /// The notes.
        notes: usize,
        /// The plies.
        plies: usize,
    },
    /// A score of more than 64 discs.
    #[error("{discs} black discs: more than the 64 squares")]
    Discs {
        /// The score given.
        discs: u8,
    },
}

/// Why a record is not a transcript (nor a WTHOR game, which holds one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotTranscript {
    /// The game starts from another position than the start position.
    NotFromStart,
    /// A ply that is not legal there (a record edited by hand), or a pass before a move
    /// of a side that had one.
    Illegal(ParseTranscriptError),
}

impl std::fmt::Display for NotTranscript {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotTranscript::NotFromStart => {
                f.write_str("the game starts from another position than the start position")
            }
            NotTranscript::Illegal(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for NotTranscript {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotTranscript::NotFromStart => None,
            NotTranscript::Illegal(error) => Some(error),
        }
    }
}

/// Black's discs from a GGF result for Black (`+12.00`, `-4:r`): `(64 + difference) / 2`
/// for an even difference from -64 to 64, else `None` (`?`, or a fraction).
fn result_black_discs(result: &str) -> Option<u8> {
    let number = result.split(':').next()?;
    let difference: f64 = number.trim().parse().ok()?;
    let black = (64.0 + difference) / 2.0;
    (difference.abs() <= 64.0 && black.fract() == 0.0).then_some(black as u8)
}

/// The year a GGF date starts with (`2004.09.18_05:54:38.MDT`, or `1977`).
fn date_year(date: &str) -> Option<u16> {
    let head = date.get(..4)?;
    let rest = &date[4..];
    let digits = |text: &str| text.bytes().all(|b| b.is_ascii_digit());
    let next_is_digit = rest.bytes().next().map_or(false, |b| b.is_ascii_digit());
    if digits(head) && !next_is_digit {
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
}
