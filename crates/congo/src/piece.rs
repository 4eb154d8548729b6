//! Colours, piece kinds and pieces: the fixed vocabularies of Congo.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

use thiserror::Error;

/// A side: White (moves first, starts on ranks 1-2) or Black.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White: upper-case FEN letters, `w` in the side field; forward is toward rank 7.
    White = 0,
    /// Black: lower-case FEN letters, `b` in the side field; forward is toward rank 1.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The colour from its index (0 White, 1 Black).
    ///
    /// ```
    /// use congo::Color;
    /// assert_eq!(Color::from_index(1), Some(Color::Black));
    /// assert_eq!(Color::from_index(2), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The other side.
    ///
    /// ```
    /// use congo::Color;
    /// assert_eq!(Color::White.other(), Color::Black);
    /// ```
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The FEN side letter, always lower case: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour from a FEN side letter, in either case (`w`, `W`, `b`, `B`).
    ///
    /// ```
    /// use congo::Color;
    /// assert_eq!(Color::from_char('B'), Some(Color::Black));
    /// assert_eq!(Color::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The lower-case English name, `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// Writes the name (`white` / `black`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a [`Color`], [`Role`] or [`Piece`] (see their [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad {what} \"{found}\": expected {expected}")]
pub struct ParseNameError {
    /// What was being read: `colour`, `piece kind` or `piece`.
    pub what: &'static str,
    /// The text as read, escaped and cut to 40 characters (see [`grid::excerpt`]).
    pub found: String,
    /// The forms accepted, in words.
    pub expected: &'static str,
}

impl ParseNameError {
    fn new(what: &'static str, found: &str, expected: &'static str) -> ParseNameError {
        ParseNameError {
            what,
            found: grid::excerpt(found.as_bytes()),
            expected,
        }
    }
}

/// Reads `s` as one letter (by `from_char`) or as the name of one of `all` (ASCII case
/// ignored): the text forms of [`Color`] and [`Role`].
fn letter_or_name<T: Copy>(
    s: &str,
    from_char: fn(char) -> Option<T>,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Option<T> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => from_char(ch),
        _ => all
            .iter()
            .copied()
            .find(|&x| name(x).eq_ignore_ascii_case(s)),
    }
}

impl FromStr for Color {
    type Err = ParseNameError;
    /// Reads the name (`white`, `black`) or the FEN side letter (`w`, `b`), in any ASCII
    /// case.
    ///
    /// ```
    /// use congo::Color;
    /// assert_eq!("Black".parse(), Ok(Color::Black));
    /// assert_eq!("w".parse(), Ok(Color::White));
    /// assert!("red".parse::<Color>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Color, ParseNameError> {
        letter_or_name(s, Color::from_char, &Color::ALL, Color::name)
            .ok_or_else(|| ParseNameError::new("colour", s, "white, black, w or b"))
    }
}

/// A piece kind, in the order the board listing prints them.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn `P`: steps forward or diagonally forward; retreats once past the river.
    Pawn = 0,
    /// Superpawn `S`: a promoted pawn; also steps sideways and retreats anywhere.
    Superpawn = 1,
    /// Giraffe `G`: non-capturing step, or a 2-square orthogonal/diagonal jump.
    Giraffe = 2,
    /// Monkey `M`: non-capturing step, or checkers-style multi-capture jumps.
    Monkey = 3,
    /// Elephant `E`: 1 or 2 squares orthogonally, jumping.
    Elephant = 4,
    /// Lion `L`: king steps inside its castle, plus the lion capture.
    Lion = 5,
    /// Crocodile `C`: king steps, file slide toward the river, river slide; never drowns.
    Crocodile = 6,
    /// Zebra `Z`: knight leap.
    Zebra = 7,
}

const ROLE_CHARS: [u8; 8] = *b"psgmelcz";
const ROLE_NAMES: [&str; 8] = [
    "pawn",
    "superpawn",
    "giraffe",
    "monkey",
    "elephant",
    "lion",
    "crocodile",
    "zebra",
];

