//! The refutation of a wrong move in a puzzle: asked for with its key once the
//! puzzle is over, worked out by the engine (the one worker), then stepped through
//! with the solution's keys.

use super::{Effects, NearMiss, Phase, PuzzleScreen};
use crate::tutor::models::asked::{self, Asked, Press, Stepped};
use crate::tutor::refutation::{Refutation, RefuteError, RefuteTask};
use crate::tutor::screen::Effect;

/// The engine work of the puzzle trainer: the near-miss rule on a wrong move, or its
/// refutation.
pub type Work = asked::Work<NearMiss>;

/// What the trainer's engine work hands back: whether the move was a near miss, or
/// the refutation.
pub type Done = asked::Done<bool>;

/// How the refutation's line is stepped, as the trainer's key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl PuzzleScreen {
    /// The refutation key: work it out, or go back to the solution when shown.
    pub(super) fn refutation(&mut self) -> Effects {
        match self.refutation.press() {
            Press::Hidden => {
                self.say(
                    "Back to the solution: [ and ] step through it; r shows the refutation again.",
                );
                return Vec::new();
            }
            Press::Busy => {
                self.say("The refutation is being worked out: a moment.");
                return Vec::new();
            }
            Press::Ask => {}
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
            asked::Work::Refute(RefuteTask::one(position, wrong)),
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
        match self.refutation.step(forward) {
            None => {}
            Some(Stepped::Moved(caption)) => self.say(caption),
            Some(Stepped::AtEnd) => {
                self.say("That is the end of the line: [ goes back, r back to the solution.")
            }
            Some(Stepped::AtStart) => self.say("That is the position before your move: ] goes on."),
        }
    }
}
