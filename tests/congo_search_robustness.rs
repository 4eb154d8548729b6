//! The evaluation, search and engine programs never panic, whatever they are fed
//! (proptest: a failing input is shrunk before it is reported).

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use test_support::check_no_panic;

/// Judge inputs: a small count, then noise, FEN alphabet soup, or corrupted FENs.
fn judge_inputs() -> impl Strategy<Value = Vec<u8>> {
    test_support::noisy_input(
        4,
        160,
        b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-x",
        b"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12\n3l3/7/7/7/7/7/3LZ2 w 0\n",
    )
}

/// Words of engine conversations: protocol commands, FENs and their parts, moves.
const WORDS: &[&str] = &[
    "newgame",
    "position",
    "moves",
    "go",
    "quit",
    "d2d3",
    "d6d5",
    "b1d3f5",
    "e1f3",
    "g7e6",
    "0.005",
    "0.001",
    "-1",
    "x",
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ",
    "w",
    "b",
    "0",
    "3l3/7/7/7/7/7/3LZ2",
    "7/7/7/7/7/7/3L3",
];

/// One protocol line: a command and up to 4 words (`go` gets one small time only, so
/// every search is quick), LF or CRLF; or a line of raw noise without digits (after which
/// a long `go` could follow).
fn engine_line() -> impl Strategy<Value = Vec<u8>> {
    let command = select(&["newgame", "position", "moves", "go", "quit"][..]);
    let words = (
        command,
        vec(select(WORDS), 0..5),
        select(&["0.005", "0.001", "-1", "x", "0"][..]),
    );
    let spoken = (words, any::<bool>()).prop_map(|((first, words, time), crlf)| {
        let mut line = first.to_owned();
        if first == "go" {
            line.push(' ');
            line.push_str(time);
        } else {
            for word in words {
                line.push(' ');
                line.push_str(word);
            }
        }
        line.push_str(if crlf { "\r\n" } else { "\n" });
        line.into_bytes()
    });
    let noise = vec(
        any::<u8>().prop_filter("no digit", |b| !b.is_ascii_digit()),
        0..30,
    )
    .prop_map(|mut bytes| {
        bytes.push(b'\n');
        bytes
    });
    prop_oneof![8 => spoken, 1 => noise]
}

const SEARCH_PROGRAMS: [&str; 4] = [
    env!("CARGO_BIN_EXE_congo-eval"),
    env!("CARGO_BIN_EXE_congo-minimax"),
    env!("CARGO_BIN_EXE_congo-eval-advanced"),
    env!("CARGO_BIN_EXE_congo-alphabeta"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn evaluation_and_search_programs_never_panic(
        program in 0..SEARCH_PROGRAMS.len(),
        edition_2021 in any::<bool>(),
        input in judge_inputs(),
    ) {
        let args: &[&str] = if edition_2021 { &["--edition", "2021"] } else { &[] };
        check_no_panic(SEARCH_PROGRAMS[program], args, &input);
    }

    #[test]
    fn engine_never_panics(lines in vec(engine_line(), 0..12)) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-engine"), &[], &lines.concat());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// The protocol parser, fed arbitrary text in-process, returns a command or an error.
    #[test]
    fn protocol_parser_never_panics(bytes in vec(any::<u8>(), 0..40)) {
        let mut engine =
            congo_engine::Engine::new(congo::Rules::FULL);
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<congo_engine::Command>();
        for prefix in ["position ", "moves ", "go x"] {
            let line = format!("{prefix}{text}");
            if !line.starts_with("go") {
                let _ = engine.handle_line(&line);
            } else {
                let _ = line.parse::<congo_engine::Command>();
            }
        }
    }
}
