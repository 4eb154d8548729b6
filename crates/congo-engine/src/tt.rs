//! The transposition table: a fixed number of slots, each two `u64`s (the position's key
//! and a packed entry), indexed by the key's low bits, always replaced.
//!
//! The table is one `vec![0; n]`, which the allocator hands out as untouched zero pages:
//! creating it costs nothing measurable, and pages are touched only as the search fills
//! them. An entry packs a 16-bit move tag ([`tag`]), the score (an `i16`: every score
//! the search stores is within ±`INF`, asserted at compile time in
//! [`score`](super::score)), the depth (8 bits) and
//! the bound (2 bits). The key is the
//! position's Zobrist key (placement and side to move, not the move number).

use congo::Move;

/// A 16-bit tag of a move: start and final squares, and 4 bits of its first jumps and
/// their number. Two moves of one position with the same tag are monkey paths with the
/// same ends; the table only orders moves, so such a rare mix-up costs time, never
/// legality.
pub(crate) fn tag(mv: &Move) -> u16 {
    let ends = mv.from().index() as u16 | (mv.to().index() as u16) << 6;
    let hops = mv.landing_count() - 1;
    if hops == 0 {
        return ends;
    }
    // The first two jumps to intermediate landings, 3 bits each, then the count.
    let mut code = 0;
    let mut cur = mv.from().index() as i32;
    for (i, land) in mv.landings().take(hops.min(2)).enumerate() {
        let land = land.index() as i32;
        let dir = JUMPS.iter().position(|&d| d == land - cur).unwrap_or(0);
        code |= (dir as u16) << (3 * i);
        cur = land;
    }
    ends | ((code ^ hops as u16) & 0xf) << 12
}

/// The square-index change of a 2-square jump in each direction, clockwise from north
/// (index `rank * 7 + file`: north is +14).
const JUMPS: [i32; 8] = [14, 16, 2, -12, -14, -16, -2, 12];

/// The score is exact.
pub(crate) const EXACT: u8 = 0;
/// The score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 1;
/// The score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 2;

/// The table.
#[derive(Default)]
pub(crate) struct Table {
    slots: Vec<u64>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each).
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            slots: vec![0; 2 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The entry for `key`, if the slot holds it: the best (or refuting) move's tag (0
    /// for none), the score (mate distances relative to the node), the depth and the
    /// bound.
    pub(crate) fn probe(&self, key: u64) -> Option<(u16, i32, i32, u8)> {
        let i = (key as usize & self.mask) * 2;
        let d = self.slots[i + 1];
        if self.slots[i] != key || d == 0 {
            return None;
        }
        Some((
            d as u16,
            i32::from((d >> 16) as u16 as i16),
            i32::from((d >> 32) as u8) - 1,
            (d >> 40) as u8 & 3,
        ))
    }

    /// Stores an entry for `key` (replacing the slot's): `score` within ±`INF`, `depth`
    /// at least -1.
    pub(crate) fn store(&mut self, key: u64, mv: u16, score: i32, depth: i32, bound: u8) {
        let i = (key as usize & self.mask) * 2;
        self.slots[i] = key;
        self.slots[i + 1] = u64::from(mv)
            | u64::from(score as i16 as u16) << 16
            | ((depth + 1).clamp(0, 255) as u64) << 32
            | u64::from(bound) << 40
            | 1 << 48;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::INF;
    use congo::Position;

    #[test]
    fn entries_read_back_as_stored() {
        let mut table = Table::new(4);
        assert!(table.probe(7).is_none());
        for (score, depth, bound) in [
            (-29_990, 0, UPPER),
            (123, 63, EXACT),
            (29_999, -1, LOWER),
            (INF, 5, EXACT),
            (-INF, 5, UPPER),
        ] {
            table.store(7, 0xabcd, score, depth, bound);
            assert_eq!(table.probe(7), Some((0xabcd, score, depth, bound)));
        }
        // Another key in the same slot replaces it.
        table.store(7 + 16, 1, 0, 1, EXACT);
        assert!(table.probe(7).is_none());
    }

    #[test]
    fn tags_tell_apart_the_moves_of_a_position() {
        let pos: Position = "3l3/7/7/1pM4/1p1p3/7/3L3 w 0".parse().unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut tags: Vec<u16> = moves.iter().map(tag).collect();
        tags.sort_unstable();
        tags.dedup();
        assert_eq!(tags.len(), moves.len());
    }
}
