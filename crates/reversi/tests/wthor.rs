//! WTHOR files: the real FFO files of `tests/data/wthor/` (see its README) read, replayed
//! and written back byte for byte; hand-made records for each error; random legal games
//! written and read back.

use std::io::{self, Read};

use proptest::collection::vec;
use proptest::prelude::*;
use reversi::wthor::{
    self, GameReader, Header, NameKind, NameReader, Names, RecordError, WriteError, WthorError,
    WthorGame, GAME_LEN, HEADER_LEN,
};
use reversi::{Board, IllegalMove, Ply, Square, Transcript};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/wthor/");

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DATA}{name}")).unwrap()
}

fn read_games(bytes: &[u8]) -> Vec<Result<WthorGame, WthorError>> {
    GameReader::new(bytes).unwrap().collect()
}

// ---------------------------------------------------------------------------------------
// Real data

/// The two yearly files kept, with the header's facts as a hex dump of each shows them:
/// (file, N1, year of the games, creation date).
const YEARS: [(&str, u32, u16, [u8; 4]); 2] = [
    ("WTH_1977.wtb", 12, 1977, [20, 7, 5, 22]),
    ("WTH_1978.wtb", 8, 1978, [20, 5, 10, 8]),
];

#[test]
fn real_game_files_have_the_headers_they_announce() {
    for (name, games, year, date) in YEARS {
        let bytes = data(name);
        let reader = GameReader::new(&bytes[..]).unwrap();
        let header = *reader.header();
        assert_eq!(header.games, games, "{name}");
        assert_eq!(header.game_year, year, "{name}");
        let date_read = [
            header.century,
            header.year_in_century,
            header.month,
            header.day,
        ];
        assert_eq!(date_read, date, "{name}");
        assert_eq!(
            (header.names, header.board_size, header.file_type),
            (0, 8, 0)
        );
        assert_eq!(header.depth, 24, "{name}: P3");
        // The file is exactly the header and N1 records.
        assert_eq!(
            bytes.len(),
            HEADER_LEN + games as usize * GAME_LEN,
            "{name}"
        );
    }
}

#[test]
fn every_real_game_is_legal_and_the_count_is_the_headers() {
    for (name, games, year, _) in YEARS {
        let read = read_games(&data(name));
        assert_eq!(read.len(), games as usize, "{name}");
        for (index, game) in read.iter().enumerate() {
            let game = game
                .as_ref()
                .unwrap_or_else(|e| panic!("{name} game {index}: {e}"));
            assert_eq!(game.year, year);
            // The FFO's files give every game from the f5 opening (byte 56).
            assert_eq!(game.moves()[0], Square::F5, "{name} game {index}");
            // These early games were played to the end.
            assert!(game.board().is_game_over(), "{name} game {index}");
        }
    }
}

#[test]
fn the_actual_scores_are_the_final_boards() {
    // The record's actual score is Black's discs at the end, the empty squares going to
    // the winner: the replayed games must end with the score each record gives.
    for (name, ..) in YEARS {
        for (index, game) in read_games(&data(name)).into_iter().enumerate() {
            let game = game.unwrap();
            assert_eq!(
                game.final_black_discs(),
                game.black_discs,
                "{name} game {index}"
            );
        }
    }
}

#[test]
fn the_first_real_games_as_a_hex_dump_of_the_file_shows_them() {
    let read = read_games(&data("WTH_1977.wtb"));
    let first = read[0].as_ref().unwrap();
    // Bytes 16..24 of WTH_1977.wtb: 01 00 5a 01 4b 03 22 29; moves 38 40 21 24 2e 22 ...
    assert_eq!(
        (first.tournament, first.black_player, first.white_player),
        (1, 0x015a, 0x034b)
    );
    assert_eq!(
        (first.black_discs, first.theoretical_black_discs),
        (0x22, 0x29)
    );
    let opening: Vec<Square> = first.moves()[..6].to_vec();
    // 0x38 = 56 f5, 0x40 = 64 d6, 0x21 = 33 c3, 0x24 = 36 f3, 0x2e = 46 f4, 0x22 = 34 d3.
    let names: Vec<Square> = ["f5", "d6", "c3", "f3", "f4", "d3"]
        .iter()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(opening, names);
    // The ninth game of 1977 has 59 moves (its last move byte is 0).
    assert_eq!(read[8].as_ref().unwrap().moves().len(), 59);
}

