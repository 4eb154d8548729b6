//! A game and its clock: the values read and written.

use super::item::MoveItem;
use crate::board::{Board, IllegalMove};
use crate::color::Color;

/// A game's clock (`TI`): the main time and the increment added after each move, in
/// seconds (finite, at least 0).
///
/// Its text form (written by [`GgfGame`]'s `Display`) is minutes and seconds with three
/// decimals, `15:00.000`, then `/` and the increment the same way when it is not 0.
///
/// ```
/// use reversi::ggf::Clock;
/// let clock = Clock { main: 900.0, increment: 5.0 };
/// assert_eq!(clock.to_string(), "15:00.000/0:05.000");
/// assert_eq!(Clock { main: 3.5, increment: 0.0 }.to_string(), "0:03.500");
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// The main thinking time of each player, in seconds.
    pub main: f64,
    /// Seconds added to a player's clock after each of its moves (0 when not given).
    pub increment: f64,
}

/// A GGF Othello game: its start position, its moves, the board they lead to, and what
/// GGF says about the game (players, result, clock, place, date).
///
/// Read it with [`GgfGame::parse`] (or `str::parse`), or many from a stream with
/// [`read_games`](crate::ggf::read_games); build one with [`GgfGame::new`] and
/// [`GgfGame::play`]; write it with `Display` (`to_string()`), in one line: `(;GM[Othello]`, then `PC`, `DT`, `PB`, `PW`,
/// `RE`, `TI` when given, `TY[8]`, `BO` (the squares in groups of 8, rank 1 first),
/// the moves (`B[f5]`, squares in lower case, `PA` for a pass, then `/eval/time` when
/// given, numbers in their shortest exact decimal form, a non-finite one left out),
/// and `;)`. Values have `]` and `\` escaped, and line ends written as spaces. What is
/// written reads back equal (property-tested), except line ends in values and clocks
/// not in whole seconds.
///
/// ```
/// use reversi::ggf::GgfGame;
/// let game: GgfGame = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]\
///     BO[8 ---------------------------O*------*O--------------------------- *]\
///     B[F5//1.1]W[D6];)".parse()?;
/// assert_eq!(game.moves.len(), 2);
/// assert_eq!(game.moves[0].seconds, Some(1.1));
/// assert_eq!(game.board_after.disc_counts().black, 3);
/// assert_eq!(game.clock.map(|c| c.main), Some(900.0));
/// assert_eq!(game.result.as_deref(), Some("?"));
/// # Ok::<_, reversi::ggf::ParseGgfError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// The start position (`BO`).
    pub start: Board,
    /// The moves, in order, passes included.
    pub moves: Vec<MoveItem>,
    /// The board after the moves (not written: the moves give it; the game starts from
    /// [`GgfGame::start`]).
    pub board_after: Board,
    /// The clock, when `TI` gives one.
    pub clock: Option<Clock>,
    /// Where the game was played (`PC`), as written.
    pub place: Option<String>,
    /// When the game was played (`DT`), as written (GGS writes
    /// `2004.09.18_05:54:38.MDT` or seconds since 1970).
    pub date: Option<String>,
    /// Black's name (`PB`).
    pub black: Option<String>,
    /// White's name (`PW`).
    pub white: Option<String>,
    /// The result for Black (`RE`), as written: Black's disc difference (`+12`,
    /// `-3.00`), optionally `:r` (resigned), `:t` (time out) or `:s` (agreed score);
    /// `?` when unknown.
    pub result: Option<String>,
}

impl GgfGame {
    /// A game from `start` with no moves yet and nothing else known.
    ///
    /// ```
    /// use reversi::{ggf::GgfGame, Board};
    /// let game = GgfGame::new(Board::START);
    /// assert!(game.moves.is_empty());
    /// assert_eq!(game.board_after, Board::START);
    /// ```
    #[must_use]
    pub fn new(start: Board) -> GgfGame {
        GgfGame {
            start,
            moves: Vec::new(),
            board_after: start,
            clock: None,
            place: None,
            date: None,
            black: None,
            white: None,
            result: None,
        }
    }

    /// Plays `item` for the side to move of [`GgfGame::board_after`] and adds it to the moves.
    ///
    /// # Errors
    /// The [`IllegalMove`] of [`Board::play`] or [`Board::pass`]; the game is then
    /// unchanged.
    ///
    /// ```
    /// use reversi::{ggf::{GgfGame, MoveItem}, Board, IllegalMove, Ply};
    /// let mut game = GgfGame::new(Board::START);
    /// game.play(MoveItem::from("f5".parse::<Ply>()?))?;
    /// assert_eq!(game.play(MoveItem::from(Ply::Pass)),
    ///     Err(IllegalMove::CannotPass { color: reversi::Color::White }));
    /// assert_eq!(game.moves.len(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, item: MoveItem) -> Result<(), IllegalMove> {
        self.board_after = self.board_after.play_ply(item.ply)?;
        self.moves.push(item);
        Ok(())
    }

    /// The seconds `color` has spent on its moves in the game: the sum of the times
    /// (`B[f5//1.5]`) of the moves it made from [`GgfGame::start`], a move without one
    /// counting 0. This is what the game's [`Clock`] has used of `color`'s main time (what
    /// an NBoard engine is told of its clock in `set game`).
    ///
    /// The moves are replayed to know whose each one is; in a game that [`GgfGame::play`] or
    /// [`GgfGame::parse`] made they are all legal (a move of a game edited into an illegal
    /// one counts for the side to move at that point, and leaves the board as it was).
    ///
    /// ```
    /// use reversi::{ggf::GgfGame, Color};
    /// let game: GgfGame = "(;GM[Othello]TI[1:00]TY[8]\
    ///     BO[8 ---------------------------O*------*O--------------------------- *]\
    ///     B[f5//1.25]W[d6//0.5]B[c3]W[d3//2];)".parse()?;
    /// assert_eq!(game.seconds_used(Color::Black), 1.25);
    /// assert_eq!(game.seconds_used(Color::White), 2.5);
    /// # Ok::<_, reversi::ggf::ParseGgfError>(())
    /// ```
    #[must_use]
    pub fn seconds_used(&self, color: Color) -> f64 {
        let mut board = self.start;
        let mut used = 0.0;
        for item in &self.moves {
            if board.side_to_move() == color {
                used += item.seconds.unwrap_or(0.0);
            }
            board = board.play_ply(item.ply).unwrap_or(board);
        }
        used
    }
}
