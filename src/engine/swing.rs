//! How much a position's value moves with the depth searched, and the side-to-move
//! term that takes the alternating part out: the figures of `othello-lab bench
//! --quality FILE --swing`, `othello-lab consistency` and `othello-lab tempo`. No I/O
//! (a caller may pass a progress callback).
//!
//! For each position one iterative search runs from depth `from` to depth `to` (each
//! iteration's value equals a fresh search's to that depth, see
//! [`Searcher::iterations`]), no exact solve. Three figures ([`swing_of`]):
//! - **swing**: the mean of |v(d) − v(d+1)| over the depths;
//! - **even − odd**: the mean of v(even) − v(odd) over neighbouring depths: the part
//!   of the swing that alternates with the parity of the depth (positive: an even
//!   depth reads higher for the side to move);
//! - **mixed swing**: the swing of the mean of two neighbouring depths' values,
//!   (v(d−1) + v(d)) / 2, the value the labels of the training use.
//!
//! [`measure_stated`] measures the same of the value the tutor states: the best of
//! the moves' values of `analyze` at given settings (each the 1:2:1 mean of three
//! depths, see [`crate::engine::analysis`]; selective),
//! depth by depth, with no exact solve.
//!
//! # The side-to-move term
//!
//! A search to an even depth ends on positions where the root's side is to move, an
//! odd one on the opponent's; an evaluation that reads a position a little too high
//! (or too low) for the side to move, or a max over noisy values at the last ply,
//! makes the two parities read apart. A constant `c` added to every evaluation for
//! the side to move shifts an even depth's value by `+c` and an odd depth's by `−c`,
//! so `c = −(even − odd) / 2` cancels the alternating part ([`tempo_term`]).
//!
//! The bias differs along the game (one global term overcorrected the opening while
//! it fixed the middle game), so each band of four empties counts gets its own term,
//! measured on self-play positions whose searches end in that band ([`tempo_plan`]).
//! The term goes into both parity weights of every phase of its band ([`with_tempo`];
//! they are a phase's intercept), so the evaluation's speed and file format stay as
//! they are. At a fixed
//! depth every leaf of a full-width search has the same parity (passes aside), so the
//! term moves every move's value alike: it changes the values shown, not the moves
//! chosen.
//!
//! ```
//! use othello_tutor::engine::swing::swing_of;
//! // Values at depths 3..=6 (from = 4) that alternate: +1 at even depths, -1 at odd.
//! let s = swing_of(&[vec![-1.0, 1.0, -1.0, 1.0]], 4);
//! assert_eq!((s.positions, s.swing, s.even_minus_odd, s.mixed), (1, 2.0, 2.0, 0.0));
//! ```

use crate::engine::Board;
use crate::engine::analysis::{AnalysisOptions, analyze_by_depth};
use crate::engine::evaluator::Evaluator;
use crate::engine::pattern::{PHASES, PatternWeights, layout, phase};
use crate::engine::pool::{self, PoolError};
use crate::engine::search::{Limits, SearchError, Searcher};

/// Why a measure did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeasureError {
    /// A search stopped before its first depth.
    #[error("position {index}: {source}")]
    Stopped {
        /// The position's index.
        index: usize,
        /// The search's error.
        source: SearchError,
    },
    /// A position's search panicked, or the threads did not start.
    #[error("the positions' searches: {0}")]
    Pool(#[from] PoolError),
}

/// The figures of [`measure`], in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Swing {
    /// Positions measured.
    pub positions: usize,
    /// Mean |v(d) − v(d+1)|.
    pub swing: f64,
    /// Mean v(even) − v(odd) over neighbouring depths: positive when even depths read
    /// higher for the side to move.
    pub even_minus_odd: f64,
    /// Mean |m(d) − m(d+1)| with m(d) = (v(d−1) + v(d)) / 2.
    pub mixed: f64,
}

