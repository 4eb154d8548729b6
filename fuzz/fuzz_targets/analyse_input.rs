//! Fuzz target: `reversi-analyse`'s input reader (`reversi_cli::games`) never panics on
//! any bytes, read as text (GGF or transcripts) or as a WTHOR file; every game it gives
//! replays by the rules from its start board, at a line of the input; every error names
//! its line (at most the input's lines) or its WTHOR record (or, for the file, a count of
//! records that is not the header's).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::Ply;
use reversi::wthor::WthorError;
use reversi_cli::games::{read_text, read_wthor, InputError, InputGame, Place};

fn replays(game: &InputGame) {
    let mut board = game.start;
    for ply in &game.plies {
        board = board.play_ply(*ply)
        .expect("a game read replays");
    }
}

fuzz_target!(|data: &[u8]| {
    let lines = data.split(|&b| b == b'\n').count() as u64;
    for item in read_text(data) {
        match item {
            Ok(game) => {
                replays(&game);
                assert!(matches!(game.place, Place::Line(n) if (1..=lines).contains(&n)));
            }
            Err(error) => {
                let text = error.to_string();
                let line = text
                    .strip_prefix("line ")
                    .and_then(|rest| rest.split_once(':'))
                    .and_then(|(n, _)| n.parse::<u64>().ok());
                assert!(line.is_some_and(|n| (1..=lines).contains(&n)), "{text}");
            }
        }
    }
    if let Ok(games) = read_wthor(data) {
        for item in games {
            match item {
                Ok(game) => replays(&game),
                // A record's error names it; the count's is the file's.
                Err(error) => assert!(
                    error.to_string().starts_with("record ")
                        || matches!(error, InputError::Wthor(WthorError::WrongCount { .. })),
                    "{error}"
                ),
            }
        }
    }
});
