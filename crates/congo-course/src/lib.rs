#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod eval;
mod game;
mod listing;
pub mod search;
pub mod text;

pub use eval::{MaterialTable, WIN_SCORE};
pub use game::Game;
pub use listing::{listing, write_listing, Listing};
