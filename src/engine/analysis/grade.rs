//! Grading one move: the best move's value and the played move's, in two searches
//! instead of one per move ([`best_and_played`]); within the exact-solve threshold
//! both solved together on one table, which the learner's thinking time can fill
//! beforehand ([`prepare_grade`]), or given a time limit ([`exact_grade_within`]).
//! Beyond the threshold the learner's thinking time works out the board's side (its
//! search's best move, valued), and the grade then searches the played move alone.
//!
//! # Waits (issue 39, December 7th)
//!
//! On the seven slowest dev-late positions of the last `bench --quality` (22 and 23
//! empties; `othello-lab bench --quality FILE --grading-time-only --threads 2`, the
//! training job stopped), the feedback's grade of the worst move, prepared while the
//! learner thinks 5 s: median 0.75 s, where it was 2.05 s before the board's side was
//! prepared beyond the threshold and the midgame search's nodes above the frontier
//! ordered without the evaluation (`engine::search`); at 23 empties (a depth-14
//! search, no exact solve) the wait went from 2.19 s to below 1.63 s (no longer
//! among the three slowest). From
//! nothing: median 3.63 s against 4.10 s. The slowest prepared grades are now exact
//! ones at 22 empties whose played move was not proved while the learner thought
//! (4.8 s); practice waits at most 1 s for those ([`exact_grade_within`]) and grades
//! by a search meanwhile.
//!
//! On all of dev-late (159 positions, 20–26 empties; `othello-lab bench --quality
//! FILE --grading-time-only --threads 2`, the training job stopped), the wait as
//! practice grades the worst move (exact if proved within 1 s, else the interim
//! search): from nothing median 0.39 s, max 1.50 s (23 empties), 23 grades interim;
//! after 5 s of the learner's thinking (`prepare_grade` on the same searcher, as
//! practice runs it) median 0.027 s, max 1.29 s (22 empties), 4 grades interim. On
//! this session's machine, about 1.5 times slower than the issue's (perft 12 in
//! 4.56 s).
//!
//! Again on December 7th (a3d1f29, the same command, the same machine, training
//! stopped): the grade alone from nothing median 0.37 s, max 4.60 s (22 empties; it
//! was 8.63 s), prepared 5 s max 2.88 s (was 5.69 s); the wait as practice grades,
//! from nothing median 0.33 s, **max 1.26 s**, 20 grades interim; prepared median
//! 0.021 s, **max 1.23 s**, 3 interim. On one thread (`--threads 1`): the grade alone
//! from nothing max 8.75 s, prepared 5.79 s; as practice waits, from nothing median
//! 0.60 s, **max 1.46 s** (23 empties), 41 interim; prepared median 0.021 s, **max
//! 1.40 s**, 8 interim. In real games (`othello-lab bench
//! --grading-games`, see `tutor::settings`) the worst waits are 1.29 s (20–24
//! empties) and 1.30 s (25–50 empties) from nothing.

