//! The WTHOR game database format of the Fédération Française d'Othello (FFO): game
//! files (`.wtb`), player names (`WTHOR.JOU`) and tournament names (`WTHOR.TRN`), read
//! as streams and written back byte for byte.
//!
//! The layout follows the FFO's description of the format (`Format_WThor.pdf`, in French,
//! on ffothello.org beside the yearly files) as public readers of it give it, and is
//! checked against real FFO files (`tests/data/wthor/`); every integer is little-endian:
//!
//! | bytes | header field (16 bytes, every file) |
//! | --- | --- |
//! | 0..4 | creation date: century (`20`), year in the century, month, day |
//! | 4..8 | `u32` N1: the number of games (`.wtb`; 0 in name files) |
//! | 8..10 | `u16` N2: the number of names (`.jou`, `.trn`; 0 in game files) |
//! | 10..12 | `u16` the year of the games |
//! | 12 | P1, the board size: 0 or 8 for 8x8 |
//! | 13 | P2, the file's type: 0 for games |
//! | 14 | P3, the depth (empty squares) from which the theoretical score was computed |
//! | 15 | reserved |
//!
//! | bytes | game record (68 bytes, [`GAME_LEN`]) |
//! | --- | --- |
//! | 0..2 | `u16` the tournament's number (its index in `WTHOR.TRN`) |
//! | 2..4 | `u16` the Black player's number (its index in `WTHOR.JOU`) |
//! | 4..6 | `u16` the White player's number |
//! | 6 | the actual score: black discs at the end, the empty squares counted for the winner |
//! | 7 | the theoretical score: black discs with perfect play from P3 empties on |
//! | 8..68 | 60 moves, one byte each: `10 * rank + file`, both from 1 (`11` = a1, `18` = h1, `81` = a8, `88` = h8); `0` after the last move; passes are not written |
//!
//! A name record is 20 bytes in `.jou` ([`NameKind::Player`]) and 26 bytes in `.trn`
//! ([`NameKind::Tournament`]): Latin-1 text padded with NUL bytes. Names are numbered
//! from 0 in file order, the numbers the game records use.
//!
//! Reading is streaming: [`GameReader`] and [`NameReader`] take any [`Read`] and hold one
//! record at a time. Each game is replayed by the rules as it is read (a side with no
//! legal move passes, as in a [`Transcript`]); a record with a bad square byte or an
//! illegal move is that record's error ([`WthorError::Record`]) and the records after it
//! are still read. [`write_games`] and [`write_names`] write files the readers (and other
//! WTHOR programs) read; what was read writes back to the same bytes (for a name record,
//! when every byte after the name's first NUL is NUL, as in the FFO's files: other bytes
//! there are not part of the name and are written back as NUL).
//!
//! ```
//! use reversi::wthor::{self, Game, GameReader, Header};
//! use reversi::{Square, Transcript};
//!
//! let mut game = Game::new("f5d6c3d3c4".parse::<Transcript>()?);
//! game.black_player = 7;
//! let mut file = Vec::new();
//! wthor::write_games(&mut file, &Header::for_games(2024, 1), &[game.clone()])?;
//! assert_eq!(file.len(), wthor::HEADER_LEN + wthor::GAME_LEN);
//! assert_eq!(file[wthor::HEADER_LEN + 8], 56); // f5: rank 5, file 6
//!
//! let mut reader = GameReader::new(&file[..])?;
//! assert_eq!(reader.header().games, 1);
//! let read = reader.next().unwrap()?;
//! game.year = 2024; // the year is the header's
//! assert_eq!(read, game);
//! assert_eq!(read.moves()[0], Square::F5);
//! assert!(reader.next().is_none());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Read, Write};

use thiserror::Error;

use crate::bitboard;
use crate::board::{Board, IllegalMove};
use crate::color::Color;
use crate::squares::Square;
use crate::transcript::Transcript;
use crate::Ply;

/// Bytes in the header of every WTHOR file.
pub const HEADER_LEN: usize = 16;
/// Bytes in a game record of a `.wtb` file.
pub const GAME_LEN: usize = 68;
/// Move bytes in a game record (a game has at most 60 moves).
pub const MOVES_LEN: usize = 60;

