//! Fuzz target: board sizes (`FILESxRANKS`) and square names never panic, and what
//! parses round-trips through its text. Input: a size, a newline, then a square name.
#![no_main]

use grid::{BoardSize, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (size_text, square_text) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b""[..]),
    };
    let size = match std::str::from_utf8(size_text).map(str::parse::<BoardSize>) {
        Ok(Ok(size)) => {
            assert_eq!(size.to_string().parse::<BoardSize>().ok(), Some(size));
            size
        }
        _ => BoardSize::CHESS,
    };
    if let Ok(square) = Square::parse_bytes(square_text, size) {
        assert_eq!(Square::parse(&square.to_string(), size).ok(), Some(square));
    }
});
