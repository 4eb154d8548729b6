//! Pieces: directions with ranges, and the exercise's `once`/`repeated` line form.

use std::collections::BTreeMap;
use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use grid::Direction;

use crate::error::{MobilityError, ParsePieceError};

/// How many times a piece may repeat the step of one direction.
///
/// Ordered by reach: `Steps(1) < Steps(2) < ... < Unlimited`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Range {
    /// At most this many steps: `Steps(1)` is a leaper (`once`), `Steps(4)` the `R4` of
    /// Betza notation.
    Steps(NonZeroU32),
    /// As many steps as the board allows: a rider (`repeated`, Betza `NN`, `N0`, `R`).
    Unlimited,
}

impl Range {
    /// A single step: a leaper.
    pub const LEAP: Range = Range::Steps(NonZeroU32::MIN);

    /// `Steps(n)` for `n >= 1`, `Unlimited` for `n == 0` (the Betza convention `N0`).
    ///
    /// ```
    /// use mobility::Range;
    /// assert_eq!(Range::from_count(1), Range::LEAP);
    /// assert_eq!(Range::from_count(0), Range::Unlimited);
    /// ```
    pub const fn from_count(n: u32) -> Range {
        match NonZeroU32::new(n) {
            Some(n) => Range::Steps(n),
            None => Range::Unlimited,
        }
    }

    /// The step limit, `None` when unlimited (the form `grid::Square::ray` takes).
    pub const fn max_steps(self) -> Option<u32> {
        match self {
            Range::Steps(n) => Some(n.get()),
            Range::Unlimited => None,
        }
    }
}

/// A piece on an empty board: a set of directions, each with a [`Range`].
///
/// A direction given twice keeps its longer range (a leaper and a rider on the same
/// direction is the rider: every square the leaper reaches, the rider reaches too), so a
/// duplicated direction changes nothing. Directions are stored as `grid::Direction`
/// (`d_file`, `d_rank`); the exercise writes them in matrix form `(dr, dk)`, rows growing
/// downward, and [`Piece::from_directions`] converts.
///
/// `FromStr` reads either the exercise's line form (`once (1, 2) (2, 1) repeated (1, 1)`)
/// or Betza notation (`N`, `fsW`, `NB`); see [`Piece::parse_lists`] and
/// [`Piece::parse_betza`].
///
/// ```
/// use mobility::Piece;
/// let knight: Piece = "once (1, 2) (2, 1) (-1, 2) (-2, 1) (1, -2) (2, -1) (-1, -2) (-2, -1)".parse()?;
/// assert_eq!(knight, "N".parse()?);
/// assert_eq!(knight.len(), 8);
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Piece {
    moves: BTreeMap<Direction, Range>,
}

impl Piece {
    /// The piece with no moves.
    pub fn new() -> Piece {
        Piece::default()
    }

    /// The exercise's piece: leaper directions `once` and rider directions `repeated`,
    /// both in matrix form `(dr, dk)` (row step, column step; row 0 is the top rank).
    ///
    /// # Errors
    ///
    /// [`MobilityError::ZeroDirection`] for `(0, 0)`, and
    /// [`MobilityError::DirectionOutOfRange`] for a row step of `i32::MIN`.
    ///
    /// ```
    /// use mobility::Piece;
    /// let bishop = Piece::from_directions([], [(1, 1), (1, -1), (-1, 1), (-1, -1)])?;
    /// assert_eq!(bishop, "B".parse().unwrap());
    /// assert!(Piece::from_directions([(0, 0)], []).is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn from_directions<I, J>(once: I, repeated: J) -> Result<Piece, MobilityError>
    where
        I: IntoIterator<Item = (i32, i32)>,
        J: IntoIterator<Item = (i32, i32)>,
    {
        let mut piece = Piece::new();
        let once = once.into_iter().map(|d| (d, Range::LEAP));
        let repeated = repeated.into_iter().map(|d| (d, Range::Unlimited));
        for ((dr, dk), range) in once.chain(repeated) {
            piece.add(matrix_direction(dr, dk)?, range);
        }
        Ok(piece)
    }

    /// Adds a direction; if it is already there the longer range is kept.
    pub fn add(&mut self, direction: Direction, range: Range) {
        let entry = self.moves.entry(direction).or_insert(range);
        *entry = (*entry).max(range);
    }

    /// Every direction and its range, in `Direction` order.
    pub fn moves(&self) -> impl Iterator<Item = (Direction, Range)> + '_ {
        self.moves.iter().map(|(&d, &r)| (d, r))
    }

    /// The number of distinct directions.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True for the piece with no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The union of two pieces' moves (a compound piece such as `R` + `N`).
    pub fn union(mut self, other: &Piece) -> Piece {
        for (d, r) in other.moves() {
            self.add(d, r);
        }
        self
    }

    /// Reads the exercise's line form: a `once` part, a `repeated` part, or both (in
    /// either order, each at most once), each followed by zero or more `(dr, dk)` pairs
    /// in matrix form. White space is optional between tokens. `once` alone is the piece
    /// with no moves.
    ///
    /// # Errors
    ///
    /// [`ParsePieceError`] naming the column: a missing keyword, parenthesis or comma,
    /// a number out of `i32` range, the direction `(0, 0)`, a part given twice.
    ///
    /// ```
    /// use mobility::Piece;
    /// let amazon = Piece::parse_lists("once(1,2)(2,1)(-1,2)(-2,1)(1,-2)(2,-1)(-1,-2)(-2,-1) repeated (1,0)(-1,0)(0,1)(0,-1)(1,1)(1,-1)(-1,1)(-1,-1)")?;
    /// assert_eq!(amazon, Piece::parse_betza("QN")?);
    /// assert!(Piece::parse_lists("once").unwrap().is_empty());
    /// assert!(Piece::parse_lists("once (0, 0)").is_err());
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn parse_lists(text: &str) -> Result<Piece, ParsePieceError> {
        ListParser::new(text).parse()
    }

    /// Reads Betza notation; see the crate documentation for the supported subset.
    ///
    /// # Errors
    ///
    /// [`ParsePieceError`] naming the character and its column.
    ///
    /// ```
    /// use mobility::Piece;
    /// assert_eq!(Piece::parse_betza("fN")?.len(), 2); // the shogi knight
    /// assert!(Piece::parse_betza("pR").is_err()); // hoppers are not supported
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn parse_betza(text: &str) -> Result<Piece, ParsePieceError> {
        crate::betza::parse(text)
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// The `once`/`repeated` form when the text starts with one of those keywords,
    /// Betza notation otherwise.
    fn from_str(text: &str) -> Result<Piece, ParsePieceError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with("once") || trimmed.starts_with("repeated") {
            Piece::parse_lists(text)
        } else {
            Piece::parse_betza(text)
        }
    }
}

