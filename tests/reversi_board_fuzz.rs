//! `reversi-board` on random inputs: never a panic, and either a board (exit 0, 8 lines
//! of 8 characters from `.XO`, nothing on standard error) or an error (exit 1, one line
//! on standard error naming a line or a move, nothing on standard output).

mod common;

use common::Rng;

/// Inputs mixing plausible moves, near misses and arbitrary bytes.
fn input(rng: &mut Rng) -> Vec<u8> {
    let pieces: &[&[u8]] = &[
        b"d 3", b"c5", b"E 6", b"f\t4", b"a1", b"h8", b"i9", b"z", b"3", b"-1", b"60", b"  ",
        b"\r", b"\n", b"\n", b"\n", b"\t", b"\xff", b"\x00", b"d", b" ", b"c 3", b"b 3",
    ];
    let mut text = Vec::new();
    if rng.below(4) != 0 {
        text.extend_from_slice(rng.below(14).to_string().as_bytes());
        text.push(b'\n');
    }
    for _ in 0..rng.below(40) {
        if rng.below(8) == 0 {
            text.push(rng.next() as u8);
        } else {
            text.extend_from_slice(pieces[rng.below(pieces.len() as u64) as usize]);
        }
    }
    text
}

#[test]
fn random_inputs_never_panic() {
    let exe = env!("CARGO_BIN_EXE_reversi-board");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut boards, mut errors) = (0, 0);
    for _ in 0..300 {
        let stdin = input(&mut rng);
        let output = common::run(exe, &[], &stdin);
        let shown = String::from_utf8_lossy(&stdin);
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        match output.status.code() {
            Some(0) => {
                boards += 1;
                let lines: Vec<&str> = stdout.lines().collect();
                assert_eq!(lines.len(), 8, "{shown:?}");
                assert!(
                    lines.iter().all(|line| line.len() == 8
                        && line.bytes().all(|b| matches!(b, b'.' | b'X' | b'O'))),
                    "{shown:?}: {stdout}"
                );
                assert!(stderr.is_empty(), "{shown:?}: {stderr}");
            }
            Some(1) => {
                errors += 1;
                assert!(stdout.is_empty(), "{shown:?}: {stdout}");
                assert_eq!(stderr.lines().count(), 1, "{shown:?}: {stderr}");
                assert!(
                    stderr.starts_with("line ") || stderr.starts_with("move "),
                    "{shown:?}: {stderr}"
                );
            }
            other => panic!("{shown:?}: exit {other:?}, stderr {stderr}"),
        }
    }
    // Both outcomes must actually have been exercised.
    assert!(
        boards > 10 && errors > 10,
        "{boards} boards, {errors} errors"
    );
}
