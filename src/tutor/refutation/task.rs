//! The refutation as engine work for the screens' one worker: off the interface's
//! thread, stopped by the searcher's stop flag like every job.

use super::{Refutation, RefuteError, refute};
use crate::engine::search::Searcher;
use crate::engine::{Position, Square};
use crate::tutor::screen::EngineTask;

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

impl EngineTask for RefuteTask {
    type Output = Result<Refutation, RefuteError>;

    fn run(self, searcher: &mut Searcher) -> Result<Refutation, RefuteError> {
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
