//! Precomputed bitboards of the 7x7 board (bit `rank * 7 + file`, a1 = bit 0).

/// Files and ranks of the board.
pub(crate) const SIZE: i32 = 7;
/// Number of squares.
pub(crate) const SQUARES: usize = 49;
/// Every square.
pub(crate) const FULL: u64 = (1 << 49) - 1;
/// The river: the whole 4th rank.
pub(crate) const RIVER: u64 = 0x7f << 21;
/// File `a`.
pub(crate) const FILE_A: u64 = {
    let mut bb = 0;
    let mut r = 0;
    while r < 7 {
        bb |= 1 << (r * 7);
        r += 1;
    }
    bb
};
/// The castles: files c-e of ranks 1-3 (White) and ranks 5-7 (Black).
pub(crate) const CASTLE: [u64; 2] = {
    let mut w = 0;
    let mut b = 0;
    let mut r = 0;
    while r < 3 {
        let mut f = 2;
        while f < 5 {
            w |= 1 << (r * 7 + f);
            b |= 1 << ((r + 4) * 7 + f);
            f += 1;
        }
        r += 1;
    }
    [w, b]
};
/// The far rank a pawn promotes on: rank 7 for White, rank 1 for Black.
pub(crate) const FAR_RANK: [u64; 2] = [0x7f << 42, 0x7f];
/// Ranks past the river: 5-7 for White, 1-3 for Black.
pub(crate) const PAST_RIVER: [u64; 2] = [0x1fffff << 28, 0x1fffff];

/// The eight directions as `(d_file, d_rank)`: N, NE, E, SE, S, SW, W, NW.
pub(crate) const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The square `steps` steps from `sq` in direction `dir`, or -1 when off the board.
const fn offset(sq: usize, dir: usize, steps: i32) -> i8 {
    let f = (sq % 7) as i32 + DIRS[dir].0 * steps;
    let r = (sq / 7) as i32 + DIRS[dir].1 * steps;
    if f < 0 || f >= SIZE || r < 0 || r >= SIZE {
        -1
    } else {
        (r * SIZE + f) as i8
    }
}

const fn offsets(steps: i32) -> [[i8; 8]; SQUARES] {
    let mut t = [[0i8; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = offset(sq, d, steps);
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `STEP[sq][dir]`: the neighbour of `sq` in `dir`, -1 off the board.
pub(crate) const STEP: [[i8; 8]; SQUARES] = offsets(1);
/// `JUMP[sq][dir]`: the square two steps from `sq` in `dir`, -1 off the board.
pub(crate) const JUMP: [[i8; 8]; SQUARES] = offsets(2);

const fn leaps(deltas: &[(i32, i32)]) -> [u64; SQUARES] {
    let mut t = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 7) as i32 + deltas[i].0;
            let r = (sq / 7) as i32 + deltas[i].1;
            if f >= 0 && f < SIZE && r >= 0 && r < SIZE {
                t[sq] |= 1 << (r * SIZE + f);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// King steps (all 8 directions).
pub(crate) const KING: [u64; SQUARES] = leaps(&DIRS);
/// Knight leaps (the zebra).
pub(crate) const KNIGHT: [u64; SQUARES] = leaps(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// 1 or 2 squares orthogonally (the elephant).
pub(crate) const ELEPHANT: [u64; SQUARES] = leaps(&[
    (0, 1),
    (0, 2),
    (1, 0),
    (2, 0),
    (0, -1),
    (0, -2),
    (-1, 0),
    (-2, 0),
]);
/// Exactly 2 squares orthogonally or diagonally (the giraffe's jump).
pub(crate) const TWO: [u64; SQUARES] = leaps(&[
    (0, 2),
    (2, 2),
    (2, 0),
    (2, -2),
    (0, -2),
    (-2, -2),
    (-2, 0),
    (-2, 2),
]);
/// Pawn steps: forward and diagonally forward, by colour.
pub(crate) const PAWN: [[u64; SQUARES]; 2] = [
    leaps(&[(-1, 1), (0, 1), (1, 1)]),
    leaps(&[(-1, -1), (0, -1), (1, -1)]),
];
/// Superpawn moves that may capture: forward, diagonally forward, sideways, by colour.
pub(crate) const SUPERPAWN: [[u64; SQUARES]; 2] = [
    leaps(&[(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0)]),
    leaps(&[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0)]),
];
/// Backward directions (indices into [`DIRS`]) by colour: straight back first.
pub(crate) const BACK_DIRS: [[usize; 3]; 2] = [[4, 3, 5], [0, 1, 7]];

/// The file (0-6) of a square index.
#[inline]
pub(crate) const fn file_of(sq: usize) -> usize {
    sq % 7
}

/// The rank (0-6) of a square index.
#[inline]
pub(crate) const fn rank_of(sq: usize) -> usize {
    sq / 7
}

use grid::{BoardSize, Square};

/// Every square of the Congo board, by index.
const ALL_SQUARES: [Square; SQUARES] = {
    let mut t = [match Square::new(0, 0, BoardSize::CONGO) {
        Some(s) => s,
        None => panic!("a1 is on the board"),
    }; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        t[i] = match Square::new((i % 7) as u8, (i / 7) as u8, BoardSize::CONGO) {
            Some(s) => s,
            None => panic!("every index below 49 is a square"),
        };
        i += 1;
    }
    t
};

/// The square of an index below 49.
#[inline]
pub(crate) const fn square_of(index: usize) -> Square {
    ALL_SQUARES[index]
}

/// The index of `square` on the Congo board, `None` if it is off the 7x7 board.
#[inline]
pub(crate) const fn index_of(square: Square) -> Option<usize> {
    let (file, rank) = (square.file() as usize, square.rank() as usize);
    if file < 7 && rank < 7 {
        Some(rank * 7 + file)
    } else {
        None
    }
}
