//! The exact solver on several cores: every thread runs the whole solve (the selective
//! passes, then MTD(f), from the same guess) on one shared lockless table, so that each profits from what the
//! others have proved; a thread arriving at a node marks it, and another thread
//! reaching its parent searches the other moves first (simplified ABDADA), so that
//! the threads spread over the tree. The first thread to prove the score stops the
//! others. The line is then read as one solver reads it (`endgame::read_line`: the
//! first move in the board's own ordering that keeps the value, so it does not depend
//! on how the threads raced), each of its tests far from the end again run by every
//! thread.
//!
//! Every thread's search is exact on its own (the table holds only proved bounds, the
//! selective passes storing best moves alone, and a torn entry is never read), so the score is always the one-thread score; the best
//! move may differ among equally good moves.
//!
//! **The one place in the crate with threads of its own** rather than a rayon pool
//! ([`super::pool`]): these threads are not independent items to be scheduled when a
//! thread is free, but helpers that must all run at the same time on one search,
//! sharing its table and its busy marks, each stopped the moment another proves the
//! score. A pool could run them one after another (the later ones then finding the
//! score proved), so they are started as threads here. A thread that panics stops
//! the others; the panic is then carried to the caller once (the solve's error says
//! only that it stopped; its callers report engine panics), never raised a second
//! time.

use super::board::Board;
use super::endgame::{Scored, SharedTable, Solution, SolveError, Solver, WHOLE_LINE, read_line};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// A caught panic's payload.
type Panic = Box<dyn Any + Send>;

/// Runs `threads` helpers at once, each given its number, until all have returned;
/// a helper that panics raises `stop` (so that the others end) and its panic is
/// carried to the caller once they have.
fn run_helpers(threads: usize, stop: &AtomicBool, helper: impl Fn(usize) + Sync) {
    let panicked: Option<Panic> = std::thread::scope(|scope| {
        let helper = &helper;
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let caught = catch_unwind(AssertUnwindSafe(|| helper(t)));
                    if caught.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    caught.err()
                })
            })
            .collect();
        // Joined here, so the scope itself never panics.
        handles
            .into_iter()
            .filter_map(|h| h.join().unwrap_or_else(Some))
            .next()
    });
    if let Some(payload) = panicked {
        resume_unwind(payload);
    }
}

