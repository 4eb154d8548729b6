//! Rule options and the game outcome.

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
/// A Congo position is over when a lion has been captured ([`Position::outcome`]); the
/// rules never draw a position, so [`Outcome::Draw`] only comes from the game level (a
/// match runner's ply cap, an agreement).
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

impl Position {
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
