//! Fuzz target: FEN and move text never panic, and what parses round-trips.
//! Input: a FEN line, a newline, then move text. Run with
//! `cargo fuzz run fen_and_move` from the repository root (nightly or RUSTC_BOOTSTRAP=1).
#![no_main]

use congo::{Move, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (fen, text) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b""[..]),
    };
    if let Ok(mv) = Move::parse_bytes(text) {
        assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv));
    }
    let Ok(pos) = Position::from_fen_bytes(fen) else {
        return;
    };
    assert_eq!(pos.to_string().parse::<Position>().ok(), Some(pos));
    let mut listing = Vec::new();
    congo_course::write_listing(&pos, &mut listing);
    assert!(pos.is_consistent());
    // Keep the move count bounded: contrived monkey lattices have billions of paths.
    if pos.occupied().len() <= 24 {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let after = pos.play_unchecked(mv, Rules::FULL);
            assert!(after.is_consistent());
        }
    }
    if let Ok(mv) = pos.parse_move(&String::from_utf8_lossy(text)) {
        let after = pos.play_unchecked(mv, Rules::FULL);
        assert!(after.is_consistent());
    }
    // Checked play: refuses exactly what check_move refuses, else agrees with the fast form.
    if let Ok(mv) = String::from_utf8_lossy(text).parse::<congo::Move>() {
        match pos.play(mv, Rules::FULL) {
            Ok(after) => assert_eq!(after, pos.play_unchecked(mv, Rules::FULL)),
            Err(e) => assert_eq!(pos.check_move(mv), Err(e)),
        }
    }
});
