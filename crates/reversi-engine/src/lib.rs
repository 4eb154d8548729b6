#![doc = include_str!("../README.md")]

pub mod eval;
mod search;
mod solver;
mod stability;
mod table;
pub use table::TableAllocError;

pub use solver::{
    solve, Limits, Mode, Solution, Solver, Techniques, ASPIRATION, DEFAULT_TABLE_BYTES,
    PARALLEL_EMPTIES,
};

mod engine;
pub use engine::analysis::{Analysis, MoveValue};
pub use engine::facade::{
    Engine, SearchLimits, SearchReport, DEFAULT_DEPTH, DEFAULT_ENGINE_TABLE_BYTES,
};
pub use engine::game_analysis::{
    GameAnalysis, GameAnalysisSettings, IllegalPly, MoveScore, PlayerSummary, PlyAnalysis,
};
pub use engine::midgame::{probcut_stage, PROBCUT_STAGES};
pub use engine::time::{exact_empties, move_budget, move_hard_limit};

pub mod protocol;

pub mod book;
pub use book::builder::{BookBuilder, SCREEN_PLIES};
pub use book::choice::BookMove;
pub use book::entry::{BookEntry, BookKey, Leaf};
pub use book::format::{InvalidEntry, ReadBookError, BOOK_MAGIC, BOOK_VERSION};
pub use book::graph::Book;

pub use search::clock::StopSignal;
