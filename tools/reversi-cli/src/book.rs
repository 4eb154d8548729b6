//! The opening book compiled into the programs: `book/default.book` (this package's
//! README, "The default book"), which `reversi-engine` plays from unless `--no-book` or
//! `--book FILE` is given, and `reversi-book show`, `stats` and `lines` read without
//! `--book`.

use reversi_engine::{Book, ReadBookError};

/// The bytes of `book/default.book`, as built into the programs.
pub const DEFAULT_BOOK: &[u8] = include_bytes!("../book/default.book");

/// The book built into the programs ([`DEFAULT_BOOK`] read by [`Book::from_bytes`]).
///
/// ```
/// use reversi::Board;
/// let book = reversi_cli::book::default_book()?;
/// assert!(book.get(&Board::START).is_some());
/// # Ok::<_, reversi_engine::ReadBookError>(())
/// ```
///
/// # Errors
/// The reader's error, should the bytes built in not be a book.
pub fn default_book() -> Result<Book, ReadBookError> {
    Book::from_bytes(DEFAULT_BOOK)
}
