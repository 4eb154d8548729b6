//! Fuzz target: the WTHOR readers (games, player names, tournament names) never panic on
//! any bytes, and every game read writes a record that reads back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::wthor::{WthorGame, GameReader, NameKind, NameReader};

fuzz_target!(|data: &[u8]| {
    if let Ok(reader) = GameReader::new(data) {
        for game in reader.flatten() {
            let again = WthorGame::from_record(&game.to_record(), game.year).expect("own record reads");
            assert_eq!(again, game);
        }
    }
    for kind in [NameKind::Player, NameKind::Tournament] {
        if let Ok(reader) = NameReader::new(data, kind) {
            reader.for_each(drop);
        }
    }
});
