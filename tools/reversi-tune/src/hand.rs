//! The crate's hand-set evaluation (`reversi_engine::eval::hand_set`) written as pattern
//! weights, so that the crate's search can search with it ([`reversi_engine::Engine::set_weights`]):
//! the self-play games' moves and `mae --label-eval hand` use it.
//!
//! Its terms, in discs: 3/4 a move of mobility, 1/4 an empty square of potential
//! mobility, 6 a corner, -5/2 an X square and -1 a C square next to an empty corner,
//! +-1/2 parity. The corner, X and C squares are the `corner3x3` pattern's digits 0, 4
//! and 1, 3 on each of its four instances (one a corner); mobility, potential mobility
//! and parity are the scalar features. A test checks the sum against `hand_set`.

use reversi_engine::eval::pattern::{pow3, PATTERNS};
use reversi_engine::eval::weights::{Weights, SCALARS};
use reversi_engine::eval::SCALE;

/// The name of the pattern that holds the corner terms.
const CORNER_PATTERN: &str = "corner3x3";

/// The hand-set evaluation's weights (every stage alike).
pub fn hand_set_weights() -> Weights {
    let (mobility, potential, parity) = (SCALE * 3 / 4, SCALE / 4, SCALE / 2);
    // Scalars: bias, odd empties, own moves, opponent's moves, own potential mobility,
    // opponent's potential mobility (see `SCALARS`).
    let scalars: [i32; SCALARS] = [
        -parity,
        2 * parity,
        mobility,
        -mobility,
        potential,
        -potential,
    ];
    let k = PATTERNS
        .iter()
        .position(|p| p.name == CORNER_PATTERN)
        .expect("the crate has a corner3x3 pattern");
    let mut weights = Weights::zero();
    for stage in 0..weights.stages() {
        for (i, &s) in scalars.iter().enumerate() {
            weights.set_scalar(stage, i, s as i16);
        }
        for index in 0..PATTERNS[k].size() {
            weights.set_entry(stage, k, index, corner_value(index) as i16);
        }
    }
    weights
}

/// The corner terms of a `corner3x3` index (digit `i` = square `i`: 0 empty, 1 the side
/// to move's, 2 the opponent's; digit 0 the corner, 1 and 3 its C squares, 4 its X square).
fn corner_value(index: usize) -> i32 {
    let own = |digit: usize| match index / pow3(digit) % 3 {
        1 => 1,
        2 => -1,
        _ => 0,
    };
    let (corner, x, c) = (SCALE * 6, SCALE * 5 / 2, SCALE);
    if index % 3 != 0 {
        corner * own(0)
    } else {
        -x * own(4) - c * (own(1) + own(3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi::Board;
    use reversi_engine::eval::{hand_set, MAX};

    #[test]
    fn the_corner_pattern_reads_a_corner_its_c_squares_and_its_x_square() {
        let k = PATTERNS
            .iter()
            .position(|p| p.name == CORNER_PATTERN)
            .unwrap();
        // a1, b1, a2, b2.
        let s = PATTERNS[k].squares;
        assert_eq!((s[0], s[1], s[3], s[4]), (0, 1, 8, 9));
    }

    #[test]
    fn the_weights_evaluate_as_the_hand_set_evaluation() {
        let weights = hand_set_weights();
        let mut rng = fastrand::Rng::with_seed(7);
        let mut checked = 0;
        for _ in 0..200 {
            let mut board = Board::START;
            while !board.is_game_over() {
                let (p, o) = (board.mover_bits(), board.opponent_bits());
                assert_eq!(weights.evaluate(p, o).clamp(-MAX, MAX), hand_set(p, o));
                checked += 1;
                let ply = reversi::random::ply(&mut rng, &board).unwrap();
                board = board.play_ply(ply).unwrap();
            }
        }
        assert!(checked > 10_000);
    }
}
