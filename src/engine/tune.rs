//! Tuning the evaluator's weights on data the project makes itself.
//!
//! 1. Self-play: games from the given openings between depth-2 engines that play a
//!    random move now and then, so the positions are varied; positions are sampled
//!    at every number of empties.
//! 2. Labels, phase by phase from the end of the game backwards: positions with at
//!    most `exact_empties` empties are labelled with their exact score (the solver);
//!    earlier ones with a `label_depth` search that uses the weights already fitted for
//!    the later phases (its leaves fall into phases fitted before).
//! 3. Each phase's weights are the ridge-regularised least-squares fit of the labels
//!    on the term values (`eval::term_values`).

#![allow(clippy::needless_range_loop)] // index loops read better in the linear algebra

use super::board::{Board, Position};
use super::endgame::Solver;
use super::eval::{PHASES, TERM_COUNT, TERMS, UNITS_PER_DISC, Weights, phase, term_values};
use super::search::{Limits, Searcher};
use rand::{Rng, RngExt};

/// Settings of a tuning run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuneConfig {
    /// Self-play games to sample positions from.
    pub games: usize,
    /// Positions kept per phase at most.
    pub per_phase: usize,
    /// Exact labels at or below this many empties.
    pub exact_empties: u32,
    /// Search depth for the other labels.
    pub label_depth: u32,
    /// Chance (per cent) of a random move in the self-play games.
    pub noise_percent: u32,
    /// Ridge regularisation strength.
    pub ridge: f64,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            games: 3000,
            per_phase: 3000,
            exact_empties: 20,
            label_depth: 8,
            noise_percent: 15,
            ridge: 2.0,
        }
    }
}

/// The outcome of fitting one phase.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseFit {
    /// The phase.
    pub phase: usize,
    /// Positions used.
    pub positions: usize,
    /// Root-mean-square error of the old weights on the labels, in discs.
    pub rms_before: f64,
    /// Root-mean-square error of the fitted weights, in discs.
    pub rms_after: f64,
}

/// Plays the self-play games and returns their positions, grouped by phase.
pub fn sample_positions(
    config: &TuneConfig,
    openings: &[Position],
    rng: &mut impl Rng,
    progress: &mut dyn FnMut(&str),
) -> Vec<Vec<Board>> {
    let mut by_phase: Vec<Vec<Board>> = vec![Vec::new(); PHASES];
    let mut searcher = Searcher::new(8, 8);
    let limits = Limits::depth(2, 8);
    for g in 0..config.games {
        if g % 100 == 0 {
            progress(&format!("self-play game {g}/{}", config.games));
        }
        let mut pos = if openings.is_empty() {
            Position::start()
        } else {
            openings[rng.random_range(0..openings.len())]
        };
        loop {
            let b = pos.board;
            if b.is_game_over() {
                break;
            }
            let moves = b.legal_moves();
            if moves.is_empty() {
                pos = pos.pass();
                continue;
            }
            let e = b.empty_count();
            if e >= 4 && rng.random_range(0..4) == 0 {
                by_phase[phase(e)].push(b);
            }
            let list: Vec<_> = moves.into_iter().collect();
            let sq = if rng.random_range(0..100) < config.noise_percent {
                list[rng.random_range(0..list.len())]
            } else {
                searcher
                    .search(&b, limits)
                    .ok()
                    .and_then(|r| r.best)
                    .unwrap_or(list[0])
            };
            pos = pos.play_unchecked(sq);
        }
    }
    for v in by_phase.iter_mut() {
        v.sort_by_key(|b| (b.player, b.opponent));
        v.dedup();
        // A deterministic shuffle, then keep the first `per_phase`.
        for i in (1..v.len()).rev() {
            let j = rng.random_range(0..=i);
            v.swap(i, j);
        }
        v.truncate(config.per_phase);
    }
    by_phase
}

