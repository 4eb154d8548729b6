//! `match-core`: what the match runners (`congo-match`, `reversi-match`) share, so that
//! it is written once:
//!
//! - [`engine`]: an engine process, started with `/bin/sh -c` in its own process group,
//!   fed lines by a writer thread, read line by line with a bounded buffer and a
//!   deadline, its standard error copied to a bounded log, killed (the whole group) and
//!   reaped when dropped or when the match is interrupted; the [`engine::Fault`]s that
//!   lose a game;
//! - [`openings`]: an openings file, and distinct random openings from a seed;
//! - [`stats`]: score, logistic Elo with its 95% interval (trinomial, pentanomial), the
//!   GSPRT;
//! - [`summary`]: the tally of finished games and the summary both runners print;
//! - [`resume`]: a match's record read back, to go on where it stopped;
//! - [`runner`]: the concurrent match loop with its SPRT stop, record file, progress bar
//!   and Ctrl-C handling;
//! - [`cli`]: the options both runners take alike, the checks before any game, the
//!   output files and the exit status;
//! - [`fake`]: the line loop and options of the test engines that misbehave on purpose.
//!
//! A developer library (Unix only: process groups and signals), never bundled for a
//! judge; the game's rules and protocol stay in each runner.

pub mod cli;
pub mod engine;
pub mod fake;
pub mod openings;
pub mod resume;
pub mod runner;
pub mod stats;
pub mod summary;
