//! Neighbouring empties counts sharing one weight set: fewer, smaller lookup tables
//! for nearly the same values (see "Memory and speed" in the module above).

use super::{PHASES, PatternWeights, layout};

impl PatternWeights {
    /// These weights with the phases taken in groups of `group` empties counts (0 to
    /// `group - 1`, then `group` to `2 group - 1`, …) and each group given the mean of
    /// its members' weights, rounded, so that a group reads one lookup table. The
    /// parity term is the exception: it already has a slot for an even and an odd
    /// count, so each slot keeps the mean of the group's members of that parity (with
    /// groups of two, each count its own term: the side-to-move term that `tempo`
    /// measured stays as it was).
    ///
    /// ```
    /// use othello_tutor::engine::pattern::shipped;
    /// let pairs = shipped().shared_in_groups(2);
    /// assert!(pairs.table_count() <= 31);
    /// ```
    pub fn shared_in_groups(&self, group: usize) -> PatternWeights {
        let group = group.max(1);
        let layout = layout();
        let n = layout.params;
        let parity = layout.parity as usize;
        let params = self.params();
        let mut shared = params.clone();
        let mean = |members: &[usize], weight: usize| -> i16 {
            let sum: i32 = members
                .iter()
                .map(|&ph| i32::from(params[ph * n + weight]))
                .sum();
            (f64::from(sum) / members.len() as f64).round() as i16
        };
        for start in (0..PHASES).step_by(group) {
            let members: Vec<usize> = (start..(start + group).min(PHASES)).collect();
            for weight in (0..n).filter(|&w| w != parity && w != parity + 1) {
                let m = mean(&members, weight);
                for &ph in &members {
                    shared[ph * n + weight] = m;
                }
            }
            for slot in 0..2 {
                let same: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|ph| ph % 2 == slot)
                    .collect();
                // A group of one count keeps its other slot (never read) as it was.
                let m = if same.is_empty() {
                    params[start * n + parity + slot]
                } else {
                    mean(&same, parity + slot)
                };
                for &ph in &members {
                    shared[ph * n + parity + slot] = m;
                }
            }
        }
        PatternWeights::from_params(shared)
    }

    /// How many distinct lookup tables the phases read.
    pub fn table_count(&self) -> usize {
        self.table_of[PHASES - 1] as usize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Board;
    use crate::engine::eval::MAX_EVAL;
    use crate::engine::pattern::phase;

    #[test]
    fn pairs_read_one_table_with_the_mean_weights_and_their_own_parity_terms() {
        let w = super::super::tests::random_weights(0x2545_F491_4F6C_DD1D);
        assert_eq!(w.table_count(), PHASES);
        let pairs = w.shared_in_groups(2);
        // 0-1, 2-3, …, 58-59, and 60 alone.
        assert_eq!(pairs.table_count(), 31);
        let (layout, n) = (layout(), layout().params);
        let (before, after) = (w.params(), pairs.params());
        let parity = layout.parity as usize;
        // Every count's value, worked out from the weights it should read: its pair's
        // mean weight for each feature it names, its own parity term.
        let mut b = Board::start();
        while let Some(sq) = b.legal_moves().into_iter().next() {
            let e = b.empty_count() as usize;
            let ph = phase(b.empty_count());
            let partner = if ph == 60 { 60 } else { ph ^ 1 };
            let sum: i32 = layout
                .features(&b)
                .iter()
                .map(|&f| {
                    let f = f as usize;
                    if f == parity || f == parity + 1 {
                        assert_eq!(f, parity + e % 2);
                        i32::from(before[ph * n + f])
                    } else {
                        let own = i32::from(before[ph * n + f]);
                        if partner == ph {
                            return own;
                        }
                        let two = own + i32::from(before[partner * n + f]);
                        (f64::from(two) / 2.0).round() as i32
                    }
                })
                .sum();
            assert_eq!(
                pairs.evaluate(&b),
                sum.clamp(-MAX_EVAL, MAX_EVAL),
                "{e} empties"
            );
            assert_eq!(after[ph * n..][..n], after[partner * n..][..n]);
            b = b.play_unchecked(sq);
            if b.legal_moves_bits() == 0 {
                b = b.pass();
            }
        }
        // Groups of one change nothing.
        assert_eq!(w.shared_in_groups(1), w);
    }
}
