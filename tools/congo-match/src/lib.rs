//! `congo-match`: plays games between two Congo engines over the engine protocol
//! (`newgame`, `position <fen>`, `moves ...`, `go <seconds>`) and measures their
//! difference in strength. See the package README for usage and the rules of a match.

pub mod engine;
pub mod game;
pub mod openings;
pub mod rules;
pub mod stats;