/// The 16-byte header of a WTHOR file (the table in the [module docs](self)). Every byte
/// is kept, so a header read writes back the same.
///
/// ```
/// use reversi::wthor::Header;
/// let header = Header::for_games(1977, 12);
/// let bytes = header.to_bytes();
/// assert_eq!(&bytes[4..8], &[12, 0, 0, 0]); // N1, u32 little-endian
/// assert_eq!(&bytes[10..12], &1977u16.to_le_bytes());
/// assert_eq!(Header::from_bytes(bytes), header);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Header {
    /// Creation date: the century (`20` for 2024).
    pub century: u8,
    /// Creation date: the year in the century (`24` for 2024).
    pub year_in_century: u8,
    /// Creation date: the month, 1 to 12.
    pub month: u8,
    /// Creation date: the day of the month, 1 to 31.
    pub day: u8,
    /// N1: the number of game records (0 in a name file).
    pub games: u32,
    /// N2: the number of name records (0 in a game file).
    pub names: u16,
    /// The year the games were played.
    pub game_year: u16,
    /// P1: the board size, 0 or 8 for the 8x8 board (the only size read here).
    pub board_size: u8,
    /// P2: the file's type, 0 for games.
    pub file_type: u8,
    /// P3: the number of empty squares from which the theoretical scores were computed
    /// by perfect play.
    pub depth: u8,
    /// The reserved last byte, kept as read.
    pub reserved: u8,
}

impl Header {
    /// The header of a game file of `games` games played in `game_year`: board size 8,
    /// type 0, the creation date and P3 zero (set the fields to fill them in).
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_games(2024, 3);
    /// assert_eq!((header.games, header.names, header.board_size), (3, 0, 8));
    /// ```
    #[must_use]
    pub const fn for_games(game_year: u16, games: u32) -> Header {
        Header {
            century: 0,
            year_in_century: 0,
            month: 0,
            day: 0,
            games,
            names: 0,
            game_year,
            board_size: 8,
            file_type: 0,
            depth: 0,
            reserved: 0,
        }
    }

    /// The header of a name file (`.jou` or `.trn`) of `names` names; every other field
    /// zero.
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_names(439);
    /// assert_eq!((header.games, header.names), (0, 439));
    /// ```
    #[must_use]
    pub const fn for_names(names: u16) -> Header {
        Header {
            names,
            board_size: 0,
            ..Header::for_games(0, 0)
        }
    }

    /// The header of 16 bytes, as the table in the [module docs](self) lays them out.
    ///
    /// ```
    /// let bytes = [20, 7, 5, 22, 12, 0, 0, 0, 0, 0, 0xb9, 0x07, 8, 0, 24, 0];
    /// let header = reversi::wthor::Header::from_bytes(bytes);
    /// assert_eq!((header.games, header.game_year, header.depth), (12, 1977, 24));
    /// assert_eq!(header.creation_year(), 2007);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; HEADER_LEN]) -> Header {
        Header {
            century: bytes[0],
            year_in_century: bytes[1],
            month: bytes[2],
            day: bytes[3],
            games: u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            names: u16::from_le_bytes([bytes[8], bytes[9]]),
            game_year: u16::from_le_bytes([bytes[10], bytes[11]]),
            board_size: bytes[12],
            file_type: bytes[13],
            depth: bytes[14],
            reserved: bytes[15],
        }
    }

    /// The 16 bytes of the header ([`Header::from_bytes`] reads them back).
    ///
    /// ```
    /// let header = reversi::wthor::Header::for_names(2);
    /// assert_eq!(header.to_bytes(), [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[must_use]
    pub const fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let games = self.games.to_le_bytes();
        let names = self.names.to_le_bytes();
        let year = self.game_year.to_le_bytes();
        [
            self.century,
            self.year_in_century,
            self.month,
            self.day,
            games[0],
            games[1],
            games[2],
            games[3],
            names[0],
            names[1],
            year[0],
            year[1],
            self.board_size,
            self.file_type,
            self.depth,
            self.reserved,
        ]
    }

    /// The year the file was created: `century * 100 + year_in_century`.
    ///
    /// ```
    /// let mut header = reversi::wthor::Header::for_names(0);
    /// header.century = 20;
    /// header.year_in_century = 22;
    /// assert_eq!(header.creation_year(), 2022);
    /// ```
    #[must_use]
    pub const fn creation_year(&self) -> u16 {
        self.century as u16 * 100 + self.year_in_century as u16
    }
}

/// Which name file: players (`WTHOR.JOU`, 20-byte records) or tournaments (`WTHOR.TRN`,
/// 26-byte records).
///
/// ```
/// use reversi::wthor::NameKind;
/// assert_eq!((NameKind::Player.record_len(), NameKind::Tournament.record_len()), (20, 26));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// Player names, `.jou` files: 20 bytes a name.
    Player,
    /// Tournament names, `.trn` files: 26 bytes a name.
    Tournament,
}

impl NameKind {
    /// The bytes of one name record: 20 for players, 26 for tournaments. A name holds at
    /// most one byte less (the NUL after it).
    #[must_use]
    pub const fn record_len(self) -> usize {
        match self {
            NameKind::Player => 20,
            NameKind::Tournament => 26,
        }
    }
}

