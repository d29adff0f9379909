//! The grading waits of `bench --quality` and `bench --grading-games`: what a learner
//! waits for after a move, from nothing and after the grade was prepared while the
//! learner thought.

use super::super::jobs::Progress;
use super::super::{UserError, outln};
use super::{Valued, time_figures};
use othello_tutor::engine::analysis::{AnalysisOptions, best_and_played, prepare_grade};
use othello_tutor::engine::search::{SearchError, Searcher, TABLE_MB};
use othello_tutor::engine::{Board, Square};
use othello_tutor::tutor::settings::describe;
use std::time::{Duration, Instant};

/// How long the learner thinks before moving in the prepared grading wait: the
/// grade is prepared that long (the board, then the positions after its moves).
const THINKING: Duration = Duration::from_secs(5);

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
    let moves: Vec<GradedMove> = positions
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            Some(GradedMove {
                board: p.board,
                played: worst_move(p)?,
                place: format!("line {}", i + 1),
            })
        })
        .collect();
    let passes = timed_passes(
        &moves,
        THINKING,
        "one move's grade",
        |s, board| {
            let _ = prepare_grade(s, board, grading);
        },
        |s, m| {
            best_and_played(s, &m.board, grading, m.played)?;
            Ok(false)
        },
    )?;
    for pass in passes {
        outln!(
            "  time to grade one move, {} (the best value and the worst move's, as practice does; {}), {threads} thread{}: {}; slowest {}",
            how(pass.prepared, THINKING),
            describe(&grading),
            if threads == 1 { "" } else { "s" },
            time_figures(&pass.seconds()),
            slowest_three(&pass.waits)
        );
    }
    if grading == othello_tutor::tutor::settings::FEEDBACK_ANALYSIS {
        practice_wait(&moves, THINKING, false)?;
    }
    Ok(())
}

/// The waits of one pass of [`timed_passes`].
struct Pass {
    /// Whether the grade was prepared while the learner thought.
    prepared: bool,
    /// (seconds, empties, place) of each move.
    waits: Vec<(f64, u32, String)>,
    /// How many grades were interim.
    interim: usize,
}

impl Pass {
    fn seconds(&self) -> Vec<f64> {
        self.waits.iter().map(|w| w.0).collect()
    }
}

