//! `othello-lab tempo WEIGHTS --out OUT`: a side-to-move term per band of four
//! empties counts that takes the even/odd swing out of a search's values (the
//! reasoning, the plan of depths and the term: [`othello_tutor::engine::swing`]). Each
//! band is measured on self-play positions (never the measuring sets; `--seed` picks
//! them) whose searches end in it.

use super::UserError;
use othello_tutor::engine::consistency::positions_in;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::pattern::{self, PatternWeights};
use othello_tutor::engine::swing::{
    Swing, TEMPO_BANDS, TEMPO_MEASURED, tempo_plan, tempo_term, with_tempo,
};
use std::path::Path;
use std::sync::Arc;

/// Measures, band by band, the even/odd swing of `path`'s weights on `count`
/// self-play positions whose searches (depths `d0..=d0+3`, `d0` at most `depth`)
/// end in that band, writes the weights with the side-to-move term of each band
/// that cancels it to `out`, and measures them again.
pub fn run(
    path: &Path,
    out: &Path,
    count: usize,
    depth: u32,
    seed: u64,
    threads: usize,
) -> Result<(), UserError> {
    let weights = super::run_folder::read_weights(path)?;
    let mut terms = [0i32; TEMPO_BANDS];
    let mut boards_of = Vec::new();
    for ph in TEMPO_MEASURED {
        let (d0, empties) = tempo_plan(ph, depth);
        let boards = positions_in(count, seed + ph as u64, empties..empties + 1);
        if boards.is_empty() {
            return Err(UserError(format!("no positions of {empties} empties")));
        }
        let before = measure(&boards, d0, &weights, threads)?;
        terms[ph] = tempo_term(before.even_minus_odd);
        eprintln!(
            "band {ph} ({} to {} empties; {empties}-empty positions, {}): term {:+.2} discs",
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
            "band {ph}: swing {:.2} -> {:.2}, even-odd {:+.2} -> {:+.2}",
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
        "terms by band: {}; written to {}",
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
) -> Result<Swing, UserError> {
    othello_tutor::engine::swing::measure(
        boards,
        d0,
        d0 + 3,
        &Evaluator::Patterns(Arc::new(weights.clone())),
        threads,
        // Each phase's line says how far the measure has come.
        &|_, _| {},
    )
    .map_err(|e| UserError(e.to_string()))
}
