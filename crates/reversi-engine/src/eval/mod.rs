//! The static evaluation of a Reversi position: the predicted final disc difference for
//! the side to move, in units of [`SCALE`] per disc.
//!
//! Positions are the two `u64` bitboards of [`reversi::kernel`]: `player` (the side to
//! move) and `opponent`, bit 0 = a1, bit 63 = h8. The evaluation is invariant under the 8
//! symmetries of the board (every term is), and it is a prediction, not a game result: a
//! search scores finished games itself ([`reversi::kernel::final_score`]).
//!
//! ```
//! use reversi::Board;
//! use reversi_engine::eval::{evaluate, SCALE};
//!
//! let start = Board::START;
//! let score = evaluate(start.mover_bits(), start.opponent_bits());
//! // A prediction in discs times SCALE, strictly inside a wipe-out either way.
//! assert!(score.abs() < 64 * SCALE);
//! ```

mod hand;
// The patterns, the symmetries on bitboards and the weights' layout: tuning internals
// (reversi-tune fits and writes the tables), not the documented API, which gives the
// evaluation as a value ([`Weights`]: load, save, evaluate).
#[doc(hidden)]
pub mod pattern;
mod scale;
#[doc(hidden)]
pub mod symmetry;
#[doc(hidden)]
pub mod weights;

#[doc(hidden)]
pub use hand::{evaluate as hand_set, mobility_only};
pub use scale::{MAX, SCALE};

use std::sync::{Arc, OnceLock};

pub(crate) use scale::clamp;
pub use weights::{Weights, WeightsError};

/// The compiled-in weights, decoded by the first thread that asks and shared by every
/// later one (decoding once a thread cost more than the searches did when a parallel
/// solve started a thread at each split).
static BUILTIN: OnceLock<Arc<Weights>> = OnceLock::new();

/// The compiled-in weights (`src/eval/weights.bin`), decoded once a process: what every
/// [`Engine`](crate::Engine) evaluates with (its midgame search, and its solver's move
/// ordering) until given others ([`Engine::set_weights`](crate::Engine::set_weights)).
///
/// The compiled-in file is part of the crate; its tests check that it decodes
/// ([`Weights::builtin`]), so this never fails in a released build.
///
/// ```
/// use reversi_engine::eval::{builtin, evaluate, SCALE};
/// let start = reversi::Board::START;
/// let (p, o) = (start.mover_bits(), start.opponent_bits());
/// assert_eq!(builtin().evaluate(p, o).clamp(-64 * SCALE + 1, 64 * SCALE - 1), evaluate(p, o));
/// ```
#[must_use]
pub fn builtin() -> Arc<Weights> {
    Arc::clone(shared())
}

/// The compiled-in weights, decoded on the first call.
fn shared() -> &'static Arc<Weights> {
    BUILTIN.get_or_init(|| match Weights::builtin() {
        Ok(weights) => Arc::new(weights),
        Err(e) => panic!("the compiled-in evaluation weights do not decode: {e}"),
    })
}

