//! Precomputed bitboards of the 7x7 board (layout in [`crate::board`]): for every square,
//! its neighbour, the square two steps away and the ray to the edge in each [`Dir`], and
//! what each piece's steps and leaps reach.
//!
//! Every table is built at compile time from the `(d_file, d_rank)` steps of [`Dir`], on
//! `(file, rank)` coordinates, so a step never wraps around an edge. A square off the
//! board is simply absent from a bitboard.

use crate::board::{bit, file_of, index, rank_of, SIZE, SQUARES};
use crate::dir::Dir;
use crate::piece::{ByColor, Color};

/// The bit of the square `(d_file, d_rank)` away from `sq`, 0 off the board.
const fn offset(sq: usize, d_file: i32, d_rank: i32) -> u64 {
    let file = file_of(sq) as i32 + d_file;
    let rank = rank_of(sq) as i32 + d_rank;
    if file < 0 || file >= SIZE as i32 || rank < 0 || rank >= SIZE as i32 {
        0
    } else {
        bit(index(file as usize, rank as usize))
    }
}

/// `[sq][dir]`: the squares `first..=last` steps from `sq` in `dir`.
const fn by_dir(first: i32, last: i32) -> [[u64; 8]; SQUARES] {
    let mut t = [[0; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let (d_file, d_rank) = Dir::ALL[d].delta();
            let mut steps = first;
            while steps <= last {
                t[sq][d] |= offset(sq, d_file * steps, d_rank * steps);
                steps += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// For every square, the union of `table[sq][dir]` over `dirs`.
const fn union(table: &[[u64; 8]; SQUARES], dirs: &[Dir]) -> [u64; SQUARES] {
    let mut t = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < dirs.len() {
            t[sq] |= table[sq][dirs[i] as usize];
            i += 1;
        }
        sq += 1;
    }
    t
}

/// `[sq][dir]`: the neighbour of `sq` in `dir`.
const STEP: [[u64; 8]; SQUARES] = by_dir(1, 1);
/// `[sq][dir]`: the square two steps from `sq` in `dir`.
const JUMP: [[u64; 8]; SQUARES] = by_dir(2, 2);
/// `[sq][dir]`: the squares from `sq` in `dir` up to the edge.
const RAY: [[u64; 8]; SQUARES] = by_dir(1, SIZE as i32 - 1);

/// The neighbour of `sq` in `dir` (0 off the board).
pub(crate) fn step(sq: usize, dir: Dir) -> u64 {
    STEP[sq][dir as usize]
}

/// The square two steps from `sq` in `dir` (0 off the board): a jump's landing square.
pub(crate) fn jump(sq: usize, dir: Dir) -> u64 {
    JUMP[sq][dir as usize]
}

/// The squares from `sq` in `dir` up to the edge.
pub(crate) fn ray(sq: usize, dir: Dir) -> u64 {
    RAY[sq][dir as usize]
}

/// The squares a rider reaches from `sq` in `dir` when `occupied` squares block it: every
/// square up to the edge or up to and including the first occupied one.
pub(crate) fn slide(sq: usize, dir: Dir, occupied: u64) -> u64 {
    let ray = ray(sq, dir);
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

/// King steps: one square in each direction.
pub(crate) const KING: [u64; SQUARES] = union(&STEP, &Dir::ALL);
/// Exactly two squares orthogonally or diagonally (the giraffe's jump).
pub(crate) const TWO: [u64; SQUARES] = union(&JUMP, &Dir::ALL);
/// One or two squares orthogonally (the elephant).
pub(crate) const ELEPHANT: [u64; SQUARES] = union(&by_dir(1, 2), &Dir::ORTHOGONAL);
/// Knight leaps (the zebra): one step orthogonally, then one diagonally away from the start.
pub(crate) const KNIGHT: [u64; SQUARES] = {
    let mut t = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (f, r) = Dir::ORTHOGONAL[i].delta();
            let (f1, r1) = Dir::ORTHOGONAL[i].rotate(1).delta();
            let (f7, r7) = Dir::ORTHOGONAL[i].rotate(7).delta();
            t[sq] |= offset(sq, f + f1, r + r1) | offset(sq, f + f7, r + r7);
            i += 1;
        }
        sq += 1;
    }
    t
};
/// A pawn's steps, moving or capturing: forward and diagonally forward.
pub(crate) const PAWN: ByColor<[u64; SQUARES]> = ByColor::new(
    union(&STEP, &Dir::ahead(Color::White)),
    union(&STEP, &Dir::ahead(Color::Black)),
);
/// A superpawn's steps that may capture: forward, diagonally forward and sideways.
pub(crate) const SUPERPAWN: ByColor<[u64; SQUARES]> = {
    let [w0, w1, w2] = Dir::ahead(Color::White);
    let [b0, b1, b2] = Dir::ahead(Color::Black);
    ByColor::new(
        union(&STEP, &[w0, w1, w2, Dir::E, Dir::W]),
        union(&STEP, &[b0, b1, b2, Dir::E, Dir::W]),
    )
};

#[cfg(test)]
mod tests {
    use super::*;
    use grid::{BoardSize, Direction, Square};

    /// The bitboard of some squares.
    fn bb(squares: impl Iterator<Item = Square>) -> u64 {
        squares.fold(0, |bb, s| bb | bit(s.index()))
    }

    #[test]
    fn tables_agree_with_grid() {
        let leaps =
            |square: Square, set: &[Direction]| bb(set.iter().filter_map(|&d| square.offset(d)));
        for sq in 0..SQUARES {
            let square =
                Square::new(file_of(sq) as u8, rank_of(sq) as u8, BoardSize::CONGO).unwrap();
            assert_eq!(KING[sq], leaps(square, &Direction::KING));
            assert_eq!(KNIGHT[sq], leaps(square, &Direction::KNIGHT));
            let two: Vec<Direction> = Direction::ORTHOGONAL
                .iter()
                .map(|d| Direction::new(2 * d.d_file(), 2 * d.d_rank()).unwrap())
                .collect();
            assert_eq!(
                ELEPHANT[sq],
                leaps(square, &Direction::ORTHOGONAL) | leaps(square, &two)
            );
            for dir in Dir::ALL {
                let (f, r) = dir.delta();
                let v = Direction::new(f, r).unwrap();
                assert_eq!(step(sq, dir), bb(square.ray(v, Some(1))));
                assert_eq!(ray(sq, dir), bb(square.ray(v, None)));
                assert_eq!(jump(sq, dir), bb(square.ray(v, Some(2))) & !step(sq, dir));
                let (one, two) = (step(sq, dir), jump(sq, dir));
                assert_eq!(slide(sq, dir, one | two), one);
                assert_eq!(slide(sq, dir, two), one | two);
                assert_eq!(slide(sq, dir, 0), ray(sq, dir));
            }
        }
    }
}
