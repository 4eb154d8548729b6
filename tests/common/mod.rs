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

/// `count` random judge inputs: a case count below `max_cases` on the first line, then up
/// to `max_len` bytes that are, in turn, pure noise, letters of `alphabet`, or bytes of
/// `base` (a valid input) with one in seven replaced by noise.
pub fn noisy_inputs(
    seed: u64,
    count: usize,
    max_cases: u64,
    max_len: u64,
    alphabet: &[u8],
    base: &[u8],
) -> Vec<Vec<u8>> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|i| {
            let mut text = format!("{}\n", rng.next() % max_cases).into_bytes();
            let len = rng.next() % max_len;
            for _ in 0..len {
                let r = rng.next();
                text.push(match i % 3 {
                    0 => r as u8,
                    1 => alphabet[(r % alphabet.len() as u64) as usize],
                    _ => {
                        let b = base[(r % base.len() as u64) as usize];
                        if r % 7 == 0 {
                            (r >> 8) as u8
                        } else {
                            b
                        }
                    }
                });
            }
            text
        })
        .collect()
}