/// The predicted final disc difference for `player` (the side to move) against
/// `opponent`, times [`SCALE`], clamped to `-MAX..=MAX` (strictly inside
/// `(-64 * SCALE, 64 * SCALE)`). The two sets must be disjoint (`player & opponent == 0`).
///
/// The pattern evaluation: per game stage (4 empty squares each in the compiled-in
/// weights; a weights file states its own stage width), the sum of one fitted
/// weight per pattern instance (edges with the X squares, corner 3x3 and 2x5 blocks,
/// diagonals of 4 to 8 squares, the second to fourth lines: `pattern::PATTERNS`) and
/// of the mobility, potential mobility and parity terms (`weights::SCALARS`). The
/// weights are `src/eval/weights.bin`, fitted by `tools/reversi-tune` to positions
/// scored by search and, near the end, by the exact solver.
///
/// ```
/// use reversi::{Board, Symmetry};
/// use reversi_engine::eval::{evaluate, MAX};
/// // FFO #40 (20 empties), Black to move.
/// let board = Board::from_obf(
///     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")?;
/// let (p, o) = (board.mover_bits(), board.opponent_bits());
/// let score = evaluate(p, o);
/// assert!(score.abs() <= MAX);
/// // The same position turned half round scores the same.
/// let turned = board.transform(Symmetry::Rotate180);
/// assert_eq!(evaluate(turned.mover_bits(), turned.opponent_bits()), score);
/// # Ok::<_, reversi::ParseObfError>(())
/// ```
#[must_use]
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    clamp(shared().evaluate(player, opponent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use reversi::kernel;

    /// The position after playing, from the start, the legal move picked by each choice
    /// (`choice % number of moves`), passing when the side to move must, stopping at the
    /// game's end. Returns (player, opponent) to move.
    fn position(choices: &[u8]) -> (u64, u64) {
        let start = reversi::Board::START;
        let (mut p, mut o) = (start.mover_bits(), start.opponent_bits());
        for &c in choices {
            let mut moves = kernel::moves(p, o);
            if moves == 0 {
                if kernel::moves(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                moves = kernel::moves(p, o);
            }
            for _ in 0..(c as u32 % moves.count_ones()) {
                moves &= moves - 1;
            }
            let square = moves.trailing_zeros();
            let f = kernel::flips(p, o, square);
            let next = (o ^ f, p ^ f ^ 1 << square);
            p = next.0;
            o = next.1;
        }
        (p, o)
    }

    proptest! {
        #[test]
        fn evaluation_is_invariant_under_the_8_symmetries(choices in proptest::collection::vec(any::<u8>(), 0..60)) {
            let (p, o) = position(&choices);
            let value = evaluate(p, o);
            for n in 1..8 {
                prop_assert_eq!(evaluate(symmetry::apply(n, p), symmetry::apply(n, o)), value, "symmetry {}", n);
            }
        }

        #[test]
        fn evaluation_is_strictly_inside_a_wipe_out(choices in proptest::collection::vec(any::<u8>(), 0..60)) {
            let (p, o) = position(&choices);
            let value = evaluate(p, o);
            prop_assert!(-64 * SCALE < value && value < 64 * SCALE);
            let base = mobility_only(p, o);
            prop_assert!(-64 * SCALE < base && base < 64 * SCALE);
        }

        #[test]
        fn mobility_only_is_antisymmetric_in_the_colours(choices in proptest::collection::vec(any::<u8>(), 0..60)) {
            // Mobility alone does not depend on who is to move: swapping the colours
            // negates it exactly (the full evaluation is not antisymmetric: parity and,
            // later, the fitted weights depend on the side to move).
            let (p, o) = position(&choices);
            prop_assert_eq!(mobility_only(o, p), -mobility_only(p, o));
        }
    }

    #[test]
    fn the_start_is_balanced_by_mobility() {
        let start = reversi::Board::START;
        // 4 moves each: mobility only says 0.
        assert_eq!(mobility_only(start.mover_bits(), start.opponent_bits()), 0);
    }

    #[test]
    fn the_hand_set_evaluation_values_a_corner_over_the_x_square_next_to_it() {
        // The same discs elsewhere (d4, e5 mover; e4, d5 opponent), plus a mover's disc on
        // a1 (corner) in one position and on b2 (X square of the empty a1) in the other.
        let (p, o) = (1 << 27 | 1 << 36, 1 << 28 | 1 << 35);
        assert!(hand_set(p | 1, o) > hand_set(p | 1 << 9, o));
    }

    #[test]
    fn extreme_positions_are_clamped() {
        // The mover owns everything but a1 and h8... no moves left for either: the terms
        // stay finite and inside the bounds.
        let p = !(1u64 | 1 << 63);
        assert!(evaluate(p, 0).abs() <= MAX);
        assert!(evaluate(0, p).abs() <= MAX);
    }
}
