//! A transposition table: bounds on a position's value, keyed by the whole board.
//!
//! Entries are three `u64`s (player discs, opponent discs, and the packed bounds, depth,
//! best move and generation), so a new table is zeroed memory that the system hands
//! out lazily: creating a large table is instant and costs no memory until used.

/// One stored position, unpacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Lower bound of the value.
    pub lower: i16,
    /// Upper bound of the value.
    pub upper: i16,
    /// Depth (or empties) the bounds hold for.
    pub depth: u8,
    /// Best move's square index, or 64 for none.
    pub best: u8,
    generation: u8,
}

impl Entry {
    #[inline]
    fn pack(self) -> u64 {
        (self.lower as u16 as u64)
            | ((self.upper as u16 as u64) << 16)
            | ((self.depth as u64) << 32)
            | ((self.best as u64) << 40)
            | ((self.generation as u64) << 48)
    }

    #[inline]
    fn unpack(m: u64) -> Entry {
        Entry {
            lower: m as u16 as i16,
            upper: (m >> 16) as u16 as i16,
            depth: (m >> 32) as u8,
            best: (m >> 40) as u8,
            generation: (m >> 48) as u8,
        }
    }
}

/// A table of two-entry buckets; the shallower (or older) entry of a bucket is replaced.
#[derive(Debug)]
pub struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
    generation: u8,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<[u64; 3]>();

/// Asks Linux to back a large table with 2 MB pages (where transparent huge pages are
/// enabled on request): its random accesses then miss the TLB far less often.
fn advise_huge_pages(slots: &mut [[u64; 3]]) {
    #[cfg(target_os = "linux")]
    {
        unsafe extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE_PAGE: usize = 2 << 20;
        let start = slots.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let first = start.next_multiple_of(HUGE_PAGE);
        if end >= first + HUGE_PAGE {
            let len = (end - first) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: the range lies inside the table's own allocation, and this advice
            // only changes how the kernel backs those pages, not their contents.
            unsafe {
                madvise(first as *mut std::ffi::c_void, len, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

#[inline]
fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 31)
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two of entries, at least 1024).
    pub fn with_megabytes(megabytes: usize) -> Table {
        let want = (megabytes.max(1) << 20) / ENTRY_BYTES;
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        let mut slots = vec![[0u64; 3]; n];
        advise_huge_pages(&mut slots);
        Table {
            slots,
            mask: n - 2,
            generation: 1,
        }
    }

    /// Asks the processor to fetch the bucket of board (`p`, `o`) into the cache, so
    /// that a `probe` or `store` soon after does not wait for memory.
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let i = (hash(p, o) as usize) & self.mask;
            let at = self.slots[i..i + 2].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is only a hint and `at` points into the table.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(at);
                _mm_prefetch::<_MM_HINT_T0>(at.add(40));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill([0; 3]);
    }

    /// The entry for board (`p`, `o`), if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let i = (hash(p, o) as usize) & self.mask;
        self.slots[i..i + 2]
            .iter()
            .find(|s| s[0] == p && s[1] == o && (s[2] >> 48) as u8 != 0)
            .map(|s| Entry::unpack(s[2]))
    }

    /// Stores bounds for board (`p`, `o`): a search at `depth` in the window (`alpha`,
    /// `beta`) returned `score` with best move `best`.
    #[inline]
    pub fn store(
        &mut self,
        p: u64,
        o: u64,
        depth: u8,
        (alpha, beta): (i32, i32),
        score: i32,
        best: u8,
    ) {
        let i = (hash(p, o) as usize) & self.mask;
        let generation = self.generation;
        let (lower, upper) = if score <= alpha {
            (i16::MIN, score as i16)
        } else if score >= beta {
            (score as i16, i16::MAX)
        } else {
            (score as i16, score as i16)
        };
        let bucket = &mut self.slots[i..i + 2];
        // Same position: merge or replace.
        for slot in bucket.iter_mut() {
            let mut e = Entry::unpack(slot[2]);
            if slot[0] == p && slot[1] == o && e.generation != 0 {
                if e.depth == depth {
                    e.lower = e.lower.max(lower);
                    e.upper = e.upper.min(upper);
                    if e.lower > e.upper {
                        e.lower = lower;
                        e.upper = upper;
                    }
                } else if depth > e.depth {
                    e.lower = lower;
                    e.upper = upper;
                    e.depth = depth;
                } else {
                    return;
                }
                if best < 64 {
                    e.best = best;
                }
                e.generation = generation;
                slot[2] = e.pack();
                return;
            }
        }
        // Otherwise replace the older, then the shallower, of the two.
        let value = |s: &[u64; 3]| {
            let e = Entry::unpack(s[2]);
            let stale = e.generation != generation;
            (if stale { 0 } else { 256 }) + e.depth as i32
        };
        let victim = if value(&bucket[0]) <= value(&bucket[1]) {
            0
        } else {
            1
        };
        bucket[victim] = [
            p,
            o,
            Entry {
                lower,
                upper,
                depth,
                best,
                generation,
            }
            .pack(),
        ];
    }
}
