//! The transposition table of both searches, one instance an engine: a power-of-two
//! number of 16-byte slots in buckets of two, keyed by the board's Zobrist key, sized in
//! bytes, lockless and shared by threads. What a slot holds is an [`Entry`] packed in one
//! `u64` with its kind's tag: the solver's [`BoundsEntry`] (proven bounds on the final
//! score, in discs, with the empty squares as its depth) or the midgame search's
//! [`ScoreEntry`] (a score in evaluation units with its depth and bound type). A probe
//! reads only entries of its own kind; a store ranks the slots of either kind by their
//! search and depth.
//!
//! Each slot is two atomic words, the key XOR the data and the data, written one after
//! the other without a lock. A probe accepts an entry only when the two words give back
//! its key, so an entry that another thread was writing at that moment reads as absent,
//! never as another position's (the check Hyatt and Mann describe for lockless tables).
//! A store that races another store of the same bucket may lose one of them: an entry
//! lost, never a wrong one. A hit is a real hit up to a 2^-64 key collision, which costs
//! a move's quality, never its legality: the searches check a table move before playing
//! it.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// A transposition table's memory that the system refused (beyond an address-space
/// limit such as `ulimit -v`, or beyond what the allocator can give), with the bytes
/// asked for. (Under Linux's overcommit an allocation may succeed and the process be
/// killed later, when the table is filled: that is not caught.)
///
/// ```
/// // More than any address space holds.
/// let error = reversi_engine::Engine::try_with_table_bytes(usize::MAX).unwrap_err();
/// assert!(error.bytes >= 1 << 60);
/// assert!(error.to_string().starts_with("cannot allocate"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate {bytes} bytes for a transposition table")]
pub struct TableAllocError {
    /// The bytes of the table that could not be allocated.
    pub bytes: usize,
}

/// No best move known.
pub(crate) const NO_MOVE: u8 = 64;

/// One slot: the key XOR the data, then the data (both 0: empty).
type Slot = [AtomicU64; 2];

/// The size of one slot in bytes.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

// The packing: a slot is two words, and a bucket (two slots) half a cache line.
const _: () = assert!(SLOT_BYTES == 16);
const _: () = assert!(std::mem::align_of::<Slot>() == 8);

/// Where the fields every entry kind has sit in its data word: the depth (bits 40-47),
/// the search that stored it (48-55) and its kind (56-63, never 0 in an entry).
const DEPTH_SHIFT: u32 = 40;
const DATE_SHIFT: u32 = 48;
const KIND_SHIFT: u32 = 56;

/// A slot's data word as an entry of another kind sees it when placing itself: its
/// rank (whether it is from the current search, then its depth), lowest when empty.
#[inline(always)]
fn rank(data: u64, date: u8) -> (bool, u8) {
    if data == 0 {
        (false, 0)
    } else {
        (
            (data >> DATE_SHIFT) as u8 == date,
            (data >> DEPTH_SHIFT) as u8,
        )
    }
}

/// What one slot of a bucket holds, as a new entry sees it: its data word (read once)
/// and whether it is the new entry's position (its key checks).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occupant {
    data: u64,
    same: bool,
}

impl Occupant {
    /// Its entry when it is one of kind `E` of the new entry's position.
    #[inline(always)]
    fn same_entry<E: Entry>(self) -> Option<E> {
        (self.same && E::is_entry(self.data)).then(|| E::unpack(self.data))
    }

    /// Its rank whatever its kind (see [`rank`]).
    #[inline(always)]
    fn rank(self, date: u8) -> (bool, u8) {
        rank(self.data, date)
    }
}

/// What a table stores for one position, packed in one `u64` with the fields every kind
/// shares (depth, date, kind) in the same bits, so that both kinds live in one table:
/// its layout, where a key's bucket is, and which slot of the bucket a new entry
/// replaces (the two kinds keep different replacement rules).
pub(crate) trait Entry: Copy {
    /// The kind's tag, in bits 56-63 of its data words (not 0).
    const KIND: u64;
    /// The data word (never 0), with the kind's tag.
    fn pack(self) -> u64;
    /// The entry of a data word of this kind.
    fn unpack(data: u64) -> Self;
    /// The entry stored with the table's current `date`.
    fn dated(self, date: u8) -> Self;
    /// The index of the first slot of `key`'s bucket among `slots` (a power of two).
    fn bucket(key: u64, slots: usize) -> usize;
    /// Where `new` goes in a bucket whose slots hold `old`, the table's date being
    /// `date`: the slot (0 or 1) and the entry to write there.
    fn place(new: Self, old: [Occupant; 2], date: u8) -> (usize, Self);