#[test]
fn real_files_write_back_byte_for_byte() {
    for (name, ..) in YEARS {
        let bytes = data(name);
        let reader = GameReader::new(&bytes[..]).unwrap();
        let header = *reader.header();
        let games: Vec<WthorGame> = reader.map(Result::unwrap).collect();
        let mut written = Vec::new();
        wthor::write_games(&mut written, &header, &games).unwrap();
        assert!(written == bytes, "{name} differs once written back");
    }
    for (name, kind) in [
        ("WTHOR.JOU", NameKind::Player),
        ("WTHOR.TRN", NameKind::Tournament),
    ] {
        let bytes = data(name);
        let reader = NameReader::new(&bytes[..], kind).unwrap();
        let header = *reader.header();
        let names: Vec<String> = reader.map(Result::unwrap).collect();
        let mut written = Vec::new();
        wthor::write_names(&mut written, &header, kind, &names).unwrap();
        assert!(written == bytes, "{name} differs once written back");
    }
}

#[test]
fn real_name_files_read_with_their_counts_and_latin_1_names() {
    let players = Names::read(&data("WTHOR.JOU")[..], NameKind::Player).unwrap();
    let tournaments = Names::read(&data("WTHOR.TRN")[..], NameKind::Tournament).unwrap();
    // N2 of the headers: 0x0f2c and 0x01b7; the files are 16 + 20 * 3884 = 77696 and
    // 16 + 26 * 439 = 11430 bytes.
    assert_eq!((players.len(), tournaments.len()), (3884, 439));
    assert_eq!(players.get(0), Some("???"));
    assert_eq!(players.get(1), Some("Tastet Marc"));
    assert_eq!(players.get(3884), None);
    assert_eq!(tournaments.get(0), Some("Diverses parties"));
    // Record 17 holds "Pr\xe9qualif de Paris": 0xe9 is é in Latin-1.
    assert_eq!(tournaments.get(17), Some("Préqualif de Paris"));

    // The first game of 1977: the World Championship, Inoue against Heiberg.
    let game = read_games(&data("WTH_1977.wtb")).remove(0).unwrap();
    assert_eq!(
        game.tournament_name(&tournaments),
        Some("World Championship")
    );
    assert_eq!(game.black_name(&players), Some("Inoue Hiroshi"));
    assert_eq!(game.white_name(&players), Some("Heiberg Thomas"));
}

/// A reader that gives one byte a call and is interrupted before each: the readers must
/// not assume `read` fills the buffer.
struct Trickle<'a> {
    bytes: &'a [u8],
    interrupt: bool,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.bytes.is_empty() || buf.is_empty() {
            return Ok(0);
        }
        buf[0] = self.bytes[0];
        self.bytes = &self.bytes[1..];
        Ok(1)
    }
}

#[test]
fn a_reader_giving_one_byte_at_a_time_reads_the_same() {
    let bytes = data("WTH_1978.wtb");
    let trickled: Vec<WthorGame> = GameReader::new(Trickle {
        bytes: &bytes,
        interrupt: false,
    })
    .unwrap()
    .map(Result::unwrap)
    .collect();
    let whole: Vec<WthorGame> = read_games(&bytes).into_iter().map(Result::unwrap).collect();
    assert_eq!(trickled, whole);
}

// ---------------------------------------------------------------------------------------
// Hand-made records for each error

/// A game record from its move bytes (numbers and scores zero).
fn record(moves: &[u8]) -> [u8; GAME_LEN] {
    let mut record = [0u8; GAME_LEN];
    record[8..8 + moves.len()].copy_from_slice(moves);
    record
}

