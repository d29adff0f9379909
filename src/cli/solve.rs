//! `othello-tutor solve FILE.obf [--wld]`: exact scores of every position of a file.

use super::{UserError, outln};
use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::notation;
use std::time::Instant;

/// Prints "#N MOVE SCORE NODES SECONDS" per position, then a totals line. One
/// thread: the parallel root split (`engine::parallel_solve`) is slower so far (see
/// `bench`).
pub fn run(file: &std::path::Path, wld: bool) -> Result<(), UserError> {
    let text =
        std::fs::read_to_string(file).map_err(|e| UserError(format!("{}: {e}", file.display())))?;
    let records = notation::parse_obf_file(&text)
        .map_err(|(line, e)| UserError(format!("{}:{line}: {e}", file.display())))?;
    let mut solver = Solver::default();
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for (i, rec) in records.iter().enumerate() {
        let t = Instant::now();
        let sol = if wld {
            solver.solve_wld(&rec.position.board)
        } else {
            solver.solve(&rec.position.board)
        }
        .map_err(|e| UserError(e.to_string()))?;
        let secs = t.elapsed().as_secs_f64();
        total_nodes += sol.nodes;
        total_secs += secs;
        let mv = sol
            .best
            .map(|s| s.to_string())
            .unwrap_or_else(|| "pass".into());
        outln!("#{} {mv} {:+} {} {secs:.3}", i + 1, sol.score, sol.nodes);
    }
    outln!(
        "total: {} positions, {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s",
        records.len(),
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(())
}
