//! The layout of the evaluation's features: where each group of counts (and of weights)
//! starts, as named offsets, and the order of the kinds inside the per-kind groups.
//!
//! | offset | count | feature |
//! |---|---|---|
//! | [`MATERIAL`] | 1 per kind | material: pieces of each kind (the lion's weight is unused) |
//! | [`RANK`] | [`RANKS`] per kind | rank: the pieces on each rank counted from the owner's side |
//! | [`FILE`] | [`FILES`] per kind | file: the pieces on each file, folded (a=g, b=f, c=e, d) |
//! | [`MOBILITY`] | 1 per kind | mobility: squares each kind reaches that are not its own side's |
//! | [`LION_DEFENDERS`] | 1 | own pieces next to the own lion |
//! | [`LION_ZONE`] | 1 | squares next to (and of) the own lion the enemy reaches |
//! | [`LION_ATTACKED`] | 1 | the enemy reaches the own lion (so the lion's side must answer) |
//! | [`HANGING`] | 1 | own pieces (not the lion) the enemy reaches and no own piece defends |
//! | [`DROWNING`] | 1 | the side to move's pieces on the river (not crocodiles): each drowns unless it moves off |
//! | [`ON_RIVER`] | 1 | the other side's pieces on the river |
//! | [`TEMPO`] | 1 | the side to move |
//!
//! The kinds are in [`KINDS`] order, written out here rather than taken from
//! [`Role`]'s declaration, so that reordering `Role` cannot move a weight.
//!
//! ```
//! use congo_engine::features::{kind_slot, FEATURES, FILE, FILES, RANK, RANKS, TEMPO};
//! use congo::Role;
//! assert_eq!(FEATURES, 111);
//! assert_eq!(TEMPO, FEATURES - 1);
//! // The zebra's rank-7 count (rank 6 from 0), and the file group right after the ranks.
//! assert_eq!(RANK + kind_slot(Role::Zebra) * RANKS + 6, FILE - 1);
//! assert_eq!(FILE + 8 * FILES, congo_engine::features::MOBILITY);
//! ```

use congo::Role;

/// The kinds in the order of every per-kind group (and of the weights file).
pub const KINDS: [Role; 8] = [
    Role::Pawn,
    Role::Superpawn,
    Role::Giraffe,
    Role::Monkey,
    Role::Elephant,
    Role::Lion,
    Role::Crocodile,
    Role::Zebra,
];
/// Rank counts per kind: one per rank of the 7x7 board, from the owner's side.
pub const RANKS: usize = 7;
/// File counts per kind: files folded onto a-d (a=g, b=f, c=e).
pub const FILES: usize = 4;

/// The first material count (one per kind).
pub const MATERIAL: usize = 0;
/// The first rank count: kind `k`'s count on rank `r` is at `RANK + k * RANKS + r`.
pub const RANK: usize = MATERIAL + KINDS.len();
/// The first file count: kind `k`'s count on folded file `f` is at `FILE + k * FILES + f`.
pub const FILE: usize = RANK + KINDS.len() * RANKS;
/// The first mobility count (one per kind).
pub const MOBILITY: usize = FILE + KINDS.len() * FILES;
/// Own pieces next to the own lion.
pub const LION_DEFENDERS: usize = MOBILITY + KINDS.len();
/// Squares next to (and of) the own lion that the enemy reaches.
pub const LION_ZONE: usize = LION_DEFENDERS + 1;
/// The enemy reaches the own lion.
pub const LION_ATTACKED: usize = LION_ZONE + 1;
/// Own pieces (not the lion) the enemy reaches and no own piece defends.
pub const HANGING: usize = LION_ATTACKED + 1;
/// The side to move's pieces on the river, crocodiles aside.
pub const DROWNING: usize = HANGING + 1;
/// The other side's pieces on the river, crocodiles aside.
pub const ON_RIVER: usize = DROWNING + 1;
/// The side to move.
pub const TEMPO: usize = ON_RIVER + 1;
/// The number of features (and of weights).
pub const FEATURES: usize = TEMPO + 1;

/// The slot of `role` in [`KINDS`] (its offset inside each per-kind group).
///
/// ```
/// use congo_engine::features::{kind_slot, KINDS};
/// assert!(KINDS.iter().enumerate().all(|(i, &role)| kind_slot(role) == i));
/// ```
#[must_use]
pub fn kind_slot(role: Role) -> usize {
    KINDS.iter().position(|&r| r == role).unwrap_or(0)
}

/// The evaluation's weights in centipawns, one per feature, in the layout above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);
