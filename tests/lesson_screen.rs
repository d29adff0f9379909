//! The lesson screen's model, driven without a terminal: every kind of step (reading,
//! question, find-move, play-out with its replies and passes), the tries and the
//! stars, the progress it saves and the "well done" choices.

use crate::common;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::engine::Square;
use othello_tutor::engine::endgame::Solver;
use othello_tutor::tutor::content::load_lessons;
use othello_tutor::tutor::lesson::{Lesson, Step};
use othello_tutor::tutor::models::lesson::{LessonScreen, STEP_KEYS, StepAction};
use othello_tutor::tutor::screen::{Answer, BoardModel, Effect, Mark, ProgressChange, Route};

fn lesson(order: u32) -> Lesson {
    load_lessons()
        .expect("the lessons load")
        .into_iter()
        .find(|l| l.order == order)
        .expect("the lesson exists")
}

fn at(order: u32, step: usize) -> Driver<LessonScreen> {
    let (model, effects) = LessonScreen::new(lesson(order), step);
    Driver::new(model, effects)
}

fn mark(d: &Driver<LessonScreen>) -> Option<Mark> {
    d.model.shown().verdict.map(|v| v.mark)
}

#[test]
fn a_reading_step_says_why_hint_and_answer_do_nothing() {
    let mut d = at(1, 0);
    assert!(matches!(d.model.lesson().steps[0], Step::Read(_)));
    d.act(StepAction::Hint);
    assert_eq!(
        d.verdict(),
        "No hint here: this step only reads (n goes on)."
    );
    d.act(StepAction::ShowAnswer);
    assert_eq!(
        d.verdict(),
        "Nothing to show: this step only reads (n goes on)."
    );
    d.choose("d3");
    assert_eq!(d.verdict(), "Nothing to play here: n goes on.");
    assert!(
        d.model.shown().input.is_none(),
        "no answer line on a reading step"
    );
}

#[test]
fn a_question_wrong_then_right_with_the_answer_line() {
    // Lesson 1, step 2: how many legal moves Black has at the start (4).
    let mut d = at(1, 1);
    assert_eq!(d.model.shown().input.as_deref(), Some("Answer: _"));
    assert!(
        !d.model.shown().board.markers,
        "markers would give the answer away"
    );
    d.act(StepAction::Next);
    assert_eq!(d.verdict(), "Answer first, or press s to see the answer.");
    d.choose("d3");
    assert_eq!(d.verdict(), "Type the answer, then Enter.");
    d.typed("5");
    assert_eq!(mark(&d), Some(Mark::Wrong));
    assert!(d.verdict().starts_with("✗ Not right."), "{}", d.verdict());
    d.typed("4");
    assert_eq!(mark(&d), Some(Mark::Right));
    assert!(d.model.shown().input.is_none(), "answered: no answer line");
    assert_eq!(d.model.attempts().wrong, 1);
    // Going on records the tries and the resume point.
    d.act(StepAction::Next);
    assert_eq!(d.model.index(), 2);
    let lp = d.progress.lesson(&d.model.lesson().id).expect("recorded");
    assert_eq!((lp.current_step, lp.attempts, lp.answered), (2, 1, 1));
    assert_eq!(
        d.verdict(),
        "",
        "the new step starts without the old verdict"
    );
}

#[test]
fn a_hint_is_in_the_verdict_line_and_counts() {
    let mut d = at(1, 1);
    d.act(StepAction::Hint);
    assert!(d.verdict().contains("Hint: "), "{}", d.verdict());
    assert_eq!(d.model.attempts().hints, 1);
}

#[test]
fn find_move_wrong_then_right_plays_the_move() {
    // Lesson 1, step 4: the move that flips the most discs is c4.
    let mut d = at(1, 3);
    let before = d.model.shown().board.position;
    d.choose("a1");
    assert!(
        d.verdict().contains("a1"),
        "an illegal square says so: {}",
        d.verdict()
    );
    assert_eq!(
        d.model.attempts().wrong,
        0,
        "an illegal square is not a try"
    );
    let wrong = before
        .legal_moves()
        .into_iter()
        .find(|&sq| sq != Square::parse("c4").unwrap())
        .expect("another legal move");
    d.choose(&wrong.to_string());
    assert_eq!(mark(&d), Some(Mark::Wrong));
    d.choose("c4");
    assert_eq!(mark(&d), Some(Mark::Right));
    let shown = d.model.shown().board;
    assert_eq!(shown.last, Square::parse("c4").ok());
    assert_eq!(
        shown.position,
        before.play_unchecked(Square::parse("c4").unwrap())
    );
    assert_eq!(shown.flips.len(), 6, "c4 flips six discs");
    d.choose("d3");
    assert_eq!(d.verdict(), "This step is answered: n goes on.");
}

