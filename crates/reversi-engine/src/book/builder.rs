//! Building a book with the engine: self-play lines, deviations (the moves within a
//! given loss of the best, Edax's `deviate` idea), and games added; each new position's
//! moves valued by a fixed-depth search; the leaves refreshed and the graph negamaxed.

use std::collections::HashMap;

use reversi::{Board, IllegalMove, Ply, Square};

use super::entry::{BookEntry, BookKey, Leaf, Successor};
use super::graph::Book;
use crate::search::pool::each_at_once;
use crate::{Engine, SearchLimits};

/// A move's searched value, on the key's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveScore {
    square: Square,
    value: i8,
    exact: bool,
}

/// Builds a [`Book`] with an [`Engine`]: every position it adds gets each of its moves
/// valued by a search of `depth` plies in all (the successor searched `depth - 1`
/// plies, exactly when that reaches the end) at an even ply from the start (discs less
/// 4), one ply more at an odd ply, so that every value in the book reaches a horizon of
/// the same parity: a book move's value (its successor's own best search, one ply
/// further) and the leaf's compare like with like. (The evaluation swings with the
/// parity of the depth, several discs at shallow depths: values of mixed parity would
/// favour one side of each comparison.) Its leaf (the best move outside the
/// book) can be refreshed without a new search when that move enters the book. Call
/// [`BookBuilder::finish`] after adding positions: it refreshes the leaves and
/// negamaxes the book.
///
/// ```
/// use reversi::Board;
/// use reversi_engine::{Book, BookBuilder, Engine};
/// let mut engine = Engine::with_table_bytes(1 << 20);
/// let mut book = Book::new();
/// let mut builder = BookBuilder::new(&mut engine, 2);
/// builder.play_line(&mut book, Board::START, 3);
/// builder.finish(&mut book);
/// assert_eq!(book.len(), 3);
/// assert!(book.get(&Board::START).is_some());
/// ```
pub struct BookBuilder<'a> {
    engines: &'a mut [Engine],
    depth: u32,
    screen: Option<u8>,
    scores: HashMap<BookKey, Vec<MoveScore>>,
    searches: u64,
}

/// How many plies shallower than the full searches a screening search is (an even
/// number, so that both reach a horizon of the same parity).
pub const SCREEN_PLIES: u32 = 10;

