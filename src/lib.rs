//! The workspace's overview: this page is the repository's README, which
//! `cargo doc --no-deps --open` run in the repository's root opens (after
//! `cargo doc --workspace --no-deps` has written every crate's pages; with `--workspace`,
//! `--open` opens `grid`'s page instead). The package's real content is
//! its judge programs (`bins/`, not documented here: their `--help` texts are in
//! `bins/help/`) and the crates they call: [`grid`], [`judge`], [`congo`], [`reversi`],
//! [`mobility`].
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub use {congo, grid, judge, mobility, reversi};
