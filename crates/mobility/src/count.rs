//! Counting destinations by arithmetic, one line at a time.
//!
//! Every direction `d` is `g * p` with `p` primitive (coprime components) and `g >= 1`.
//! Squares reached along different primitive directions are different, so the
//! destinations from a square are a sum over primitive directions `p`. Along one `p`, a
//! piece with directions `g1 * p, g2 * p, ...` (ranges `n1, n2, ...`) reaches the
//! multiples `t * p` with `t` in `{g1, 2 g1, ..., n1 g1} ∪ {g2, ..., n2 g2} ∪ ...`: a fixed
//! bit mask over `t`, computed once per piece, since no board is longer than 98 steps of
//! any `p`. So a leaper and a rider on the same line, or a `(2, 2)` rider beside a
//! `(1, 1)` rider, count each square once.
//!
//! One square: the board allows `t <= L`, where `L` is the smaller of two divisions
//! (room to the edge in files over `|p_file|`, in ranks over `|p_rank|`); the count is
//! `popcount(mask & bits 1..=L)`.
//!
//! Every square at once: the squares from which `t` steps of `p` fit form a rectangle
//! (files `0..files - t p_file` for `p_file > 0`, `t |p_file|..files` for `p_file < 0`,
//! all files for `p_file = 0`; ranks likewise). Each set bit `t` of the mask adds one to
//! its rectangle, four entries of a two-dimensional difference array; one prefix sum
//! over the board then gives every square's count. The work is the number of (line,
//! reachable `t`) pairs plus the number of squares: no ray is walked.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use grid::{BoardSize, Square};

use crate::error::MobilityError;
use crate::piece::{Piece, Range};

/// The most steps any line of a board of at most 99 ranks holds.
const MAX_ROOM: u64 = 98;

/// One primitive direction of a piece on a board.
#[derive(Clone, Debug)]
struct Line {
    /// Primitive step in files.
    d_file: i64,
    /// Primitive step in ranks.
    d_rank: i64,
    /// Bit `t` set when the piece reaches `t` primitive steps along this line.
    mask: u128,
}

/// A piece prepared for one board size: its directions grouped by primitive direction,
/// each line with the mask of step counts it reaches. Destination counts, groups,
/// strength and moves are then arithmetic, no ray walk (the crate documentation's "How
/// counting works").
///
/// ```
/// use grid::BoardSize;
/// use mobility::{Piece, PieceOnBoard};
/// let knight: Piece = "N".parse()?;
/// let on_board = PieceOnBoard::new(&knight, BoardSize::CHESS);
/// assert_eq!(on_board.strength(), 336);
/// assert_eq!(on_board.mobility(), "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8");
/// # Ok::<_, mobility::ParsePieceError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PieceOnBoard {
    size: BoardSize,
    lines: Vec<Line>,
}

/// Greatest common divisor of two numbers below 100, not both zero.
fn gcd(a: u64, b: u64) -> u64 {
    let (mut a, mut b) = (a as u32, b as u32);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    u64::from(a)
}

/// Bits `g, 2g, ..., n g`, capped at bit `MAX_ROOM` (no line holds more steps).
fn multiples(g: u64, range: Range) -> u128 {
    if g > MAX_ROOM {
        return 0;
    }
    let top = match range.max_steps() {
        Some(n) => g.saturating_mul(u64::from(n)).min(MAX_ROOM),
        None => MAX_ROOM,
    };
    // Bit g, then doubling: bits g..=2g, g..=4g, ... until past `top`.
    let mut mask = 1u128 << g;
    let mut shift = g;
    while shift <= top {
        mask |= mask << shift;
        shift *= 2;
    }
    mask & low_bits(top as u8)
}

/// How many steps of `d` fit from `position` on a line of `length` squares (by division).
fn room(position: u8, length: u8, d: i64) -> u8 {
    let room = match d {
        0 => MAX_ROOM,
        d if d > 0 => (u64::from(length - 1 - position)) / d.unsigned_abs(),
        d => u64::from(position) / d.unsigned_abs(),
    };
    // Boards are at most 99 squares long, so no line holds more than 98 steps: a zero
    // component (no limit that way) counts as 98, and the other component decides.
    room.min(MAX_ROOM) as u8
}

/// Bits `1..=limit`.
fn low_bits(limit: u8) -> u128 {
    if limit >= 127 {
        !1u128
    } else {
        ((1u128 << (limit + 1)) - 1) & !1
    }
}

