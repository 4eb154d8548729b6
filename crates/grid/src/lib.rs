//! Board geometry (work in progress).
