//! Rule options and the game status.

use std::fmt;

use crate::piece::Role;
use crate::position::Position;

/// Rule options: what differs between the editions of the assignment.
///
/// ```
/// use congo::Rules;
/// assert!(Rules::default().promotion);
/// assert!(!Rules::EDITION_2021.promotion);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A pawn reaching the far rank (7 for White, 1 for Black) becomes a superpawn at once.
    /// On in the full rules; off in the 2021 edition, where such a pawn can only retreat.
    pub promotion: bool,
}

impl Rules {
    /// The full rules (promotion on): the default.
    pub const FULL: Rules = Rules { promotion: true };
    /// The 2021 edition: no promotion.
    pub const EDITION_2021: Rules = Rules { promotion: false };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::FULL
    }
}

/// The state of the game, judged by the lions alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Both lions are on the board (even if the side to move has no legal move).
    Continue,
    /// Black's lion is gone.
    WhiteWins,
    /// White's lion is gone (and Black's is on the board).
    BlackWins,
}

impl fmt::Display for Status {
    /// `Continue`, `White wins` or `Black wins`, as the assignment prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Continue => "Continue",
            Status::WhiteWins => "White wins",
            Status::BlackWins => "Black wins",
        })
    }
}

impl Position {
    /// The game status, judged by the lions alone: [`Status::Continue`] while both lions
    /// are on the board; otherwise the side whose lion remains wins (with no lion at
    /// all, which only a hand-written FEN can give, [`Status::WhiteWins`] is reported when
    /// Black's lion is missing, checked first).
    ///
    /// ```
    /// use congo::{Position, Status};
    /// assert_eq!(Position::start().status(), Status::Continue);
    /// let pos: Position = "7/7/4L2/7/7/7/7 b 0".parse()?;
    /// assert_eq!(pos.status(), Status::WhiteWins);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        let lions = self.by_role[Role::Lion as usize];
        if lions & self.by_color.black == 0 {
            Status::WhiteWins
        } else if lions & self.by_color.white == 0 {
            Status::BlackWins
        } else {
            Status::Continue
        }
    }

    /// Whether both lions are on the board (otherwise the game is over and there are no
    /// moves).
    #[inline(always)]
    pub(crate) fn both_lions(&self) -> bool {
        let lions = self.by_role[Role::Lion as usize];
        lions & self.by_color.white != 0 && lions & self.by_color.black != 0
    }
}