/// What is wrong inside one game record, before its place in the file is known (see
/// [`WthorError::Record`]). Move numbers count from 1.
///
/// ```
/// use reversi::wthor::{Game, RecordError, GAME_LEN};
/// let mut record = [0u8; GAME_LEN];
/// record[8] = 19; // file 9: off the board
/// let error = Game::from_record(&record, 1977).unwrap_err();
/// assert_eq!(error, RecordError::BadSquare { number: 1, byte: 19 });
/// assert_eq!(error.to_string(), "move 1: byte 19 is not a square (10 * rank + file, both 1 to 8) nor 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A move byte that is neither 0 nor `10 * rank + file` with both from 1 to 8.
    #[error("move {number}: byte {byte} is not a square (10 * rank + file, both 1 to 8) nor 0")]
    BadSquare {
        /// The move's number, from 1.
        number: usize,
        /// The byte read.
        byte: u8,
    },
    /// A move byte other than 0 after a 0 byte (the end of the moves).
    #[error("move {number}: byte {byte} follows the end of the moves (a 0 byte)")]
    MoveAfterEnd {
        /// The move's number, from 1.
        number: usize,
        /// The byte read.
        byte: u8,
    },
    /// A square that is not a legal move there (passes inserted where the side to move
    /// has no move).
    #[error("move {number} ({square}): {source}")]
    Illegal {
        /// The move's number, from 1 (passes not counted).
        number: usize,
        /// The square played.
        square: Square,
        /// Why it is not legal.
        #[source]
        source: IllegalMove,
    },
}

/// Why a WTHOR file cannot be read, or one record of it. Records are numbered from 0 in
/// file order (the numbering of names); `offset` is the byte offset in the file of the
/// record's first byte.
///
/// ```
/// use reversi::wthor::{GameReader, WthorError};
/// let error = GameReader::new(&[20u8, 24, 1][..]).err().unwrap();
/// assert!(matches!(error, WthorError::ShortHeader { len: 3 }));
/// assert_eq!(error.to_string(), "the file has 3 bytes, fewer than the 16 of a WTHOR header");
/// ```
#[derive(Debug, Error)]
pub enum WthorError {
    /// The reader failed.
    #[error("reading byte {offset}: {source}")]
    Io {
        /// How many bytes were read before.
        offset: u64,
        /// The reader's error.
        #[source]
        source: io::Error,
    },
    /// The file ends inside the 16-byte header.
    #[error("the file has {len} bytes, fewer than the 16 of a WTHOR header")]
    ShortHeader {
        /// The bytes read.
        len: usize,
    },
    /// A game file whose header's board size (P1) is neither 0 nor 8.
    #[error("the header's board size is {board_size}, not 8x8 (0 or 8)")]
    NotEightByEight {
        /// P1, as read.
        board_size: u8,
    },
    /// A game file whose header's type (P2) is not 0, the type of game files.
    #[error("the header's file type is {file_type}, not 0 (games)")]
    NotGames {
        /// P2, as read.
        file_type: u8,
    },
    /// The file ends inside a record.
    #[error("record {index} at byte {offset} is cut short: {len} of its {record_len} bytes")]
    TruncatedRecord {
        /// The record's number, from 0.
        index: u64,
        /// Byte offset of the record in the file.
        offset: u64,
        /// The bytes there are.
        len: usize,
        /// The bytes of a record.
        record_len: usize,
    },
    /// A game record with a bad square byte or an illegal move.
    #[error("record {index} at byte {offset}: {source}")]
    Record {
        /// The record's number, from 0.
        index: u64,
        /// Byte offset of the record in the file.
        offset: u64,
        /// What is wrong in it.
        #[source]
        source: RecordError,
    },
    /// The file holds another number of records than its header says (N1 for games, N2
    /// for names).
    #[error("the header announces {expected} records but the file holds {found}")]
    WrongCount {
        /// The header's count.
        expected: u64,
        /// The records in the file (a last partial record counted as one).
        found: u64,
    },
}

/// Why a WTHOR file cannot be written.
///
/// ```
/// use reversi::wthor::{self, Header, NameKind, WriteError};
/// let error = wthor::write_names(Vec::new(), &Header::for_names(1), NameKind::Player, &["Ōtsuka"]).unwrap_err();
/// assert!(matches!(error, WriteError::NotLatin1 { index: 0, character: 'Ō' }));
/// ```
#[derive(Debug, Error)]
pub enum WriteError {
    /// The writer failed.
    #[error("writing: {source}")]
    Io {
        /// The writer's error.
        #[source]
        source: io::Error,
    },
    /// The header's count (N1 for games, N2 for names) is not the number of records given.
    #[error("the header announces {expected} records but {given} are given")]
    WrongCount {
        /// The header's count.
        expected: u64,
        /// The records given.
        given: u64,
    },
    /// A name longer than its record allows (19 bytes for players, 25 for tournaments).
    #[error("name {index} has {len} characters, more than the {max} of its record")]
    NameTooLong {
        /// The name's number, from 0.
        index: usize,
        /// Its length in characters (Latin-1 bytes).
        len: usize,
        /// The longest name the record holds.
        max: usize,
    },
    /// A name with a character that Latin-1 has not (above U+00FF) or a NUL.
    #[error("name {index} has the character {character:?}, not written in Latin-1 (or NUL)")]
    NotLatin1 {
        /// The name's number, from 0.
        index: usize,
        /// The character.
        character: char,
    },
}

