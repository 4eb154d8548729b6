//! The position: two bitboards and the side to move.

use thiserror::Error;

use crate::bitboard;
use crate::color::{ByColor, Color};
use crate::squares::{Square, SquareNames, SquareSet};
use crate::zobrist;

/// Why a move (or a pass) cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The square already holds a disc.
    #[error("square {square} is not empty")]
    Occupied {
        /// The square given.
        square: Square,
    },
    /// Placing a disc there closes no run of opponent discs.
    #[error("{color} on {square} flips no disc")]
    NoFlip {
        /// The square given.
        square: Square,
        /// The side to move.
        color: Color,
    },
    /// Neither side has a legal move.
    #[error("the game is over")]
    GameOver,
    /// A pass was asked for while the side to move has a legal move.
    #[error("{color} has a legal move and cannot pass")]
    CannotPass {
        /// The side to move.
        color: Color,
    },
}

/// Why two disc sets do not make a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A square is in both sets.
    #[error("square {square} holds both a black and a white disc")]
    Overlap {
        /// The lowest such square.
        square: Square,
    },
}

/// Why a board cannot occur in a game from the start ([`Board::validate`]). Each variant
/// names the rule broken; the rules follow from the rules of the game (the crate's
/// README, "Validation", gives each one's argument).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidBoard {
    /// A centre square (d4, e4, d5, e5) is empty. They hold the four start discs and a
    /// disc is never removed (moves only place and flip discs), so they stay filled.
    #[error("centre square {square} is empty, but the start discs are never removed")]
    EmptyCentre {
        /// The first empty centre square (in the order d4, e4, d5, e5).
        square: Square,
    },
    /// A disc is not connected to the centre through a chain of discs on neighbouring
    /// squares (8 directions). Every move places its disc next to an opponent disc it
    /// flips, and discs are never removed, so all discs form one group with the centre.
    #[error("disc on {square} is cut off from the centre, but every disc is placed next to one")]
    Disconnected {
        /// The lowest such square (a1 first, then b1, ..., h8).
        square: Square,
    },
    /// The side not to move has no disc. It has just placed a disc (which only its
    /// opponent's later move could flip), or it has just passed, which is only allowed
    /// when the side now to move has a legal move, and so a disc of it to flip.
    #[error("{color} is not to move and has no disc, but it has just moved or passed")]
    NoDiscOfSideNotToMove {
        /// The side not to move.
        color: Color,
    },
}

/// How a finished game ended. Its text form is `Black wins`, `White wins` or `Draw`
/// (`Display`); `FromStr` reads the same words in any ASCII case.
///
/// ```
/// use reversi::{Color, Outcome};
/// assert_eq!(Outcome::Win(Color::White).to_string(), "White wins");
/// assert_eq!("black WINS".parse(), Ok(Outcome::Win(Color::Black)));
/// assert_eq!("Draw".parse(), Ok(Outcome::Draw));
/// assert!("Black".parse::<Outcome>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side with more discs won.
    Win(Color),
    /// Both sides have as many discs.
    Draw,
}

impl Outcome {
    /// The winner, `None` for a draw.
    ///
    /// ```
    /// use reversi::{Color, Outcome};
    /// assert_eq!(Outcome::Win(Color::Black).winner(), Some(Color::Black));
    /// assert_eq!(Outcome::Draw.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(color) => Some(color),
            Outcome::Draw => None,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win(color) => write!(f, "{color} wins"),
            Outcome::Draw => f.write_str("Draw"),
        }
    }
}

/// Error of [`Outcome`]'s `FromStr`: the text is not `Black wins`, `White wins` or `Draw`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown outcome {text:?} (expected \"Black wins\", \"White wins\" or \"Draw\")")]
pub struct ParseOutcomeError {
    /// The text that was not an outcome.
    pub text: String,
}

impl std::str::FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let all = [
            Outcome::Win(Color::Black),
            Outcome::Win(Color::White),
            Outcome::Draw,
        ];
        all.iter()
            .copied()
            .find(|outcome| outcome.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseOutcomeError { text: s.to_owned() })
    }
}