impl Swing {
    /// One line for the bench and the training's report.
    pub fn line(&self, from: u32, to: u32) -> String {
        format!(
            "swing, depths {from}-{to}, {} positions: mean |v(d)-v(d+1)| {:.2} discs, even-odd {:+.2}, of the two-depth mean {:.2}",
            self.positions, self.swing, self.even_minus_odd, self.mixed
        )
    }
}

/// A progress report: positions done, positions in all (called on the caller's
/// thread).
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

/// The values (discs) at depths `from - 1 ..= to` of each position, from `threads`
/// threads, each position searched by one iterative search on a fresh table. The
/// search's first iteration is depth 1, so for `from` = 1 the depth-0 value is the
/// evaluation of the position itself (without it every depth would be read one off,
/// and the even/odd figures would come out with the wrong sign).
pub fn values(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    threads: usize,
    progress: Progress,
) -> Result<Vec<Vec<f64>>, MeasureError> {
    let mut finished = 0;
    pool::try_map_streamed(
        threads,
        boards,
        |index, board| {
            let mut searcher = Searcher::default();
            searcher.set_evaluator(evaluator.clone());
            searcher
                .search(board, Limits::depth(to, 0))
                .map_err(|source| MeasureError::Stopped { index, source })?;
            let at_zero = (from <= 1).then(|| evaluator.evaluate(board) as f64 / 100.0);
            Ok(at_zero
                .into_iter()
                .chain(
                    searcher
                        .iterations()
                        .iter()
                        .filter(|(d, _, _)| *d + 1 >= from && *d <= to)
                        .map(|(_, v, _)| *v as f64 / 100.0),
                )
                .collect())
        },
        |_, _| {
            finished += 1;
            progress(finished, boards.len());
            Ok(())
        },
    )
}

/// The figures of each position's values at depths `from - 1, from, …` (as
/// [`values`] gives them). A position with fewer than three values (one solved before
/// the last depth) counts as far as it goes, or not at all.
pub fn swing_of(all: &[Vec<f64>], from: u32) -> Swing {
    let (mut abs, mut n) = (0.0, 0usize);
    let (mut mixed, mut m) = (0.0, 0usize);
    let (mut signed, mut s) = (0.0, 0usize);
    let mut positions = 0;
    for v in all {
        // v[0] is depth from − 1.
        if v.len() < 3 {
            continue;
        }
        positions += 1;
        for k in 1..v.len() - 1 {
            let d = from + k as u32 - 1;
            let step = v[k] - v[k + 1];
            abs += step.abs();
            n += 1;
            signed += if d.is_multiple_of(2) { step } else { -step };
            s += 1;
            let (a, b) = ((v[k - 1] + v[k]) / 2.0, (v[k] + v[k + 1]) / 2.0);
            mixed += (a - b).abs();
            m += 1;
        }
    }
    let mean = |x: f64, n: usize| if n == 0 { 0.0 } else { x / n as f64 };
    Swing {
        positions,
        swing: mean(abs, n),
        even_minus_odd: mean(signed, s),
        mixed: mean(mixed, m),
    }
}

/// The swing of `boards` between depths `from` and `to` (from ≥ 1).
pub fn measure(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    threads: usize,
    progress: Progress,
) -> Result<Swing, MeasureError> {
    let all = values(boards, from, to, evaluator, threads, progress)?;
    Ok(swing_of(&all, from))
}

/// The swing of the value the tutor states (see the module's doc), in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StatedSwing {
    /// Positions measured.
    pub positions: usize,
    /// Mean |s(d) − s(d+1)| of the stated best value s.
    pub swing: f64,
    /// Mean s(even) − s(odd) over neighbouring depths.
    pub even_minus_odd: f64,
}

impl StatedSwing {
    /// One line for the bench.
    pub fn line(&self, from: u32, to: u32) -> String {
        format!(
            "swing of the stated value (analyze, the 1:2:1 mean of three depths), depths {from}-{to}, {} positions: mean |s(d)-s(d+1)| {:.2} discs, even-odd {:+.2}",
            self.positions, self.swing, self.even_minus_odd
        )
    }
}

