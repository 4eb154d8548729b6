//! What the programs of `tools/reversi-cli` share and test apart from their binaries:
//! `reversi-analyse`'s output ([`report`]: text and JSON lines; its input is read by
//! `reversi::record::read_games`); the command-line values
//! the programs share ([`options`], clap value parsers); the book built into the
//! programs ([`book`]); `reversi-solve`'s input lines and its estimate of a solve's time
//! ([`solve`]). This module only declares them.

pub mod book;
pub mod options;
pub mod report;
pub mod solve;
