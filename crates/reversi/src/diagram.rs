//! Boards drawn as text: the bare diagrams of the judge formats ([`Board::diagram`],
//! in either [`Orientation`]) and the picture for people ([`Board::display`]: Othello's
//! orientation, with coordinates).

use crate::board::Board;
use crate::color::Color;
use crate::squares::Square;

/// Which rank a diagram of the board ([`Board::diagram`]) draws on its first line.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Rank 8 first, as a player sitting at White's side sees the board (and as
    /// `Display` draws it).
    RankEightFirst,
    /// Rank 1 first: the top-left matrix view, as the Thai olympiad problem prints it.
    RankOneFirst,
}

/// A diagram of a board in one [`Orientation`] ([`Board::diagram`]): files a to h left to
/// right, `X` Black, `O` White, `.` empty, one line per rank, each ending with a newline.
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a> {
    board: &'a Board,
    orientation: Orientation,
}

impl Board {
    /// The board drawn with the rank `orientation` names first.
    ///
    /// ```
    /// use reversi::{Board, Orientation};
    /// let one_first = Board::START.diagram(Orientation::RankOneFirst).to_string();
    /// assert_eq!(one_first.lines().nth(3), Some("...OX..."));
    /// let eight_first = Board::START.diagram(Orientation::RankEightFirst).to_string();
    /// assert_eq!(eight_first.lines().nth(3), Some("...XO..."));
    /// assert!(Board::START.to_string().starts_with(&eight_first));
    /// ```
    #[must_use]
    pub const fn diagram(&self, orientation: Orientation) -> Diagram<'_> {
        Diagram {
            board: self,
            orientation,
        }
    }
}

impl std::fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in 0..8u8 {
            let rank = match self.orientation {
                Orientation::RankEightFirst => 7 - row,
                Orientation::RankOneFirst => row,
            };
            for file in 0..8u8 {
                let c = Square::new(file, rank)
                    .and_then(|square| self.board.disc_at(square))
                    .map_or('.', Color::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A board as people read it ([`Board::display`]).
#[derive(Clone, Copy, Debug)]
pub struct BoardDisplay<'a> {
    board: &'a Board,
}

impl Board {
    /// The board as Othello players read it: rank 1 on top and files a to h left to
    /// right (a1 top left, as in Othello books, WTHOR's square numbering and NBoard),
    /// with the files above and the ranks on the left; `X` Black, `O` White, `.` empty,
    /// a space before each square; then the side to move (or `game over`) and the disc
    /// counts. Ten lines, each ending with a newline. This is the picture of GTP's
    /// `showboard` and `reversi-book show`; the judge formats use [`Board::diagram`]
    /// and `Display` (rank 8 on top, no coordinates), which read back.
    ///
    /// ```
    /// let board = reversi::Board::START.play("f5".parse()?)?;
    /// let picture = board.display().to_string();
    /// let lines: Vec<&str> = picture.lines().collect();
    /// assert_eq!(lines[0], "  a b c d e f g h");
    /// assert_eq!(lines[1], "1 . . . . . . . .");
    /// assert_eq!(lines[4], "4 . . . O X . . .");
    /// assert_eq!(lines[5], "5 . . . X X X . .");
    /// assert_eq!(lines[9], "White to move, X 4 O 1");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn display(&self) -> BoardDisplay<'_> {
        BoardDisplay { board: self }
    }
}

impl std::fmt::Display for BoardDisplay<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for rank in 0..8u8 {
            write!(f, "{}", rank + 1)?;
            for file in 0..8u8 {
                let c = Square::new(file, rank)
                    .and_then(|square| self.board.disc_at(square))
                    .map_or('.', Color::char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        let counts = self.board.disc_counts();
        if self.board.is_game_over() {
            write!(f, "game over")?;
        } else {
            write!(f, "{} to move", self.board.side_to_move())?;
        }
        writeln!(f, ", X {} O {}", counts.black, counts.white)
    }
}

/// The board's text form: the diagram with rank 8 on top
/// ([`Orientation::RankEightFirst`]: 8 lines of 8 characters, files a to h, `X` Black,
/// `O` White, `.` empty), then a ninth line naming the side to move, `Black to move` or
/// `White to move`; every line ends with a newline. `FromStr` reads it back. For people,
/// [`Board::display`] draws Othello's orientation (rank 1 on top) with coordinates.
///
/// ```
/// let text = reversi::Board::START.to_string();
/// assert_eq!(text.lines().nth(3), Some("...XO..."));
/// assert_eq!(text.lines().nth(8), Some("Black to move"));
/// ```
impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.diagram(Orientation::RankEightFirst).fmt(f)?;
        writeln!(f, "{} to move", self.side_to_move())
    }
}
