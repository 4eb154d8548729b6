//! Betza notation reader (the subset documented in the crate's README).
//!
//! Internally a move is `(x, y)`: `x` files to the right (toward file `z`), `y` ranks
//! forward (toward rank 8, so `dr = -y` in the exercise's matrix form).

use std::collections::BTreeSet;

use grid::Direction;

use crate::error::ParsePieceError;
use crate::piece::{Piece, Range};

impl Piece {
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
        parse(text)
    }
}

/// The leap of each atom (one representative, `0 <= x <= y`) and whether the bare letter
/// is a rider.
fn atom(letter: char) -> Option<(&'static [(i32, i32)], bool)> {
    Some(match letter {
        'W' => (&[(0, 1)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(0, 2)], false),
        'N' => (&[(1, 2)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(0, 3)], false),
        'C' | 'L' => (&[(1, 3)], false),
        'Z' | 'J' => (&[(2, 3)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(0, 1), (1, 1)], false),
        'R' => (&[(0, 1)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(0, 1), (1, 1)], true),
        _ => return None,
    })
}

/// The 4 (orthogonal, diagonal) or 8 (oblique) images of a leap `(a, b)`.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut set = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                set.insert((sx * x, sy * y));
            }
        }
    }
    set.into_iter().collect()
}

/// A unit vector of a single direction letter.
fn unit(letter: char) -> (i32, i32) {
    match letter {
        'f' => (0, 1),
        'b' => (0, -1),
        'l' => (-1, 0),
        _ => (1, 0), // 'r'
    }
}

/// `v` = `f` + `b`, `s` = `l` + `r`.
fn expand(letter: char) -> &'static [char] {
    match letter {
        'f' => &['f'],
        'b' => &['b'],
        'v' => &['f', 'b'],
        'l' => &['l'],
        'r' => &['r'],
        _ => &['l', 'r'], // 's'
    }
}

fn is_vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn is_horizontal(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's')
}

/// One direction specifier, after grouping the modifier letters.
#[derive(Clone, Copy, Debug)]
enum Token {
    /// `f b l r v s` (or doubled: `ff` = `f`).
    Single(char),
    /// A vertical and a horizontal letter in either order: `fr`, `rf`, `fs`, `vr`...
    Pair(char, char),
    /// `fh bh lh rh`: every move with a component toward that side.
    Half(char),
    /// `hl hr`: a chiral half of an oblique atom.
    Chiral(char),
}

/// The moves of `set` going furthest toward the side of `letter`.
fn extreme(set: &[(i32, i32)], letter: char) -> Vec<(i32, i32)> {
    let (ux, uy) = unit(letter);
    let dot = |&(x, y): &(i32, i32)| x * ux + y * uy;
    let best = set.iter().map(dot).max().unwrap_or(0);
    set.iter().copied().filter(|m| dot(m) == best).collect()
}

/// The moves of the atom with leap `(a, b)` that `token` selects.
fn select(a: i32, b: i32, token: Token) -> Vec<(i32, i32)> {
    let all = images(a, b);
    let orthogonal = a == 0;
    match token {
        Token::Single(c) => expand(c).iter().flat_map(|&d| extreme(&all, d)).collect(),
        Token::Pair(first, second) if orthogonal => {
            // The letters name disjoint single moves: their union.
            let mut out = select(a, b, Token::Single(first));
            out.extend(select(a, b, Token::Single(second)));
            out
        }
        Token::Pair(first, second) => {
            // Of the moves the second letter selects, those going furthest toward the
            // first: `frN` is the upper move of the right pair, `rfN` the right move of
            // the forward pair; on diagonal atoms both orders are the intersection.
            let mut out = Vec::new();
            for &s in expand(second) {
                let side = extreme(&all, s);
                for &f in expand(first) {
                    out.extend(extreme(&side, f));
                }
            }
            out
        }
        Token::Half(c) => {
            let (ux, uy) = unit(c);
            all.into_iter()
                .filter(|&(x, y)| x * ux + y * uy > 0)
                .collect()
        }
        Token::Chiral(c) => {
            // The orbit under quarter turns of the right-forward narrow move (`hr`) or of
            // the left-forward narrow move (`hl`).
            let (mut x, mut y) = if c == 'r' { (a, b) } else { (-a, b) };
            let mut out = Vec::new();
            for _ in 0..4 {
                out.push((x, y));
                (x, y) = (y, -x);
            }
            out
        }
    }
}

/// Groups direction letters (with their columns) into tokens, left to right: two letters
/// form one token when they are a letter and `h` (`fh`), `h` and `l` or `r` (`hr`), a
/// doubled letter (`ff`) or a vertical and a horizontal letter (`fr`); otherwise a letter
/// stands alone. So `fhr` is `fh` + `r` (an `h` after f, b, l or r always ends that
/// half), and `ffr` is `ff` + `r`, as XBoard and Fairy-Stockfish read them.
fn tokenize(letters: &[(char, usize)]) -> Result<Vec<Token>, ParsePieceError> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (c, column) = letters[i];
        let next = letters.get(i + 1).map(|&(n, _)| n);
        let bad = |text: String, reason| ParsePieceError::BadDirections {
            column,
            text,
            reason,
        };
        let (token, used) = match (c, next) {
            ('h', Some(n @ ('l' | 'r'))) => (Token::Chiral(n), 2),
            ('h', _) => {
                let text: String = [Some('h'), next].iter().flatten().collect();
                return Err(bad(
                    text,
                    "`h` must follow f, b, l or r (a half) or precede l or r (a chiral half)",
                ));
            }
            ('f' | 'b' | 'l' | 'r', Some('h')) => (Token::Half(c), 2),
            (_, Some(n)) if n == c => (Token::Single(c), 2),
            (_, Some(n))
                if (is_vertical(c) && is_horizontal(n)) || (is_horizontal(c) && is_vertical(n)) =>
            {
                (Token::Pair(c, n), 2)
            }
            _ => (Token::Single(c), 1),
        };
        tokens.push(token);
        i += used;
    }
    Ok(tokens)
}

