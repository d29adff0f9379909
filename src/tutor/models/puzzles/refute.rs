//! The refutation of a wrong move in a puzzle: asked for with its key once the
//! puzzle is over, worked out by the engine (the one worker), then stepped through
//! with the solution's keys.

use super::{Effects, NearMiss, Phase, PuzzleScreen};
use crate::engine::search::Searcher;
use crate::tutor::models::asked::Asked;
use crate::tutor::refutation::{Refutation, RefuteError, RefuteTask};
use crate::tutor::screen::{Effect, EngineTask};

/// The engine work of the puzzle trainer: the near-miss rule on a wrong move, or its
/// refutation.
#[derive(Clone, Debug)]
pub enum Work {
    /// Whether a wrong move is a near miss.
    NearMiss(NearMiss),
    /// The refutation of the wrong move.
    Refute(RefuteTask),
}

/// What the trainer's engine work hands back.
#[derive(Clone, Debug)]
pub enum Done {
    /// Whether the move was a near miss.
    NearMiss(bool),
    /// The refutation, or why there is none.
    Refuted(Box<Result<Refutation, RefuteError>>),
}

impl EngineTask for Work {
    type Output = Done;

    fn run(self, searcher: &mut Searcher) -> Done {
        match self {
            Work::NearMiss(n) => Done::NearMiss(n.run(searcher)),
            Work::Refute(t) => Done::Refuted(Box::new(t.run(searcher))),
        }
    }
}

/// How the refutation's line is stepped, as the trainer's key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl PuzzleScreen {
    /// The refutation key: work it out, or go back to the solution when shown.
    pub(super) fn refutation(&mut self) -> Effects {
        match &self.refutation {
            Asked::Shown(_) | Asked::Unavailable(_) => {
                self.refutation = Asked::Not;
                self.say(
                    "Back to the solution: [ and ] step through it; r shows the refutation again.",
                );
                return Vec::new();
            }
            Asked::Working => {
                self.say("The refutation is being worked out: a moment.");
                return Vec::new();
            }
            Asked::Not => {}
        }
        let Some((position, wrong)) = self.missed else {
            self.say("No wrong move to refute: r works after a wrong move.");
            return Vec::new();
        };
        if self.phase != Phase::Failed {
            self.say("Your move is being judged: a moment.");
            return Vec::new();
        }
        self.refutation = Asked::Working;
        self.say("Working out the refutation…");
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            Work::Refute(RefuteTask::one(position, wrong)),
        )]
    }

    /// The refutation came back.
    pub(super) fn refuted(&mut self, result: Result<Refutation, RefuteError>) -> Effects {
        let line = self.refutation.settle(result);
        self.say(line);
        Vec::new()
    }

    /// `[` or `]` while the refutation is shown.
    pub(super) fn step_line(&mut self, forward: bool) {
        let Some(view) = self.refutation.view_mut() else {
            return;
        };
        let moved = if forward { view.forward() } else { view.back() };
        let caption = view.caption();
        if moved {
            self.say(caption);
        } else if forward {
            self.say("That is the end of the line: [ goes back, r back to the solution.");
        } else {
            self.say("That is the position before your move: ] goes on.");
        }
    }
}
