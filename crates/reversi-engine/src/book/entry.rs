//! A book position's key (its canonical form under the 8 symmetries) and entry (value,
//! depth, exactness, the best move outside the book), and a move's successor in the
//! book's graph.

use reversi::{Board, Color, Square, Symmetry};

/// A book position: the canonical form ([`Board::canonical`]) of a board as the side to
/// move's discs (`player`) and the other side's (`opponent`), bit `rank * 8 + file`.
/// The colour to move is not part of the key: a position and its colour-swapped twin
/// are the same position for the book.
///
/// ```
/// use reversi::{Board, Symmetry};
/// use reversi_engine::BookKey;
/// let d3 = Board::START.play("d3".parse()?)?;
/// let f5 = Board::START.play("f5".parse()?)?;
/// // The 4 first moves are one position for the book.
/// assert_eq!(BookKey::of(&d3).0, BookKey::of(&f5).0);
/// assert_eq!(BookKey::of(&Board::START), (BookKey::from_board(&Board::START), Symmetry::Identity));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookKey {
    /// The side to move's discs on the canonical board.
    pub player: u64,
    /// The other side's discs on the canonical board.
    pub opponent: u64,
}

impl BookKey {
    /// The key of `board` and the symmetry that maps `board` to the key's board (map a
    /// key-oriented square back with its [`Symmetry::inverse`]).
    #[must_use]
    pub fn of(board: &Board) -> (BookKey, Symmetry) {
        let (canonical, symmetry) = board.canonical();
        (BookKey::from_board(&canonical), symmetry)
    }

    /// The bitboards of `board` as they are (not made canonical).
    #[must_use]
    pub fn from_board(board: &Board) -> BookKey {
        BookKey {
            player: board.mover_bits(),
            opponent: board.opponent_bits(),
        }
    }

    /// The key's board, Black to move, or `None` when the two bitboards overlap.
    ///
    /// ```
    /// use reversi_engine::BookKey;
    /// let key = BookKey::from_board(&reversi::Board::START);
    /// assert_eq!(key.board(), Some(reversi::Board::START));
    /// assert_eq!(BookKey { player: 1, opponent: 1 }.board(), None);
    /// ```
    #[must_use]
    pub fn board(self) -> Option<Board> {
        Board::from_bitboards(self.player, self.opponent, Color::Black).ok()
    }

    /// The discs on the board (4 at the start, one more each move).
    #[must_use]
    pub fn discs(self) -> u32 {
        (self.player | self.opponent).count_ones()
    }
}

/// The best move of a book position that is not in the book (its successor is no book
/// position), with its searched value: the value the position has beyond its book moves
/// (Edax's "leaf").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The move, on the key's board (map it with the inverse of the key's symmetry).
    pub square: Square,
    /// Its value in discs for the side to move, -64 to 64.
    pub value: i8,
    /// Whether the value is the exact final score.
    pub exact: bool,
}

/// What the book holds for a position.
///
/// `value` is the negamax over the book: the best, for the side to move, of the values
/// of its moves in the book (minus the successor's value; a successor where the other
/// side must pass counts after the pass, with the sign kept), of the final scores of the
/// moves that end the game, and of [`BookEntry::leaf`]'s value ([`Book::negamax`](crate::Book::negamax)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The value in discs for the side to move (the predicted final disc difference,
    /// empties to the winner when exact), -64 to 64.
    pub value: i8,
    /// The plies of the searches that valued the position's moves (the empties when
    /// they were exact).
    pub depth: u8,
    /// Whether `value` is the exact final score.
    pub exact: bool,
    /// The best move outside the book and its searched value; `None` when every move is
    /// in the book or ends the game.
    pub leaf: Option<Leaf>,
}

/// Where a move leads in the book's graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Successor {
    /// The game is over after the move: its exact final score for the mover.
    End(i8),
    /// The successor's key; `passed` when the opponent had to pass (the mover moves
    /// again there, so the successor's value counts with its sign kept).
    Position { key: BookKey, passed: bool },
}

impl Successor {
    /// The successor of `square` (legal) on `board`, or `None` when it is illegal.
    pub(crate) fn of(board: &Board, square: Square) -> Option<Successor> {
        let after = board.play(square).ok()?;
        if after.is_game_over() {
            return Some(Successor::End(-final_score(&after)));
        }
        let (next, passed) = match after.pass() {
            Ok(passed) if after.must_pass() => (passed, true),
            _ => (after, false),
        };
        Some(Successor::Position {
            key: BookKey::of(&next).0,
            passed,
        })
    }

    /// The move's value for the mover, given the successor's book value.
    pub(crate) fn value_through(passed: bool, value: i8) -> i8 {
        if passed {
            value
        } else {
            -value
        }
    }
}

/// The final score of a finished game for the side to move: the disc difference, the
/// empty squares counted for the winner.
pub(crate) fn final_score(board: &Board) -> i8 {
    let mover = board.mover_bits().count_ones() as i32;
    let opponent = board.opponent_bits().count_ones() as i32;
    let empties = 64 - mover - opponent;
    let score = match mover.cmp(&opponent) {
        std::cmp::Ordering::Greater => mover - opponent + empties,
        std::cmp::Ordering::Less => mover - opponent - empties,
        std::cmp::Ordering::Equal => 0,
    };
    score as i8
}
