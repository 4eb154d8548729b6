//! Precomputed bitboards of the 7x7 board (layout in [`crate::board`]): for every square,
//! the squares each piece's steps and leaps reach, the neighbour and the square two steps
//! away in each [`Dir`], rays, and the squares between two squares.
//!
//! Every table is built at compile time from `(file, rank)` vectors, named by [`Dir`] or
//! taken from [`grid::Direction`]'s sets, so a step never wraps around an edge. A square
//! off the board is simply absent from a bitboard.

use grid::Direction;

use crate::board::{bit, file_of, index, rank_of, PAST_RIVER, RIVER_RANK, SIZE, SQUARES};
use crate::dir::Dir;
use crate::piece::{ByColor, Color};

/// The bit of the square `steps` times `(d_file, d_rank)` away from `sq`, 0 off the board.
const fn offset(sq: usize, d_file: i32, d_rank: i32, steps: i32) -> u64 {
    let file = file_of(sq) as i32 + d_file * steps;
    let rank = rank_of(sq) as i32 + d_rank * steps;
    if file < 0 || file >= SIZE as i32 || rank < 0 || rank >= SIZE as i32 {
        0
    } else {
        bit(index(file as usize, rank as usize))
    }
}

/// For every square, the squares `steps` times each of `directions` away.
const fn leaps(directions: &[Direction], steps: i32) -> [u64; SQUARES] {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < directions.len() {
            let d = directions[i];
            t[sq] |= offset(sq, d.d_file(), d.d_rank(), steps);
            i += 1;
        }
        sq += 1;
    }
    t
}

/// For every square and [`Dir`], the square `steps` steps away.
const fn by_dir(steps: i32) -> [[u64; 8]; SQUARES] {
    let mut t = [[0u64; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let v = Dir::ALL[d].vector();
            t[sq][d] = offset(sq, v.d_file(), v.d_rank(), steps);
            d += 1;
        }
        sq += 1;
    }
    t
}

