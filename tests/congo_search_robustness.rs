//! The evaluation, search and engine programs never panic, whatever they are fed.

mod common;

use common::{check_no_panic, Rng};

/// Judge inputs: a small count, then noise, FEN alphabet soup, or corrupted FENs.
fn judge_inputs(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let alphabet = b"pPsSgGmMeElLcCzZ0123456789/ wWbB\r\n\t-x";
    common::noisy_inputs(
        seed,
        count,
        4,
        160,
        alphabet,
        b"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12\n3l3/7/7/7/7/7/3LZ2 w 0\n",
    )
}

/// Engine conversations: protocol words, FENs (some corrupted), moves, and small times
/// only (so that every `go` is quick), with occasional raw noise lines.
fn engine_inputs(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng(seed);
    let words = [
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
    (0..count)
        .map(|_| {
            let mut text = Vec::new();
            for _ in 0..rng.next() % 12 {
                if rng.next() % 9 == 0 {
                    for _ in 0..rng.next() % 30 {
                        let b = rng.next() as u8;
                        // Raw noise, but never a digit after which a long `go` could follow.
                        text.push(if b.is_ascii_digit() { b'x' } else { b });
                    }
                    text.push(b'\n');
                    continue;
                }
                let first = rng.pick(&["newgame", "position", "moves", "go", "quit", "go"]);
                text.extend_from_slice(first.as_bytes());
                let n = if first == "go" { 1 } else { rng.next() % 5 };
                for _ in 0..n {
                    text.push(b' ');
                    let word = if first == "go" {
                        rng.pick(&["0.005", "0.001", "-1", "x", "0"])
                    } else {
                        rng.pick(&words)
                    };
                    text.extend_from_slice(word.as_bytes());
                }
                text.extend_from_slice(if rng.next() % 4 == 0 { b"\r\n" } else { b"\n" });
            }
            text
        })
        .collect()
}

#[test]
fn evaluation_and_search_programs_never_panic() {
    let programs = [
        env!("CARGO_BIN_EXE_congo-eval"),
        env!("CARGO_BIN_EXE_congo-minimax"),
        env!("CARGO_BIN_EXE_congo-eval-advanced"),
        env!("CARGO_BIN_EXE_congo-alphabeta"),
    ];
    for (i, input) in judge_inputs(0x5eed_0005, 80).iter().enumerate() {
        let args: &[&str] = if i % 4 == 0 {
            &["--edition", "2021"]
        } else {
            &[]
        };
        check_no_panic(programs[i % programs.len()], args, input);
    }
}

#[test]
fn engine_never_panics() {
    for input in engine_inputs(0x5eed_0006, 60) {
        check_no_panic(env!("CARGO_BIN_EXE_congo-engine"), &[], &input);
    }
}

/// The protocol parser, fed arbitrary bytes in-process, returns a command or an error.
#[test]
fn protocol_parser_never_panics() {
    let mut rng = Rng(0x5eed_0007);
    let mut engine = congo::engine::Engine::new(congo::Rules::FULL, congo::MaterialTable::STANDARD);
    for _ in 0..20_000 {
        let len = rng.next() % 40;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = text.parse::<congo::engine::Command>();
        for prefix in ["position ", "moves ", "go x"] {
            let line = format!("{prefix}{text}");
            if !line.starts_with("go") {
                let _ = engine.handle_line(&line);
            } else {
                let _ = line.parse::<congo::engine::Command>();
            }
        }
    }
}