impl From<io::Error> for WriteError {
    fn from(source: io::Error) -> WriteError {
        WriteError::Io { source }
    }
}

/// One game of a `.wtb` file: the numbers of its tournament and players, its scores and
/// its moves, a legal game from the start position (a [`Transcript`]).
///
/// The fields are the record's (the table in the [module docs](self)), plus the year of
/// the file's header. Passes are not in the record: whose move it is follows from the
/// game ([`Game::plies`] lists them).
///
/// ```
/// use reversi::wthor::Game;
/// use reversi::{Ply, Square};
/// // Black has no move after eight plies, so White plays c1 and e3 in a row.
/// let game = Game::new("d3c3b3b2f5a3a1c1e3".parse()?);
/// assert_eq!(game.moves().len(), 9);
/// assert_eq!(game.plies()[8], Ply::Pass);
/// assert_eq!(game.plies()[9], Ply::Move(Square::E3));
/// # Ok::<_, reversi::ParseTranscriptError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Game {
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

impl Game {
    /// A game of these moves; the numbers and the year 0, both scores the final score
    /// of the moves as WTHOR counts it ([`Game::final_black_discs`]).
    ///
    /// ```
    /// use reversi::wthor::Game;
    /// let game = Game::new("f5d6".parse()?);
    /// assert_eq!((game.black_discs, game.theoretical_black_discs, game.black_player), (3, 3, 0));
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn new(transcript: Transcript) -> Game {
        let score = final_black_discs(transcript.board());
        Game {
            black_discs: score,
            theoretical_black_discs: score,
            transcript,
            ..Game::default()
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
    /// use reversi::{wthor::Game, ByColor};
    /// let game = Game::new("f5d6".parse()?);
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
        let mut plies = Vec::with_capacity(self.moves().len() + 2);
        let mut board = Board::START;
        for &square in self.moves() {
            if board.must_pass() {
                plies.push(Ply::Pass);
                board = board.swapped();
            }
            plies.push(Ply::Move(square));
            // A transcript holds legal moves only.
            board = board.play(square).unwrap_or(board);
        }
        plies
    }

    /// The final score of the game's last board as WTHOR records it: black discs, with
    /// the empty squares counted for the side with more discs (half each on a draw).
    /// While the game goes on, the black discs on the board.
    ///
    /// ```
    /// use reversi::wthor::Game;
    /// // Game 4 of WTH_1978.wtb: 59 moves, one square left empty; the record's actual
    /// // score is 64, the empty square counted for Black.
    /// let moves = "f5f6e6f4e3c5c4d3f3e2f2d2c3d6d1b5c1c2b3e1f1a3a6b4a4b6a2g3a5b2h3h2h1g1g2\
    ///              b1h4g4a1h5g5b7a7a8b8c8c6h6g6c7d7d8g7f7f8g8e7e8h8";
    /// let game = Game::new(moves.parse()?);
    /// assert!(game.board().is_game_over());
    /// assert_eq!(game.board().empty_squares().len(), 1);
    /// assert_eq!(game.final_black_discs(), 64);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn final_black_discs(&self) -> u8 {
        final_black_discs(self.board())
    }

    /// Reads one 68-byte game record (the table in the [module docs](self)) and replays
    /// it; `year` becomes [`Game::year`].
    ///
    /// # Errors
    /// [`RecordError`]: a bad square byte, a move after the end, or an illegal move,
    /// naming the move's number.
    ///
    /// ```
    /// use reversi::{wthor::{Game, GAME_LEN}, Square};
    /// let mut record = [0u8; GAME_LEN];
    /// record[2] = 5; // Black is player 5
    /// record[6] = 3; // actual score
    /// record[8] = 56; // f5
    /// record[9] = 64; // d6
    /// let game = Game::from_record(&record, 1990)?;
    /// assert_eq!(game.moves(), [Square::F5, Square::D6]);
    /// assert_eq!((game.black_player, game.black_discs, game.year), (5, 3, 1990));
    /// assert_eq!(game.to_record(), record);
    /// # Ok::<_, reversi::wthor::RecordError>(())
    /// ```
    pub fn from_record(record: &[u8; GAME_LEN], year: u16) -> Result<Game, RecordError> {
        let transcript = match replay_fast(&record[8..]) {
            Some(transcript) => transcript,
            None => replay_checked(&record[8..])?,
        };
        Ok(Game {
            tournament: u16::from_le_bytes([record[0], record[1]]),
            black_player: u16::from_le_bytes([record[2], record[3]]),
            white_player: u16::from_le_bytes([record[4], record[5]]),
            black_discs: record[6],
            theoretical_black_discs: record[7],
            year,
            transcript,
        })
    }