/// The exact solution of `board` with `threads` threads sharing one table of
/// `table_mb` MB; the score equals `Solver::solve`'s (the best move may differ between
/// equal moves). `stop`, when raised, stops every thread.
///
/// ```
/// use othello_tutor::engine::notation::parse_obf;
/// use othello_tutor::engine::parallel_solve::solve_parallel;
/// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let board = parse_obf(ffo_1).expect("OBF").position.board;
/// let solution = solve_parallel(&board, 2, 4, None).expect("not stopped");
/// assert_eq!(solution.score, 18);
/// ```
pub fn solve_parallel(
    board: &Board,
    threads: usize,
    table_mb: usize,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Solution, SolveError> {
    let table = Arc::new(SharedTable::with_megabytes(table_mb));
    solve_parallel_with(board, threads, &table, stop)
}

/// As [`solve_parallel`], with the table given (kept from one solve to the next, its
/// entries serve the next position too).
pub fn solve_parallel_with(
    board: &Board,
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Solution, SolveError> {
    parallel_with(board, threads, table, stop, WHOLE_LINE)
}

/// As [`solve_parallel_with`], the score and best move alone (the same score and
/// move as `Solver::solve_score`'s; the rest of the line is not read).
pub fn score_parallel_with(
    board: &Board,
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Scored, SolveError> {
    parallel_with(board, threads, table, stop, 1).map(|s| s.scored())
}

/// The solve of [`solve_parallel_with`], with at most `plies` entries of the line.
fn parallel_with(
    board: &Board,
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
    plies: usize,
) -> Result<Solution, SolveError> {
    let parallel = threads > 1 && board.legal_moves_bits() != 0;
    let new_solver = || {
        let mut s = Solver::sharing(table.clone(), parallel);
        if let Some(flag) = &stop {
            s.set_stop_flag(flag.clone());
        }
        s
    };
    table.new_search();
    if !parallel {
        return new_solver().solve_to(board, plies);
    }
    let guess = Solver::first_guess(board);
    let nodes = AtomicU64::new(0);
    let solvers = solvers(threads, new_solver);
    let score = race(&solvers, &nodes, |solver| {
        solver.score_with_presearch(board, guess)
    })?;
    let mut solution = parallel_line(board, score, &solvers, plies)?;
    solution.nodes += nodes.load(Ordering::Relaxed);
    Ok(solution)
}

/// `count` solvers from `new_solver`, one for each helper of a [`race`]. They are
/// kept from one race to the next: a solver's own table (the positions near the end)
/// then stays warm, and is not mapped and zeroed again for every test of a line. On
/// FFO #40-#49, two threads, the lines of a few thousand nodes took 0.04-0.07 s with
/// new solvers for each test and 0.00-0.05 s so; the whole solve's time moved within
/// the noise (13.8-14.6 s against 13.7-14.8 s, `farm-bench -n 3`).
fn solvers(count: usize, new_solver: impl Fn() -> Solver) -> Vec<Mutex<Solver>> {
    (0..count).map(|_| Mutex::new(new_solver())).collect()
}

/// A helper's solver. Each helper takes its own, so the lock is never contended; a
/// panic that poisons it ends the solve, so a poisoned solver is never used again.
fn take(solver: &Mutex<Solver>) -> MutexGuard<'_, Solver> {
    solver.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `work` on every solver of `solvers` at once, a helper each, until the first
/// answers: its answer (every answer is exact, so any will do), or `Err(Stopped)`
/// when the caller's flag stopped them all. The others stop as soon as one answers;
/// the nodes they all searched are added to `nodes`.
fn race<T: Send + Sync>(
    solvers: &[Mutex<Solver>],
    nodes: &AtomicU64,
    work: impl Fn(&mut Solver) -> Result<T, SolveError> + Sync,
) -> Result<T, SolveError> {
    let done = Arc::new(AtomicBool::new(false));
    let answer: OnceLock<T> = OnceLock::new();
    run_helpers(solvers.len(), &done, |t| {
        let mut solver = take(&solvers[t]);
        solver.set_abort_flag(Some(done.clone()));
        let result = work(&mut solver);
        nodes.fetch_add(solver.nodes(), Ordering::Relaxed);
        if let Ok(a) = result {
            let _ = answer.set(a);
        }
        // Finished, or stopped by the caller: either way the others stop.
        done.store(true, Ordering::Relaxed);
    });
    answer.into_inner().ok_or(SolveError::Stopped)
}

/// Positions with at least this many empties have each test of their line run by
/// every thread; smaller ones by one (starting threads costs more than they save).
const PARALLEL_LINE_EMPTIES: u32 = 14;

/// The line of `board`, whose exact value is `score`, read as one solver reads it
/// (`endgame::read_line`: it depends on the board and the score alone), each test of
/// a position with [`PARALLEL_LINE_EMPTIES`] empties or more run by all the
/// `solvers` as a solve is ([`race`]), the others by the first; at most `plies`
/// entries. The solution's nodes are those the line searched.
fn parallel_line(
    board: &Board,
    score: i32,
    solvers: &[Mutex<Solver>],
    plies: usize,
) -> Result<Solution, SolveError> {
    let nodes = AtomicU64::new(0);
    let pv = read_line(board, score, plies, |child, bound| {
        if solvers.len() < 2 || child.empty_count() < PARALLEL_LINE_EMPTIES {
            let mut serial = take(&solvers[0]);
            serial.set_abort_flag(None);
            let answer = serial.value_at_most(child, bound);
            nodes.fetch_add(serial.nodes(), Ordering::Relaxed);
            return answer;
        }
        race(solvers, &nodes, |solver| solver.value_at_most(child, bound))
    })?;
    Ok(Solution {
        score,
        best: pv.first().copied().flatten(),
        pv,
        nodes: nodes.load(Ordering::Relaxed),
    })
}

/// The exact solutions of several positions (`boards`), solved by `threads` threads
/// sharing one table of `table_mb` MB: thread `t` takes the positions in turn from
/// the `t`-th on, and each position is solved by whichever threads reach it, as
/// [`solve_parallel`] solves one; a thread moves on when a position is proved. When
/// the positions share subtrees (a position and the position after one of its moves,
/// say), what one thread proves serves the others. Scores equal `Solver::solve`'s
/// (the best moves may differ among equal moves). `stop`, when raised, stops every
/// thread.
///
/// ```
/// use othello_tutor::engine::notation::parse_obf;
/// use othello_tutor::engine::parallel_solve::solve_each;
/// use othello_tutor::engine::Square;
/// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let board = parse_obf(ffo_1).expect("OBF").position.board;
/// let after_a2 = board.play(Square::parse("a2").unwrap()).expect("legal");
/// let both = solve_each(&[board, after_a2], 2, 4, None).expect("not stopped");
/// assert_eq!(both[0].score, 18);
/// assert!(-both[1].score <= 18);
/// ```
pub fn solve_each(
    boards: &[Board],
    threads: usize,
    table_mb: usize,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Vec<Solution>, SolveError> {
    let table = Arc::new(SharedTable::with_megabytes(table_mb));
    solve_each_with(boards, threads, &table, stop)
}

/// As [`solve_each`], with the table given (what it holds from earlier solves serves
/// these; the scores never depend on it).
pub fn solve_each_with(
    boards: &[Board],
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Vec<Solution>, SolveError> {
    each_with(boards, threads, table, stop, WHOLE_LINE)
}

/// As [`solve_each_with`], the scores and best moves alone (the lines are not read).
pub fn score_each_with(
    boards: &[Board],
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Vec<Scored>, SolveError> {
    let solved = each_with(boards, threads, table, stop, 1)?;
    Ok(solved.iter().map(Solution::scored).collect())
}

/// The solves of [`solve_each_with`], with at most `plies` entries of each line.
fn each_with(
    boards: &[Board],
    threads: usize,
    table: &Arc<SharedTable>,
    stop: Option<Arc<AtomicBool>>,
    plies: usize,
) -> Result<Vec<Solution>, SolveError> {
    let stop = stop.unwrap_or_default();
    let threads = threads.max(1);
    let parallel = threads > 1;
    let new_solver = || {
        let mut s = Solver::sharing(table.clone(), parallel);
        s.set_stop_flag(stop.clone());
        s
    };
    table.new_search();
    let done: Vec<Arc<AtomicBool>> = boards.iter().map(|_| Arc::default()).collect();
    let scores: Vec<OnceLock<i32>> = boards.iter().map(|_| OnceLock::new()).collect();
    let nodes = AtomicU64::new(0);
    // A helper that panics stops every solve (through `stop`).
    let halted = AtomicBool::new(false);
    let solvers = solvers(threads, new_solver);
    run_helpers(threads, &halted, |t| {
        let mut solver = take(&solvers[t]);
        for k in 0..boards.len() {
            let i = (t + k) % boards.len();
            if done[i].load(Ordering::Relaxed) {
                continue;
            }
            solver.set_abort_flag(Some(done[i].clone()));
            let board = &boards[i];
            let guess = Solver::first_guess(board);
            let result = solver.score_with_presearch(board, guess);
            nodes.fetch_add(solver.nodes(), Ordering::Relaxed);
            if let Ok(s) = result {
                let _ = scores[i].set(s);
                done[i].store(true, Ordering::Relaxed);
            }
            if stop.load(Ordering::Relaxed) || halted.load(Ordering::Relaxed) {
                break;
            }
        }
    });
    let mut solutions = Vec::with_capacity(boards.len());
    for (board, score) in boards.iter().zip(&scores) {
        let score = *score.get().ok_or(SolveError::Stopped)?;
        solutions.push(parallel_line(board, score, &solvers, plies)?);
    }
    if let Some(first) = solutions.first_mut() {
        first.nodes += nodes.load(Ordering::Relaxed);
    }
    Ok(solutions)
}
