//! The solver's transposition table, shared by the threads of a parallel solve
//! without locks.
//!
//! Each slot is four atomic words: a version, the player's discs, the opponent's discs
//! and the packed bounds. A writer takes a slot by moving its version from even to odd
//! (a compare-and-swap: one writer at a time; a store that finds the slot taken is
//! dropped, which only costs a re-search), writes the three words and makes the
//! version even again. A reader reads the version, the three words, then the version
//! again, and trusts the words only if both versions are the same even number (a
//! sequence lock): an entry being rewritten meanwhile, torn between two positions, is
//! a miss, never a wrong bound. A bucket of two slots fills one 64-byte cache line.
//!
//! The table also keeps the positions some thread is searching right now (`busy`), so
//! that another thread arriving at their parent searches other moves first
//! (simplified ABDADA).

use crate::engine::pages::{ZeroValid, ZeroedPages};
/// The table's hash of a board (the midgame table's too).
pub(super) use crate::engine::table::hash;
use crate::engine::table::{merge_bounds, victim, window_bounds};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering, fence};

/// Bounds on a position's exact value, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Lower bound of the value.
    pub lower: i8,
    /// Upper bound of the value.
    pub upper: i8,
    /// Empties of the position when stored (the bounds are exact values' bounds).
    pub depth: u8,
    /// Best move's square index, or 64 for none.
    pub best: u8,
    generation: u8,
}

impl Bounds {
    #[inline(always)]
    fn pack(self) -> u64 {
        (self.lower as u8 as u64)
            | ((self.upper as u8 as u64) << 8)
            | ((self.depth as u64) << 16)
            | ((self.best as u64) << 24)
            | ((self.generation as u64) << 32)
    }

    #[inline(always)]
    fn unpack(m: u64) -> Bounds {
        Bounds {
            lower: m as u8 as i8,
            upper: (m >> 8) as u8 as i8,
            depth: (m >> 16) as u8,
            best: (m >> 24) as u8,
            generation: (m >> 32) as u8,
        }
    }
}

/// One slot: version (odd while being written), player, opponent, packed bounds.
#[derive(Default)]
struct Slot {
    version: AtomicU64,
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

/// Two slots on one cache line.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket([Slot; 2]);

// SAFETY: a bucket is eight atomic words, and all-zero words are an empty bucket.
unsafe impl ZeroValid for Bucket {}

/// Entries of the busy list (positions being searched), a power of two.
const BUSY_SLOTS: usize = 1 << 14;

/// The solver's lockless table of two-slot buckets; the older (then the shallower)
/// slot of a bucket is replaced.
pub struct SharedTable {
    buckets: ZeroedPages<Bucket>,
    mask: usize,
    generation: AtomicU8,
    busy: ZeroedPages<AtomicU64>,
}

impl std::fmt::Debug for SharedTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SharedTable({} buckets)", self.buckets.len())
    }
}

/// The slot's version and words read consistently, or `None` if a writer was at work.
#[inline(always)]
fn read_slot(s: &Slot) -> Option<(u64, u64, u64, u64)> {
    let v1 = s.version.load(Ordering::Acquire);
    if v1 & 1 != 0 {
        return None;
    }
    let p = s.player.load(Ordering::Relaxed);
    let o = s.opponent.load(Ordering::Relaxed);
    let d = s.data.load(Ordering::Relaxed);
    fence(Ordering::Acquire);
    let v2 = s.version.load(Ordering::Relaxed);
    (v1 == v2).then_some((v1, p, o, d))
}

/// Writes the slot if no other writer holds it and its version is still `version`.
#[inline(always)]
fn write_slot(s: &Slot, version: u64, p: u64, o: u64, d: u64) {
    if s.version
        .compare_exchange(version, version + 1, Ordering::Acquire, Ordering::Relaxed)
        .is_err()
    {
        return;
    }
    fence(Ordering::Release);
    s.player.store(p, Ordering::Relaxed);
    s.opponent.store(o, Ordering::Relaxed);
    s.data.store(d, Ordering::Relaxed);
    s.version.store(version + 2, Ordering::Release);
}

impl SharedTable {
    /// A table of about `megabytes` MB (a power of two of buckets, at least 512).
    pub fn with_megabytes(megabytes: usize) -> SharedTable {
        let want = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut n = 512usize;
        while n * 2 <= want {
            n *= 2;
        }
        let buckets = ZeroedPages::<Bucket>::new(n);
        SharedTable {
            buckets,
            mask: n - 1,
            generation: AtomicU8::new(1),
            busy: ZeroedPages::<AtomicU64>::new(BUSY_SLOTS),
        }
    }

