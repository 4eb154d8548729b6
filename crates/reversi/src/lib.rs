//! The `reversi` crate (work in progress).
