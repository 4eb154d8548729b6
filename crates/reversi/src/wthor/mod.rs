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
//! Reading is streaming: [`GameReader`] and [`NameReader`] take any [`Read`](std::io::Read) and hold one
//! record at a time. Each game is replayed by the rules as it is read (a side with no
//! legal move passes, as in a [`Transcript`](crate::Transcript)); a record with a bad square byte or an
//! illegal move is that record's error ([`WthorError::Record`]) and the records after it
//! are still read. [`write_games`] and [`write_names`] write files the readers (and other
//! WTHOR programs) read; what was read writes back to the same bytes (for a name record,
//! when every byte after the name's first NUL is NUL, as in the FFO's files: other bytes
//! there are not part of the name and are written back as NUL).
//!
//! ```
//! use reversi::wthor::{self, WthorGame, GameReader, Header};
//! use reversi::{Square, Transcript};
//!
//! let mut game = WthorGame::new("f5d6c3d3c4".parse::<Transcript>()?);
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

mod error;
mod game;
mod header;
mod names;
mod read;
mod record;
mod write;

pub use error::{WriteError, WthorError};
pub use game::WthorGame;
pub(crate) use game::{final_black_discs, record_squares, RecordFields};
pub use header::{Header, NameKind, GAME_LEN, HEADER_LEN, MOVES_LEN};
pub use names::Names;
pub use read::{GameReader, NameReader};
pub use record::RecordError;
pub use write::{write_games, write_names};

#[cfg(test)]
mod tests {
    use super::game::{decode_square, encode_square, replay_checked, replay_fast, SQUARE_OF_BYTE};
    use super::*;
    use crate::board::Board;
    use crate::squares::Square;
    use crate::Ply;
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
            let square = match crate::random::pick(&board, usize::from(choice)) {
                Some(Ply::Move(square)) => square,
                _ => break,
            };
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
