//! `othello-lab tune`: re-tunes the evaluator's weights by self-play.

use super::{UserError, outln};
use othello_tutor::engine::eval::Weights;
use othello_tutor::engine::tune::{TuneConfig, fit, sample_positions, weights_source};
use rand::SeedableRng;

/// Samples self-play positions, fits the weights and writes the source of `weights.rs`
/// to `out` (standard output by default).
pub fn run(
    games: usize,
    per_phase: usize,
    seed: u64,
    out: Option<&std::path::Path>,
) -> Result<(), UserError> {
    let config = TuneConfig {
        games,
        per_phase,
        ..TuneConfig::default()
    };
    let openings: Vec<_> = (0..3000)
        .map(othello_tutor::tutor::openings::xot_position)
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut progress = |msg: &str| eprintln!("{msg}");
    let positions = sample_positions(&config, &openings, &mut rng, &mut progress);
    let (weights, _) = fit(&config, &positions, &Weights::default(), &mut progress);
    let source = weights_source(&weights);
    match out {
        Some(path) => {
            std::fs::write(path, source).map_err(|e| UserError(format!("{}: {e}", path.display())))
        }
        None => {
            outln!("{}", source.trim_end());
            Ok(())
        }
    }
}
