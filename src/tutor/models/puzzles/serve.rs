//! Which puzzle the trainer serves next, and the positions of a solution stepped
//! through.

use crate::engine::{Move, Position, Square};
use crate::tutor::puzzle::{Focus, Puzzle};
use crate::tutor::puzzle_progress::PuzzleProgress;

/// The puzzle to serve: a due review first, else a puzzle not tried yet whose rating
/// is nearest the learner's plus `offset`, else the nearest one not waiting in review.
pub fn choose<'a>(
    progress: &PuzzleProgress,
    puzzles: &'a [Puzzle],
    now: u64,
    focus: Option<Focus>,
    offset: f64,
) -> Option<&'a Puzzle> {
    if offset == 0.0 {
        return progress.next_puzzle(puzzles, now, focus);
    }
    let fits = |p: &&Puzzle| focus.is_none_or(|f| f.fits(p));
    for entry in progress.review.due(now) {
        if let Some(p) = puzzles.iter().filter(fits).find(|p| p.id == entry.id) {
            return Some(p);
        }
    }
    let target = progress.learner().rating + offset;
    let distance = |p: &Puzzle| (progress.puzzle_rating(p).rating - target).abs();
    let pick = |list: Vec<&'a Puzzle>| {
        list.into_iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id)))
    };
    let fresh: Vec<&Puzzle> = puzzles
        .iter()
        .filter(fits)
        .filter(|p| !progress.attempted(&p.id))
        .collect();
    if fresh.is_empty() {
        pick(
            puzzles
                .iter()
                .filter(fits)
                .filter(|p| !progress.review.contains(&p.id))
                .collect(),
        )
    } else {
        pick(fresh)
    }
}

/// The position after the first `k` moves of the solution, with the last one marked.
pub fn solution_position(p: &Puzzle, k: usize) -> (Position, Option<Square>, Vec<Square>) {
    let mut pos = p.position;
    let mut last = None;
    let mut flips = Vec::new();
    for mv in p.solution.iter().take(k) {
        match *mv {
            Move::Place(sq) => {
                flips = pos.board.flips(sq).into_iter().collect();
                last = Some(sq);
                pos = pos.play_unchecked(sq);
            }
            Move::Pass => {
                pos = pos.pass();
                last = None;
                flips.clear();
            }
        }
    }
    (pos, last, flips)
}
