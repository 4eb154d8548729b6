//! Fuzz target: reading a Reversi board's text form never panics, what parses writes a
//! text that reads back to the same board (and key), and validation never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = text.parse::<Board>() {
        let again: Board = board.to_string().parse().expect("own text parses");
        assert_eq!(again, board);
        assert_eq!(again.zobrist_key(), board.zobrist_key_from_scratch());
        let _ = board.validate();
    }
});