use super::{
    AnalysisOptions, Job, MoveValue, analyze, carry_panic, default_threads, selectivity,
    table_megabytes, value_job,
};
use crate::engine::board::{Board, Move};
use crate::engine::endgame::{SharedTable, SolveError, Solver};
use crate::engine::eval::UNITS_PER_DISC;
use crate::engine::parallel_solve::solve_each_with;
use crate::engine::pool;
use crate::engine::search::{Limits, SearchError, Searcher};
use crate::engine::square::Square;
use crate::engine::symmetry;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The best move's value and `played`'s, as [`analyze`] would give them (best first;
/// one entry when `played` is a best move), for a grade: two searches instead of one
/// per move, run side by side. The best value comes from one search of `board` (the
/// largest of the moves' values at the same settings, so the same number); `played`
/// is valued exactly as `analyze` values it. With a selective search beyond the
/// exact-solve threshold, whose values depend on the search window, the best value
/// is that of the move the board's search picks, valued as `analyze` values it
/// (another move may then be valued a little higher by `analyze`).
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, analyze, best_and_played};
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::Move;
/// let board = parse_transcript("f5d6c3d3c4").expect("legal").current().board;
/// let options = AnalysisOptions { depth: 5, exact_empties: 0, time: None, selective: None, smoothed: true };
/// let mut searcher = Searcher::new(1, 1);
/// let all = analyze(&mut searcher, &board, options).expect("not stopped");
/// // The worst move: two values, the best one's and its own.
/// let worst = all.last().unwrap();
/// let Move::Place(played) = worst.mv else { panic!("a placement") };
/// let two = best_and_played(&mut searcher, &board, options, played).expect("not stopped");
/// assert_eq!(two[0].score, all[0].score);
/// assert_eq!(two.last().unwrap().score, worst.score);
/// ```
pub fn best_and_played(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
    played: Square,
) -> Result<Vec<MoveValue>, SearchError> {
    if !board.is_legal(played) || board.legal_moves().len() < 2 || options.time.is_some() {
        return analyze(searcher, board, options);
    }
    if searcher.stop_requested() {
        return Err(SearchError::Stopped);
    }
    if board.empty_count() <= options.exact_empties {
        return exact_best_and_played(searcher, board, played);
    }
    // The values stated are a mean of three depths, and a selective search's value depends
    // on its window: the board's search picks the best move, which is then valued as
    // `analyze` values a move. Both searches watch the caller's stop flag. The board's
    // side may have been worked out while the learner thought (`prepare_grade`).
    let fresh = fresh_searchers(searcher, &options);
    let prepared = searcher
        .kept::<Groundwork>()
        .filter(|g| g.board == *board && g.options == options)
        .map(|g| g.best.clone());
    let mine = || value_job(&mut fresh(), board, Job::Place(played), &options, None);
    let (best, mut mine) = match prepared {
        Some(best) if best.mv == Move::Place(played) => return Ok(vec![best]),
        Some(best) => (Ok(Some(best)), mine()),
        None => {
            let best = || searched_best(board, &options, &fresh, Some(played));
            pool::join(default_threads(), best, mine).unwrap_or_else(|e| {
                carry_panic(e, |i| match i {
                    0 => "searching the best move".to_string(),
                    _ => Job::Place(played).to_string(),
                })
            })
        }
    };
    let best = best?;
    let Some(mine) = mine.pop() else {
        return Err(SearchError::Stopped);
    };
    let best = match best {
        // The search picked the played move: it is the best.
        None => return Ok(vec![mine]),
        Some(best) => best,
    };
    if mine.score >= best.score {
        return Ok(vec![mine]);
    }
    Ok(vec![best, mine])
}

/// A maker of the fresh searchers that value a grade's moves beyond the exact
/// threshold: tables sized for `options`, `searcher`'s evaluation, the selectivity of
/// `options`, and `searcher`'s stop flag.
fn fresh_searchers(
    searcher: &Searcher,
    options: &AnalysisOptions,
) -> impl Fn() -> Searcher + Sync + use<> {
    let stop = searcher.stop_flag();
    let (megabytes, solver_megabytes) = table_megabytes(options);
    let (evaluator, selective) = (searcher.evaluator().clone(), selectivity(searcher, options));
    move || {
        let mut s = Searcher::new(megabytes, solver_megabytes);
        s.set_evaluator(evaluator.clone());
        s.set_selectivity(selective.clone());
        s.set_stop_flag(stop.clone());
        s
    }
}

/// The board's side of a grade beyond the exact threshold: the move the search of
/// `board` picks, valued as [`analyze`] values a move; `Ok(None)` when the search
/// picks `skip` (the played move, which is valued anyway).
fn searched_best(
    board: &Board,
    options: &AnalysisOptions,
    fresh: &impl Fn() -> Searcher,
    skip: Option<Square>,
) -> Result<Option<MoveValue>, SearchError> {
    let (canon, sym) = symmetry::canonical(board);
    let limits = Limits::depth(options.depth, options.exact_empties);
    let found = fresh().search(&canon, limits)?;
    let Some(sq) = found
        .best
        .map(|sq| symmetry::square(sq, symmetry::inverse(sym)))
    else {
        return Err(SearchError::Stopped);
    };
    if Some(sq) == skip {
        return Ok(None);
    }
    let mut values = value_job(&mut fresh(), board, Job::Place(sq), options, None);
    values.pop().map(Some).ok_or(SearchError::Stopped)
}

