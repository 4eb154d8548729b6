//! What the runners' fake engines (`congo-fake-engine`, `reversi-fake-engine`, test
//! engines that play random legal moves or misbehave in one chosen way) share: their
//! command line and their loop over the lines of standard input.

use std::io::{BufRead, Stdout};

/// A fake engine's command line: `--mode MODE --after N --seed S`, and the switches
/// (arguments without a value) it accepts.
pub struct FakeOptions {
    /// The misbehaviour (`good` for none).
    pub mode: String,
    /// How many move requests are answered well before `mode` starts.
    pub after: u32,
    /// The seed of the random legal moves.
    pub seed: u64,
    /// The switches given, of those accepted.
    pub switches: Vec<String>,
}

impl FakeOptions {
    /// Reads the process's arguments, accepting the switches `switches` (such as
    /// `--nboard`); exits with status 2 on an unknown argument, and panics on a bad
    /// number (a test engine: its caller is a test).
    #[must_use]
    pub fn from_args(switches: &[&str]) -> FakeOptions {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mut o = FakeOptions {
            mode: "good".to_string(),
            after: 0,
            seed: 1,
            switches: Vec::new(),
        };
        let mut i = 0;
        while i < args.len() {
            if switches.contains(&args[i].as_str()) {
                o.switches.push(args[i].clone());
                i += 1;
                continue;
            }
            let value = args.get(i + 1).cloned().unwrap_or_default();
            match args[i].as_str() {
                "--mode" => o.mode = value,
                "--after" => o.after = value.parse().expect("--after N"),
                "--seed" => o.seed = value.parse().expect("--seed S"),
                other => {
                    eprintln!("unknown argument {other}");
                    std::process::exit(2);
                }
            }
            i += 2;
        }
        o
    }

    /// Whether the switch `name` was given.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The mode of the `n`-th move request (from 1): `good` up to `--after`, then
    /// `--mode`.
    #[must_use]
    pub fn mode_of_request(&self, n: u32) -> &str {
        if n > self.after {
            &self.mode
        } else {
            "good"
        }
    }
}

/// Reads standard input line by line until its end, calling `on_line` with each line,
/// its words and standard output; stops early when `on_line` returns false.
pub fn serve(mut on_line: impl FnMut(&str, &[&str], &mut Stdout) -> bool) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut line = String::new();
    loop {
        line.clear();
        if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if !on_line(&line, &words, &mut out) {
            return;
        }
    }
}
