//! The last empty squares, searched without the table: 5 to [`DEEP`](super::DEEP) - 1
//! empties by parity and square class, the last 1 to 4 by hand-written solvers.

use reversi::kernel;

use super::isa::Isa;
use super::node::DEEP;
use super::ordering::CORNERS;
use super::parity::{odd_quadrants, parity_order};
use super::state::Search;

// The shallow search keeps its empty squares in an array of 8.
const _: () = assert!(DEEP <= 9);

/// Squares in the order the shallow search tries them within one parity class: corners,
/// then the rest (X- and C-squares, next to the corners, last).
pub(crate) const PRIORITY: [u64; 3] = [CORNERS, !(CORNERS | X_AND_C), X_AND_C];

/// The squares next to a corner (giving it away, in most positions).
pub(crate) const X_AND_C: u64 = 0x42C3_0000_0000_C342;

impl Search {
    /// The last 0 to 4 empties: finds them and calls the matching solver, the squares
    /// ordered by parity (squares alone in their quadrant first).
    #[inline(always)]
    pub(crate) fn solve_small<K: Isa>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        window: (i32, i32),
        n: u32,
    ) -> i32 {
        let empty = !(p | o);
        match n {
            0 => {
                self.clock.nodes += 1;
                kernel::final_score(p, o)
            }
            1 => {
                self.clock.nodes += 1;
                solve_1(p, empty.trailing_zeros())
            }
            2 => {
                let x1 = empty.trailing_zeros();
                let x2 = (empty & (empty - 1)).trailing_zeros();
                k.solve_2(self, p, o, window, [x1, x2])
            }
            3 => k.solve_3(self, p, o, window, parity_order(empty)),
            _ => k.solve_4(self, p, o, window, parity_order(empty)),
        }
    }

    /// Two empties `xs`: the mover's best move, else (a pass) the opponent's, else the
    /// game is over.
    #[inline(always)]
    pub(crate) fn solve_2_in<K: Isa>(
        &mut self,
        _: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        xs: [u32; 2],
    ) -> i32 {
        let (alpha, beta) = w;
        let [x1, x2] = xs;
        self.clock.nodes += 1;
        let mut best = -65;
        if o & NEIGHBOURS[x1 as usize & 63] != 0 {
            let f = kernel::flips(p, o, x1);
            if f != 0 {
                best = -solve_1(o ^ f, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if o & NEIGHBOURS[x2 as usize & 63] != 0 {
            let f = kernel::flips(p, o, x2);
            if f != 0 {
                let v = -solve_1(o ^ f, x1);
                if v > best {
                    best = v;
                }
            }
        }
        if best != -65 {
            return best;
        }
        // The mover passes: the opponent minimises the mover's score (a node of its own).
        self.clock.nodes += 1;
        let mut worst = 65;
        if p & NEIGHBOURS[x1 as usize & 63] != 0 {
            let f = kernel::flips(o, p, x1);
            if f != 0 {
                worst = solve_1(p ^ f, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if p & NEIGHBOURS[x2 as usize & 63] != 0 {
            let f = kernel::flips(o, p, x2);
            if f != 0 {
                let v = solve_1(p ^ f, x1);
                if v < worst {
                    worst = v;
                }
            }
        }
        if worst == 65 {
            return kernel::final_score(p, o);
        }
        worst
    }

    /// Three empties `xs`, in the order tried.
    #[inline(always)]
    pub(crate) fn solve_3_in<K: Isa>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        xs: [u32; 3],
    ) -> i32 {
        self.solve_n(k, p, o, w, xs, |s, k, p, o, w, rest| {
            s.solve_2_in(k, p, o, w, rest)
        })
    }

    /// Four empties `xs`, in the order tried.
    #[inline(always)]
    pub(crate) fn solve_4_in<K: Isa>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        xs: [u32; 4],
    ) -> i32 {
        self.solve_n(k, p, o, w, xs, |s, k, p, o, w, rest| {
            k.solve_3(s, p, o, w, rest)
        })
    }

    /// `N` (3 or 4) empties `xs`, in the order tried, each child (`M` = `N` - 1 empties,
    /// in the same order) solved by `child`: the mover's best move, else (a pass) the
    /// opponent's, else the game is over.
    #[inline(always)]
    pub(crate) fn solve_n<K: Isa, const N: usize, const M: usize>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        xs: [u32; N],
        child: impl Fn(&mut Search, K, u64, u64, (i32, i32), [u32; M]) -> i32 + Copy,
    ) -> i32 {
        self.clock.nodes += 1;
        if let Some(v) = self.solve_n_moves(k, p, o, w, xs, child) {
            return v;
        }
        self.clock.nodes += 1;
        match self.solve_n_moves(k, o, p, (-w.1, -w.0), xs, child) {
            Some(v) => -v,
            None => kernel::final_score(p, o),
        }
    }

    /// The best of `p`'s moves on `xs` (`N` empties), `None` when it has none.
    #[inline(always)]
    pub(crate) fn solve_n_moves<K: Isa, const N: usize, const M: usize>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        (alpha, beta): (i32, i32),
        xs: [u32; N],
        child: impl Fn(&mut Search, K, u64, u64, (i32, i32), [u32; M]) -> i32,
    ) -> Option<i32> {
        let mut best = -65;
        let mut a = alpha;
        for (i, &x) in xs.iter().enumerate() {
            if o & NEIGHBOURS[x as usize & 63] == 0 {
                continue;
            }
            let f = kernel::flips(p, o, x);
            if f != 0 {
                // The other empties, in their order.
                let mut rest = [0u32; M];
                for j in 0..M {
                    rest[j] = xs[if j < i { j } else { j + 1 }];
                }
                let v = -child(self, k, o ^ f, p ^ f ^ (1 << x), (-beta, -a), rest);
                if v > best {
                    best = v;
                    if v >= beta {
                        return Some(v);
                    }
                    a = a.max(v);
                }
            }
        }
        if best == -65 {
            None
        } else {
            Some(best)
        }
    }

    /// 5 to [`DEEP`] - 1 empties: no table, moves by parity then by square class. The
    /// empty squares next to an opponent's disc are tried in that order (no move
    /// generation: a square whose move flips nothing is skipped).
    #[inline(always)]
    pub(crate) fn shallow_in<K: Isa>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        w: (i32, i32),
        n: u32,
    ) -> i32 {
        let (alpha, beta) = w;
        self.clock.nodes += 1;
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let candidates = empty & kernel::neighbours(o);
        // At most DEEP - 1 <= 8 empty squares here (checked below the function).
        let mut xs = [0u32; 8];
        let mut len = 0;
        for parity in [odd, !odd] {
            for class in PRIORITY {
                let mut todo = candidates & parity & class;
                while todo != 0 {
                    xs[len & 7] = todo.trailing_zeros();
                    len += 1;
                    todo &= todo - 1;
                }
            }
        }
        let mut best = -65;
        let mut a = alpha;
        for &x in &xs[..len.min(8)] {
            let f = kernel::flips(p, o, x);
            if f == 0 {
                continue;
            }
            let (np, no) = (o ^ f, p ^ f ^ (1 << x));
            let v = if n == 5 && self.techniques.small_solvers {
                -self.solve_small(k, np, no, (-beta, -a), 4)
            } else {
                -k.shallow(self, np, no, (-beta, -a), n - 1)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                a = a.max(v);
            }
        }
        if best == -65 {
            if kernel::moves(o, p) == 0 {
                return kernel::final_score(p, o);
            }
            return -k.shallow(self, o, p, (-beta, -alpha), n);
        }
        best
    }
}

