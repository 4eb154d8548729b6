//! The engine's evaluation: a weighted sum of [`FEATURES`] counts (White's minus
//! Black's, so the sum is from White's side), returned from the side to move's side.
//! The weights are in `engine/weights.rs`, written by `congo-tune tune` (Texel tuning on
//! self-play positions).
//!
//! Features, by index:
//!
//! | index | feature |
//! |---|---|
//! | 0-7 | material: pieces of each kind ([`Role`] order; the lion's weight is unused) |
//! | 8-63 | rank: 7 per kind, the pieces on each rank counted from the owner's side |
//! | 64-95 | file: 4 per kind, the pieces on each file, folded (a=g, b=f, c=e, d) |
//! | 96-103 | mobility: squares each kind reaches that are not its own side's |
//! | 104 | lion defenders: own pieces next to the own lion |
//! | 105 | lion zone attacks: squares next to (and of) the own lion the enemy reaches |
//! | 106 | lion attacked: the enemy reaches the own lion (so the lion's side must answer) |
//! | 107 | hanging: own pieces (not the lion) the enemy reaches and no own piece defends |
//! | 108 | drowning: the side to move's pieces on the river (not crocodiles): each drowns unless it moves off |
//! | 109 | river: the other side's pieces on the river |
//! | 110 | tempo: the side to move |
//!
//! "Reaches" is an attack map: pawn and superpawn steps, the giraffe's jumps, the
//! monkey's single jumps over an enemy piece to an empty square, elephant and zebra
//! leaps, the lion's castle steps and its capture across an open line, the crocodile's
//! steps and slides. It ignores pins and jump chains; the quiescence search does the exact
//! tactics.

use crate::board::{bit, file_of, rank_of, CASTLE, FULL, RIVER};
use crate::dir::Dir;
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::{jump, slide, step, ELEPHANT, KING, KNIGHT, PAWN, SUPERPAWN, TWO};

use super::weights::WEIGHTS;

/// The number of features (and weights).
pub const FEATURES: usize = 111;

/// `color`'s pieces of kind `role`, as a bitboard (bit `rank * 7 + file`).
pub(crate) fn pieces(pos: &Position, color: Color, role: Role) -> u64 {
    pos.pieces(color, role).bits()
}

/// `color`'s pieces, as a bitboard.
pub(crate) fn side(pos: &Position, color: Color) -> u64 {
    pos.occupied_by(color).bits()
}

/// The side to move.
pub(crate) fn to_move(pos: &Position) -> Color {
    pos.side_to_move()
}

/// The position after `mv` (one of the legal moves), its Zobrist key updated.
pub(crate) fn make(pos: &Position, mv: Move, rules: Rules) -> Position {
    pos.play_unchecked(mv, rules)
}

/// The squares a `color` `role` on `sq` reaches (see the module documentation), with
/// `occ` the occupied squares and `enemy` the enemy's.
fn reach(color: Color, role: Role, sq: usize, occ: u64, enemy: u64) -> u64 {
    match role {
        Role::Pawn => PAWN[color][sq],
        Role::Superpawn => SUPERPAWN[color][sq],
        Role::Giraffe => TWO[sq] | KING[sq] & !occ,
        Role::Monkey => {
            let mut t = KING[sq] & !occ;
            for d in Dir::ALL {
                if step(sq, d) & enemy != 0 && jump(sq, d) & !occ & FULL != 0 {
                    t |= step(sq, d);
                }
            }
            t
        }
        Role::Elephant => ELEPHANT[sq],
        // The lion capture: the first piece up or down the file or along a diagonal.
        Role::Lion => {
            let lines = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];
            KING[sq] & CASTLE[color] | lines.iter().fold(0, |t, &d| t | slide(sq, d, occ)) & enemy
        }
        Role::Crocodile => {
            let slides = if RIVER & bit(sq) != 0 {
                slide(sq, Dir::E, occ) | slide(sq, Dir::W, occ)
            } else if sq < 21 {
                slide(sq, Dir::N, occ | RIVER)
            } else {
                slide(sq, Dir::S, occ | RIVER)
            };
            KING[sq] | slides
        }
        Role::Zebra => KNIGHT[sq],
    }
}

