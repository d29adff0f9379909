//! How much a position's value moves with the depth searched: the figures of
//! `bench --quality FILE --swing` and of `train --consistency`.
//!
//! For each position one iterative search runs from depth `from` to depth `to` (each
//! iteration's value equals a fresh search's to that depth, see
//! [`Searcher::iterations`]), no exact solve. Three figures:
//! - **swing**: the mean of |v(d) − v(d+1)| over the depths, the measure;
//! - **even − odd**: the mean of v(even) − v(odd) over neighbouring depths: the part
//!   of the swing that alternates with the parity of the depth (positive: an even
//!   depth reads higher for the side to move);
//! - **mixed swing**: the swing of the mean of two neighbouring depths' values,
//!   (v(d−1) + v(d)) / 2, the value the labels of the training use.
//!
//! [`measure_stated`] measures the same of the value the tutor states: the best of
//! the moves' values of `analyze` at the analysis board's settings (two depths' mean,
//! selective), depth by depth, with no exact solve.

use super::UserError;
use othello_tutor::engine::Board;
use othello_tutor::engine::analysis::{AnalysisOptions, analyze_by_depth};
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::tutor::settings::ANALYSIS;
use std::sync::Mutex;

/// The figures of [`measure`], in discs.
#[derive(Clone, Copy, Debug, Default)]
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

/// The values at depths `from - 1 ..= to` of each position, from `threads` threads.
fn values(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    threads: usize,
) -> Result<Vec<Vec<f64>>, UserError> {
    let out = Mutex::new(vec![Vec::new(); boards.len()]);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::default();
                searcher.set_evaluator(evaluator.clone());
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= boards.len() {
                        return;
                    }
                    eprint!("\rswing: {}/{}", i + 1, boards.len());
                    searcher.clear();
                    if let Err(e) = searcher.search(&boards[i], Limits::depth(to, 0)) {
                        *failure.lock().expect("lock") = Some(UserError(e.to_string()));
                        return;
                    }
                    let v: Vec<f64> = searcher
                        .iterations()
                        .iter()
                        .filter(|(d, _, _)| *d + 1 >= from && *d <= to)
                        .map(|(_, v, _)| *v as f64 / 100.0)
                        .collect();
                    out.lock().expect("lock")[i] = v;
                }
            });
        }
    });
    eprintln!();
    if let Some(e) = failure.into_inner().expect("lock") {
        return Err(e);
    }
    Ok(out.into_inner().expect("lock"))
}

/// The swing of `boards` between depths `from` and `to` (from ≥ 2).
pub fn measure(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    threads: usize,
) -> Result<Swing, UserError> {
    let all = values(boards, from, to, evaluator, threads)?;
    let (mut abs, mut n) = (0.0, 0usize);
    let (mut mixed, mut m) = (0.0, 0usize);
    let (mut signed, mut s) = (0.0, 0usize);
    let mut positions = 0;
    for v in all {
        // v[0] is depth from − 1; a search that ended early (a position solved before
        // the last depth) gives fewer values and counts only as far as it goes.
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
    Ok(Swing {
        positions,
        swing: mean(abs, n),
        even_minus_odd: mean(signed, s),
        mixed: mean(mixed, m),
    })
}

/// The swing of the value the tutor states (see the module's doc), in discs.
#[derive(Clone, Copy, Debug, Default)]
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
            "swing of the stated value (analyze, two depths' mean), depths {from}-{to}, {} positions: mean |s(d)-s(d+1)| {:.2} discs, even-odd {:+.2}",
            self.positions, self.swing, self.even_minus_odd
        )
    }
}

/// The swing of the best value that `analyze` states at the analysis settings
/// (without exact solves) between depths `from` and `to`, each position's moves
/// spread over `threads` threads.
pub fn measure_stated(
    boards: &[Board],
    from: u32,
    to: u32,
    evaluator: &Evaluator,
    threads: usize,
) -> Result<StatedSwing, UserError> {
    let options = AnalysisOptions {
        depth: to,
        exact_empties: 0,
        ..ANALYSIS
    };
    let mut searcher = Searcher::new(1, 1);
    searcher.set_evaluator(evaluator.clone());
    let (mut abs, mut signed, mut n, mut positions) = (0.0, 0.0, 0usize, 0);
    for (i, board) in boards.iter().enumerate() {
        eprint!("\rstated swing: {}/{}", i + 1, boards.len());
        let by_depth = analyze_by_depth(&mut searcher, board, options, threads)
            .map_err(|e| UserError(e.to_string()))?;
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
    eprintln!();
    let mean = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
    Ok(StatedSwing {
        positions,
        swing: mean(abs),
        even_minus_odd: mean(signed),
    })
}