    /// The table's size in MB (rounded down).
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> &Bucket {
        &self.buckets[(hash(p, o) as usize) & self.mask]
    }

    /// Asks the processor to fetch the bucket of board (`p`, `o`) into the cache.
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let at = (self.bucket(p, o) as *const Bucket).cast::<i8>();
            // SAFETY: a prefetch is only a hint and `at` points into the table.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(at);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        let g = self
            .generation
            .load(Ordering::Relaxed)
            .wrapping_add(1)
            .max(1);
        self.generation.store(g, Ordering::Relaxed);
    }

    /// Forgets everything (while no other thread uses the table): fresh zeroed pages
    /// in place of the old ones (see [`crate::engine::table::Table::clear`]).
    pub fn clear(&mut self) {
        self.buckets = ZeroedPages::new(self.buckets.len());
    }

    /// The bounds stored for board (`p`, `o`), if any.
    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        for s in &self.bucket(p, o).0 {
            if let Some((_, sp, so, d)) = read_slot(s)
                && sp == p
                && so == o
                && d != 0
            {
                return Some(Bounds::unpack(d));
            }
        }
        None
    }

    /// Stores bounds for board (`p`, `o`) with `empties` empty squares: a search in
    /// the window (`alpha`, `beta`) returned `score` with best move `best`.
    #[inline]
    pub fn store(
        &self,
        p: u64,
        o: u64,
        empties: u8,
        (alpha, beta): (i32, i32),
        score: i32,
        best: u8,
    ) {
        let bounds = window_bounds(score, (alpha, beta), |s| s as i8, (i8::MIN, i8::MAX));
        self.store_bounds(p, o, empties, bounds, best);
    }

    /// Stores the bounds (`lower`, `upper`) for board (`p`, `o`), merged with those
    /// already there.
    #[inline]
    fn store_bounds(&self, p: u64, o: u64, empties: u8, (lower, upper): (i8, i8), best: u8) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(p, o);
        let mut read = [(0u64, 0u64, 0u64, 0u64); 2];
        for (i, s) in bucket.0.iter().enumerate() {
            let Some((version, sp, so, d)) = read_slot(s) else {
                // Another thread is writing here: leave this bucket alone.
                return;
            };
            read[i] = (version, sp, so, d);
            if sp == p && so == o && d != 0 {
                let mut e = Bounds::unpack(d);
                let Some(merged) =
                    merge_bounds((e.lower, e.upper, e.depth), (lower, upper, empties))
                else {
                    return;
                };
                (e.lower, e.upper, e.depth) = merged;
                if best < 64 {
                    e.best = best;
                }
                e.generation = generation;
                write_slot(s, version, p, o, e.pack());
                return;
            }
        }
        // Otherwise replace the older, then the shallower, of the two.
        let of = |d: u64| {
            let e = Bounds::unpack(d);
            (e.generation, e.depth)
        };
        let victim = victim(generation, [of(read[0].3), of(read[1].3)]);
        let e = Bounds {
            lower,
            upper,
            depth: empties,
            best,
            generation,
        };
        write_slot(&bucket.0[victim], read[victim].0, p, o, e.pack());
    }

    /// Stores only a best move for board (`p`, `o`) (from a selective search: no
    /// bound), keeping any bounds already there.
    #[inline]
    pub fn store_hint(&self, p: u64, o: u64, empties: u8, best: u8) {
        self.store_bounds(p, o, empties, (i8::MIN, i8::MAX), best);
    }

    /// Marks board (`p`, `o`) as being searched (by the caller's thread).
    #[inline]
    pub(super) fn mark_busy(&self, h: u64) {
        self.busy[h as usize & (BUSY_SLOTS - 1)].store(h, Ordering::Relaxed);
    }

    /// Ends the mark of `mark_busy` (unless another position took its place).
    #[inline]
    pub(super) fn unmark_busy(&self, h: u64) {
        let _ = self.busy[h as usize & (BUSY_SLOTS - 1)].compare_exchange(
            h,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// Whether some thread marked the position of hash `h` as being searched.
    #[inline]
    pub(super) fn is_busy(&self, h: u64) -> bool {
        self.busy[h as usize & (BUSY_SLOTS - 1)].load(Ordering::Relaxed) == h
    }

    /// Writes a slot's words as a writer interrupted half-way would leave them (tests).
    #[cfg(test)]
    fn tear(&self, p: u64, o: u64, slot: usize, version: u64, words: (u64, u64, u64)) {
        let s = &self.bucket(p, o).0[slot];
        s.version.store(version, Ordering::Relaxed);
        s.player.store(words.0, Ordering::Relaxed);
        s.opponent.store(words.1, Ordering::Relaxed);
        s.data.store(words.2, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests;