/// Fits every phase, from the end of the game backwards, starting from `initial`.
/// Returns the new weights and a report per phase.
pub fn fit(
    config: &TuneConfig,
    positions: &[Vec<Board>],
    initial: &Weights,
    progress: &mut dyn FnMut(&str),
) -> (Weights, Vec<PhaseFit>) {
    let mut weights = initial.clone();
    let mut solver = Solver::new(32);
    let mut searcher = Searcher::new(32, 32);
    let mut report = Vec::new();
    for (ph, boards) in positions.iter().enumerate() {
        if boards.is_empty() {
            continue;
        }
        searcher.set_weights(weights.clone());
        let mut rows: Vec<([f64; TERM_COUNT], f64)> = Vec::with_capacity(boards.len());
        for (i, b) in boards.iter().enumerate() {
            if i % 250 == 0 {
                progress(&format!("phase {ph}: labelling {i}/{}", boards.len()));
            }
            let label = if b.empty_count() <= config.exact_empties {
                match solver.solve_score(b) {
                    Ok(s) => (s.score * UNITS_PER_DISC) as f64,
                    Err(_) => continue,
                }
            } else {
                match searcher.search(b, Limits::depth(config.label_depth, config.exact_empties)) {
                    Ok(r) => r.score as f64,
                    Err(_) => continue,
                }
            };
            let v = term_values(b);
            let mut x = [0f64; TERM_COUNT];
            for k in 0..TERM_COUNT {
                x[k] = v[k] as f64;
            }
            rows.push((x, label));
        }
        let old: Vec<f64> = weights.0[ph].iter().map(|&w| w as f64).collect();
        let w = ridge_fit(&rows, config.ridge * rows.len() as f64 / 100.0);
        let rms = |w: &[f64]| {
            let se: f64 = rows
                .iter()
                .map(|(x, y)| {
                    let p: f64 = x.iter().zip(w).map(|(a, b)| a * b).sum();
                    (p.clamp(-6400.0, 6400.0) - y).powi(2)
                })
                .sum();
            (se / rows.len().max(1) as f64).sqrt() / UNITS_PER_DISC as f64
        };
        let fit = PhaseFit {
            phase: ph,
            positions: rows.len(),
            rms_before: rms(&old),
            rms_after: rms(&w),
        };
        progress(&format!(
            "phase {ph}: {} positions, rms {:.2} -> {:.2} discs",
            fit.positions, fit.rms_before, fit.rms_after
        ));
        report.push(fit);
        for k in 0..TERM_COUNT {
            weights.0[ph][k] = w[k].round() as i32;
        }
    }
    (weights, report)
}

/// Least squares with a ridge penalty `lambda` (not applied to the tempo constant).
fn ridge_fit(rows: &[([f64; TERM_COUNT], f64)], lambda: f64) -> Vec<f64> {
    let n = TERM_COUNT;
    let mut a = vec![vec![0f64; n + 1]; n];
    for (x, y) in rows {
        for i in 0..n {
            for j in 0..n {
                a[i][j] += x[i] * x[j];
            }
            a[i][n] += x[i] * y;
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        if TERMS[i] != super::eval::Term::Tempo {
            row[i] += lambda;
        } else {
            row[i] += 1e-6;
        }
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for j in col..=n {
            a[col][j] /= d;
        }
        for i in 0..n {
            if i != col {
                let f = a[i][col];
                if f != 0.0 {
                    for j in col..=n {
                        a[i][j] -= f * a[col][j];
                    }
                }
            }
        }
    }
    (0..n).map(|i| a[i][n]).collect()
}

/// The Rust source of `weights.rs` for `weights`.
pub fn weights_source(weights: &Weights) -> String {
    let mut s = String::from(
        "//! Evaluation weights, one row per phase (four empties each, phase 0 = 0-3 empties),\n\
         //! in hundredths of a disc, in the order of `eval::TERMS`. Written by `othello-lab tune`.\n\
         //! Plain data: the sizes are numbers, which `eval` checks against its own (a row or\n\
         //! a term too many or too few does not compile).\n\n",
    );
    s.push_str(&format!(
        "/// The weights: `WEIGHTS[phase][term]`.\npub static WEIGHTS: [[i32; {TERM_COUNT}]; {PHASES}] = [\n"
    ));
    let names: Vec<&str> = TERMS.iter().map(|t| t.name()).collect();
    s.push_str(&format!("    // {}\n", names.join(", ")));
    for row in &weights.0 {
        let cells: Vec<String> = row.iter().map(|w| w.to_string()).collect();
        s.push_str(&format!("    [{}],\n", cells.join(", ")));
    }
    s.push_str("];\n");
    s
}
