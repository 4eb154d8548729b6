//! The midgame search's transposition table: buckets of two 16-byte entries indexed by
//! the low bits of the position's Zobrist key. The first entry of a bucket is
//! depth-preferred (replaced only by a search at least as deep, or by any search once it
//! is from an older [`Table::new_search`]); the second is always replaced.
//!
//! An entry is the full key (so a hit is a real hit, up to a 2^-64 collision, which costs
//! a move's quality, never its legality: the search checks a table move before playing
//! it) and a packed `u64`: the score (`i16`, evaluation units), the depth (8 bits), the
//! bound (2 bits), the best move's square (7 bits, 64 = none) and the search's date.

/// The score is exact.
pub(crate) const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 3;
/// No move stored.
pub(crate) const NO_MOVE: u8 = 64;

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The score in evaluation units, from the side to move's view.
    pub(crate) score: i32,
    /// The depth searched (plies; passes are free).
    pub(crate) depth: u32,
    /// [`EXACT`], [`LOWER`] or [`UPPER`].
    pub(crate) bound: u8,
    /// The best (or refuting) move's square index, [`NO_MOVE`] for none.
    pub(crate) best: u8,
}

/// Bytes per entry: the key and the packed data.
pub(crate) const ENTRY_BYTES: usize = 16;

/// The table.
pub(crate) struct Table {
    /// `[key, data]` pairs, two entries (a bucket) per index.
    slots: Vec<u64>,
    /// Buckets - 1 (a power of two less one).
    mask: usize,
    date: u8,
}

impl Table {
    /// A table of at most `bytes` bytes: the largest power-of-two number of buckets
    /// (32 bytes each) that fits, at least one.
    pub(crate) fn new(bytes: usize) -> Table {
        let buckets = (bytes / (2 * ENTRY_BYTES)).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        Table {
            // Zeroed pages from the allocator: untouched until the search fills them.
            slots: vec![0; buckets * 4],
            mask: buckets - 1,
            date: 1,
        }
    }

    /// The bytes the entries take.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.slots {
            *s = 0;
        }
        self.date = 1;
    }

    /// Starts a new search: entries stored before become replaceable.
    pub(crate) fn new_search(&mut self) {
        self.date = if self.date == 255 { 1 } else { self.date + 1 };
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = (key as usize & self.mask) * 4;
        for j in [i, i + 2] {
            let data = self.slots[j + 1];
            if self.slots[j] == key && data != 0 {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result for `key`: in the depth-preferred entry when it holds this key,
    /// is from an older search or is not deeper, else in the always-replaced one.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, score: i32, depth: u32, bound: u8, best: u8) {
        let i = (key as usize & self.mask) * 4;
        let data = u64::from(score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16)
            | u64::from(depth.min(255)) << 16
            | u64::from(bound) << 24
            | u64::from(best) << 32
            | u64::from(self.date) << 40;
        let old = self.slots[i + 1];
        let old_depth = (old >> 16) as u8 as u32;
        let old_date = (old >> 40) as u8;
        let j = if old == 0 || self.slots[i] == key || old_date != self.date || depth >= old_depth {
            i
        } else {
            i + 2
        };
        self.slots[j] = key;
        self.slots[j + 1] = data;
    }
}

/// The entry packed in `data`.
fn unpack(data: u64) -> Entry {
    Entry {
        score: i32::from(data as u16 as i16),
        depth: (data >> 16) as u8 as u32,
        bound: (data >> 24) as u8 & 3,
        best: (data >> 32) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sized_to_a_power_of_two_within_the_budget() {
        assert_eq!(Table::new(1 << 20).bytes(), 1 << 20);
        assert_eq!(Table::new((1 << 20) + 100).bytes(), 1 << 20);
        assert_eq!(Table::new(3 << 20).bytes(), 2 << 20);
        assert_eq!(Table::new(0).bytes(), 32, "one bucket at least");
    }

    #[test]
    fn entries_read_back_and_replacement_prefers_depth() {
        let mut t = Table::new(64); // two buckets
        assert_eq!(t.probe(5), None);
        for (score, depth, bound, best) in [(-8192, 0, UPPER, 0), (8191, 255, EXACT, 63)] {
            t.store(5, score, depth, bound, best);
            let e = Entry {
                score,
                depth,
                bound,
                best,
            };
            assert_eq!(t.probe(5), Some(e));
        }
        // Same bucket (key 5 + 2): a shallower result goes to the always-replaced entry,
        // and the deep entry stays.
        t.store(7, 1, 3, LOWER, NO_MOVE);
        assert_eq!(t.probe(5).map(|e| e.depth), Some(255));
        assert_eq!(t.probe(7).map(|e| e.score), Some(1));
        t.store(9, 2, 4, LOWER, NO_MOVE);
        assert_eq!(t.probe(7), None, "always-replaced entry taken");
        assert_eq!(t.probe(5).map(|e| e.depth), Some(255));
        // After a new search the old deep entry is replaceable.
        t.new_search();
        t.store(11, 3, 1, EXACT, 2);
        assert_eq!(t.probe(5), None);
        assert_eq!(t.probe(11).map(|e| e.best), Some(2));
        t.clear();
        assert_eq!(t.probe(11), None);
    }
}