    /// The 68-byte game record ([`Game::from_record`] reads it back; the year is not in
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

    /// The tournament's name, `None` when `tournaments` has no name of that number.
    #[must_use]
    pub fn tournament_name<'a>(&self, tournaments: &'a Names) -> Option<&'a str> {
        tournaments.get(self.tournament)
    }

    /// The Black player's name, `None` when `players` has no name of that number.
    #[must_use]
    pub fn black_name<'a>(&self, players: &'a Names) -> Option<&'a str> {
        players.get(self.black_player)
    }

    /// The White player's name, `None` when `players` has no name of that number.
    #[must_use]
    pub fn white_name<'a>(&self, players: &'a Names) -> Option<&'a str> {
        players.get(self.white_player)
    }
}

/// Replays the move bytes of a record (bytes 8 to 67) by the rules through
/// [`Transcript::play`], naming the first bad byte or illegal move: the reference
/// replay, and the error path of [`replay_fast`].
fn replay_checked(bytes: &[u8]) -> Result<Transcript, RecordError> {
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

/// Replays the move bytes of a record on bitboards alone: for each byte the flips of
/// the side to move, or, when it has none there and no legal move at all, of the other
/// side after its pass (the rule of [`Board::play_after_pass`]); the board's Zobrist key
/// computed once at the end. `None` at anything else (a bad byte, a byte after the end,
/// an illegal move), which [`replay_checked`] then names. The same transcript as
/// [`replay_checked`] for every legal record (property-tested), with no move generation
/// for most moves and one allocation a record.
fn replay_fast(bytes: &[u8]) -> Option<Transcript> {
    let mut moves = Vec::with_capacity(MOVES_LEN);
    let (mut mover, mut opponent) = (Board::START.mover_bits(), Board::START.opponent_bits());
    let mut black_to_move = true;
    let mut ended = false;
    for &byte in bytes {
        if byte == 0 {
            ended = true;
            continue;
        }
        if ended {
            return None;
        }
        let index = SQUARE_OF_BYTE[usize::from(byte)];
        let square = Square::from_index(usize::from(index))?;
        let index = u32::from(index);
        let bit = 1u64 << index;
        if (mover | opponent) & bit != 0 {
            return None;
        }
        let mut flipped = bitboard::flips(mover, opponent, index);
        if flipped == 0 {
            // A pass, when the side to move has no move and the other side this one.
            if bitboard::moves(mover, opponent) != 0 {
                return None;
            }
            flipped = bitboard::flips(opponent, mover, index);
            if flipped == 0 {
                return None;
            }
            std::mem::swap(&mut mover, &mut opponent);
            black_to_move = !black_to_move;
        }
        let next_mover = opponent ^ flipped;
        opponent = mover ^ flipped ^ bit;
        mover = next_mover;
        black_to_move = !black_to_move;
        moves.push(square);
    }
    let side = if black_to_move {
        Color::Black
    } else {
        Color::White
    };
    Some(Transcript::from_replayed(
        moves,
        Board::with_key(mover, opponent, side),
    ))
}

/// Black's discs with the empty squares given to the side with more discs, half each on
/// a draw, once the game is over; the black discs while it goes on.
fn final_black_discs(board: &Board) -> u8 {
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
fn decode_square(byte: u8) -> Option<Square> {
    let (rank, file) = (byte / 10, byte % 10);
    if (1..=8).contains(&rank) && (1..=8).contains(&file) {
        Square::new(file - 1, rank - 1)
    } else {
        None
    }
}

/// [`decode_square`] as a table: the square index of each move byte, 64 for a byte that
/// is no square (no division in the fast replay's loop).
const SQUARE_OF_BYTE: [u8; 256] = {
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
const fn encode_square(square: Square) -> u8 {
    10 * (square.rank() + 1) + square.file() + 1
}

/// Reads until `buf` is full or the reader ends; the number of bytes read.
fn read_up_to<R: Read>(reader: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Reads the header, or says why not.
fn read_header<R: Read>(reader: &mut R) -> Result<Header, WthorError> {
    let mut bytes = [0u8; HEADER_LEN];
    let len =
        read_up_to(reader, &mut bytes).map_err(|source| WthorError::Io { offset: 0, source })?;
    if len < HEADER_LEN {
        return Err(WthorError::ShortHeader { len });
    }
    Ok(Header::from_bytes(bytes))
}

/// The records after the header: fixed-size, counted against the header, one at a time.
#[derive(Debug)]
struct Records<R> {
    reader: R,
    record_len: usize,
    expected: u64,
    index: u64,
    offset: u64,
    done: bool,
}

impl<R: Read> Records<R> {
    fn new(reader: R, record_len: usize, expected: u64) -> Records<R> {
        Records {
            reader,
            record_len,
            expected,
            index: 0,
            offset: HEADER_LEN as u64,
            done: false,
        }
    }

    /// Fills `buf` (`record_len` bytes) with the next record and gives its number and
    /// offset; `None` after the last record or after an error that ends the file.
    fn next_into(&mut self, buf: &mut [u8]) -> Option<Result<(u64, u64), WthorError>> {
        if self.done {
            return None;
        }
        let len = match read_up_to(&mut self.reader, buf) {
            Ok(len) => len,
            Err(source) => return Some(Err(self.fail_io(source))),
        };
        let (index, offset) = (self.index, self.offset);
        if self.index == self.expected {
            self.done = true;
            if len == 0 {
                return None;
            }
            return Some(self.count_rest(len as u64));
        }
        if len == 0 {
            self.done = true;
            return Some(Err(WthorError::WrongCount {
                expected: self.expected,
                found: index,
            }));
        }
        if len < self.record_len {
            self.done = true;
            return Some(Err(WthorError::TruncatedRecord {
                index,
                offset,
                len,
                record_len: self.record_len,
            }));
        }
        self.index += 1;
        self.offset += self.record_len as u64;
        Some(Ok((index, offset)))
    }

    /// After the records the header announces, `extra` bytes were found: counts the
    /// rest (flat memory) for the error.
    fn count_rest(&mut self, extra: u64) -> Result<(u64, u64), WthorError> {
        let mut extra = extra;
        let mut scratch = [0u8; 4096];
        loop {
            match read_up_to(&mut self.reader, &mut scratch) {
                Ok(0) => break,
                Ok(n) => extra += n as u64,
                Err(source) => return Err(self.fail_io(source)),
            }
        }
        let len = self.record_len as u64;
        Err(WthorError::WrongCount {
            expected: self.expected,
            found: self.expected + (extra + len - 1) / len,
        })
    }

    fn fail_io(&mut self, source: io::Error) -> WthorError {
        self.done = true;
        WthorError::Io {
            offset: self.offset,
            source,
        }
    }
}

/// The games of a `.wtb` file, read one record at a time from any [`Read`] (wrap a file
/// in a [`std::io::BufReader`]): an iterator of `Result<Game, WthorError>`.
///
/// A record with a bad square byte or an illegal move gives its
/// [`WthorError::Record`] and the next records are still read. A file that ends inside a
/// record ([`WthorError::TruncatedRecord`]), holds another number of records than its
/// header says ([`WthorError::WrongCount`], after the records there are) or fails to read
/// gives that error last.
///
/// ```
/// use reversi::wthor::{self, Game, GameReader, Header, RecordError, WthorError};
/// let games = [Game::new("f5d6".parse()?), Game::new("f5f6".parse()?)];
/// let mut file = Vec::new();
/// wthor::write_games(&mut file, &Header::for_games(2000, 2), &games)?;
/// file[16 + 8] = 11; // the first game now opens on a1: illegal
/// let read: Vec<_> = GameReader::new(&file[..])?.collect();
/// assert_eq!(read.len(), 2);
/// match &read[0] {
///     Err(WthorError::Record { index: 0, offset: 16, source: RecordError::Illegal { number: 1, .. } }) => {}
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(read[1].as_ref().unwrap().moves(), games[1].moves());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    header: Header,
    records: Records<R>,
}

impl<R: Read> GameReader<R> {
    /// Reads the header; the games follow as the iterator's items.
    ///
    /// # Errors
    /// [`WthorError::ShortHeader`], [`WthorError::Io`], and for a header that is not a
    /// game file's: [`WthorError::NotEightByEight`] (P1 neither 0 nor 8),
    /// [`WthorError::NotGames`] (P2 not 0).
    pub fn new(mut reader: R) -> Result<GameReader<R>, WthorError> {
        let header = read_header(&mut reader)?;
        if header.board_size != 0 && header.board_size != 8 {
            return Err(WthorError::NotEightByEight {
                board_size: header.board_size,
            });
        }
        if header.file_type != 0 {
            return Err(WthorError::NotGames {
                file_type: header.file_type,
            });
        }
        Ok(GameReader {
            records: Records::new(reader, GAME_LEN, u64::from(header.games)),
            header,
        })
    }

    /// The file's header.
    #[must_use]
    pub const fn header(&self) -> &Header {
        &self.header
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<Game, WthorError>;

    fn next(&mut self) -> Option<Result<Game, WthorError>> {
        let mut record = [0u8; GAME_LEN];
        Some(match self.records.next_into(&mut record)? {
            Ok((index, offset)) => {
                Game::from_record(&record, self.header.game_year).map_err(|source| {
                    WthorError::Record {
                        index,
                        offset,
                        source,
                    }
                })
            }
            Err(error) => Err(error),
        })
    }
}

impl<R: Read> std::iter::FusedIterator for GameReader<R> {}

/// The names of a `.jou` or `.trn` file, read one record at a time from any [`Read`]: an
/// iterator of `Result<String, WthorError>`, name number 0 first. A name is the record's
/// bytes up to the first NUL (all of them without one), decoded as Latin-1.
///
/// ```
/// use reversi::wthor::{self, Header, NameKind, NameReader};
/// let mut file = Vec::new();
/// wthor::write_names(&mut file, &Header::for_names(2), NameKind::Tournament, &["Championnat de Suède", "Open"])?;
/// assert_eq!(file.len(), 16 + 2 * 26);
/// assert_eq!(file[16 + 17], 0xe8); // è in Latin-1
/// let names: Vec<String> = NameReader::new(&file[..], NameKind::Tournament)?.collect::<Result<_, _>>()?;
/// assert_eq!(names, ["Championnat de Suède", "Open"]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct NameReader<R> {
    header: Header,
    kind: NameKind,
    records: Records<R>,
}

impl<R: Read> NameReader<R> {
    /// Reads the header; the names follow as the iterator's items.
    ///
    /// # Errors
    /// [`WthorError::ShortHeader`], [`WthorError::Io`].
    pub fn new(mut reader: R, kind: NameKind) -> Result<NameReader<R>, WthorError> {
        let header = read_header(&mut reader)?;
        Ok(NameReader {
            records: Records::new(reader, kind.record_len(), u64::from(header.names)),
            header,
            kind,
        })
    }

    /// The file's header.
    #[must_use]
    pub const fn header(&self) -> &Header {
        &self.header
    }
}

impl<R: Read> Iterator for NameReader<R> {
    type Item = Result<String, WthorError>;

    fn next(&mut self) -> Option<Result<String, WthorError>> {
        let mut record = [0u8; 26];
        let record = &mut record[..self.kind.record_len()];
        Some(self.records.next_into(record)?.map(|_| {
            record
                .iter()
                .take_while(|&&b| b != 0)
                .map(|&b| char::from(b))
                .collect()
        }))
    }
}

impl<R: Read> std::iter::FusedIterator for NameReader<R> {}

/// All the names of a `.jou` or `.trn` file, to look a name up by its number (the
/// numbers of [`Game`]).
///
/// ```
/// use reversi::wthor::{self, Game, Header, NameKind, Names};
/// let mut file = Vec::new();
/// wthor::write_names(&mut file, &Header::for_names(2), NameKind::Player, &["???", "Tastet Marc"])?;
/// let players = Names::read(&file[..], NameKind::Player)?;
/// assert_eq!((players.len(), players.get(1)), (2, Some("Tastet Marc")));
/// let mut game = Game::default();
/// game.white_player = 1;
/// assert_eq!(game.white_name(&players), Some("Tastet Marc"));
/// assert_eq!(players.get(2), None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Names {
    kind: NameKind,
    names: Vec<String>,
}

impl Names {
    /// Reads a whole name file.
    ///
    /// # Errors
    /// The first [`WthorError`] of the [`NameReader`].
    pub fn read<R: Read>(reader: R, kind: NameKind) -> Result<Names, WthorError> {
        let names = NameReader::new(reader, kind)?.collect::<Result<Vec<_>, _>>()?;
        Ok(Names { kind, names })
    }

    /// The name of number `number` (from 0), `None` past the last.
    #[must_use]
    pub fn get(&self, number: u16) -> Option<&str> {
        self.names.get(usize::from(number)).map(String::as_str)
    }

    /// Which file the names are from.
    #[must_use]
    pub const fn kind(&self) -> NameKind {
        self.kind
    }

    /// The names, number 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[String] {
        &self.names
    }

    /// The number of names.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is no name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// Writes a `.wtb` file: `header`, then one 68-byte record a game. The games' `year`
/// fields are not written (the header's year is the file's).
///
/// # Errors
/// [`WriteError::WrongCount`] when `header.games` is not `games.len()` (nothing is then
/// written); [`WriteError::Io`].
///
/// ```
/// use reversi::wthor::{self, Game, Header, WriteError};
/// let games = [Game::new("f5".parse()?)];
/// let error = wthor::write_games(Vec::new(), &Header::for_games(2000, 2), &games).unwrap_err();
/// assert!(matches!(error, WriteError::WrongCount { expected: 2, given: 1 }));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn write_games<W: Write>(
    mut writer: W,
    header: &Header,
    games: &[Game],
) -> Result<(), WriteError> {
    if u64::from(header.games) != games.len() as u64 {
        return Err(WriteError::WrongCount {
            expected: u64::from(header.games),
            given: games.len() as u64,
        });
    }
    writer.write_all(&header.to_bytes())?;
    for game in games {
        writer.write_all(&game.to_record())?;
    }
    writer.flush()?;
    Ok(())
}

/// Writes a `.jou` or `.trn` file: `header`, then each name in Latin-1, NUL-padded to its
/// record (at most 19 characters for players, 25 for tournaments, so a NUL always
/// follows).
///
/// # Errors
/// [`WriteError::WrongCount`] when `header.names` is not `names.len()`,
/// [`WriteError::NameTooLong`], [`WriteError::NotLatin1`] (all checked before anything is
/// written); [`WriteError::Io`].
///
/// ```
/// use reversi::wthor::{self, Header, NameKind, WriteError};
/// let long = "a name of more than nineteen letters";
/// let error = wthor::write_names(Vec::new(), &Header::for_names(1), NameKind::Player, &[long]).unwrap_err();
/// assert!(matches!(error, WriteError::NameTooLong { index: 0, max: 19, .. }));
/// ```
pub fn write_names<W: Write, S: AsRef<str>>(
    mut writer: W,
    header: &Header,
    kind: NameKind,
    names: &[S],
) -> Result<(), WriteError> {
    if usize::from(header.names) != names.len() {
        return Err(WriteError::WrongCount {
            expected: u64::from(header.names),
            given: names.len() as u64,
        });
    }
    let max = kind.record_len() - 1;
    for (index, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if let Some(character) = name.chars().find(|&c| c == '\0' || u32::from(c) > 0xff) {
            return Err(WriteError::NotLatin1 { index, character });
        }
        let len = name.chars().count();
        if len > max {
            return Err(WriteError::NameTooLong { index, len, max });
        }
    }
    writer.write_all(&header.to_bytes())?;
    for name in names {
        let mut record = [0u8; 26];
        for (byte, c) in record.iter_mut().zip(name.as_ref().chars()) {
            *byte = u32::from(c) as u8;
        }
        writer.write_all(&record[..kind.record_len()])?;
    }
    writer.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The move bytes of the game that picks, at each ply, the legal move of index
    /// `choice % moves` (passing when it must), until the choices or the game end.
    fn game_bytes(choices: &[u8]) -> [u8; MOVES_LEN] {
        let mut bytes = [0u8; MOVES_LEN];
        let mut board = Board::START;
        for (byte, &choice) in bytes.iter_mut().zip(choices) {
            if let Ok(passed) = board.pass() {
                board = passed;
            }
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let square = moves
                .iter()
                .nth(usize::from(choice) % moves.len() as usize)
                .unwrap();
            *byte = encode_square(square);
            board = board.play(square).unwrap();
        }
        bytes
    }

    #[test]
    fn the_byte_table_decodes_as_decode_square() {
        for byte in 0..=255u8 {
            let table = Square::from_index(usize::from(SQUARE_OF_BYTE[usize::from(byte)]));
            assert_eq!(table, decode_square(byte), "byte {byte}");
        }
    }

    proptest! {
        #[test]
        fn the_fast_replay_is_the_checked_one_on_legal_games(
            choices in proptest::collection::vec(any::<u8>(), 0..70)
        ) {
            let bytes = game_bytes(&choices);
            let checked = replay_checked(&bytes).unwrap();
            let fast = replay_fast(&bytes).unwrap();
            prop_assert_eq!(fast.board().zobrist_key(), checked.board().zobrist_key());
            prop_assert_eq!(fast, checked);
        }

        #[test]
        fn the_fast_replay_refuses_what_the_checked_one_refuses(
            choices in proptest::collection::vec(any::<u8>(), 0..70),
            at in 0..MOVES_LEN,
            byte in any::<u8>(),
        ) {
            let mut bytes = game_bytes(&choices);
            bytes[at] = byte;
            match replay_checked(&bytes) {
                Ok(checked) => prop_assert_eq!(replay_fast(&bytes), Some(checked)),
                Err(_) => prop_assert_eq!(replay_fast(&bytes), None),
            }
        }
    }
}
