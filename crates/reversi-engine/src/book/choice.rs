//! The book in play: a board's book moves, mapped back to the board's orientation, and
//! the choice among them.

use reversi::{Board, Square};

use super::entry::{BookKey, Successor};
use super::graph::Book;

/// A move the book knows for a board, on that board (its own orientation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal on the board asked about.
    pub square: Square,
    /// Its value in discs for the side to move.
    pub value: i8,
    /// Whether the value is exact.
    pub exact: bool,
    /// Whether the move leads into the book (or ends the game); `false` for the
    /// position's leaf, its best move outside the book, valued by its search.
    pub in_book: bool,
}

impl Book {
    /// The book's moves for `board`, best first (equal values in square order): every
    /// move leading into the book or ending the game, and the position's leaf (its best
    /// move outside the book). Empty when the position is not in the book.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Book, BookEntry, Leaf};
    /// let mut book = Book::new();
    /// // After f5, the book knows d6 (the perpendicular opening).
    /// let f5 = Board::START.play("f5".parse()?)?;
    /// book.insert(&f5, BookEntry { value: 0, depth: 4, exact: false,
    ///     leaf: Some(Leaf { square: "d6".parse()?, value: 0, exact: false }) });
    /// // After d3, f5's image in the a8-h1 diagonal, d6 shows as its image c5.
    /// let d3 = Board::START.play("d3".parse()?)?;
    /// let moves = book.moves(&d3);
    /// assert_eq!(moves[0].square, "c5".parse()?);
    /// assert!(d3.legal_moves().contains(moves[0].square));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let (key, symmetry) = BookKey::of(board);
        let Some(entry) = self.get_key(key) else {
            return Vec::new();
        };
        let back = symmetry.inverse();
        let mut moves = Vec::new();
        for (square, successor) in Book::successors(key) {
            let (value, exact) = match successor {
                Successor::End(score) => (score, true),
                Successor::Position { key, passed } => match self.get_key(key) {
                    Some(child) => (Successor::value_through(passed, child.value), child.exact),
                    None => continue,
                },
            };
            moves.push(BookMove {
                square: square.transform(back),
                value,
                exact,
                in_book: true,
            });
        }
        if let Some(leaf) = entry.leaf.filter(|l| !self.leads_into_book(key, l.square)) {
            moves.push(BookMove {
                square: leaf.square.transform(back),
                value: leaf.value,
                exact: leaf.exact,
                in_book: false,
            });
        }
        moves.sort_by_key(|m| (std::cmp::Reverse(m.value), m.square.index()));
        moves
    }

    /// The move to play from the book on `board`: with `randomness` 0 the best
    /// ([`Book::moves`]' first), else a random one, drawn by `rng`, of the moves within
    /// `randomness` discs of the best. `None` when the book has no move for `board`.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Book, BookEntry, Leaf};
    /// let mut book = Book::new();
    /// let leaf = Leaf { square: "f5".parse()?, value: 1, exact: false };
    /// book.insert(&Board::START, BookEntry { value: 1, depth: 4, exact: false, leaf: Some(leaf) });
    /// let mut rng = fastrand::Rng::with_seed(1);
    /// let chosen = book.choose(&Board::START, 0, &mut rng).unwrap();
    /// assert_eq!(chosen.square, "f5".parse()?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn choose(
        &self,
        board: &Board,
        randomness: u8,
        rng: &mut fastrand::Rng,
    ) -> Option<BookMove> {
        let moves = self.moves(board);
        let best = moves.first()?.value as i32;
        let within = moves
            .iter()
            .take_while(|m| best - m.value as i32 <= randomness as i32)
            .count();
        Some(
            moves[if randomness == 0 {
                0
            } else {
                rng.usize(..within)
            }],
        )
    }
}
