//! Helpers shared by the integration tests that run the judge programs: a deterministic
//! random generator and a way to feed a program its standard input.

// Each test file uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// One of `items` (not empty).
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Runs `exe` with `args`, `input` on its standard input (written from another thread,
/// so a program that stops reading early cannot block the test), and collects its exit
/// status, standard output and standard error.
pub fn run(exe: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A broken pipe (the program stopped reading) is not a test failure.
        let _ = pipe.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// Runs `exe` with `args` on `input` and checks it ends normally (status 0 or 1) without
/// a panic message.
pub fn check_no_panic(exe: &str, args: &[&str], input: &[u8]) {
    let output = run(exe, args, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        matches!(output.status.code(), Some(0 | 1)) && !stderr.contains("panicked"),
        "{exe} {args:?} on {:?}: status {:?}, stderr {stderr}",
        String::from_utf8_lossy(input),
        output.status
    );
}
