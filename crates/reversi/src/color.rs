//! The two sides and per-side data.

use std::fmt;

/// A side: Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first; written `X` in board diagrams.
    Black = 0,
    /// The side that moves second; written `O` in board diagrams.
    White = 1,
}

impl Color {
    /// Both sides, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    ///
    /// ```
    /// use reversi::Color;
    /// assert_eq!(Color::Black.other(), Color::White);
    /// ```
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The disc character of the usual text diagrams: `X` for Black, `O` for White.
    ///
    /// ```
    /// assert_eq!(reversi::Color::White.char(), 'O');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The side whose disc character ([`Color::char`]) is `c`.
    ///
    /// ```
    /// use reversi::Color;
    /// assert_eq!(Color::from_char('X'), Some(Color::Black));
    /// assert_eq!(Color::from_char('.'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'X' => Some(Color::Black),
            'O' => Some(Color::White),
            _ => None,
        }
    }

    /// The side's name, `"Black"` or `"White"`.
    ///
    /// ```
    /// assert_eq!(reversi::Color::Black.name(), "Black");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`Color`]'s `FromStr`: the text is not `Black` or `White`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {text:?} (expected \"Black\" or \"White\")")]
pub struct ParseColorError {
    /// The text that was not a colour.
    pub text: String,
}

/// Reads the name `Display` writes, `Black` or `White`, in any ASCII case.
///
/// ```
/// use reversi::Color;
/// assert_eq!("white".parse(), Ok(Color::White));
/// assert_eq!(Color::Black.to_string().parse(), Ok(Color::Black));
/// assert!("X".parse::<Color>().is_err());
/// ```
impl std::str::FromStr for Color {
    type Err = ParseColorError;

    fn from_str(text: &str) -> Result<Color, ParseColorError> {
        Color::ALL
            .iter()
            .copied()
            .find(|color| color.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseColorError {
                text: text.to_owned(),
            })
    }
}

/// One value per side, instead of a `[T; 2]` indexed by hand; index it with a [`Color`].
///
/// ```
/// use reversi::{ByColor, Color};
/// let mut counts = ByColor { black: 2, white: 2 };
/// counts[Color::White] += 1;
/// assert_eq!(*counts.get(Color::White), 3);
/// assert_eq!(counts.map(|n| n * 10), ByColor { black: 20, white: 30 });
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the side (called for Black, then White).
    ///
    /// ```
    /// use reversi::{ByColor, Color};
    /// assert_eq!(ByColor::from_fn(Color::char), ByColor { black: 'X', white: 'O' });
    /// ```
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value of `color`.
    ///
    /// ```
    /// let counts = reversi::ByColor { black: 3, white: 1 };
    /// assert_eq!(*counts.get(reversi::Color::Black), 3);
    /// ```
    #[must_use]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably.
    ///
    /// ```
    /// let mut counts = reversi::ByColor { black: 3, white: 1 };
    /// *counts.get_mut(reversi::Color::White) += 1;
    /// assert_eq!(counts.white, 2);
    /// ```
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Both values passed through `f` (Black's first).
    ///
    /// ```
    /// let counts = reversi::ByColor { black: 3, white: 1 };
    /// assert_eq!(counts.map(|n| n % 2 == 1), reversi::ByColor { black: true, white: true });
    /// ```
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}
