//! `reversi-board` on random inputs (proptest: a failing input is shrunk before it is
//! reported): never a panic, and either a board (exit 0, 8 lines of 8 characters from
//! `.XO`, nothing on standard error) or an error (exit 1, one line `line N: ...` on
//! standard error, nothing on standard output).

use std::cell::Cell;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestRunner};

/// Plausible moves, near misses and blanks.
const PIECES: &[&[u8]] = &[
    b"d 3", b"c5", b"E 6", b"f\t4", b"a1", b"h8", b"i9", b"z", b"3", b"-1", b"60", b"  ", b"\r",
    b"\n", b"\n", b"\n", b"\t", b"\xff", b"\x00", b"d", b" ", b"c 3", b"b 3",
];

/// Inputs: usually a count line, then pieces and arbitrary bytes.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        7 => select(PIECES).prop_map(<[u8]>::to_vec),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    (
        proptest::option::weighted(0.75, 0..14u32),
        vec(piece, 0..40),
    )
        .prop_map(|(count, pieces)| {
            let mut text = count.map_or_else(Vec::new, |n| format!("{n}\n").into_bytes());
            text.extend(pieces.concat());
            text
        })
}

#[test]
fn random_inputs_never_panic() {
    let exe = env!("CARGO_BIN_EXE_reversi-board");
    let (boards, errors) = (Cell::new(0), Cell::new(0));
    let mut runner = TestRunner::new(Config::with_cases(1000));
    let result = runner.run(&input(), |stdin| {
        let output = test_support::run(exe, &[], &stdin);
        let shown = String::from_utf8_lossy(&stdin);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => {
                boards.set(boards.get() + 1);
                let lines: Vec<&str> = stdout.lines().collect();
                prop_assert_eq!(lines.len(), 8, "{:?}", shown);
                prop_assert!(
                    lines.iter().all(|line| line.len() == 8
                        && line.bytes().all(|b| matches!(b, b'.' | b'X' | b'O'))),
                    "{:?}: {}",
                    shown,
                    stdout
                );
                prop_assert!(stderr.is_empty(), "{:?}: {}", shown, stderr);
            }
            Some(1) => {
                errors.set(errors.get() + 1);
                prop_assert!(stdout.is_empty(), "{:?}: {}", shown, stdout);
                prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", shown, stderr);
                prop_assert!(stderr.starts_with("line "), "{:?}: {}", shown, stderr);
            }
            other => prop_assert!(false, "{:?}: exit {:?}, stderr {}", shown, other, stderr),
        }
        Ok(())
    });
    if let Err(failure) = result {
        panic!("{failure}");
    }
    // Both outcomes must actually have been exercised (boards are about one input in 25:
    // with 300 inputs, 10 or fewer came up now and then).
    let (boards, errors) = (boards.get(), errors.get());
    assert!(
        boards > 10 && errors > 10,
        "{boards} boards, {errors} errors"
    );
}
