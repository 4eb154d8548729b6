//! Squares and their algebraic names.

use std::cmp::Ordering;
use std::fmt;

use thiserror::Error;

use crate::direction::Direction;
use crate::excerpt::excerpt;
use crate::size::BoardSize;

/// A square of a board of known [`BoardSize`].
///
/// Coordinates are 0-based: file 0 is `a`, rank 0 is rank `1`. The square's
/// [`index`](Square::index) is `rank * files + file`, so `a1` is 0 and, on 8x8, `h8` is 63:
/// the bit order of Congo and Reversi bitboards. Squares can only be built through checked
/// constructors, so a `Square` is always on its board.
///
/// Squares order by file, then rank (`a1 < a2 < ... < a7 < b1`): on boards of fewer than
/// ten ranks that is the alphabetical order of their names.
///
/// ```
/// use grid::{BoardSize, Square};
///
/// let square = Square::parse("c5", BoardSize::CONGO)?;
/// assert_eq!((square.file(), square.rank()), (2, 4));
/// assert_eq!(square.index(), 30);
/// assert_eq!(square.matrix(), (2, 2));
/// assert_eq!(square.to_string(), "c5");
/// assert_eq!(format!("{square:?}"), "Square(c5)");
/// # Ok::<_, grid::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square {
    file: u8,
    rank: u8,
    size: BoardSize,
}

/// Why an algebraic square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    /// The text is empty.
    #[error("empty square name")]
    Empty,
    /// The first character is not a file letter `a`..`z` (or `A`..`Z`).
    #[error("invalid square \"{text}\": it must start with a file letter a-z")]
    File {
        /// The text that was read: lossily decoded if it was not UTF-8, escaped, at most
        /// 40 characters (see [`crate::excerpt`]).
        text: String,
    },
    /// What follows the file letter is not a rank number without leading zeros.
    #[error("invalid square \"{text}\": the file letter must be followed by a rank number")]
    Rank {
        /// The text that was read (as for [`ParseSquareError::File`]).
        text: String,
    },
    /// The name is well formed but the square is not on the board.
    #[error("square \"{text}\" is off the {size} board")]
    OffBoard {
        /// The text that was read (as for [`ParseSquareError::File`]).
        text: String,
        /// The board it was read for.
        size: BoardSize,
    },
}

