//! The engine's evaluation: a weighted sum of [`FEATURES`] counts (White's minus
//! Black's, so the sum is from White's side), returned from the side to move's side.
//! The weights are in [`super::weights`], written by `congo-tune tune` (Texel tuning on
//! self-play positions).
//!
//! Features, by index:
//!
//! | index | feature |
//! |---|---|
//! | 0-7 | material: pieces of each kind ([`Role`] order; the lion's weight is unused) |
//! | 8-231 | piece-square: 28 per kind, rank counted from the owner's side, files folded (a=g, b=f, c=e) |
//! | 232-239 | mobility: squares each kind reaches that are not its own side's |
//! | 240 | lion defenders: own pieces next to the own lion |
//! | 241 | lion zone attacks: squares next to (and of) the own lion the enemy reaches |
//! | 242 | lion attacked: the enemy reaches the own lion (so the lion's side must answer) |
//! | 243 | hanging: own pieces (not the lion) the enemy reaches and no own piece defends |
//! | 244 | drowning: the side to move's pieces on the river (not crocodiles): each drowns unless it moves off |
//! | 245 | river: the other side's pieces on the river |
//! | 246 | tempo: the side to move |
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
pub const FEATURES: usize = 247;
const PST: usize = 8;
const MOBILITY: usize = 232;
const DEFENDERS: usize = 240;
const ZONE: usize = 241;
const LION_ATTACKED: usize = 242;
const HANGING: usize = 243;
const DROWNING: usize = 244;
const RIVER_OTHER: usize = 245;
const TEMPO: usize = 246;

/// `color`'s pieces of kind `role`, as a bitboard (bit `rank * 7 + file`).
#[inline]
pub(crate) fn pieces(pos: &Position, color: Color, role: Role) -> u64 {
    pos.pieces(color, role)
}

/// `color`'s pieces, as a bitboard.
#[inline]
pub(crate) fn side(pos: &Position, color: Color) -> u64 {
    pos.occupied_by(color)
}

/// The side to move.
#[inline]
pub(crate) fn to_move(pos: &Position) -> Color {
    pos.turn()
}

/// The kind of the piece on square index `sq`, if any.
#[inline]
pub(crate) fn role_on(pos: &Position, sq: usize) -> Option<Role> {
    pos.role_at(sq)
}

/// The position after `mv` (one of the legal moves).
#[inline]
pub(crate) fn make(pos: &Position, mv: Move, rules: Rules) -> Position {
    pos.play(mv, rules)
}

/// The position with the other side to move (the search's null move).
pub(crate) fn pass(pos: &Position) -> Position {
    let mut p = *pos;
    p.set_turn(!to_move(pos));
    p
}

/// Whether the side to move's lion stands where an enemy piece reaches it (see the
/// module documentation; a monkey's jump chain is not followed).
pub(crate) fn lion_attacked(pos: &Position) -> bool {
    let us = to_move(pos);
    let them = !us;
    let lion = pieces(pos, us, Role::Lion);
    if lion == 0 {
        return false;
    }
    let l = lion.trailing_zeros() as usize;
    let occ = side(pos, us) | side(pos, them);
    let e = |role| pieces(pos, them, role);
    let crocs = e(Role::Crocodile);
    let mut monkey = false;
    for d in Dir::ALL {
        monkey |= step(l, d) & e(Role::Monkey) != 0 && step(l, d.opposite()) & !occ & FULL != 0;
    }
    monkey
        || PAWN[us][l] & e(Role::Pawn) != 0
        || SUPERPAWN[us][l] & e(Role::Superpawn) != 0
        || TWO[l] & e(Role::Giraffe) != 0
        || ELEPHANT[l] & e(Role::Elephant) != 0
        || KNIGHT[l] & e(Role::Zebra) != 0
        || KING[l] & crocs != 0
        || slide(l, if us == Color::White { Dir::S } else { Dir::N }, occ) & crocs != 0
        || lion_line(l, e(Role::Lion), occ) != 0
}

/// The enemy lions the lion on `sq` captures: the first piece up or down its file or
/// along a diagonal.
pub(crate) fn lion_line(sq: usize, enemy_lion: u64, occ: u64) -> u64 {
    let mut t = 0;
    for d in [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW] {
        t |= slide(sq, d, occ) & enemy_lion;
    }
    t
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
        Role::Lion => KING[sq] & CASTLE[color] | lion_line(sq, enemy, occ),
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

/// Where feature counts go: a weighted sum for the search, a list for the tuner.
pub(crate) trait Sink {
    /// Adds `count` to feature `index`.
    fn add(&mut self, index: usize, count: i32);
}

struct Sum(i32);

impl Sink for Sum {
    #[inline]
    fn add(&mut self, index: usize, count: i32) {
        self.0 += WEIGHTS[index] * count;
    }
}

impl Sink for Vec<i32> {
    fn add(&mut self, index: usize, count: i32) {
        self[index] += count;
    }
}

/// Sends every feature count of `pos` (White's minus Black's) to `sink`.
fn terms<S: Sink>(pos: &Position, sink: &mut S) {
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
                sink.add(r, sign);
                sink.add(PST + r * 28 + rank * 4 + file, sign);
                let enemy = if role == Role::Lion {
                    enemy_lion
                } else {
                    own[1 - c]
                };
                let t = reach(color, role, sq, occ, enemy);
                reached[c] |= t;
                sink.add(MOBILITY + r, sign * (t & !own[c]).count_ones() as i32);
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
            sink.add(DEFENDERS, sign * (zone & own[c]).count_ones() as i32);
            sink.add(ZONE, sign * ((zone | lion) & theirs).count_ones() as i32);
            sink.add(LION_ATTACKED, sign * i32::from(lion & theirs != 0));
        }
        let hanging = own[c] & !lion & theirs & !reached[c];
        sink.add(HANGING, sign * hanging.count_ones() as i32);
        let wet = (own[c] & RIVER & !pieces(pos, color, Role::Crocodile)).count_ones() as i32;
        if color == stm {
            sink.add(DROWNING, sign * wet);
            sink.add(TEMPO, sign);
        } else {
            sink.add(RIVER_OTHER, sign * wet);
        }
    }
}

/// The evaluation of `pos` from the side to move's side, in centipawns (a pawn is
/// about 100); 0 with only the two lions left (a draw).
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let lions = pieces(pos, Color::White, Role::Lion) | pieces(pos, Color::Black, Role::Lion);
    if side(pos, Color::White) | side(pos, Color::Black) == lions {
        return 0;
    }
    let mut sum = Sum(0);
    terms(pos, &mut sum);
    if to_move(pos) == Color::White {
        sum.0
    } else {
        -sum.0
    }
}

/// The feature counts of `pos`, White's minus Black's: [`FEATURES`] numbers whose
/// weighted sum with [`weights`] is the evaluation from White's side (before the
/// bare-lions draw rule). For tuning.
///
/// ```
/// use congo::engine::eval::{features, weights, FEATURES};
/// let f = features(&congo::Position::start());
/// assert_eq!(f.len(), FEATURES);
/// assert_eq!(f[0], 0); // as many pawns a side
/// assert_eq!(f[246], 1); // White to move: the tempo
/// assert_eq!(weights().len(), FEATURES);
/// ```
#[must_use]
pub fn features(pos: &Position) -> Vec<i32> {
    let mut v = vec![0; FEATURES];
    terms(pos, &mut v);
    v
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
    evaluate(pos)
}