#[test]
fn showing_the_answer_ends_the_step_and_says_the_answer() {
    let mut d = at(1, 3);
    d.act(StepAction::ShowAnswer);
    assert!(d.verdict().contains("The answer: c4"), "{}", d.verdict());
    assert!(d.model.done());
    d.act(StepAction::ShowAnswer);
    assert!(
        d.verdict().starts_with("This step is answered: n goes on."),
        "{}",
        d.verdict()
    );
}

#[test]
fn back_on_the_first_step_says_so() {
    let mut d = at(1, 0);
    d.act(StepAction::Back);
    assert_eq!(d.verdict(), "This is the lesson's first step.");
    let mut d = at(1, 2);
    d.act(StepAction::Back);
    assert_eq!(d.model.index(), 1);
}

/// The learner's best move in the play-out (by the exact solver).
fn best_move(d: &Driver<LessonScreen>) -> String {
    let pos = d.model.shown().board.position;
    let s = Solver::new(4).solve(&pos.board).expect("solved");
    s.best.expect("a move").to_string()
}

#[test]
fn a_play_out_won_with_the_replies_and_passes_finishes_the_lesson() {
    // Lesson 2's last step: win against the greedy player from 18 empties.
    let l = lesson(2);
    let last = l.steps.len() - 1;
    assert!(matches!(l.steps[last], Step::PlayOut(_)));
    let mut d = at(2, last);
    let learner = d.model.shown().board.position.to_move;
    let mut moves = 0;
    while d.model.finished().is_none() {
        let pos = d.model.shown().board.position;
        assert_eq!(
            pos.to_move, learner,
            "after the reply (and any pass) it is the learner's move"
        );
        assert!(!pos.must_pass(), "forced passes are played for the learner");
        let sq = best_move(&d);
        d.choose(&sq);
        moves += 1;
        assert!(moves < 20, "the play-out ends");
    }
    assert_eq!(mark(&d), Some(Mark::Right), "{}", d.verdict());
    assert!(d.model.shown().board.position.is_game_over());
    // The last step done: the lesson was finished in the progress at once.
    let finish = d
        .asked
        .iter()
        .any(|e| matches!(e, Effect::Progress(ProgressChange::LessonFinish { .. })));
    assert!(finish, "the finish was saved");
    let lp = d.progress.lesson(&l.id).expect("saved");
    assert!(lp.completed);
    assert!(d.panel().contains("Lesson finished"), "{}", d.panel());
    // n offers what to practise next.
    d.act(StepAction::Next);
    let Some(Effect::Choose { title, items, .. }) = d.asked.first() else {
        panic!("the well-done choices: {:?}", d.asked.len());
    };
    assert_eq!(title, "Well done");
    assert!(items[1].starts_with("a game: "), "{items:?}");
    d.answer(Answer::Item(1));
    assert!(matches!(
        d.asked.first(),
        Some(Effect::Go(Route::Practice(_)))
    ));
}

#[test]
fn a_missed_play_out_keeps_the_board_then_sets_it_up_again() {
    // Lesson 3's last step: 22 stable discs within two moves; the first legal moves
    // in square order do not make them.
    let l = lesson(3);
    let last = l.steps.len() - 1;
    let mut d = at(3, last);
    let start = d.model.shown().board.position;
    let mut guard = 0;
    while mark(&d) != Some(Mark::Wrong) {
        let pos = d.model.shown().board.position;
        let sq = pos.legal_moves().into_iter().next().expect("a move");
        d.choose(&sq.to_string());
        guard += 1;
        assert!(guard < 5, "the goal is decided within two moves");
    }
    assert!(
        d.panel().contains("The final board stays on screen"),
        "{}",
        d.panel()
    );
    assert_ne!(
        d.model.shown().board.position,
        start,
        "the final board stays"
    );
    d.choose("a1");
    assert_eq!(d.verdict(), "Set up again: try once more.");
    assert_eq!(d.model.shown().board.position, start);
    assert_eq!(d.model.attempts().wrong, 1);
}

#[test]
fn leaving_goes_back_to_the_list_on_this_lesson() {
    let mut d = at(1, 2);
    d.act(StepAction::Leave);
    match d.asked.first() {
        Some(Effect::Go(Route::Lessons(Some(id)))) => assert_eq!(id, &d.model.lesson().id),
        _ => panic!("back to the lesson list"),
    }
}

#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    let states: Vec<State<'_, LessonScreen>> = vec![
        ("reading", Box::new(|| at(1, 0))),
        ("reading, second step", Box::new(|| at(1, 2))),
        ("question", Box::new(|| at(1, 1))),
        (
            "question answered",
            Box::new(|| {
                let mut d = at(1, 1);
                d.typed("4");
                d
            }),
        ),
        ("find-move", Box::new(|| at(1, 3))),
        ("play-out", Box::new(|| at(2, lesson(2).steps.len() - 1))),
    ];
    assert_every_key_acts(STEP_KEYS, &states);
}
