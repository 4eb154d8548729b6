//! Fuzz target: the one reader of game files (`reversi::record::read_games`) never panics
//! on any bytes, with the format detected and in each format; every game it gives
//! replays by the rules from its start board, is placed at a line of the input (text)
//! or a record (WTHOR), and goes through GGF and back to the same plies (and, from the
//! start position, through a WTHOR record); every error names its line (at most the
//! input's lines) or its WTHOR record, or is a WTHOR file's own (header, record count).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::ggf;
use reversi::record::{read_games, read_games_as, Format, GameRecord, Place, ReadError};
use reversi::wthor;
use reversi::Board;

fn check(game: &GameRecord) {
    let mut board = game.start;
    for ply in &game.plies {
        board = board.play_ply(*ply).expect("a game read replays");
    }
    let text = game.to_ggf().to_string();
    let again: ggf::GgfGame = text.parse().expect("own GGF reads");
    assert_eq!(GameRecord::from_ggf(&again).plies, game.plies);
    if game.start == Board::START {
        let record = game.to_wthor(2000).expect("a legal game from the start");
        let read = wthor::WthorGame::from_record(&record.to_record(), 2000).expect("own record reads");
        assert_eq!(read.plies(), game.plies);
    }
}

fuzz_target!(|data: &[u8]| {
    let lines = data.split(|&b| b == b'\n').count() as u64;
    let readers = [
        read_games(data),
        read_games_as(data, Format::Ggf),
        read_games_as(data, Format::Transcripts),
        read_games_as(data, Format::Wthor),
    ];
    for games in readers {
        for item in games {
            match item {
                Ok((place, game)) => {
                    check(&game);
                    if let Place::Line(n) = place {
                        assert!((1..=lines).contains(&n), "{place}");
                    }
                }
                Err(error) => match error.place() {
                    Some(Place::Line(n)) => assert!((1..=lines).contains(&n), "{error}"),
                    Some(Place::Record { .. }) => {}
                    None => assert!(matches!(error, ReadError::Wthor(_)), "{error}"),
                },
            }
        }
    }
});
