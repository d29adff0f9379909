//! Calibrating Multi-ProbCut ([`crate::engine::mpc`]): measuring, on training
//! positions, how well a shallow search predicts a deep one, and the table of those
//! predictions. `othello-lab calibrate WEIGHTS` runs it on a training folder's
//! positions and writes `mpc.txt`; this module does no I/O.
//!
//! # The recipe
//!
//! 1. Positions: a training run's self-play positions below 52 empties, and from 52
//!    empties up positions reached by random legal moves from the start
//!    ([`random_openings`]): the self-play games begin at XOT openings (52 empties,
//!    all near-balanced), while the book's leaves one move off a line spread as far as
//!    random openings do. [`pick`] spreads `per_bucket` of them evenly over each row
//!    of four empties.
//! 2. Each position is searched at every depth from 1 to
//!    [`MAX_CALIBRATED`] with the weights
//!    measured ([`depth_values`]; one iterative search, a fresh table per position).
//! 3. For every row and depth `d` from `MIN_DEPTH`, the pairs (value at
//!    `shallow(d)`, value at `d`) are fitted by least squares ([`fit_cut`]):
//!    `deep ≈ a · shallow + b` with the slope kept within 0.5-1.5, and `sigma` the
//!    residuals' standard deviation (at least one hundredth). A row and depth with
//!    fewer than [`MIN_PAIRS`] pairs keeps no cut ([`fit_table`]).
//!
//! ```
//! use othello_tutor::engine::mpc_calibrate::fit_cut;
//! // Deep values that are shallow ones plus 30, give or take 10.
//! let pairs: Vec<(f64, f64)> = (0..40)
//!     .map(|i| {
//!         let x = (i * 25 - 500) as f64;
//!         (x, x + 30.0 + if i % 2 == 0 { 10.0 } else { -10.0 })
//!     })
//!     .collect();
//! let cut = fit_cut(&pairs, 4).expect("enough pairs");
//! assert!((cut.a - 1.0).abs() < 0.01 && (cut.b - 30.0).abs() < 1.0);
//! assert!((cut.sigma - 10.0).abs() < 0.5);
//! ```
//!
//! # The shipped table
//!
//! `othello-lab calibrate WEIGHTS` measures the Multi-ProbCut table (below) on the
//! folder's positions (playing its self-play games first if it has none), 150 per
//! four empties: below 52 empties from the games, from 52 up from random openings of 1
//! to 8 plies (the games start at XOT openings, all near-balanced: calibrated on them
//! alone, the 52–55 row had a slope of 0.5 and an error spread of 1 disc, which cut
//! wrongly in the first moves of a game). The shipped table came from `othello-tutor
//! train --dir DIR --games 4000 --seed 5 --play-eval patterns --play-depth 3
//! --play-noise 10 --calibrate src/engine/pattern/weights.bin` (about 12 minutes on 2
//! cores), today `othello-lab calibrate src/engine/pattern/weights.bin --dir DIR
//! --games 4000 --seed 5 --play-eval patterns --play-depth 3 --play-noise 10`.

use crate::engine::board::{Board, Position};
use crate::engine::evaluator::Evaluator;
use crate::engine::mpc::{self, BUCKET, BUCKETS, Cut, MAX_CALIBRATED, MIN_DEPTH};
use crate::engine::search::{Limits, SearchError, Searcher};
use crate::engine::symmetry;
use rand::{RngExt, SeedableRng};

/// From this many empties up, the calibration's positions come from random openings.
pub const RANDOM_OPENING_EMPTIES: u32 = 52;

/// The fewest pairs a row and depth needs for a cut.
pub const MIN_PAIRS: usize = 20;

/// The first row of the table that is calibrated (rows 0-3, up to 15 empties, are
/// solved exactly and never cut).
pub const FIRST_ROW: usize = 4;

/// Up to `count` distinct positions (canonical) with 52 to 59 empties, reached from the
/// start by random legal moves (seeded), as many after each number of plies as there
/// are (after one to three plies there are only 1, 3 and 14 distinct ones).
///
/// ```
/// use othello_tutor::engine::mpc_calibrate::random_openings;
/// let boards = random_openings(7, 50);
/// assert_eq!(boards, random_openings(7, 50));
/// assert!(boards.iter().all(|b| (52..=59).contains(&b.empty_count())));
/// ```
pub fn random_openings(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ 0x6f70_656e);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for _ in 0..count * 8 {
        if out.len() >= count {
            break;
        }
        let plies = rng.random_range(1..=64 - RANDOM_OPENING_EMPTIES - 4);
        let mut board = Position::start().board;
        for _ in 0..plies {
            let moves: Vec<_> = board.legal_moves().into_iter().collect();
            if moves.is_empty() {
                break;
            }
            board = board.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let c = symmetry::canonical(&board).0;
        if !c.is_game_over() && seen.insert((c.player, c.opponent)) {
            out.push(c);
        }
    }
    out
}

/// The positions to measure, each with its row of the table: from `all` (sorted by
/// empties), `per_bucket` of each row from [`FIRST_ROW`] on, spread evenly over the
/// row's positions.
pub fn pick(all: &[Board], per_bucket: usize) -> Vec<(usize, Board)> {
    let mut work = Vec::new();
    for bucket in FIRST_ROW..BUCKETS {
        let inside: Vec<&Board> = all
            .iter()
            .filter(|b| (b.empty_count() / BUCKET) as usize == bucket)
            .collect();
        let step = (inside.len() / per_bucket.max(1)).max(1);
        work.extend(
            inside
                .iter()
                .step_by(step)
                .take(per_bucket)
                .map(|&&b| (bucket, b)),
        );
    }
    work
}