impl Square {
    /// The square on 0-based `file` and `rank` of a board of `size`, or `None` when off it.
    ///
    /// ```
    /// use grid::{BoardSize, Square};
    /// assert_eq!(Square::new(6, 6, BoardSize::CONGO).unwrap().to_string(), "g7");
    /// assert_eq!(Square::new(7, 0, BoardSize::CONGO), None);
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8, size: BoardSize) -> Option<Square> {
        if file < size.files() && rank < size.ranks() {
            Some(Square { file, rank, size })
        } else {
            None
        }
    }

    /// Parses an algebraic name: a file letter and a rank number `1`.. without leading
    /// zeros (`d4`, `a10`), on a board of `size`. The file letter is read in either case
    /// (`D4` is `d4`), as every program reads squares and moves; [`Display`](fmt::Display)
    /// writes it in lower case.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`]: empty text, a bad file letter, a bad rank number (missing,
    /// leading zero, trailing characters), or a square off the board.
    ///
    /// ```
    /// use grid::{BoardSize, ParseSquareError, Square};
    /// assert_eq!(Square::parse("h8", BoardSize::CHESS)?.index(), 63);
    /// assert!(matches!(Square::parse("i1", BoardSize::CHESS), Err(ParseSquareError::OffBoard { .. })));
    /// assert_eq!(Square::parse("D4", BoardSize::CHESS)?.to_string(), "d4");
    /// assert!(matches!(Square::parse("4d", BoardSize::CHESS), Err(ParseSquareError::File { .. })));
    /// assert!(matches!(Square::parse("a0", BoardSize::CHESS), Err(ParseSquareError::Rank { .. })));
    /// # Ok::<_, ParseSquareError>(())
    /// ```
    pub fn parse(text: &str, size: BoardSize) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(text.as_bytes(), size)
    }

    /// [`Square::parse`] on bytes, for parsers that work on raw input.
    ///
    /// # Errors
    ///
    /// As [`Square::parse`].
    ///
    /// ```
    /// use grid::{BoardSize, Square};
    /// assert_eq!(Square::parse_bytes(b"a10", BoardSize::new(26, 26).unwrap())?.rank(), 9);
    /// # Ok::<_, grid::ParseSquareError>(())
    /// ```
    pub fn parse_bytes(text: &[u8], size: BoardSize) -> Result<Square, ParseSquareError> {
        let owned = || excerpt(text);
        let (&letter, digits) = text.split_first().ok_or(ParseSquareError::Empty)?;
        if !letter.is_ascii_alphabetic() {
            return Err(ParseSquareError::File { text: owned() });
        }
        let rank_ok = matches!(digits, [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9']);
        if !rank_ok {
            // Longer numbers are well formed but off every board.
            let long =
                digits.len() > 2 && digits[0] != b'0' && digits.iter().all(u8::is_ascii_digit);
            return Err(if long {
                ParseSquareError::OffBoard {
                    text: owned(),
                    size,
                }
            } else {
                ParseSquareError::Rank { text: owned() }
            });
        }
        let rank = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        Square::new(letter.to_ascii_lowercase() - b'a', rank - 1, size).ok_or_else(|| {
            ParseSquareError::OffBoard {
                text: owned(),
                size,
            }
        })
    }

    /// 0-based file: 0 for `a`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0-based rank: 0 for rank `1`.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The board this square belongs to.
    #[must_use]
    pub const fn size(self) -> BoardSize {
        self.size
    }

    /// `rank * files + file`: `a1` is 0; on 8x8 `h8` is 63, on 7x7 `g7` is 48.
    #[must_use]
    pub const fn index(self) -> usize {
        self.rank as usize * self.size.files() as usize + self.file as usize
    }

    /// Matrix coordinates `(row, col)`: row 0 is the top rank, col 0 is file `a`.
    ///
    /// ```
    /// use grid::{BoardSize, Square};
    /// assert_eq!(Square::parse("g2", BoardSize::CHESS)?.matrix(), (6, 6));
    /// # Ok::<_, grid::ParseSquareError>(())
    /// ```
    #[must_use]
    pub const fn matrix(self) -> (usize, usize) {
        (
            (self.size.ranks() - 1 - self.rank) as usize,
            self.file as usize,
        )
    }

    /// The file letter, `a`..`z`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file) as char
    }

    /// The square one leap of `direction` away, or `None` when that is off the board.
    ///
    /// ```
    /// use grid::{BoardSize, Direction, Square};
    /// let b1 = Square::parse("b1", BoardSize::CHESS)?;
    /// let knight = Direction::new(1, 2).unwrap();
    /// assert_eq!(b1.offset(knight).unwrap().to_string(), "c3");
    /// assert_eq!(b1.offset(Direction::new(-2, 1).unwrap()), None);
    /// # Ok::<_, grid::ParseSquareError>(())
    /// ```
    #[must_use]
    pub fn offset(self, direction: Direction) -> Option<Square> {
        let file = i64::from(self.file) + i64::from(direction.d_file());
        let rank = i64::from(self.rank) + i64::from(direction.d_rank());
        let file = u8::try_from(file).ok()?;
        let rank = u8::try_from(rank).ok()?;
        Square::new(file, rank, self.size)
    }
}

/// The squares of a board size (here rather than in the `size` module, which knows no
/// square: board sizes come first, squares are built on them).
impl BoardSize {
    /// The square on 0-based `file` (0 = `a`) and `rank` (0 = rank `1`), if on this board.
    ///
    /// ```
    /// use grid::BoardSize;
    /// let d4 = BoardSize::CHESS.square(3, 3).unwrap();
    /// assert_eq!(d4.to_string(), "d4");
    /// assert_eq!(BoardSize::CHESS.square(8, 0), None);
    /// ```
    #[must_use]
    pub fn square(self, file: u8, rank: u8) -> Option<Square> {
        Square::new(file, rank, self)
    }

    /// The square with index `rank * files + file` (`a1` = 0, then along rank 1,
    /// then rank 2...), if below [`square_count`](Self::square_count).
    ///
    /// ```
    /// use grid::BoardSize;
    /// assert_eq!(BoardSize::CONGO.square_at(48).unwrap().to_string(), "g7");
    /// assert_eq!(BoardSize::CONGO.square_at(49), None);
    /// ```
    #[must_use]
    pub fn square_at(self, index: usize) -> Option<Square> {
        if index < self.square_count() {
            let files = self.files() as usize;
            Square::new((index % files) as u8, (index / files) as u8, self)
        } else {
            None
        }
    }