/// The board's side of a grade beyond the exact threshold, worked out while the
/// learner thought ([`prepare_grade`]): kept in the searcher, so that the grade on it
/// values only the played move.
#[derive(Clone, Debug)]
struct Groundwork {
    /// The position graded.
    pub board: Board,
    /// The settings of the grade.
    pub options: AnalysisOptions,
    /// The move the board's search picks, valued as [`analyze`] values a move.
    pub best: MoveValue,
}

/// Threads of an exact grade (the analysis threads, [`default_threads`]): the board
/// and the position after the played move are solved side by side on one table, the
/// threads helping with the one left when one is proved.
fn grading_threads() -> usize {
    default_threads().max(1)
}
/// Table of an exact grade, in MB (the values do not depend on it).
const GRADING_TABLE_MB: usize = 32;

/// [`best_and_played`] within the exact-solve threshold: the board (its best move and
/// value) and the position after `played` (its value) solved exactly on one shared
/// table (`parallel_solve::solve_each`), so that the played move's proof serves the
/// board's and two cores work until both are known.
fn exact_best_and_played(
    searcher: &mut Searcher,
    board: &Board,
    played: Square,
) -> Result<Vec<MoveValue>, SearchError> {
    let table = grading_table(searcher);
    with_stop(searcher, |stop| {
        solve_best_and_played(board, played, &table, stop)
    })
}

/// [`best_and_played`] within the exact-solve threshold of `options`, if the exact
/// values are proved within `wait`: `Ok(None)` when they are not (what was proved
/// stays in the searcher's solver table, so a later grade of the same move goes on
/// from there), or when `board` is beyond the threshold. Stops early, with
/// `Err(Stopped)`, when `searcher`'s stop flag is raised.
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, exact_grade_within};
/// use othello_tutor::engine::notation::parse_obf;
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::Square;
/// use std::time::Duration;
/// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let board = parse_obf(ffo_1).expect("OBF").position.board;
/// let options = AnalysisOptions { depth: 4, exact_empties: 20, time: None, selective: None, smoothed: true };
/// let a2 = Square::parse("a2").unwrap();
/// let mut searcher = Searcher::new(32, 32);
/// // No time at all: not proved.
/// assert_eq!(exact_grade_within(&mut searcher, &board, options, a2, Duration::ZERO), Ok(None));
/// // Time enough: the exact values, g8 winning by 18.
/// let values = exact_grade_within(&mut searcher, &board, options, a2, Duration::from_secs(600))
///     .expect("not stopped")
///     .expect("proved in time");
/// assert_eq!(values[0].score, 1800);
/// ```
pub fn exact_grade_within(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
    played: Square,
    wait: Duration,
) -> Result<Option<Vec<MoveValue>>, SearchError> {
    if board.empty_count() > options.exact_empties
        || !board.is_legal(played)
        || board.legal_moves().len() < 2
    {
        return Ok(None);
    }
    let table = grading_table(searcher);
    let caller = searcher.stop_flag();
    // The solve's own flag: raised when the caller's is, or when the time is up.
    let stop = Arc::new(AtomicBool::new(wait.is_zero()));
    let deadline = Instant::now() + wait;
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let watch = stop.clone();
        scope.spawn(move || {
            while !watch.load(Ordering::Relaxed) {
                match done_rx.recv_timeout(WATCH_EVERY) {
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        if caller.load(Ordering::Relaxed) || Instant::now() >= deadline {
                            watch.store(true, Ordering::Relaxed);
                        }
                    }
                    // The solve finished.
                    _ => break,
                }
            }
        });
        let result = solve_best_and_played(board, played, &table, &stop);
        let _ = done_tx.send(());
        result
    });
    match result {
        Ok(values) => Ok(Some(values)),
        Err(SolveError::Stopped) if searcher.stop_requested() => Err(SearchError::Stopped),
        Err(SolveError::Stopped) => Ok(None),
    }
}