    /// Whether `data` holds an entry of this kind (0 never does).
    #[inline(always)]
    fn is_entry(data: u64) -> bool {
        data >> KIND_SHIFT == Self::KIND
    }
}

/// The one transposition table of an engine: `2^k` slots holding entries of both kinds
/// ([`BoundsEntry`], [`ScoreEntry`]), within a byte budget.
pub(crate) struct Table {
    slots: Vec<Slot>,
    date: AtomicU8,
}

impl Table {
    /// The largest table of a power-of-two number of slots (at least 2) that takes at
    /// most `bytes` bytes, or the error of a memory the system would not give.
    pub(crate) fn try_new(bytes: usize) -> Result<Table, TableAllocError> {
        let count = (bytes / SLOT_BYTES).max(2);
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| TableAllocError {
                bytes: count * SLOT_BYTES,
            })?;
        slots.extend((0..count).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Ok(Table {
            slots,
            date: AtomicU8::new(1),
        })
    }

    /// [`Table::try_new`], panicking when the memory cannot be had (the tests' tables).
    #[cfg(test)]
    pub(crate) fn new(bytes: usize) -> Table {
        Table::try_new(bytes).unwrap_or_else(|error| panic!("{error}"))
    }

    /// The bytes the slots take.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Marks later stores as newer than every entry so far (entries of older searches
    /// are replaced first).
    pub(crate) fn new_search(&self) {
        let date = self.date.load(Relaxed).wrapping_add(1).max(1);
        self.date.store(date, Relaxed);
    }

    /// Forgets every entry.
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Relaxed);
            slot[1].store(0, Relaxed);
        }
        self.date.store(1, Relaxed);
    }

    /// Asks the CPU to bring the bucket of `key`'s entry of kind `E` into the cache (a
    /// hint: nothing else changes), so that a [`Table::probe`] a little later does not
    /// wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch<E: Entry>(&self, key: u64) {
        let i = E::bucket(key, self.slots.len());
        prefetch::read(self.slots.as_ptr().wrapping_add(i).cast());
    }

    /// The entry of kind `E` in `slot` if it holds `key`'s position whole.
    #[inline(always)]
    fn read<E: Entry>(slot: &Slot, key: u64) -> Option<E> {
        let data = slot[1].load(Relaxed);
        let check = slot[0].load(Relaxed) ^ data;
        if check == key && E::is_entry(data) {
            Some(E::unpack(data))
        } else {
            None
        }
    }

    /// The entry of kind `E` of `key`, if stored.
    #[inline]
    pub(crate) fn probe<E: Entry>(&self, key: u64) -> Option<E> {
        let i = E::bucket(key, self.slots.len());
        let bucket = &self.slots[i..i + 2];
        Table::read(&bucket[0], key).or_else(|| Table::read(&bucket[1], key))
    }

    /// Stores `entry` for `key`, where [`Entry::place`] says.
    #[inline]
    pub(crate) fn store<E: Entry>(&self, key: u64, entry: E) {
        let date = self.date.load(Relaxed);
        let i = E::bucket(key, self.slots.len());
        let bucket = &self.slots[i..i + 2];
        let old = |slot: &Slot| {
            let data = slot[1].load(Relaxed);
            Occupant {
                data,
                same: slot[0].load(Relaxed) ^ data == key,
            }
        };
        let (j, e) = E::place(entry.dated(date), [old(&bucket[0]), old(&bucket[1])], date);
        let data = e.pack();
        bucket[j][0].store(key ^ data, Relaxed);
        bucket[j][1].store(data, Relaxed);
    }

    /// The solver's entry of `key`, if stored.
    #[inline(always)]
    pub(crate) fn probe_bounds(&self, key: u64) -> Option<BoundsEntry> {
        self.probe(key)
    }

    /// The midgame search's entry of `key`, if stored.
    #[inline(always)]
    pub(crate) fn probe_score(&self, key: u64) -> Option<ScoreEntry> {
        self.probe(key)
    }

    /// Stores (or tightens) the bounds of `key`'s position of `depth` empty squares.
    #[inline]
    pub(crate) fn store_bounds(&self, key: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let e = BoundsEntry {
            lower: lower as i8,
            upper: upper as i8,
            best,
            depth: depth as u8,
            date: 0,
        };
        self.store(key, e);
    }

    /// Stores a result of the midgame search for `key`, searched `depth` plies at the
    /// selectivity level `selectivity` (an index of the midgame's `SELECTIVITY`).
    #[inline]
    pub(crate) fn store_score(
        &self,
        key: u64,
        score: i32,
        (depth, selectivity): (u32, u8),
        bound: u8,
        best: u8,
    ) {
        let e = ScoreEntry {
            score,
            depth,
            selectivity,
            bound,
            best,
            date: 0,
        };
        self.store(key, e);
    }
}