impl PieceOnBoard {
    /// Prepares `piece` for a board of `size`: groups its directions by primitive
    /// direction, joining the masks of step counts of directions on the same line, and
    /// drops directions whose first step already leaves the board.
    #[must_use]
    pub fn new(piece: &Piece, size: BoardSize) -> PieceOnBoard {
        let (files, ranks) = (i64::from(size.files()), i64::from(size.ranks()));
        let mut lines: Vec<Line> = Vec::with_capacity(piece.len());
        // Line number + 1 for each primitive direction (dense: |p_file| < files, |p_rank| < ranks).
        let width = 2 * ranks - 1;
        let mut index = vec![0u32; ((2 * files - 1) * width) as usize];
        for (direction, range) in piece.moves() {
            let (df, dr) = (i64::from(direction.d_file()), i64::from(direction.d_rank()));
            // A first step off the board reaches nothing.
            if df.abs() >= files || dr.abs() >= ranks {
                continue;
            }
            let g = gcd(df.unsigned_abs(), dr.unsigned_abs());
            let (pf, pr) = if g == 1 {
                (df, dr)
            } else {
                (df / g as i64, dr / g as i64)
            };
            let mask = multiples(g, range);
            if mask == 0 {
                continue;
            }
            let slot = &mut index[((pf + files - 1) * width + (pr + ranks - 1)) as usize];
            if *slot > 0 {
                lines[*slot as usize - 1].mask |= mask;
            } else {
                lines.push(Line {
                    d_file: pf,
                    d_rank: pr,
                    mask,
                });
                *slot = lines.len() as u32;
            }
        }
        PieceOnBoard { size, lines }
    }

    /// The files (or ranks) from which `t` steps of `d` stay on a line of `length`
    /// squares: an interval, `None` when empty.
    fn span(length: u8, d: i64, t: u32) -> Option<(usize, usize)> {
        let length = u64::from(length);
        let reach = d.unsigned_abs().saturating_mul(u64::from(t));
        if reach >= length {
            return None;
        }
        let (start, end) = match d {
            d if d > 0 => (0, length - reach),
            d if d < 0 => (reach, length),
            _ => (0, length),
        };
        Some((start as usize, end as usize))
    }

