//! The pattern evaluation: a weight for every configuration of the board's lines and
//! corner regions, per game phase, summed over all their symmetric instances, plus
//! learnt values of each side's mobility and of the parity of the empties.
//!
//! This is the family of evaluators used by the strong Othello programs (Logistello
//! first): the weights are fitted to the values of millions of positions by
//! `othello-lab train` (see [`crate::engine::train`]) and shipped as data in `weights.bin`. The
//! named-feature evaluation (`eval`) stays beside it to put verdicts into words.
//!
//! Units: hundredths of a disc, side to move's view, like `eval::evaluate`.
//!
//! # Memory and speed
//!
//! Each phase's tables hold every configuration of every family (167,265 entries of
//! two bytes, 334 KB), so the 61 phases take about 20 MB, four times the 15 phases of
//! four empties each they replaced. An evaluation reads 46 entries scattered over its
//! phase's tables; with 4 KiB pages most of those reads missed the TLB as well as the
//! cache, and `othello-lab bench` went from about 85 ns a position (15 phases) to 150
//! ns (positions in the order random games reach them) and 105 ns (sorted by empties,
//! as a search's leaves come). The tables are now backed by 2 MiB pages where the
//! kernel allows it (Linux, `madvise`): 122 ns and 93 ns on the project machine, with
//! the depth-12 midgame search unchanged (`farm-bench --vs`, 3 pairs: 0.996×).
//! Phases whose weights equal the previous phase's share its table: the shipped
//! weights have no position beyond 52 empties, so 53–55 read 52's and 57–60 read
//! 56's (54 tables, 2.3 MB less resident; the bench's figures within the noise).
//!
//! The bench's figures are mostly first reads: each phase gets about 170 of its
//! positions in a row, too few to warm its 334 KB, so they grow with the tables'
//! total size. A search reads one or two phases thousands of times and finds them
//! warm. Tried in December 2026 and not kept: all phases of one configuration side
//! by side (`tables[entry * 64 + phase]`, so that a game's next position finds its
//! unchanged configurations in the same cache line): the bench's random-order figure
//! fell to about 0.85×, but the depth-12 midgame search took 1.15× as long (5 pairs)
//! and FFO #40–#49 1.05×; in groups of four phases, FFO 1.02×; reading the 46
//! entries only after all their places are known, no change beyond the noise.
//!
//! **Pairs of counts share one set (shipped December 7th).** Fewer tables is what
//! moves the bench: the weights fitted per count, with each pair of counts (0–1, 2–3,
//! …, 58–59) given the mean of its two sets and each count keeping its own parity
//! term ([`PatternWeights::shared_in_groups`], `othello-lab share`), read 28 tables
//! (about 9.4 MB) instead of 54. On the project machine of that day (2 MB of
//! second-level cache a core), `othello-lab bench --only eval`, 8 pairs of runs
//! against December 4th's build (`farm-bench --vs`, the training job paused): the
//! per-count weights 122–138 ns (about 126) against 87–93 (about 91), **1.38×**; the
//! shared pairs 101–111 ns (about 103) against 88–93, **1.13×**. They play as well:
//! 52.9% over 600 games at depth 8 against the per-count weights (`match`, openings
//! 0–599: 300 wins, 35 draws, 265 losses), and the measuring sets read the same
//! (`engine::train`, the entry of December 7th).

use crate::engine::cpu_dispatch::cpu_dispatch;
mod format;
mod incremental;
pub mod index;
mod share;

pub use format::{WeightsError, decode, encode};
pub use incremental::PatternState;
pub use index::INSTANCES as PATTERN_INSTANCES;
use index::{FAMILIES, INSTANCES};

use super::board::{Board, legal_moves};
use super::eval::MAX_EVAL;
use std::sync::{Arc, OnceLock};

/// Number of phases: one weight set per number of empty squares, 0 to 60. Fitted
/// with the neighbouring empties counts sharing strength (`othello-lab train
/// --spread`), they change smoothly; the shipped file gives each pair of counts one
/// set (see "Memory and speed"), each count keeping its own parity term (weights of
/// four empties a phase, those trained before December 2026, are read by giving each
/// count its phase's weights: [`decode`]).
pub const PHASES: usize = 61;
/// Mobility counts above this share the last weight.
pub const MOBILITY_CAP: usize = 31;

