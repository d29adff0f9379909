//! `othello-tutor solve FILE.obf [--wld]`: exact scores of every position of a file.

use super::{UserError, outln};
use othello_tutor::engine::endgame::{SharedTable, Solver};
use othello_tutor::engine::notation;
use othello_tutor::engine::parallel_solve::score_parallel_with;
use std::sync::Arc;
use std::time::Instant;

/// Prints "#N MOVE SCORE NODES SECONDS" per position, then a totals line (the score
/// and best move only, without reading the rest of the line). Exact
/// solves use `threads` threads on one shared table of `table_mb` MB
/// (`engine::parallel_solve`); `--wld` runs on one thread.
pub fn run(
    file: &std::path::Path,
    wld: bool,
    threads: usize,
    table_mb: usize,
) -> Result<(), UserError> {
    let text =
        std::fs::read_to_string(file).map_err(|e| UserError(format!("{}: {e}", file.display())))?;
    let records = notation::parse_obf_file(&text)
        .map_err(|(line, e)| UserError(format!("{}:{line}: {e}", file.display())))?;
    let table = Arc::new(SharedTable::with_megabytes(table_mb));
    let mut solver = Solver::sharing(table.clone(), false);
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for (i, rec) in records.iter().enumerate() {
        let t = Instant::now();
        let board = &rec.position.board;
        // The score and the best move only: the line past the first move, which this
        // command does not print, is not read (`Solver::solve_score`).
        let sol = if wld {
            solver.solve_wld(board).map(|s| s.scored())
        } else if threads > 1 {
            score_parallel_with(board, threads, &table, None)
        } else {
            solver.solve_score(board)
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