impl Role {
    /// All eight kinds, in listing order (pawn, superpawn, giraffe, monkey, elephant,
    /// lion, crocodile, zebra).
    pub const ALL: [Role; 8] = [
        Role::Pawn,
        Role::Superpawn,
        Role::Giraffe,
        Role::Monkey,
        Role::Elephant,
        Role::Lion,
        Role::Crocodile,
        Role::Zebra,
    ];

    /// The kind from its index in [`Role::ALL`].
    ///
    /// ```
    /// use congo::Role;
    /// assert_eq!(Role::from_index(5), Some(Role::Lion));
    /// assert_eq!(Role::from_index(8), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 8 {
            Some(Role::ALL[index])
        } else {
            None
        }
    }

    /// The lower-case FEN letter (`p s g m e l c z`).
    #[must_use]
    pub const fn char(self) -> char {
        ROLE_CHARS[self as usize] as char
    }

    /// The upper-case FEN letter (`P S G M E L C Z`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        ROLE_CHARS[self as usize].to_ascii_uppercase() as char
    }

    /// The kind from its FEN letter in either case.
    ///
    /// ```
    /// use congo::Role;
    /// assert_eq!(Role::from_char('Z'), Some(Role::Zebra));
    /// assert_eq!(Role::from_char('k'), None);
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Role> {
        if !ch.is_ascii() {
            return None;
        }
        let lower = (ch as u8).to_ascii_lowercase();
        let mut i = 0;
        while i < 8 {
            if ROLE_CHARS[i] == lower {
                return Some(Role::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// The English name used by the listing (`pawn`, `superpawn`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        ROLE_NAMES[self as usize]
    }

    /// The kind from its English name (`"crocodile"`).
    ///
    /// ```
    /// use congo::Role;
    /// assert_eq!(Role::from_name("monkey"), Some(Role::Monkey));
    /// assert_eq!(Role::from_name("king"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl fmt::Display for Role {
    /// Writes the name (`elephant`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Role {
    type Err = ParseNameError;
    /// Reads the name (`elephant`) or the FEN letter (`e`, `E`), in any ASCII case.
    ///
    /// ```
    /// use congo::Role;
    /// assert_eq!("Crocodile".parse(), Ok(Role::Crocodile));
    /// assert_eq!("z".parse(), Ok(Role::Zebra));
    /// assert!("king".parse::<Role>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Role, ParseNameError> {
        letter_or_name(s, Role::from_char, &Role::ALL, Role::name).ok_or_else(|| {
            ParseNameError::new(
                "piece kind",
                s,
                "a kind's name (pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra) or FEN letter",
            )
        })
    }
}

/// A piece: a colour and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use congo::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::White, role: Role::Lion }.char(), 'L');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece from its FEN letter (case gives the colour).
    ///
    /// ```
    /// use congo::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('c'), Some(Piece { color: Color::Black, role: Role::Crocodile }));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Piece> {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// Writes the FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = ParseNameError;
    /// Reads one FEN letter: upper case White, lower case Black.
    ///
    /// ```
    /// use congo::{Color, Piece, Role};
    /// assert_eq!("m".parse(), Ok(Piece { color: Color::Black, role: Role::Monkey }));
    /// assert!("Mm".parse::<Piece>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Piece, ParseNameError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Piece::from_char(ch),
            _ => None,
        }
        .ok_or_else(|| {
            ParseNameError::new(
                "piece",
                s,
                "one FEN letter of PSGMELCZ, upper case White, lower case Black",
            )
        })
    }
}