/// The phase of a position with `empties` empty squares: the count itself.
#[inline]
pub const fn phase(empties: u32) -> usize {
    let p = empties as usize;
    if p < PHASES { p } else { PHASES - 1 }
}

/// Where each family's weights lie, and which configurations share one weight.
#[derive(Debug)]
pub struct Layout {
    /// `param_of[f][config]`: the weight number (within a phase) of family `f`'s
    /// configuration.
    pub param_of: Vec<Vec<u32>>,
    /// First weight number of the mobility terms: the side to move's mobility at
    /// `mobility`, the opponent's at `mobility + MOBILITY_CAP + 1`.
    pub mobility: u32,
    /// Weight number of the parity terms: `parity + empties % 2`.
    pub parity: u32,
    /// Weights per phase.
    pub params: usize,
}

/// Number of weights per instance read: the 46 patterns, two mobilities and parity.
pub const FEATURES: usize = INSTANCES + 3;

impl Layout {
    fn build() -> Layout {
        let mut param_of = Vec::new();
        let mut next = 0u32;
        for family in FAMILIES {
            let n = family.len();
            let perm = family.self_symmetry();
            let mut map = vec![u32::MAX; family.size()];
            for config in 0..family.size() {
                let image = perm
                    .as_ref()
                    .map_or(config, |perm| permute(config, n, perm));
                if image < config {
                    map[config] = map[image];
                } else {
                    map[config] = next;
                    next += 1;
                }
            }
            param_of.push(map);
        }
        let mobility = next;
        let parity = mobility + 2 * (MOBILITY_CAP as u32 + 1);
        Layout {
            param_of,
            mobility,
            parity,
            params: parity as usize + 2,
        }
    }

    /// The weight numbers (within the position's phase) that the evaluation of
    /// `board` adds up.
    #[inline]
    pub fn features(&self, board: &Board) -> [u32; FEATURES] {
        let mut configs = [(0u8, 0u32); INSTANCES];
        index::read_all(board.player, board.opponent, &mut configs);
        let mut out = [0u32; FEATURES];
        for (slot, &(f, c)) in out.iter_mut().zip(configs.iter()) {
            *slot = self.param_of[f as usize][c as usize];
        }
        let (mp, mo) = mobilities(board);
        out[INSTANCES] = self.mobility + mp as u32;
        out[INSTANCES + 1] = self.mobility + MOBILITY_CAP as u32 + 1 + mo as u32;
        out[INSTANCES + 2] = self.parity + board.empty_count() % 2;
        out
    }
}

#[inline(always)]
fn mobilities(board: &Board) -> (usize, usize) {
    let mp = legal_moves(board.player, board.opponent).count_ones() as usize;
    let mo = legal_moves(board.opponent, board.player).count_ones() as usize;
    (mp.min(MOBILITY_CAP), mo.min(MOBILITY_CAP))
}

/// The configuration whose digit `i` is digit `perm[i]` of `config`.
fn permute(config: usize, n: usize, perm: &[usize]) -> usize {
    let mut digits = [0usize; 10];
    let mut c = config;
    for d in digits.iter_mut().take(n) {
        *d = c % 3;
        c /= 3;
    }
    (0..n).rev().fold(0, |acc, i| acc * 3 + digits[perm[i]])
}

/// The one layout (built once).
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(Layout::build)
}

/// Fitted weights, expanded into one lookup table per phase (phases with the same
/// weights share one).
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    /// Per distinct phase: every family's full table, then the mobility and parity
    /// weights.
    tables: Vec<i16>,
    /// Each phase's table in `tables` (a phase whose weights equal the one before's
    /// reads that one's: the shipped weights have 28 tables for 61 phases).
    table_of: [u8; PHASES],
    stride: usize,
    offsets: [usize; FAMILIES.len()],
    /// Each instance's family table start (`read_all` order).
    instance_offsets: [u32; INSTANCES],
    extras: usize,
}

