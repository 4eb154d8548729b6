//! Compact game transcripts: `f5d6c3d3...`.

use std::fmt;
use std::str::FromStr;

use grid::ParseSquareError;
use thiserror::Error;

use crate::bitboard;
use crate::board::{Board, IllegalMove};
use crate::color::Color;
use crate::squares::Square;
use crate::Ply;

/// Why a text is not a transcript. `index` is the 1-based number of the failing move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseTranscriptError {
    /// The text ends in the middle of a move.
    #[error("move {index}: {text:?} is cut short: a move is a file letter and a rank digit")]
    Truncated {
        /// The failing move's number, from 1.
        index: usize,
        /// What is left of it.
        text: String,
    },
    /// Two characters that are not a square of the 8x8 board.
    #[error("move {index}: {source}")]
    Square {
        /// The failing move's number, from 1.
        index: usize,
        /// What is wrong with the square's name.
        #[source]
        source: ParseSquareError,
    },
    /// A square that is not a legal move there.
    #[error("move {index} ({square}): {source}")]
    Illegal {
        /// The failing move's number, from 1.
        index: usize,
        /// The square played.
        square: Square,
        /// Why it is not legal.
        #[source]
        source: IllegalMove,
    },
}

/// A game from the start position as its moves, in the compact notation: two
/// characters a move (file letter, rank digit), no separators, passes implicit (a side
/// with no legal move passes, so whose move it is follows from the game). Every move is
/// checked when it is added, so a transcript is always a legal game; the position it
/// reaches is kept.
///
/// ```
/// use reversi::{Color, Transcript};
/// let game: Transcript = "f5d6c3d3c4".parse()?;
/// assert_eq!(game.len(), 5);
/// assert_eq!(game.board().side_to_move(), Color::White);
/// assert_eq!(game.to_string(), "f5d6c3d3c4");
/// // Upper case is read too; the text is always written in lower case.
/// assert_eq!("F5D6".parse::<Transcript>()?.to_string(), "f5d6");
/// # Ok::<_, reversi::ParseTranscriptError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transcript {
    moves: Vec<Square>,
    board: Board,
    /// Bit `i` set: the side to move passed before move `i` (a game has at most 60
    /// moves).
    passes: u64,
}

impl Transcript {
    /// The empty game: no move yet, the start position.
    ///
    /// ```
    /// let game = reversi::Transcript::new();
    /// assert!(game.is_empty());
    /// assert_eq!(*game.board(), reversi::Board::START);
    /// ```
    #[must_use]
    pub fn new() -> Transcript {
        Transcript::default()
    }

    /// The transcript of `moves` played from the start position, replayed on bitboards
    /// alone (the flips of each move; a move generation only where the side to move has
    /// no flip on the square, to tell a pass from an illegal move), the board's Zobrist
    /// key computed once at the end: several times faster than adding the moves one by
    /// one with [`Transcript::play`], for the same transcript.
    ///
    /// # Errors
    /// The [`ParseTranscriptError::Illegal`] of the first move that is not legal there
    /// (found by [`Transcript::play`] on the moves before it).
    ///
    /// ```
    /// use reversi::{Square, Transcript};
    /// let moves = [Square::F5, Square::D6, Square::C3];
    /// let game = Transcript::from_moves(&moves)?;
    /// assert_eq!(game, "f5d6c3".parse()?);
    /// let error = Transcript::from_moves(&[Square::F5, Square::F5]).unwrap_err();
    /// assert_eq!(error.to_string(), "move 2 (f5): square f5 is not empty");
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    pub fn from_moves(moves: &[Square]) -> Result<Transcript, ParseTranscriptError> {
        match Transcript::replay(moves.to_vec()) {
            Ok(transcript) => Ok(transcript),
            Err(_) => {
                let mut transcript = Transcript::new();
                for (i, &square) in moves.iter().enumerate() {
                    transcript
                        .play(square)
                        .map_err(|source| ParseTranscriptError::Illegal {
                            index: i + 1,
                            square,
                            source,
                        })?;
                }
                Ok(transcript)
            }
        }
    }

    /// The fast replay of [`Transcript::from_moves`], keeping `moves` as the
    /// transcript's; `Err` (with `moves` back) at a move that is not legal there, which
    /// the caller names by a replay through [`Transcript::play`].
    pub(crate) fn replay(moves: Vec<Square>) -> Result<Transcript, Vec<Square>> {
        match Transcript::replay_each(moves.iter().map(|&s| Some(s)), |_, _| {}) {
            Some((passes, (mover, opponent, side))) => Ok(Transcript {
                moves,
                board: Board::with_key(mover, opponent, side),
                passes,
            }),
            None => Err(moves),
        }
    }

