//! The embedded puzzles for the puzzle tests, and a plain miss in one.
#![allow(dead_code)]

use othello_tutor::engine::Square;
use othello_tutor::engine::endgame::Solver;
use othello_tutor::tutor::content::load_embedded_puzzles;
use othello_tutor::tutor::puzzle::Puzzle;

/// The embedded puzzle sets, which must load without an error.
pub fn embedded() -> Vec<Puzzle> {
    let (puzzles, errors) = load_embedded_puzzles();
    assert!(errors.is_empty(), "{errors:#?}");
    puzzles
}

/// A wrong move at `step` of `p` that is not a near miss (by the exact solver).
pub fn plain_miss(p: &Puzzle, step: usize) -> Square {
    let st = &p.steps[step];
    let mut solver = Solver::new(4);
    st.position
        .legal_moves()
        .into_iter()
        .filter(|m| !st.accepted.contains(*m))
        .find(|&m| !p.is_near_miss(step, m, &mut solver))
        .expect("a wrong move that is not a near miss")
}