    /// The square at matrix coordinates `(row, col)`: row 0 is the top rank (the highest
    /// rank number), col 0 is file `a`. `None` when off the board.
    ///
    /// ```
    /// use grid::BoardSize;
    /// let d4 = BoardSize::CHESS.square_from_matrix(4, 3).unwrap();
    /// assert_eq!(d4.to_string(), "d4");
    /// assert_eq!(BoardSize::CHESS.square_from_matrix(8, 7), None);
    /// assert_eq!(BoardSize::CHESS.square_from_matrix(-1, 0), None);
    /// ```
    #[must_use]
    pub fn square_from_matrix(self, row: i64, col: i64) -> Option<Square> {
        let ranks = i64::from(self.ranks());
        if !(0..ranks).contains(&row) || !(0..i64::from(self.files())).contains(&col) {
            return None;
        }
        Square::new(col as u8, (ranks - 1 - row) as u8, self)
    }

    /// Parses an algebraic square name (`d4`, `z26`) on this board.
    ///
    /// # Errors
    ///
    /// A [`ParseSquareError`] saying what is wrong: empty text, no file letter, no rank
    /// number, a rank with a leading zero or trailing characters, or a square off this board.
    ///
    /// ```
    /// use grid::{BoardSize, ParseSquareError};
    /// assert_eq!(BoardSize::CONGO.parse_square("g7")?.index(), 48);
    /// assert!(BoardSize::CONGO.parse_square("h1").is_err());
    /// # Ok::<_, ParseSquareError>(())
    /// ```
    pub fn parse_square(self, text: &str) -> Result<Square, ParseSquareError> {
        Square::parse(text, self)
    }

    /// Every square of the board in index order: `a1`, `b1`, ..., then rank 2, ...
    ///
    /// ```
    /// use grid::BoardSize;
    /// let names: Vec<String> = BoardSize::new(2, 2).unwrap().squares().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["a1", "b1", "a2", "b2"]);
    /// ```
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.square_count()).filter_map(move |index| self.square_at(index))
    }
}

impl PartialOrd for Square {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Square {
    /// By file, then rank, then board size.
    fn cmp(&self, other: &Self) -> Ordering {
        (self.file, self.rank, self.size.files(), self.size.ranks()).cmp(&(
            other.file,
            other.rank,
            other.size.files(),
            other.size.ranks(),
        ))
    }
}

impl fmt::Display for Square {
    /// The algebraic name, e.g. `d4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank + 1)
    }
}