/// The final score when `p` is to move with the one empty square `x`: `p` plays it if it
/// can, else the opponent if it can, else nobody and the empty goes to the winner. `o`
/// must be every other square (`!p` but `x`), as with one empty square.
#[inline(always)]
pub(crate) fn solve_1(p: u64, x: u32) -> i32 {
    let discs = p.count_ones() as i32;
    let n = last_flips(p, x) as i32;
    if n > 0 {
        return 2 * (discs + n) - 62;
    }
    let n = last_flips(!p & !(1 << x), x) as i32;
    if n > 0 {
        return 2 * (discs - n) - 64;
    }
    let diff = 2 * discs - 63;
    if diff > 0 {
        diff + 1
    } else {
        diff - 1
    }
}

/// File a.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `LINE_FLIPS[pos][bits]`: how many discs a move on the square at position `pos` of a
/// line of 8 flips along that line, when that square is the line's only empty one and
/// `bits` are the mover's discs on it (every other square of the line holds an
/// opponent's disc, or is off a short diagonal: off the board, no mover's disc lies
/// beyond, so nothing is flipped toward it).
pub(crate) static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

pub(crate) const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut bits = 0;
        while bits < 256 {
            let mut count = 0;
            let mut i = pos + 1;
            while i < 8 && (bits >> i) & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            let mut i = pos as i32 - 1;
            while i >= 0 && (bits >> i) & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += pos - i as usize - 1;
            }
            table[pos][bits] = count as u8;
            bits += 1;
        }
        pos += 1;
    }
    table
}

