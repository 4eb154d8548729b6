//! `reversi-solve`'s input lines and its warning before a long solve.
//!
//! A line is a position in Edax's `.obf` form ([`Board::from_obf`]: the 64 squares, a
//! space, the side to move, then optionally `;` and a comment), or a line of the FFO
//! test files (`crates/reversi-engine/tests/data/ffo-40-59.txt`): the same, then after
//! white space the published score (a signed disc difference), and optionally the best
//! moves (squares, comma-separated) and every move's score (`square:score`,
//! comma-separated), which are checked for their form and otherwise ignored. A line
//! whose first character other than white space is `#` is a comment.

use reversi::{Board, Square};

/// Whether `line` is a comment: its first character other than white space is `#`.
///
/// ```
/// assert!(reversi_cli::solve::is_comment("  # FFO #40-#59"));
/// assert!(!reversi_cli::solve::is_comment("O--OOOOX"));
/// ```
#[must_use]
pub fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

/// The position of an input line: an `.obf` line, or a line of the FFO test files (see
/// the [module](self)). Columns in errors count bytes from 1, after leading white space
/// (as [`Board::from_obf`]'s).
///
/// ```
/// use reversi_cli::solve::position;
/// let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// let ffo = format!("{obf} +38 a2 b1:+30,c1:+30,a2:+38");
/// assert_eq!(position(&ffo)?, position(obf)?);
/// assert_eq!(position(&format!("{obf} +38"))?, position(obf)?);
/// // What is not FFO fields is refused as before.
/// assert!(position(&format!("{obf} junk")).is_err());
/// assert_eq!(
///     position(&format!("{obf} +38 a2 b1")).unwrap_err(),
///     "column 75: expected `square:score` pairs after the best moves, found \"b1\""
/// );
/// # Ok::<_, String>(())
/// ```
///
/// # Errors
/// [`Board::from_obf`]'s error, or what is wrong with an FFO field.
pub fn position(line: &str) -> Result<Board, String> {
    let trimmed = line.trim_start();
    let trimmed = trimmed.strip_suffix('\r').unwrap_or(trimmed);
    // The FFO form: the side to move, white space, then a signed score.
    let fields = trimmed
        .get(66..)
        .filter(|rest| rest.starts_with([' ', '\t']))
        .filter(|rest| rest.trim_start().starts_with(['+', '-']));
    let Some(fields) = fields else {
        return Board::from_obf(line).map_err(|e| e.to_string());
    };
    let board = Board::from_obf(&trimmed[..66]).map_err(|e| e.to_string())?;
    check_ffo_fields(fields, 67)?;
    Ok(board)
}

/// Checks the FFO fields `text` (starting at `column`): a score, then optionally the
/// best moves and every move's score, then optionally `;` and anything.
fn check_ffo_fields(text: &str, column: usize) -> Result<(), String> {
    let text = text.split(';').next().unwrap_or_default();
    let mut fields = Vec::new();
    let mut at = 0;
    for word in text.split([' ', '\t']) {
        if !word.is_empty() {
            fields.push((column + at, word));
        }
        at += word.len() + 1;
    }
    let bad = |(column, word): (usize, &str), what: &str| {
        Err(format!("column {column}: expected {what}, found {word:?}"))
    };
    for (i, &field) in fields.iter().enumerate() {
        let good = match i {
            0 => score(field.1).is_some(),
            1 => field.1.split(',').all(|s| s.parse::<Square>().is_ok()),
            2 => field.1.split(',').all(|pair| {
                pair.split_once(':')
                    .is_some_and(|(s, v)| s.parse::<Square>().is_ok() && score(v).is_some())
            }),
            _ => return bad(field, "nothing more after every move's score (or `;`)"),
        };
        if !good {
            return bad(
                field,
                [
                    "a signed score from -64 to +64 after the side to move",
                    "the best moves (squares, comma-separated) after the score",
                    "`square:score` pairs after the best moves",
                ][i],
            );
        }
    }
    Ok(())
}

/// A signed score from -64 to +64 (`+38`, `-12`, `+0`).
fn score(text: &str) -> Option<i32> {
    let digits = text.strip_prefix(['+', '-'])?;
    let value: i32 = digits.parse().ok()?;
    let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && value <= 64;
    ok.then_some(if text.starts_with('-') { -value } else { value })
}

/// The solve time, in seconds, above which `reversi-solve` warns before a solve.
pub const LONG_SOLVE_SECONDS: f64 = 100.0;

