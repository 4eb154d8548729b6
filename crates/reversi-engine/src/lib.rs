#![doc = include_str!("../README.md")]

mod search;
mod solver;
mod stability;
mod table;

pub use solver::{solve, Limits, Mode, Solution, Solver, Techniques, DEFAULT_TABLE_BYTES};

pub mod protocol;
