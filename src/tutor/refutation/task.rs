//! The refutation as a task: one move, or the costliest of several, refuted with a
//! searcher (the screens run it as engine work: [`crate::tutor::models::asked`]),
//! stopped by the searcher's stop flag like every job.

use super::{Refutation, RefuteError, refute};
use crate::engine::search::Searcher;
use crate::engine::{Position, Square};

/// Refute the learner's move, or the costliest of several (a play-out's moves):
/// each searched at the refutation settings, the first of the costliest kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefuteTask {
    /// The learner's moves, each with the position it was played in.
    pub moves: Vec<(Position, Square)>,
}

impl RefuteTask {
    /// Refute one move.
    pub fn one(position: Position, wrong: Square) -> RefuteTask {
        RefuteTask {
            moves: vec![(position, wrong)],
        }
    }
}

impl RefuteTask {
    /// Refutes each move and keeps the first of the costliest (see the type).
    pub fn run(self, searcher: &mut Searcher) -> Result<Refutation, RefuteError> {
        let mut best: Option<Refutation> = None;
        let mut error = None;
        for (position, wrong) in self.moves {
            match refute(searcher, &position, wrong) {
                Ok(r) => {
                    if best
                        .as_ref()
                        .is_none_or(|b| r.cost().discs > b.cost().discs)
                    {
                        best = Some(r);
                    }
                }
                Err(RefuteError::Stopped) => return Err(RefuteError::Stopped),
                Err(e) => error = Some(e),
            }
        }
        best.ok_or(error.unwrap_or(RefuteError::Stopped))
    }
}
