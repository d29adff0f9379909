//! The refutation of a wrong answer in a lesson: asked for with its key after a
//! wrong find-move answer or a missed play-out, worked out by the engine (the one
//! worker), then stepped through move by move.

use super::{Effects, LessonScreen, Reply};
use crate::engine::players::Choice;
use crate::tutor::models::asked::{self, Asked, Press, Stepped};
use crate::tutor::refutation::{Refutation, RefuteError, RefuteTask};
use crate::tutor::screen::Effect;

/// The engine work of a lesson: the play-out opponent's reply, or a refutation.
pub type Work = asked::Work<Reply>;

/// What the lesson's engine work hands back: the opponent's reply (`None`: none), or
/// the refutation.
pub type Done = asked::Done<Option<Choice>>;

/// How the refutation's line is stepped, as the lesson's key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl LessonScreen {
    /// The refutation key: work it out, or hide it when shown.
    pub(super) fn refutation(&mut self) -> Effects {
        match self.refutation.press() {
            Press::Hidden => {
                self.say("Refutation hidden: r shows it again.");
                return Vec::new();
            }
            Press::Busy => {
                self.say("The refutation is being worked out: a moment.");
                return Vec::new();
            }
            Press::Ask => {}
        }
        if self.missed.is_empty() {
            self.say("No wrong move to refute: r works after a wrong answer.");
            return Vec::new();
        }
        if self.job.busy() {
            self.say("The opponent is thinking: wait for its move.");
            return Vec::new();
        }
        self.refutation = Asked::Working;
        self.say("Working out the refutation…");
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            asked::Work::Refute(RefuteTask {
                moves: self.missed.clone(),
            }),
        )]
    }

    /// The refutation came back.
    pub(super) fn refuted(&mut self, result: Result<Refutation, RefuteError>) -> Effects {
        let line = self.refutation.settle(result);
        self.say(line);
        Vec::new()
    }

    /// `[` or `]`: one move back or on through the refutation's lines.
    pub(super) fn step_line(&mut self, forward: bool) {
        match self.refutation.step(forward) {
            None => self.say("[ and ] step through a refutation: r shows one after a wrong move."),
            Some(Stepped::Moved(caption)) => self.say(caption),
            Some(Stepped::AtEnd) => self.say("That is the end of the line: [ goes back."),
            Some(Stepped::AtStart) => {
                self.say("That is the position before the wrong move: ] goes on.")
            }
        }
    }
}
