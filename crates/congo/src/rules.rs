//! Rule options, the game's status (ongoing, won, drawn) and its outcome.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::piece::{Color, Role};
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

impl fmt::Display for Rules {
    /// The edition the rules are, as the programs' `--edition` option names it: `2022`
    /// for the full rules (promotion on), `2021` without promotion (what `--no-promotion`
    /// gives too).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.promotion { "2022" } else { "2021" })
    }
}

/// Why a text is not [`Rules`]: not one of `2022`, `2021`, `full`, `no-promotion`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad rules \"{found}\": expected 2022, 2021, full or no-promotion")]
pub struct ParseRulesError {
    /// The text as read, escaped and cut to 40 characters (see [`grid::excerpt`]).
    pub found: String,
}

impl FromStr for Rules {
    type Err = ParseRulesError;
    /// Reads the [`Display`](fmt::Display) form, `2022` ([`Rules::FULL`]) or `2021`
    /// ([`Rules::EDITION_2021`]), or the words `full` and `no-promotion` (ASCII case
    /// ignored), after the programs' options `--edition 2021|2022` and `--no-promotion`.
    ///
    /// ```
    /// use congo::Rules;
    /// assert_eq!("2021".parse(), Ok(Rules::EDITION_2021));
    /// assert_eq!("full".parse(), Ok(Rules::FULL));
    /// assert_eq!("No-Promotion".parse(), Ok(Rules::EDITION_2021));
    /// assert_eq!(Rules::FULL.to_string(), "2022");
    /// assert!("2023".parse::<Rules>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        if s == "2022" || s.eq_ignore_ascii_case("full") {
            Ok(Rules::FULL)
        } else if s == "2021" || s.eq_ignore_ascii_case("no-promotion") {
            Ok(Rules::EDITION_2021)
        } else {
            Err(ParseRulesError {
                found: grid::excerpt(s.as_bytes()),
            })
        }
    }
}

/// The result of a finished game.
///
/// [`Position::outcome`] judges by the lions alone (as the assignment's programs print
/// it) and never draws; [`Status::outcome`] gives the outcome by every rule, a draw for
/// two bare lions included. [`Outcome::Draw`] also comes from the game level (a match
/// runner's ply cap, an agreement).
///
/// The text form is `White wins`, `Black wins` or `Draw`; [`FromStr`] reads the same
/// words in any ASCII case.
///
/// ```
/// use congo::{Color, Outcome};
/// assert_eq!(Outcome::Win(Color::White).to_string(), "White wins");
/// assert_eq!("black WINS".parse(), Ok(Outcome::Win(Color::Black)));
/// assert_eq!("Draw".parse(), Ok(Outcome::Draw));
/// assert!("Continue".parse::<Outcome>().is_err());
/// assert_eq!(Outcome::Win(Color::Black).winner(), Some(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The side given won (the other side's lion is gone).
    Win(Color),
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// The winner, `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(color) => Some(color),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `White wins`, `Black wins` or `Draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win(Color::White) => "White wins",
            Outcome::Win(Color::Black) => "Black wins",
            Outcome::Draw => "Draw",
        })
    }
}

/// Why a text is not an [`Outcome`]: it is not `White wins`, `Black wins` or `Draw` (in
/// any ASCII case).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad outcome \"{found}\": expected White wins, Black wins or Draw")]
pub struct ParseOutcomeError {
    /// The text as read, escaped and cut to 40 characters (see [`grid::excerpt`]).
    pub found: String,
}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        [
            Outcome::Win(Color::White),
            Outcome::Win(Color::Black),
            Outcome::Draw,
        ]
        .into_iter()
        .find(|o| o.to_string().eq_ignore_ascii_case(s))
        .ok_or_else(|| ParseOutcomeError {
            found: grid::excerpt(s.as_bytes()),
        })
    }
}

/// Why a game was won (see [`Status`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's lion was captured (it is missing from the board).
    LionCaptured,
    /// The loser is to move and has no legal move (passing is never allowed).
    NoLegalMove,
}

/// Why a game was drawn (see [`Status`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Only the two lions are left and the side to move has no lion capture (as
    /// tournaments and the match runner score it; the assignment's evaluations score it
    /// 0).
    BareLions,
}

/// The state of a game in a position, by every rule of its end (the rule page, "End of
/// game"); from [`Position::status`].
///
/// ```
/// use congo::{Color, Position, Status, WinReason};
/// assert_eq!(Position::START.status(), Status::Ongoing);
/// let won: Position = "7/7/4L2/7/7/7/7 b 0".parse()?;
/// assert_eq!(won.status(), Status::Won { winner: Color::White, reason: WinReason::LionCaptured });
/// assert_eq!(won.status().winner(), Some(Color::White));
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on: both lions are on the board, the side to move has a legal
    /// move, and it is not a draw.
    Ongoing,
    /// The game is over and `winner` won.
    Won {
        /// The winning side.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// The game is over, drawn.
    Drawn(DrawReason),
}