/// The two diagonals through each square (`a1-h8` direction, then `h1-a8`).
pub(crate) static DIAGONALS: [[u64; 2]; 64] = diagonals();

pub(crate) const fn diagonals() -> [[u64; 2]; 64] {
    let mut table = [[0u64; 2]; 64];
    let mut x = 0;
    while x < 64 {
        let mut y: usize = 0;
        while y < 64 {
            let (fx, rx, fy, ry) = (
                (x % 8) as i32,
                (x / 8) as i32,
                (y % 8) as i32,
                (y / 8) as i32,
            );
            if fx - rx == fy - ry {
                table[x][0] |= 1 << y;
            }
            if fx + rx == fy + ry {
                table[x][1] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    table
}

/// The squares next to each square (8 directions), for a quick test before computing
/// flips: a move needs an opponent's disc next to it.
pub(crate) static NEIGHBOURS: [u64; 64] = neighbour_table();

pub(crate) const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut x = 0;
    while x < 64 {
        let mut y: usize = 0;
        while y < 64 {
            let (df, dr) = (
                (x % 8) as i32 - (y % 8) as i32,
                (x / 8) as i32 - (y / 8) as i32,
            );
            if x != y && df * df <= 1 && dr * dr <= 1 {
                table[x] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    table
}

/// How many discs `p` flips by playing the empty square `x` when every other square is
/// full (`!p` but `x` the opponent's): [`kernel::count_flips`] for the last empty square,
/// from `p` alone. Each of the 4 lines through `x` is gathered into 8 bits (a rank by a
/// shift, a file or diagonal by one multiplication) and looked up in [`LINE_FLIPS`].
#[inline(always)]
pub(crate) fn last_flips(p: u64, x: u32) -> u32 {
    let (file, rank) = ((x & 7) as usize, ((x >> 3) & 7) as usize);
    let row = (p >> (rank * 8)) as u8 as usize;
    let column = (((p >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let d = &DIAGONALS[x as usize & 63];
    let d9 = ((p & d[0]).wrapping_mul(FILE_A) >> 56) as usize;
    let d7 = ((p & d[1]).wrapping_mul(FILE_A) >> 56) as usize;
    let t = &LINE_FLIPS;
    u32::from(t[file][row])
        + u32::from(t[rank][column])
        + u32::from(t[file][d9])
        + u32::from(t[file][d7])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(crate) fn last_flips_counts_the_flips_of_the_last_empty_square() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let x = (rng >> 58) as u32;
            let p = rng & !(1 << x);
            let o = !p & !(1 << x);
            assert_eq!(
                last_flips(p, x),
                kernel::count_flips(p, o, x),
                "p {p:#x} x {x}"
            );
            assert_eq!(
                last_flips(o, x),
                kernel::count_flips(o, p, x),
                "o {o:#x} x {x}"
            );
        }
    }

    #[test]
    pub(crate) fn neighbour_table_matches_the_kernel() {
        for (x, &near) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(near, kernel::neighbours(1 << x), "square {x}");
        }
    }
}
