//! Memory stays flat on huge lines: each judge program with its own input format gets
//! a 100 MB line streamed to it (never stored in the repository or in the test), its
//! peak resident memory is read from `/proc/<pid>/status` (`VmHWM`) while it still waits
//! for input, and its error output must stay short.

use std::io::{Read, Write};
use std::process::Command;

/// Bytes of the huge line.
const LINE: usize = 100_000_000;
/// Peak resident memory allowed, in kB (the programs need a few MB; the line is 100 MB).
const MAX_PEAK_KB: u64 = 32 * 1024;
/// Longest standard error allowed, in bytes.
const MAX_STDERR: usize = 400;

/// The child's peak resident set (`VmHWM`) in kB, if `/proc` is there.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `exe` on `before`, then `LINE` copies of `fill`, then `after`; returns the peak
/// memory in kB (when `/proc` is available), the exit code and standard error.
fn stream(exe: &str, before: &[u8], fill: u8, after: &[u8]) -> (Option<u64>, Option<i32>, String) {
    let mut child = test_support::spawn_piped(&mut Command::new(exe));
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let chunk = vec![fill; 1 << 20];
    let mut written = 0;
    let mut ok = stdin.write_all(before).is_ok();
    while ok && written < LINE {
        let n = chunk.len().min(LINE - written);
        ok = stdin.write_all(&chunk[..n]).is_ok();
        written += n;
    }
    // The program has read all but a pipe buffer of the line and waits for more.
    let peak_during = peak_kb(child.id());
    let _ = stdin.write_all(after);
    drop(stdin);
    let status = child.wait().unwrap();
    out_reader.join().unwrap();
    let errors = err_reader.join().unwrap();
    (
        peak_during,
        status.code(),
        String::from_utf8_lossy(&errors).into_owned(),
    )
}

fn check(exe: &str, before: &[u8], fill: u8, after: &[u8], expected_error: &str) {
    let (peak, code, errors) = stream(exe, before, fill, after);
    assert_eq!(code, Some(1), "{exe}: {errors}");
    assert!(
        errors.len() <= MAX_STDERR,
        "{exe}: {} bytes of errors",
        errors.len()
    );
    assert!(errors.contains(expected_error), "{exe}: {errors}");
    if cfg!(target_os = "linux") {
        let peak = peak.expect("VmHWM in /proc/<pid>/status");
        assert!(peak <= MAX_PEAK_KB, "{exe}: peak {peak} kB");
    }
}

#[test]
fn congo_board_long_fen_line() {
    check(
        env!("CARGO_BIN_EXE_congo-board"),
        b"1\n",
        b'p',
        b"\n",
        "line 2: line longer than 65536 bytes",
    );
}

#[test]
fn reversi_board_long_move_line() {
    check(
        env!("CARGO_BIN_EXE_reversi-board"),
        b"1\n",
        b'd',
        b"\n",
        "line 2: line longer than 65536 bytes",
    );
}

#[test]
fn reversi_board_long_count_line() {
    check(
        env!("CARGO_BIN_EXE_reversi-board"),
        b"",
        b' ',
        b"1\nd3\n",
        "line 1: line longer than 65536 bytes",
    );
}

#[test]
fn mobility_long_line_then_a_piece() {
    let exe = env!("CARGO_BIN_EXE_mobility");
    check(
        exe,
        b"",
        b'N',
        b"\nN\n",
        "line 1: line longer than 65536 bytes",
    );
}

#[test]
fn congo_engine_long_protocol_line() {
    check(
        env!("CARGO_BIN_EXE_congo-engine"),
        b"position ",
        b'p',
        b"\nquit\n",
        "line 1: line longer than 65536 bytes",
    );
}
