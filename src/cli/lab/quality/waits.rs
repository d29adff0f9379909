//! `bench --quality`'s grading waits: what a learner waits for after a move, from
//! nothing and after the grade was prepared while the learner thought.

use super::super::jobs::Progress;
use super::super::{UserError, outln};
use super::{Valued, time_figures};
use othello_tutor::engine::Square;
use othello_tutor::engine::analysis::{AnalysisOptions, best_and_played, prepare_grade};
use othello_tutor::engine::search::{Searcher, TABLE_MB};
use othello_tutor::tutor::settings::describe;
use std::time::Instant;

/// How long the learner thinks before moving in the prepared grading wait: the
/// grade is prepared that long (the board, then the positions after its moves).
const THINKING: std::time::Duration = std::time::Duration::from_secs(5);

/// What a learner waits for after a move: the best value and one played move's (the
/// worst), as the practice feedback computes them. Twice: from nothing, and as
/// practice runs it near the end, where the board and the positions after its moves
/// were solved for [`THINKING`] while the learner thought (`prepare_grade`, not
/// timed) on a table of the interface's size.
pub(super) fn grading_wait(
    positions: &[Valued],
    grading: AnalysisOptions,
    threads: usize,
) -> Result<(), UserError> {
    for prepared in [false, true] {
        let mut waits = Vec::new();
        let mut slowest = Vec::new();
        let bar = Progress::new("one move's grade", positions.len());
        for (i, p) in positions.iter().enumerate() {
            let Some(worst) = worst_move(p) else {
                bar.done("");
                continue;
            };
            let mut searcher = if prepared {
                let mut s = Searcher::new(TABLE_MB, TABLE_MB);
                // The learner thinks THINKING, then moves: the preparation stops.
                // Stopped or finished, the grade's values are the same.
                think(&mut s, |s| {
                    let _ = prepare_grade(s, &p.board, grading);
                });
                s
            } else {
                Searcher::new(1, 1)
            };
            let t = Instant::now();
            best_and_played(&mut searcher, &p.board, grading, worst)
                .map_err(|e| UserError(e.to_string()))?;
            let wait = t.elapsed().as_secs_f64();
            waits.push(wait);
            slowest.push((wait, p.board.empty_count(), i + 1));
            bar.done("");
        }
        let how = how(prepared);
        outln!(
            "  time to grade one move, {how} (the best value and the worst move's, as practice does; {}), {threads} thread{}: {}; slowest {}",
            describe(&grading),
            if threads == 1 { "" } else { "s" },
            time_figures(&waits),
            slowest_three(slowest)
        );
    }
    if grading == othello_tutor::tutor::settings::FEEDBACK_ANALYSIS {
        practice_wait(positions)?;
    }
    Ok(())
}

/// The move a grading-time figure grades in `p`: its worst by the file's values.
fn worst_move(p: &Valued) -> Option<Square> {
    p.values
        .iter()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|v| v.0)
}

/// The three slowest of `slowest` (seconds, empties, line), slowest first, as
/// "1.31 s (line 15, 22 empties)".
fn slowest_three(mut slowest: Vec<(f64, u32, usize)>) -> String {
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    slowest
        .iter()
        .take(3)
        .map(|(s, e, line)| format!("{s:.2} s (line {line}, {e} empties)"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the learner waits for as practice grades a move: the exact grade if proved
/// within [`GRADING_WAIT`], else one at [`INTERIM_ANALYSIS`] (the exact one follows
/// while the learner thinks, not timed here); how many grades were interim. Twice:
/// from nothing, and as practice runs it, after the grade was prepared for
/// [`THINKING`] while the learner thought (`prepare_grading` on the same searcher,
/// not timed).
///
/// [`GRADING_WAIT`]: othello_tutor::tutor::settings::GRADING_WAIT
/// [`INTERIM_ANALYSIS`]: othello_tutor::tutor::settings::INTERIM_ANALYSIS
fn practice_wait(positions: &[Valued]) -> Result<(), UserError> {
    use othello_tutor::tutor::settings::{
        GRADING_WAIT, GradingValues, INTERIM_ANALYSIS, grading_values_within, prepare_grading,
    };
    for prepared in [false, true] {
        let (mut waits, mut slowest, mut interim) = (Vec::new(), Vec::new(), 0);
        let bar = Progress::new("one move's grade, as practice waits", positions.len());
        for (i, p) in positions.iter().enumerate() {
            if let Some(worst) = worst_move(p) {
                let mut searcher = Searcher::new(TABLE_MB, TABLE_MB);
                if prepared {
                    think(&mut searcher, |s| {
                        let _ = prepare_grading(s, &p.board);
                    });
                }
                let t = Instant::now();
                let graded = grading_values_within(&mut searcher, &p.board, worst, GRADING_WAIT)
                    .map_err(|e| UserError(e.to_string()))?;
                let wait = t.elapsed().as_secs_f64();
                interim += usize::from(matches!(graded, GradingValues::Interim(_)));
                waits.push(wait);
                slowest.push((wait, p.board.empty_count(), i + 1));
            }
            bar.done("");
        }
        let how = how(prepared);
        outln!(
            "  time to grade one move as practice does, {how} (exact if proved within {:.1} s, else {} meanwhile): {}; slowest {}; {interim} of {} graded meanwhile",
            GRADING_WAIT.as_secs_f64(),
            describe(&INTERIM_ANALYSIS),
            time_figures(&waits),
            slowest_three(slowest),
            waits.len()
        );
    }
    Ok(())
}

/// Runs `work` on `searcher` for at most [`THINKING`] (the learner's thinking time):
/// the searcher's stop flag is raised then, and lowered again after.
fn think(searcher: &mut Searcher, work: impl FnOnce(&mut Searcher)) {
    let moved = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    searcher.set_stop_flag(moved.clone());
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let timer = std::thread::spawn(move || {
        if done_rx.recv_timeout(THINKING).is_err() {
            moved.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    work(searcher);
    let _ = done_tx.send(());
    let _ = timer.join();
    searcher.set_stop_flag(std::sync::Arc::default());
}

/// How a wait was measured: "from nothing" or after [`THINKING`] of preparation.
fn how(prepared: bool) -> String {
    if prepared {
        format!("prepared while the learner thinks {} s", THINKING.as_secs())
    } else {
        "from nothing".into()
    }
}
