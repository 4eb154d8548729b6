//! `reversi-records`: Reversi game records in WTHOR, GGF and transcripts, converted,
//! filtered (player, year, opening under the board's symmetries), summarised (the
//! replies to an opening and their scores) and checked (WTHOR's theoretical scores
//! against the exact solver of `reversi-engine`). A developer tool: never bundled, never
//! published; the program is `src/main.rs`, its usage is in this package's README.
//!
//! The formats are read and written by the rules crate (`reversi::wthor`,
//! `reversi::ggf`, `reversi::Transcript`); this crate joins them through one
//! [`Record`] of a game.

pub mod check;
pub mod cli;
pub mod commands;
pub mod filter;
pub mod input;
pub mod record;
pub mod stats;

pub use check::Checked;
pub use filter::{Filter, Opening};
pub use input::{read_records, Kind, ReadError, TranscriptLines, WthorNames};
pub use record::{Numbers, Record, Theoretical};
pub use stats::{Stats, Tally};
