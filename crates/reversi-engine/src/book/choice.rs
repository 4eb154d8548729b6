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
    /// The book's moves for `board`, best first: every move leading into the book or
    /// ending the game, and the position's leaf (its best move outside the book). Empty
    /// when the position is not in the book.
    ///
    /// Equal values come in the square order of the book's own (canonical) orientation
    /// of the position, mapped back to `board`'s: so each of a board's 8 images gets the
    /// image of its moves in the same order, and a mirrored opening is answered with
    /// the mirrored move.
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
        // Each move with its square in the book's orientation, the order's tie-break.
        let mut moves: Vec<(Square, BookMove)> = Vec::new();
        for (square, successor) in Book::successors(key) {
            let (value, exact) = match successor {
                Successor::End(score) => (score, true),
                Successor::Position { key, passed } => match self.get_key(key) {
                    Some(child) => (Successor::value_through(passed, child.value), child.exact),
                    None => continue,
                },
            };
            let square_back = square.transform(back);
            moves.push((
                square,
                BookMove {
                    square: square_back,
                    value,
                    exact,
                    in_book: true,
                },
            ));
        }
        if let Some(leaf) = entry.leaf.filter(|l| !self.leads_into_book(key, l.square)) {
            let leaf_move = BookMove {
                square: leaf.square.transform(back),
                value: leaf.value,
                exact: leaf.exact,
                in_book: false,
            };
            moves.push((leaf.square, leaf_move));
        }
        moves.sort_by_key(|(canonical, m)| (std::cmp::Reverse(m.value), canonical.index()));
        moves.into_iter().map(|(_, m)| m).collect()
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
        self.choose_preferring(board, randomness, rng, None, 0)
    }

    /// [`Book::choose`] when the engine has searched `board` too and chose `preferred`,
    /// a legal move on `board` (any other square is taken for a move outside the book):
    /// with `randomness` 0, the book's best move replaces `preferred` only where the book
    /// values `preferred` `margin` or more discs below its best. `margin` 0 is always
    /// the book's move, as [`Book::choose`]; 1, the book's except on a tie; the engine
    /// program's default is 2 (`BOOK_MARGIN`).
    ///
    /// A move outside the book counts at its leaf's value. The leaf was the best of the
    /// moves outside the book by the book's search, so the others are worth at most
    /// that, also once the leaf's own move has entered the book. With no leaf, such a
    /// move cannot be valued, and is kept.
    ///
    /// An exact value is known, not estimated. Against an exact move of the best value,
    /// `preferred` stays only if it is exact and of that value too (for any margin
    /// above 0).
    ///
    /// Returns `preferred`'s book move where it stays, the book's move where it is
    /// replaced, and `None` where the book has no move for `board` or keeps a
    /// `preferred` it does not list (play `preferred`). With `randomness` above 0 the
    /// random draw of [`Book::choose`] stands, and with no `preferred` the book's best.
    ///
    /// Why: the book's values are whole discs, from searches about as deep as a 0.1 s
    /// search in play. Where the default book and such a search disagreed, a deeper
    /// search favoured the book's move clearly only where the book valued the search's
    /// 2 or more discs lower (tools/reversi-match/results.md, 2026-12-05).
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Book, BookEntry, Leaf};
    /// let mut book = Book::new();
    /// // After f5, White's moves are d6, f4 and f6. The book knows d6 at 0 (for White);
    /// // f6 is the leaf, at -2, so f4, outside the book too, is -2 or less.
    /// let f5 = Board::START.play("f5".parse()?)?;
    /// let d6 = f5.play("d6".parse()?)?;
    /// book.insert(&d6, BookEntry { value: 0, depth: 4, exact: false, leaf: None });
    /// let leaf = Leaf { square: "f6".parse()?, value: -2, exact: false };
    /// book.insert(&f5, BookEntry { value: 0, depth: 4, exact: false, leaf: Some(leaf) });
    /// let mut rng = fastrand::Rng::with_seed(1);
    /// let mut choose = |preferred: Option<&str>, margin: u8| {
    ///     let preferred = preferred.map(|square| square.parse().unwrap());
    ///     let chosen = book.choose_preferring(&f5, 0, &mut rng, preferred, margin);
    ///     chosen.map(|m| m.square.to_string())
    /// };
    /// // f6, 2 discs below d6: replaced with a margin of 2, kept with 3.
    /// assert_eq!(choose(Some("f6"), 2).as_deref(), Some("d6"));
    /// assert_eq!(choose(Some("f6"), 3).as_deref(), Some("f6"));
    /// // f4, at most -2: replaced with a margin of 2; kept with 3, and not a book
    /// // move, so `None`: play f4.
    /// assert_eq!(choose(Some("f4"), 2).as_deref(), Some("d6"));
    /// assert_eq!(choose(Some("f4"), 3), None);
    /// // d6, or no searched move: the book's best.
    /// assert_eq!(choose(Some("d6"), 2).as_deref(), Some("d6"));
    /// assert_eq!(choose(None, 2).as_deref(), Some("d6"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn choose_preferring(
        &self,
        board: &Board,
        randomness: u8,
        rng: &mut fastrand::Rng,
        preferred: Option<Square>,
        margin: u8,
    ) -> Option<BookMove> {
        let moves = self.moves(board);
        let best = moves.first()?.value as i32;
        if randomness == 0 {
            return match preferred {
                Some(square) => self.weigh_preferred(board, &moves, square, margin),
                None => Some(moves[0]),
            };
        }
        let within = moves
            .iter()
            .take_while(|m| best - m.value as i32 <= randomness as i32)
            .count();
        Some(moves[rng.usize(..within)])
    }

    /// The choice at randomness 0 between `moves` (best first, not empty) and the
    /// search's `preferred` move ([`Book::choose_preferring`]).
    fn weigh_preferred(
        &self,
        board: &Board,
        moves: &[BookMove],
        preferred: Square,
        margin: u8,
    ) -> Option<BookMove> {
        if margin == 0 {
            return Some(moves[0]);
        }
        let best = moves[0].value as i32;
        let known = moves.iter().find(|m| m.square == preferred);
        // An exact move of the best value is known to be best; only another exact one
        // of that value is put before it.
        if let Some(exact) = moves
            .iter()
            .take_while(|m| m.value as i32 == best)
            .find(|m| m.exact)
        {
            return match known {
                Some(m) if m.exact && m.value as i32 == best => Some(*m),
                _ => Some(*exact),
            };
        }
        // A move outside the book is valued at most the leaf's value (the leaf was the
        // best of them by the book's search); with no leaf, its value is not known.
        let bound = match known {
            Some(m) => Some(m.value as i32),
            None => self.get(board).and_then(|e| e.leaf).map(|l| l.value as i32),
        };
        match bound {
            Some(value) if best - value >= margin as i32 => Some(moves[0]),
            _ => known.copied(),
        }
    }
}
