//! The book: its entries by key, and the negamax over its graph.

use std::collections::HashMap;

use reversi::{Board, Square};

use super::entry::{BookEntry, BookKey, Successor};

/// An opening book: [`BookEntry`]s by [`BookKey`] (canonical positions), with the
/// negamax that gives each position the value of its best line through the book.
///
/// ```
/// use reversi::Board;
/// use reversi_engine::{Book, BookEntry, Leaf};
/// let mut book = Book::new();
/// let leaf = Leaf { square: "f5".parse()?, value: 0, exact: false };
/// book.insert(&Board::START, BookEntry { value: 0, depth: 4, exact: false, leaf: Some(leaf) });
/// // f5 (the canonical first move) is in the book, worth -3 for White: +3 for Black.
/// let f5 = Board::START.play("f5".parse()?)?;
/// book.insert(&f5, BookEntry { value: -3, depth: 4, exact: false, leaf: None });
/// book.negamax();
/// assert_eq!(book.get(&Board::START).map(|e| e.value), Some(3));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: HashMap<BookKey, BookEntry>,
}

impl Book {
    /// An empty book.
    #[must_use]
    pub fn new() -> Book {
        Book::default()
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of `board` (in any of its 8 orientations, either colour to move).
    #[must_use]
    pub fn get(&self, board: &Board) -> Option<&BookEntry> {
        self.entries.get(&BookKey::of(board).0)
    }

    /// The entry of a key.
    #[must_use]
    pub fn get_key(&self, key: BookKey) -> Option<&BookEntry> {
        self.entries.get(&key)
    }

    /// Whether the book holds the position of `key`.
    #[must_use]
    pub fn contains_key(&self, key: BookKey) -> bool {
        self.entries.contains_key(&key)
    }

    /// Stores `entry` for `board` (replacing any), its leaf's square given on `board`
    /// (mapped here to the key's orientation).
    pub fn insert(&mut self, board: &Board, mut entry: BookEntry) {
        let (key, symmetry) = BookKey::of(board);
        if let Some(leaf) = entry.leaf.as_mut() {
            leaf.square = leaf.square.transform(symmetry);
        }
        self.entries.insert(key, entry);
    }

    /// Stores `entry` for `key` as it is (its leaf's square on the key's board).
    pub fn insert_key(&mut self, key: BookKey, entry: BookEntry) {
        self.entries.insert(key, entry);
    }

    /// The entries, in increasing key order (the file's order).
    #[must_use]
    pub fn entries(&self) -> Vec<(BookKey, BookEntry)> {
        let mut entries: Vec<_> = self.entries.iter().map(|(k, e)| (*k, *e)).collect();
        entries.sort_unstable_by_key(|(key, _)| *key);
        entries
    }

    /// The successors of the moves of `key`'s board: each legal move (on the key's
    /// board) with where it leads.
    pub(crate) fn successors(key: BookKey) -> Vec<(Square, Successor)> {
        let Some(board) = key.board() else {
            return Vec::new();
        };
        board
            .legal_moves()
            .iter()
            .filter_map(|square| Successor::of(&board, square).map(|s| (square, s)))
            .collect()
    }

    /// Whether a leaf's move leads into the book (the leaf is then stale: the move's
    /// value is its successor's).
    pub(crate) fn leads_into_book(&self, key: BookKey, square: Square) -> bool {
        let Some(board) = key.board() else {
            return false;
        };
        match Successor::of(&board, square) {
            Some(Successor::Position { key, .. }) => self.contains_key(key),
            Some(Successor::End(_)) => true,
            None => false,
        }
    }

    /// The negamax value and exactness of `key` from its children's current entries:
    /// the best of its book moves (a successor's value negated, or kept after a pass),
    /// of its moves that end the game (their final score), and of its leaf unless the
    /// leaf's move leads into the book. Exact when all of these are exact and every move
    /// outside the book is covered by an exact leaf. `None` when nothing values it.
    #[must_use]
    pub fn negamax_of(&self, key: BookKey) -> Option<(i8, bool)> {
        let entry = self.entries.get(&key)?;
        let mut best: Option<i8> = None;
        let mut exact = true;
        let mut outside = false;
        for (_, successor) in Book::successors(key) {
            let (value, is_exact) = match successor {
                Successor::End(score) => (score, true),
                Successor::Position { key, passed } => match self.entries.get(&key) {
                    Some(child) => (Successor::value_through(passed, child.value), child.exact),
                    None => {
                        outside = true;
                        continue;
                    }
                },
            };
            best = Some(best.map_or(value, |b| b.max(value)));
            exact &= is_exact;
        }
        if let Some(leaf) = entry.leaf.filter(|l| !self.leads_into_book(key, l.square)) {
            best = Some(best.map_or(leaf.value, |b| b.max(leaf.value)));
            exact &= leaf.exact;
            outside = false;
        }
        best.map(|value| (value, exact && !outside))
    }

    /// Gives every position the negamax of its book moves and leaf
    /// ([`Book::negamax_of`]), the positions with the most discs first (a move adds a
    /// disc, so every successor is valued before its parents). A position nothing
    /// values keeps its value.
    pub fn negamax(&mut self) {
        let mut keys: Vec<BookKey> = self.entries.keys().copied().collect();
        keys.sort_unstable_by_key(|key| (std::cmp::Reverse(key.discs()), *key));
        for key in keys {
            if let Some((value, exact)) = self.negamax_of(key) {
                if let Some(entry) = self.entries.get_mut(&key) {
                    entry.value = value;
                    entry.exact = exact;
                }
            }
        }
    }
}
