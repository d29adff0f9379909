//! The puzzle trainer's model, driven without a terminal: a right and a wrong move
//! (the wrong one valued as engine work for the near-miss rule), the result recorded
//! in the progress, a line puzzle's replies, the solution stepped through, a replay
//! unrated, a lesson's run and its score, and every key in every state.

use crate::common;

use crate::common_puzzles;

use common_puzzles::plain_miss;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::course::LessonRun;
use othello_tutor::tutor::models::puzzles::{Action, KEYS, PuzzleScreen};
use othello_tutor::tutor::puzzle::Puzzle;
use othello_tutor::tutor::puzzle_progress::PuzzleProgress;
use othello_tutor::tutor::screen::{Answer, BoardModel, Effect, Mark, ProgressChange, Route};

fn trainer() -> Driver<PuzzleScreen> {
    trainer_with(None)
}

fn trainer_with(run: Option<LessonRun>) -> Driver<PuzzleScreen> {
    let (model, effects) = PuzzleScreen::new(
        load_puzzles().expect("puzzles"),
        PuzzleProgress::default(),
        run,
        1_800_000_000,
    );
    Driver::new(model, effects)
}

fn current(d: &Driver<PuzzleScreen>) -> Puzzle {
    d.model.current().expect("a puzzle served").clone()
}

fn mark(d: &Driver<PuzzleScreen>) -> Option<Mark> {
    d.model.shown().verdict.map(|v| v.mark)
}

/// Plays the puzzle's solution, step by step.
fn solve(d: &mut Driver<PuzzleScreen>) {
    let p = current(d);
    for step in &p.steps {
        let sq = step.accepted.into_iter().next().expect("an accepted move");
        d.choose(&sq.to_string());
    }
}

#[test]
fn a_right_answer_is_in_the_verdict_with_the_rating_change() {
    let mut d = trainer();
    solve(&mut d);
    assert_eq!(mark(&d), Some(Mark::Right), "{}", d.verdict());
    assert!(d.verdict().contains("solved!"), "{}", d.verdict());
    assert!(
        d.verdict().contains("Your rating 1500 →"),
        "{}",
        d.verdict()
    );
    assert!(d.progress.puzzles.rating > 1500.0, "the result was saved");
    assert_eq!(
        d.model.progress(),
        &d.progress.puzzles,
        "the screen shows the saved progress"
    );
}

#[test]
fn a_wrong_move_is_valued_as_engine_work_then_recorded() {
    let mut d = trainer();
    let p = current(&d);
    let wrong = plain_miss(&p, 0);
    // Without running the work: the move is judged, the ratings wait.
    let effects = d.model.choose(
        wrong,
        othello_tutor::tutor::screen::Context {
            cursor: wrong,
            now: d.now,
        },
    );
    assert!(
        matches!(effects.as_slice(), [Effect::Run(..)]),
        "the near-miss rule is engine work"
    );
    assert!(
        d.model
            .shown()
            .verdict
            .unwrap()
            .line()
            .starts_with(&format!("✗ {wrong} is not it."))
    );
    assert!(d.panel().contains("Judging your move"), "{}", d.panel());
    // Keys that would serve another puzzle wait for the judgement (nothing is lost).
    d.act(Action::Next);
    assert_eq!(d.verdict(), "Your move is being judged: a moment.");
    d.run(effects);
    assert!(
        d.asked
            .iter()
            .any(|e| matches!(e, Effect::Progress(ProgressChange::PuzzleResult { .. }))),
        "the miss is recorded"
    );
    assert!(d.progress.puzzles.rating < 1500.0);
    assert!(d.panel().contains("Solution: "), "{}", d.panel());
    assert!(d.panel().contains("comes back tomorrow"), "{}", d.panel());
}