/// The values (hundredths of a disc) of `board` searched at depths 1, 2, … up to
/// `MAX_CALIBRATED` (or one less than its empties) by a fresh searcher with
/// `evaluator`: element `d - 1` is the depth-`d` value.
pub fn depth_values(board: &Board, evaluator: &Evaluator) -> Result<Vec<f64>, SearchError> {
    let mut searcher = Searcher::new(4, 4);
    searcher.set_evaluator(evaluator.clone());
    let deepest = MAX_CALIBRATED.min(board.empty_count().saturating_sub(1));
    let mut values = Vec::with_capacity(deepest as usize);
    for d in 1..=deepest {
        let r = searcher.search(board, Limits::depth(d, 0))?;
        values.push(r.score as f64);
    }
    Ok(values)
}

/// The least-squares prediction of the second values from the first (`deep ≈ a ·
/// shallow + b`, `a` kept within 0.5-1.5), with the residuals' spread; `None` with
/// fewer than [`MIN_PAIRS`] pairs.
pub fn fit_cut(pairs: &[(f64, f64)], shallow: u32) -> Option<Cut> {
    if pairs.len() < MIN_PAIRS {
        return None;
    }
    let n = pairs.len() as f64;
    let (mx, my) = (
        pairs.iter().map(|p| p.0).sum::<f64>() / n,
        pairs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let a = if sxx > 0.0 {
        (sxy / sxx).clamp(0.5, 1.5)
    } else {
        1.0
    };
    let b = my - a * mx;
    let var = pairs
        .iter()
        .map(|p| (p.1 - a * p.0 - b).powi(2))
        .sum::<f64>()
        / (n - 2.0);
    Some(Cut {
        shallow,
        a: a as f32,
        b: b as f32,
        sigma: var.sqrt().max(1.0) as f32,
    })
}

/// The table from the measured positions: each position's row and its
/// [`depth_values`]. Every row and depth from `MIN_DEPTH` to `MAX_CALIBRATED` with
/// enough pairs gets its [`fit_cut`].
pub fn fit_table(measured: &[(usize, Vec<f64>)]) -> mpc::Table {
    let mut table = mpc::Table::empty();
    for bucket in FIRST_ROW..BUCKETS {
        for depth in MIN_DEPTH..=MAX_CALIBRATED {
            let s = mpc::shallow(depth) as usize;
            let pairs: Vec<(f64, f64)> = measured
                .iter()
                .filter(|(b, v)| *b == bucket && v.len() >= depth as usize)
                .map(|(_, v)| (v[s - 1], v[depth as usize - 1]))
                .collect();
            if let Some(cut) = fit_cut(&pairs, s as u32) {
                table.set(bucket, depth, cut);
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_fitted_exactly_and_the_slope_is_kept_within_bounds() {
        let line: Vec<(f64, f64)> = (0..30).map(|i| (i as f64, 0.8 * i as f64 - 5.0)).collect();
        let cut = fit_cut(&line, 3).expect("a cut");
        assert!((cut.a - 0.8).abs() < 1e-4 && (cut.b + 5.0).abs() < 1e-3);
        assert_eq!((cut.shallow, cut.sigma), (3, 1.0), "sigma at least 1");
        let steep: Vec<(f64, f64)> = (0..30).map(|i| (i as f64, 3.0 * i as f64)).collect();
        assert_eq!(fit_cut(&steep, 3).expect("a cut").a, 1.5);
        assert!(fit_cut(&line[..MIN_PAIRS - 1], 3).is_none());
    }

    #[test]
    fn the_table_fits_each_row_and_depth_with_enough_positions() {
        // Row 10 (40-43 empties): 25 positions whose depth-d value is 10·d + i, so the
        // deep value is the shallow one plus 10·(d − shallow(d)).
        let measured: Vec<(usize, Vec<f64>)> = (0..25)
            .map(|i| (10, (1..=12).map(|d| (10 * d + i) as f64).collect()))
            .collect();
        let table = fit_table(&measured);
        for depth in MIN_DEPTH..=MAX_CALIBRATED {
            let cut = table.get(40, depth).expect("a cut in row 10");
            let gap = 10.0 * (depth - mpc::shallow(depth)) as f32;
            assert!((cut.a - 1.0).abs() < 1e-4, "{depth}: {cut:?}");
            assert!((cut.b - gap).abs() < 1e-2, "{depth}: {cut:?}");
        }
        // Other rows have no positions, so no cut.
        assert!(table.get(30, 8).is_none());
    }

    #[test]
    fn pick_spreads_each_rows_positions_evenly() {
        let mut all = random_openings(3, 200);
        all.sort_by_key(|b| (b.empty_count(), b.player, b.opponent));
        let work = pick(&all, 10);
        for (row, b) in &work {
            assert_eq!((b.empty_count() / BUCKET) as usize, *row);
        }
        let per_row = |r: usize| work.iter().filter(|w| w.0 == r).count();
        assert_eq!((per_row(13), per_row(14)), (10, 10));
        assert!(work.iter().all(|w| w.0 >= FIRST_ROW));
    }

    #[test]
    fn depth_values_are_one_per_depth_and_repeat() {
        let board = random_openings(5, 1)[0];
        let v = depth_values(&board, &Evaluator::patterns()).expect("values");
        assert_eq!(v.len(), MAX_CALIBRATED as usize);
        assert_eq!(
            v,
            depth_values(&board, &Evaluator::patterns()).expect("values")
        );
    }
}
