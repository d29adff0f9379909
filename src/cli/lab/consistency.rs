//! `othello-lab consistency WEIGHTS`: how often a search with these weights changes
//! its mind two plies deeper, and how far its even and odd depths read apart (the
//! measures: [`othello_tutor::engine::consistency`] and
//! [`othello_tutor::engine::swing`]).

use super::{UserError, outln};
use othello_tutor::engine::consistency::{measure_all, positions};
use othello_tutor::engine::evaluator::Evaluator;
use std::path::Path;
use std::sync::Arc;

/// What to measure.
pub struct ConsistencyConfig {
    /// Positions measured.
    pub positions: usize,
    /// The shallower pair's first depth (the deeper pair is two plies deeper).
    pub depth: u32,
    /// Seed of the positions.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
}

/// Measures the weights in `path` and prints two lines.
pub fn run(path: &Path, config: &ConsistencyConfig) -> Result<(), UserError> {
    let evaluator = Evaluator::Patterns(Arc::new(super::run_folder::read_weights(path)?));
    if config.depth < 1 || config.positions == 0 {
        return Err(UserError(
            "consistency needs a depth of at least 1 and at least one position".into(),
        ));
    }
    let boards = positions(config.positions, config.seed);
    let c = measure_all(&boards, config.depth, &evaluator, config.threads)
        .map_err(|e| UserError(format!("consistency, the positions: {e}")))?;
    let d = config.depth;
    outln!(
        "consistency: {} positions, best move at depths {d}/{} (their mean) against {}/{}: agrees in {:.1}% ({} of {}), best value moves {:.2} discs; even/odd swing (depth {d} minus {}) {:+.2} discs",
        c.positions,
        d + 1,
        d + 2,
        d + 3,
        c.agreement_percent(),
        c.agreeing,
        c.positions,
        c.best_moved,
        d + 1,
        c.even_minus_odd
    );
    // The swing over the four depths from the pair's first one.
    let (from, to) = (d.max(2), d.max(2) + 3);
    let bar = super::jobs::Progress::new("swing", boards.len());
    let s = othello_tutor::engine::swing::measure(
        &boards,
        from,
        to,
        &evaluator,
        config.threads,
        &|_, _| bar.done(""),
    )
    .map_err(|e| UserError(e.to_string()))?;
    outln!("{}", s.line(from, to));
    Ok(())
}