/// For every square and [`Dir`], every square from it to the edge (the square excluded).
const fn rays() -> [[u64; 8]; SQUARES] {
    let mut t = [[0u64; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let v = Dir::ALL[d].vector();
            let mut steps = 1;
            while steps < SIZE as i32 {
                t[sq][d] |= offset(sq, v.d_file(), v.d_rank(), steps);
                steps += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `[sq][dir]`: the neighbour of `sq` in `dir`.
const STEP: [[u64; 8]; SQUARES] = by_dir(1);
/// `[sq][dir]`: the square two steps from `sq` in `dir`.
const JUMP: [[u64; 8]; SQUARES] = by_dir(2);
/// `[sq][dir]`: the squares from `sq` in `dir` up to the edge.
const RAY: [[u64; 8]; SQUARES] = rays();

/// The neighbour of `sq` in `dir` (0 off the board).
#[inline(always)]
pub(crate) fn step(sq: usize, dir: Dir) -> u64 {
    STEP[sq][dir as usize]
}

/// The square two steps from `sq` in `dir` (0 off the board): a jump's landing square.
#[inline(always)]
pub(crate) fn jump(sq: usize, dir: Dir) -> u64 {
    JUMP[sq][dir as usize]
}

/// The squares from `sq` in `dir` up to the edge, `sq` excluded.
#[inline(always)]
pub(crate) fn ray(sq: usize, dir: Dir) -> u64 {
    RAY[sq][dir as usize]
}

/// `[a][b]`: the squares strictly between `a` and `b` when they share a file, a rank or a
/// diagonal; 0 otherwise (also for neighbours).
static BETWEEN: [[u64; SQUARES]; SQUARES] = {
    let mut t = [[0u64; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 8 {
            let v = Dir::ALL[d].vector();
            let mut between = 0;
            let mut steps = 1;
            while steps < SIZE as i32 {
                let b = offset(a, v.d_file(), v.d_rank(), steps);
                if b != 0 {
                    t[a][b.trailing_zeros() as usize] = between;
                    between |= b;
                }
                steps += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// The squares strictly between `a` and `b` on their file, rank or diagonal; 0 when they
/// are not on one line or are neighbours. For the two ends of a 2-square jump, the jumped
/// square.
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> u64 {
    BETWEEN[a][b]
}

/// King steps: one square in each of the eight directions.
pub(crate) const KING: [u64; SQUARES] = leaps(&Direction::KING, 1);
/// Knight leaps (the zebra).
pub(crate) const KNIGHT: [u64; SQUARES] = leaps(&Direction::KNIGHT, 1);
/// One or two squares orthogonally (the elephant).
pub(crate) const ELEPHANT: [u64; SQUARES] = {
    let one = leaps(&Direction::ORTHOGONAL, 1);
    let two = leaps(&Direction::ORTHOGONAL, 2);
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = one[sq] | two[sq];
        sq += 1;
    }
    t
};
/// Exactly two squares orthogonally or diagonally (the giraffe's jump).
pub(crate) const TWO: [u64; SQUARES] = leaps(&Direction::KING, 2);

/// The three forward steps of `color`: straight and both diagonals.
const fn forward_dirs(color: Color) -> [Direction; 3] {
    let f = Dir::forward(color);
    [f.vector(), f.rotate(1).vector(), f.rotate(7).vector()]
}

/// The forward and sideways steps of `color` (a superpawn's capturing moves).
const fn forward_and_sideways_dirs(color: Color) -> [Direction; 5] {
    let f = Dir::forward(color);
    let [a, b, c] = forward_dirs(color);
    [a, b, c, f.rotate(2).vector(), f.rotate(6).vector()]
}

/// A pawn's steps, moving or capturing: forward and diagonally forward.
pub(crate) const PAWN: ByColor<[u64; SQUARES]> = ByColor::new(
    leaps(&forward_dirs(Color::White), 1),
    leaps(&forward_dirs(Color::Black), 1),
);
/// A superpawn's steps that may capture: forward, diagonally forward and sideways.
pub(crate) const SUPERPAWN: ByColor<[u64; SQUARES]> = ByColor::new(
    leaps(&forward_and_sideways_dirs(Color::White), 1),
    leaps(&forward_and_sideways_dirs(Color::Black), 1),
);

/// A retreat of one or two squares in one direction, never capturing, never jumping.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Retreat {
    /// The square one step back (0 when off the board or not allowed).
    pub(crate) one: u64,
    /// The square two steps back (0 when off the board or not allowed).
    pub(crate) two: u64,
}

impl Retreat {
    /// The squares reached through `empty` squares: the first step back when it is empty,
    /// and the second too when both are.
    #[inline(always)]
    pub(crate) fn targets(self, empty: u64) -> u64 {
        let one = self.one & empty;
        let two = if one != 0 { self.two & empty } else { 0 };
        one | two
    }
}

/// For every square, the pawn's straight retreat: allowed once past the river only.
const fn pawn_retreats(color: Color) -> [Retreat; SQUARES] {
    let mut t = [Retreat { one: 0, two: 0 }; SQUARES];
    let back = Dir::forward(color).opposite().vector();
    let past_river = *PAST_RIVER.get(color);
    let mut sq = 0;
    while sq < SQUARES {
        if past_river & bit(sq) != 0 {
            t[sq] = Retreat {
                one: offset(sq, back.d_file(), back.d_rank(), 1),
                two: offset(sq, back.d_file(), back.d_rank(), 2),
            };
        }
        sq += 1;
    }
    t
}

/// `[color][sq]`: the straight retreat of `color`'s pawn on `sq` (none before the river).
pub(crate) const PAWN_RETREAT: ByColor<[Retreat; SQUARES]> =
    ByColor::new(pawn_retreats(Color::White), pawn_retreats(Color::Black));

/// The three backward directions of `color`, straight back first: a superpawn retreats
/// in all of them, anywhere on the board.
#[inline(always)]
pub(crate) const fn backward(color: Color) -> [Dir; 3] {
    let back = Dir::forward(color).opposite();
    [back, back.rotate(1), back.rotate(7)]
}

/// The retreat from `sq` in `dir` (for the superpawn, allowed anywhere).
#[inline(always)]
pub(crate) fn retreat(sq: usize, dir: Dir) -> Retreat {
    Retreat {
        one: step(sq, dir),
        two: jump(sq, dir),
    }
}

/// For every square, the squares on its file and its two diagonals (not its rank), where
/// a lion may see the other lion for the lion capture.
pub(crate) const LION_SIGHT: [u64; SQUARES] = {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let dir = Dir::ALL[d];
            if !matches!(dir, Dir::E | Dir::W) {
                t[sq] |= RAY[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The squares a rider reaches from `sq` in `dir` when `occupied` squares block it: every
/// square up to and including the first occupied one.
#[inline(always)]
pub(crate) fn slide(sq: usize, dir: Dir, occupied: u64) -> u64 {
    slide_along(ray(sq, dir), dir, occupied)
}

/// [`slide`] along `ray`, a part of a ray in `dir` that starts next to its origin.
#[inline(always)]
pub(crate) fn slide_along(ray: u64, dir: Dir, occupied: u64) -> u64 {
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else if dir.raises_index() {
        // The nearest blocker is the lowest bit: keep it and everything below.
        let first = blockers & blockers.wrapping_neg();
        ray & (first | (first - 1))
    } else {
        // The nearest blocker is the highest bit: keep it and everything above.
        let first = 1u64 << (63 - blockers.leading_zeros());
        ray & !(first - 1)
    }
}

/// For every square off the river, the squares on its file from it to the river (the
/// river square included, the square excluded): a crocodile's slide toward the river.
/// Empty on the river.
pub(crate) const TOWARD_RIVER: [u64; SQUARES] = {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let rank = rank_of(sq);
        let (dir, steps) = if rank < RIVER_RANK {
            (Dir::N, RIVER_RANK - rank)
        } else {
            (Dir::S, rank - RIVER_RANK)
        };
        let v = dir.vector();
        let mut s = 1;
        while s <= steps {
            t[sq] |= offset(sq, v.d_file(), v.d_rank(), s as i32);
            s += 1;
        }
        sq += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{FULL, RIVER};

    #[test]
    fn tables_agree_with_grid() {
        use grid::{BoardSize, Square};
        let size = BoardSize::CONGO;
        for sq in 0..SQUARES {
            let square = Square::new(file_of(sq) as u8, rank_of(sq) as u8, size).unwrap();
            let bb = |squares: &mut dyn Iterator<Item = Square>| {
                squares.fold(0u64, |bb, s| bb | bit(s.index()))
            };
            let king = bb(&mut Direction::KING.iter().filter_map(|&d| square.offset(d)));
            assert_eq!(KING[sq], king);
            for dir in Dir::ALL {
                let v = dir.vector();
                assert_eq!(step(sq, dir), bb(&mut square.ray(v, Some(1))));
                assert_eq!(ray(sq, dir), bb(&mut square.ray(v, None)));
                let two = bb(&mut square.ray(v, Some(2)));
                assert_eq!(jump(sq, dir), two & !step(sq, dir));
                let mut inside = 0;
                for to in square.ray(v, None) {
                    assert_eq!(between(sq, to.index()), inside);
                    inside |= bit(to.index());
                }
                assert_eq!(slide(sq, dir, step(sq, dir) | jump(sq, dir)), step(sq, dir));
                assert_eq!(slide(sq, dir, jump(sq, dir)), step(sq, dir) | jump(sq, dir));
            }
            assert_eq!(TOWARD_RIVER[sq] & !FULL, 0);
            assert_eq!(TOWARD_RIVER[sq] == 0, RIVER & bit(sq) != 0);
            assert_eq!(LION_SIGHT[sq] & crate::board::rank_bb(rank_of(sq)), 0);
        }
    }
}