impl fmt::Display for Piece {
    /// Lists every direction in matrix form with its range: `(1, 2) x1, (1, 1) x∞`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (d, r)) in self.moves().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let (dr, dk) = d.matrix();
            match r {
                Range::Steps(n) => write!(f, "({dr}, {dk}) x{n}")?,
                Range::Unlimited => write!(f, "({dr}, {dk}) x∞")?,
            }
        }
        Ok(())
    }
}

/// A direction from matrix form `(dr, dk)`.
pub(crate) fn matrix_direction(dr: i32, dk: i32) -> Result<Direction, MobilityError> {
    if dr == 0 && dk == 0 {
        return Err(MobilityError::ZeroDirection);
    }
    Direction::from_matrix(dr, dk).ok_or(MobilityError::DirectionOutOfRange { dr, dk })
}

/// Recursive-descent reader of the `once`/`repeated` form, on characters with columns.
struct ListParser {
    chars: Vec<char>,
    pos: usize,
}

impl ListParser {
    fn new(text: &str) -> Self {
        ListParser {
            chars: text.chars().collect(),
            pos: 0,
        }
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn found(&self) -> String {
        match self.chars.get(self.pos) {
            Some(c) => format!("{c:?}"),
            None => "end of line".to_owned(),
        }
    }

    fn expected(&self, expected: &'static str) -> ParsePieceError {
        ParsePieceError::Expected {
            column: self.column(),
            expected,
            found: self.found(),
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if self.chars.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn keyword(&mut self) -> Option<&'static str> {
        for word in ["once", "repeated"] {
            let len = word.chars().count();
            let here: String = self.chars.iter().skip(self.pos).take(len).collect();
            if here == word {
                self.pos += len;
                return Some(word);
            }
        }
        None
    }

    fn parse(mut self) -> Result<Piece, ParsePieceError> {
        let mut piece = Piece::new();
        let mut seen_once = false;
        let mut seen_repeated = false;
        self.skip_space();
        if self.pos == self.chars.len() {
            return Err(ParsePieceError::Empty);
        }
        while self.pos < self.chars.len() {
            let column = self.column();
            let range = match self.keyword() {
                Some("once") if seen_once => {
                    return Err(ParsePieceError::DuplicatePart {
                        column,
                        part: "once",
                    })
                }
                Some("repeated") if seen_repeated => {
                    return Err(ParsePieceError::DuplicatePart {
                        column,
                        part: "repeated",
                    })
                }
                Some("once") => {
                    seen_once = true;
                    Range::LEAP
                }
                Some(_) => {
                    seen_repeated = true;
                    Range::Unlimited
                }
                None => {
                    let expected = if piece.is_empty() && !seen_once && !seen_repeated {
                        "`once` or `repeated`"
                    } else {
                        "`(`, `once` or `repeated`"
                    };
                    return Err(self.expected(expected));
                }
            };
            self.skip_space();
            while self.chars.get(self.pos) == Some(&'(') {
                let open = self.column();
                self.pos += 1;
                self.skip_space();
                let dr_column = self.column();
                let dr = self.number()?;
                self.skip_space();
                if !self.eat(',') {
                    return Err(self.expected("`,`"));
                }
                self.skip_space();
                let dk = self.number()?;
                self.skip_space();
                if !self.eat(')') {
                    return Err(self.expected("`)`"));
                }
                let direction = matrix_direction(dr, dk).map_err(|e| match e {
                    MobilityError::ZeroDirection => ParsePieceError::ZeroDirection { column: open },
                    // Only a row step of i32::MIN has no rank step.
                    _ => ParsePieceError::NumberOutOfRange {
                        column: dr_column,
                        text: dr.to_string(),
                    },
                })?;
                piece.add(direction, range);
                self.skip_space();
            }
        }
        Ok(piece)
    }

    /// An optionally signed decimal integer that fits an `i32`.
    fn number(&mut self) -> Result<i32, ParsePieceError> {
        let start = self.pos;
        if matches!(self.chars.get(self.pos), Some('-' | '+')) {
            self.pos += 1;
        }
        let digits_start = self.pos;
        while self.chars.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.expected("an integer"));
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        text.parse::<i32>()
            .map_err(|_| ParsePieceError::NumberOutOfRange {
                column: start + 1,
                text: grid::lines::excerpt(text.as_bytes()),
            })
    }
}