/// A game file: a header announcing `announced` games, then the records.
fn file(announced: u32, records: &[[u8; GAME_LEN]]) -> Vec<u8> {
    let mut bytes = Header::for_games(2000, announced).to_bytes().to_vec();
    for r in records {
        bytes.extend_from_slice(r);
    }
    bytes
}

// Move bytes (10 * rank + file): f5 56, d6 64, c3 33, d3 34, c4 43.
const F5_D6: [u8; 2] = [56, 64];

#[test]
fn a_short_header_is_an_error() {
    for len in [0, 1, 15] {
        let bytes = vec![0u8; len];
        let error = GameReader::new(&bytes[..]).err().unwrap();
        assert!(matches!(error, WthorError::ShortHeader { len: l } if l == len));
        let error = NameReader::new(&bytes[..], NameKind::Player).err().unwrap();
        assert!(matches!(error, WthorError::ShortHeader { len: l } if l == len));
    }
}

#[test]
fn a_game_file_of_another_board_or_type_is_refused() {
    let mut header = Header::for_games(2000, 0);
    header.board_size = 10;
    let error = GameReader::new(&header.to_bytes()[..]).err().unwrap();
    assert!(matches!(
        error,
        WthorError::NotEightByEight { board_size: 10 }
    ));
    header.board_size = 0; // also 8x8
    assert!(GameReader::new(&header.to_bytes()[..]).is_ok());
    header.file_type = 1; // solitaires
    let error = GameReader::new(&header.to_bytes()[..]).err().unwrap();
    assert!(matches!(error, WthorError::NotGames { file_type: 1 }));
}

#[test]
fn a_bad_square_byte_is_that_records_error_and_the_next_records_still_read() {
    // Byte 19: file 9; 90: file 0; 99: rank 9 and file 9; 9: rank 0.
    for bad in [9u8, 19, 90, 99, 255] {
        let bytes = file(2, &[record(&[56, bad]), record(&F5_D6)]);
        let read = read_games(&bytes);
        assert_eq!(read.len(), 2);
        match &read[0] {
            Err(WthorError::Record {
                index: 0,
                offset: 16,
                source: RecordError::BadSquare { number: 2, byte },
                legal: None,
            }) => assert_eq!(*byte, bad),
            other => panic!("{bad}: {other:?}"),
        }
        assert_eq!(read[1].as_ref().unwrap().moves(), [Square::F5, Square::D6]);
    }
}

