//! The engine's evaluation: a weighted sum of [`FEATURES`] counts (White's minus
//! Black's, so the sum is from White's side), returned from the side to move's side.
//! The weights are in `weights.rs`, written by `congo-tune tune` (Texel tuning on
//! self-play positions).
//!
//! The features and their offsets are listed in [`features`](crate::features).
//!
//! "Reaches" is an attack map built from the rules' [`congo::attacks`]: pawn and
//! superpawn steps, the giraffe's jumps and steps to empty squares, the monkey's single
//! jumps over an enemy piece to an empty square and its steps to empty squares, elephant
//! and zebra leaps, the lion's castle steps and its capture of the enemy lion across an
//! open line, the crocodile's steps and slides. It ignores pins and jump chains; the
//! quiescence search does the exact tactics.

use congo::attacks::{self, RIVER_SQUARES};
use congo::{Color, Position, Role, Square, SquareSet};

use crate::features::{
    Weights, DROWNING, FEATURES, FILE, FILES, HANGING, KINDS, LION_ATTACKED, LION_DEFENDERS,
    LION_ZONE, MATERIAL, MOBILITY, ON_RIVER, RANK, RANKS, TEMPO,
};
use crate::weights::WEIGHTS;

/// The squares a `color` `role` on `sq` reaches (see the module documentation), with
/// `occ` the occupied squares and `enemy` the enemy's (for the lion: the enemy lion).
#[inline]
fn reach(color: Color, role: Role, sq: Square, occ: SquareSet, enemy: u64) -> u64 {
    // The giraffe's and the monkey's steps go to empty squares only.
    let steps = || attacks::king(sq).bits() & !occ.bits();
    match role {
        Role::Pawn => attacks::pawn(color, sq).bits(),
        Role::Superpawn => attacks::superpawn(color, sq).bits(),
        Role::Giraffe => attacks::giraffe(sq).bits() | steps(),
        Role::Monkey => attacks::monkey(sq, occ).bits() & enemy | steps(),
        Role::Elephant => attacks::elephant(sq).bits(),
        Role::Lion => {
            attacks::lion(color, sq).bits() | attacks::lion_capture(sq, occ).bits() & enemy
        }
        Role::Crocodile => attacks::crocodile(sq, occ).bits(),
        Role::Zebra => attacks::zebra(sq).bits(),
    }
}

/// Adds every feature count of `pos` (White's minus Black's) to `counts`, and returns
/// their weighted sum (from White's side) and whether the side to move's lion stands
/// where an enemy piece reaches it (see the module documentation; a monkey's jump chain
/// is not followed).
fn terms(pos: &Position, counts: &mut [i32; FEATURES]) -> (i32, bool) {
    let mut sum = 0;
    let mut add = |i: usize, count: i32| {
        sum += WEIGHTS.0[i] * count;
        counts[i] += count;
    };
    let own = [
        pos.occupied_by(Color::White).bits(),
        pos.occupied_by(Color::Black).bits(),
    ];
    let occ = own[0] | own[1];
    let occupied = SquareSet::from_bits(occ);
    let stm = pos.side_to_move();
    let mut reached = [0u64; 2];
    for color in Color::ALL {
        let c = color as usize;
        let sign = 1 - 2 * c as i32;
        let enemy_lion = pos.pieces(!color, Role::Lion).bits();
        for (k, &role) in KINDS.iter().enumerate() {
            for sq in pos.pieces(color, role) {
                let rank = usize::from(if c == 0 { sq.rank() } else { 6 - sq.rank() });
                let file = usize::from(sq.file().min(6 - sq.file()));
                add(MATERIAL + k, sign);
                add(RANK + k * RANKS + rank, sign);
                add(FILE + k * FILES + file, sign);
                let enemy = if role == Role::Lion {
                    enemy_lion
                } else {
                    own[1 - c]
                };
                let t = reach(color, role, sq, occupied, enemy);
                reached[c] |= t;
                add(MOBILITY + k, sign * (t & !own[c]).count_ones() as i32);
            }
        }
    }
    for color in Color::ALL {
        let c = color as usize;
        let sign = 1 - 2 * c as i32;
        let lion = pos.pieces(color, Role::Lion).bits();
        let theirs = reached[1 - c];
        if let Some(square) = pos.pieces(color, Role::Lion).first() {
            let zone = attacks::king(square).bits();
            add(LION_DEFENDERS, sign * (zone & own[c]).count_ones() as i32);
            add(
                LION_ZONE,
                sign * ((zone | lion) & theirs).count_ones() as i32,
            );
            add(LION_ATTACKED, sign * i32::from(lion & theirs != 0));
        }
        let hanging = own[c] & !lion & theirs & !reached[c];
        add(HANGING, sign * hanging.count_ones() as i32);
        let crocodiles = pos.pieces(color, Role::Crocodile).bits();
        let wet = (own[c] & RIVER_SQUARES.bits() & !crocodiles).count_ones() as i32;
        if color == stm {
            add(DROWNING, sign * wet);
            add(TEMPO, sign);
        } else {
            add(ON_RIVER, sign * wet);
        }
    }
    // Only the two lions left: a draw.
    let lions = pos.pieces(stm, Role::Lion).bits() | pos.pieces(!stm, Role::Lion).bits();
    let sum = if occ == lions { 0 } else { sum };
    (
        sum,
        pos.pieces(stm, Role::Lion).bits() & reached[!stm as usize] != 0,
    )
}