/// The swing of the best value that `analyze` states with `options` (its depth set to
/// `to`, no exact solve) between depths `from` and `to`, each position's moves spread
/// over `threads` threads.
pub fn measure_stated(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    options: AnalysisOptions,
    threads: usize,
    progress: Progress,
) -> Result<StatedSwing, SearchError> {
    let options = AnalysisOptions {
        depth: to,
        exact_empties: 0,
        ..options
    };
    let mut searcher = Searcher::new(1, 1);
    searcher.set_evaluator(evaluator.clone());
    let (mut abs, mut signed, mut n, mut positions) = (0.0, 0.0, 0usize, 0);
    for (i, board) in boards.iter().enumerate() {
        progress(i + 1, boards.len());
        let by_depth = analyze_by_depth(&mut searcher, board, options, threads)?;
        // The best value at each depth from `from` on (a position that ends before
        // `to` counts as far as it goes).
        let best: Vec<f64> = by_depth
            .iter()
            .enumerate()
            .filter(|(k, values)| *k as u32 + 1 >= from && !values.is_empty())
            .map(|(_, values)| values[0].score as f64 / 100.0)
            .collect();
        if best.len() < 2 {
            continue;
        }
        positions += 1;
        for (k, pair) in best.windows(2).enumerate() {
            let d = from + k as u32;
            let step = pair[0] - pair[1];
            abs += step.abs();
            signed += if d.is_multiple_of(2) { step } else { -step };
            n += 1;
        }
    }
    let mean = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
    Ok(StatedSwing {
        positions,
        swing: mean(abs),
        even_minus_odd: mean(signed),
    })
}

/// The side-to-move term (hundredths of a disc) that cancels a measured even − odd
/// swing (discs): `−(even − odd) / 2`.
///
/// ```
/// use othello_tutor::engine::swing::tempo_term;
/// assert_eq!(tempo_term(1.33), -67);
/// ```
pub fn tempo_term(even_minus_odd: f64) -> i32 {
    (-even_minus_odd / 2.0 * 100.0).round() as i32
}

/// The side-to-move term is measured and added by bands of four empties counts
/// (0-3, 4-7, ..., the last from 56 up): a band holds the counts where the searches
/// of [`tempo_plan`] end.
pub const TEMPO_BANDS: usize = 15;

/// The band of a position with `empties` empty squares.
///
/// ```
/// use othello_tutor::engine::swing::tempo_band;
/// assert_eq!((tempo_band(0), tempo_band(23), tempo_band(60)), (0, 5, 14));
/// ```
pub const fn tempo_band(empties: u32) -> usize {
    let b = (empties / 4) as usize;
    if b < TEMPO_BANDS { b } else { TEMPO_BANDS - 1 }
}

/// `weights` with `hundredths[b]` added to both parity weights of every phase (empties
/// count) of band `b`.
pub fn with_tempo(weights: &PatternWeights, hundredths: &[i32; TEMPO_BANDS]) -> PatternWeights {
    let l = layout();
    let mut params = weights.params();
    for empties in 0..PHASES as u32 {
        let c = hundredths[tempo_band(empties)];
        for k in 0..2 {
            let i = phase(empties) * l.params + l.parity as usize + k;
            params[i] = (params[i] as i32 + c).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        }
    }
    PatternWeights::from_params(params)
}

/// The bands whose term is measured (band 0's searches reach the end).
pub const TEMPO_MEASURED: std::ops::RangeInclusive<usize> = 1..=14;