/// Adds every feature count of `pos` (White's minus Black's) to `counts`, and returns
/// their weighted sum (from White's side) and whether the side to move's lion stands
/// where an enemy piece reaches it (see the module documentation; a monkey's jump chain
/// is not followed).
fn terms(pos: &Position, counts: &mut [i32; FEATURES]) -> (i32, bool) {
    let mut sum = 0;
    let mut add = |i: usize, count: i32| {
        sum += WEIGHTS[i] * count;
        counts[i] += count;
    };
    let own = [side(pos, Color::White), side(pos, Color::Black)];
    let occ = own[0] | own[1];
    let stm = to_move(pos);
    let mut reached = [0u64; 2];
    for color in Color::ALL {
        let c = color as usize;
        let sign = 1 - 2 * c as i32;
        let enemy_lion = pieces(pos, !color, Role::Lion);
        for role in Role::ALL {
            let r = role as usize;
            let mut bb = pieces(pos, color, role);
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let rank = if c == 0 { rank_of(sq) } else { 6 - rank_of(sq) };
                let file = file_of(sq).min(6 - file_of(sq));
                add(r, sign);
                add(8 + r * 7 + rank, sign);
                add(64 + r * 4 + file, sign);
                let enemy = if role == Role::Lion {
                    enemy_lion
                } else {
                    own[1 - c]
                };
                let t = reach(color, role, sq, occ, enemy);
                reached[c] |= t;
                add(96 + r, sign * (t & !own[c]).count_ones() as i32);
            }
        }
    }
    for color in Color::ALL {
        let c = color as usize;
        let sign = 1 - 2 * c as i32;
        let lion = pieces(pos, color, Role::Lion);
        let theirs = reached[1 - c];
        if lion != 0 {
            let zone = KING[lion.trailing_zeros() as usize];
            add(104, sign * (zone & own[c]).count_ones() as i32);
            add(105, sign * ((zone | lion) & theirs).count_ones() as i32);
            add(106, sign * i32::from(lion & theirs != 0));
        }
        let hanging = own[c] & !lion & theirs & !reached[c];
        add(107, sign * hanging.count_ones() as i32);
        let wet = (own[c] & RIVER & !pieces(pos, color, Role::Crocodile)).count_ones() as i32;
        if color == stm {
            add(108, sign * wet);
            add(110, sign);
        } else {
            add(109, sign * wet);
        }
    }
    // Only the two lions left: a draw.
    let lions = pieces(pos, stm, Role::Lion) | pieces(pos, !stm, Role::Lion);
    let sum = if occ == lions { 0 } else { sum };
    (
        sum,
        pieces(pos, stm, Role::Lion) & reached[!stm as usize] != 0,
    )
}

/// The evaluation of `pos` from the side to move's side, in centipawns (a pawn is
/// about 100; 0 with only the two lions left, a draw), and whether the side to move's
/// lion is attacked.
pub(crate) fn evaluate(pos: &Position) -> (i32, bool) {
    let (sum, threatened) = terms(pos, &mut [0; FEATURES]);
    (
        if to_move(pos) == Color::White {
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
/// use congo::engine::eval::{features, weights, FEATURES};
/// let f = features(&congo::Position::START);
/// assert_eq!(f.len(), FEATURES);
/// assert_eq!(f[0], 0); // as many pawns a side
/// assert_eq!(f[110], 1); // White to move: the tempo
/// assert_eq!(weights().len(), FEATURES);
/// ```
#[must_use]
pub fn features(pos: &Position) -> Vec<i32> {
    let mut counts = [0; FEATURES];
    terms(pos, &mut counts);
    counts.to_vec()
}

/// The weights of the [`features`], in centipawns.
#[must_use]
pub fn weights() -> &'static [i32; FEATURES] {
    &WEIGHTS
}

/// The evaluation of `pos` from the side to move's side, in centipawns: the weighted
/// sum of its [`features`] (negated for Black), and 0 with only the lions left.
///
/// ```
/// use congo::engine::eval::evaluate_position;
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
