//! The work of a whole-game analysis: the book and the game's own grades first, then
//! the exact part (every position from the first endgame move to the end solved
//! once, the last first, by one solver that keeps its table) beside the searched
//! moves (the practice feedback's [`grading_values`], one at a time, each on the
//! analysis' threads): two lanes of [`crate::engine::pool::lanes`]. Raising the stop
//! flag ends it within a search.

use super::{GameReview, MoveReview, ReviewInput};
use crate::engine::analysis::MoveValue;
use crate::engine::endgame::Solver;
use crate::engine::eval::UNITS_PER_DISC;
use crate::engine::pool::{self, Lane};
use crate::engine::search::Searcher;
use crate::engine::{Board, Move, Position, Square};
use crate::tutor::feedback::{Feedback, grade_from_book, grade_move};
use crate::tutor::settings::{FEEDBACK_EXACT_EMPTIES, grading_values};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// Megabytes of the exact part's solver table.
const SOLVER_MB: usize = 16;

/// How far an analysis has come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Moves valued so far (passes left out).
    pub done: usize,
    /// Moves to value in all.
    pub total: usize,
    /// The move just valued.
    pub latest: MoveReview,
}

/// What a worker hands back.
enum Outcome {
    /// A move graded.
    Move(usize, Feedback),
    /// A position of the exact part solved: its index, the value for the side to
    /// move and the best move.
    Solved(usize, i32, Option<Square>),
}

/// Values and grades every move of `input`'s game, as the practice feedback would
/// (see the module documentation), calling `progress` on the calling thread after
/// each move. Stops early when `stop` is raised: the review then has the moves valued
/// so far (see [`GameReview::is_complete`]).
///
/// ```
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::tutor::game_review::{ReviewInput, analyze_game};
/// use std::sync::{Arc, atomic::AtomicBool};
/// // The Tiger's main line: every move is a book move.
/// let game = parse_transcript("f5 d6 c3 d3 c4").unwrap();
/// let review = analyze_game(&ReviewInput::new(game), &Arc::new(AtomicBool::new(false)), |_| {});
/// assert!(review.is_complete());
/// assert!(review.moves.iter().all(|m| m.loss() == 0));
/// ```
pub fn analyze_game(
    input: &ReviewInput,
    stop: &Arc<AtomicBool>,
    mut progress: impl FnMut(&Progress),
) -> GameReview {
    let game = &input.game;
    let positions = game.positions();
    let mut review = GameReview::unvalued(game);
    let total = review.counts().1;
    let mut done = 0;
    let mut report = |review: &mut GameReview, m: MoveReview| {
        done += 1;
        review.set(m.clone());
        progress(&Progress {
            done,
            total,
            latest: m,
        });
    };
    let mut searched = Vec::new();
    let mut first_exact: Option<usize> = None;
    for (i, &mv) in game.moves().iter().enumerate() {
        let Move::Place(sq) = mv else { continue };
        let pos = &positions[i];
        let base = review.moves[i].clone();
        if let Some(Some(fb)) = input.known.get(i) {
            report(
                &mut review,
                MoveReview {
                    feedback: Some(fb.clone()),
                    reused: true,
                    ..base
                },
            );
            continue;
        }
        let earlier: Vec<Board> = positions[..i].iter().map(|p| p.board).collect();
        if let Some(fb) = grade_from_book(pos, sq, &earlier) {
            report(
                &mut review,
                MoveReview {
                    feedback: Some(fb),
                    ..base
                },
            );
            continue;
        }
        if pos.board.empty_count() <= FEEDBACK_EXACT_EMPTIES {
            first_exact.get_or_insert(i);
        } else {
            searched.push(i);
        }
    }
    if (first_exact.is_none() && searched.is_empty()) || stop.load(Ordering::Relaxed) {
        return review;
    }
    let exact_from = first_exact.unwrap_or(positions.len());
    // Values of the exact part's positions for the side to move, and best moves.
    let mut solved: Vec<Option<(i32, Option<Square>)>> = vec![None; positions.len()];
    // Two lanes side by side: the solver's, and the searches one at a time (each
    // spread over the analysis' threads; one at a time bounds the memory).
    let mut lanes: Vec<Lane<Outcome>> = Vec::new();
    if first_exact.is_some() {
        let positions = &positions;
        lanes.push(Box::new(move |tx| {
            solve_from_end(positions, exact_from, stop, tx);
        }));
    }
    if !searched.is_empty() {
        let (positions, searched) = (&positions, &searched);
        let moves = game.moves();
        lanes.push(Box::new(move |tx| {
            for &i in searched {
                if !search_move(positions, moves, i, stop, tx) {
                    break;
                }
            }
        }));
    }
    let threads = 1 + crate::engine::analysis::default_threads();
    let ran = pool::lanes(threads, lanes, |outcome| match outcome {
        Outcome::Move(i, fb) => {
            let base = review.moves[i].clone();
            report(
                &mut review,
                MoveReview {
                    feedback: Some(fb),
                    ..base
                },
            );
        }
        Outcome::Solved(j, value, best) => {
            solved[j] = Some((value, best));
            // The move from position j is graded once j + 1 is solved too, and the
            // move before j once j is.
            for i in [j, j.wrapping_sub(1)] {
                if i >= exact_from
                    && i < review.moves.len()
                    && review.moves[i].feedback.is_none()
                    && let Some(fb) = exact_feedback(&positions, game.moves(), &solved, i)
                {
                    let base = review.moves[i].clone();
                    report(
                        &mut review,
                        MoveReview {
                            feedback: Some(fb),
                            ..base
                        },
                    );
                }
            }
        }
    });
    if let Err(e) = ran {
        // A lane that panicked (an engine bug): carried once to the caller, whose
        // handler reports engine panics (the interface's worker), with the lane named.
        std::panic::resume_unwind(Box::new(format!("the game review's searches: {e}")));
    }
    review
}

