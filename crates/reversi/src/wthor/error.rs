//! Why a WTHOR file, or one record of it, cannot be read ([`WthorError`], with a
//! record's own fault as a [`RecordError`]) or written ([`WriteError`]).

use super::game::WthorGame;
use super::record::RecordError;
use std::io;
use thiserror::Error;

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
    /// A file whose header announces names and no game (N1 = 0, N2 > 0): a name file
    /// (`WTHOR.JOU`, `WTHOR.TRN`) read as a game file.
    #[error("the header announces {names} names and no game: a name file (WTHOR.JOU or WTHOR.TRN), not a game file")]
    NameFile {
        /// N2, as read.
        names: u16,
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
        /// For an illegal move ([`RecordError::Illegal`]): the game of the record's
        /// moves before it (its players and year too), which a program may still use.
        legal: Option<Box<WthorGame>>,
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
