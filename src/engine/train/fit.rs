//! The fit of one phase: ridge-regularised weighted least squares of the labels on the
//! pattern features, solved by conjugate gradients on the normal equations (CGLS).
//! Every feature is an indicator (a configuration is present or not), so a position's
//! prediction is the sum of its features' weights.

use crate::engine::board::Board;
use crate::engine::pattern::{FEATURES, Layout};

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position (side to move's view).
    pub board: Board,
    /// Its value for the side to move, in discs.
    pub label: f32,
    /// How much it counts in the fit (neighbouring phases count less).
    pub weight: f32,
}

/// How well a fit went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// Positions fitted.
    pub positions: usize,
    /// Root-mean-square error on them, in discs (weighted).
    pub rms: f64,
    /// Conjugate-gradient iterations run.
    pub iterations: usize,
}

/// Fits one phase's weights (in discs) to `samples`, with ridge strength `ridge` (the
/// penalty on each squared weight, in the units of a squared disc error of one
/// position), starting from `start`. Deterministic.
pub fn fit_phase(
    layout: &Layout,
    samples: &[Sample],
    start: &[f32],
    ridge: f64,
    iterations: usize,
) -> (Vec<f32>, FitReport) {
    let n = layout.params;
    let rows: Vec<[u32; FEATURES]> = samples.iter().map(|s| layout.features(&s.board)).collect();
    let sw: Vec<f64> = samples.iter().map(|s| (s.weight as f64).sqrt()).collect();
    let mut x: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    assert_eq!(x.len(), n, "one start value per weight");
    // A x, row-weighted.
    let apply = |v: &[f64], out: &mut Vec<f64>| {
        out.clear();
        out.extend(
            rows.iter()
                .zip(&sw)
                .map(|(r, &w)| w * r.iter().map(|&f| v[f as usize]).sum::<f64>()),
        );
    };
    // A^T u.
    let apply_t = |u: &[f64], out: &mut [f64]| {
        out.iter_mut().for_each(|v| *v = 0.0);
        for ((r, &w), &ui) in rows.iter().zip(&sw).zip(u) {
            let c = w * ui;
            for &f in r {
                out[f as usize] += c;
            }
        }
    };
    let mut ax = Vec::with_capacity(rows.len());
    apply(&x, &mut ax);
    // r = b - A x (weighted).
    let mut r: Vec<f64> = samples
        .iter()
        .zip(&sw)
        .zip(&ax)
        .map(|((s, &w), &a)| w * s.label as f64 - a)
        .collect();
    let mut s = vec![0.0; n];
    apply_t(&r, &mut s);
    for (si, xi) in s.iter_mut().zip(&x) {
        *si -= ridge * xi;
    }
    let mut p = s.clone();
    let mut gamma: f64 = s.iter().map(|v| v * v).sum();
    let mut q = Vec::with_capacity(rows.len());
    let mut done = 0;
    let gamma0 = gamma.max(1e-30);
    for _ in 0..iterations {
        if gamma <= gamma0 * 1e-10 {
            break;
        }
        apply(&p, &mut q);
        let delta: f64 =
            q.iter().map(|v| v * v).sum::<f64>() + ridge * p.iter().map(|v| v * v).sum::<f64>();
        if delta <= 0.0 {
            break;
        }
        let alpha = gamma / delta;
        for (xi, pi) in x.iter_mut().zip(&p) {
            *xi += alpha * pi;
        }
        for (ri, qi) in r.iter_mut().zip(&q) {
            *ri -= alpha * qi;
        }
        apply_t(&r, &mut s);
        for (si, xi) in s.iter_mut().zip(&x) {
            *si -= ridge * xi;
        }
        let gamma_new: f64 = s.iter().map(|v| v * v).sum();
        let beta = gamma_new / gamma;
        for (pi, si) in p.iter_mut().zip(&s) {
            *pi = si + beta * *pi;
        }
        gamma = gamma_new;
        done += 1;
    }
    let total_w: f64 = samples
        .iter()
        .map(|s| s.weight as f64)
        .sum::<f64>()
        .max(1e-9);
    let rms = (r.iter().map(|v| v * v).sum::<f64>() / total_w).sqrt();
    (
        x.iter().map(|&v| v as f32).collect(),
        FitReport {
            positions: samples.len(),
            rms,
            iterations: done,
        },
    )
}

/// Root-mean-square error, in discs, of `predict` on `samples` (unweighted).
pub fn rms_error(samples: &[Sample], predict: impl Fn(&Board) -> f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = predict(&s.board) - s.label as f64;
            e * e
        })
        .sum();
    (sum / samples.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::engine::pattern::{PHASES, PatternWeights, layout};
    use crate::engine::search::Searcher;
    use crate::engine::train::{GameSettings, play_game};
    use rand::SeedableRng;

    #[test]
    fn the_fit_recovers_a_planted_evaluation() {
        // Labels made by a known pattern evaluation are fitted back closely: the fit
        // and the evaluation read the same features.
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut searcher = Searcher::new(1, 1);
        let settings = GameSettings {
            depth: 1,
            noise_percent: 30,
            random_plies: 4,
        };
        let layout = layout();
        let mut params = vec![0i16; PHASES * layout.params];
        // A planted rule: the mobility weights only (a smooth target).
        for ph in 0..PHASES {
            for m in 0..=31 {
                params[ph * layout.params + layout.mobility as usize + m] = (m as i16) * 50;
            }
        }
        let planted = PatternWeights::from_params(params);
        let mut samples = Vec::new();
        for _ in 0..60 {
            for b in play_game(Position::start(), &settings, &mut searcher, &mut rng) {
                if (40..=43).contains(&b.empty_count()) {
                    samples.push(Sample {
                        board: b,
                        label: planted.evaluate(&b) as f32 / 100.0,
                        weight: 1.0,
                    });
                }
            }
        }
        assert!(samples.len() > 100);
        let start = vec![0.0; layout.params];
        let (w, report) = fit_phase(layout, &samples, &start, 0.01, 200);
        assert!(report.rms < 0.05, "rms {}", report.rms);
        let fitted = |b: &Board| -> f64 {
            layout
                .features(b)
                .iter()
                .map(|&f| w[f as usize] as f64)
                .sum()
        };
        assert!(rms_error(&samples, fitted) < 0.05);
    }
}
