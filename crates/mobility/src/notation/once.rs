//! The exercise's line form: `once (dr, dk) ... repeated (dr, dk) ...`.

use crate::error::{MobilityError, ParsePieceError};
use crate::piece::{matrix_direction, Piece, Range};

impl Piece {
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
        while matches!(self.chars.get(self.pos), Some(c) if c.is_whitespace()) {
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
                match matrix_direction(dr, dk) {
                    Ok(direction) => piece.add(direction, range),
                    Err(MobilityError::ZeroDirection) => {
                        return Err(ParsePieceError::ZeroDirection { column: open })
                    }
                    // A row step of -2^31 is a rank step of 2^31, which no direction
                    // holds; its first step leaves every board (at most 99 ranks), so the
                    // piece gains no move, exactly what the direction would give.
                    Err(_) => {}
                }
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
        while matches!(self.chars.get(self.pos), Some(c) if c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.expected("an integer"));
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        // The same bounds for both numbers of a pair: those of an `i32`.
        text.parse::<i32>()
            .map_err(|_| ParsePieceError::NumberOutOfRange {
                column: start + 1,
                text: grid::excerpt(text.as_bytes()),
            })
    }
}