/// A Reversi position: the side to move's discs and the opponent's as two `u64`
/// bitboards (bit 0 = a1, bit 7 = h1, bit 63 = h8, the [`grid`] square index on 8x8),
/// and which colour is to move, with its Zobrist key ([`Board::zobrist_key`]). A small
/// `Copy` value: making a move returns a new board.
///
/// `Debug` lists the discs by colour with square names:
///
/// ```
/// assert_eq!(
///     format!("{:?}", reversi::Board::START),
///     "Board { black: [e4, d5], white: [d4, e5], side_to_move: Black }"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    mover: u64,
    opponent: u64,
    side_to_move: Color,
    /// `zobrist::key` of the discs and side to move, kept up to date by every move.
    key: u64,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("black", &SquareNames(self.discs(Color::Black)))
            .field("white", &SquareNames(self.discs(Color::White)))
            .field("side_to_move", &self.side_to_move)
            .finish()
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::START
    }
}

fn square_of(index: u32) -> Square {
    Square::at(index as usize)
}

impl Board {
    /// The start: White on d4 and e5, Black on e4 and d5, Black to move.
    pub const START: Board =
        Board::with_key((1 << 28) | (1 << 35), (1 << 27) | (1 << 36), Color::Black);

    /// The board of these (disjoint) bitboards, its key computed from scratch.
    pub(crate) const fn with_key(mover: u64, opponent: u64, side_to_move: Color) -> Board {
        let (black, white) = match side_to_move {
            Color::Black => (mover, opponent),
            Color::White => (opponent, mover),
        };
        Board {
            mover,
            opponent,
            side_to_move,
            key: zobrist::key(black, white, side_to_move),
        }
    }

    /// The board's Zobrist key: a 64-bit hash of the discs and the side to move (the
    /// same discs with the other side to move have another key), for transposition
    /// tables and repetition checks. It is stored in the board and updated by
    /// [`Board::play`], [`Board::pass`] and [`Board::play_after_pass`] (a move toggles
    /// the placed disc's key, both colours' keys of each flipped disc, and the side key),
    /// so reading it costs nothing. The keys come from a fixed-seed SplitMix64 generator
    /// run at compile time: the same in every build and on every platform. Equal boards
    /// have equal keys; different boards collide with probability about 2^-64.
    ///
    /// ```
    /// use reversi::Board;
    /// let d3 = Board::START.play("d3".parse()?)?;
    /// assert_ne!(d3.zobrist_key(), Board::START.zobrist_key());
    /// assert_eq!(d3.zobrist_key(), d3.zobrist_key_from_scratch());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn zobrist_key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from the discs and side to move alone (a loop over the
    /// 64 squares): always equal to [`Board::zobrist_key`], which is the fast way.
    ///
    /// ```
    /// let board = reversi::Board::START;
    /// assert_eq!(board.zobrist_key_from_scratch(), board.zobrist_key());
    /// ```
    #[must_use]
    pub const fn zobrist_key_from_scratch(&self) -> u64 {
        Board::with_key(self.mover, self.opponent, self.side_to_move).key
    }

