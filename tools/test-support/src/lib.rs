//! What the integration tests of the packages that own programs share (the root package's
//! judge programs, `tools/reversi-cli`'s engine programs), written once: a way to feed a
//! program its standard input, a proptest strategy for noisy judge inputs, the one plain
//! seeded random stream for tests that need no shrinking, the case runner of the snapshot
//! tests ([`cases`], [`judge!`]) and the checks of the programs' contract ([`contract`],
//! [`contract_tests!`]). A development dependency only: never bundled, never published.

pub mod cases;
pub mod contract;

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// A plain seeded random stream (fastrand's wyrand, whose whole state is the `u64` kept
/// here, so `Rng(seed)` starts a stream and failures reproduce). Property tests use
/// proptest instead, which shrinks a failing input.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    // Not `Iterator::next`: the stream never ends, so there is no `Option` to unwrap.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        let mut rng = fastrand::Rng::with_seed(self.0);
        let bits = rng.u64(..);
        self.0 = rng.get_seed();
        bits
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

/// Starts `command` with its standard input, output and error piped.
///
/// # Panics
/// When the program cannot be started (a test's failure).
pub fn spawn_piped(command: &mut Command) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot start {command:?}: {error}"))
}

/// Runs `exe` with `args`, `input` on its standard input (written from another thread,
/// so a program that stops reading early cannot block the test), and collects its exit
/// status, standard output and standard error.
pub fn run(exe: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn_piped(Command::new(exe).args(args));
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

/// Random judge inputs: a case count below `max_cases` on the first line, then either
/// pure noise or letters of `alphabet` (up to `max_len` bytes), or `base` (a valid input)
/// with about one byte in seven replaced by noise.
pub fn noisy_input(
    max_cases: u64,
    max_len: usize,
    alphabet: &'static [u8],
    base: &'static [u8],
) -> impl Strategy<Value = Vec<u8>> {
    let noise = vec(any::<u8>(), 0..max_len);
    let letters = vec(select(alphabet), 0..max_len);
    let corrupted = vec((any::<u8>(), 0..7u8), base.len()).prop_map(move |noise| {
        base.iter()
            .zip(noise)
            .map(|(&b, (n, one_in_seven))| if one_in_seven == 0 { n } else { b })
            .collect::<Vec<u8>>()
    });
    (0..max_cases, prop_oneof![noise, letters, corrupted]).prop_map(|(count, body)| {
        let mut text = format!("{count}\n").into_bytes();
        text.extend(body);
        text
    })
}
