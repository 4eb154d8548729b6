//! One game of a `.wtb` file ([`WthorGame`]), its record's move bytes decoded and replayed by
//! the rules (the reference replay and the fast one), and encoded.

use super::header::GAME_LEN;
use super::header::MOVES_LEN;
use super::record::RecordError;
use crate::board::Board;
use crate::color::Color;
use crate::squares::Square;
use crate::transcript::Transcript;
use crate::Ply;

/// One game of a `.wtb` file: the numbers of its tournament and players, its scores and
/// its moves, a legal game from the start position (a [`Transcript`]).
///
/// The fields are the record's (the table in the [module docs](super)), plus the year of
/// the file's header. Passes are not in the record: whose move it is follows from the
/// game ([`WthorGame::plies`] lists them).
///
/// ```
/// use reversi::wthor::WthorGame;
/// use reversi::{Ply, Square};
/// // Black has no move after eight plies, so White plays c1 and e3 in a row.
/// let game = WthorGame::new("d3c3b3b2f5a3a1c1e3".parse()?);
/// assert_eq!(game.moves().len(), 9);
/// assert_eq!(game.plies()[8], Ply::Pass);
/// assert_eq!(game.plies()[9], Ply::Move(Square::E3));
/// # Ok::<_, reversi::ParseTranscriptError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WthorGame {
    /// The tournament's number: its index in the tournament names (`WTHOR.TRN`).
    pub tournament: u16,
    /// The Black player's number: its index in the player names (`WTHOR.JOU`).
    pub black_player: u16,
    /// The White player's number.
    pub white_player: u16,
    /// The actual score: black discs at the end of the game, as the record gives it.
    pub black_discs: u8,
    /// The theoretical score: black discs at the end with perfect play from the header's
    /// depth (P3) on, as the record gives it.
    pub theoretical_black_discs: u8,
    /// The year of the games, from the file's header (not part of the record).
    pub year: u16,
    transcript: Transcript,
}

impl WthorGame {
    /// A game of these moves; the numbers and the year 0, both scores the final score
    /// of the moves as WTHOR counts it ([`WthorGame::final_black_discs`]).
    ///
    /// ```
    /// use reversi::wthor::WthorGame;
    /// let game = WthorGame::new("f5d6".parse()?);
    /// assert_eq!((game.black_discs, game.theoretical_black_discs, game.black_player), (3, 3, 0));
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn new(transcript: Transcript) -> WthorGame {
        let score = final_black_discs(transcript.board());
        WthorGame {
            black_discs: score,
            theoretical_black_discs: score,
            transcript,
            ..WthorGame::default()
        }
    }

    /// The moves, in order; passes are not listed.
    #[must_use]
    pub fn moves(&self) -> &[Square] {
        self.transcript.moves()
    }

    /// The moves as a [`Transcript`] (which holds the final board).
    #[must_use]
    pub const fn transcript(&self) -> &Transcript {
        &self.transcript
    }

    /// The board after the last move.
    ///
    /// ```
    /// use reversi::{wthor::WthorGame, ByColor};
    /// let game = WthorGame::new("f5d6".parse()?);
    /// assert_eq!(game.board().disc_counts(), ByColor { black: 3, white: 3 });
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        self.transcript.board()
    }

    /// The plies: each move, with a [`Ply::Pass`] before a move where the side to move
    /// had no legal move. A pass after the last move is not listed.
    #[must_use]
    pub fn plies(&self) -> Vec<Ply> {
        self.transcript.plies()
    }

    /// The final score of the game's last board as WTHOR records it: black discs, with
    /// the empty squares counted for the side with more discs (half each on a draw).
    /// While the game goes on, the black discs on the board.
    ///
    /// ```
    /// use reversi::wthor::WthorGame;
    /// // Game 4 of WTH_1978.wtb: 59 moves, one square left empty; the record's actual
    /// // score is 64, the empty square counted for Black.
    /// let moves = "f5f6e6f4e3c5c4d3f3e2f2d2c3d6d1b5c1c2b3e1f1a3a6b4a4b6a2g3a5b2h3h2h1g1g2\
    ///              b1h4g4a1h5g5b7a7a8b8c8c6h6g6c7d7d8g7f7f8g8e7e8h8";
    /// let game = WthorGame::new(moves.parse()?);
    /// assert!(game.board().is_game_over());
    /// assert_eq!(game.board().empty_squares().len(), 1);
    /// assert_eq!(game.final_black_discs(), 64);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn final_black_discs(&self) -> u8 {
        final_black_discs(self.board())
    }

    /// Reads one 68-byte game record (the table in the [module docs](super)) and replays
    /// it; `year` becomes [`WthorGame::year`].
    ///
    /// # Errors
    /// [`RecordError`]: a bad square byte, a move after the end, or an illegal move,
    /// naming the move's number.
    ///
    /// ```
    /// use reversi::{wthor::{WthorGame, GAME_LEN}, Square};
    /// let mut record = [0u8; GAME_LEN];
    /// record[2] = 5; // Black is player 5
    /// record[6] = 3; // actual score
    /// record[8] = 56; // f5
    /// record[9] = 64; // d6
    /// let game = WthorGame::from_record(&record, 1990)?;
    /// assert_eq!(game.moves(), [Square::F5, Square::D6]);
    /// assert_eq!((game.black_player, game.black_discs, game.year), (5, 3, 1990));
    /// assert_eq!(game.to_record(), record);
    /// # Ok::<_, reversi::wthor::RecordError>(())
    /// ```
    pub fn from_record(record: &[u8; GAME_LEN], year: u16) -> Result<WthorGame, RecordError> {
        let transcript = match replay_fast(&record[8..]) {
            Some(transcript) => transcript,
            None => replay_checked(&record[8..])?,
        };
        let fields = RecordFields::of(record);
        Ok(WthorGame {
            tournament: fields.tournament,
            black_player: fields.black,
            white_player: fields.white,
            black_discs: fields.black_discs,
            theoretical_black_discs: fields.theoretical_black_discs,
            year,
            transcript,
        })
    }

    /// The 68-byte game record ([`WthorGame::from_record`] reads it back; the year is not in
    /// it).
    #[must_use]
    pub fn to_record(&self) -> [u8; GAME_LEN] {
        let mut record = [0u8; GAME_LEN];
        record[0..2].copy_from_slice(&self.tournament.to_le_bytes());
        record[2..4].copy_from_slice(&self.black_player.to_le_bytes());
        record[4..6].copy_from_slice(&self.white_player.to_le_bytes());
        record[6] = self.black_discs;
        record[7] = self.theoretical_black_discs;
        // A legal game has at most 60 moves, one per empty square of the start.
        for (byte, &square) in record[8..].iter_mut().zip(self.moves()) {
            *byte = encode_square(square);
        }
        record
    }
}

