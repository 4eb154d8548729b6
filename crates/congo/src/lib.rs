//! The `congo` crate (work in progress).
