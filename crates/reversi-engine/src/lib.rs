#![doc = include_str!("../README.md")]

pub mod eval;
mod search;
mod solver;
mod stability;
mod table;
pub use table::TableAllocError;

pub use solver::{solve, Mode};
pub(crate) use solver::{Limits, Solver};

mod engine;
pub use engine::analysis::{Analysis, MoveValue};
pub use engine::facade::{Engine, SearchLimits};
pub use engine::game_analysis::{
    GameAnalysis, GameAnalysisSettings, IllegalPly, MoveLoss, PlayerSummary, PlyAnalysis,
};
pub use engine::report::SearchReport;

pub mod protocol;

pub mod book;
pub use book::builder::BookBuilder;
pub use book::choice::BookMove;
pub use book::entry::{BookEntry, BookKey, Leaf};
pub use book::format::{InvalidEntry, ReadBookError};
pub use book::graph::Book;

// Tuning internals and defaults, for the workspace's tools and tests (reversi-tune's
// measurements, the programs' defaults): public, each under one path, but not part of the
// documented API, which they would crowd (constants of the time plan, the solver's
// techniques, ProbCut's stages, the book format's magic).
#[doc(hidden)]
pub use book::builder::SCREEN_PLIES;
#[doc(hidden)]
pub use book::format::{BOOK_MAGIC, BOOK_VERSION};
#[doc(hidden)]
pub use engine::facade::{DEFAULT_DEPTH, DEFAULT_ENGINE_TABLE_BYTES};
#[doc(hidden)]
pub use engine::midgame::{probcut_stage, PROBCUT_STAGES};
#[doc(hidden)]
pub use engine::time::{exact_empties, move_budget, move_hard_limit};
#[doc(hidden)]
pub use solver::{Techniques, ASPIRATION, PARALLEL_EMPTIES};

pub use search::clock::StopSignal;