/// How often [`exact_grade_within`] looks at the clock and the caller's stop flag.
const WATCH_EVERY: Duration = Duration::from_millis(5);

/// The table an exact grade solves on: the searcher's solver table when it is large
/// enough (what [`prepare_grade`] proved there serves the grade), else a fresh one.
fn grading_table(searcher: &mut Searcher) -> Arc<SharedTable> {
    let table = searcher.solver().table();
    if table.megabytes() >= GRADING_TABLE_MB {
        table
    } else {
        Arc::new(SharedTable::with_megabytes(GRADING_TABLE_MB))
    }
}

/// Runs `work` with `searcher`'s stop flag (the solves stop when it is raised).
fn with_stop<T>(
    searcher: &Searcher,
    work: impl FnOnce(&Arc<AtomicBool>) -> Result<T, SolveError>,
) -> Result<T, SearchError> {
    work(&searcher.stop_flag()).map_err(|_| SearchError::Stopped)
}

/// Prepares the grade of a move on `board` while the learner thinks: within the
/// exact-solve threshold of `options`, solves `board` on `searcher`'s solver table,
/// then the position after each move in turn (those that leave the opponent the
/// fewest moves first), so that a [`best_and_played`] that follows on the same
/// searcher finds the board's value proved and the played move's proved or begun.
/// Beyond the threshold, the board's side of the grade (the move its search picks,
/// valued as [`analyze`] values a move) is worked out and kept in `searcher`, so that
/// the grade values only the played move. The grade's values do not depend on any of
/// it; only its time does. Stops when `searcher`'s stop flag is raised (the learner
/// moved).
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, best_and_played, prepare_grade};
/// use othello_tutor::engine::notation::parse_obf;
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::Square;
/// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let board = parse_obf(ffo_1).expect("OBF").position.board;
/// let options = AnalysisOptions { depth: 4, exact_empties: 20, time: None, selective: None, smoothed: true };
/// let mut searcher = Searcher::new(32, 32);
/// prepare_grade(&mut searcher, &board, options).expect("not stopped");
/// let a2 = Square::parse("a2").unwrap();
/// let values = best_and_played(&mut searcher, &board, options, a2).expect("not stopped");
/// assert_eq!(values[0].score, 1800); // g8 wins by 18
/// ```
pub fn prepare_grade(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
) -> Result<(), SearchError> {
    if board.legal_moves().len() < 2 || options.time.is_some() {
        return Ok(());
    }
    if board.empty_count() > options.exact_empties {
        return prepare_searched(searcher, board, options);
    }
    let table = grading_table(searcher);
    with_stop(searcher, |stop| {
        let threads = grading_threads();
        solve_each_with(&[*board], threads, &table, Some(stop.clone()))?;
        // Then the positions after each move, the likeliest first (those that leave
        // the opponent the fewest moves), until the learner moves: the grade then
        // finds the played move's value proved too.
        let mut children: Vec<Board> = board
            .legal_moves()
            .into_iter()
            .map(|sq| board.play_unchecked(sq))
            .collect();
        children.sort_by_key(|c| c.legal_moves_bits().count_ones());
        // One search of them all: one generation of the table, so that the board's
        // entries are not aged out by each child's new search.
        solve_each_with(&children, threads, &table, Some(stop.clone())).map(|_| ())
    })
}