    /// Checks that the board can occur in a game from [`Board::START`] (by
    /// [`Board::play`] and [`Board::pass`]), as far as these rules tell; parsing and the
    /// constructors accept any disjoint disc sets, so call this when a board comes from
    /// outside. The rules, checked in this order:
    ///
    /// 1. the four centre squares are filled ([`InvalidBoard::EmptyCentre`]); so a
    ///    board has at least 4 discs;
    /// 2. every disc is connected to the centre by neighbouring discs
    ///    ([`InvalidBoard::Disconnected`]);
    /// 3. the side not to move has a disc ([`InvalidBoard::NoDiscOfSideNotToMove`]).
    ///
    /// A board passing them may still be unreachable (no known quick test decides
    /// reachability).
    ///
    /// # Errors
    /// The first rule broken, as an [`InvalidBoard`].
    ///
    /// ```
    /// use reversi::{Board, Color, InvalidBoard, SquareSet};
    /// assert_eq!(Board::START.validate(), Ok(()));
    /// let empty = Board::from_discs(SquareSet::EMPTY, SquareSet::EMPTY, Color::Black)?;
    /// let d4: reversi::Square = "d4".parse()?;
    /// assert_eq!(empty.validate(), Err(InvalidBoard::EmptyCentre { square: d4 }));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), InvalidBoard> {
        const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
        let occupied = self.mover | self.opponent;
        let empty_centre = CENTRE & !occupied;
        if empty_centre != 0 {
            return Err(InvalidBoard::EmptyCentre {
                square: square_of(empty_centre.trailing_zeros()),
            });
        }
        // Flood fill from the centre over the discs, one king step at a time.
        let mut group = CENTRE;
        loop {
            let grown = (group | bitboard::neighbours(group)) & occupied;
            if grown == group {
                break;
            }
            group = grown;
        }
        let cut_off = occupied & !group;
        if cut_off != 0 {
            return Err(InvalidBoard::Disconnected {
                square: square_of(cut_off.trailing_zeros()),
            });
        }
        if self.opponent == 0 {
            return Err(InvalidBoard::NoDiscOfSideNotToMove {
                color: self.side_to_move.other(),
            });
        }
        Ok(())
    }

    /// The board with these discs and side to move. The sets are Reversi's
    /// [`SquareSet`]s, or anything that converts into one (a [`grid::SquareSet`]: its
    /// bits).
    ///
    /// # Errors
    /// [`BoardError::Overlap`] when a square is in both sets.
    ///
    /// ```
    /// use reversi::{Board, Color, SquareSet};
    /// let board = Board::from_discs(SquareSet::from_bits(1), SquareSet::from_bits(2), Color::White)?;
    /// assert_eq!(board.side_to_move(), Color::White);
    /// assert!(Board::from_discs(SquareSet::from_bits(3), SquareSet::from_bits(2), Color::White).is_err());
    /// # Ok::<_, reversi::BoardError>(())
    /// ```
    pub fn from_discs(
        black: impl Into<SquareSet>,
        white: impl Into<SquareSet>,
        side_to_move: Color,
    ) -> Result<Board, BoardError> {
        let (black, white) = (black.into(), white.into());
        let both = black.bits() & white.bits();
        if both != 0 {
            return Err(BoardError::Overlap {
                square: square_of(both.trailing_zeros()),
            });
        }
        let (mover, opponent) = match side_to_move {
            Color::Black => (black.bits(), white.bits()),
            Color::White => (white.bits(), black.bits()),
        };
        Ok(Board::with_key(mover, opponent, side_to_move))
    }

    /// The board with the side to move's discs `mover` and the other side's `opponent`
    /// as raw bitboards.
    ///
    /// # Errors
    /// [`BoardError::Overlap`] when a bit is set in both.
    ///
    /// ```
    /// use reversi::{Board, Color};
    /// let board = Board::from_bitboards(1 << 28 | 1 << 35, 1 << 27 | 1 << 36, Color::Black)?;
    /// assert_eq!(board, Board::START);
    /// # Ok::<_, reversi::BoardError>(())
    /// ```
    pub fn from_bitboards(
        mover: u64,
        opponent: u64,
        side_to_move: Color,
    ) -> Result<Board, BoardError> {
        if mover & opponent != 0 {
            return Err(BoardError::Overlap {
                square: square_of((mover & opponent).trailing_zeros()),
            });
        }
        Ok(Board::with_key(mover, opponent, side_to_move))
    }

    /// The side to move.
    ///
    /// ```
    /// assert_eq!(reversi::Board::START.side_to_move(), reversi::Color::Black);
    /// ```
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The side to move's discs as a raw bitboard.
    ///
    /// ```
    /// // Black (to move) has e4 (index 28) and d5 (index 35).
    /// assert_eq!(reversi::Board::START.mover_bits(), 1 << 28 | 1 << 35);
    /// ```
    #[must_use]
    pub const fn mover_bits(&self) -> u64 {
        self.mover
    }

    /// The opponent's discs as a raw bitboard.
    ///
    /// ```
    /// // White has d4 (index 27) and e5 (index 36).
    /// assert_eq!(reversi::Board::START.opponent_bits(), 1 << 27 | 1 << 36);
    /// ```
    #[must_use]
    pub const fn opponent_bits(&self) -> u64 {
        self.opponent
    }

    /// The discs of `color`.
    ///
    /// ```
    /// use reversi::{Board, Color};
    /// let d4: reversi::Square = "d4".parse()?;
    /// assert!(Board::START.discs(Color::White).contains(d4));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn discs(&self, color: Color) -> SquareSet {
        if color as u8 == self.side_to_move as u8 {
            SquareSet::from_bits(self.mover)
        } else {
            SquareSet::from_bits(self.opponent)
        }
    }

    /// The empty squares.
    ///
    /// ```
    /// assert_eq!(reversi::Board::START.empty_squares().len(), 60);
    /// ```
    #[must_use]
    pub const fn empty_squares(&self) -> SquareSet {
        SquareSet::from_bits(!(self.mover | self.opponent))
    }

    /// The number of discs of each side.
    ///
    /// ```
    /// use reversi::{Board, ByColor};
    /// assert_eq!(Board::START.disc_counts(), ByColor { black: 2, white: 2 });
    /// ```
    #[must_use]
    pub fn disc_counts(&self) -> ByColor<u32> {
        ByColor::from_fn(|color| self.discs(color).len())
    }

    /// The colour of the disc on `square`, if any.
    ///
    /// ```
    /// use reversi::{Board, Color, Square};
    /// let e4: Square = "e4".parse()?;
    /// assert_eq!(Board::START.disc_at(e4), Some(Color::Black));
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn disc_at(&self, square: Square) -> Option<Color> {
        let bit = 1u64 << square.index();
        if self.mover & bit != 0 {
            Some(self.side_to_move)
        } else if self.opponent & bit != 0 {
            Some(self.side_to_move.other())
        } else {
            None
        }
    }

    /// The legal moves of the side to move: the empty squares where a disc closes, in at
    /// least one of the 8 directions, a run of one or more opponent discs.
    ///
    /// ```
    /// use reversi::Board;
    /// let moves: Vec<String> = Board::START
    ///     .legal_moves()
    ///     .iter()
    ///     .map(|square| square.to_string())
    ///     .collect();
    /// // Each closes one White disc against a Black one (Black e4, d5; White d4, e5):
    /// // d3 d4 against d5, c4 d4 against e4, f5 e5 against d5, e6 e5 against e4.
    /// assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> SquareSet {
        SquareSet::from_bits(bitboard::moves(self.mover, self.opponent))
    }

    /// Whether the side to move has a legal move.
    ///
    /// ```
    /// assert!(reversi::Board::START.can_move());
    /// ```
    #[must_use]
    pub fn can_move(&self) -> bool {
        bitboard::moves(self.mover, self.opponent) != 0
    }

    /// Whether the side to move must pass: it has no legal move but the opponent has.
    ///
    /// ```
    /// assert!(!reversi::Board::START.must_pass());
    /// ```
    #[must_use]
    pub fn must_pass(&self) -> bool {
        !self.can_move() && bitboard::moves(self.opponent, self.mover) != 0
    }

    /// Whether the game is over: neither side has a legal move.
    ///
    /// ```
    /// assert!(!reversi::Board::START.is_game_over());
    /// ```
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        !self.can_move() && bitboard::moves(self.opponent, self.mover) == 0
    }

    /// The result of a finished game (most discs wins), `None` while it goes on.
    ///
    /// ```
    /// use reversi::{Board, Color, Outcome, SquareSet};
    /// assert_eq!(Board::START.outcome(), None);
    /// // Only black discs are left: nobody can move and Black wins.
    /// let board = Board::from_discs(SquareSet::from_bits(0xFF), SquareSet::EMPTY, Color::White)?;
    /// assert_eq!(board.outcome(), Some(Outcome::Win(Color::Black)));
    /// # Ok::<_, reversi::BoardError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let counts = self.disc_counts();
        Some(match counts.black.cmp(&counts.white) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Black),
            std::cmp::Ordering::Less => Outcome::Win(Color::White),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The winner of a finished game; `None` while the game goes on or after a draw.
    ///
    /// ```
    /// assert_eq!(reversi::Board::START.winner(), None);
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.outcome().and_then(Outcome::winner)
    }

    /// The discs a move of the side to move on `square` would flip (empty when the move
    /// is illegal).
    ///
    /// ```
    /// use reversi::Board;
    /// let flipped = Board::START.flips("d3".parse()?);
    /// assert_eq!(flipped.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d4"]);
    /// # Ok::<_, reversi::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn flips(&self, square: Square) -> SquareSet {
        if (self.mover | self.opponent) >> square.index() & 1 != 0 {
            return SquareSet::EMPTY;
        }
        SquareSet::from_bits(bitboard::flips(
            self.mover,
            self.opponent,
            square.index() as u32,
        ))
    }

    /// The board after the side to move places a disc on `square`: the runs it closes
    /// flip, and the other side is to move.
    ///
    /// # Errors
    /// [`IllegalMove::Occupied`], [`IllegalMove::GameOver`]
    /// (neither side can move) or [`IllegalMove::NoFlip`] (the move closes no run; this is
    /// also the error when the side to move has no legal move and must pass).
    ///
    /// ```
    /// use reversi::{Board, ByColor, Color};
    /// let board = Board::START.play("d3".parse()?)?;
    /// assert_eq!(board.side_to_move(), Color::White);
    /// assert_eq!(board.disc_counts(), ByColor { black: 4, white: 1 });
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, square: Square) -> Result<Board, IllegalMove> {
        let index = square.index() as u32;
        let bit = 1u64 << index;
        if (self.mover | self.opponent) & bit != 0 {
            return Err(IllegalMove::Occupied { square });
        }
        let flipped = bitboard::flips(self.mover, self.opponent, index);
        if flipped == 0 {
            return Err(if self.is_game_over() {
                IllegalMove::GameOver
            } else {
                IllegalMove::NoFlip {
                    square,
                    color: self.side_to_move,
                }
            });
        }
        let mut key = self.key ^ zobrist::disc(self.side_to_move, index) ^ zobrist::WHITE_TO_MOVE;
        let mut todo = flipped;
        while todo != 0 {
            key ^= zobrist::flip(todo.trailing_zeros());
            todo &= todo - 1;
        }
        Ok(Board {
            mover: self.opponent ^ flipped,
            opponent: self.mover ^ flipped ^ bit,
            side_to_move: self.side_to_move.other(),
            key,
        })
    }

    /// The board after the side to move passes.
    ///
    /// # Errors
    /// [`IllegalMove::CannotPass`] when the side to move has a legal move,
    /// [`IllegalMove::GameOver`] when neither side has one.
    ///
    /// ```
    /// use reversi::{Board, IllegalMove, Color};
    /// assert_eq!(Board::START.pass(), Err(IllegalMove::CannotPass { color: Color::Black }));
    /// ```
    pub fn pass(&self) -> Result<Board, IllegalMove> {
        if self.can_move() {
            return Err(IllegalMove::CannotPass {
                color: self.side_to_move,
            });
        }
        if bitboard::moves(self.opponent, self.mover) == 0 {
            return Err(IllegalMove::GameOver);
        }
        Ok(self.swapped())
    }

    /// Plays `square` for whichever side the game state says is to move: when the side
    /// to move has no legal move (and the game is not over) it passes first. This is how
    /// move lists with implicit passes are read.
    ///
    /// # Errors
    /// As [`Board::play`], for the side that moves after the pass if any.
    ///
    /// ```
    /// use reversi::Board;
    /// let board = Board::START.play_after_pass("d3".parse()?)?;
    /// assert_eq!(board.disc_counts().black, 4);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_after_pass(&self, square: Square) -> Result<Board, IllegalMove> {
        if self.must_pass() {
            self.swapped().play(square)
        } else {
            self.play(square)
        }
    }

    /// The same discs with the other side to move (a pass, unchecked).
    pub(crate) const fn swapped(&self) -> Board {
        Board {
            mover: self.opponent,
            opponent: self.mover,
            side_to_move: self.side_to_move.other(),
            key: self.key ^ zobrist::WHITE_TO_MOVE,
        }
    }
}

