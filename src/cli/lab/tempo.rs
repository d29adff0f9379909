//! `othello-lab train --tempo WEIGHTS --out OUT`: a side-to-move term per phase
//! that takes the even/odd swing out of a search's values.
//!
//! A search to an even depth ends on positions where the root's side is to move, an
//! odd one on the opponent's; an evaluation that reads a position a little too high
//! (or too low) for the side to move, or a max over noisy values at the last ply,
//! makes the two parities read apart (see [`super::swing`]). A constant `c` added to
//! every evaluation for the side to move shifts an even depth's value by `+c` and an
//! odd depth's by `−c`, so `c = −(even − odd) / 2` cancels the alternating part.
//!
//! The bias differs from phase to phase (one global term overcorrected the opening
//! while it fixed the middle game), so each phase gets its own term, measured on
//! self-play positions (never the measuring sets; `--seed` picks them) whose
//! searches end in that phase: from `4p + 3 + d` empties, depths `d` to `d + 3` end
//! on `4p` to `4p + 3` empties. The term goes into both parity weights of its phase
//! (they are the phase's intercept), so the evaluation's speed and file format stay
//! as they are. At a fixed depth every leaf of a full-width search has the same
//! parity (passes aside), so the term moves every move's value alike: it changes the
//! values shown, not the moves chosen.

use super::UserError;
use super::consistency::positions_in;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::pattern::{self, PHASES, PatternWeights, layout};
use std::path::Path;
use std::sync::Arc;

/// `weights` with `hundredths[ph]` added to both parity weights of phase `ph`.
fn with_tempo(weights: &PatternWeights, hundredths: &[i32; PHASES]) -> PatternWeights {
    let l = layout();
    let mut params = weights.params().to_vec();
    for (ph, c) in hundredths.iter().enumerate() {
        for k in 0..2 {
            let i = ph * l.params + l.parity as usize + k;
            params[i] = (params[i] as i32 + c).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        }
    }
    PatternWeights::from_params(params)
}

/// The phases whose term is measured (phase 0's searches reach the end).
const MEASURED: std::ops::RangeInclusive<usize> = 1..=14;

/// The first of the four depths that measure phase `ph`, and the empties of the
/// positions: a search of depth `d` from `e` empties ends on `e − d` empties, so
/// depths `d0..=d0+3` from `4 ph + 3 + d0` empties end within phase `ph` (passes
/// aside). `d0` is `depth` up to 55 empties (where self-play positions are still
/// many and distinct), smaller above; the last phases are measured from the start
/// position (depths 5-8 for phase 13, 1-4 for phase 14), the only searches that end
/// there.
fn plan(ph: usize, depth: u32) -> (u32, u32) {
    let base = 4 * ph as u32 + 3;
    if base + depth <= 55 {
        (depth, base + depth)
    } else if base < 55 {
        (55 - base, 55)
    } else {
        (60 - base, 60)
    }
}

/// Measures, phase by phase, the even/odd swing of `path`'s weights on `count`
/// self-play positions whose searches (depths `d0..=d0+3`, `d0` at most `depth`)
/// end in that phase, writes the weights with the side-to-move term of each phase
/// that cancels it to `out`, and measures them again.
pub fn run(
    path: &Path,
    out: &Path,
    count: usize,
    depth: u32,
    seed: u64,
    threads: usize,
) -> Result<(), UserError> {
    let weights = super::train::read_weights(path)?;
    let mut terms = [0i32; PHASES];
    let mut boards_of = Vec::new();
    for ph in MEASURED {
        let (d0, empties) = plan(ph, depth);
        let boards = positions_in(count, seed + ph as u64, empties..empties + 1);
        if boards.is_empty() {
            return Err(UserError(format!("no positions of {empties} empties")));
        }
        let before = measure(&boards, d0, &weights, threads)?;
        terms[ph] = (-before.even_minus_odd / 2.0 * 100.0).round() as i32;
        eprintln!(
            "phase {ph} ({} to {} empties; {empties}-empty positions, {}): term {:+.2} discs",
            4 * ph,
            4 * ph + 3,
            before.line(d0, d0 + 3),
            terms[ph] as f64 / 100.0
        );
        boards_of.push((ph, d0, boards, before));
    }
    let tuned = with_tempo(&weights, &terms);
    for (ph, d0, boards, before) in &boards_of {
        let after = measure(boards, *d0, &tuned, threads)?;
        eprintln!(
            "phase {ph}: swing {:.2} -> {:.2}, even-odd {:+.2} -> {:+.2}",
            before.swing, after.swing, before.even_minus_odd, after.even_minus_odd
        );
    }
    othello_tutor::tutor::files::write_atomic(out, &pattern::encode(&tuned))
        .map_err(|e| UserError(format!("{}: {e}", out.display())))?;
    let shown: Vec<String> = terms
        .iter()
        .map(|t| format!("{:+.2}", *t as f64 / 100.0))
        .collect();
    eprintln!(
        "terms by phase: {}; written to {}",
        shown.join(" "),
        out.display()
    );
    Ok(())
}

/// The swing of `weights` on `boards` at depths `d0..=d0+3`.
fn measure(
    boards: &[othello_tutor::engine::Board],
    d0: u32,
    weights: &PatternWeights,
    threads: usize,
) -> Result<super::swing::Swing, UserError> {
    super::swing::measure(
        boards,
        d0,
        d0 + 3,
        &Evaluator::Patterns(Arc::new(weights.clone())),
        threads,
    )
}
