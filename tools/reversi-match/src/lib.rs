//! `reversi-match`: plays games between two Reversi (Othello) engines over GTP or the
//! NBoard protocol and measures their difference in strength: W/D/L, disc difference,
//! Elo with its interval, SPRT. See the package README for usage and the rules of a
//! match.
//!
//! The engine processes, statistics, summary and match loop are the shared `match-core`
//! crate's; the rules come from the `reversi` crate (`Board::play`, `pass`,
//! `is_game_over`, `outcome`); the protocols' client side is [`protocol`].

pub mod game;
pub mod opening;
pub mod protocol;

pub use match_core::{engine, stats};