/// Times `grade` (which says whether its grade was interim) on each of `moves` on a
/// searcher of the interface's table size: from nothing, then (unless `thinking` is
/// zero) after `prepare` ran on the same searcher for at most `thinking` (the
/// learner's thinking, not timed).
fn timed_passes(
    moves: &[GradedMove],
    thinking: Duration,
    label: &str,
    prepare: impl Fn(&mut Searcher, &Board),
    mut grade: impl FnMut(&mut Searcher, &GradedMove) -> Result<bool, SearchError>,
) -> Result<Vec<Pass>, UserError> {
    let how: &[bool] = if thinking.is_zero() {
        &[false]
    } else {
        &[false, true]
    };
    let mut passes = Vec::new();
    for &prepared in how {
        let mut pass = Pass {
            prepared,
            waits: Vec::new(),
            interim: 0,
        };
        let bar = Progress::new(label, moves.len());
        for m in moves {
            let mut searcher = Searcher::new(TABLE_MB, TABLE_MB);
            if prepared {
                // The learner thinks, then moves: the preparation stops. Stopped or
                // finished, the grade's values are the same.
                think(&mut searcher, thinking, |s| prepare(s, &m.board));
            }
            let t = Instant::now();
            let interim =
                grade(&mut searcher, m).map_err(|e| UserError(format!("{}: {e}", m.place)))?;
            let wait = t.elapsed().as_secs_f64();
            pass.interim += usize::from(interim);
            pass.waits
                .push((wait, m.board.empty_count(), m.place.clone()));
            bar.done("");
        }
        passes.push(pass);
    }
    Ok(passes)
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
fn slowest_three(waits: &[(f64, u32, String)]) -> String {
    let mut slowest: Vec<&(f64, u32, String)> = waits.iter().collect();
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    slowest
        .into_iter()
        .take(3)
        .map(|(s, e, place)| format!("{s:.2} s ({place}, {e} empties)"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One move whose grading is timed: the board, the move played and where it comes
/// from ("line 15" of a file, "game 3" of `--grading-games`).
pub(super) struct GradedMove {
    pub board: Board,
    pub played: Square,
    pub place: String,
}

/// What the learner waits for as practice grades each of `moves`: the exact grade if
/// proved within [`GRADING_WAIT`], else one at [`INTERIM_ANALYSIS`] (the exact one
/// follows while the learner thinks, not timed here); how many grades were interim.
/// Twice: from nothing, and as practice runs it, after the grade was prepared for
/// `thinking` while the learner thought (`prepare_grading` on the same searcher, not
/// timed; left out when `thinking` is zero). With `by_empties`, also the worst wait
/// at each count of empties.
///
/// [`GRADING_WAIT`]: othello_tutor::tutor::settings::GRADING_WAIT
/// [`INTERIM_ANALYSIS`]: othello_tutor::tutor::settings::INTERIM_ANALYSIS
pub(super) fn practice_wait(
    moves: &[GradedMove],
    thinking: Duration,
    by_empties: bool,
) -> Result<(), UserError> {
    use othello_tutor::tutor::settings::{
        GRADING_WAIT, GradingValues, INTERIM_ANALYSIS, grading_values_within, prepare_grading,
    };
    let passes = timed_passes(
        moves,
        thinking,
        "one move's grade, as practice waits",
        |s, board| {
            let _ = prepare_grading(s, board);
        },
        |s, m| {
            let graded = grading_values_within(s, &m.board, m.played, GRADING_WAIT)?;
            Ok(matches!(graded, GradingValues::Interim(_)))
        },
    )?;
    for pass in passes {
        let worst_by_empties = if by_empties {
            format!("; worst by empties: {}", worst_by_empties(&pass.waits))
        } else {
            String::new()
        };
        outln!(
            "  time to grade one move as practice does, {} (exact if proved within {:.1} s, else {} meanwhile): {}{worst_by_empties}; slowest {}; {} of {} graded meanwhile",
            how(pass.prepared, thinking),
            GRADING_WAIT.as_secs_f64(),
            describe(&INTERIM_ANALYSIS),
            time_figures(&pass.seconds()),
            slowest_three(&pass.waits),
            pass.interim,
            pass.waits.len(),
        );
    }
    Ok(())
}

/// "20: 0.41 s (12), 21: …": the worst wait at each count of empties of `waits`
/// (seconds, empties, place), with how many moves had that count.
fn worst_by_empties(waits: &[(f64, u32, String)]) -> String {
    let mut counts: Vec<u32> = waits.iter().map(|w| w.1).collect();
    counts.sort_unstable();
    counts.dedup();
    counts
        .iter()
        .map(|&e| {
            let at: Vec<f64> = waits.iter().filter(|w| w.1 == e).map(|w| w.0).collect();
            let worst = at.iter().copied().fold(0.0, f64::max);
            format!("{e}: {worst:.2} s ({})", at.len())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs `work` on `searcher` for at most `thinking` (the learner's thinking time):
/// the searcher's stop flag is raised then, and lowered again after.
fn think(searcher: &mut Searcher, thinking: Duration, work: impl FnOnce(&mut Searcher)) {
    let moved = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    searcher.set_stop_flag(moved.clone());
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let timer = std::thread::spawn(move || {
        if done_rx.recv_timeout(thinking).is_err() {
            moved.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    work(searcher);
    let _ = done_tx.send(());
    let _ = timer.join();
    searcher.set_stop_flag(std::sync::Arc::default());
}

/// How a wait was measured: "from nothing" or after `thinking` of preparation.
fn how(prepared: bool, thinking: Duration) -> String {
    if prepared {
        format!(
            "prepared while the learner thinks {} s",
            thinking.as_secs_f64()
        )
    } else {
        "from nothing".into()
    }
}
