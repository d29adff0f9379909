//! `othello-lab scale WEIGHTS --dir DIR --games N --exact E`: whether a finished
//! training run's labels, and the values of a weights file on its positions, are of
//! the right size, measured against what the run's self-play games went on to score.
//!
//! A searched label is a search whose leaves are valued by the phases fitted before,
//! so a fit that shrinks its values (shallow, smooth labels and the ridge) hands the
//! shrinking on, phase upon phase. Nothing in a fit's error shows it: the values still
//! follow the labels closely, only smaller. Three slopes (least squares through zero,
//! band by band of two empties counts above the exact labels) show it:
//! - **label on value**: about 1 when the weights are the size of these labels; 2 when
//!   the weights read half of them;
//! - **outcome on label** and **outcome on value**: the game's outcome (the exact
//!   value of its first position at or below `--exact` empties, from the position's
//!   side to move) against the label or the value. The games have random moves, so
//!   an outcome is a noisy reading of a position's worth, but noise in the outcome
//!   does not bias the slope: about 1 (a little below, as the random moves wash out
//!   a lead) when the size is right, well above 1 when the values are too small.
//!
//! Run 42 of issue 39 (labels the mean of depths 3 and 4) measured outcome on label
//! 2.0 at 40–41 empties and 2.8 at 46–47 (its labels had collapsed to about half
//! size and less), while run 41 (depths 5 and 6) measured 0.85 and 0.82, and the
//! weights fitted on the two pooled read its labels at slope 1.78.

use super::UserError;
use super::outcomes::game_outcomes;
use super::outln;
use super::run_folder::{finished_run, read_weights};
use super::train::TrainConfig;
use std::path::Path;

/// Sums of one band's (label, value, outcome) triples, in discs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sums {
    n: usize,
    ll: f64,
    vv: f64,
    oo: f64,
    lv: f64,
    ol: f64,
    ov: f64,
}

impl Sums {
    /// Adds one position: its label, its value by the weights and its outcome.
    pub fn add(&mut self, label: f64, value: f64, outcome: f64) {
        self.n += 1;
        self.ll += label * label;
        self.vv += value * value;
        self.oo += outcome * outcome;
        self.lv += label * value;
        self.ol += outcome * label;
        self.ov += outcome * value;
    }

    /// The band's figures: positions, the root mean square of the labels and of the
    /// values, and the slopes of label on value, outcome on label and outcome on
    /// value (0 where the regressor is all zero).
    pub fn figures(&self) -> (usize, f64, f64, f64, f64, f64) {
        let n = self.n.max(1) as f64;
        let slope = |xy: f64, xx: f64| if xx > 0.0 { xy / xx } else { 0.0 };
        (
            self.n,
            (self.ll / n).sqrt(),
            (self.vv / n).sqrt(),
            slope(self.lv, self.vv),
            slope(self.ol, self.ll),
            slope(self.ov, self.vv),
        )
    }
}

/// Prints the table for the finished run in `config.dir` (its games, positions and
/// labels) and the weights in `weights`.
pub fn run(config: &TrainConfig, weights: &Path, recipe: Option<&str>) -> Result<(), UserError> {
    let w = read_weights(weights)?;
    let by = finished_run(&config.dir, |_| recipe.map(str::to_string))?;
    let outcomes = game_outcomes(config, &by)?;
    outln!("empties  positions  rms-label  rms-value  label/value  outcome/label  outcome/value");
    let mut bands = [Sums::default(); 31];
    for (e, sums) in outcomes.iter().enumerate() {
        let (boards, labels) = &by[e];
        for ((b, &l), &(sum, games)) in boards.iter().zip(labels).zip(sums) {
            if games > 0 {
                let value = f64::from(w.evaluate(b)) / 100.0;
                let outcome = sum / f64::from(games) / 100.0;
                bands[e / 2].add(f64::from(l) / 100.0, value, outcome);
            }
        }
    }
    for (band, sums) in bands.iter().enumerate() {
        let (n, rl, rv, lv, ol, ov) = sums.figures();
        if n > 0 {
            let empties = format!("{}-{}", 2 * band, 2 * band + 1);
            outln!(
                "{empties:>7}  {n:>9}  {rl:>9.2}  {rv:>9.2}  {lv:>11.3}  {ol:>13.3}  {ov:>13.3}"
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Sums;

    #[test]
    fn the_slopes_read_sizes_counted_by_hand() {
        // Values half the labels (label on value 2); outcomes equal to the labels
        // (outcome on label 1, on value 2). Labels 2 and -4: rms sqrt(10); values 1
        // and -2: rms sqrt(2.5).
        let mut s = Sums::default();
        s.add(2.0, 1.0, 2.0);
        s.add(-4.0, -2.0, -4.0);
        let (n, rl, rv, lv, ol, ov) = s.figures();
        assert_eq!(n, 2);
        assert!((rl - 10f64.sqrt()).abs() < 1e-12);
        assert!((rv - 2.5f64.sqrt()).abs() < 1e-12);
        assert_eq!((lv, ol, ov), (2.0, 1.0, 2.0));
        // No positions: zeros, not a division by zero.
        assert_eq!(Sums::default().figures(), (0, 0.0, 0.0, 0.0, 0.0, 0.0));
    }
}