/// The work of [`exact_best_and_played`]: both positions solved together, then the
/// best move named as `analyze` names it (the first square among equal moves) and
/// the lines read from the table.
fn solve_best_and_played(
    board: &Board,
    played: Square,
    table: &Arc<SharedTable>,
    stop: &Arc<AtomicBool>,
) -> Result<Vec<MoveValue>, SolveError> {
    let empties = board.empty_count();
    let child = board.play_unchecked(played);
    let solved = solve_each_with(
        &[*board, child],
        grading_threads(),
        table,
        Some(stop.clone()),
    )?;
    let (best, after) = (solved[0].score, &solved[1]);
    let value = |sq: Square, pv: &[Option<Square>]| {
        let mut line = vec![Some(sq)];
        line.extend(pv.iter().copied());
        line.truncate(board.legal_prefix(&line));
        line
    };
    let mine = MoveValue {
        mv: Move::Place(played),
        score: -after.score * UNITS_PER_DISC,
        exact: true,
        depth: empties,
        pv: value(played, &after.pv),
    };
    if -after.score >= best {
        return Ok(vec![mine]);
    }
    // The first square whose move is worth the best value (a null window at it).
    let mut solver = Solver::sharing(table.clone(), false);
    solver.set_stop_flag(stop.clone());
    let mut best_sq = None;
    for sq in board.legal_moves() {
        let c = board.play_unchecked(sq);
        if sq != played && solver.exact_in_window(&c, -best, -best + 1)? <= -best {
            best_sq = Some((sq, c));
            break;
        }
    }
    let (best_sq, c) = best_sq.ok_or(SolveError::Stopped)?;
    let line = solver.solution_with_score(&c, -best)?;
    Ok(vec![
        MoveValue {
            mv: Move::Place(best_sq),
            score: best * UNITS_PER_DISC,
            exact: true,
            depth: empties,
            pv: value(best_sq, &line.pv),
        },
        mine,
    ])
}

/// [`prepare_grade`] beyond the exact threshold: the board's side of the grade (the
/// move its search picks, valued as [`analyze`] values it), kept in `searcher` once
/// it is finished (a stopped search keeps nothing).
fn prepare_searched(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
) -> Result<(), SearchError> {
    let done = |g: &Groundwork| g.board == *board && g.options == options;
    if searcher.kept::<Groundwork>().is_some_and(done) {
        return Ok(());
    }
    let fresh = fresh_searchers(searcher, &options);
    let best = searched_best(board, &options, &fresh, None)?;
    // A search stopped part-way returns its last finished depth: not the grade's.
    if searcher.stop_requested() {
        return Err(SearchError::Stopped);
    }
    let best = best.ok_or(SearchError::Stopped)?;
    searcher.keep(Some(Groundwork {
        board: *board,
        options,
        best,
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_transcript;

    const SEARCHED: AnalysisOptions = AnalysisOptions {
        depth: 6,
        exact_empties: 0,
        time: None,
        selective: None,
        smoothed: true,
    };

    #[test]
    fn a_finished_preparation_keeps_the_boards_best_move_and_a_stopped_one_nothing() {
        let board = parse_transcript("f5d6c3d3c4f4f6")
            .expect("legal")
            .current()
            .board;
        // Stopped before it starts: nothing is kept.
        let mut searcher = Searcher::new(1, 1);
        searcher.stop_flag().store(true, Ordering::Relaxed);
        assert_eq!(
            prepare_grade(&mut searcher, &board, SEARCHED),
            Err(SearchError::Stopped)
        );
        assert!(searcher.kept::<Groundwork>().is_none());
        // Finished: the move the board's search picks, valued as `analyze` values it.
        let mut searcher = Searcher::new(1, 1);
        prepare_grade(&mut searcher, &board, SEARCHED).expect("not stopped");
        let kept = searcher.kept::<Groundwork>().expect("kept").clone();
        assert_eq!((kept.board, kept.options), (board, SEARCHED));
        let all = analyze(&mut Searcher::new(1, 1), &board, SEARCHED).expect("run");
        let same = all
            .iter()
            .find(|v| v.mv == kept.best.mv)
            .expect("a legal move");
        assert_eq!(same.score, kept.best.score);
        // Another evaluator or selectivity forgets it.
        searcher.set_selectivity(None);
        assert!(searcher.kept::<Groundwork>().is_none());
    }
}
