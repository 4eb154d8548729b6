//! The `mobility` crate (work in progress).
