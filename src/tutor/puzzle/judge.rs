//! Judging a move played in a puzzle: whether the goal accepts it, and why.

use super::model::{Goal, Judgement, Proof, Puzzle};
use crate::engine::Square;
use crate::tutor::explain::{contrast, describe, illegal_reason, move_facts};

impl Puzzle {
    /// Judges `played` at step `step` (0-based): whether the goal accepts it, and why
    /// (a wrong move is contrasted with the solution's move by the tutor's facts).
    pub fn judge(&self, step: usize, played: Square) -> Judgement {
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
                why.extend(
                    describe(&f)
                        .into_iter()
                        .filter(|l| !said.contains(l.as_str()))
                        .take(3),
                );
            }
            return Judgement {
                correct: true,
                legal: true,
                why,
            };
        }
        let mut why = vec![match self.goal {
            Goal::Win => format!("{played} does not win against the best defence."),
            _ if matches!(self.proof, Proof::Exact) => {
                format!("{played} is not the best: with perfect play it scores less.")
            }
            _ => format!("{played} is not the best: the engine's deep search rates it lower."),
        }];
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
}