/// The evaluation of `pos` from the side to move's side, in centipawns (a pawn is
/// about 100; 0 with only the two lions left, a draw), and whether the side to move's
/// lion is attacked.
pub(crate) fn evaluate(pos: &Position) -> (i32, bool) {
    let (sum, threatened) = terms(pos, &mut [0; FEATURES]);
    (
        if pos.side_to_move() == Color::White {
            sum
        } else {
            -sum
        },
        threatened,
    )
}

/// The feature counts of `pos`, White's minus Black's: [`FEATURES`] numbers whose
/// weighted sum with [`weights`] is the evaluation from White's side (except with only
/// the two lions left, a draw). For tuning.
///
/// ```
/// use congo_engine::eval::{features, weights};
/// use congo_engine::features::{MATERIAL, TEMPO};
/// let f = features(&congo::Position::START);
/// assert_eq!(f[MATERIAL], 0); // as many pawns a side
/// assert_eq!(f[TEMPO], 1); // White to move: the tempo
/// let pos: congo::Position = "3l3/7/7/7/7/7/3LZ2 w 0".parse()?;
/// let sum: i32 = features(&pos).iter().zip(weights().0).map(|(f, w)| f * w).sum();
/// assert_eq!(sum, congo_engine::eval::evaluate_position(&pos));
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let mut counts = [0; FEATURES];
    terms(pos, &mut counts);
    counts
}

/// The weights of the [`features`], in centipawns (the committed, tuned ones).
#[must_use]
pub fn weights() -> &'static Weights {
    &WEIGHTS
}

/// The evaluation of `pos` from the side to move's side, in centipawns: the weighted
/// sum of its [`features`] (negated for Black), and 0 with only the lions left.
///
/// ```
/// use congo_engine::eval::evaluate_position;
/// let pos: congo::Position = "3l3/7/7/7/7/7/3LZ2 w 0".parse()?;
/// assert!(evaluate_position(&pos) > 0); // White has a zebra more
/// # Ok::<_, congo::ParseFenError>(())
/// ```
#[must_use]
pub fn evaluate_position(pos: &Position) -> i32 {
    evaluate(pos).0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position with ranks mirrored, colours swapped and the other side to move.
    fn mirrored(fen: &str) -> Position {
        let mut fields = fen.split(' ');
        let placement: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} 0", placement.join("/")).parse().unwrap()
    }

    /// The rules are symmetric under swapping colours and mirroring ranks, so the
    /// evaluation for the side to move is too, and so is its threat flag.
    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
            "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z b 0",
            "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
            "3l3/7/7/1pM4/1p1p3/7/3L3 w 0",
            "2zl3/1P5/3E3/6e/e6/1P1P3/1E1LZ2 w 0",
            "3l3/7/7/7/7/7/3LZ2 b 0",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(evaluate(&pos), evaluate(&mirrored(fen)), "{fen}");
            let f = features(&pos);
            let g = features(&mirrored(fen));
            assert!(f.iter().zip(&g).all(|(a, b)| *a == -*b), "{fen}");
        }
    }

    #[test]
    fn bare_lions_are_a_draw_and_a_facing_lion_is_a_threat() {
        let pos: Position = "3l3/7/7/7/7/7/3L3 w 0".parse().unwrap();
        assert_eq!(evaluate(&pos), (0, true));
        let pos: Position = "3l3/7/7/3p3/7/7/3L3 w 0".parse().unwrap();
        assert!(!evaluate(&pos).1);
        assert!(evaluate(&pos).0 < 0); // a pawn down
    }
}
