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
        self.choose_preferring(board, randomness, rng, None)
    }

    /// [`Book::choose`], except that with `randomness` 0, `preferred` (the engine's own
    /// search's move, say) is played when the book values it as high as its best move,
    /// unless another move of that value is exact and `preferred`'s is not. The book's
    /// values are whole discs, so moves of equal value are not known to be equal; a
    /// search of the position, whose scores are finer, breaks the tie (an exact value
    /// is known, so it is kept). With `randomness` above 0 the random draw stands. (Over
    /// the default book's positions where a 0.1 s search chose another move of the best
    /// value, a 20-ply search of both favoured the search's move 27 times in 38.)
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Book, BookEntry, Leaf};
    /// let mut book = Book::new();
    /// // After f5, the book knows d6 and f6, both valued 0; f4 is the leaf, at -2.
    /// let f5 = Board::START.play("f5".parse()?)?;
    /// for (square, value) in [("d6", 0), ("f6", 0)] {
    ///     let child = f5.play(square.parse()?)?;
    ///     book.insert(&child, BookEntry { value: -value, depth: 4, exact: false, leaf: None });
    /// }
    /// let leaf = Leaf { square: "f4".parse()?, value: -2, exact: false };
    /// book.insert(&f5, BookEntry { value: 0, depth: 4, exact: false, leaf: Some(leaf) });
    /// let mut rng = fastrand::Rng::with_seed(1);
    /// let mut choose = |preferred: Option<&str>| {
    ///     let preferred = preferred.map(|square| square.parse().unwrap());
    ///     let chosen = book.choose_preferring(&f5, 0, &mut rng, preferred);
    ///     chosen.map(|m| m.square.to_string())
    /// };
    /// // Equal values (d6 first in square order): the preferred move.
    /// assert_eq!(choose(Some("f6")).as_deref(), Some("f6"));
    /// // A move the book values lower, or none: the book's best.
    /// assert_eq!(choose(Some("f4")).as_deref(), Some("d6"));
    /// assert_eq!(choose(None).as_deref(), Some("d6"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn choose_preferring(
        &self,
        board: &Board,
        randomness: u8,
        rng: &mut fastrand::Rng,
        preferred: Option<Square>,
    ) -> Option<BookMove> {
        let moves = self.moves(board);
        let best = moves.first()?.value as i32;
        if randomness == 0 {
            let tied = || moves.iter().take_while(|m| m.value as i32 == best);
            let exact_tie = tied().any(|m| m.exact);
            let preferred = tied().find(|m| Some(m.square) == preferred && (m.exact || !exact_tie));
            return Some(*preferred.unwrap_or(&moves[0]));
        }
        let within = moves
            .iter()
            .take_while(|m| best - m.value as i32 <= randomness as i32)
            .count();
        Some(moves[rng.usize(..within)])
    }
}