impl<'a> BookBuilder<'a> {
    /// A builder searching with `engine` to `depth` plies (at least 1).
    #[must_use]
    pub fn new(engine: &'a mut Engine, depth: u32) -> BookBuilder<'a> {
        BookBuilder::with_engines(std::slice::from_mut(engine), depth)
    }

    /// A builder searching with every engine of `engines` at once, one thread each, to
    /// `depth` plies (at least 1): a position's moves are dealt out in turn, the `i`th
    /// to engine `i % engines.len()`, so that a build is the same on every run with the
    /// same engines (each engine's table is its own).
    ///
    /// # Panics
    /// When `engines` is empty.
    ///
    /// ```
    /// use reversi::Board;
    /// use reversi_engine::{Book, BookBuilder, Engine};
    /// let mut engines = [Engine::with_table_bytes(1 << 20), Engine::with_table_bytes(1 << 20)];
    /// let mut book = Book::new();
    /// let mut builder = BookBuilder::with_engines(&mut engines, 4);
    /// builder.play_line(&mut book, Board::START, 2);
    /// builder.finish(&mut book);
    /// assert_eq!(book.len(), 2);
    /// ```
    #[must_use]
    pub fn with_engines(engines: &'a mut [Engine], depth: u32) -> BookBuilder<'a> {
        assert!(!engines.is_empty(), "a book builder needs an engine");
        BookBuilder {
            engines,
            depth: depth.max(1),
            screen: None,
            scores: HashMap::new(),
            searches: 0,
        }
    }

    /// Screens a position's moves before the full searches: every move is first
    /// searched `SCREEN_PLIES` plies shallower, and only the moves within `margin`
    /// discs of the best of those get the full search; the others keep their shallow
    /// value (not exact). `None` (the default) searches every move fully. Screening
    /// applies only where the full search is deeper than `SCREEN_PLIES` + 1 plies.
    #[must_use]
    pub fn screen(mut self, margin: Option<u8>) -> BookBuilder<'a> {
        self.screen = margin;
        self
    }

    /// The searches run so far (one a move of each new position).
    #[must_use]
    pub fn searches(&self) -> u64 {
        self.searches
    }

    /// The plies of the searches that value `key`'s moves, the move included:
    /// [`BookBuilder::new`]'s depth, one more at an odd ply from the start.
    fn depth_at(&self, key: BookKey) -> u32 {
        self.depth + (key.discs() - 4) % 2
    }

    /// The values of `key`'s moves, best first, searched once and kept.
    fn scores(&mut self, key: BookKey) -> Vec<MoveScore> {
        if let Some(scores) = self.scores.get(&key) {
            return scores.clone();
        }
        let mut scores = Vec::new();
        let mut searched = Vec::new();
        for (square, successor) in Book::successors(key) {
            match successor {
                Successor::End(value) => scores.push(MoveScore {
                    square,
                    value,
                    exact: true,
                }),
                Successor::Position { .. } => searched.push(square),
            }
        }
        let depth = (self.depth_at(key) - 1).max(1);
        match self.screen {
            Some(margin) if depth > SCREEN_PLIES && searched.len() > 1 => {
                let shallow = self.search_moves(key, &searched, depth - SCREEN_PLIES);
                let best = shallow.iter().map(|s| i32::from(s.value)).max();
                let best = best.unwrap_or(0);
                let (close, far): (Vec<MoveScore>, Vec<MoveScore>) = shallow
                    .into_iter()
                    .partition(|s| s.exact || best - i32::from(s.value) <= i32::from(margin));
                let close: Vec<Square> = close.iter().map(|s| s.square).collect();
                scores.extend(self.search_moves(key, &close, depth));
                scores.extend(far);
            }
            _ => scores.extend(self.search_moves(key, &searched, depth)),
        }
        scores.sort_by_key(|s| (std::cmp::Reverse(s.value), s.square.index()));
        self.scores.insert(key, scores.clone());
        scores
    }

    /// The values of `squares` (legal on `key`'s board, none ending the game), in
    /// their order: each minus the score of a `depth` search of the position after it
    /// (a search on a board that must pass scores the position after the pass for the
    /// side that passes). The engines search at once, the `i`th square on engine
    /// `i % engines`.
    fn search_moves(&mut self, key: BookKey, squares: &[Square], depth: u32) -> Vec<MoveScore> {
        let board = key.board().unwrap_or(Board::START);
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        let search = move |engine: &mut Engine, square: Square| {
            let after = board.play(square).unwrap_or(board);
            engine.set_board(after);
            let report = engine.search(limits);
            MoveScore {
                square,
                value: (-report.score).round().clamp(-64.0, 64.0) as i8,
                exact: report.exact,
            }
        };
        self.searches += squares.len() as u64;
        let count = self.engines.len();
        if count == 1 || squares.len() == 1 {
            let engine = &mut self.engines[0];
            return squares
                .iter()
                .map(|&square| search(engine, square))
                .collect();
        }
        let dealt: Vec<Vec<MoveScore>> = each_at_once(self.engines, |first, engine| {
            squares
                .iter()
                .skip(first)
                .step_by(count)
                .map(|&square| search(engine, square))
                .collect()
        });
        // Back in the squares' order: the `i`th result is the `i / count`th of
        // engine `i % count`.
        let mut scores = Vec::with_capacity(squares.len());
        for i in 0..squares.len() {
            scores.push(dealt[i % count][i / count]);
        }
        scores
    }

    /// The best of `scores` whose move leads out of the book (not into it, not to the
    /// game's end).
    fn leaf(book: &Book, key: BookKey, scores: &[MoveScore]) -> Option<Leaf> {
        scores
            .iter()
            .find(|s| !book.leads_into_book(key, s.square))
            .map(|s| Leaf {
                square: s.square,
                value: s.value,
                exact: s.exact,
            })
    }

    /// Adds `board`'s position (when the side to move has a move and it is new): its
    /// moves searched, its leaf, its value from them. Whether it was added.
    pub fn add_position(&mut self, book: &mut Book, board: &Board) -> bool {
        let (key, _) = BookKey::of(board);
        if book.contains_key(key) || !board.can_move() {
            return false;
        }
        let scores = self.scores(key);
        let best = scores.first().copied();
        let depth = if scores.iter().all(|s| s.exact) {
            board.empty_squares().len()
        } else {
            self.depth_at(key)
        };
        let entry = BookEntry {
            value: best.map_or(0, |s| s.value),
            depth: depth.min(u8::MAX as u32) as u8,
            exact: scores.iter().all(|s| s.exact),
            leaf: BookBuilder::leaf(book, key, &scores),
        };
        book.insert_key(key, entry);
        if let Some((value, exact)) = book.negamax_of(key) {
            book.insert_key(
                key,
                BookEntry {
                    value,
                    exact,
                    ..entry
                },
            );
        }
        true
    }

    /// Self-play from `start` for at most `plies` plies (passes free), each position
    /// added and its best searched move played: the engine's main line.
    pub fn play_line(&mut self, book: &mut Book, start: Board, plies: u32) {
        let mut board = start;
        for _ in 0..plies {
            if board.must_pass() {
                board = board.pass().unwrap_or(board);
            }
            if board.is_game_over() {
                return;
            }
            self.add_position(book, &board);
            let (key, symmetry) = BookKey::of(&board);
            let Some(best) = self.scores(key).first().copied() else {
                return;
            };
            let square = best.square.transform(symmetry.inverse());
            board = board.play(square).unwrap_or(board);
        }
    }

    /// Deviations: level by level (plies from the start, counted as discs less 4), each
    /// book position of fewer than `max_ply` plies gets the successors of its moves
    /// within `max_loss` discs of its best searched move added, until the book holds
    /// `max_positions` positions. `progress` is told the book's size after each level.
    /// The positions added.
    pub fn deviate(
        &mut self,
        book: &mut Book,
        max_loss: u8,
        max_ply: u32,
        max_positions: usize,
        progress: &mut dyn FnMut(u32, usize),
    ) -> usize {
        let before = book.len();
        for ply in 0..max_ply {
            let mut level: Vec<BookKey> = book
                .entries()
                .into_iter()
                .map(|(key, _)| key)
                .filter(|key| key.discs() == ply + 4)
                .collect();
            level.sort_unstable();
            for key in level {
                if book.len() >= max_positions {
                    return book.len() - before;
                }
                self.deviate_from(book, key, max_loss, max_positions);
            }
            progress(ply + 1, book.len());
        }
        book.len() - before
    }

    /// Adds the successors of `key`'s moves within `max_loss` of its best.
    fn deviate_from(&mut self, book: &mut Book, key: BookKey, max_loss: u8, max_positions: usize) {
        let Some(board) = key.board() else {
            return;
        };
        let scores = self.scores(key);
        let Some(best) = scores.first().map(|s| s.value as i32) else {
            return;
        };
        for score in scores
            .iter()
            .filter(|s| best - s.value as i32 <= max_loss as i32)
        {
            if book.len() >= max_positions {
                return;
            }
            let Ok(after) = board.play(score.square) else {
                continue;
            };
            let next = match after.pass() {
                Ok(passed) if after.must_pass() => passed,
                _ => after,
            };
            self.add_position(book, &next);
        }
    }

    /// Adds the positions of a game from `start` (the plies as played; a move may leave
    /// out the pass before it), the one it ends on included (after a forced pass), of
    /// fewer than `max_ply` plies from the start (discs less 4; `u32::MAX`: all of them).
    /// The positions added.
    ///
    /// # Errors
    /// The first illegal ply, the positions before it added.
    pub fn add_game(
        &mut self,
        book: &mut Book,
        start: Board,
        plies: &[Ply],
        max_ply: u32,
    ) -> Result<usize, IllegalMove> {
        let mut board = start;
        let mut added = 0;
        let mut add = |builder: &mut Self, board: &Board| {
            let discs = board.disc_counts().black + board.disc_counts().white;
            if discs < max_ply.saturating_add(4) {
                added += usize::from(builder.add_position(book, board));
            }
        };
        for &ply in plies {
            add(self, &board);
            board = match ply {
                Ply::Move(square) => board.play_after_pass(square)?,
                ply => board.play_ply(ply)?,
            };
        }
        if board.must_pass() {
            board = board.pass().unwrap_or(board);
        }
        add(self, &board);
        Ok(added)
    }

    /// Refreshes every stale leaf (its move now leads into the book: the next best move
    /// outside the book takes its place, from the kept searches or new ones) and
    /// negamaxes the book ([`Book::negamax`]).
    pub fn finish(&mut self, book: &mut Book) {
        for (key, entry) in book.entries() {
            let stale = entry
                .leaf
                .is_some_and(|leaf| book.leads_into_book(key, leaf.square));
            if stale {
                let scores = self.scores(key);
                let leaf = BookBuilder::leaf(book, key, &scores);
                book.insert_key(key, BookEntry { leaf, ..entry });
            }
        }
        book.negamax();
    }
}
