//! Counting destinations by arithmetic, one line at a time.
//!
//! Every direction `d` is `g * p` with `p` primitive (coprime components) and `g >= 1`.
//! Squares reached along different primitive directions are different, so the
//! destinations from a square are a sum over primitive directions `p`. Along one `p`, a
//! piece with directions `g1 * p, g2 * p, ...` (ranges `n1, n2, ...`) reaches the
//! multiples `t * p` with `t` in `{g1, 2 g1, ..., n1 g1} ∪ {g2, ..., n2 g2} ∪ ...`: a fixed
//! bit mask over `t`, computed once per piece, since no board is longer than 98 steps of
//! any `p`. From a square the board allows `t <= L`, where `L` is the smaller of two
//! divisions (room to the edge in files over `|p_file|`, in ranks over `|p_rank|`). The
//! count is `popcount(mask & bits 1..=L)`: no ray is walked, and a leaper and a rider on
//! the same line, or a `(2, 2)` rider beside a `(1, 1)` rider, count each square once.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use grid::{BoardSize, Square};

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
    /// Offset of this line's per-file limits in `PieceOnBoard::file_limits`.
    file_at: usize,
    /// Offset of this line's per-rank limits in `PieceOnBoard::rank_limits`.
    rank_at: usize,
    /// `reached[L]`: squares reached on this line when `L` steps fit (`L` = 0..=98).
    reached: [u8; MAX_ROOM as usize + 1],
}

/// A piece prepared for one board size: destination counts, groups, strength and moves
/// then cost table look-ups per line, no ray walk (the crate documentation's "How
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
    /// For each line, for each file: how many primitive steps fit before the side edge.
    file_limits: Vec<u8>,
    /// For each line, for each rank: how many primitive steps fit before the end edge.
    rank_limits: Vec<u8>,
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