/// Why a text is not a board ([`Board`]'s `FromStr`). Lines are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBoardError {
    /// Fewer than 8 diagram lines and the side-to-move line.
    #[error("expected 8 diagram lines and a side-to-move line, found {lines} lines")]
    TooFewLines {
        /// The number of non-blank lines read.
        lines: usize,
    },
    /// A diagram line is not 8 characters long.
    #[error("line {line}: expected 8 squares, found {length}")]
    RowLength {
        /// The line number.
        line: usize,
        /// Its length in characters (trailing white space not counted).
        length: usize,
    },
    /// A diagram character is not `X`, `O`, `.` or `-`.
    #[error("line {line}: {found:?} on {square} is not X, O, '.' or '-'")]
    Cell {
        /// The line number.
        line: usize,
        /// The square of the character.
        square: Square,
        /// The character.
        found: char,
    },
    /// The line after the diagram is not `Black to move` or `White to move`.
    #[error("line {line}: expected \"Black to move\" or \"White to move\", found {text:?}")]
    SideToMove {
        /// The line number.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// Text follows the side-to-move line.
    #[error("line {line}: unexpected text after the side to move")]
    Trailing {
        /// The line number.
        line: usize,
    },
}

/// Reads the text form that `Display` writes (see there). Liberal in what surrounds it:
/// CRLF line ends, white space around a line, blank lines, a missing final newline, `-`
/// as well as `.` for an empty square, and the side to move in any ASCII case (`black
/// to move`) or as just the colour (`Black`, `X`, `white`, `O`). It does not check that
/// the board can occur in a game: [`Board::validate`] does.
///
/// # Errors
/// A [`ParseBoardError`] naming the line.
///
/// ```
/// use reversi::{Board, Color};
/// let board: Board = Board::START.to_string().parse()?;
/// assert_eq!(board, Board::START);
/// let text = "--------\n--------\n--------\n---XO---\n---OX---\n--------\n--------\n--------\nwhite";
/// assert_eq!(text.parse::<Board>()?.side_to_move(), Color::White);
/// assert!("........".parse::<Board>().is_err());
/// # Ok::<_, reversi::ParseBoardError>(())
/// ```
impl std::str::FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty());
        let (mut black, mut white) = (0u64, 0u64);
        let mut read = 0;
        for row in 0..8u8 {
            let (line, cells) = lines
                .next()
                .ok_or(ParseBoardError::TooFewLines { lines: read })?;
            read += 1;
            let length = cells.chars().count();
            if length != 8 {
                return Err(ParseBoardError::RowLength { line, length });
            }
            for (file, c) in (0u8..).zip(cells.chars()) {
                let square = match Square::new(file, 7 - row) {
                    Some(square) => square,
                    None => unreachable!("files and ranks below 8"),
                };
                let bit = 1u64 << square.index();
                match c {
                    'X' => black |= bit,
                    'O' => white |= bit,
                    '.' | '-' => {}
                    found => {
                        return Err(ParseBoardError::Cell {
                            line,
                            square,
                            found,
                        })
                    }
                }
            }
        }
        let (line, side) = lines
            .next()
            .ok_or(ParseBoardError::TooFewLines { lines: read })?;
        let lower = side.to_ascii_lowercase();
        let name = lower.strip_suffix(" to move").unwrap_or(&lower).trim_end();
        let side_to_move = match name {
            "black" | "x" => Color::Black,
            "white" | "o" => Color::White,
            _ => {
                return Err(ParseBoardError::SideToMove {
                    line,
                    text: side.to_owned(),
                })
            }
        };
        if let Some((line, _)) = lines.next() {
            return Err(ParseBoardError::Trailing { line });
        }
        let (mover, opponent) = match side_to_move {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Ok(Board::with_key(mover, opponent, side_to_move))
    }
}
