//! The embedded puzzles for the puzzle tests.

use othello_tutor::tutor::puzzle::{Puzzle, load_embedded};

/// The embedded puzzle sets, which must load without an error.
pub fn embedded() -> Vec<Puzzle> {
    let (puzzles, errors) = load_embedded();
    assert!(errors.is_empty(), "{errors:#?}");
    puzzles
}
