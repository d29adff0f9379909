//! The exact solver on several cores: the most promising move is solved first, then
//! the other moves are shared out among the threads, each first tested with a null
//! window against the best value so far (most fail it quickly) and solved only if it
//! passes (young brothers wait, at the root).

use super::board::Board;
use super::endgame::{Solution, SolveError, Solver};
use super::pattern::shipped_ref;
use super::square::Square;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};

/// The exact solution of `board` with `threads` threads sharing `table_mb` MB of
/// tables; the score equals `Solver::solve`'s (the best move may differ between equal
/// moves). `stop`, when raised, stops every thread.
///
/// ```
/// use othello_tutor::engine::endgame::Solver;
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
    stop: Option<std::sync::Arc<AtomicBool>>,
) -> Result<Solution, SolveError> {
    let new_solver = |mb: usize| {
        let mut s = Solver::new(mb.max(1));
        if let Some(flag) = &stop {
            s.set_stop_flag(flag.clone());
        }
        s
    };
    let mut moves: Vec<Square> = board.legal_moves().into_iter().collect();
    if threads <= 1 || moves.len() < 2 {
        return new_solver(table_mb).solve(board);
    }
    // The most promising first: the lowest evaluation for the opponent.
    moves.sort_by_key(|&sq| shipped_ref().evaluate(&board.play_unchecked(sq)));
    let per_thread = (table_mb / threads).max(1);
    let mut first = new_solver(per_thread);
    let first_child = board.play_unchecked(moves[0]);
    let s0 = first.solve(&first_child)?;
    let alpha = AtomicI32::new(-s0.score);
    let best = Mutex::new((-s0.score, 0usize));
    let nodes = AtomicU64::new(s0.nodes);
    let next = AtomicUsize::new(1);
    let failed = AtomicBool::new(false);
    let workers: Vec<Solver> = std::iter::once(first)
        .chain((1..threads).map(|_| new_solver(per_thread)))
        .collect();
    std::thread::scope(|scope| {
        for mut solver in workers {
            let (alpha, best, nodes, next, failed, moves) =
                (&alpha, &best, &nodes, &next, &failed, &moves);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= moves.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let sq = moves[i];
                    let result = (|| -> Result<(), SolveError> {
                        loop {
                            let a = alpha.load(Ordering::Relaxed);
                            let s = solver.score_after(board, sq, a, a + 1)?;
                            nodes.fetch_add(solver.nodes(), Ordering::Relaxed);
                            if s <= a {
                                return Ok(());
                            }
                            let exact = solver.score_after(board, sq, a, 65)?;
                            nodes.fetch_add(solver.nodes(), Ordering::Relaxed);
                            if exact <= a {
                                // The best value rose meanwhile past this move's.
                                continue;
                            }
                            let mut b = best.lock().expect("lock");
                            if exact > b.0 || (exact == b.0 && i < b.1) {
                                *b = (exact, i);
                            }
                            alpha.fetch_max(exact, Ordering::Relaxed);
                            return Ok(());
                        }
                    })();
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
    });
    if failed.load(Ordering::Relaxed) {
        return Err(SolveError::Stopped);
    }
    let (score, index) = best.into_inner().expect("lock");
    let sq = moves[index];
    // The line: the best child solved in a window around its value.
    let mut liner = new_solver(per_thread);
    let child = board.play_unchecked(sq);
    let line = liner.solve_window(&child, -score - 1, -score + 1)?;
    let mut pv = vec![Some(sq)];
    pv.extend(line.pv);
    pv.truncate(board.legal_prefix(&pv));
    Ok(Solution {
        score,
        best: Some(sq),
        pv,
        nodes: nodes.load(Ordering::Relaxed) + line.nodes,
    })
}