/// Appends `room(position, length, d)` for every position `0..length`. The same
/// quotients as [`room`], produced in order of the distance `e` to the edge the step runs
/// into (`room = e / |d|`, the quotient going up by one every `|d|` positions), which
/// saves a hardware division per entry.
fn extend_rooms(out: &mut Vec<u8>, length: u8, d: i64) {
    let start = out.len();
    if d == 0 {
        out.extend(std::iter::repeat(MAX_ROOM as u8).take(usize::from(length)));
        return;
    }
    let step = d.unsigned_abs();
    let (mut quotient, mut remainder) = (0u8, 0u64);
    for _ in 0..length {
        out.push(quotient);
        remainder += 1;
        if remainder == step {
            remainder = 0;
            quotient += 1;
        }
    }
    if d > 0 {
        // Distance to the edge is `length - 1 - position`: reverse into position order.
        out[start..].reverse();
    }
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
    /// direction and precomputes, per line, the room from every file and every rank.
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
                    file_at: 0,
                    rank_at: 0,
                    reached: [0; MAX_ROOM as usize + 1],
                });
                *slot = lines.len() as u32;
            }
        }
        let (files, ranks) = (size.files(), size.ranks());
        let mut file_limits = Vec::with_capacity(lines.len() * usize::from(files));
        let mut rank_limits = Vec::with_capacity(lines.len() * usize::from(ranks));
        for line in &mut lines {
            line.file_at = file_limits.len();
            extend_rooms(&mut file_limits, files, line.d_file);
            line.rank_at = rank_limits.len();
            extend_rooms(&mut rank_limits, ranks, line.d_rank);
            // The most steps this line holds anywhere: from the first file/rank on its way.
            let most = room(0, files, line.d_file.abs()).min(room(0, ranks, line.d_rank.abs()));
            let mut total = 0u8;
            for limit in 1..=usize::from(most) {
                total += ((line.mask >> limit) & 1) as u8;
                line.reached[limit] = total;
            }
        }
        PieceOnBoard {
            size,
            lines,
            file_limits,
            rank_limits,
        }
    }

    /// The files (or ranks) from which at least one step of `d` fits: a range.
    fn span(length: u8, d: i64) -> std::ops::Range<usize> {
        let length = usize::from(length);
        // `|d| < length` for every kept line.
        let step = usize::try_from(d.unsigned_abs())
            .unwrap_or(length)
            .min(length);
        match d {
            d if d > 0 => 0..length - step,
            d if d < 0 => step..length,
            _ => 0..length,
        }
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Destinations from 0-based `(file, rank)`, which must be on the board.
    fn count_at(&self, file: u8, rank: u8) -> u32 {
        let (file, rank) = (usize::from(file), usize::from(rank));
        self.lines
            .iter()
            .map(|line| {
                let limit = self.file_limits[line.file_at + file]
                    .min(self.rank_limits[line.rank_at + rank]);
                u32::from(line.reached[usize::from(limit)])
            })
            .sum()
    }

    /// How many squares the piece reaches from `square` (a square of another board size
    /// is read by its file and rank; off this board it reaches nothing).
    ///
    /// ```
    /// use grid::{BoardSize, Square};
    /// use mobility::PieceOnBoard;
    /// let queen = PieceOnBoard::new(&"Q".parse()?, BoardSize::CHESS);
    /// assert_eq!(queen.destination_count(Square::parse("d4", BoardSize::CHESS).unwrap()), 27);
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn destination_count(&self, square: Square) -> u32 {
        if square.file() >= self.size.files() || square.rank() >= self.size.ranks() {
            return 0;
        }
        self.count_at(square.file(), square.rank())
    }

    /// Every square reached from `square`, sorted (by file, then rank).
    ///
    /// ```
    /// use grid::{BoardSize, Square};
    /// use mobility::PieceOnBoard;
    /// let knight = PieceOnBoard::new(&"N".parse()?, BoardSize::CHESS);
    /// let g2 = Square::parse("g2", BoardSize::CHESS).unwrap();
    /// let names: Vec<String> = knight.moves(g2).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["e1", "e3", "f4", "h4"]);
    /// # Ok::<_, mobility::ParsePieceError>(())
    /// ```
    pub fn moves(&self, square: Square) -> BTreeSet<Square> {
        let mut out = BTreeSet::new();
        if square.file() >= self.size.files() || square.rank() >= self.size.ranks() {
            return out;
        }
        let (file, rank) = (usize::from(square.file()), usize::from(square.rank()));
        for line in &self.lines {
            let limit =
                self.file_limits[line.file_at + file].min(self.rank_limits[line.rank_at + rank]);
            let mut bits = line.mask & low_bits(limit);
            while bits != 0 {
                let t = i64::from(bits.trailing_zeros());
                bits &= bits - 1;
                let f = file as i64 + t * line.d_file;
                let r = rank as i64 + t * line.d_rank;
                // In range by construction of `limit`.
                if let (Ok(f), Ok(r)) = (u8::try_from(f), u8::try_from(r)) {
                    if let Some(s) = self.size.square(f, r) {
                        out.insert(s);
                    }
                }
            }
        }
        out
    }

    /// The destination count of every square, in index order (`a1`, `b1`, ...).
    pub fn counts(&self) -> Vec<u32> {
        let files = usize::from(self.size.files());
        let ranks = usize::from(self.size.ranks());
        let mut out = vec![0u32; files * ranks];
        for line in &self.lines {
            // Squares outside these spans reach nothing along this line.
            let file_span = Self::span(self.size.files(), line.d_file);
            let rank_span = Self::span(self.size.ranks(), line.d_rank);
            let file_limits =
                &self.file_limits[line.file_at..line.file_at + files][file_span.clone()];
            let rank_limits = &self.rank_limits[line.rank_at..line.rank_at + ranks];
            for rank in rank_span {
                let rank_limit = rank_limits[rank];
                let row = &mut out[rank * files..(rank + 1) * files][file_span.clone()];
                for (count, &file_limit) in row.iter_mut().zip(file_limits) {
                    *count += u32::from(line.reached[usize::from(file_limit.min(rank_limit))]);
                }
            }
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

    /// The exercise's strength: the sum of destinations over all squares.
    pub fn strength(&self) -> u64 {
        self.counts().into_iter().map(u64::from).sum()
    }

    /// The exercise's mobility text: see [`mobility_text`](crate::mobility_text).
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
    fn incremental_rooms_equal_the_divisions() {
        for length in 1..=99u8 {
            for d in -100..=100i64 {
                let mut rooms = Vec::new();
                extend_rooms(&mut rooms, length, d);
                let divided: Vec<u8> = (0..length).map(|p| room(p, length, d)).collect();
                assert_eq!(rooms, divided, "length {length}, step {d}");
            }
        }
    }

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
