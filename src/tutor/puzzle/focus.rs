//! What a set of puzzles focuses on: one theme's puzzles, or the corner puzzles that
//! tempt a habit the learner is to unlearn.
//!
//! A learner who gives corners away through X-squares does not learn much from the
//! X-square puzzles (there the X-square *is* the answer); they learn from positions
//! where an X-square next to an empty corner is there to be played, would let the
//! opponent take that corner, and is wrong: [`Focus::Tempted`]. The coach links such
//! a weakness to those puzzles, and the puzzle trainer serves them.
//!
//! ```
//! use othello_tutor::tutor::puzzle::{Focus, NearCorner, Theme};
//! assert_eq!(Focus::Theme(Theme::Corner).label(), "Corner");
//! assert_eq!(
//!     Focus::Tempted(NearCorner::X).puzzles_name(),
//!     "corner puzzles with an X-square to turn down"
//! );
//! ```

use super::model::{Puzzle, Theme};
use crate::tutor::explain::move_facts;

/// A square next to a corner, as a temptation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NearCorner {
    /// The diagonal neighbour of a corner (b2, g2, b7, g7).
    X,
    /// An edge neighbour of a corner (a2, b1, …).
    C,
}

impl NearCorner {
    /// "X-square" or "C-square".
    pub const fn label(self) -> &'static str {
        match self {
            NearCorner::X => "X-square",
            NearCorner::C => "C-square",
        }
    }
}

/// What the puzzles served focus on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Focus {
    /// The puzzles with this theme.
    Theme(Theme),
    /// The corner puzzles (theme [`Theme::Corner`]) whose position offers a legal
    /// move on such a square next to an empty corner, after which the opponent could
    /// take that corner, and that move is not an answer: a temptation to turn down.
    Tempted(NearCorner),
}

impl Focus {
    /// Whether `puzzle` is one of this focus's puzzles.
    pub fn fits(self, puzzle: &Puzzle) -> bool {
        match self {
            Focus::Theme(t) => puzzle.has_theme(t),
            Focus::Tempted(near) => puzzle.has_theme(Theme::Corner) && tempts(puzzle, near),
        }
    }

    /// The name for the trainer's panel ("Corner", "Corner, X-square to turn
    /// down").
    pub fn label(self) -> String {
        match self {
            Focus::Theme(t) => t.label().to_string(),
            Focus::Tempted(near) => format!("Corner, {} to turn down", near.label()),
        }
    }

    /// The puzzles' name in a sentence ("Corner puzzles", "corner puzzles with an
    /// X-square to turn down").
    pub fn puzzles_name(self) -> String {
        match self {
            Focus::Theme(t) => format!("{} puzzles", t.label()),
            Focus::Tempted(near) => {
                format!(
                    "corner puzzles with a{} {} to turn down",
                    article_n(near),
                    near.label()
                )
            }
        }
    }
}

/// "n" before "X-square" (said "ex"), nothing before "C-square".
const fn article_n(near: NearCorner) -> &'static str {
    match near {
        NearCorner::X => "n",
        NearCorner::C => "",
    }
}

/// Whether the first position of `puzzle` has a legal move that is not accepted, on
/// a `near` square of an empty corner, after which the opponent can take that corner.
pub fn tempts(puzzle: &Puzzle, near: NearCorner) -> bool {
    let Some(step) = puzzle.steps.first() else {
        return false;
    };
    step.position
        .board
        .legal_moves()
        .into_iter()
        .filter(|&sq| !step.accepted.contains(sq))
        .filter_map(|sq| move_facts(&step.position, sq))
        .any(|f| {
            let corner = match near {
                NearCorner::X => f.x_square_of,
                NearCorner::C => f.c_square_of,
            };
            corner.is_some_and(|c| f.corners_given.contains(&c))
        })
}
