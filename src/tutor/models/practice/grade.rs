//! The grade of the learner's move: its verdict line (the grade's summary line,
//! [`crate::tutor::feedback::summary_line`], with its mark), and what the model keeps
//! of a grade when it comes back from the engine, an interim grade's exact successor
//! included.

use super::{Effects, GradeStage, PracticeScreen};
use crate::engine::analysis::MoveValue;
use crate::engine::{Position, Square};
use crate::tutor::feedback::{Feedback, Grade, summary_line};
use crate::tutor::refutation::Refutation;
use crate::tutor::screen::{Mark, Verdict};

/// The verdict line of a grade: ✓ for a book, best or good move, ✗ for an error.
pub(super) fn grade_verdict(fb: &Feedback) -> Verdict {
    let mark = match fb.grade {
        Grade::Book | Grade::Best | Grade::Good => Mark::Right,
        _ if fb.grade.is_error() => Mark::Wrong,
        _ => Mark::Info,
    };
    Verdict {
        mark,
        text: summary_line(fb),
    }
}

/// The verdict line of a grade made by a search while its exact values are worked out.
fn interim_verdict(fb: &Feedback) -> Verdict {
    let mut v = grade_verdict(fb);
    if !v.text.ends_with('.') {
        v.text.push('.');
    }
    v.text.push_str(" The exact grade follows while you think.");
    v
}

impl PracticeScreen {
    /// Takes in the grade of the learner's move `sq` (the move at `index`, played from
    /// `before`): the feedback, its lines and its refutation, and the verdict line.
    /// An interim grade is marked for its exact grade, which replaces it (and its
    /// verdict line, if still shown; else the log says so).
    pub(super) fn graded(
        &mut self,
        before: Position,
        sq: Square,
        index: usize,
        values: Option<Vec<MoveValue>>,
        refutation: Option<Refutation>,
        stage: GradeStage,
    ) -> Effects {
        let fb = values
            .as_deref()
            .and_then(|v| crate::tutor::feedback::grade_move(&before, sq, v))
            .map(|fb| Feedback {
                interim: stage == GradeStage::Interim,
                ..fb
            });
        let Some(fb) = fb else {
            if stage == GradeStage::Exact {
                // Stopped (the learner acted): taken up again at the next turn.
                return Vec::new();
            }
            self.tell(format!("{sq} could not be graded."));
            return self.go_on();
        };
        let shown_before = self.practice.feedback_at(index).map(interim_verdict);
        match &refutation {
            Some(r) => {
                self.refutations.insert(index, r.clone());
            }
            None => {
                self.refutations.remove(&index);
            }
        }
        match stage {
            GradeStage::Final => {
                self.refuted = refutation.map(|r| (index, r));
                self.verdict = Some(grade_verdict(&fb));
            }
            GradeStage::Interim => {
                self.refuted = refutation.map(|r| (index, r));
                self.verdict = Some(interim_verdict(&fb));
            }
            GradeStage::Exact => {
                if self.refuted.as_ref().is_some_and(|(at, _)| *at == index) {
                    self.refuted = refutation.map(|r| (index, r));
                }
                let number = self.practice.game().move_number(index);
                if self.verdict.is_some() && self.verdict == shown_before {
                    // The summary line names the move: "Exact now: g8: blunder, ...".
                    let mut v = grade_verdict(&fb);
                    v.text = format!("Exact now: {}", v.text);
                    self.verdict = Some(v);
                }
                self.event(format!(
                    "Move {number} ({sq}) graded exactly: {}.",
                    fb.grade
                ));
            }
        }
        match values
            .as_deref()
            .and_then(|v| crate::tutor::coach::GradeLines::of(&before, &fb, v))
        {
            Some(lines) => self.lines.insert(index, lines),
            None => self.lines.remove(&index),
        };
        self.practice.set_feedback_at(index, fb);
        self.go_on()
    }
}
