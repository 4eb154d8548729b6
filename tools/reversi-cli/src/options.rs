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

/// The engine's transposition table, `--table-mib N`, as every program that searches
/// takes it (`#[command(flatten)]`).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct TableArgs {
    /// The transposition table's MiB (1 to 65536)
    ///
    /// One table for the midgame search and the endgame solver.
    #[arg(
        long = "table-mib",
        value_name = "N",
        default_value_t = reversi_engine::DEFAULT_ENGINE_TABLE_BYTES >> 20,
        value_parser = ranged::<usize>(1..=65536, TABLE_MIB),
        verbatim_doc_comment
    )]
    pub table_mib: usize,
}

impl TableArgs {
    /// An engine with this table.
    ///
    /// # Errors
    /// The table the system will not give, naming the option: `--table-mib N: cannot
    /// allocate ...`.
    pub fn engine(&self) -> Result<reversi_engine::Engine, String> {
        reversi_engine::Engine::try_with_table_bytes(self.table_mib << 20)
            .map_err(|error| format!("--table-mib {}: {error}", self.table_mib))
    }
}
