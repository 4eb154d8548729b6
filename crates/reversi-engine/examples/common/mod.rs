//! What the examples share: FFO lines and the thread's CPU time.

// Each example uses only part of this module.
#![allow(dead_code)]

use reversi::Board;

/// This thread's CPU time in seconds (Linux `/proc/thread-self/schedstat`), if readable.
pub fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// One FFO line (`BOARD SIDE SCORE BEST ALL`, as in `tests/data/ffo-40-59.txt`).
pub struct Ffo {
    /// The position's FFO number: 40 for the file's first line, then one a line.
    pub number: usize,
    /// The position.
    pub board: Board,
    /// The exact score, from the side to move's view.
    pub score: i32,
    /// The best moves (`a2`, ...).
    pub best: Vec<String>,
    /// Every move's score: `MOVE:SCORE` items joined by commas.
    pub all: String,
}

/// The FFO lines of the file at `path` numbered `first..=last` (comments and blank lines
/// skipped). Panics with a message on a file it cannot read or a line it cannot parse:
/// these are measuring tools run on the repository's own data.
pub fn ffo_lines(path: &str, first: usize, last: usize) -> Vec<Ffo> {
    let text = std::fs::read_to_string(path).expect("read the FFO file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| (40 + i, line))
        .filter(|(number, _)| (first..=last).contains(number))
        .map(|(number, line)| {
            let fields: Vec<&str> = line.split(' ').collect();
            Ffo {
                number,
                board: Board::from_obf(&line[..66]).expect("an FFO board"),
                score: fields[2].parse().expect("a score"),
                best: fields[3].split(',').map(str::to_owned).collect(),
                all: fields.get(4).copied().unwrap_or("").to_owned(),
            }
        })
        .collect()
}