/// Replays the move bytes of a record (bytes 8 to 67) by the rules through
/// [`Transcript::play`], naming the first bad byte or illegal move: the reference
/// replay, and the error path of [`replay_fast`].
pub(super) fn replay_checked(bytes: &[u8]) -> Result<Transcript, RecordError> {
    let mut transcript = Transcript::new();
    let mut ended = false;
    for (i, &byte) in bytes.iter().enumerate() {
        let number = i + 1;
        if byte == 0 {
            ended = true;
            continue;
        }
        if ended {
            return Err(RecordError::MoveAfterEnd { number, byte });
        }
        let square = decode_square(byte).ok_or(RecordError::BadSquare { number, byte })?;
        transcript
            .play(square)
            .map_err(|source| RecordError::Illegal {
                number,
                square,
                source,
            })?;
    }
    Ok(transcript)
}

/// Replays the move bytes of a record on bitboards alone ([`Transcript::from_moves`]'s
/// fast replay, after the bytes are decoded by a table). `None` at anything else (a bad
/// byte, a byte after the end, an illegal move), which [`replay_checked`] then names.
/// The same transcript as [`replay_checked`] for every legal record (property-tested),
/// with no move generation for most moves and one allocation a record.
pub(super) fn replay_fast(bytes: &[u8]) -> Option<Transcript> {
    let mut moves = Vec::with_capacity(MOVES_LEN);
    for square in record_squares(bytes)? {
        moves.push(square?);
    }
    Transcript::replay(moves).ok()
}

/// The squares of a record's move bytes (bytes 8 to 67) before the first 0, decoded by
/// a table (an item `None` for a byte that is no square); `None` when a move byte
/// follows the end.
#[inline(always)]
pub(crate) fn record_squares(bytes: &[u8]) -> Option<impl Iterator<Item = Option<Square>> + '_> {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    if bytes[end..].iter().any(|&b| b != 0) {
        return None;
    }
    Some(
        bytes[..end]
            .iter()
            .map(|&byte| Square::from_index(usize::from(SQUARE_OF_BYTE[usize::from(byte)]))),
    )
}

/// The fields of a game record before its moves (bytes 0 to 7, the table in the
/// [module docs](super)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RecordFields {
    /// The tournament's number.
    pub(crate) tournament: u16,
    /// The Black player's number.
    pub(crate) black: u16,
    /// The White player's number.
    pub(crate) white: u16,
    /// The actual score: black discs.
    pub(crate) black_discs: u8,
    /// The theoretical score: black discs.
    pub(crate) theoretical_black_discs: u8,
}

impl RecordFields {
    /// The fields of `record`.
    #[inline(always)]
    pub(crate) fn of(record: &[u8; GAME_LEN]) -> RecordFields {
        let number = |at: usize| u16::from_le_bytes([record[at], record[at + 1]]);
        RecordFields {
            tournament: number(0),
            black: number(2),
            white: number(4),
            black_discs: record[6],
            theoretical_black_discs: record[7],
        }
    }
}

/// Black's discs with the empty squares given to the side with more discs, half each on
/// a draw, once the game is over; the black discs while it goes on.
pub(crate) fn final_black_discs(board: &Board) -> u8 {
    let counts = board.disc_counts();
    let empty = 64 - counts.black - counts.white;
    let black = if !board.is_game_over() {
        counts.black
    } else {
        match board.winner() {
            Some(Color::Black) => counts.black + empty,
            Some(Color::White) => counts.black,
            None => counts.black + empty / 2,
        }
    };
    black as u8
}

/// The square of a move byte `10 * rank + file` (both from 1), `None` for any other byte.
pub(super) fn decode_square(byte: u8) -> Option<Square> {
    let (rank, file) = (byte / 10, byte % 10);
    if (1..=8).contains(&rank) && (1..=8).contains(&file) {
        Square::new(file - 1, rank - 1)
    } else {
        None
    }
}

/// [`decode_square`] as a table: the square index of each move byte, 64 for a byte that
/// is no square (no division in the fast replay's loop).
pub(super) const SQUARE_OF_BYTE: [u8; 256] = {
    let mut table = [64u8; 256];
    let mut rank = 1;
    while rank <= 8 {
        let mut file = 1;
        while file <= 8 {
            table[10 * rank + file] = ((rank - 1) * 8 + file - 1) as u8;
            file += 1;
        }
        rank += 1;
    }
    table
};

/// The move byte of a square: `10 * rank + file`, both from 1.
pub(super) const fn encode_square(square: Square) -> u8 {
    10 * (square.rank() + 1) + square.file() + 1
}