/// The exact verdict on the move at `i` once its position and the next are solved:
/// the values that [`grading_values`] proves, graded by [`grade_move`].
fn exact_feedback(
    positions: &[Position],
    moves: &[Move],
    solved: &[Option<(i32, Option<Square>)>],
    i: usize,
) -> Option<Feedback> {
    let Some(&Move::Place(played)) = moves.get(i) else {
        return None;
    };
    let (best_value, best) = (*solved.get(i)?)?;
    let (after, _) = (*solved.get(i + 1)?)?;
    let pos = &positions[i];
    let empties = pos.board.empty_count();
    let played_value = -after;
    let value = |mv: Square, v: i32| MoveValue {
        mv: Move::Place(mv),
        score: v * UNITS_PER_DISC,
        exact: true,
        depth: empties,
        pv: vec![Some(mv)],
    };
    let mine = value(played, played_value);
    let values = match best.filter(|_| best_value > played_value) {
        Some(b) if b != played => vec![value(b, best_value), mine],
        _ => vec![mine],
    };
    grade_move(pos, played, &values)
}

/// Solves the positions from `from` to the end, the last first, sending each value;
/// `false` if stopped.
fn solve_from_end(
    positions: &[Position],
    from: usize,
    stop: &Arc<AtomicBool>,
    tx: &Sender<Outcome>,
) -> bool {
    let mut solver = Solver::new(SOLVER_MB);
    solver.set_stop_flag(stop.clone());
    for j in (from..positions.len()).rev() {
        let board = positions[j].board;
        let (value, best) = if board.is_game_over() {
            (board.final_score(), None)
        } else {
            match solver.solve_score(&board) {
                Ok(s) => (s.score, s.best),
                Err(_) => return false,
            }
        };
        if tx.send(Outcome::Solved(j, value, best)).is_err() {
            return false;
        }
    }
    true
}

/// Grades the move at `i` by the practice feedback's search; `false` if stopped.
fn search_move(
    positions: &[Position],
    moves: &[Move],
    i: usize,
    stop: &Arc<AtomicBool>,
    tx: &Sender<Outcome>,
) -> bool {
    let Some(&Move::Place(sq)) = moves.get(i) else {
        return true;
    };
    let pos = &positions[i];
    let mut searcher = Searcher::new(1, 1);
    searcher.set_stop_flag(stop.clone());
    let Ok(values) = grading_values(&mut searcher, &pos.board, sq) else {
        return false;
    };
    match grade_move(pos, sq, &values) {
        Some(fb) => tx.send(Outcome::Move(i, fb)).is_ok(),
        None => true,
    }
}
