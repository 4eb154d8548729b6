//! Fuzz target: GGF never makes `reversi::ggf` panic. The bytes are read as a stream of
//! games (`read_games`) and, when UTF-8, as one game (`GgfGame::parse`); every game read is
//! written again and reads back equal (when its clock is in whole seconds, below 10^12,
//! which the writer's minutes-and-seconds form keeps exactly, and its values hold no
//! line end: the writer writes one as a space).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::ggf::{read_games, GgfGame};

fn check(game: &GgfGame) {
    let whole = |seconds: f64| seconds.fract() == 0.0 && seconds < 1e12;
    let exact_clock = game.clock.map_or(true, |c| whole(c.main) && whole(c.increment));
    let texts = [&game.place, &game.date, &game.black, &game.white, &game.result];
    let one_line = texts.iter().all(|t| t.as_deref().map_or(true, |t| !t.contains(['\n', '\r'])));
    if exact_clock && one_line {
        let again = GgfGame::parse(&game.to_string()).expect("a written game reads");
        assert_eq!(&again, game);
    }
}

fuzz_target!(|data: &[u8]| {
    for game in read_games(data).flatten() {
        check(&game);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(game) = GgfGame::parse(text) {
            check(&game);
        }
    }
});
