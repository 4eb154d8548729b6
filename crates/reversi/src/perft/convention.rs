//! How perft counts passes and finished games ([`Convention`]), and its text form.

use super::walk::{A, E, N};

/// How perft counts passes and finished games. The three agree up to depth 8 from the
/// start; from depth 9 on, passes and finished games occur and they differ. Each has a
/// one-letter text form, `A`, `N` or `E` (the column names of the shared perft table,
/// read by [`Convention::from_char`] and `FromStr` in either case, written by `Display`).
///
/// [`Convention::PassIsPly`] (`A`) is the default: it is the most quoted table, published
/// by several engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(u8)]
pub enum Convention {
    /// `A`: a forced pass is one ply; a finished game counts as one leaf when reached
    /// (equivalently: both players keep passing after the game has ended).
    #[default]
    PassIsPly = A,
    /// `N`: a pass costs no ply (the other side moves at the same depth); a finished
    /// game counts as one leaf wherever it occurs.
    PassIsFree = N,
    /// `E`: only lines that reach the full depth count. A pass is one ply when the
    /// opponent can move; a finished game reached before the last ply counts zero
    /// leaves.
    FullDepthOnly = E,
}

impl Convention {
    /// The three conventions, in the order `A`, `N`, `E`.
    pub const ALL: [Convention; 3] = [
        Convention::PassIsPly,
        Convention::PassIsFree,
        Convention::FullDepthOnly,
    ];

    /// The convention whose letter is `c`: `'a'`, `'n'` or `'e'` in either case.
    ///
    /// ```
    /// use reversi::Convention;
    /// assert_eq!(Convention::from_char('n'), Some(Convention::PassIsFree));
    /// assert_eq!(Convention::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Convention> {
        match c {
            'a' | 'A' => Some(Convention::PassIsPly),
            'n' | 'N' => Some(Convention::PassIsFree),
            'e' | 'E' => Some(Convention::FullDepthOnly),
            _ => None,
        }
    }

    /// The convention's upper-case letter, its text form.
    ///
    /// ```
    /// assert_eq!(reversi::Convention::FullDepthOnly.char(), 'E');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Convention::PassIsPly => 'A',
            Convention::PassIsFree => 'N',
            Convention::FullDepthOnly => 'E',
        }
    }
}

impl std::fmt::Display for Convention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Error of [`Convention`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown perft convention {text:?} (expected a, n or e)")]
pub struct ParseConventionError {
    /// The text that was not a convention.
    pub text: String,
}

impl std::str::FromStr for Convention {
    type Err = ParseConventionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Convention::from_char), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(ParseConventionError { text: s.to_owned() }),
        }
    }
}