/// A rough estimate of the seconds an exact solve of a position of `empties` empty
/// squares takes on `threads` threads: 30 s at 26 empties on one thread, twice as long
/// for each empty square more, and about 1.7 times as fast on two threads
/// (`threads^0.77`). From the solver's measures (crates/reversi-engine/RESULTS.md): FFO
/// #40 (20 empties) about 17 M nodes, #45-#49 (24 to 26 empties) 250 to 650 M nodes, at
/// 15 to 20 M nodes a second on one thread of the shared two-core machine (about 25
/// to 40 s for #49); positions of the same empties differ a lot, so this says minutes
/// or not, no more.
///
/// ```
/// use reversi_cli::solve::estimated_seconds;
/// assert_eq!(estimated_seconds(26, 1), 30.0);
/// assert_eq!(estimated_seconds(28, 1), 120.0);
/// assert!(estimated_seconds(20, 1) < 1.0);
/// ```
#[must_use]
pub fn estimated_seconds(empties: u32, threads: usize) -> f64 {
    let speedup = (threads.max(1) as f64).powf(0.77);
    30.0 * 2f64.powi(empties as i32 - 26) / speedup
}

/// Whether the exact solve of `board` on `threads` threads is expected to take minutes
/// ([`estimated_seconds`] at least [`LONG_SOLVE_SECONDS`]): from 28 empty squares on one
/// thread, 29 on two or three, 30 on four to seven. A finished game takes no time.
///
/// ```
/// use reversi::Board;
/// use reversi_cli::solve::may_take_minutes;
/// assert!(may_take_minutes(&Board::START, 1));
/// let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// assert!(!may_take_minutes(&Board::from_obf(ffo40).unwrap(), 1));
/// ```
#[must_use]
pub fn may_take_minutes(board: &Board, threads: usize) -> bool {
    !board.is_game_over() && estimated_seconds(empties(board), threads) >= LONG_SOLVE_SECONDS
}

/// The empty squares of `board`.
///
/// ```
/// assert_eq!(reversi_cli::solve::empties(&reversi::Board::START), 60);
/// ```
#[must_use]
pub fn empties(board: &Board) -> u32 {
    let discs = board.disc_counts();
    64 - discs.black - discs.white
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empties from which a solve on `threads` threads may take minutes.
    fn threshold(threads: usize) -> u32 {
        (0..=60)
            .find(|&e| estimated_seconds(e, threads) >= LONG_SOLVE_SECONDS)
            .unwrap()
    }

    #[test]
    fn the_thresholds_are_the_documented_ones() {
        let found: Vec<u32> = (1..=8).map(threshold).collect();
        assert_eq!(found, [28, 29, 29, 30, 30, 30, 30, 31]);
    }

    const FFO40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    #[test]
    fn ffo_fields_are_read_and_checked() {
        let board = Board::from_obf(FFO40).unwrap();
        for good in [
            format!("{FFO40} +38"),
            format!("  {FFO40}\t+38  a2,b1 b1:+30,c1:-30 ; a comment\r"),
            format!("{FFO40} -0 a2"),
        ] {
            assert_eq!(position(&good), Ok(board), "{good}");
        }
        for (bad, error) in [
            ("+65", "column 68: expected a signed score from -64 to +64 after the side to move, found \"+65\""),
            ("+3x", "column 68: expected a signed score from -64 to +64 after the side to move, found \"+3x\""),
            ("+", "column 68: expected a signed score from -64 to +64 after the side to move, found \"+\""),
            ("+38 a9", "column 72: expected the best moves (squares, comma-separated) after the score, found \"a9\""),
            ("+38 a2 b1:x", "column 75: expected `square:score` pairs after the best moves, found \"b1:x\""),
            ("+38 a2 b1:+30 more", "column 82: expected nothing more after every move's score (or `;`), found \"more\""),
        ] {
            assert_eq!(position(&format!("{FFO40} {bad}")).unwrap_err(), error, "{bad}");
        }
        // Not FFO fields: the .obf reader's own errors, as before.
        assert_eq!(
            position(&format!("{FFO40}junk")).unwrap_err(),
            "column 67: unexpected 'j' after the side to move (only `;` and a comment may follow)"
        );
        assert_eq!(
            position(&format!("{FFO40} 38")).unwrap_err(),
            "column 68: unexpected '3' after the side to move (only `;` and a comment may follow)"
        );
    }
}
