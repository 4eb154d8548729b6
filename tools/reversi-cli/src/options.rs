//! The command-line values the programs share, read with the judge crate's wording of a
//! bad one (`bad --depth value "x": expected ...`, the root README's contract).

use std::ops::RangeInclusive;
use std::time::Duration;

/// The value of `option` as a number in `range` (decimal digits only), or the judge's
/// wording of a bad value, saying it `expected` (for example "a depth from 1 to 60").
///
/// ```
/// use reversi_cli::options::number;
/// assert_eq!(number("--depth", "12", 1..=60, "a depth from 1 to 60"), Ok(12));
/// assert!(number("--depth", "+12", 1..=60, "a depth from 1 to 60").is_err());
/// assert!(number("--depth", "61", 1..=60, "a depth from 1 to 60").unwrap_err().contains("a depth from 1 to 60"));
/// ```
///
/// # Errors
/// The message for a value that is not a number in `range`.
pub fn number(
    option: &str,
    value: &str,
    range: RangeInclusive<u64>,
    expected: &str,
) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n) && value.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            judge::bad(
                &format!("{option} value"),
                value.as_bytes(),
                &format_args!("expected {expected}"),
            )
        })
}

/// The value of `--time`: seconds above 0, at most a day, or the judge's wording of a bad
/// value.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(reversi_cli::options::seconds("0.5"), Ok(Duration::from_millis(500)));
/// assert!(reversi_cli::options::seconds("0").is_err());
/// assert!(reversi_cli::options::seconds("nan").is_err());
/// ```
///
/// # Errors
/// The message for a value that is not such a number of seconds.
pub fn seconds(value: &str) -> Result<Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| {
            judge::bad(
                "--time value",
                value.as_bytes(),
                &"expected seconds above 0, at most 86400",
            )
        })
}

/// An argument split into its option name and its inline value: `--depth=12` gives
/// (`--depth`, `Some("12")`); anything else is the name alone.
///
/// ```
/// use reversi_cli::options::split_inline;
/// assert_eq!(split_inline("--depth=12"), ("--depth".to_owned(), Some("12".to_owned())));
/// assert_eq!(split_inline("--json"), ("--json".to_owned(), None));
/// ```
#[must_use]
pub fn split_inline(arg: &str) -> (String, Option<String>) {
    match arg.split_once('=') {
        Some((name, value)) if name.starts_with("--") => (name.to_owned(), Some(value.to_owned())),
        _ => (arg.to_owned(), None),
    }
}

/// The value of option `name`: its inline value, else the next argument, else the
/// judge's wording of a missing value, saying it `expected`.
///
/// # Errors
/// The message for a missing value.
pub fn value(
    name: &str,
    inline: &Option<String>,
    args: &mut impl Iterator<Item = String>,
    expected: &str,
) -> Result<String, String> {
    inline
        .clone()
        .or_else(|| args.next())
        .ok_or_else(|| judge::missing(&format!("{name} value"), expected))
}
