//! The facts a puzzle's explanation states, replayed on its board (`check-content`
//! and the tests): every sentence the tutor writes about the answer carries its
//! facts, and a searched value is stated with the precision it has ("about +5",
//! "some 20 discs or more", with the depth), never as if exact.

use super::error::{PuzzleError, PuzzleProblem};
use super::model::{Proof, Puzzle};
use crate::tutor::explain::{describe_sentences, move_facts};
use crate::tutor::facts::FactError;
use crate::tutor::values::{at_least_text, rounded};

/// What is wrong with the facts `p` states: a sentence about its answer the board
/// contradicts, or a searched value written with a precision it does not have.
pub fn stated_fact_errors(p: &Puzzle) -> Vec<PuzzleError> {
    let mut out = Vec::new();
    let mut push = |field: &str, e: FactError| {
        out.push(PuzzleError::new(
            &p.file,
            Some(&p.id),
            Some(field),
            PuzzleProblem::StatedFact(Box::new(e)),
        ))
    };
    for st in &p.steps {
        let Some(f) = move_facts(&st.position, st.answer) else {
            continue;
        };
        for s in describe_sentences(&f) {
            for fact in &s.facts {
                if let Err(e) = fact.check(&st.position, None) {
                    push("why", e);
                }
            }
        }
    }
    if let Proof::Search { depth } = p.proof {
        let wants = [
            format!("about {:+}", rounded(p.value)),
            format!("(depth {depth})"),
            at_least_text(p.margin),
        ];
        for w in wants {
            if !p.why.contains(&w) {
                push(
                    "why",
                    FactError::Unreadable {
                        text: p.why.clone(),
                        why: format!("a searched value must be stated as `{w}`"),
                    },
                );
            }
        }
    }
    out
}