    /// How many steps of `line` fit from 0-based `(file, rank)` (two divisions).
    fn limit(&self, line: &Line, file: u8, rank: u8) -> u8 {
        room(file, self.size.files(), line.d_file).min(room(rank, self.size.ranks(), line.d_rank))
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Destinations from 0-based `(file, rank)`, which must be on the board.
    fn count_at(&self, file: u8, rank: u8) -> u32 {
        self.lines
            .iter()
            .map(|line| (line.mask & low_bits(self.limit(line, file, rank))).count_ones())
            .sum()
    }

    /// `square` if it is a square of this board's size, else the error naming both.
    fn own(&self, square: Square) -> Result<Square, MobilityError> {
        if square.size() == self.size {
            Ok(square)
        } else {
            Err(MobilityError::OtherBoard {
                square,
                square_size: square.size(),
                size: self.size,
            })
        }
    }

    /// How many squares the piece reaches from `square`.
    ///
    /// # Errors
    ///
    /// [`MobilityError::OtherBoard`] for a square of another board size (never read by
    /// its file and rank).
    ///
    /// ```
    /// use grid::BoardSize;
    /// use mobility::{Board, PieceOnBoard};
    /// let queen = PieceOnBoard::new(&"Q".parse().unwrap(), BoardSize::CHESS);
    /// assert_eq!(queen.destination_count(Board::CHESS.square("d4")?)?, 27);
    /// let big: Board = "10x10".parse().unwrap();
    /// assert!(queen.destination_count(big.square("d4")?).is_err());
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn destination_count(&self, square: Square) -> Result<u32, MobilityError> {
        let square = self.own(square)?;
        Ok(self.count_at(square.file(), square.rank()))
    }

    /// Every square reached from `square`, sorted (by file, then rank).
    ///
    /// # Errors
    ///
    /// [`MobilityError::OtherBoard`] for a square of another board size.
    ///
    /// ```
    /// use grid::BoardSize;
    /// use mobility::{Board, PieceOnBoard};
    /// let knight = PieceOnBoard::new(&"N".parse().unwrap(), BoardSize::CHESS);
    /// let g2 = Board::CHESS.square("g2")?;
    /// let names: Vec<String> = knight.moves(g2)?.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["e1", "e3", "f4", "h4"]);
    /// # Ok::<_, mobility::MobilityError>(())
    /// ```
    pub fn moves(&self, square: Square) -> Result<BTreeSet<Square>, MobilityError> {
        let square = self.own(square)?;
        let mut out = BTreeSet::new();
        let (file, rank) = (square.file(), square.rank());
        for line in &self.lines {
            let mut bits = line.mask & low_bits(self.limit(line, file, rank));
            while bits != 0 {
                let t = i64::from(bits.trailing_zeros());
                bits &= bits - 1;
                let f = i64::from(file) + t * line.d_file;
                let r = i64::from(rank) + t * line.d_rank;
                // In range by construction of `limit`.
                if let (Ok(f), Ok(r)) = (u8::try_from(f), u8::try_from(r)) {
                    if let Some(s) = self.size.square(f, r) {
                        out.insert(s);
                    }
                }
            }
        }
        Ok(out)
    }

    /// For every line and every step count `t` it reaches, the rectangle of squares from
    /// which `t` steps fit on the board, as half-open `(file_start, file_end, rank_start,
    /// rank_end)`: each such square gains one destination.
    fn rectangles(&self) -> impl Iterator<Item = (usize, usize, usize, usize)> + '_ {
        self.lines.iter().flat_map(move |line| {
            let mut bits = line.mask;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let t = bits.trailing_zeros();
                bits &= bits - 1;
                // Rectangles shrink as t grows: the first empty one ends this line.
                let (f0, f1) = Self::span(self.size.files(), line.d_file, t)?;
                let (r0, r1) = Self::span(self.size.ranks(), line.d_rank, t)?;
                Some((f0, f1, r0, r1))
            })
        })
    }

    /// The destination count of every square, in index order (`a1`, `b1`, ...).
    #[must_use]
    pub fn counts(&self) -> Vec<u32> {
        let files = usize::from(self.size.files());
        let ranks = usize::from(self.size.ranks());
        // Difference array with one extra row and column for the rectangles' far edges.
        let width = files + 1;
        let mut diff = vec![0i32; width * (ranks + 1)];
        for (f0, f1, r0, r1) in self.rectangles() {
            diff[r0 * width + f0] += 1;
            diff[r0 * width + f1] -= 1;
            diff[r1 * width + f0] -= 1;
            diff[r1 * width + f1] += 1;
        }
        // Prefix sums along each rank, then down the files.
        for row in diff.chunks_exact_mut(width) {
            for f in 1..width {
                row[f] += row[f - 1];
            }
        }
        for i in width..diff.len() {
            diff[i] += diff[i - width];
        }
        let mut out = Vec::with_capacity(files * ranks);
        for row in diff.chunks_exact(width).take(ranks) {
            // Counts are sums of +1 per reached square: never negative.
            out.extend(row[..files].iter().map(|&c| c.unsigned_abs()));
        }
        out
    }

    /// The exercise's groups: number of destinations -> number of squares with that
    /// many destinations. The values sum to the board's square count.
    ///
    /// ```
    /// use grid::BoardSize;
    /// use mobility::PieceOnBoard;
    /// let bishop = PieceOnBoard::new(&"B".parse()?, BoardSize::CHESS);
    /// let groups: Vec<(u32, u32)> = bishop.group_sizes().into_iter().collect();
    /// assert_eq!(groups, [(7, 28), (9, 20), (11, 12), (13, 4)]);
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    #[must_use]
    pub fn group_sizes(&self) -> BTreeMap<u32, u32> {
        // Counts are below the square count, so a dense histogram then a sorted map.
        let mut histogram = vec![0u32; self.size.square_count()];
        for count in self.counts() {
            if let Some(slot) = histogram.get_mut(count as usize) {
                *slot += 1;
            }
        }
        histogram
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n > 0)
            .map(|(count, n)| (count as u32, n))
            .collect()
    }

    /// The exercise's strength: the sum of destinations over all squares. Each reachable
    /// step count `t` of a line adds the area of its rectangle (the squares from which
    /// `t` steps fit), so no square is visited.
    #[must_use]
    pub fn strength(&self) -> u64 {
        self.rectangles()
            .map(|(f0, f1, r0, r1)| ((f1 - f0) * (r1 - r0)) as u64)
            .sum()
    }

    /// The exercise's mobility text: see [`mobility_text`](crate::mobility_text).
    #[must_use]
    pub fn mobility(&self) -> String {
        crate::mobility_text(&self.group_sizes())
    }

    /// A diagram of the board, each square showing its destination count: ranks from the
    /// highest down, each line the rank number (right-aligned) then one right-aligned
    /// column per file, and a last line of file letters. Lines end with `\n`, without
    /// trailing spaces.
    ///
    /// ```
    /// use grid::BoardSize;
    /// use mobility::PieceOnBoard;
    /// let king = PieceOnBoard::new(&"K".parse()?, BoardSize::new(3, 2).unwrap());
    /// assert_eq!(king.table(), "2 3 5 3\n1 3 5 3\n  a b c\n");
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> String {
        let counts = self.counts();
        let files = usize::from(self.size.files());
        let ranks = usize::from(self.size.ranks());
        let label = ranks.to_string().len();
        let cell = counts
            .iter()
            .map(|c| c.to_string().len())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for rank in (0..ranks).rev() {
            let _ = write!(out, "{:>label$}", rank + 1);
            for file in 0..files {
                let _ = write!(out, " {:>cell$}", counts[rank * files + file]);
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(label));
        for file in 0..files {
            let letter = char::from(b'a' + file as u8);
            let _ = write!(out, " {letter:>cell$}");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiples_by_doubling() {
        for g in 1..=100u64 {
            for n in [1u32, 2, 3, 7, 50, 200] {
                let mut expected = 0u128;
                let mut t = g;
                while t <= (g * u64::from(n)).min(MAX_ROOM) {
                    expected |= 1 << t;
                    t += g;
                }
                assert_eq!(multiples(g, Range::from_count(n)), expected, "{g} x {n}");
            }
        }
        assert_eq!(multiples(1, Range::Unlimited), low_bits(98));
        assert_eq!(multiples(99, Range::Unlimited), 0);
    }
}
