//! At 80×24 the result of the learner's action stands on the verdict line under the
//! board, in sight without scrolling: right and wrong answers in a puzzle, a lesson's
//! find-move step and question, and a practice move.

use crate::common;

use common::verdict;

use common::{Harness, open_first_lesson, practice, temp_data_dir, vs_level};
use cursive::event::{Event, Key};

/// The puzzle whose id the panel shows (it is in sight at 80x24).
fn shown_puzzle(t: &str) -> othello_tutor::tutor::puzzle::Puzzle {
    let id = t
        .lines()
        .filter(|l| l.contains("   rating "))
        .find_map(|l| l.split("Puzzle ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("a puzzle id in sight:\n{t}"))
        .to_string();
    othello_tutor::tutor::content::load_puzzles()
        .expect("puzzles load")
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("the shown puzzle {id}"))
}

fn enter(h: &mut Harness, square: &str) {
    h.keys(square);
    h.send(Event::Key(Key::Enter));
}

#[test]
fn a_puzzle_answer_shows_its_verdict_and_rating_change() {
    let mut h = Harness::with_dir(80, 24, temp_data_dir("verdict-puzzle"));
    h.keys("2");
    let t = h.text();
    let puzzle = shown_puzzle(&t);
    let step = &puzzle.steps[0];
    let wrong = step
        .position
        .legal_moves()
        .into_iter()
        .find(|m| !step.accepted.contains(*m))
        .expect("a wrong move");
    enter(&mut h, &wrong.to_string());
    // The miss is valued off the interface's thread (the near-miss rule) first.
    let v = verdict(&h.wait_for("Your rating 1500 →"));
    assert!(
        v.starts_with(&format!("✗ {wrong} is not it.")),
        "{v}\n{}",
        h.text()
    );
    assert!(v.contains("Your rating 1500 →"), "{v}");
    // The next puzzle, solved.
    h.keys("n");
    let t = h.text();
    let puzzle = shown_puzzle(&t);
    for step in &puzzle.steps {
        let mv = step.accepted.into_iter().next().expect("an accepted move");
        enter(&mut h, &mv.to_string());
    }
    let v = verdict(&h.text());
    assert!(
        v.starts_with('✓') && v.contains("solved"),
        "{v}\n{}",
        h.text()
    );
}

#[test]
fn a_lesson_find_move_and_question_show_their_verdicts() {
    let mut h = Harness::with_dir(80, 24, temp_data_dir("verdict-lesson"));
    open_first_lesson(&mut h);
    h.keys("n");
    // Step 2, a question: a wrong count, then the right one (Black has 4 moves).
    enter(&mut h, "3");
    let v = verdict(&h.text());
    assert!(v.starts_with("✗ Not right."), "{v}\n{}", h.text());
    enter(&mut h, "4");
    let v = verdict(&h.text());
    assert!(v.starts_with("✓ Right."), "{v}\n{}", h.text());
    h.keys("n");
    h.keys("n");
    // Step 4: find the move that flips the most discs (c4).
    let t = h.text();
    assert!(t.contains("Step 4 of 7"), "{t}");
    enter(&mut h, "g5");
    let v = verdict(&h.text());
    assert!(v.starts_with("✗ Not right."), "{v}\n{}", h.text());
    h.keys("i");
    let v = verdict(&h.text());
    assert!(v.contains("Hint: "), "the hint in sight: {v}\n{}", h.text());
    enter(&mut h, "c4");
    let v = verdict(&h.text());
    assert!(v.starts_with("✓ Right."), "{v}\n{}", h.text());
}

#[test]
fn a_practice_move_shows_its_grade() {
    let mut h = Harness::with_dir(80, 24, temp_data_dir("verdict-practice"));
    practice(&mut h, vs_level(1, true));
    h.wait_for("Your move, Black");
    enter(&mut h, "f5");
    h.wait_for("Your move, Black");
    let v = verdict(&h.text());
    assert!(v.starts_with("✓ f5: book"), "{v}\n{}", h.text());
}

#[test]
fn keys_with_nothing_to_do_on_a_reading_step_say_so() {
    let mut h = Harness::with_dir(80, 24, temp_data_dir("verdict-reading"));
    open_first_lesson(&mut h);
    h.keys("i");
    assert!(
        verdict(&h.text()).starts_with("No hint here"),
        "{}",
        h.text()
    );
    h.keys("s");
    assert!(
        verdict(&h.text()).starts_with("Nothing to show"),
        "{}",
        h.text()
    );
    h.keys("p");
    assert!(
        verdict(&h.text()).starts_with("This is the lesson's first step"),
        "{}",
        h.text()
    );
}
