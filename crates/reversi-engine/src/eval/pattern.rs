//! The pattern features: which squares each pattern reads, how a position's pattern
//! indices are computed from its bitboards, and which indices share a weight.
//!
//! A pattern is an ordered list of squares in one base orientation (below, for the a1
//! corner or rank 1); its instances are its images under the board's symmetries
//! ([`super::symmetry::apply`]) that cover different sets of squares. A pattern's index
//! in a position is the base-3 number whose digit `i` is the state of its square `i`: 0
//! empty, 1 the side to move's disc, 2 the opponent's. Every instance of a pattern reads
//! the same weight table; two indices of one instance that a symmetry keeping the
//! instance's squares maps onto each other (a row read left to right and right to left)
//! share one weight ([`Pattern::canonical`]).

use super::symmetry;

/// One pattern: its name, its squares (bit indices, base orientation, digit order) and
/// its instances: the symmetries ([`symmetry::apply`] numbers) of the board on whose
/// image the base squares are read (instance `n` reads the squares that the inverse of
/// symmetry `n` maps the base squares to; [`inverse`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// A short name (`edge+2x`, `corner3x3` ...).
    pub name: &'static str,
    /// The squares, bit index = rank * 8 + file, digit `i` of the index is `squares[i]`.
    pub squares: &'static [u8],
    /// The symmetries of the board on whose images `squares` are read, one an instance.
    pub instances: &'static [u8],
}

/// The patterns, in the order of the weight tables. 46 instances in all.
///
/// ```
/// use reversi_engine::eval::pattern::{PATTERNS, INSTANCES};
/// assert_eq!(PATTERNS.len(), 11);
/// assert_eq!(PATTERNS.iter().map(|p| p.instances.len()).sum::<usize>(), INSTANCES);
/// assert_eq!(PATTERNS[0].squares, &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14], "a1..h1, b2, g2");
/// ```
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        name: "edge+2x",
        squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
        instances: &[0, 2, 4, 5],
    },
    Pattern {
        name: "corner3x3",
        squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
        instances: &[0, 1, 2, 3],
    },
    Pattern {
        name: "corner2x5",
        squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
        instances: &[0, 1, 2, 3, 4, 5, 6, 7],
    },
    Pattern {
        name: "line2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
        instances: &[0, 2, 4, 5],
    },
    Pattern {
        name: "line3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
        instances: &[0, 2, 4, 5],
    },
    Pattern {
        name: "line4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
        instances: &[0, 2, 4, 5],
    },
    Pattern {
        name: "diag8",
        squares: &[0, 9, 18, 27, 36, 45, 54, 63],
        instances: &[0, 1],
    },
    Pattern {
        name: "diag7",
        squares: &[1, 10, 19, 28, 37, 46, 55],
        instances: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diag6",
        squares: &[2, 11, 20, 29, 38, 47],
        instances: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diag5",
        squares: &[3, 12, 21, 30, 39],
        instances: &[0, 1, 2, 3],
    },
    Pattern {
        name: "diag4",
        squares: &[4, 13, 22, 31],
        instances: &[0, 1, 2, 3],
    },
];

/// Pattern instances per position (the length of [`indices`]' answer).
pub const INSTANCES: usize = 46;

/// The inverse of symmetry `n` ([`symmetry::apply`]): the two quarter turns (5 and 6)
/// undo each other, the six other symmetries undo themselves.
///
/// ```
/// use reversi_engine::eval::{pattern::inverse, symmetry::apply};
/// for n in 0..8 {
///     assert_eq!(apply(inverse(n), apply(n, 0x1234_5678)), 0x1234_5678);
/// }
/// ```
#[must_use]
pub const fn inverse(n: u32) -> u32 {
    match n {
        5 => 6,
        6 => 5,
        _ => n,
    }
}

/// `3^n`.
#[must_use]
pub const fn pow3(n: usize) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 3;
        i += 1;
    }
    r
}

