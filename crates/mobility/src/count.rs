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

/// Steps along one primitive direction a mask can hold (bit `t` = `t` steps).
const MAX_T: u64 = 127;

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
}

/// A piece prepared for one board size: destination counts, groups, strength and moves
/// are then cheap (see the module documentation of the method used).
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

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Bits `g, 2g, ..., n g` (capped at bit `MAX_T`).
fn multiples(g: u64, range: Range) -> u128 {
    let top = match range.max_steps() {
        Some(n) => g.saturating_mul(u64::from(n)).min(MAX_T),
        None => MAX_T,
    };
    let mut mask = 0u128;
    let mut t = g;
    while t <= top {
        mask |= 1u128 << t;
        t += g;
    }
    mask
}

/// How many steps of `d` fit from `position` on a line of `length` squares (by division).
fn room(position: u8, length: u8, d: i64) -> u8 {
    let room = match d {
        0 => MAX_T,
        d if d > 0 => (u64::from(length - 1 - position)) / d.unsigned_abs(),
        d => u64::from(position) / d.unsigned_abs(),
    };
    // Boards are at most 99 long, so any finite room fits; MAX_T marks "no limit".
    room.min(MAX_T) as u8
}

/// Bits `1..=limit`.
fn low_bits(limit: u8) -> u128 {
    if u64::from(limit) >= MAX_T {
        !1u128
    } else {
        ((1u128 << (limit + 1)) - 1) & !1
    }
}

impl PieceOnBoard {
    /// Prepares `piece` for a board of `size`: groups its directions by primitive
    /// direction and precomputes, per line, the room from every file and every rank.
    pub fn new(piece: &Piece, size: BoardSize) -> PieceOnBoard {
        let mut lines: Vec<Line> = Vec::new();
        for (direction, range) in piece.moves() {
            let (df, dr) = (i64::from(direction.d_file()), i64::from(direction.d_rank()));
            let g = gcd(df.unsigned_abs(), dr.unsigned_abs());
            let (pf, pr) = (df / g as i64, dr / g as i64);
            // A primitive step as long as the board reaches nothing.
            if pf.unsigned_abs() >= u64::from(size.files())
                || pr.unsigned_abs() >= u64::from(size.ranks())
            {
                continue;
            }
            let mask = multiples(g, range);
            if mask == 0 {
                continue;
            }
            match lines.iter_mut().find(|l| l.d_file == pf && l.d_rank == pr) {
                Some(line) => line.mask |= mask,
                None => lines.push(Line {
                    d_file: pf,
                    d_rank: pr,
                    mask,
                    file_at: 0,
                    rank_at: 0,
                }),
            }
        }
        let (files, ranks) = (size.files(), size.ranks());
        let mut file_limits = Vec::with_capacity(lines.len() * usize::from(files));
        let mut rank_limits = Vec::with_capacity(lines.len() * usize::from(ranks));
        for line in &mut lines {
            line.file_at = file_limits.len();
            file_limits.extend((0..files).map(|f| room(f, files, line.d_file)));
            line.rank_at = rank_limits.len();
            rank_limits.extend((0..ranks).map(|r| room(r, ranks, line.d_rank)));
        }
        PieceOnBoard {
            size,
            lines,
            file_limits,
            rank_limits,
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
                (line.mask & low_bits(limit)).count_ones()
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
        let mut out = Vec::with_capacity(self.size.square_count());
        for rank in 0..self.size.ranks() {
            for file in 0..self.size.files() {
                out.push(self.count_at(file, rank));
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
        for rank in 0..self.size.ranks() {
            for file in 0..self.size.files() {
                let count = self.count_at(file, rank) as usize;
                if let Some(slot) = histogram.get_mut(count) {
                    *slot += 1;
                }
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
        let mut total = 0u64;
        for rank in 0..self.size.ranks() {
            for file in 0..self.size.files() {
                total += u64::from(self.count_at(file, rank));
            }
        }
        total
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