impl fmt::Debug for Square {
    /// The algebraic name in the type's name, e.g. `Square(d4)` (not the board size).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Vec<BoardSize> {
        [
            (1, 1),
            (7, 7),
            (8, 8),
            (10, 10),
            (26, 26),
            (26, 99),
            (3, 12),
        ]
        .into_iter()
        .map(|(f, r)| BoardSize::new(f, r).unwrap())
        .collect()
    }

    #[test]
    fn every_square_round_trips() {
        for size in sizes() {
            for square in size.squares() {
                let name = square.to_string();
                assert_eq!(Square::parse(&name, size), Ok(square), "{name} on {size}");
                let (row, col) = square.matrix();
                assert_eq!(
                    size.square_from_matrix(row as i64, col as i64),
                    Some(square)
                );
                assert_eq!(size.square(square.file(), square.rank()), Some(square));
                assert_eq!(size.square_at(square.index()), Some(square));
            }
        }
    }

    #[test]
    fn names_from_the_rules() {
        // Matrix coordinates of the mobility exercise: d4 = (4, 3), g2 = (6, 6).
        let chess = BoardSize::CHESS;
        assert_eq!(Square::parse("d4", chess).unwrap().matrix(), (4, 3));
        assert_eq!(Square::parse("g2", chess).unwrap().matrix(), (6, 6));
        assert_eq!(chess.square_from_matrix(0, 0).unwrap().to_string(), "a8");
        assert_eq!(chess.square_from_matrix(7, 7).unwrap().to_string(), "h1");
        // Corners of the Congo board.
        let congo = BoardSize::CONGO;
        assert_eq!(Square::parse("a1", congo).unwrap().index(), 0);
        assert_eq!(Square::parse("g1", congo).unwrap().index(), 6);
        assert_eq!(Square::parse("a7", congo).unwrap().index(), 42);
        assert_eq!(Square::parse("g7", congo).unwrap().index(), 48);
        // Two-digit ranks.
        let big = BoardSize::new(26, 26).unwrap();
        let z26 = Square::parse("z26", big).unwrap();
        assert_eq!((z26.file(), z26.rank(), z26.index()), (25, 25, 675));
        assert_eq!(z26.matrix(), (0, 25));
    }

    #[test]
    fn file_letters_read_in_either_case() {
        let size = BoardSize::new(26, 26).unwrap();
        for square in size.squares() {
            let upper = square.to_string().to_ascii_uppercase();
            assert_eq!(Square::parse(&upper, size), Ok(square), "{upper}");
        }
        assert_eq!(
            Square::parse("D1", BoardSize::CONGO).unwrap().to_string(),
            "d1"
        );
    }

    #[test]
    fn bad_names() {
        let chess = BoardSize::CHESS;
        let cases: &[(&[u8], &str)] = &[
            (b"", "empty"),
            (b"4", "file"),
            (b"4d", "file"),
            (b"\xc3\x841", "file"),
            (b"-1", "file"),
            (b"\xff1", "file"),
            (b"a", "rank"),
            (b"a0", "rank"),
            (b"a01", "rank"),
            (b"a1 ", "rank"),
            (b"a-1", "rank"),
            (b"ab", "rank"),
            (b"i1", "off"),
            (b"x9", "off"),
            (b"a9", "off"),
            (b"a10", "off"),
            (b"a123456789012345678901", "off"),
        ];
        for &(text, kind) in cases {
            let got = Square::parse_bytes(text, chess);
            let ok = matches!(
                (&got, kind),
                (Err(ParseSquareError::Empty), "empty")
                    | (Err(ParseSquareError::File { .. }), "file")
                    | (Err(ParseSquareError::Rank { .. }), "rank")
                    | (Err(ParseSquareError::OffBoard { .. }), "off")
            );
            assert!(ok, "{:?}: {got:?}", String::from_utf8_lossy(text));
        }
        assert_eq!(
            Square::parse("i1", chess).unwrap_err().to_string(),
            "square \"i1\" is off the 8x8 board"
        );
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        // A small deterministic generator: every input of up to 3 bytes from an
        // alphabet of interesting bytes.
        let alphabet = b"a z0 19\xffA-";
        let size = BoardSize::new(26, 26).unwrap();
        let mut inputs = vec![Vec::new()];
        for _ in 0..3 {
            let longer: Vec<Vec<u8>> = inputs
                .iter()
                .flat_map(|s| {
                    alphabet.iter().map(move |&b| {
                        let mut t = s.clone();
                        t.push(b);
                        t
                    })
                })
                .collect();
            inputs.extend(longer);
        }
        for input in inputs {
            if let Ok(square) = Square::parse_bytes(&input, size) {
                assert_eq!(square.to_string().as_bytes(), input.to_ascii_lowercase());
            }
        }
    }

    #[test]
    fn ordering_is_alphabetical_on_small_boards() {
        let congo = BoardSize::CONGO;
        let mut squares: Vec<Square> = congo.squares().collect();
        squares.sort();
        let names: Vec<String> = squares.iter().map(Square::to_string).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn offsets_stay_on_the_board() {
        for size in sizes() {
            for square in size.squares() {
                for direction in Direction::KING.into_iter().chain(Direction::KNIGHT) {
                    let expected_file = i32::from(square.file()) + direction.d_file();
                    let expected_rank = i32::from(square.rank()) + direction.d_rank();
                    let on_board = (0..i32::from(size.files())).contains(&expected_file)
                        && (0..i32::from(size.ranks())).contains(&expected_rank);
                    match square.offset(direction) {
                        Some(to) => {
                            assert!(on_board);
                            assert_eq!(
                                (i32::from(to.file()), i32::from(to.rank())),
                                (expected_file, expected_rank)
                            );
                        }
                        None => assert!(!on_board),
                    }
                }
            }
        }
        let huge = Direction::new(i32::MAX, i32::MIN).unwrap();
        assert_eq!(
            BoardSize::CHESS.squares().find_map(|s| s.offset(huge)),
            None
        );
    }

    #[test]
    fn squares_in_index_order() {
        for (files, ranks) in [(1, 1), (7, 7), (8, 8), (26, 3), (3, 26), (26, 99)] {
            let size = BoardSize::new(files, ranks).unwrap();
            let all: Vec<_> = size.squares().collect();
            assert_eq!(all.len(), size.square_count());
            for (index, square) in all.iter().enumerate() {
                assert_eq!(square.index(), index);
                assert_eq!(size.square_at(index), Some(*square));
            }
            assert_eq!(size.square_at(size.square_count()), None);
        }
    }
}
