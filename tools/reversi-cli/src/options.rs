//! The command-line values the programs share, as clap value parsers: each refuses a bad
//! value saying what it expected (`invalid value '0' for '--threads <N>': expected a
//! number of threads from 1 to 256`), and the same option takes the same values in every
//! program (`--depth`, `--threads`, `--table-mib`, `--time`).

use std::ops::RangeInclusive;
use std::time::Duration;

/// What `--depth` takes.
pub const DEPTH: &str = "a depth from 1 to 60";

/// What `--threads` takes.
pub const THREADS: &str = "a number of threads from 1 to 256";

/// What `--table-mib` takes.
pub const TABLE_MIB: &str = "a number of MiB from 1 to 65536";

/// What `--time` takes.
pub const SECONDS: &str = "seconds above 0, at most 86400";

/// The number `value` in `range`, written in decimal digits only (no sign, no space), or
/// the error saying it `expected` (for example "a depth from 1 to 60").
///
/// ```
/// use reversi_cli::options::number;
/// assert_eq!(number::<u32>("12", 1..=60, "a depth from 1 to 60"), Ok(12));
/// assert!(number::<u32>("+12", 1..=60, "a depth from 1 to 60").is_err());
/// assert_eq!(
///     number::<u32>("61", 1..=60, "a depth from 1 to 60"),
///     Err("expected a depth from 1 to 60".to_owned())
/// );
/// ```
///
/// # Errors
/// `expected ...` for a value that is not a number in `range`.
pub fn number<T: TryFrom<u64>>(
    value: &str,
    range: RangeInclusive<u64>,
    expected: &str,
) -> Result<T, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n) && value.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| format!("expected {expected}"))
}

/// A clap value parser of [`number`]s in `range`, refusing others saying what it
/// `expected`: `#[arg(long, value_parser = ranged::<u32>(1..=60, DEPTH))]`.
///
/// ```
/// use clap::Parser;
/// use reversi_cli::options::{ranged, THREADS};
/// #[derive(Parser)]
/// struct Cli {
///     #[arg(long, default_value_t = 1, value_parser = ranged::<usize>(1..=256, THREADS))]
///     threads: usize,
/// }
/// assert_eq!(Cli::try_parse_from(["x", "--threads=2"]).unwrap().threads, 2);
/// let error = Cli::try_parse_from(["x", "--threads", "0"]).err().unwrap().to_string();
/// assert!(error.contains("expected a number of threads from 1 to 256"), "{error}");
/// ```
pub fn ranged<T: TryFrom<u64>>(
    range: RangeInclusive<u64>,
    expected: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |value| number(value, range.clone(), expected)
}

/// The value of `--time`: seconds above 0, at most a day ([`SECONDS`]); a clap value
/// parser.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(reversi_cli::options::seconds("0.5"), Ok(Duration::from_millis(500)));
/// assert!(reversi_cli::options::seconds("0").is_err());
/// assert!(reversi_cli::options::seconds("nan").is_err());
/// ```
///
/// # Errors
/// `expected ...` for a value that is not such a number of seconds.
pub fn seconds(value: &str) -> Result<Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("expected {SECONDS}"))
}
