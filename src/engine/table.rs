//! A transposition table: bounds on a position's value, keyed by the whole board.

/// One stored position: the full board (no false hits), a lower and an upper bound,
/// the depth they hold for, and the best move found.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct Entry {
    player: u64,
    opponent: u64,
    /// Lower bound of the value.
    pub lower: i16,
    /// Upper bound of the value.
    pub upper: i16,
    /// Depth (or empties) the bounds hold for.
    pub depth: u8,
    /// Best move's square index, or 64 for none.
    pub best: u8,
    /// Search generation that last wrote the entry.
    generation: u8,
}

/// A table of two-entry buckets; the shallower (or older) entry of a bucket is replaced.
#[derive(Debug)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

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
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 2,
            generation: 1,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for board (`p`, `o`), if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<&Entry> {
        let i = (hash(p, o) as usize) & self.mask;
        let bucket = &self.entries[i..i + 2];
        bucket
            .iter()
            .find(|e| e.player == p && e.opponent == o && e.generation != 0)
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
        let bucket = &mut self.entries[i..i + 2];
        // Same position: merge or replace.
        for e in bucket.iter_mut() {
            if e.player == p && e.opponent == o && e.generation != 0 {
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
                return;
            }
        }
        // Otherwise replace the older, then the shallower, of the two.
        let victim = {
            let (a, b) = (&bucket[0], &bucket[1]);
            let score_of = |e: &Entry| {
                let stale = e.generation != generation;
                (if stale { 0 } else { 256 }) + e.depth as i32
            };
            if score_of(a) <= score_of(b) { 0 } else { 1 }
        };
        bucket[victim] = Entry {
            player: p,
            opponent: o,
            lower,
            upper,
            depth,
            best,
            generation,
        };
    }
}