/// The first of the four depths that measure band `band`, and the empties of the
/// positions: a search of depth `d` from `e` empties ends on `e − d` empties, so
/// depths `d0..=d0+3` from `4 band + 3 + d0` empties end within the band (passes
/// aside). `d0` is `depth` up to 55 empties (where self-play positions are still
/// many and distinct), smaller above; the last bands are measured from the start
/// position (depths 5-8 for band 13, 1-4 for band 14), the only searches that end
/// there.
///
/// ```
/// use othello_tutor::engine::swing::tempo_plan;
/// assert_eq!(tempo_plan(7, 6), (6, 37));
/// assert_eq!(tempo_plan(14, 6), (1, 60));
/// ```
pub fn tempo_plan(band: usize, depth: u32) -> (u32, u32) {
    let base = 4 * band as u32 + 3;
    if base + depth <= 55 {
        (depth, base + depth)
    } else if base < 55 {
        (55 - base, 55)
    } else {
        (60 - base, 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Square;

    fn quiet(_: usize, _: usize) {}

    #[test]
    fn the_figures_of_steady_and_drifting_values() {
        // Steady: nothing moves. Drifting by +1 a depth: swing 1, no alternation.
        assert_eq!(swing_of(&[vec![2.0; 5]], 4).swing, 0.0);
        let drift = swing_of(&[vec![0.0, 1.0, 2.0, 3.0]], 4);
        assert_eq!((drift.swing, drift.mixed), (1.0, 1.0));
        // Depth 4 (even) to 5: step -1, counted +(-1); 5 to 6: step -1, counted +1.
        assert_eq!(drift.even_minus_odd, 0.0);
        // Too few values count for nothing.
        assert_eq!(swing_of(&[vec![1.0, 2.0]], 4), Swing::default());
    }

    #[test]
    fn zero_weights_do_not_swing() {
        let start = Board::start();
        let f5 = start.play(Square::parse("f5").unwrap()).unwrap();
        let zero = Evaluator::Patterns(std::sync::Arc::new(PatternWeights::zero()));
        let s = measure(&[start, f5], 3, 6, &zero, 2, &quiet).expect("measured");
        assert_eq!((s.positions, s.swing, s.even_minus_odd), (2, 0.0, 0.0));
    }

    #[test]
    fn the_term_goes_into_both_parity_weights_of_every_phase_of_its_band() {
        let zero = PatternWeights::zero();
        let mut terms = [0; TEMPO_BANDS];
        terms[3] = -67;
        let tuned = with_tempo(&zero, &terms);
        let l = layout();
        let changed: Vec<usize> = tuned
            .params()
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(|(i, _)| i)
            .collect();
        // Band 3: 12 to 15 empties.
        let expected: Vec<usize> = (12..=15)
            .flat_map(|e| {
                let at = phase(e) * l.params + l.parity as usize;
                [at, at + 1]
            })
            .collect();
        assert_eq!(changed, expected);
        let params = tuned.params();
        assert!(expected.iter().all(|&i| params[i] == -67));
    }

    #[test]
    fn each_band_is_measured_by_searches_that_end_in_it() {
        for band in TEMPO_MEASURED {
            let (d0, empties) = tempo_plan(band, 6);
            assert!(d0 >= 1 && empties <= 60, "{band}");
            for d in d0..=d0 + 3 {
                assert_eq!(tempo_band(empties - d), band, "{band} {d}");
            }
        }
    }

    #[test]
    fn from_depth_one_the_first_value_is_the_evaluation_itself() {
        let start = Board::start();
        let f5 = start.play(Square::parse("f5").unwrap()).unwrap();
        let shipped = Evaluator::Patterns(crate::engine::pattern::shipped());
        let v = values(&[f5], 1, 3, &shipped, 1, &quiet).expect("measured");
        assert_eq!(v[0].len(), 4, "{v:?}");
        assert_eq!(v[0][0], shipped.evaluate(&f5) as f64 / 100.0);
        let from_two = values(&[f5], 2, 3, &shipped, 1, &quiet).expect("measured");
        assert_eq!(from_two[0], v[0][1..], "depths 1 to 3 read the same");
    }

    /// The last band is measured from the start position at depths 1 to 4: a term of
    /// +1.5 discs put into the band makes odd depths read 1.5 lower and even ones 1.5
    /// higher than without it (every leaf of those searches is in the band), and the
    /// term measured there takes the alternation out again (while depth 1 was read as
    /// depth 0 it doubled it instead).
    #[test]
    fn the_last_bands_term_cancels_its_alternation() {
        let band = *TEMPO_MEASURED.end();
        let (d0, empties) = tempo_plan(band, 6);
        assert_eq!((d0, empties), (1, 60));
        let boards = [Board::start()];
        let shipped = Evaluator::Patterns(crate::engine::pattern::shipped());
        let plain = measure(&boards, d0, d0 + 3, &shipped, 1, &quiet).expect("measured");
        let mut terms = [0; TEMPO_BANDS];
        terms[band] = 150;
        let skewed = with_tempo(crate::engine::pattern::shipped_ref(), &terms);
        let evaluator = Evaluator::Patterns(std::sync::Arc::new(skewed.clone()));
        let before = measure(&boards, d0, d0 + 3, &evaluator, 1, &quiet).expect("measured");
        assert!(
            (before.even_minus_odd - plain.even_minus_odd - 3.0).abs() < 1e-9,
            "{plain:?} -> {before:?}"
        );
        terms[band] = tempo_term(before.even_minus_odd);
        let tuned = Evaluator::Patterns(std::sync::Arc::new(with_tempo(&skewed, &terms)));
        let after = measure(&boards, d0, d0 + 3, &tuned, 1, &quiet).expect("measured");
        assert!(after.even_minus_odd.abs() < 0.1, "{before:?} -> {after:?}");
    }

    /// Weights made to alternate: the shipped ones with a term of 1 disc in each band,
    /// of the sign that adds to whatever alternation the band has. Each band's term
    /// as `othello-lab tempo` measures it takes most of that out again (not all of it:
    /// the selective search cuts other moves when every value moves, so a term is not
    /// purely added to the values).
    #[test]
    fn the_terms_cancel_the_alternation_band_by_band() {
        let shipped = crate::engine::pattern::shipped_ref();
        let bands = 4..11;
        let mut skew = [0; TEMPO_BANDS];
        let mut plans = Vec::new();
        for ph in bands.clone() {
            let (d0, empties) = tempo_plan(ph, 2);
            let boards =
                crate::engine::consistency::positions_in(4, 1 + ph as u64, empties..empties + 1);
            let evaluator = Evaluator::Patterns(std::sync::Arc::new(shipped.clone()));
            let plain = measure(&boards, d0, d0 + 3, &evaluator, 2, &quiet).expect("measured");
            skew[ph] = if plain.even_minus_odd >= 0.0 {
                100
            } else {
                -100
            };
            plans.push((ph, boards, d0));
        }
        let skewed = with_tempo(shipped, &skew);
        let mut terms = [0; TEMPO_BANDS];
        let mut measured = Vec::new();
        for (ph, boards, d0) in plans {
            let evaluator = Evaluator::Patterns(std::sync::Arc::new(skewed.clone()));
            let before = measure(&boards, d0, d0 + 3, &evaluator, 2, &quiet).expect("measured");
            assert!(before.even_minus_odd.abs() > 1.0, "band {ph}: {before:?}");
            terms[ph] = tempo_term(before.even_minus_odd);
            measured.push((boards, d0, before));
        }
        let tuned = Evaluator::Patterns(std::sync::Arc::new(with_tempo(&skewed, &terms)));
        let mut total = 0.0;
        for (boards, d0, before) in &measured {
            let after = measure(boards, *d0, d0 + 3, &tuned, 2, &quiet).expect("measured");
            assert!(
                after.even_minus_odd.abs() < before.even_minus_odd.abs() / 4.0 + 0.05,
                "{before:?} -> {after:?}"
            );
            total += after.even_minus_odd.abs();
        }
        assert!(total / (measured.len() as f64) < 0.15, "{total}");
    }
}
