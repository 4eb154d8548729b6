//! An opening book that learns, as Edax's and Egaroucid's: positions keyed by their
//! canonical form under the 8 board symmetries ([`BookKey`]), each with its value in
//! discs, the depth of its search and whether the value is exact ([`BookEntry`]);
//! negamaxed over the book's graph ([`Book::negamax`]); built by the engine from
//! self-play and deviations and extended by games ([`BookBuilder`]); used in play
//! ([`Book::moves`], [`Book::choose`], and [`Book::choose_preferring`] when the engine
//! has also searched the position); stored in one versioned file format with a
//! checksum ([`Book::to_bytes`], [`Book::from_bytes`], [`ReadBookError`]).
//!
//! The file format is described on [`Book::to_bytes`] (and in the crate README).
//!
//! [`BookKey`]: crate::BookKey
//! [`BookEntry`]: crate::BookEntry
//! [`Book::negamax`]: crate::Book::negamax
//! [`BookBuilder`]: crate::BookBuilder
//! [`Book::moves`]: crate::Book::moves
//! [`Book::choose`]: crate::Book::choose
//! [`Book::choose_preferring`]: crate::Book::choose_preferring
//! [`Book::to_bytes`]: crate::Book::to_bytes
//! [`Book::from_bytes`]: crate::Book::from_bytes
//! [`ReadBookError`]: crate::ReadBookError

// The book's types are documented at the crate root (one path each); these modules stay
// public for the workspace's tools (`format::fnv1a64`), hidden from the docs.
#[doc(hidden)]
pub mod builder;
#[doc(hidden)]
pub mod choice;
#[doc(hidden)]
pub mod entry;
#[doc(hidden)]
pub mod format;
#[doc(hidden)]
pub mod graph;
