//! Fuzz target: Reversi transcripts (`f5d6c3...`) never panic, and what parses
//! round-trips through its compact text to the same moves and board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi::Transcript;

fuzz_target!(|data: &[u8]| {
    if let Ok(transcript) = Transcript::parse_bytes(data) {
        let again: Transcript = transcript.to_string().parse().expect("own text parses");
        assert_eq!(again.moves(), transcript.moves());
        assert_eq!(again.board(), transcript.board());
    }
});
