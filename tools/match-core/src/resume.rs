//! Going on with a match from its record (`--resume`): the games a record file holds are
//! read back, checked against the match's schedule, counted as if just played and not
//! played again; the games still to play are appended to the same file.
//!
//! A match of thousands of games (an SPRT at a time a move) outlasts a working session:
//! stopped by Ctrl-C, or killed, it goes on where its record ends.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::de::Error as _;

use crate::engine::FAULT_KINDS;
use crate::summary::MatchRecord;

/// The games of a record file, as [`read`] found them.
#[derive(Debug)]
pub struct Resumed<R> {
    /// The games, each with its line number (from 1), in the file's order.
    pub games: Vec<(usize, R)>,
    /// The file's length up to the end of its last whole line: the part kept.
    pub whole: u64,
    /// The number of the last line when it has no end (the runner was killed while
    /// writing it): that line is cut off and its game played again.
    pub cut_line: Option<usize>,
}

/// Reads a record file: one game a JSON line, as the runner writes them (blank lines
/// skipped). A last line without its newline is left out and named in
/// [`Resumed::cut_line`].
///
/// # Errors
///
/// The file cannot be read; a line is not UTF-8 or not a game's record (`line N:` and
/// what is wrong); a game's index is on two lines.
pub fn read<R: MatchRecord>(path: &Path) -> Result<Resumed<R>> {
    let bytes = std::fs::read(path)?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut games = Vec::new();
    let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
    // The whole lines, without the newline after the last of them.
    let body = &bytes[..whole.saturating_sub(1)];
    let mut lines = 0;
    if whole > 0 {
        for (k, line) in body.split(|&b| b == b'\n').enumerate() {
            let n = k + 1;
            lines = n;
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let text = std::str::from_utf8(line).with_context(|| format!("line {n}: not UTF-8"))?;
            let game: R = serde_json::from_str(text).map_err(|e| {
                // serde_json's own position counts the line as line 1: only its column
                // is said, beside the file's line.
                let what = e.to_string();
                let what = what
                    .rsplit_once(" at line ")
                    .map_or(what.as_str(), |(w, _)| w);
                anyhow::anyhow!(
                    "line {n}: not a game's record: {what} (column {})",
                    e.column()
                )
            })?;
            let index = game.result().game;
            if let Some(first) = seen.insert(index, n) {
                bail!("line {n}: game {index} is on line {first} too");
            }
            games.push((n, game));
        }
    }
    let cut_line = (whole < bytes.len()).then_some(lines + 1);
    Ok(Resumed {
        games,
        whole: whole as u64,
        cut_line,
    })
}

/// Checks that each game of `resumed` is one this match plays: its index below `games`,
/// from the opening the schedule gives it (`openings[(game / 2) % openings.len()]`, as
/// the record writes it), engine 1 moving first in the even games.
///
/// # Errors
///
/// `line N: game G ...` and what differs (the match's length, opening or colours: the
/// options given are not the ones the record was made with).
pub fn check<R: MatchRecord>(
    resumed: &Resumed<R>,
    games: usize,
    openings: &[String],
) -> Result<()> {
    for (n, record) in &resumed.games {
        let g = record.result().game;
        if g >= games {
            bail!(
                "line {n}: game {g}, but this match plays games 0 to {} (give the --games or openings it was made with)",
                games.saturating_sub(1)
            );
        }
        let expected = &openings[(g / 2) % openings.len()];
        if record.opening() != expected {
            bail!(
                "line {n}: game {g} was played from opening {}, this match gives it {expected} (give the openings it was made with)",
                record.opening()
            );
        }
        if record.engine1_first() != (g % 2 == 0) {
            bail!(
                "line {n}: game {g} has engine 1 moving {}, this match has it moving {} (engine 1 moves first in the even games)",
                if record.engine1_first() { "first" } else { "second" },
                if g % 2 == 0 { "first" } else { "second" },
            );
        }
    }
    Ok(())
}

/// A record's `fault`: a kind from [`FAULT_KINDS`], or none. (Named so that a record's
/// derived `Deserialize` sees no `'static` borrow: [`fault_kind`] reads it.)
pub type FaultKind = Option<&'static str>;

