//! Fuzz target: NBoard commands arriving while the engine searches. Each input line is
//! one command; a line whose first byte is `!` (removed) arrives while the line before it
//! runs, as a GUI sends `ping`, `move` or `set game` to an engine that thinks. The checks
//! (the protocol's order, every `go` answered by one legal move, every `ping` by its
//! `pong`, the board always reachable) are the property test's:
//! `crates/reversi-engine/tests/support/interleaving.rs`.
#![no_main]

#[path = "../../crates/reversi-engine/tests/support/interleaving.rs"]
mod interleaving;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let script: Vec<(bool, String)> = data
        .split(|&b| b == b'\n')
        .take(64)
        .filter_map(|line| std::str::from_utf8(line).ok())
        .map(|line| match line.strip_prefix('!') {
            Some(rest) => (true, rest.to_owned()),
            None => (false, line.to_owned()),
        })
        .collect();
    interleaving::check_interleaving(&script, interleaving::SHORT);
});
