//! `reversi-records`: Reversi game records in WTHOR, GGF and transcripts, converted,
//! filtered (player, year, opening under the board's symmetries), summarised (the
//! replies to an opening and their scores) and checked (WTHOR's theoretical scores
//! against the exact solver of `reversi-engine`). A developer tool: never bundled, never
//! published; the program is `src/main.rs`, its usage is in this package's README.
//!
//! The formats are read and written by the rules crate (`reversi::record::read_games`
//! reads any of them into `reversi::record::GameRecord`); this crate holds its command
//! line and outputs ([`Record`]: a game with its transcript, and how it is written).

pub mod check;
pub mod cli;
pub mod commands;
pub mod filter;
pub mod record;
pub mod stats;

pub use check::Checked;
pub use cli::Kind;
pub use filter::{Filter, Opening};
pub use record::Record;
pub use stats::{Stats, Tally};