impl PatternWeights {
    /// Weights from one value per (phase, weight number), hundredths of a disc.
    pub fn from_params(params: Vec<i16>) -> PatternWeights {
        let layout = layout();
        assert_eq!(
            params.len(),
            PHASES * layout.params,
            "weights for the layout"
        );
        let mut offsets = [0usize; FAMILIES.len()];
        let mut at = 0;
        for (f, family) in FAMILIES.iter().enumerate() {
            offsets[f] = at;
            at += family.size();
        }
        let extras = at;
        let stride = at + (layout.params - layout.mobility as usize);
        let n = layout.params;
        let mut table_of = [0u8; PHASES];
        for phase in 1..PHASES {
            let same = params[phase * n..][..n] == params[(phase - 1) * n..][..n];
            table_of[phase] = table_of[phase - 1] + u8::from(!same);
        }
        let distinct = table_of[PHASES - 1] as usize + 1;
        let mut tables = vec![0i16; stride * distinct];
        // The tables span up to 20 MB and an evaluation reads 46 entries scattered
        // over one phase's 334 KB: on 4 KiB pages most reads would also miss the TLB.
        crate::engine::pages::advise_huge_pages(
            tables.as_mut_ptr().cast(),
            std::mem::size_of_val(&tables[..]),
        );
        for phase in 0..PHASES {
            if phase > 0 && table_of[phase] == table_of[phase - 1] {
                continue;
            }
            let p = &params[phase * n..(phase + 1) * n];
            let slot = table_of[phase] as usize;
            let t = &mut tables[slot * stride..(slot + 1) * stride];
            for (f, map) in layout.param_of.iter().enumerate() {
                for (config, &w) in map.iter().enumerate() {
                    t[offsets[f] + config] = p[w as usize];
                }
            }
            t[extras..].copy_from_slice(&p[layout.mobility as usize..]);
        }
        let mut instance_offsets = [0u32; INSTANCES];
        let mut i = 0;
        for (f, family) in FAMILIES.iter().enumerate() {
            for _ in family.symmetries() {
                instance_offsets[i] = offsets[f] as u32;
                i += 1;
            }
        }
        PatternWeights {
            tables,
            table_of,
            stride,
            offsets,
            instance_offsets,
            extras,
        }
    }

    /// All zero (an evaluation of 0 everywhere): the start of a fit.
    pub fn zero() -> PatternWeights {
        PatternWeights::from_params(vec![0; PHASES * layout().params])
    }

    /// One value per (phase, weight number): `params[phase * layout.params + weight]`,
    /// hundredths of a disc (read back from the lookup tables, which hold every weight:
    /// the weights are not kept twice in memory).
    pub fn params(&self) -> Vec<i16> {
        let layout = layout();
        let n = layout.params;
        let mut params = vec![0i16; PHASES * n];
        for phase in 0..PHASES {
            let t = self.table(phase);
            let p = &mut params[phase * n..(phase + 1) * n];
            for (f, map) in layout.param_of.iter().enumerate() {
                for (config, &w) in map.iter().enumerate() {
                    p[w as usize] = t[self.offsets[f] + config];
                }
            }
            p[layout.mobility as usize..].copy_from_slice(&t[self.extras..]);
        }
        params
    }

