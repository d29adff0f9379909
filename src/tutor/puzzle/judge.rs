//! Judging a move played in a puzzle: whether the goal accepts it, and why, with the
//! values the proof established (or, given a solver, the exact value of the move).

use super::model::{Goal, Judgement, Proof, Puzzle};
use crate::engine::Square;
use crate::engine::endgame::Solver;
use crate::tutor::explain::plural;
use crate::tutor::explain::{contrast, describe, describe_sentences, illegal_reason, move_facts};
use crate::tutor::feedback::GOOD_MAX_LOSS;
use crate::tutor::values::{at_least_text, search_basis};

impl Puzzle {
    /// Judges `played` at step `step` (0-based): whether the goal accepts it, and why.
    /// A right move whose description names a drawback (a C-square, more moves for the
    /// opponent, …) is told why it is right all the same; a wrong move gets the values
    /// the proof established (the best value, and at the first step the most any move
    /// left out can score) and what tells it from the solution's move. Cheap: no search.
    pub fn judge(&self, step: usize, played: Square) -> Judgement {
        self.judge_with(step, played, None)
    }

    /// As [`Puzzle::judge`], and a wrong move of an exact puzzle gets its own exact value
    /// from `solver` ("f3 scores +2 with perfect play; the best, b6, scores +4"). The
    /// solve can take a moment at 20 empties and more: run it off the UI thread.
    pub fn judge_exactly(&self, step: usize, played: Square, solver: &mut Solver) -> Judgement {
        self.judge_with(step, played, Some(solver))
    }

    fn judge_with(&self, step: usize, played: Square, solver: Option<&mut Solver>) -> Judgement {
        let Some(st) = self.steps.get(step) else {
            return Judgement {
                correct: false,
                legal: false,
                why: vec![format!("This puzzle has no step {}.", step + 1)],
            };
        };
        let pos = &st.position;
        if !pos.board.is_legal(played) {
            return Judgement {
                correct: false,
                legal: false,
                why: vec![illegal_reason(pos, played)],
            };
        }
        if st.accepted.contains(played) {
            let mut why = Vec::new();
            if step + 1 == self.steps.len() {
                why.push(self.why.clone());
            } else {
                why.push(format!("{played} is right. Keep going."));
            }
            if let Some(f) = move_facts(pos, played) {
                let said = why.join(" ");
                let sentences = describe_sentences(&f);
                let new: Vec<_> = sentences
                    .iter()
                    .filter(|s| !said.contains(s.text.as_str()))
                    .take(3)
                    .collect();
                let drawback = sentences
                    .iter()
                    .any(|s| s.drawback && (said.contains(s.text.as_str()) || new.contains(&s)));
                why.extend(new.into_iter().map(|s| s.text.clone()));
                if drawback && !said.contains("still") {
                    why.push(self.still_right(played));
                }
            }
            return Judgement {
                correct: true,
                legal: true,
                why,
            };
        }
        let exact_value = match (self.proof, solver) {
            (Proof::Exact, Some(solver)) => solver
                .solve(&pos.board.play_unchecked(played))
                .ok()
                .map(|s| -s.score),
            _ => None,
        };
        let mut why = vec![self.miss_reason(step, played, st.answer, exact_value)];
        let diff = contrast(pos, played, st.answer);
        if diff.is_empty() {
            if let Some(f) = move_facts(pos, played) {
                why.extend(describe(&f).into_iter().take(2));
            }
        } else {
            why.extend(diff);
        }
        Judgement {
            correct: false,
            legal: true,
            why,
        }
    }

    /// Why an accepted move is right despite a drawback, from what the proof shows.
    fn still_right(&self, played: Square) -> String {
        let v = self.value;
        match (self.proof, self.goal) {
            _ if self.is_personal() => format!(
                "{played} is still right: it is within {} of the best move ({v:+}).",
                plural(GOOD_MAX_LOSS as u32, "disc", "discs")
            ),
            (Proof::Search { .. }, _) => format!(
                "{played} is still right: {} puts it {} ahead of every other move.",
                search_basis(),
                at_least_text(self.margin)
            ),
            (Proof::Exact, Goal::Win) => format!(
                "{played} is still right: it wins with perfect play, and no move left out does."
            ),
            (Proof::Exact, _) => {
                format!("{played} is still right: it keeps {v:+} with perfect play.")
            }
        }
    }

    /// The first sentence on a move the step does not accept, with the values known:
    /// the move's own exact value when given, else the bound the proof gives.
    fn miss_reason(
        &self,
        step: usize,
        played: Square,
        answer: Square,
        exact_value: Option<i32>,
    ) -> String {
        let v = self.value;
        // What every move left out of the first step scores at most.
        let bound = if self.is_personal() {
            Some(v - GOOD_MAX_LOSS - 1)
        } else if step == 0 {
            Some(v - self.margin)
        } else {
            None
        };
        let start = match self.goal {
            Goal::Win => format!("{played} does not win against the best defence"),
            _ => format!("{played} is not the best"),
        };
        match (self.proof, exact_value, bound) {
            (Proof::Exact, Some(x), _) if self.goal == Goal::Win => {
                format!("{start}: it scores {x:+} with perfect play, while {answer} wins ({v:+}).")
            }
            (Proof::Exact, Some(x), _) => format!(
                "{start}: it scores {x:+} with perfect play; the best, {answer}, scores {v:+}."
            ),
            (Proof::Exact, None, Some(b)) if self.goal == Goal::Win => format!(
                "{start}: with perfect play it scores at most {b:+}, while {answer} wins ({v:+})."
            ),
            (Proof::Exact, None, Some(b)) => format!(
                "{start}: with perfect play it scores at most {b:+}; the best, {answer}, scores {v:+}."
            ),
            (Proof::Exact, None, None) => format!(
                "{start}: with perfect play it scores less than {v:+}, which {answer} keeps."
            ),
            (Proof::Search { .. }, _, _) if self.is_personal() => format!(
                "{start}: the engine's deep search rates it more than {} below {answer} ({v:+}).",
                plural(GOOD_MAX_LOSS as u32, "disc", "discs")
            ),
            (Proof::Search { .. }, _, _) => format!(
                "{start}: {} puts {answer} {} above it.",
                search_basis(),
                at_least_text(self.margin)
            ),
        }
    }
}