/// The solver's entry: proven bounds on a position's final score, `lower <= score <=
/// upper` (discs, for the side to move). A position stored again keeps the tighter of
/// both bounds; another replaces the slot of the bucket from an older search, else of
/// less depth (of either kind: deep entries saved the most work).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct BoundsEntry {
    /// A proven lower bound of the final score, for the side to move.
    pub(crate) lower: i8,
    /// A proven upper bound.
    pub(crate) upper: i8,
    /// The move that proved the bound last, a square index; [`NO_MOVE`] if none.
    pub(crate) best: u8,
    /// The empty squares of the position.
    pub(crate) depth: u8,
    /// The search (see [`Table::new_search`]) that stored it last.
    pub(crate) date: u8,
}

impl Entry for BoundsEntry {
    const KIND: u64 = 1;

    fn pack(self) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.depth) << DEPTH_SHIFT
            | u64::from(self.date) << DATE_SHIFT
            | Self::KIND << KIND_SHIFT
    }

    fn unpack(data: u64) -> BoundsEntry {
        BoundsEntry {
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            depth: (data >> DEPTH_SHIFT) as u8,
            date: (data >> DATE_SHIFT) as u8,
        }
    }

    fn dated(self, date: u8) -> BoundsEntry {
        BoundsEntry { date, ..self }
    }

    #[inline(always)]
    fn bucket(key: u64, slots: usize) -> usize {
        key as usize & (slots - 1) & !1
    }

    fn place(new: BoundsEntry, old: [Occupant; 2], date: u8) -> (usize, BoundsEntry) {
        for (j, occupant) in old.iter().enumerate() {
            if let Some(mut e) = occupant.same_entry::<BoundsEntry>() {
                e.lower = e.lower.max(new.lower);
                e.upper = e.upper.min(new.upper);
                if new.best != NO_MOVE {
                    e.best = new.best;
                }
                e.date = date;
                return (j, e);
            }
        }
        // An empty slot ranks lowest; a slot being written by another thread ranks as
        // whatever its data word says.
        let j = if old[0].rank(date) <= old[1].rank(date) {
            0
        } else {
            1
        };
        (j, new)
    }
}

/// The score is exact.
pub(crate) const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 3;

/// Where a [`ScoreEntry`]'s selectivity level sits in its data word (bits 32-39).
const SELECTIVITY_SHIFT: u32 = 32;

/// The midgame search's entry: a score in evaluation units, the depth and selectivity it
/// was searched at and whether it is exact or a bound. In a bucket, the first slot is depth-preferred
/// (replaced only by a search at least as deep, or by any once it is from an older
/// search; whatever the kind of its entry); the second is always replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ScoreEntry {
    /// The score in evaluation units, from the side to move's view.
    pub(crate) score: i32,
    /// The depth searched (plies; passes are free).
    pub(crate) depth: u32,
    /// The selectivity level it was searched at (an index of the midgame's
    /// `SELECTIVITY`, higher is surer): it answers a search of at most its depth at
    /// most its level.
    pub(crate) selectivity: u8,
    /// [`EXACT`], [`LOWER`] or [`UPPER`].
    pub(crate) bound: u8,
    /// The best (or refuting) move's square index, [`NO_MOVE`] for none.
    pub(crate) best: u8,
    /// The search that stored it.
    pub(crate) date: u8,
}

