//! `congo-match`: plays games between two Congo engines over the engine protocol
//! (`newgame`, `position <fen>`, `moves ...`, `go <seconds>`) and measures their
//! difference in strength. See the package README for usage and the rules of a match.
//!
//! The engine processes, the statistics, the summary and the match loop are the shared
//! `match-core` crate's ([`engine`] and [`stats`] are its modules); the Congo rules, the
//! protocol and the openings are here.

pub mod game;
pub mod openings;
pub mod rules;

pub use match_core::{engine, stats};