#[test]
fn an_illegal_move_is_that_records_error_and_the_next_records_still_read() {
    // f5 then f5 again (occupied); then a1 for White after f5 (flips nothing).
    let bytes = file(3, &[record(&[56, 56]), record(&[56, 11]), record(&F5_D6)]);
    let read = read_games(&bytes);
    assert_eq!(read.len(), 3);
    let error = read[0].as_ref().unwrap_err();
    assert!(matches!(
        error,
        WthorError::Record {
            index: 0,
            offset: 16,
            source: RecordError::Illegal {
                number: 2,
                source: IllegalMove::Occupied { .. },
                ..
            },
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "record 0 at byte 16: move 2 (f5): square f5 is not empty"
    );
    match &read[1] {
        Err(WthorError::Record {
            index: 1,
            offset: 84,
            source: RecordError::Illegal {
                number: 2, square, ..
            },
            ..
        }) => assert_eq!(*square, Square::A1),
        other => panic!("{other:?}"),
    }
    assert!(read[2].is_ok());
    // Each error keeps the game of the moves before the illegal one: f5.
    for error in &read[..2] {
        match error {
            Err(WthorError::Record {
                legal: Some(game), ..
            }) => assert_eq!(game.moves(), [Square::F5]),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_move_after_the_end_marker_is_an_error() {
    let bytes = file(1, &[record(&[56, 0, 64])]);
    let read = read_games(&bytes);
    assert!(matches!(
        read[0],
        Err(WthorError::Record {
            source: RecordError::MoveAfterEnd {
                number: 3,
                byte: 64
            },
            ..
        })
    ));
}

#[test]
fn fewer_records_than_the_header_says_is_a_wrong_count() {
    let bytes = file(3, &[record(&F5_D6), record(&F5_D6)]);
    let read = read_games(&bytes);
    assert_eq!(read.len(), 3);
    assert!(read[0].is_ok() && read[1].is_ok());
    let error = read[2].as_ref().unwrap_err();
    assert!(matches!(
        error,
        WthorError::WrongCount {
            expected: 3,
            found: 2
        }
    ));
    assert_eq!(
        error.to_string(),
        "the header announces 3 records but the file holds 2"
    );
}

#[test]
fn more_records_than_the_header_says_is_a_wrong_count() {
    let bytes = file(1, &[record(&F5_D6), record(&F5_D6), record(&F5_D6)]);
    let read = read_games(&bytes);
    assert_eq!(read.len(), 2);
    assert!(read[0].is_ok());
    assert!(matches!(
        read[1],
        Err(WthorError::WrongCount {
            expected: 1,
            found: 3
        })
    ));
    // Names too (N2).
    let mut names = Header::for_names(0).to_bytes().to_vec();
    names.extend_from_slice(&[b'A'; 20]);
    let read: Vec<_> = NameReader::new(&names[..], NameKind::Player)
        .unwrap()
        .collect();
    assert!(matches!(
        read[..],
        [Err(WthorError::WrongCount {
            expected: 0,
            found: 1
        })]
    ));
}

#[test]
fn a_truncated_record_is_an_error_and_the_last_item() {
    let mut bytes = file(2, &[record(&F5_D6), record(&F5_D6)]);
    bytes.truncate(bytes.len() - 1);
    let read = read_games(&bytes);
    assert_eq!(read.len(), 2);
    assert!(matches!(
        read[1],
        Err(WthorError::TruncatedRecord {
            index: 1,
            offset: 84,
            len: 67,
            record_len: 68
        })
    ));
    let mut names = Header::for_names(1).to_bytes().to_vec();
    names.extend_from_slice(&[b'A'; 25]);
    let read: Vec<_> = NameReader::new(&names[..], NameKind::Tournament)
        .unwrap()
        .collect();
    assert!(matches!(
        read[..],
        [Err(WthorError::TruncatedRecord {
            index: 0,
            offset: 16,
            len: 25,
            record_len: 26
        })]
    ));
}

/// A reader that fails after its bytes.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(io::ErrorKind::Other, "disk on fire"));
        }
        self.0.read(buf)
    }
}

#[test]
fn a_read_error_is_the_last_item() {
    let bytes = file(2, &[record(&F5_D6)]);
    let read: Vec<_> = GameReader::new(Failing(&bytes)).unwrap().collect();
    assert_eq!(read.len(), 2);
    assert!(matches!(read[1], Err(WthorError::Io { offset: 84, .. })));
    assert!(GameReader::new(Failing(&[])).is_err());
}

#[test]
fn a_name_without_a_nul_uses_its_whole_record() {
    let mut bytes = Header::for_names(1).to_bytes().to_vec();
    bytes.extend_from_slice(b"abcdefghijklmnopqrst");
    let names = Names::read(&bytes[..], NameKind::Player).unwrap();
    assert_eq!(names.get(0), Some("abcdefghijklmnopqrst"));
}

#[test]
fn writing_refuses_a_wrong_count_and_names_that_do_not_fit() {
    let header = Header::for_names(2);
    let error = wthor::write_names(Vec::new(), &header, NameKind::Player, &["one"]).unwrap_err();
    assert!(matches!(
        error,
        WriteError::WrongCount {
            expected: 2,
            given: 1
        }
    ));
    let nineteen = "abcdefghijklmnopqrs";
    let mut out = Vec::new();
    wthor::write_names(&mut out, &header, NameKind::Player, &[nineteen, "é"]).unwrap();
    assert_eq!(&out[16..36], b"abcdefghijklmnopqrs\0");
    assert_eq!(out[36], 0xe9);
    let twenty = "abcdefghijklmnopqrst";
    let error =
        wthor::write_names(Vec::new(), &header, NameKind::Player, &["", twenty]).unwrap_err();
    assert!(matches!(
        error,
        WriteError::NameTooLong {
            index: 1,
            len: 20,
            max: 19
        }
    ));
    let error =
        wthor::write_names(Vec::new(), &header, NameKind::Player, &["a\0b", ""]).unwrap_err();
    assert!(matches!(
        error,
        WriteError::NotLatin1 {
            index: 0,
            character: '\0'
        }
    ));
}

// ---------------------------------------------------------------------------------------
// Passes and random games

#[test]
fn a_game_with_a_pass_reads_with_the_pass_inserted() {
    // Black has no move after eight plies (d3 c3 b3 b2 f5 a3 a1 c1), so White plays c1
    // and e3 in a row (the crate README's transcript). Bytes: 10 * rank + file.
    let moves = [34u8, 33, 32, 22, 56, 31, 11, 13, 35];
    let read = read_games(&file(1, &[record(&moves)]));
    let game = read[0].as_ref().unwrap();
    let plies = game.plies();
    assert_eq!(plies.len(), 10);
    assert_eq!(plies[8], Ply::Pass);
    assert_eq!(plies[9], Ply::Move(Square::E3));
}

/// A random legal game: at each ply the move `legal[choice % legal.len()]`, passing
/// when the side to move has none, until the choices run out or the game ends.
fn random_game(choices: &[u32]) -> Transcript {
    let mut transcript = Transcript::new();
    for &choice in choices {
        let mut board: Board = *transcript.board();
        if board.must_pass() {
            board = board.pass().unwrap();
        }
        match reversi::random::pick(&board, choice as usize) {
            Some(Ply::Move(square)) => transcript.play(square).unwrap(),
            _ => break,
        }
    }
    transcript
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_legal_games_written_read_back_equal(
        games in vec((vec(any::<u32>(), 0..70), any::<[u16; 3]>(), any::<[u8; 2]>()), 0..6),
        year in any::<u16>(),
    ) {
        let games: Vec<WthorGame> = games
            .iter()
            .map(|(choices, numbers, scores)| {
                let mut game = WthorGame::new(random_game(choices));
                game.tournament = numbers[0];
                game.black_player = numbers[1];
                game.white_player = numbers[2];
                game.black_discs = scores[0];
                game.theoretical_black_discs = scores[1];
                game.year = year;
                game
            })
            .collect();
        let header = Header::for_games(year, games.len() as u32);
        let mut bytes = Vec::new();
        wthor::write_games(&mut bytes, &header, &games).unwrap();
        prop_assert_eq!(bytes.len(), HEADER_LEN + games.len() * GAME_LEN);
        let reader = GameReader::new(&bytes[..]).unwrap();
        prop_assert_eq!(*reader.header(), header);
        let read: Vec<WthorGame> = reader.collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(read, games);
    }

    #[test]
    fn random_latin_1_names_written_read_back_equal(
        names in vec(vec(1u8..=255, 0..=25), 0..8),
        players in any::<bool>(),
    ) {
        let kind = if players { NameKind::Player } else { NameKind::Tournament };
        let names: Vec<String> = names
            .iter()
            .map(|n| n.iter().take(kind.record_len() - 1).map(|&b| char::from(b)).collect())
            .collect();
        let header = Header::for_names(names.len() as u16);
        let mut bytes = Vec::new();
        wthor::write_names(&mut bytes, &header, kind, &names).unwrap();
        let read = Names::read(&bytes[..], kind).unwrap();
        prop_assert_eq!(read.as_slice(), &names[..]);
    }

    #[test]
    fn the_readers_never_panic_on_arbitrary_bytes(bytes in vec(any::<u8>(), 0..400)) {
        if let Ok(reader) = GameReader::new(&bytes[..]) {
            for game in reader.flatten() {
                prop_assert_eq!(WthorGame::from_record(&game.to_record(), game.year).unwrap(), game);
            }
        }
        for kind in [NameKind::Player, NameKind::Tournament] {
            if let Ok(reader) = NameReader::new(&bytes[..], kind) {
                reader.for_each(drop);
            }
        }
    }
}
