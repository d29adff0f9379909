//! A transposition table: bounds on a position's value, keyed by the whole board.
//!
//! Entries are three `u64`s (player discs, opponent discs, and the packed bounds, depth,
//! best move and generation), so a new table is zeroed memory that the system hands
//! out lazily: creating a large table is instant and costs no memory until used.
//!
//! The rules both transposition tables follow (this one and the endgame solver's
//! [`crate::engine::endgame::SharedTable`]) are written once here: the hash of a
//! board (`hash`), the bounds a search result gives (`window_bounds`), how they
//! merge with those stored for the same position (`merge_bounds`), which of a
//! bucket's two entries a new position replaces (`victim`). Both tables' memory comes
//! from `engine::pages` (zeroed lazily, on huge pages).

use crate::engine::pages::ZeroedPages;

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
    slots: ZeroedPages<[u64; 3]>,
    mask: usize,
    generation: u8,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<[u64; 3]>();

/// The tables' hash of board (`p`, `o`).
#[inline(always)]
pub(crate) fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 31)
}

/// The bounds (lower, upper) that a search in the window (`alpha`, `beta`) returning
/// `score` proves, in a table's width `T` (`none` the unbounded pair): an upper
/// bound at or below alpha, a lower bound at or above beta, else the exact value.
#[inline(always)]
pub(crate) fn window_bounds<T: Copy>(
    score: i32,
    (alpha, beta): (i32, i32),
    narrow: impl Fn(i32) -> T,
    none: (T, T),
) -> (T, T) {
    if score <= alpha {
        (none.0, narrow(score))
    } else if score >= beta {
        (narrow(score), none.1)
    } else {
        (narrow(score), narrow(score))
    }
}

/// New bounds (`lower`, `upper`) at `depth` for a position the table holds at
/// `stored` (lower, upper, depth): what to store, or `None` to keep what is there
/// (the new bounds are shallower). At the same depth the two intersect (the new ones
/// win if they contradict the old); deeper ones replace.
#[inline(always)]
pub(crate) fn merge_bounds<T: Ord + Copy>(
    stored: (T, T, u8),
    (lower, upper, depth): (T, T, u8),
) -> Option<(T, T, u8)> {
    let (old_lower, old_upper, old_depth) = stored;
    if depth == old_depth {
        let (l, u) = (old_lower.max(lower), old_upper.min(upper));
        Some(if l > u {
            (lower, upper, depth)
        } else {
            (l, u, depth)
        })
    } else if depth > old_depth {
        Some((lower, upper, depth))
    } else {
        None
    }
}

/// Which of a bucket's two entries, each (generation, depth), a new position
/// replaces in a search of `generation`: the older, then the shallower (the first
/// when equal).
#[inline(always)]
pub(crate) fn victim(generation: u8, entries: [(u8, u8); 2]) -> usize {
    let value = |(g, depth): (u8, u8)| (if g != generation { 0 } else { 256 }) + depth as i32;
    if value(entries[0]) <= value(entries[1]) {
        0
    } else {
        1
    }
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two of entries, at least 1024).
    pub fn with_megabytes(megabytes: usize) -> Table {
        let want = (megabytes.max(1) << 20) / ENTRY_BYTES;
        let mut n = 1024usize;
        while n * 2 <= want {
            n *= 2;
        }
        let slots = ZeroedPages::new(n);
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

    /// Forgets everything: fresh zeroed pages in place of the old ones, so that
    /// forgetting a table never used (a fresh searcher given its evaluation) costs no
    /// writes, and a used one gives its pages back instead of writing them all.
    pub fn clear(&mut self) {
        self.slots = ZeroedPages::new(self.slots.len());
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
        let (lower, upper) =
            window_bounds(score, (alpha, beta), |s| s as i16, (i16::MIN, i16::MAX));
        let bucket = &mut self.slots[i..i + 2];
        // Same position: merge or replace.
        for slot in bucket.iter_mut() {
            let mut e = Entry::unpack(slot[2]);
            if slot[0] == p && slot[1] == o && e.generation != 0 {
                let Some((l, u, d)) =
                    merge_bounds((e.lower, e.upper, e.depth), (lower, upper, depth))
                else {
                    return;
                };
                (e.lower, e.upper, e.depth) = (l, u, d);
                if best < 64 {
                    e.best = best;
                }
                e.generation = generation;
                slot[2] = e.pack();
                return;
            }
        }
        // Otherwise replace the older, then the shallower, of the two.
        let of = |s: &[u64; 3]| {
            let e = Entry::unpack(s[2]);
            (e.generation, e.depth)
        };
        let victim = victim(generation, [of(&bucket[0]), of(&bucket[1])]);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cleared_table_forgets_and_keeps_its_size() {
        let mut t = Table::with_megabytes(1);
        let slots = t.slots.len();
        let (p, o) = (0x0000_0018_1000_0000u64, 0x0000_0000_0810_0000u64);
        t.store(p, o, 7, (-50, 50), 12, 19);
        let e = t.probe(p, o).expect("stored");
        assert_eq!((e.lower, e.upper, e.depth, e.best), (12, 12, 7, 19));
        t.clear();
        assert_eq!(t.probe(p, o), None);
        assert_eq!(t.slots.len(), slots);
        t.store(p, o, 5, (-50, 50), -3, 20);
        let e = t.probe(p, o).expect("stored after the clear");
        assert_eq!((e.lower, e.depth, e.best), (-3, 5, 20));
    }
}
