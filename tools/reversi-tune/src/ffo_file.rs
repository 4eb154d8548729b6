//! FFO lines: `BOARD SIDE SCORE BEST ALL`, as in
//! `crates/reversi-engine/tests/data/ffo-40-59.txt` and `hard-20.txt`.

use std::path::Path;

use anyhow::{bail, Context, Result};
use reversi::Board;

/// One FFO line.
pub struct Ffo {
    /// The position's FFO number: 40 for the file's first line, then one a line.
    pub number: usize,
    /// The position.
    pub board: Board,
    /// The exact score, from the side to move's view.
    pub score: i32,
    /// The best moves (`a2`, ...).
    pub best: Vec<String>,
    /// Every move's score: `MOVE:SCORE` items joined by commas (empty if the line has none).
    pub all: String,
}

impl Ffo {
    /// The exact score of `mv` (`a2`, ...) that the line's ALL field gives, if it does.
    pub fn score_of(&self, mv: &str) -> Option<i32> {
        self.all.split(',').find_map(|item| {
            let (m, s) = item.split_once(':')?;
            (m == mv).then(|| s.parse().ok()).flatten()
        })
    }
}

/// The FFO lines of the file at `path` numbered `first..=last` (comments and blank lines
/// skipped, not numbered).
pub fn ffo_lines(path: &Path, first: usize, last: usize) -> Result<Vec<Ffo>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| (40 + i, line))
        .filter(|(number, _)| (first..=last).contains(number))
        .map(|(number, line)| {
            parse(number, line).with_context(|| format!("{}: #{number}", path.display()))
        })
        .collect()
}

/// The FFO line `line`, numbered `number`.
fn parse(number: usize, line: &str) -> Result<Ffo> {
    let fields: Vec<&str> = line.split(' ').collect();
    if fields.len() < 4 || line.len() < 66 {
        bail!("not an FFO line (BOARD SIDE SCORE BEST [ALL])");
    }
    Ok(Ffo {
        number,
        board: Board::from_obf(&line[..66])?,
        score: fields[2].parse().context("the score")?,
        best: fields[3].split(',').map(str::to_owned).collect(),
        all: fields.get(4).copied().unwrap_or("").to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_crates_ffo_file() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../crates/reversi-engine/tests/data/ffo-40-59.txt");
        let lines = ffo_lines(&path, 40, 41).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].number, lines[0].score), (40, 38));
        assert_eq!(lines[0].best, ["a2"]);
        assert_eq!(lines[0].score_of("a2"), Some(38));
    }
}