    /// The fast replay of `moves` from the start position (`None` items: a move that
    /// is no square), `each` told of every move (whether a pass came before it, its
    /// square): the passes (bit `i`: a pass before move `i`) and the bitboards reached
    /// (the side to move's, the opponent's, the side to move), `None` at a move that is
    /// not legal there.
    #[inline(always)]
    pub(crate) fn replay_each(
        moves: impl IntoIterator<Item = Option<Square>>,
        mut each: impl FnMut(bool, Square),
    ) -> Option<(u64, (u64, u64, Color))> {
        let (mut mover, mut opponent) = (Board::START.mover_bits(), Board::START.opponent_bits());
        let mut black_to_move = true;
        let mut passes = 0u64;
        for (i, square) in moves.into_iter().enumerate() {
            let square = square?;
            let index = square.index() as u32;
            let bit = 1u64 << index;
            if (mover | opponent) & bit != 0 || i >= 64 {
                return None;
            }
            let mut flipped = bitboard::flips(mover, opponent, index);
            if flipped == 0 {
                // A pass, when the side to move has no move and the other side this one.
                if bitboard::moves(mover, opponent) != 0 {
                    return None;
                }
                flipped = bitboard::flips(opponent, mover, index);
                if flipped == 0 {
                    return None;
                }
                std::mem::swap(&mut mover, &mut opponent);
                black_to_move = !black_to_move;
                passes |= 1 << i;
            }
            each(passes & (1 << i) != 0, square);
            let next_mover = opponent ^ flipped;
            opponent = mover ^ flipped ^ bit;
            mover = next_mover;
            black_to_move = !black_to_move;
        }
        let side = if black_to_move {
            Color::Black
        } else {
            Color::White
        };
        Some((passes, (mover, opponent, side)))
    }

    /// The plies of the game: each move, with a [`Ply::Pass`] before a move whose side
    /// to move had no legal move (a pass after the last move is not listed: it is made
    /// by the next move).
    ///
    /// ```
    /// use reversi::{Ply, Square, Transcript};
    /// // Black has no move after eight plies, so White plays c1 and e3 in a row.
    /// let game: Transcript = "d3c3b3b2f5a3a1c1e3".parse()?;
    /// let plies = game.plies();
    /// assert_eq!(plies.len(), 10);
    /// assert_eq!((plies[8], plies[9]), (Ply::Pass, Ply::Move(Square::E3)));
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn plies(&self) -> Vec<Ply> {
        let mut plies = Vec::with_capacity(self.moves.len() + self.passes.count_ones() as usize);
        for (i, &square) in self.moves.iter().enumerate() {
            if self.passes & (1 << i) != 0 {
                plies.push(Ply::Pass);
            }
            plies.push(Ply::Move(square));
        }
        plies
    }

    /// The moves played, in order (passes are not listed).
    ///
    /// ```
    /// let game: reversi::Transcript = "f5d6".parse()?;
    /// let names: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(names, ["f5", "d6"]);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    /// The number of moves played (passes not counted).
    ///
    /// ```
    /// assert_eq!("f5d6c3".parse::<reversi::Transcript>()?.len(), 3);
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    ///
    /// ```
    /// assert!("".parse::<reversi::Transcript>()?.is_empty());
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position after the last move. Its side to move may have to pass
    /// ([`Board::must_pass`]): the pass is only made by the next move.
    ///
    /// ```
    /// // After these eight plies Black has no move: the pass comes with the next move.
    /// let game: reversi::Transcript = "d3c3b3b2f5a3a1c1".parse()?;
    /// assert!(game.board().must_pass());
    /// # Ok::<_, reversi::ParseTranscriptError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Adds a move for whichever side is to move, passing first for a side with no
    /// legal move ([`Board::play_after_pass`]).
    ///
    /// # Errors
    /// The [`IllegalMove`] of [`Board::play`]; the transcript is then unchanged.
    ///
    /// ```
    /// use reversi::{IllegalMove, Transcript};
    /// let mut game = Transcript::new();
    /// game.play("f5".parse()?)?;
    /// let again = game.play("f5".parse()?);
    /// assert!(matches!(again, Err(IllegalMove::Occupied { .. })));
    /// assert_eq!(game.to_string(), "f5");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, square: Square) -> Result<(), IllegalMove> {
        let after = self.board.play_after_pass(square)?;
        // After a move the other side is to move; after a pass and a move, the same.
        if after.side_to_move() == self.board.side_to_move() {
            self.passes |= 1 << self.moves.len();
        }
        self.board = after;
        self.moves.push(square);
        Ok(())
    }

    /// Parses a transcript from bytes (see [`Transcript`]); the letters in either case,
    /// surrounding ASCII whitespace ignored.
    ///
    /// # Errors
    /// [`ParseTranscriptError`], naming the first failing move's index.
    ///
    /// ```
    /// use reversi::{ParseTranscriptError, Transcript};
    /// let error = Transcript::parse_bytes(b"f5d6f5").unwrap_err();
    /// assert!(matches!(error, ParseTranscriptError::Illegal { index: 3, .. }));
    /// assert_eq!(error.to_string(), "move 3 (f5): square f5 is not empty");
    /// ```
    pub fn parse_bytes(text: &[u8]) -> Result<Transcript, ParseTranscriptError> {
        let mut transcript = Transcript::new();
        for (i, pair) in grid::trim(text).chunks(2).enumerate() {
            let index = i + 1;
            if pair.len() < 2 {
                return Err(ParseTranscriptError::Truncated {
                    index,
                    text: String::from_utf8_lossy(pair).into_owned(),
                });
            }
            let name = pair.to_ascii_lowercase();
            let square = Square::parse_bytes(&name)
                .map_err(|source| ParseTranscriptError::Square { index, source })?;
            transcript
                .play(square)
                .map_err(|source| ParseTranscriptError::Illegal {
                    index,
                    square,
                    source,
                })?;
        }
        Ok(transcript)
    }
}

impl FromStr for Transcript {
    type Err = ParseTranscriptError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Transcript::parse_bytes(s.as_bytes())
    }
}

/// The compact notation, lower case, no separators.
impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in &self.moves {
            write!(f, "{square}")?;
        }
        Ok(())
    }
}
