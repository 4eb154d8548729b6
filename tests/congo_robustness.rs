//! The Congo judge programs never panic, whatever bytes they are fed (proptest: a failing
//! input is shrunk before it is reported).

use proptest::prelude::*;
use test_support::check_no_panic;

/// Random inputs: pure noise, FEN alphabet soup, and FENs with random corruptions.
fn inputs() -> impl Strategy<Value = Vec<u8>> {
    test_support::noisy_input(
        6,
        200,
        b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-x",
        b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3\n",
    )
}

const MOVES_PROGRAMS: [&str; 4] = [
    env!("CARGO_BIN_EXE_congo-moves"),
    env!("CARGO_BIN_EXE_congo-moves-lion"),
    env!("CARGO_BIN_EXE_congo-moves-monkey"),
    env!("CARGO_BIN_EXE_congo-moves-crocodile"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn congo_board_never_panics(input in inputs()) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-board"), &[], &input);
    }

    #[test]
    fn congo_moves_programs_never_panic(program in 0..MOVES_PROGRAMS.len(), input in inputs()) {
        check_no_panic(MOVES_PROGRAMS[program], &[], &input);
    }

    #[test]
    fn congo_play_never_panics(input in inputs()) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-play"), &[], &input);
    }
}