impl Entry for ScoreEntry {
    const KIND: u64 = 2;

    fn pack(self) -> u64 {
        u64::from(self.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16)
            | u64::from(self.bound) << 16
            | u64::from(self.best) << 24
            | u64::from(self.selectivity) << SELECTIVITY_SHIFT
            | u64::from(self.depth.min(255)) << DEPTH_SHIFT
            | u64::from(self.date) << DATE_SHIFT
            | Self::KIND << KIND_SHIFT
    }

    fn unpack(data: u64) -> ScoreEntry {
        ScoreEntry {
            score: i32::from(data as u16 as i16),
            bound: (data >> 16) as u8 & 3,
            best: (data >> 24) as u8,
            selectivity: (data >> SELECTIVITY_SHIFT) as u8,
            depth: u32::from((data >> DEPTH_SHIFT) as u8),
            date: (data >> DATE_SHIFT) as u8,
        }
    }

    fn dated(self, date: u8) -> ScoreEntry {
        ScoreEntry { date, ..self }
    }

    #[inline(always)]
    fn bucket(key: u64, slots: usize) -> usize {
        (key as usize & (slots / 2 - 1)) * 2
    }

    fn place(new: ScoreEntry, old: [Occupant; 2], date: u8) -> (usize, ScoreEntry) {
        let first = old[0];
        let (current, depth) = first.rank(date);
        let j = if first.data == 0
            || (first.same && ScoreEntry::is_entry(first.data))
            || !current
            || new.depth >= u32::from(depth)
        {
            0
        } else {
            1
        };
        (j, new)
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
    fn slots_are_16_bytes_and_the_table_fits_its_budget() {
        let table = Table::new(64 << 20);
        assert_eq!(table.bytes(), 64 << 20);
        assert_eq!(
            Table::new(100 << 20).bytes(),
            64 << 20,
            "a power of two below"
        );
        assert_eq!(Table::new(0).bytes(), 32, "never fewer than 2 slots");
        assert_eq!(Table::new((1 << 20) + 100).bytes(), 1 << 20);
    }

    #[test]
    fn bounds_tighten_and_the_shallower_entry_is_replaced() {
        let table = Table::new(64);
        table.store_bounds(8, 20, -10, 64, 3);
        table.store_bounds(8, 20, -64, 4, NO_MOVE);
        let e = table.probe_bounds(8).unwrap();
        assert_eq!((e.lower, e.upper, e.best), (-10, 4, 3));
        // Keys 8, 12 and 16 share bucket 0 of a 4-slot table (index = key & 3 & !1).
        table.store_bounds(12, 12, 0, 0, 1);
        table.store_bounds(16, 30, 2, 2, 1);
        assert!(
            table.probe_bounds(8).is_some(),
            "the deeper same-date entry stays"
        );
        assert!(
            table.probe_bounds(12).is_none(),
            "the shallower one was replaced"
        );
        assert!(table.probe_bounds(16).is_some());
        table.new_search();
        table.store_bounds(20, 8, 0, 0, 1);
        assert!(
            table.probe_bounds(20).is_some(),
            "an older search's entry goes first"
        );
        table.clear();
        assert!(table.probe_bounds(16).is_none());
    }

    #[test]
    fn a_half_written_entry_reads_as_absent() {
        let table = Table::new(64);
        table.store_bounds(8, 20, -10, 64, 3);
        let stored = table.probe_bounds(8).unwrap();
        // Another thread's data word over this key's check word: no entry, not a wrong one.
        let other = BoundsEntry {
            lower: 30,
            upper: 30,
            best: 5,
            depth: 12,
            date: stored.date,
        };
        let slot = &table.slots[BoundsEntry::bucket(8, table.slots.len())];
        slot[1].store(other.pack(), Relaxed);
        assert_eq!(table.probe_bounds(8), None);
    }

    #[test]
    fn entries_pack_into_one_word_and_back() {
        let e = BoundsEntry {
            lower: -64,
            upper: 64,
            best: NO_MOVE,
            depth: 60,
            date: 255,
        };
        assert_eq!(BoundsEntry::unpack(e.pack()), e);
        for (score, depth, selectivity, bound, best) in
            [(-8192, 0, 0, UPPER, 0), (8191, 255, 255, EXACT, 63)]
        {
            let e = ScoreEntry {
                score,
                depth,
                selectivity,
                bound,
                best,
                date: 7,
            };
            assert_eq!(ScoreEntry::unpack(e.pack()), e);
        }
    }

    #[test]
    fn scores_read_back_and_replacement_prefers_depth() {
        let t = Table::new(64); // two buckets
        assert_eq!(t.probe_score(5), None);
        for (score, depth, level, bound, best) in
            [(-8192, 0, 0, UPPER, 0), (8191, 255, 5, EXACT, 63)]
        {
            t.store_score(5, score, (depth, level), bound, best);
            let e = t.probe_score(5).unwrap();
            assert_eq!(
                (e.score, e.depth, e.selectivity, e.bound, e.best),
                (score, depth, level, bound, best)
            );
        }
        // Same bucket (key 5 + 2): a shallower result goes to the always-replaced slot,
        // and the deep entry stays.
        t.store_score(7, 1, (3, 2), LOWER, NO_MOVE);
        assert_eq!(t.probe_score(5).map(|e| e.depth), Some(255));
        assert_eq!(t.probe_score(7).map(|e| e.score), Some(1));
        t.store_score(9, 2, (4, 2), LOWER, NO_MOVE);
        assert_eq!(t.probe_score(7), None, "always-replaced slot taken");
        assert_eq!(t.probe_score(5).map(|e| e.depth), Some(255));
        // After a new search the old deep entry is replaceable.
        t.new_search();
        t.store_score(11, 3, (1, 2), EXACT, 2);
        assert_eq!(t.probe_score(5), None);
        assert_eq!(t.probe_score(11).map(|e| e.best), Some(2));
        t.clear();
        assert_eq!(t.probe_score(11), None);
    }

    #[test]
    fn both_kinds_share_one_table_and_a_probe_reads_only_its_own() {
        // Two buckets of two slots; keys 0, 4 and 8 are all in the first bucket for both
        // kinds (bounds: key & 3 & !1; scores: (key & 1) * 2).
        let t = Table::new(64);
        // The same position holds a proven bound and a midgame score, one slot each.
        t.store_bounds(4, 20, 6, 10, 3);
        t.store_score(4, -300, (12, 2), EXACT, 5);
        let bounds = t.probe_bounds(4).unwrap();
        assert_eq!((bounds.lower, bounds.upper, bounds.best), (6, 10, 3));
        let score = t.probe_score(4).unwrap();
        assert_eq!((score.score, score.depth, score.best), (-300, 12, 5));
        assert_eq!(t.probe_score(8), None, "another key reads nothing");
        assert_eq!(t.probe_bounds(0), None);
        // A midgame score at least as deep as the first slot's bound (of the same
        // search) takes that slot: depth ranks across kinds.
        let u = Table::new(64);
        u.store_bounds(4, 10, 0, 0, 1);
        u.store_bounds(8, 30, 0, 0, 1);
        u.store_score(0, 1, (12, 2), LOWER, 2);
        assert_eq!(u.probe_bounds(4), None, "the 10-empties bound was replaced");
        assert!(u.probe_bounds(8).is_some());
        assert_eq!(u.probe_score(0).map(|e| e.depth), Some(12));
        // A new bound replaces the shallower of a bound and a score of the same search.
        let w = Table::new(64);
        w.store_score(0, 7, (5, 2), EXACT, 1);
        w.store_bounds(4, 20, 4, 4, 9);
        w.store_bounds(8, 25, 2, 2, 9);
        assert_eq!(w.probe_score(0), None, "the 5-ply score was the shallowest");
        assert!(w.probe_bounds(4).is_some() && w.probe_bounds(8).is_some());
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
                        table.store_bounds(key, 20, lower, upper, NO_MOVE);
                        let probed = x.rotate_left(17) % 4096 + 1;
                        if let Some(e) = table.probe_bounds(probed) {
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
