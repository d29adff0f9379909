//! The refutation of a wrong answer in a lesson: asked for with its key after a
//! wrong find-move answer or a missed play-out, worked out by the engine (the one
//! worker), then stepped through move by move.

use super::{Effects, LessonScreen, Reply};
use crate::engine::players::Choice;
use crate::engine::search::Searcher;
use crate::tutor::models::asked::Asked;
use crate::tutor::refutation::{Refutation, RefutationView, RefuteError, RefuteTask};
use crate::tutor::screen::{Effect, EngineTask};

/// The engine work of a lesson: the play-out opponent's reply, or a refutation.
#[derive(Clone, Debug)]
pub enum Work {
    /// The opponent's reply in a play-out.
    Reply(Reply),
    /// The refutation of the learner's wrong move.
    Refute(RefuteTask),
}

/// What the lesson's engine work hands back.
#[derive(Clone, Debug)]
pub enum Done {
    /// The opponent's reply (`None`: none).
    Replied(Option<Choice>),
    /// The refutation, or why there is none.
    Refuted(Box<Result<Refutation, RefuteError>>),
}

impl EngineTask for Work {
    type Output = Done;

    fn run(self, searcher: &mut Searcher) -> Done {
        match self {
            Work::Reply(r) => Done::Replied(r.run(searcher)),
            Work::Refute(t) => Done::Refuted(Box::new(t.run(searcher))),
        }
    }
}

/// How the refutation's line is stepped, as the lesson's key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl LessonScreen {
    /// The refutation key: work it out, or hide it when shown.
    pub(super) fn refutation(&mut self) -> Effects {
        match &self.refutation {
            Asked::Shown(_) | Asked::Unavailable(_) => {
                self.refutation = Asked::Not;
                self.say("Refutation hidden: r shows it again.");
                return Vec::new();
            }
            Asked::Working => {
                self.say("The refutation is being worked out: a moment.");
                return Vec::new();
            }
            Asked::Not => {}
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
            Work::Refute(RefuteTask {
                moves: self.missed.clone(),
            }),
        )]
    }

    /// The refutation came back.
    pub(super) fn refuted(&mut self, result: Result<Refutation, RefuteError>) -> Effects {
        match result {
            Ok(r) => {
                self.say(format!("Refutation: {}", r.headline()));
                self.refutation = Asked::Shown(Box::new(RefutationView::new(r)));
            }
            Err(e) => {
                self.say(format!("No refutation: {e}."));
                self.refutation = Asked::Unavailable(e.to_string());
            }
        }
        Vec::new()
    }

    /// `[` or `]`: one move back or on through the refutation's lines.
    pub(super) fn step_line(&mut self, forward: bool) {
        let Some(view) = self.refutation.view_mut() else {
            self.say("[ and ] step through a refutation: r shows one after a wrong move.");
            return;
        };
        let moved = if forward { view.forward() } else { view.back() };
        let caption = view.caption();
        if moved {
            self.say(caption);
        } else if forward {
            self.say("That is the end of the line: [ goes back.");
        } else {
            self.say("That is the position before the wrong move: ] goes on.");
        }
    }
}
