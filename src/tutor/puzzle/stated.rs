//! The facts a puzzle's explanation states, replayed on its board (`check-content`
//! and the tests): every sentence the tutor writes about the answer carries its
//! facts, and a searched value is stated with the precision it has ("about +5",
//! "some 20 discs or more"), never as if exact.

use super::error::{PuzzleError, PuzzleProblem};
use super::model::{Proof, Puzzle};
use crate::engine::{Color, Square};
use crate::tutor::explain::{describe_sentences, move_facts};
use crate::tutor::facts::{Claim, Fact, FactError};
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
    if let Some(st) = p.steps.first() {
        for fact in why_claims(&p.why, st.answer, st.position.to_move) {
            if let Err(e) = fact.check(&st.position, None) {
                push("why", e);
            }
        }
    }
    if let Proof::Search { .. } = p.proof {
        let wants = [
            format!("about {:+}", rounded(p.value)),
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

/// The counts an explanation states about its answer `key` (played by `me`), read
/// back from its words: "after b7 White has only 1 move", "White is left with 3
/// moves", "makes 2 more of your discs permanent, 9 in all", "plays into a region of
/// 3 empty squares", "after h2 White has no move and must pass".
pub fn why_claims(why: &str, key: Square, me: Color) -> Vec<Fact> {
    let words: Vec<&str> = why
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let colour = |w: &str| match w {
        "Black" => Some(Color::Black),
        "White" => Some(Color::White),
        _ => None,
    };
    let after = |sq: Square, claim: Claim| Fact {
        after: vec![sq],
        claim,
    };
    let mut out = Vec::new();
    for i in 0..words.len() {
        let w = &words[i..];
        match w {
            ["after", sq, c, "has", "only", n, "move" | "moves", ..] => {
                if let (Ok(sq), Some(c), Ok(n)) = (Square::parse(sq), colour(c), n.parse()) {
                    out.push(after(sq, Claim::Moves(c, n)));
                }
            }
            [
                "after",
                sq,
                c,
                "has",
                "no",
                "move",
                "and",
                "must",
                "pass",
                ..,
            ] => {
                if let (Ok(sq), Some(c)) = (Square::parse(sq), colour(c)) {
                    out.push(after(sq, Claim::MustPass(c)));
                }
            }
            [c, "is", "left", "with", n, "move" | "moves", ..] => {
                if let (Some(c), Ok(n)) = (colour(c), n.parse()) {
                    out.push(after(key, Claim::Moves(c, n)));
                }
            }
            [
                "makes",
                more,
                "more",
                "of",
                "your",
                "discs",
                "permanent",
                all,
                "in",
                "all",
                ..,
            ] => {
                if let (Ok(more), Ok(all)) = (more.parse::<u32>(), all.parse::<u32>()) {
                    out.push(after(key, Claim::Stable(me, all)));
                    out.push(Fact::now(Claim::Stable(me, all.saturating_sub(more))));
                }
            }
            ["plays", "into", "a", "region", "of", n, "empty", ..] => {
                if let Ok(n) = n.parse() {
                    out.push(Fact::now(Claim::Region(key, n)));
                }
            }
            _ => {}
        }
    }
    out
}
