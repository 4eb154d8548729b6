//! The book in a session: the moves it answers at once, and NBoard's `learn`.

use std::path::PathBuf;

use reversi::{Board, Ply, Square};

use crate::{Book, BookBuilder, BookMove, Engine, ReadBookError};

/// The plies from the start that NBoard's `learn` adds to the book (the positions of
/// fewer plies along the game).
pub const LEARN_PLIES: u32 = 30;

/// The search depth of the positions `learn` adds, unless [`SessionBook::learn_depth`]
/// says otherwise.
pub const LEARN_DEPTH: u32 = 10;

/// How many discs below its best move the book must value the engine's searched move
/// to play its own move instead, unless [`SessionBook::margin`] says otherwise (see
/// [`Book::choose_preferring`]).
pub const BOOK_MARGIN: u8 = 2;

/// A session's book: the [`Book`], how its move is chosen (the best, or a random one
/// within `randomness` discs of the best, from a seeded generator; against a searched
/// move, the [`margin`](SessionBook::margin)), the file it was read from (which
/// `learn` saves), and the depth `learn` searches new positions to.
///
/// ```
/// use reversi::Board;
/// use reversi_engine::protocol::SessionBook;
/// use reversi_engine::{Book, BookEntry, Leaf};
/// let mut book = Book::new();
/// let leaf = Leaf { square: "f5".parse()?, value: 0, exact: false };
/// book.insert(&Board::START, BookEntry { value: 0, depth: 8, exact: false, leaf: Some(leaf) });
/// let mut session_book = SessionBook::new(book, 0, 1);
/// assert_eq!(session_book.choose(&Board::START).map(|m| m.square), Some("f5".parse()?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SessionBook {
    book: Book,
    randomness: u8,
    rng: fastrand::Rng,
    /// The file `learn` saves the book to.
    pub path: Option<PathBuf>,
    /// The depth of the searches of the positions `learn` adds.
    pub learn_depth: u32,
    /// With randomness 0, the book's move replaces the searched one only when the book
    /// values the searched move this many discs or more below its best (0: always;
    /// `BOOK_MARGIN` unless set; see [`Book::choose_preferring`]).
    pub margin: u8,
}

impl SessionBook {
    /// `book`, choosing among the moves within `randomness` discs of the best (0: the
    /// best), with a generator seeded by `seed`; no file, `learn` at `LEARN_DEPTH`.
    #[must_use]
    pub fn new(book: Book, randomness: u8, seed: u64) -> SessionBook {
        SessionBook {
            book,
            randomness,
            rng: fastrand::Rng::with_seed(seed),
            path: None,
            learn_depth: LEARN_DEPTH,
            margin: BOOK_MARGIN,
        }
    }

    /// The book.
    #[must_use]
    pub fn book(&self) -> &Book {
        &self.book
    }

    /// The book's move for `board` ([`Book::choose`]), or `None` when it has none.
    pub fn choose(&mut self, board: &Board) -> Option<BookMove> {
        self.book.choose(board, self.randomness, &mut self.rng)
    }

    /// The book's move for `board` when the engine has also searched it and chose
    /// `searched`, a legal move on `board` ([`Book::choose_preferring`] with
    /// [`SessionBook::margin`]): at randomness 0, the book's best move where the book
    /// values `searched` `margin` discs or more below it (or an exact move of the best
    /// value stands against it), else `searched`'s book move; at randomness above 0 the
    /// random draw of [`SessionBook::choose`]. `None` when the book has no move for
    /// `board`, or keeps a `searched` it does not list: play `searched`.
    pub fn choose_preferring(
        &mut self,
        board: &Board,
        searched: Option<Square>,
    ) -> Option<BookMove> {
        self.book
            .choose_preferring(board, self.randomness, &mut self.rng, searched, self.margin)
    }

    /// Adds the game from `start` through `plies` (its positions of fewer than
    /// `LEARN_PLIES` plies) to the book with `engine`'s searches, negamaxes it, and
    /// saves it to its file, if it has one. The positions added.
    ///
    /// # Errors
    /// The file could not be written (the book in memory has the game all the same).
    /// An illegal ply ends the game there (the session only holds legal ones).
    pub fn learn(
        &mut self,
        engine: &mut Engine,
        start: Board,
        plies: &[Ply],
    ) -> Result<usize, ReadBookError> {
        let board = *engine.board();
        let mut builder = BookBuilder::new(engine, self.learn_depth);
        let added = builder
            .add_game(&mut self.book, start, plies, LEARN_PLIES)
            .unwrap_or(0);
        builder.finish(&mut self.book);
        engine.set_board(board);
        if let Some(path) = &self.path {
            self.book.write(path)?;
        }
        Ok(added)
    }
}