    /// The evaluation of `board` for the side to move, in hundredths of a disc.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let (mp, mo) = mobilities(board);
        self.evaluate_with_mobility(board, mp as u32, mo as u32)
    }

    cpu_dispatch! {
        /// The evaluation of `board` when the caller already knows the number of legal
        /// moves of the side to move (`mp`) and of the opponent (`mo`); the same value as
        /// `evaluate`.
        pub fn evaluate_with_mobility / evaluate_with_mobility_v3 / evaluate_with_mobility_plain (&self, board: &Board, mp: u32, mo: u32) -> i32 {
            let empties = board.empty_count();
            let t = self.table(phase(empties));
            let patterns = index::sum_all(board.player, board.opponent, t, &self.offsets);
            self.finish(t, patterns, empties, mp, mo)

        }
    }

    /// The evaluation of a position with `empties` empty squares from its pattern
    /// configurations seen from the side to move (`PatternState::mine`) and the
    /// numbers of legal moves of both sides: the same value as `evaluate`.
    #[inline(always)]
    pub fn evaluate_configs(&self, mine: &[u16; INSTANCES], empties: u32, mp: u32, mo: u32) -> i32 {
        let t = self.table(phase(empties));
        let mut patterns = 0i32;
        for (&base, &config) in self.instance_offsets.iter().zip(mine) {
            patterns += t[base as usize + config as usize] as i32;
        }
        self.finish(t, patterns, empties, mp, mo)
    }

    /// Phase `phase`'s lookup table.
    #[inline(always)]
    fn table(&self, phase: usize) -> &[i16] {
        let slot = self.table_of[phase] as usize;
        &self.tables[slot * self.stride..][..self.stride]
    }

    /// Adds the mobility and parity terms of phase table `t` and clamps.
    #[inline]
    fn finish(&self, t: &[i16], patterns: i32, empties: u32, mp: u32, mo: u32) -> i32 {
        let (mp, mo) = (
            (mp as usize).min(MOBILITY_CAP),
            (mo as usize).min(MOBILITY_CAP),
        );
        let e = &t[self.extras..];
        let mut total = patterns;
        total += e[mp] as i32 + e[MOBILITY_CAP + 1 + mo] as i32;
        total += e[2 * (MOBILITY_CAP + 1) + (empties % 2) as usize] as i32;
        total.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// The shipped weights (`weights.bin`, written by `othello-lab train`).
pub static WEIGHTS_FILE: &[u8] = include_bytes!("weights.bin");

/// The shipped weights, decoded once. A damaged file (the build checks it too) stops
/// the program with the reason.
pub fn shipped() -> Arc<PatternWeights> {
    shipped_static().clone()
}

/// The shipped weights, borrowed (for hot paths that cannot afford a reference count).
pub fn shipped_ref() -> &'static PatternWeights {
    shipped_static()
}

static SHIPPED: OnceLock<Arc<PatternWeights>> = OnceLock::new();

/// Makes `weights` the ones [`shipped`] gives for the rest of the process (to measure
/// trained weights with every tool: `othello-tutor --weights FILE bench ...`). False
/// when the shipped weights were already in use, and then nothing changes.
pub fn replace_shipped(weights: PatternWeights) -> bool {
    SHIPPED.set(Arc::new(weights)).is_ok()
}

