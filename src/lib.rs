//! The workspace's overview: this page is the repository's README, so that
//! `cargo doc --workspace --no-deps --open` opens on it. The package's real content is
//! its judge programs (`bins/`, not documented here: their `--help` texts are in
//! `bins/help/`) and the crates they call: [`grid`], [`judge`], [`congo`], [`reversi`],
//! [`mobility`].
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub use {congo, grid, judge, mobility, reversi};