/// Modifiers read since the last atom.
#[derive(Default)]
struct Pending {
    letters: Vec<(char, usize)>,
    move_only: bool,
    capture_only: bool,
    first_column: Option<usize>,
}

/// Reads Betza notation into a piece; leading and trailing white space is ignored.
fn parse(text: &str) -> Result<Piece, ParsePieceError> {
    let chars: Vec<char> = text.chars().collect();
    let start = match chars.iter().position(|c| !c.is_whitespace()) {
        Some(start) => start,
        None => return Err(ParsePieceError::Empty),
    };
    let end = chars
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(start, |e| e + 1);
    let mut piece = Piece::new();
    let mut pending = Pending::default();
    let mut i = start;
    while i < end {
        let c = chars[i];
        let column = i + 1;
        match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' | 'm' | 'c' => {
                pending.first_column.get_or_insert(column);
                match c {
                    'm' => pending.move_only = true,
                    'c' => pending.capture_only = true,
                    _ => pending.letters.push((c, column)),
                }
                i += 1;
            }
            'a'..='z' => {
                return Err(ParsePieceError::UnsupportedModifier {
                    column,
                    modifier: c,
                })
            }
            'A'..='Z' => {
                let (leaps, rider) = match atom(c) {
                    Some(found) => found,
                    None => return Err(ParsePieceError::UnknownAtom { column, atom: c }),
                };
                i += 1;
                let mut range = if rider { Range::Unlimited } else { Range::LEAP };
                if i < end && chars[i] == c {
                    range = Range::Unlimited;
                    i += 1;
                    if i < end && chars[i] == c {
                        // `NNN`: doubling is the rider mark; a third copy is neither a
                        // compound worth writing nor a range (that is `N3`).
                        let copies = i;
                        while i < end && chars[i] == c {
                            i += 1;
                        }
                        return Err(ParsePieceError::BadRange {
                            column: copies + 1,
                            text: shown(&chars[copies..i]),
                            reason: "a doubled atom is already an unlimited rider; a third copy of the letter has no meaning (a range is a number after one letter, e.g. N3)",
                        });
                    }
                    if i < end && chars[i].is_ascii_digit() {
                        let digits = i;
                        while i < end && chars[i].is_ascii_digit() {
                            i += 1;
                        }
                        return Err(ParsePieceError::BadRange {
                            column: digits + 1,
                            text: shown(&chars[digits..i]),
                            reason: "a doubled atom is already an unlimited rider",
                        });
                    }
                } else if i < end && chars[i].is_ascii_digit() {
                    let digits = i;
                    while i < end && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    let number: String = chars[digits..i].iter().collect();
                    if number.len() > 1 && number.starts_with('0') {
                        let number = shown(&chars[digits..i]);
                        // `N00`, `N01`: `0` alone is the rider mark, a step limit is
                        // written without leading zeros.
                        return Err(ParsePieceError::BadRange {
                            column: digits + 1,
                            text: number,
                            reason: "a range has no leading zero (0 alone makes an unlimited rider, 1 or more limits the steps)",
                        });
                    }
                    let n: u32 = number.parse().map_err(|_| ParsePieceError::BadRange {
                        column: digits + 1,
                        text: shown(&chars[digits..i]),
                        reason: "too large",
                    })?;
                    range = Range::from_count(n);
                }
                let tokens = tokenize(&pending.letters)?;
                // Capture-only moves reach nothing on an empty board.
                let reaches = !pending.capture_only || pending.move_only;
                if reaches {
                    for &(a, b) in leaps {
                        let moves: Vec<(i32, i32)> = if tokens.is_empty() {
                            images(a, b)
                        } else {
                            tokens.iter().flat_map(|&t| select(a, b, t)).collect()
                        };
                        for (x, y) in moves {
                            if let Some(d) = Direction::new(x, y) {
                                piece.add(d, range);
                            }
                        }
                    }
                }
                pending = Pending::default();
            }
            _ => {
                return Err(ParsePieceError::UnexpectedCharacter {
                    column,
                    character: c,
                })
            }
        }
    }
    if let Some(column) = pending.first_column {
        return Err(ParsePieceError::DanglingModifiers { column });
    }
    Ok(piece)
}

/// At most 40 characters of `chars` for an error message, then `…` if there were more:
/// messages stay short whatever the input.
fn shown(chars: &[char]) -> String {
    const SHOWN: usize = 40;
    let mut text: String = chars.iter().take(SHOWN).collect();
    if chars.len() > SHOWN {
        text.push('…');
    }
    text
}
