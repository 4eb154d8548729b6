//! Fuzz target: mobility pieces, in the `once`/`repeated` form and in Betza notation,
//! never panic; what parses is counted on a board whose size the input's first byte
//! picks (up to 26x26), and its text (`Display`: Betza, or `immobile`) parses back to
//! the same piece.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mobility::{Board, Piece};

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let files = u32::from(first % 26) + 1;
    let ranks = u32::from((first / 26) % 26) + 1;
    let Ok(board) = format!("{files}x{ranks}").parse::<Board>() else {
        return;
    };
    for piece in [
        text.parse::<Piece>(),
        Piece::parse_lists(text),
        Piece::parse_betza(text),
    ]
    .into_iter()
    .flatten()
    {
        let _ = board.mobility(&piece);
        let _ = board.strength(&piece);
        let text = piece.to_string();
        assert_eq!(text.parse::<Piece>().as_ref(), Ok(&piece), "{text}");
    }
});
