//! `reversi-solve`'s input lines.
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

#[cfg(test)]
mod tests {
    use super::*;

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
