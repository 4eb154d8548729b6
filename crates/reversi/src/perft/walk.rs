//! The perft tree walk, generic in the convention (`C`, one of [`A`], [`N`], [`E`]) and
//! in the function that counts a child. The portable copy ([`portable`]) and the x86-64
//! copy (`super::x86`, compiled with more instructions) both instantiate it; it uses
//! nothing of either, so the dependencies go one way.

use crate::bitboard::{flips, flips_wide, moves, moves_wide};

/// [`Convention::PassIsPly`](super::Convention::PassIsPly) as the const parameter `C`.
pub(super) const A: u8 = 0;
/// [`Convention::PassIsFree`](super::Convention::PassIsFree) as the const parameter `C`.
pub(super) const N: u8 = 1;
/// [`Convention::FullDepthOnly`](super::Convention::FullDepthOnly) as the const
/// parameter `C`.
pub(super) const E: u8 = 2;

/// Leaves below a position whose side to move (`p`) has no legal move, at `depth >= 1`.
/// `recurse` counts a position at a depth `>= 1`.
// Rare (passes and finished games): out of line, to keep the hot loops small.
#[cold]
#[inline(never)]
fn stuck<const C: u8>(p: u64, o: u64, depth: u32, recurse: impl Fn(u64, u64, u32) -> u64) -> u64 {
    if C == A && depth == 1 {
        // Passing (or the game having ended) leads to depth 0 either way: one leaf.
        return 1;
    }
    let opponent_can_move = moves(o, p) != 0;
    match C {
        A => {
            if opponent_can_move {
                recurse(o, p, depth - 1)
            } else {
                1
            }
        }
        N => {
            if opponent_can_move {
                recurse(o, p, depth)
            } else {
                1
            }
        }
        _ => {
            if !opponent_can_move {
                0
            } else if depth == 1 {
                1
            } else {
                recurse(o, p, depth - 1)
            }
        }
    }
}

/// Leaves below the position (`p` to move against `o`) at `depth >= 1`, counting the
/// last ply in bulk (a popcount of the move mask) and unrolling the last two plies.
/// `recurse` is the caller's own function (to count a child at a depth `>= 1`).
#[inline(always)]
fn node<const C: u8>(
    p: u64,
    o: u64,
    depth: u32,
    recurse: impl Fn(u64, u64, u32) -> u64 + Copy,
) -> u64 {
    let mut todo = moves(p, o);
    if todo == 0 {
        return stuck::<C>(p, o, depth, recurse);
    }
    if depth == 1 {
        return u64::from(todo.count_ones());
    }
    let mut leaves = 0;
    if depth == 2 {
        while todo != 0 {
            let square = todo.trailing_zeros();
            let bit = todo & todo.wrapping_neg();
            todo ^= bit;
            let flipped = flips(p, o, square);
            let (child_p, child_o) = (o ^ flipped, p ^ flipped ^ bit);
            let child_moves = moves(child_p, child_o);
            leaves += if child_moves != 0 {
                u64::from(child_moves.count_ones())
            } else {
                stuck::<C>(child_p, child_o, 1, recurse)
            };
        }
        return leaves;
    }
    while todo != 0 {
        let square = todo.trailing_zeros();
        let bit = todo & todo.wrapping_neg();
        todo ^= bit;
        let flipped = flips(p, o, square);
        leaves += recurse(o ^ flipped, p ^ flipped ^ bit, depth - 1);
    }
    leaves
}

/// [`node`] with the lane kernels ([`moves_wide`], [`flips_wide`]), for a caller
/// compiled with AVX2: the bitboards stay in 4 equal lanes from one position to the next.
#[cfg_attr(
    any(not(target_arch = "x86_64"), feature = "portable"),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn node_wide<const C: u8>(
    p: u64,
    o: u64,
    depth: u32,
    recurse: impl Fn(u64, u64, u32) -> u64 + Copy,
) -> u64 {
    let (p4, o4) = ([p; 4], [o; 4]);
    let mut todo = moves_wide(p4, o4);
    if todo == 0 {
        return stuck::<C>(p, o, depth, recurse);
    }
    if depth == 1 {
        return u64::from(todo.count_ones());
    }
    let mut leaves = 0;
    if depth == 2 {
        while todo != 0 {
            let square = todo.trailing_zeros();
            let bit = todo & todo.wrapping_neg();
            todo ^= bit;
            let flipped = flips_wide(p4, o4, square);
            let child_p = [0, 1, 2, 3].map(|i| o4[i] ^ flipped[i]);
            let child_o = [0, 1, 2, 3].map(|i| p4[i] ^ flipped[i] ^ bit);
            let child_moves = moves_wide(child_p, child_o);
            leaves += if child_moves != 0 {
                u64::from(child_moves.count_ones())
            } else {
                stuck::<C>(child_p[0], child_o[0], 1, recurse)
            };
        }
        return leaves;
    }
    while todo != 0 {
        let square = todo.trailing_zeros();
        let bit = todo & todo.wrapping_neg();
        todo ^= bit;
        let flipped = flips_wide(p4, o4, square)[0];
        leaves += recurse(o ^ flipped, p ^ flipped ^ bit, depth - 1);
    }
    leaves
}

/// Perft with the baseline instructions of the target.
pub(super) fn portable<const C: u8>(p: u64, o: u64, depth: u32) -> u64 {
    node::<C>(p, o, depth, portable::<C>)
}
