//! Judging a puzzle move: the accepted answers, a wrong move's two values and its
//! reasons, an occupied square, the steps of a line, and an answer with a drawback.

use othello_tutor::tutor::puzzle::{Goal, Proof};

use crate::common_puzzles as helpers;
use helpers::embedded;

#[test]
fn judging_accepts_the_answers_and_explains_a_wrong_move() {
    let puzzles = embedded();
    let p = puzzles
        .iter()
        .find(|p| p.goal == Goal::Best && p.proof == Proof::Exact)
        .unwrap();
    let st = &p.steps[0];
    for sq in st.accepted {
        let j = p.judge(0, sq);
        assert!(j.correct && j.legal, "{j:?}");
        assert_eq!(j.why[0], p.why);
    }
    let wrong = st
        .position
        .legal_moves()
        .into_iter()
        .find(|&sq| !st.accepted.contains(sq))
        .unwrap();
    let j = p.judge(0, wrong);
    assert!(!j.correct && j.legal);
    assert!(
        j.why[0].starts_with(&format!("{wrong} is not the best")),
        "{j:?}"
    );
    assert!(j.why.len() >= 2, "{j:?}");
    let occupied = othello_tutor::engine::Square::all()
        .find(|&sq| st.position.disc_at(sq).is_some())
        .unwrap();
    let j = p.judge(0, occupied);
    assert!(!j.correct && !j.legal);
    assert_eq!(j.why, vec![format!("{occupied} is already occupied.")]);
    // A line: the second step has its own position and answer.
    let line = puzzles.iter().find(|p| p.goal == Goal::Line).unwrap();
    let second = &line.steps[1];
    assert!(line.judge(1, second.answer).correct);
    let wrong = second
        .position
        .legal_moves()
        .into_iter()
        .find(|&sq| !second.accepted.contains(sq))
        .unwrap();
    assert!(!line.judge(1, wrong).correct);
    assert_eq!(
        line.judge(0, line.steps[0].answer).why[0],
        format!("{} is right. Keep going.", line.steps[0].answer)
    );
}

/// Whether a sentence names a drawback of the move it speaks of.
fn names_a_drawback(line: &str) -> bool {
    line.contains("risky")
        || line.contains("X-square")
        || line.contains("C-square")
        || line.to_lowercase().contains("gives ")
}

#[test]
fn a_miss_gives_both_values() {
    let puzzles = embedded();
    let p = puzzles
        .iter()
        .find(|p| p.proof == Proof::Exact && p.goal == Goal::Best)
        .expect("an exact best puzzle");
    let st = &p.steps[0];
    let miss = st
        .position
        .legal_moves()
        .into_iter()
        .find(|&m| !st.accepted.contains(m))
        .expect("a move the puzzle does not accept");
    let j = p.judge(0, miss);
    assert!(!j.correct && j.legal);
    let best = format!("{:+}", p.value);
    let next = format!("{:+}", p.value - p.margin);
    assert!(
        j.why[0].contains(&best) && j.why[0].contains(&next),
        "{best} and {next} in {:?}",
        j.why
    );
    assert!(j.why[0].contains(&st.answer.to_string()), "{:?}", j.why);
}

#[test]
fn a_right_move_with_a_drawback_says_why_it_is_still_right() {
    let puzzles = embedded();
    let mut with_drawback = 0;
    for p in &puzzles {
        if names_a_drawback(&p.why) {
            with_drawback += 1;
            assert!(
                p.why.contains("is still the right move"),
                "{}: {}",
                p.id,
                p.why
            );
        }
        for (k, st) in p.steps.iter().enumerate() {
            let j = p.judge(k, st.answer);
            assert!(j.correct, "{}", p.id);
            if j.why.iter().any(|l| names_a_drawback(l)) {
                assert!(
                    j.why.iter().any(|l| l.contains("still")),
                    "{} step {}: {:?}",
                    p.id,
                    k + 1,
                    j.why
                );
            }
        }
    }
    assert!(with_drawback > 0, "some puzzle answers have a drawback");
}
