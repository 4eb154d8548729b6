//! The transposition table: a fixed number of 16-byte entries in buckets of two, keyed
//! by the board's Zobrist key, each holding proven bounds on a position's final score.

/// One position's proven bounds: `lower <= score <= upper`.
#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    /// The full Zobrist key (0 with `depth` 0: an empty slot).
    pub(crate) key: u64,
    /// A proven lower bound of the final score, for the side to move.
    pub(crate) lower: i8,
    /// A proven upper bound.
    pub(crate) upper: i8,
    /// The move that proved the bound last, a square index; [`NO_MOVE`] if none.
    pub(crate) best: u8,
    /// The empty squares of the position (0: the slot is empty).
    pub(crate) depth: u8,
    /// The search (see [`Table::new_search`]) that stored it last.
    pub(crate) date: u8,
}

/// No best move known.
pub(crate) const NO_MOVE: u8 = 64;

/// The size of one entry in bytes.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// A table of `2^k` entries that fits a byte budget.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    date: u8,
}

impl Table {
    /// The largest table of a power-of-two number of entries (at least 2) whose entries
    /// take at most `bytes` bytes.
    pub(crate) fn new(bytes: usize) -> Table {
        let count = (bytes / ENTRY_BYTES).max(2);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Table {
            entries: vec![Entry::default(); count],
            mask: count - 1,
            date: 1,
        }
    }

    /// The bytes the entries take.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Marks later stores as newer than every entry so far (entries of older searches
    /// are replaced first).
    pub(crate) fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1).max(1);
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// Asks the CPU to bring `key`'s bucket into the cache (a hint: nothing else changes),
    /// so that a [`Table::probe`] a little later does not wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        let i = key as usize & self.mask & !1;
        prefetch::read(self.entries.as_ptr().wrapping_add(i).cast());
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask & !1;
        let bucket = &self.entries[i..i + 2];
        bucket
            .iter()
            .find(|e| e.key == key && e.depth != 0)
            .copied()
    }

    /// Stores (or tightens) the bounds of `key`'s position of `depth` empty squares. A
    /// position already stored keeps the tighter of both bounds; otherwise the slot of
    /// the bucket from an older search, else of fewer empties, is replaced
    /// (depth-preferred: deep entries saved the most work).
    #[inline]
    pub(crate) fn store(&mut self, key: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let date = self.date;
        let i = key as usize & self.mask & !1;
        let bucket = &mut self.entries[i..i + 2];
        if let Some(e) = bucket.iter_mut().find(|e| e.key == key && e.depth != 0) {
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            if best != NO_MOVE {
                e.best = best;
            }
            e.date = date;
            return;
        }
        let rank = |e: &Entry| (e.date == date, e.depth);
        let slot = if rank(&bucket[0]) <= rank(&bucket[1]) {
            0
        } else {
            1
        };
        bucket[slot] = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            depth: depth as u8,
            date,
        };
    }
}

/// The cache hint of [`Table::prefetch`].
#[cfg(target_arch = "x86_64")]
// The crate denies (instead of forbidding) `unsafe_code`; this module is the second of the
// two places allowed it: the prefetch instruction is an intrinsic that std marks `unsafe`
// although it never reads the memory nor faults (any address is sound).
#[allow(unsafe_code)]
mod prefetch {
    /// Prefetches the cache line of `address` (SSE's `prefetcht0`, in every x86-64 CPU).
    #[inline(always)]
    pub(super) fn read(address: *const i8) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is only a hint: it dereferences nothing and never faults,
        // whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address) }
    }
}

/// No cache hint on other targets.
#[cfg(not(target_arch = "x86_64"))]
mod prefetch {
    /// Does nothing.
    #[inline(always)]
    pub(super) fn read(_: *const i8) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_16_bytes_and_the_table_fits_its_budget() {
        assert_eq!(ENTRY_BYTES, 16);
        let table = Table::new(64 << 20);
        assert_eq!(table.bytes(), 64 << 20);
        assert_eq!(
            Table::new(100 << 20).bytes(),
            64 << 20,
            "a power of two below"
        );
        assert_eq!(Table::new(0).bytes(), 32, "never fewer than 2 entries");
    }

    #[test]
    fn store_tightens_and_replaces_the_shallower_entry() {
        let mut table = Table::new(64);
        table.store(8, 20, -10, 64, 3);
        table.store(8, 20, -64, 4, NO_MOVE);
        let e = table.probe(8).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (-10, 4, 3));
        // Keys 8, 12 and 16 share bucket 0 of a 4-entry table (index = key & 3 & !1).
        table.store(12, 12, 0, 0, 1);
        table.store(16, 30, 2, 2, 1);
        assert!(table.probe(8).is_some(), "the deeper same-date entry stays");
        assert!(table.probe(12).is_none(), "the shallower one was replaced");
        assert!(table.probe(16).is_some());
        table.new_search();
        table.store(20, 8, 0, 0, 1);
        assert!(
            table.probe(20).is_some(),
            "an older search's entry goes first"
        );
        table.clear();
        assert!(table.probe(16).is_none());
    }
}
