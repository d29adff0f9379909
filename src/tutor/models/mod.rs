//! The screens' models: each holds a screen's state and flow, takes the learner's
//! actions and says what to show (see [`super::screen`]). No terminal code: the
//! interface draws them, and the tests drive them directly.

pub mod analysis;
pub mod asked;
pub mod coach;
pub mod drill;
pub mod editor;
pub mod lesson;
pub mod library;
pub mod menu;
pub mod mistakes;
pub mod opening;
pub mod openings_list;
pub mod potential;
pub mod practice;
pub mod progress_page;
pub mod puzzles;
pub mod review;
pub mod runs;

use crate::engine::analysis::MoveValue;
use crate::engine::{Position, Square};

/// Each move's value written on its square ("+4"), for hints and analysis; a move
/// that ends the game shows its final result ([`crate::tutor::values::StatedValue`]).
pub fn value_labels(pos: &Position, values: &[MoveValue]) -> Vec<(Square, String)> {
    values
        .iter()
        .filter_map(|v| match v.mv {
            crate::engine::Move::Place(sq) => Some((
                sq,
                format!("{:+}", crate::tutor::values::StatedValue::of(pos, v).discs),
            )),
            crate::engine::Move::Pass => None,
        })
        .collect()
}

/// A verdict line made from an action's lines: the first (a leading "✓ " or "✗ "
/// makes it right or wrong) and the later ones that `keep` picks, on one line.
pub fn verdict_of(
    lines: &[String],
    keep: impl Fn(&str) -> bool,
) -> Option<crate::tutor::screen::Verdict> {
    use crate::tutor::screen::{Mark, Verdict};
    let first = lines.first()?;
    let (mark, first) = if let Some(rest) = first.strip_prefix("✓ ") {
        (Mark::Right, rest)
    } else if let Some(rest) = first.strip_prefix("✗ ") {
        (Mark::Wrong, rest)
    } else {
        (Mark::Info, first.as_str())
    };
    let mut parts = vec![first];
    parts.extend(lines.iter().skip(1).map(String::as_str).filter(|l| keep(l)));
    Some(Verdict {
        mark,
        text: parts.join(" "),
    })
}

/// The engine work of a screen that asks for none (the editor, the opening rehearsal).
#[derive(Clone, Debug)]
pub enum NoWork {}

impl crate::tutor::screen::EngineTask for NoWork {
    type Output = ();

    fn run(self, _searcher: &mut crate::engine::search::Searcher) {
        match self {}
    }
}
