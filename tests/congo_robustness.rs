//! The Congo judge programs never panic, whatever bytes they are fed.

mod common;

use common::check_no_panic;

/// Random inputs: pure noise, and FEN-like text with random corruptions.
fn inputs(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let alphabet = b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-x";
    common::noisy_inputs(
        seed,
        count,
        6,
        200,
        alphabet,
        b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3\n",
    )
}

#[test]
fn congo_board_never_panics() {
    for input in inputs(0x5eed_0001, 150) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-board"), &[], &input);
    }
}

#[test]
fn congo_moves_programs_never_panic() {
    let programs = [
        env!("CARGO_BIN_EXE_congo-moves"),
        env!("CARGO_BIN_EXE_congo-moves-lion"),
        env!("CARGO_BIN_EXE_congo-moves-monkey"),
        env!("CARGO_BIN_EXE_congo-moves-crocodile"),
    ];
    for (i, input) in inputs(0x5eed_0002, 80).iter().enumerate() {
        check_no_panic(programs[i % programs.len()], &[], input);
    }
}

#[test]
fn congo_play_never_panics() {
    for input in inputs(0x5eed_0003, 120) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-play"), &[], &input);
    }
}