/// Reads a record's `fault`, null or a kind [`Fault::kind`](crate::engine::Fault::kind)
/// gives, as the `&'static str` the tally counts (for `#[serde(deserialize_with)]`).
///
/// # Errors
///
/// Not null nor a string, or a string that is no kind of fault.
pub fn fault_kind<'de, D: serde::Deserializer<'de>>(d: D) -> Result<FaultKind, D::Error> {
    let text: Option<String> = serde::Deserialize::deserialize(d)?;
    text.map(|t| {
        FAULT_KINDS
            .iter()
            .find(|k| **k == t)
            .copied()
            .ok_or_else(|| D::Error::custom(format!("`{t}` is no kind of fault")))
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Fault;
    use crate::summary::GameResult;

    /// The least a record holds.
    #[derive(Debug, serde::Serialize, serde::Deserialize)]
    struct Game {
        game: usize,
        opening: String,
        first: u8,
        #[serde(deserialize_with = "fault_kind")]
        fault: FaultKind,
    }

    impl MatchRecord for Game {
        fn result(&self) -> GameResult<'_> {
            GameResult::bare(self.game, None, self.fault)
        }

        fn opening(&self) -> &str {
            &self.opening
        }

        fn engine1_first(&self) -> bool {
            self.first == 1
        }
    }

    /// [`read`] of a file holding `text`.
    fn read_text(name: &str, text: &str) -> Result<Resumed<Game>> {
        let path =
            std::env::temp_dir().join(format!("match-core-resume-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let resumed = read(&path);
        std::fs::remove_file(&path).unwrap();
        resumed
    }

    const G0: &str = r#"{"game":0,"opening":"a","first":1,"fault":null}"#;
    const G1: &str = r#"{"game":1,"opening":"a","first":2,"fault":"timeout"}"#;

    #[test]
    fn whole_lines_are_read_and_a_half_written_last_line_is_cut() {
        let empty = read_text("empty", "").unwrap();
        assert_eq!(
            (empty.games.len(), empty.whole, empty.cut_line),
            (0, 0, None)
        );
        let half = read_text("half", &G0[..10]).unwrap();
        assert_eq!(
            (half.games.len(), half.whole, half.cut_line),
            (0, 0, Some(1))
        );
        // A blank line is skipped but counted.
        let text = format!("{G0}\n\n{G1}\n{}", &G0[..10]);
        let r = read_text("three", &text).unwrap();
        assert_eq!(
            r.games
                .iter()
                .map(|(n, g)| (*n, g.game))
                .collect::<Vec<_>>(),
            [(1, 0), (3, 1)]
        );
        assert_eq!(r.games[1].1.fault, Some("timeout"));
        assert_eq!(r.whole as usize, G0.len() + G1.len() + 3);
        assert_eq!(r.cut_line, Some(4));
        let whole = read_text("whole", &format!("{G0}\n")).unwrap();
        assert_eq!((whole.whole as usize, whole.cut_line), (G0.len() + 1, None));
    }

    #[test]
    fn bad_lines_are_named() {
        let err = |name, text: String| format!("{:#}", read_text(name, &text).unwrap_err());
        assert_eq!(
            err("json", format!("{G0}\n{{\n")),
            "line 2: not a game's record: EOF while parsing an object (column 1)"
        );
        assert!(err("twice", format!("{G0}\n{G1}\n{G0}\n"))
            .starts_with("line 3: game 0 is on line 1 too"));
        assert!(err("kind", format!("{}\n", G1.replace("timeout", "sulk")))
            .contains("`sulk` is no kind of fault"));
    }

    #[test]
    fn the_schedule_is_checked() {
        let r = read_text("schedule", &format!("{G0}\n{G1}\n")).unwrap();
        let names = ["a".to_string(), "b".to_string()];
        assert!(check(&r, 4, &names).is_ok());
        let msg = |games, names: &[String]| format!("{:#}", check(&r, games, names).unwrap_err());
        assert_eq!(msg(1, &names), "line 2: game 1, but this match plays games 0 to 0 (give the --games or openings it was made with)");
        assert!(msg(4, &["b".to_string()])
            .starts_with("line 1: game 0 was played from opening a, this match gives it b"));
        let swapped = read_text(
            "swapped",
            &format!("{}\n", G0.replace("\"first\":1", "\"first\":2")),
        )
        .unwrap();
        assert!(format!("{:#}", check(&swapped, 2, &names).unwrap_err())
            .contains("game 0 has engine 1 moving second"));
    }

    #[test]
    fn every_kind_of_fault_is_listed_to_be_read_back() {
        let faults = [
            Fault::Spawn(String::new()),
            Fault::Illegal {
                answer: String::new(),
                why: String::new(),
            },
            Fault::Malformed(String::new()),
            Fault::Crash(String::new()),
            Fault::Timeout(std::time::Duration::ZERO),
            Fault::Flood(String::new()),
            Fault::Unsolicited(String::new()),
            Fault::Refused(String::new()),
        ];
        for fault in faults {
            assert!(FAULT_KINDS.contains(&fault.kind()), "{fault}");
        }
    }
}