/// One value per colour, indexed by [`Color`].
///
/// ```
/// use congo::{ByColor, Color, Position, Role};
/// let mut counts = ByColor::new(0, 0);
/// counts[Color::Black] += 3;
/// assert_eq!(counts.white, 0);
/// assert_eq!(counts[Color::Black], 3);
/// *counts.get_mut(Color::White) += 1;
/// assert_eq!(*counts.get(Color::White), 1);
///
/// let pawns = ByColor::from_fn(|c| Position::START.pieces(c, Role::Pawn).len());
/// assert_eq!(pawns, ByColor::new(7, 7));
/// assert_eq!(pawns.map(|n| n * 2).black, 14);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Both values, White's first.
    #[must_use]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The values `f(Color::White)` and `f(Color::Black)`, computed in that order.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let white = f(Color::White);
        ByColor {
            white,
            black: f(Color::Black),
        }
    }

    /// The value of `color`.
    #[must_use]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values (White's first).
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

/// One value per piece kind, indexed by [`Role`] through named fields, so a table never
/// depends on the order in which the kinds are declared (after shakmaty's `ByRole`).
///
/// ```
/// use congo::{ByRole, Role};
/// let mut values = ByRole::from_fn(|role| if role == Role::Lion { 0 } else { 100 });
/// values[Role::Giraffe] = 400;
/// assert_eq!(values.giraffe, 400);
/// assert_eq!(*values.get(Role::Pawn), 100);
/// assert_eq!(values.map(|v| v / 100).giraffe, 4);
/// let sum: i32 = values.iter().map(|(_, &v)| v).sum();
/// assert_eq!(sum, 6 * 100 + 400);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByRole<T> {
    /// The pawn's value.
    pub pawn: T,
    /// The superpawn's value.
    pub superpawn: T,
    /// The giraffe's value.
    pub giraffe: T,
    /// The monkey's value.
    pub monkey: T,
    /// The elephant's value.
    pub elephant: T,
    /// The lion's value.
    pub lion: T,
    /// The crocodile's value.
    pub crocodile: T,
    /// The zebra's value.
    pub zebra: T,
}

impl<T> ByRole<T> {
    /// The values `f(role)` for every kind, computed in [`Role::ALL`] order.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole {
            pawn: f(Role::Pawn),
            superpawn: f(Role::Superpawn),
            giraffe: f(Role::Giraffe),
            monkey: f(Role::Monkey),
            elephant: f(Role::Elephant),
            lion: f(Role::Lion),
            crocodile: f(Role::Crocodile),
            zebra: f(Role::Zebra),
        }
    }

    /// The value of `role`.
    #[must_use]
    pub const fn get(&self, role: Role) -> &T {
        match role {
            Role::Pawn => &self.pawn,
            Role::Superpawn => &self.superpawn,
            Role::Giraffe => &self.giraffe,
            Role::Monkey => &self.monkey,
            Role::Elephant => &self.elephant,
            Role::Lion => &self.lion,
            Role::Crocodile => &self.crocodile,
            Role::Zebra => &self.zebra,
        }
    }

    /// The value of `role`, mutably.
    pub fn get_mut(&mut self, role: Role) -> &mut T {
        match role {
            Role::Pawn => &mut self.pawn,
            Role::Superpawn => &mut self.superpawn,
            Role::Giraffe => &mut self.giraffe,
            Role::Monkey => &mut self.monkey,
            Role::Elephant => &mut self.elephant,
            Role::Lion => &mut self.lion,
            Role::Crocodile => &mut self.crocodile,
            Role::Zebra => &mut self.zebra,
        }
    }

    /// Applies `f` to every value (in [`Role::ALL`] order).
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByRole<U> {
        ByRole {
            pawn: f(self.pawn),
            superpawn: f(self.superpawn),
            giraffe: f(self.giraffe),
            monkey: f(self.monkey),
            elephant: f(self.elephant),
            lion: f(self.lion),
            crocodile: f(self.crocodile),
            zebra: f(self.zebra),
        }
    }

    /// Every kind with its value, in [`Role::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Role, &T)> + '_ {
        Role::ALL.iter().map(move |&role| (role, self.get(role)))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    fn index(&self, role: Role) -> &T {
        self.get(role)
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    fn index_mut(&mut self, role: Role) -> &mut T {
        self.get_mut(role)
    }
}
