//! The refutation of the learner's graded mistake in a practice game: made from the
//! grade's own values in the worker (so its cost is the grade's loss), shown with the
//! best-move key, stepped through with the line keys.

use super::{Busy, Effects, PracticeScreen, Task, panel};
use crate::tutor::models::asked::{Asked, Press};
use crate::tutor::refutation::{Refutation, RefutationView, RefuteError};
use crate::tutor::screen::Verdict;

/// How the refutation's line is stepped, as the practice key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl PracticeScreen {
    /// The best-move key: the best move instead of the latest graded one and, for a
    /// mistake, its refutation; again: hide the refutation.
    pub(super) fn show_best(&mut self) -> Effects {
        match self.refutation.press() {
            Press::Hidden => {
                self.tell("Refutation hidden: s shows it again.");
                return Vec::new();
            }
            Press::Busy => {
                self.tell("The refutation is being worked out: a moment.");
                return Vec::new();
            }
            Press::Ask => {}
        }
        let Some((index, fb)) = panel::latest_feedback(&self.practice) else {
            self.tell("No graded move yet: s shows the best move after one.");
            return Vec::new();
        };
        if fb.best == fb.played {
            self.tell(format!("{} was the best move.", fb.played));
            return Vec::new();
        }
        let (played, best, grade) = (fb.played, fb.best, fb.grade);
        let best_value = crate::tutor::feedback::value_words(fb, fb.best_value);
        self.show_best = true;
        if !grade.is_error() {
            let line = format!(
                "Instead of {played} (move {}): best {best} ({best_value}), shown in the panel.",
                self.practice.game().move_number(index),
            );
            self.tell(line);
            return Vec::new();
        }
        if let Some((at, r)) = &self.refuted
            && *at == index
            && r.wrong == played
            && r.position() == self.practice.game().position_at(index)
        {
            let r = r.clone();
            self.show_refutation(index, r);
            return Vec::new();
        }
        if self.busy != Busy::Idle {
            self.tell("Wait until the engine has finished, then s again.");
            return Vec::new();
        }
        let before = self.practice.game().position_at(index);
        self.verdict = Some(Verdict::info("Working out the refutation…"));
        let effects = self.start(
            Busy::Refuting,
            Task::Refute {
                before,
                sq: played,
                index,
            },
        );
        self.refutation = Asked::Working;
        effects
    }

    fn show_refutation(&mut self, index: usize, r: Refutation) {
        // The grade of the move states its cost: the refutation says it the same way.
        let r = match self.practice.feedback_at(index) {
            Some(fb) => {
                let stated = |discs| crate::tutor::values::StatedValue {
                    discs,
                    exact: fb.exact,
                    depth: fb.depth,
                };
                r.as_graded(stated(fb.played_value), fb.best, stated(fb.best_value))
            }
            None => r,
        };
        self.verdict = Some(Verdict::wrong(format!("Refutation: {}", r.headline())));
        self.refutation = Asked::Shown(Box::new(RefutationView::new(r)));
    }

    /// A refutation asked for came back.
    pub(super) fn refuted(
        &mut self,
        index: usize,
        result: Result<Refutation, RefuteError>,
    ) -> Effects {
        match result {
            Ok(r) => {
                self.refutations.insert(index, r.clone());
                self.refuted = Some((index, r.clone()));
                self.show_refutation(index, r);
            }
            Err(e) => {
                self.tell(format!("No refutation: {e}."));
                self.refutation = Asked::Unavailable(e.to_string());
            }
        }
        self.go_on()
    }

    /// `[` or `]`: one move back or on through the refutation's lines.
    pub(super) fn step_line(&mut self, forward: bool) {
        let Some(view) = self.refutation.view_mut() else {
            self.tell("[ and ] step through a refutation: s shows one after a mistake.");
            return;
        };
        let moved = if forward { view.forward() } else { view.back() };
        let caption = view.caption();
        if moved {
            self.verdict = Some(Verdict::info(caption));
        } else if forward {
            self.verdict = Some(Verdict::info("That is the end of the line: [ goes back."));
        } else {
            self.verdict = Some(Verdict::info(
                "That is the position before your move: ] goes on.",
            ));
        }
    }
}
