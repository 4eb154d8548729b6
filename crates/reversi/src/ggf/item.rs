//! One move field of a game (`F5`, `PA`, `F5/1.5/0.25`).

use thiserror::Error;

use crate::Ply;

/// One move of a game with what GGF (or NBoard's `move` command) adds to it: the mover's
/// evaluation in discs and the seconds it took, when given.
///
/// Its text form is `F5`, `PA` (a pass), `F5/1.5` or `F5/1.5/0.25`, an empty field
/// standing for one not given (`F5//0.25`); the square in either case.
///
/// ```
/// use reversi::ggf::MoveItem;
/// let item: MoveItem = "f5//1.25".parse()?;
/// assert_eq!(item.ply.to_string(), "f5");
/// assert_eq!((item.eval, item.seconds), (None, Some(1.25)));
/// assert_eq!("PA".parse::<MoveItem>()?.ply, reversi::Ply::Pass);
/// assert!("F9".parse::<MoveItem>().is_err());
/// # Ok::<_, reversi::ggf::ParseMoveItemError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveItem {
    /// The move, or a pass.
    pub ply: Ply,
    /// The mover's evaluation, in discs, when given.
    pub eval: Option<f64>,
    /// The time the move took, in seconds, when given.
    pub seconds: Option<f64>,
}

impl From<Ply> for MoveItem {
    /// The ply with no evaluation and no time.
    ///
    /// ```
    /// use reversi::{ggf::MoveItem, Ply};
    /// assert_eq!(MoveItem::from(Ply::Pass).to_string(), "PA");
    /// ```
    fn from(ply: Ply) -> MoveItem {
        MoveItem {
            ply,
            eval: None,
            seconds: None,
        }
    }
}

/// Why a text is not a [`MoveItem`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveItemError {
    /// The move part is neither a square a1..h8 nor `PA` (or `pass`).
    #[error("{text:?} is neither a square a1..h8 nor PA (a pass)")]
    Ply {
        /// The move part.
        text: String,
    },
    /// The evaluation is not a number.
    #[error("evaluation {text:?} is not a number")]
    Eval {
        /// The evaluation part.
        text: String,
    },
    /// The time is not a number of seconds (at least 0).
    #[error("time {text:?} is not a number of seconds")]
    Time {
        /// The time part.
        text: String,
    },
    /// More than three `/`-separated fields.
    #[error("{text:?} has more than a move, an evaluation and a time")]
    TooManyFields {
        /// The whole text.
        text: String,
    },
}

/// A finite number, `None` for an empty text, or an error made by `error`.
fn number<E>(text: &str, error: impl Fn() -> E) -> Result<Option<f64>, E> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(Some(value)),
        _ => Err(error()),
    }
}

impl std::str::FromStr for MoveItem {
    type Err = ParseMoveItemError;

    fn from_str(text: &str) -> Result<MoveItem, ParseMoveItemError> {
        let mut fields = text.split('/');
        let mv = fields.next().unwrap_or("").trim();
        let ply = if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
            Ply::Pass
        } else {
            match mv.parse::<Ply>() {
                Ok(Ply::Move(square)) => Ply::Move(square),
                _ => {
                    return Err(ParseMoveItemError::Ply {
                        text: mv.to_owned(),
                    })
                }
            }
        };
        let eval_text = fields.next().unwrap_or("").trim();
        let eval = number(eval_text, || ParseMoveItemError::Eval {
            text: eval_text.to_owned(),
        })?;
        let time_text = fields.next().unwrap_or("").trim();
        let seconds = number(time_text, || ParseMoveItemError::Time {
            text: time_text.to_owned(),
        })?;
        if seconds.map_or(false, |s| s < 0.0) {
            return Err(ParseMoveItemError::Time {
                text: time_text.to_owned(),
            });
        }
        if fields.next().is_some() {
            return Err(ParseMoveItemError::TooManyFields {
                text: text.to_owned(),
            });
        }
        Ok(MoveItem { ply, eval, seconds })
    }
}

/// The text form as the NBoard protocol writes moves: the square in capitals (`F5`) or
/// `PA`, then `/eval` (two decimals) and `/time` (seconds, two decimals) when given.
/// A game's writer ([`GgfGame`](crate::ggf::GgfGame)'s `Display`) writes its moves without
/// rounding instead.
///
/// ```
/// use reversi::ggf::MoveItem;
/// let item: MoveItem = "f5/-1/0.5".parse()?;
/// assert_eq!(item.to_string(), "F5/-1.00/0.50");
/// assert_eq!("f5//3".parse::<MoveItem>()?.to_string(), "F5//3.00");
/// # Ok::<_, reversi::ggf::ParseMoveItemError>(())
/// ```
impl std::fmt::Display for MoveItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ply {
            Ply::Move(square) => write!(f, "{}", square.to_string().to_ascii_uppercase())?,
            Ply::Pass => f.write_str("PA")?,
        }
        match (self.eval, self.seconds) {
            (None, None) => Ok(()),
            // `+ 0.0` writes a negative zero as 0.00.
            (Some(eval), None) => write!(f, "/{:.2}", eval + 0.0),
            (None, Some(seconds)) => write!(f, "//{seconds:.2}"),
            (Some(eval), Some(seconds)) => write!(f, "/{:.2}/{seconds:.2}", eval + 0.0),
        }
    }
}
