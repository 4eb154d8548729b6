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

/// A session's book: the [`Book`], how its move is chosen (the best, or a random one
/// within `randomness` discs of the best, from a seeded generator), the file it was
/// read from (which `learn` saves), and the depth `learn` searches new positions to.
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
}

impl SessionBook {
    /// `book`, choosing among the moves within `randomness` discs of the best (0: the
    /// best), with a generator seeded by `seed`; no file, `learn` at [`LEARN_DEPTH`].
    #[must_use]
    pub fn new(book: Book, randomness: u8, seed: u64) -> SessionBook {
        SessionBook {
            book,
            randomness,
            rng: fastrand::Rng::with_seed(seed),
            path: None,
            learn_depth: LEARN_DEPTH,
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
    /// `searched` ([`Book::choose_preferring`]: at randomness 0, `searched` if the book
    /// values it as high as its best and no exact move of that value is set against an
    /// inexact one), or `None` when the book has no move for `board`.
    pub fn choose_preferring(
        &mut self,
        board: &Board,
        searched: Option<Square>,
    ) -> Option<BookMove> {
        self.book
            .choose_preferring(board, self.randomness, &mut self.rng, searched)
    }

    /// Adds the game from `start` through `plies` (its positions of fewer than
    /// [`LEARN_PLIES`] plies) to the book with `engine`'s searches, negamaxes it, and
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