#[test]
fn a_replay_after_a_miss_is_unrated() {
    let mut d = trainer();
    let p = current(&d);
    d.choose(&plain_miss(&p, 0).to_string());
    let rating = d.progress.puzzles.rating;
    d.now += 26 * 3600;
    d.act(Action::Next);
    assert_eq!(
        current(&d).id,
        p.id,
        "the missed puzzle comes back when due"
    );
    assert!(d.verdict().starts_with("A review"), "{}", d.verdict());
    solve(&mut d);
    assert!(
        d.verdict().contains("the ratings do not move"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.progress.puzzles.rating, rating);
}

#[test]
fn the_solution_steps_only_once_the_puzzle_is_over() {
    let mut d = trainer();
    let start = d.model.shown().board.position;
    d.act(Action::SolutionForward);
    assert_eq!(
        d.verdict(),
        "[ and ] step through the solution once the puzzle is over."
    );
    solve(&mut d);
    d.act(Action::SolutionBack);
    assert_eq!(
        d.model.shown().board.position,
        start,
        "back to the puzzle's start"
    );
    d.act(Action::SolutionForward);
    let p = current(&d);
    let first = p.solution[0];
    assert_eq!(
        d.model.shown().board.position,
        start.play(first).expect("legal")
    );
}

#[test]
fn the_modes_menu_opens_a_mode() {
    let mut d = trainer();
    d.act(Action::Modes);
    let Some(Effect::Choose { items, keys, .. }) = d.asked.first() else {
        panic!("the modes menu");
    };
    assert_eq!(items.len(), 3);
    assert_eq!(keys.len(), 3);
    d.answer(Answer::Item(0));
    assert!(matches!(
        d.asked.first(),
        Some(Effect::Go(Route::PuzzleMode(
            othello_tutor::tutor::screen::PuzzleMode::Storm
        )))
    ));
}

#[test]
fn a_lesson_run_counts_and_saves_its_score() {
    let ids: Vec<String> = load_puzzles()
        .expect("puzzles")
        .iter()
        .take(2)
        .map(|p| p.id.clone())
        .collect();
    let run = LessonRun {
        lesson_id: "corners".into(),
        title: "Corners".into(),
        ids: ids.clone(),
        pass_mark: 2,
    };
    let mut d = trainer_with(Some(run));
    assert_eq!(current(&d).id, ids[0]);
    solve(&mut d);
    d.act(Action::Next);
    assert_eq!(current(&d).id, ids[1]);
    let p = current(&d);
    d.choose(&plain_miss(&p, 0).to_string());
    d.act(Action::Next);
    let Some(Effect::Choose { text, .. }) =
        d.asked.iter().find(|e| matches!(e, Effect::Choose { .. }))
    else {
        panic!("the run's end");
    };
    assert!(text.contains("You solved 1 of 2 (pass mark 2)"), "{text}");
    assert_eq!(
        d.progress.lesson("corners").and_then(|l| l.puzzle_score),
        Some((1, 2))
    );
    d.answer(Answer::Item(0));
    assert!(
        matches!(d.asked.first(), Some(Effect::Go(Route::Lessons(Some(id)))) if id == "corners")
    );
}

#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    let states: Vec<State<'_, PuzzleScreen>> = vec![
        ("solving", Box::new(trainer)),
        (
            "solved",
            Box::new(|| {
                let mut d = trainer();
                solve(&mut d);
                d
            }),
        ),
        (
            "judging",
            Box::new(|| {
                let mut d = trainer();
                let p = current(&d);
                let sq = plain_miss(&p, 0);
                let cx = othello_tutor::tutor::screen::Context {
                    cursor: sq,
                    now: d.now,
                };
                let _work = d.model.choose(sq, cx);
                d
            }),
        ),
    ];
    assert_every_key_acts(KEYS, &states);
}

#[test]
fn the_coachs_link_serves_corner_puzzles_with_an_x_square_to_turn_down() {
    use othello_tutor::tutor::puzzle::{Focus, NearCorner, Theme};
    let (model, effects) = PuzzleScreen::on_focus(
        load_puzzles().expect("puzzles"),
        PuzzleProgress::default(),
        Focus::Tempted(NearCorner::X),
        1_800_000_000,
    );
    let mut d = Driver::new(model, effects);
    assert!(
        d.panel().contains("theme: Corner, X-square to turn down"),
        "{}",
        d.panel()
    );
    for _ in 0..3 {
        let p = current(&d);
        assert!(p.has_theme(Theme::Corner), "{}", p.id);
        // Some legal X-square next to an empty corner is not an answer, and after it
        // the opponent can take that corner.
        let step = &p.steps[0];
        let tempting = [("b2", "a1"), ("g2", "h1"), ("b7", "a8"), ("g7", "h8")]
            .iter()
            .any(|&(x, c)| {
                let (x, c) = (x.parse().unwrap(), c.parse().unwrap());
                step.position.board.is_legal(x)
                    && !step.accepted.contains(x)
                    && step
                        .position
                        .board
                        .play_unchecked(x)
                        .legal_moves()
                        .contains(c)
            });
        assert!(tempting, "{}", p.id);
        solve(&mut d);
        d.act(Action::Next);
    }
}