/// `B3[x]`: the base-3 number with digit `i` equal to bit `i` of `x` (10 bits).
const B3: [u32; 1024] = {
    let mut t = [0u32; 1024];
    let mut x = 0;
    while x < 1024 {
        let mut v = 0u32;
        let mut i = 0;
        while i < 10 {
            if x >> i & 1 != 0 {
                v += pow3(i) as u32;
            }
            i += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// The bits of a diagonal gathered into one byte (bit f = the square on file f): every
/// masked square is on a different file, so the multiplication adds the ranks into the
/// top byte without carries.
#[inline(always)]
fn diagonal(b: u64, mask: u64) -> u32 {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The bits that each pattern reads on a board in base orientation, in digit order:
/// `out[k]` for `PATTERNS[k]`.
#[inline(always)]
fn gather(b: u64) -> [u32; 11] {
    [
        (b & 0xFF | (b >> 9 & 1) << 8 | (b >> 14 & 1) << 9) as u32,
        (b & 7 | (b >> 5) & 0x38 | (b >> 10) & 0x1C0) as u32,
        (b & 0x1F | (b >> 3) & 0x3E0) as u32,
        (b >> 8 & 0xFF) as u32,
        (b >> 16 & 0xFF) as u32,
        (b >> 24 & 0xFF) as u32,
        diagonal(b, 0x8040_2010_0804_0201),
        diagonal(b, 0x0080_4020_1008_0402) >> 1,
        diagonal(b, 0x0000_8040_2010_0804) >> 2,
        diagonal(b, 0x0000_0080_4020_1008) >> 3,
        diagonal(b, 0x0000_0000_8040_2010) >> 4,
    ]
}

/// Which patterns read each symmetry's board: bit k for `PATTERNS[k]` (the transpose of
/// the `instances` lists; checked by a test).
const READ_BY_SYMMETRY: [u16; 8] = [0x7FF, 0x7C6, 0x7BF, 0x786, 0x03D, 0x03D, 0x004, 0x004];

/// The pattern indices of a position, one per instance: `PATTERNS[0]`'s instances first
/// (in the order of its `instances`), then `PATTERNS[1]`'s, and so on. Each index is
/// below `3^(squares)` of its pattern.
///
/// ```
/// use reversi_engine::eval::pattern::{indices, INSTANCES};
/// // Mover on a1 only: in the first edge+2x instance (rank 1) that is digit 0 = 1.
/// let idx = indices(1, 0);
/// assert_eq!(idx.len(), INSTANCES);
/// assert_eq!(idx[0], 1);
/// // Opponent on a1: digit 0 = 2.
/// assert_eq!(indices(0, 1)[0], 2);
/// ```
#[must_use]
pub fn indices(player: u64, opponent: u64) -> [u32; INSTANCES] {
    let mut out = [0u32; INSTANCES];
    let mut p_sym = [0u64; 8];
    let mut o_sym = [0u64; 8];
    let (pm, om) = (
        symmetry::mirror_horizontal(player),
        symmetry::mirror_horizontal(opponent),
    );
    p_sym[0] = player;
    o_sym[0] = opponent;
    p_sym[1] = pm;
    o_sym[1] = om;
    p_sym[2] = symmetry::flip_vertical(player);
    o_sym[2] = symmetry::flip_vertical(opponent);
    p_sym[3] = symmetry::flip_vertical(pm);
    o_sym[3] = symmetry::flip_vertical(om);
    for n in 0..4 {
        p_sym[n + 4] = symmetry::flip_diagonal(p_sym[n]);
        o_sym[n + 4] = symmetry::flip_diagonal(o_sym[n]);
    }
    let mut slot = [0usize; 11];
    let mut start = 0;
    for (k, pattern) in PATTERNS.iter().enumerate() {
        slot[k] = start;
        start += pattern.instances.len();
    }
    for n in 0..8 {
        let gp = gather(p_sym[n]);
        let go = gather(o_sym[n]);
        let read = READ_BY_SYMMETRY[n];
        for k in 0..11 {
            if read >> k & 1 != 0 {
                out[slot[k]] = B3[gp[k] as usize] + 2 * B3[go[k] as usize];
                slot[k] += 1;
            }
        }
    }
    out
}

/// The square that symmetry `n` ([`symmetry::apply`]) takes square `s` to.
const fn image(n: usize, s: usize) -> usize {
    let mut t = s;
    if n & 1 != 0 {
        t ^= 7;
    }
    if n & 2 != 0 {
        t ^= 56;
    }
    if n & 4 != 0 {
        t = (t & 7) * 8 + t / 8;
    }
    t
}

/// `PLACE[s][slot]`: the place value (`3^i`) of square `s`'s digit in the index of
/// instance `slot` (in the order of [`indices`]), 0 when the instance does not read `s`.
/// A disc of the side to move on `s` adds `PLACE[s]` to the indices, an opponent's disc
/// twice that.
const PLACE: [[u16; INSTANCES]; 64] = {
    let mut out = [[0u16; INSTANCES]; 64];
    let mut s = 0;
    while s < 64 {
        let mut slot = 0;
        let mut k = 0;
        while k < PATTERNS.len() {
            let pattern = &PATTERNS[k];
            let mut j = 0;
            while j < pattern.instances.len() {
                let t = image(pattern.instances[j] as usize, s);
                let mut i = 0;
                while i < pattern.squares.len() {
                    if pattern.squares[i] as usize == t {
                        out[s][slot] = pow3(i) as u16;
                    }
                    i += 1;
                }
                slot += 1;
                j += 1;
            }
            k += 1;
        }
        s += 1;
    }
    out
};

/// `out[i] += d[i]` for every instance, in `u16` arithmetic modulo `2^16` (on indices
/// of a real position the results are the indices of the next one; subtraction is
/// written out where [`Indices::play`] needs it).
#[inline(always)]
fn add(out: &mut [u16; INSTANCES], d: &[u16; INSTANCES]) {
    for (a, b) in out.iter_mut().zip(d) {
        *a = a.wrapping_add(*b);
    }
}

/// A position's pattern indices from both sides' views, kept up to date move by move (a
/// move changes the indices of the instances that read its square and its flipped
/// discs, nothing else), so a search that evaluates many positions one move apart does
/// not compute them from the bitboards each time.
///
/// `mover` are the indices that [`indices`] gives for the side to move (digit 1 its
/// discs), `other` those for the opponent (digit 1 the opponent's discs); a move makes
/// the opponent the side to move, so each view becomes the other.
///
/// ```
/// use reversi::kernel;
/// use reversi_engine::eval::pattern::{indices, Indices};
/// let start = reversi::Board::START;
/// let (p, o) = (start.mover_bits(), start.opponent_bits());
/// let idx = Indices::of(p, o);
/// assert_eq!(idx.mover.map(u32::from), indices(p, o));
/// // f5 (square 37) flips e5 (36): the opponent is to move after it.
/// let flipped = kernel::flips(p, o, 37);
/// let (np, no) = (o ^ flipped, p ^ flipped ^ 1 << 37);
/// let next = idx.play(37, flipped);
/// assert_eq!(next, Indices::of(np, no));
/// assert_eq!(next.pass(), Indices::of(no, np));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indices {
    /// The indices for the side to move: what the evaluation reads.
    pub mover: [u16; INSTANCES],
    /// The indices for the opponent: the side to move's after the next move.
    pub other: [u16; INSTANCES],
}

impl Indices {
    /// The indices of `player` (to move) against `opponent` (disjoint bitboards), from
    /// the bitboards.
    #[must_use]
    pub fn of(player: u64, opponent: u64) -> Indices {
        Indices {
            mover: indices(player, opponent).map(|i| i as u16),
            other: indices(opponent, player).map(|i| i as u16),
        }
    }

    /// The indices after the side to move plays `square` (0 = a1 ... 63 = h8), flipping
    /// `flipped` (the flips of a legal move, `reversi::kernel::flips`; other values give
    /// meaningless indices, never a panic).
    #[inline(always)]
    #[must_use]
    pub fn play(&self, square: u32, flipped: u64) -> Indices {
        // Flipped discs go from the opponent's (digit 2 for the mover, 1 for the other)
        // to the mover's; the new disc from empty (0) to the mover's.
        let mut change = [0u16; INSTANCES];
        let mut f = flipped;
        while f != 0 {
            add(&mut change, &PLACE[f.trailing_zeros() as usize]);
            f &= f - 1;
        }
        let placed = &PLACE[(square & 63) as usize];
        let mut next = Indices {
            mover: self.other,
            other: self.mover,
        };
        // The new side to move (the old other view): placed 0 -> 2, flipped 1 -> 2.
        add(&mut next.mover, placed);
        add(&mut next.mover, placed);
        add(&mut next.mover, &change);
        // The new opponent (the old mover's view): placed 0 -> 1, flipped 2 -> 1.
        add(&mut next.other, placed);
        for (a, c) in next.other.iter_mut().zip(&change) {
            *a = a.wrapping_sub(*c);
        }
        next
    }

    /// The indices after a pass: the views exchanged.
    #[inline(always)]
    #[must_use]
    pub fn pass(&self) -> Indices {
        Indices {
            mover: self.other,
            other: self.mover,
        }
    }
}

impl Pattern {
    /// How many indices this pattern has: `3^(squares)`.
    ///
    /// ```
    /// assert_eq!(reversi_engine::eval::pattern::PATTERNS[1].size(), 19_683);
    /// ```
    #[must_use]
    pub const fn size(&self) -> usize {
        pow3(self.squares.len())
    }

    /// For each symmetry that keeps this pattern's set of squares (other than the
    /// identity), the permutation of digit positions it makes: `perm[i] = j` when the
    /// symmetry takes `squares[i]` to `squares[j]`.
    #[must_use]
    pub fn self_symmetries(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for n in 1..8 {
            let perm: Vec<Option<usize>> = self
                .squares
                .iter()
                .map(|&s| {
                    let image = symmetry::apply(n, 1u64 << s).trailing_zeros() as u8;
                    self.squares.iter().position(|&t| t == image)
                })
                .collect();
            if perm.iter().all(|p| p.is_some()) {
                let perm: Vec<usize> = perm.into_iter().map(|p| p.unwrap_or(0)).collect();
                if perm.iter().enumerate().any(|(i, &j)| i != j) && !out.contains(&perm) {
                    out.push(perm);
                }
            }
        }
        out
    }

    /// For every index of this pattern, the index that shares its weight: the smallest of
    /// its images under [`Pattern::self_symmetries`] (itself included).
    ///
    /// ```
    /// use reversi_engine::eval::pattern::PATTERNS;
    /// let line2 = &PATTERNS[3];
    /// let canonical = line2.canonical();
    /// // a2 mover (digit 0 = 1) and h2 mover (digit 7 = 1 * 3^7) share a weight.
    /// assert_eq!(canonical[3usize.pow(7)], canonical[1]);
    /// assert_eq!(canonical[1], 1);
    /// ```
    #[must_use]
    pub fn canonical(&self) -> Vec<u32> {
        let size = self.size();
        let len = self.squares.len();
        let perms = self.self_symmetries();
        let mut out = Vec::with_capacity(size);
        let mut digits = vec![0u32; len];
        for index in 0..size {
            let mut x = index;
            for d in digits.iter_mut() {
                *d = (x % 3) as u32;
                x /= 3;
            }
            let mut best = index as u32;
            for perm in &perms {
                let mut image = 0u32;
                for (i, &d) in digits.iter().enumerate() {
                    image += d * pow3(perm[i]) as u32;
                }
                best = best.min(image);
            }
            out.push(best);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index of `pattern` under symmetry `n`, from the squares one by one.
    fn slow_index(pattern: &Pattern, n: u32, player: u64, opponent: u64) -> u32 {
        let mut index = 0;
        for (i, &s) in pattern.squares.iter().enumerate() {
            let image = symmetry::apply(inverse(n), 1u64 << s);
            let digit = if player & image != 0 {
                1
            } else if opponent & image != 0 {
                2
            } else {
                0
            };
            index += digit * pow3(i) as u32;
        }
        index
    }

    #[test]
    fn read_by_symmetry_is_the_transpose_of_the_instance_lists() {
        for n in 0..8u8 {
            let mut bits = 0u16;
            for (k, p) in PATTERNS.iter().enumerate() {
                if p.instances.contains(&n) {
                    bits |= 1 << k;
                }
            }
            assert_eq!(READ_BY_SYMMETRY[n as usize], bits, "symmetry {n}");
        }
    }

    #[test]
    fn instances_cover_every_distinct_image_once() {
        for p in &PATTERNS {
            let set = |n: u32| {
                p.squares
                    .iter()
                    .fold(0u64, |acc, &s| acc | symmetry::apply(inverse(n), 1 << s))
            };
            let mut all: Vec<u64> = (0..8).map(set).collect();
            all.sort_unstable();
            all.dedup();
            let mut chosen: Vec<u64> = p.instances.iter().map(|&n| set(n as u32)).collect();
            chosen.sort_unstable();
            let before = chosen.len();
            chosen.dedup();
            assert_eq!(
                chosen.len(),
                before,
                "{}: two instances on the same squares",
                p.name
            );
            assert_eq!(chosen, all, "{}: instances miss an image", p.name);
        }
        assert_eq!(
            PATTERNS.iter().map(|p| p.instances.len()).sum::<usize>(),
            INSTANCES
        );
    }

    #[test]
    fn fast_indices_match_square_by_square_indices() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..2000 {
            let a = rng.u64(..);
            let b = rng.u64(..) & !a;
            let fast = indices(a, b);
            let mut slot = 0;
            for p in &PATTERNS {
                for &n in p.instances {
                    assert_eq!(
                        fast[slot],
                        slow_index(p, n as u32, a, b),
                        "{} symmetry {n}",
                        p.name
                    );
                    slot += 1;
                }
            }
        }
    }

    #[test]
    fn place_values_are_the_indices_of_one_disc() {
        for (s, place) in PLACE.iter().enumerate() {
            assert_eq!(place.map(u32::from), indices(1 << s, 0), "square {s}");
            assert_eq!(
                place.map(|d| 2 * u32::from(d)),
                indices(0, 1 << s),
                "square {s}"
            );
        }
    }

    #[test]
    fn indices_played_move_by_move_are_the_indices_of_each_position() {
        use reversi::kernel;
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..200 {
            let start = reversi::Board::START;
            let (mut p, mut o) = (start.mover_bits(), start.opponent_bits());
            let mut idx = Indices::of(p, o);
            loop {
                let mut moves = kernel::moves(p, o);
                if moves == 0 {
                    if kernel::moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    idx = idx.pass();
                    assert_eq!(idx, Indices::of(p, o));
                    moves = kernel::moves(p, o);
                }
                for _ in 0..rng.u32(..moves.count_ones()) {
                    moves &= moves - 1;
                }
                let square = moves.trailing_zeros();
                let flipped = kernel::flips(p, o, square);
                idx = idx.play(square, flipped);
                (p, o) = (o ^ flipped, p ^ flipped ^ 1 << square);
                assert_eq!(idx, Indices::of(p, o));
            }
        }
    }

    #[test]
    fn self_symmetries_are_the_expected_reflections() {
        let counts: Vec<usize> = PATTERNS.iter().map(|p| p.self_symmetries().len()).collect();
        // edge+2x, lines: reflected files; corner3x3: a1-h8 diagonal; corner2x5: none;
        // diag8: read backwards (the half turn and the other diagonal both do that); shorter diagonals:
        // the reflection in the other diagonal.
        assert_eq!(counts, vec![1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    }
}
