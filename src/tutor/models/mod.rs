//! The screens' models: each holds a screen's state and flow, takes the learner's
//! actions and says what to show (see [`super::screen`]). No terminal code: the
//! interface draws them, and the tests drive them directly.

pub mod analysis;
pub mod editor;
pub mod lesson;
pub mod practice;
pub mod puzzles;

use crate::engine::Square;
use crate::engine::analysis::MoveValue;

/// Each move's value written on its square ("+4"), for hints and analysis.
pub fn value_labels(values: &[MoveValue]) -> Vec<(Square, String)> {
    values
        .iter()
        .filter_map(|v| match v.mv {
            crate::engine::Move::Place(sq) => Some((sq, format!("{:+}", v.discs()))),
            crate::engine::Move::Pass => None,
        })
        .collect()
}