fn shipped_static() -> &'static Arc<PatternWeights> {
    SHIPPED.get_or_init(|| match decode(WEIGHTS_FILE) {
        Ok(w) => Arc::new(w),
        Err(e) => panic!("the shipped pattern weights (src/engine/pattern/weights.bin): {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::symmetry;

    /// Weights that differ in every phase: a fixed pseudo-random sequence per seed.
    pub(super) fn random_weights(seed: u64) -> PatternWeights {
        let mut x = seed;
        let params = (0..PHASES * layout().params)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 2001) as i16 - 1000
            })
            .collect();
        PatternWeights::from_params(params)
    }

    #[test]
    fn the_evaluation_is_symmetric() {
        // With random weights, the eight images of any position get the same value:
        // every family's instances and their shared weights are consistent.
        let w = random_weights(7);
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let p = x & 0x00FF_FFFF_FFFF_FF00 | (x >> 7 & 0x8100_0000_0000_0081);
            let o = (x.rotate_left(23) & !p) & 0x7E7E_7E7E_7E7E_7E7E;
            let b = Board {
                player: p,
                opponent: o,
            };
            let v = w.evaluate(&b);
            for s in 0..symmetry::SYMMETRIES {
                assert_eq!(w.evaluate(&symmetry::board(&b, s)), v, "symmetry {s}");
            }
        }
    }

    #[test]
    fn features_match_the_evaluation() {
        // The sum of the weights the features name is the evaluation (unclamped range).
        let w = random_weights(11);
        let layout = layout();
        let b = Board::start()
            .play(crate::engine::Square::parse("f5").unwrap())
            .unwrap();
        let mut b = b;
        let params = w.params();
        // Along a game: every phase from 59 empties to the end.
        while let Some(sq) = b.legal_moves().into_iter().last() {
            let ph = phase(b.empty_count());
            let sum: i32 = layout
                .features(&b)
                .iter()
                .map(|&f| params[ph * layout.params + f as usize] as i32)
                .sum();
            assert_eq!(w.evaluate(&b), sum.clamp(-MAX_EVAL, MAX_EVAL));
            b = b.play_unchecked(sq);
            if b.legal_moves_bits() == 0 {
                b = b.pass();
            }
        }
    }

    #[test]
    fn shared_weights_halve_the_symmetric_families() {
        let layout = layout();
        // Row 2 (8 squares, reversal): (3^8 + 3^4) / 2 distinct configurations.
        let row2: std::collections::HashSet<u32> = layout.param_of[1].iter().copied().collect();
        assert_eq!(row2.len(), (6561 + 81) / 2);
        // The 2x5 block has no symmetry of its own.
        let block: std::collections::HashSet<u32> = layout.param_of[5].iter().copied().collect();
        assert_eq!(block.len(), 59049);
    }

    #[test]
    fn known_mobility_gives_the_same_value() {
        let w = random_weights(9);
        let mut b = Board::start();
        while let Some(sq) = b.legal_moves().into_iter().next() {
            let mp = b.legal_moves_bits().count_ones();
            let mo = legal_moves(b.opponent, b.player).count_ones();
            assert_eq!(w.evaluate_with_mobility(&b, mp, mo), w.evaluate(&b));
            b = b.play_unchecked(sq);
            if b.legal_moves_bits() == 0 {
                b = b.pass();
            }
        }
    }

    #[test]
    fn the_evaluation_from_kept_configurations_is_the_same() {
        let w = random_weights(13);
        let mut b = Board::start();
        let mut x = 77u64;
        while b.legal_moves_bits() != 0 {
            let state = PatternState::new(b.player, b.opponent);
            let mp = b.legal_moves_bits().count_ones();
            let mo = legal_moves(b.opponent, b.player).count_ones();
            assert_eq!(
                w.evaluate_configs(&state.mine, b.empty_count(), mp, mo),
                w.evaluate(&b)
            );
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves: Vec<_> = b.legal_moves().into_iter().collect();
            b = b.play_unchecked(moves[(x >> 33) as usize % moves.len()]);
            if b.legal_moves_bits() == 0 {
                b = b.pass();
            }
        }
    }

    #[test]
    fn phases_with_the_same_weights_share_one_table() {
        let n = layout().params;
        let mut params = random_weights(17).params();
        // Phases 50 to 60 all take phase 50's weights; phase 3 takes phase 2's.
        let (head, tail) = params.split_at_mut(51 * n);
        for chunk in tail.chunks_exact_mut(n) {
            chunk.copy_from_slice(&head[50 * n..]);
        }
        let (head, tail) = params.split_at_mut(3 * n);
        tail[..n].copy_from_slice(&head[2 * n..]);
        let w = PatternWeights::from_params(params.clone());
        assert_eq!(w.tables.len(), w.stride * (PHASES - 11));
        assert_eq!(w.params(), params);
        // Every phase evaluates with its own weights, shared or not.
        let layout = layout();
        let mut b = Board::start();
        while let Some(sq) = b.legal_moves().into_iter().next() {
            let ph = phase(b.empty_count());
            let sum: i32 = layout
                .features(&b)
                .iter()
                .map(|&f| params[ph * n + f as usize] as i32)
                .sum();
            assert_eq!(w.evaluate(&b), sum.clamp(-MAX_EVAL, MAX_EVAL));
            b = b.play_unchecked(sq);
            if b.legal_moves_bits() == 0 {
                b = b.pass();
            }
        }
    }

    #[test]
    fn the_shipped_weights_load() {
        let w = shipped();
        assert_eq!(w.params().len(), PHASES * layout().params);
        // The weights read back from the tables make the same weights again.
        assert_eq!(PatternWeights::from_params(w.params()), *w);
    }
}
