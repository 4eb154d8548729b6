//! The transposition table: a fixed number of 16-byte entries in buckets of two, keyed
//! by the board's Zobrist key, each holding proven bounds on a position's final score.
//!
//! The table is shared by the threads of a parallel solve: each entry is two atomic
//! words, the key XOR the data and the data, written one after the other without a lock.
//! A probe accepts an entry only when the two words give back its key, so an entry that
//! another thread was writing at that moment reads as absent, never as another position's
//! bounds (the check Hyatt and Mann describe for lockless tables). A store that races
//! another store of the same bucket may lose one of them: a bound lost, never a wrong one.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// One position's proven bounds: `lower <= score <= upper`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
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

impl Entry {
    /// The entry's data word (its five bytes, low byte first).
    fn pack(self) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.depth) << 24
            | u64::from(self.date) << 32
    }

    /// The entry of a data word.
    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            depth: (data >> 24) as u8,
            date: (data >> 32) as u8,
        }
    }
}

/// No best move known.
pub(crate) const NO_MOVE: u8 = 64;

/// One slot: the key XOR the data, then the data (both 0: empty).
type Slot = [AtomicU64; 2];

/// The size of one entry in bytes.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

/// A table of `2^k` entries that fits a byte budget.
pub(crate) struct Table {
    entries: Vec<Slot>,
    mask: usize,
    date: AtomicU8,
}

impl Table {
    /// The largest table of a power-of-two number of entries (at least 2) whose entries
    /// take at most `bytes` bytes.
    pub(crate) fn new(bytes: usize) -> Table {
        let count = (bytes / ENTRY_BYTES).max(2);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Table {
            entries: (0..count)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: count - 1,
            date: AtomicU8::new(1),
        }
    }

    /// The bytes the entries take.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Marks later stores as newer than every entry so far (entries of older searches
    /// are replaced first).
    pub(crate) fn new_search(&self) {
        let date = self.date.load(Relaxed).wrapping_add(1).max(1);
        self.date.store(date, Relaxed);
    }

    /// Forgets every entry.
    pub(crate) fn clear(&self) {
        for slot in &self.entries {
            slot[0].store(0, Relaxed);
            slot[1].store(0, Relaxed);
        }
    }

    /// Asks the CPU to bring `key`'s bucket into the cache (a hint: nothing else changes),
    /// so that a [`Table::probe`] a little later does not wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        let i = key as usize & self.mask & !1;
        prefetch::read(self.entries.as_ptr().wrapping_add(i).cast());
    }

    /// The entry in `slot` if it holds `key`'s position whole.
    #[inline(always)]
    fn read(slot: &Slot, key: u64) -> Option<Entry> {
        let data = slot[1].load(Relaxed);
        let check = slot[0].load(Relaxed) ^ data;
        if check == key && data >> 24 & 0xFF != 0 {
            Some(Entry::unpack(data))
        } else {
            None
        }
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask & !1;
        let bucket = &self.entries[i..i + 2];
        Table::read(&bucket[0], key).or_else(|| Table::read(&bucket[1], key))
    }

    /// Stores (or tightens) the bounds of `key`'s position of `depth` empty squares. A
    /// position already stored keeps the tighter of both bounds; otherwise the slot of
    /// the bucket from an older search, else of fewer empties, is replaced
    /// (depth-preferred: deep entries saved the most work).
    #[inline]
    pub(crate) fn store(&self, key: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let date = self.date.load(Relaxed);
        let i = key as usize & self.mask & !1;
        let bucket = &self.entries[i..i + 2];
        let write = |slot: &Slot, e: Entry| {
            let data = e.pack();
            slot[0].store(key ^ data, Relaxed);
            slot[1].store(data, Relaxed);
        };
        for slot in bucket {
            if let Some(mut e) = Table::read(slot, key) {
                e.lower = e.lower.max(lower as i8);
                e.upper = e.upper.min(upper as i8);
                if best != NO_MOVE {
                    e.best = best;
                }
                e.date = date;
                write(slot, e);
                return;
            }
        }
        // A slot being written by another thread ranks as whatever its data word says.
        let rank = |slot: &Slot| {
            let e = Entry::unpack(slot[1].load(Relaxed));
            (e.date == date, e.depth)
        };
        let slot = if rank(&bucket[0]) <= rank(&bucket[1]) {
            &bucket[0]
        } else {
            &bucket[1]
        };
        let e = Entry {
            lower: lower as i8,
            upper: upper as i8,
            best,
            depth: depth as u8,
            date,
        };
        write(slot, e);
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
        let table = Table::new(64);
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

    #[test]
    fn a_half_written_entry_reads_as_absent() {
        let table = Table::new(64);
        table.store(8, 20, -10, 64, 3);
        let stored = table.probe(8).unwrap();
        // Another thread's data word over this key's check word: no entry, not a wrong one.
        let other = Entry {
            lower: 30,
            upper: 30,
            best: 5,
            depth: 12,
            date: stored.date,
        };
        let slot = &table.entries[8 & table.mask & !1];
        slot[1].store(other.pack(), Relaxed);
        assert_eq!(table.probe(8), None);
    }

    #[test]
    fn entries_pack_into_one_word_and_back() {
        let e = Entry {
            lower: -64,
            upper: 64,
            best: NO_MOVE,
            depth: 60,
            date: 255,
        };
        assert_eq!(Entry::unpack(e.pack()), e);
    }

    #[test]
    fn threads_storing_at_once_never_make_a_wrong_entry() {
        // Every key's bounds are a function of the key: whatever two threads writing the
        // same buckets interleave, a probe finds that key's own bounds or nothing.
        let table = Table::new(1 << 10);
        let bounds = |key: u64| ((key % 64) as i32 - 32, (key % 64) as i32);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ t;
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 4096 + 1;
                        let (lower, upper) = bounds(key);
                        table.store(key, 20, lower, upper, NO_MOVE);
                        let probed = x.rotate_left(17) % 4096 + 1;
                        if let Some(e) = table.probe(probed) {
                            let (lower, upper) = bounds(probed);
                            assert!(i32::from(e.lower) >= lower && i32::from(e.upper) <= upper);
                            assert_eq!(e.depth, 20);
                        }
                    }
                });
            }
        });
    }
}