impl Status {
    /// Whether the game is over (won or drawn).
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The winner, if the game was won.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Status::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The [`Outcome`] of a finished game (`None` while it goes on).
    #[must_use]
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Won { winner, .. } => Some(Outcome::Win(winner)),
            Status::Drawn(_) => Some(Outcome::Draw),
        }
    }
}

impl Position {
    /// The game's status by every rule of its end, checked in this order:
    ///
    /// 1. a lion is missing: the other side won ([`WinReason::LionCaptured`]; Black's
    ///    lion is checked first, as in [`Position::outcome`]);
    /// 2. the side to move has no legal move: it lost ([`WinReason::NoLegalMove`]);
    /// 3. only the two lions are left and the side to move has no lion capture: a draw
    ///    ([`DrawReason::BareLions`]);
    /// 4. otherwise [`Status::Ongoing`].
    ///
    /// The assignment's programs that print `Continue` judge by the lions alone
    /// ([`Position::outcome`]), as the assignment asks.
    ///
    /// ```
    /// use congo::{Color, DrawReason, Position, Status, WinReason};
    /// // White is to move and every White piece is blocked: White lost.
    /// let stuck: Position = "lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0".parse()?;
    /// assert_eq!(stuck.status(), Status::Won { winner: Color::Black, reason: WinReason::NoLegalMove });
    /// assert_eq!(stuck.outcome(), None); // by the lions alone the game goes on
    /// // Two bare lions, no lion capture: a draw; with the d-file open: not yet.
    /// let bare: Position = "2l4/7/7/7/7/7/3L3 w 0".parse()?;
    /// assert_eq!(bare.status(), Status::Drawn(DrawReason::BareLions));
    /// let open: Position = "3l3/7/7/7/7/7/3L3 w 0".parse()?;
    /// assert_eq!(open.status(), Status::Ongoing);
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        if let Some(Outcome::Win(winner)) = self.outcome() {
            return Status::Won {
                winner,
                reason: WinReason::LionCaptured,
            };
        }
        if self.count_legal_moves() == 0 {
            return Status::Won {
                winner: self.turn.other(),
                reason: WinReason::NoLegalMove,
            };
        }
        let lions = self.by_role[Role::Lion as usize];
        if self.occupied_bits() == lions && !self.has_lion_capture() {
            return Status::Drawn(DrawReason::BareLions);
        }
        Status::Ongoing
    }

    /// Whether the side to move's lion can capture the other lion now (the lion
    /// capture along a file or diagonal, or a step onto it).
    fn has_lion_capture(&self) -> bool {
        let us = self.turn;
        let enemy_lions = self.bits_of(us.other(), Role::Lion);
        let mut lions = self.bits_of(us, Role::Lion);
        while lions != 0 {
            let sq = lions.trailing_zeros() as usize;
            lions &= lions - 1;
            let steps = crate::tables::KING[sq] & crate::board::CASTLE[us];
            let lines = crate::attacks::lion_lines(sq, self.occupied_bits(), enemy_lions);
            if (steps | lines) & enemy_lions != 0 {
                return true;
            }
        }
        false
    }

    /// The result, judged by the lions alone: `None` while both lions are on the board
    /// (even if the side to move has no legal move); otherwise the side whose lion
    /// remains wins. With no lion at all, which only a hand-written FEN can give (and
    /// [`Position::validate`] refuses), White is reported the winner: Black's lion is
    /// checked first. Never [`Outcome::Draw`].
    ///
    /// ```
    /// use congo::{Color, Outcome, Position};
    /// assert_eq!(Position::START.outcome(), None);
    /// let pos: Position = "7/7/4L2/7/7/7/7 b 0".parse()?;
    /// assert_eq!(pos.outcome(), Some(Outcome::Win(Color::White)));
    /// assert_eq!(pos.winner(), Some(Color::White));
    /// # Ok::<_, congo::ParseFenError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let lions = self.by_role[Role::Lion as usize];
        if lions & self.by_color.black == 0 {
            Some(Outcome::Win(Color::White))
        } else if lions & self.by_color.white == 0 {
            Some(Outcome::Win(Color::Black))
        } else {
            None
        }
    }

    /// The winner: the side whose lion remains when the other's is gone (see
    /// [`Position::outcome`]); `None` while both lions are on the board.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.outcome().and_then(Outcome::winner)
    }

    /// Whether both lions are on the board (otherwise the game is over and there are no
    /// moves).
    #[inline(always)]
    pub(crate) fn both_lions(&self) -> bool {
        let lions = self.by_role[Role::Lion as usize];
        lions & self.by_color.white != 0 && lions & self.by_color.black != 0
    }
}
