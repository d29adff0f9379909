//! `othello-tutor train --tempo WEIGHTS --out OUT`: a side-to-move term that takes the
//! even/odd swing out of a search's values.
//!
//! A search to an even depth ends on positions where the root's side is to move, an
//! odd one on the opponent's; an evaluation that reads a position a little too high
//! (or too low) for the side to move, or a max over noisy values at the last ply,
//! makes the two parities read apart (see [`super::swing`]). A constant `c` added to
//! every evaluation for the side to move shifts an even depth's value by `+c` and an
//! odd depth's by `−c`, so `c = −(even − odd) / 2` cancels the alternating part.
//! The constant goes into both parity weights of every phase (they are the
//! evaluation's intercept), so the evaluation's speed and file format stay as they
//! are. It is measured on the consistency positions (self-play, 40 to 54 empties,
//! `--seed` picks them): never on the measuring sets.

use super::UserError;
use super::consistency::positions;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::pattern::{self, PHASES, PatternWeights, layout};
use std::path::Path;
use std::sync::Arc;

/// `weights` with `hundredths` added to both parity weights of every phase.
fn with_tempo(weights: &PatternWeights, hundredths: i32) -> PatternWeights {
    let l = layout();
    let mut params = weights.params().to_vec();
    for ph in 0..PHASES {
        for k in 0..2 {
            let i = ph * l.params + l.parity as usize + k;
            params[i] =
                (params[i] as i32 + hundredths).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        }
    }
    PatternWeights::from_params(params)
}

/// Measures the swing of `path`'s weights at depths `depth..=depth + 3` on `count`
/// positions, writes the weights with the side-to-move term that cancels its
/// alternating part to `out`, and measures them again.
pub fn run(
    path: &Path,
    out: &Path,
    count: usize,
    depth: u32,
    seed: u64,
    threads: usize,
) -> Result<(), UserError> {
    let weights = super::train::read_weights(path)?;
    let boards = positions(count, seed);
    let (from, to) = (depth.max(2), depth.max(2) + 3);
    let measure = |w: &PatternWeights| {
        super::swing::measure(
            &boards,
            from,
            to,
            &Evaluator::Patterns(Arc::new(w.clone())),
            threads,
        )
    };
    let before = measure(&weights)?;
    eprintln!("before: {}", before.line(from, to));
    let c = (-before.even_minus_odd / 2.0 * 100.0).round() as i32;
    let tuned = with_tempo(&weights, c);
    let after = measure(&tuned)?;
    eprintln!(
        "side-to-move term {:+.2} discs; after: {}",
        c as f64 / 100.0,
        after.line(from, to)
    );
    othello_tutor::tutor::files::write_atomic(out, &pattern::encode(&tuned))
        .map_err(|e| UserError(format!("{}: {e}", out.display())))?;
    eprintln!("written to {}", out.display());
    Ok(())
}
