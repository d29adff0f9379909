//! "Learn from your mistakes", driven without a terminal on a scripted game (a greedy
//! Black against engine level 3, Black's endgame moves graded as practice grades
//! them): each mistake is asked on the position before the move with nothing of the
//! answer shown; an answer is judged as practice grades (the grade's tolerance:
//! book, best or good); a right answer leaves the queue, a wrong one shows its
//! refutation and goes into the spaced review as a personal puzzle; every answer is
//! recorded for the coach, whose plan asks the last game's mistakes back and ticks
//! them off. Old progress files load.

use crate::common;

use common::models::{Driver, assert_every_key_acts};
use othello_tutor::engine::notation::to_obf;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Move, Square};
use othello_tutor::tutor::coach::{CoachEvent, Task, game_record, graded_mistake};
use othello_tutor::tutor::feedback::GOOD_MAX_LOSS;
use othello_tutor::tutor::mistakes::{MistakeRun, OpenedFrom, judge};
use othello_tutor::tutor::models::asked::Asked;
use othello_tutor::tutor::models::coach::today::{
    build_plan, item_status, mistakes_to_learn, plan_for_today,
};
use othello_tutor::tutor::models::mistakes::{
    MISTAKES_KEYS, MistakeResult, MistakesAction, MistakesScreen,
};
use othello_tutor::tutor::models::practice::{Env, GAME_OVER_KEYS, OverAction, PracticeScreen};
use othello_tutor::tutor::personal::{GradedMistake, graded_mistakes, personal_id};
use othello_tutor::tutor::progress::Progress;
use othello_tutor::tutor::screen::{Answer, BoardModel, Effect, ProgressChange, Route};
use othello_tutor::tutor::settings::feedback_values;
use std::collections::BTreeMap;

use common::games::scripted_game;

fn mistakes() -> Vec<GradedMistake> {
    let m = graded_mistakes(&scripted_game(), Color::Black);
    assert!(m.len() >= 2, "the scripted game has mistakes to ask: {m:?}");
    m
}

fn screen(mistakes: Vec<GradedMistake>) -> Driver<MistakesScreen> {
    let run = MistakeRun {
        mistakes,
        opponent: "Engine level 3".into(),
        from: OpenedFrom::Practice,
    };
    Driver::new(MistakesScreen::new(run, 1400.0), Vec::new())
}

#[test]
fn each_mistake_is_asked_on_the_position_before_it_with_nothing_shown() {
    let ms = mistakes();
    let d = screen(ms.clone());
    let shown = d.model.shown();
    assert_eq!(shown.board.position, ms[0].position);
    assert!(shown.board.labels.is_empty() && shown.board.highlights.is_empty());
    assert_eq!(d.model.refutation(), &Asked::Not);
    let panel = d.panel();
    assert!(panel.contains("Find a better move"), "{panel}");
    assert!(
        panel.contains(&format!("you played {}", ms[0].played)),
        "{panel}"
    );
    assert!(
        !panel.contains(&ms[0].best.to_string()),
        "the answer shown: {panel}"
    );
    assert!(
        panel.contains(&format!("Mistake 1 of {}", ms.len())),
        "{panel}"
    );
}

#[test]
fn the_best_move_solves_it_and_it_leaves_the_queue() {
    let ms = mistakes();
    let mut d = screen(ms.clone());
    d.choose(&ms[0].best.to_string());
    assert!(d.verdict().starts_with("✓"), "{}", d.verdict());
    assert_eq!(d.model.results(), &[MistakeResult::Solved]);
    assert_eq!(d.model.refutation(), &Asked::Not);
    // Nothing goes into the review; the answer is recorded for the coach.
    assert!(d.progress.puzzles.personal.is_empty());
    let r = d.progress.coach.relearned.last().expect("recorded");
    assert!(r.solved);
    assert_eq!(r.position, to_obf(&ms[0].position));
    assert_eq!(r.answer, ms[0].best.to_string());
    // A second answer is refused until n goes on.
    d.choose(&ms[0].played.to_string());
    assert!(d.verdict().contains("n goes on"), "{}", d.verdict());
    d.act(MistakesAction::Next);
    assert_eq!(d.model.mistake(), Some(&ms[1]));
    assert_eq!(d.model.shown().board.position, ms[1].position);
}

#[test]
fn the_same_mistake_again_shows_its_refutation_and_goes_into_the_review() {
    let ms = mistakes();
    let mut d = screen(ms.clone());
    let m = &ms[0];
    d.choose(&m.played.to_string());
    assert!(d.verdict().starts_with("✗"), "{}", d.verdict());
    assert_eq!(d.model.results(), &[MistakeResult::Missed]);
    // Its refutation, worded as the grade: the same loss as the game's grade.
    let view = d.model.refutation().view().expect("the refutation shown");
    let r = view.refutation();
    assert_eq!(r.wrong, m.played);
    assert_eq!(r.cost().discs, m.loss());
    // Shown at the end of its line; [ steps back to the position before the answer.
    assert_ne!(d.model.shown().board.position, m.position);
    for _ in 0..20 {
        d.act(MistakesAction::LineBack);
    }
    assert!(
        d.verdict().contains("before your answer"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.model.shown().board.position, m.position);
    d.act(MistakesAction::LineForward);
    assert_ne!(d.model.shown().board.position, m.position);
    d.act(MistakesAction::Refutation);
    assert_eq!(d.model.refutation(), &Asked::Not);
    assert_eq!(d.model.shown().board.position, m.position);
    d.act(MistakesAction::Refutation);
    assert!(d.model.refutation().view().is_some());
    // The mistake is a personal puzzle now, due in the spaced review.
    let id = personal_id(&m.position);
    assert!(
        d.progress.puzzles.personal.iter().any(|p| p.id == id),
        "{:?}",
        d.progress.puzzles.personal
    );
    assert!(d.progress.puzzles.review.contains(&id));
    assert!(!d.progress.coach.relearned.last().expect("recorded").solved);
}

#[test]
fn an_answer_is_right_exactly_when_it_is_within_the_grades_tolerance() {
    // Every legal move of every mistake, judged, against the feedback's own values.
    let mut searcher = Searcher::new(16, 16);
    for m in mistakes() {
        let values = feedback_values(&mut searcher, &m.position.board).expect("values");
        let best = values[0].discs();
        assert_eq!(best, m.best_value, "the grade's best value, again");
        for v in &values {
            let Move::Place(answer) = v.mv else { continue };
            let judged = judge(&mut searcher, &m, answer, 1500.0, 0).expect("judged");
            let within = best - v.discs() <= GOOD_MAX_LOSS && !(best > 0 && v.discs() <= 0);
            assert_eq!(
                judged.solved(),
                within,
                "{answer} worth {} against {best}: {:?}",
                v.discs(),
                judged.feedback.grade
            );
            assert_eq!(judged.refutation.is_some(), !within);
            if answer == m.played {
                assert_eq!(judged.feedback.grade, m.grade, "the game's grade, again");
                assert_eq!(judged.feedback.loss, m.loss());
            }
        }
    }
}

#[test]
fn an_illegal_answer_is_refused_and_nothing_is_judged() {
    let ms = mistakes();
    let mut d = screen(ms.clone());
    let empty = ms[0].position.board.empty();
    let occupied = Square::all()
        .find(|s| empty & s.bit() == 0)
        .expect("a disc");
    let effects = d.model.choose(
        occupied,
        othello_tutor::tutor::screen::Context {
            cursor: occupied,
            now: 0,
        },
    );
    assert!(effects.is_empty());
    assert!(d.verdict().starts_with("✗"), "{}", d.verdict());
    assert!(d.model.results().is_empty());
}

#[test]
fn the_end_says_how_many_were_found_and_where_the_others_went() {
    let ms: Vec<GradedMistake> = mistakes().into_iter().take(2).collect();
    let mut d = screen(ms.clone());
    d.choose(&ms[0].best.to_string());
    d.act(MistakesAction::Next);
    d.choose(&ms[1].played.to_string());
    d.act(MistakesAction::Next);
    assert!(d.model.is_done());
    let panel = d.panel();
    assert!(panel.contains("better move for 1 of 2 mistakes"), "{panel}");
    assert!(
        panel.contains("1 mistake went into your spaced review"),
        "{panel}"
    );
    d.act(MistakesAction::Leave);
    assert!(
        matches!(d.asked.as_slice(), [Effect::Close]),
        "{:?}",
        d.asked
    );
}

#[test]
fn every_key_does_something() {
    let ms = mistakes();
    let (a, b) = (ms.clone(), ms.clone());
    assert_every_key_acts(
        MISTAKES_KEYS,
        &[
            ("asking", Box::new(move || screen(a.clone()))),
            (
                "missed",
                Box::new(move || {
                    let mut d = screen(b.clone());
                    d.choose(&b[0].played.to_string());
                    d
                }),
            ),
        ],
    );
}

#[test]
fn the_game_over_dialog_and_the_review_open_it() {
    let practice = scripted_game();
    let env = Env::default();
    let (model, _) = PracticeScreen::open(practice.clone(), env);
    let mut d = Driver::new(model, Vec::new());
    let l = GAME_OVER_KEYS
        .iter()
        .position(|b| b.action == OverAction::Mistakes)
        .expect("the game-over key");
    // The game loaded over: the dialog comes when the game is seen over.
    d.act(othello_tutor::tutor::models::practice::Action::Review);
    let Some(Effect::Choose { items, .. }) = d.asked.first() else {
        panic!("the review dialog: {:?}", d.asked)
    };
    let last = items.len() - 1;
    assert!(
        items[last].starts_with("l  learn from your mistakes"),
        "{items:?}"
    );
    d.answer(Answer::Item(last));
    let Some(Effect::Go(Route::Mistakes(run))) = d.asked.first() else {
        panic!("the mistakes screen: {:?}", d.asked)
    };
    assert_eq!(run.mistakes, graded_mistakes(&practice, Color::Black));
    assert_eq!(run.from, OpenedFrom::Practice);
    assert_eq!(
        GAME_OVER_KEYS[l].keys[0],
        othello_tutor::tutor::screen::Key::Char('l')
    );
}

#[test]
fn the_coach_keeps_the_mistakes_and_its_plan_asks_them_back() {
    let practice = scripted_game();
    let record = game_record(&practice, &BTreeMap::new(), &BTreeMap::new(), 100).expect("a record");
    let asked: Vec<GradedMistake> = record.mistakes.iter().filter_map(graded_mistake).collect();
    assert_eq!(
        asked,
        graded_mistakes(&practice, Color::Black),
        "the same mistakes"
    );
    let mut p = Progress::default();
    p.coach.record(CoachEvent::Game(record));
    let run = mistakes_to_learn(&p).expect("the last game's mistakes");
    assert_eq!(run.mistakes, asked);
    assert_eq!(run.from, OpenedFrom::Coach);
    let report = othello_tutor::tutor::coach::report(&p.coach, &p.puzzles, &[], &[]);
    let plan = build_plan(&p, &report, &[], 1000);
    let item = &plan.items[0];
    let Task::LearnMistakes { count, .. } = &item.task else {
        panic!("the mistakes first: {plan:?}")
    };
    assert_eq!(*count as usize, asked.len());
    assert!(item.why.contains("find a better move"), "{}", item.why);
    assert_eq!(item_status(&plan, item, &p, 1000).done, 0);
    // Answering the first ticks one off; answering all leaves none to ask.
    let mut d = screen(asked.clone());
    d.progress = p;
    d.choose(&asked[0].best.to_string());
    let p = d.progress.clone();
    assert_eq!(item_status(&plan, item, &p, 1000).done, 1);
    assert_eq!(
        mistakes_to_learn(&p).expect("left").mistakes,
        asked[1..].to_vec()
    );
    for m in &asked[1..] {
        d.act(MistakesAction::Next);
        d.choose(&m.played.to_string());
    }
    assert!(mistakes_to_learn(&d.progress).is_none());
    assert!(item_status(&plan, item, &d.progress, 1000).ticked());
}

#[test]
fn an_old_progress_file_loads_with_no_answers_and_no_strength() {
    let dir = common::temp_data_dir("old-progress-43c");
    // A file of before "learn from your mistakes" and the strength estimate: a game
    // record whose mistake has no best move kept.
    let old = r#"version = 1

[coach]
next = 1

[[coach.games]]
seq = 0
at = 5
opponent = "Greedy"
learner = "Black"
result = "won"

[[coach.games.mistakes]]
number = 20
square = "b2"
empties = 40
lost = 6
grade = "mistake"
position = "---------------------------OX------XO--------------------------- X"
"#;
    std::fs::write(dir.join("progress.toml"), old).expect("written");
    let loaded = othello_tutor::tutor::progress::ProgressStore::new(&dir)
        .load()
        .expect("loads");
    assert!(loaded.notice().is_none(), "{:?}", loaded.notice());
    let p = loaded.progress;
    assert_eq!(p.coach.games.len(), 1);
    assert!(p.coach.relearned.is_empty());
    assert_eq!(p.strength.count, 0);
    assert!(p.strength.rating.is_none());
    // The old mistake cannot be asked back (no best move kept): no plan item for it.
    assert!(mistakes_to_learn(&p).is_none());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_personal_puzzle_of_a_practice_game_is_made_as_before() {
    // The refactor of personal puzzles: one per mistake, in game order, unique ids.
    let practice = scripted_game();
    let mut searcher = Searcher::new(16, 16);
    let puzzles = othello_tutor::tutor::personal::personal_puzzles(
        &practice,
        Color::Black,
        &mut searcher,
        1500.0,
        0,
    );
    let ms = graded_mistakes(&practice, Color::Black);
    assert!(!puzzles.is_empty() && puzzles.len() <= ms.len());
    for p in &puzzles {
        let m = ms
            .iter()
            .find(|m| personal_id(&m.position) == p.id)
            .expect("its mistake");
        assert_eq!(p.best, m.best.to_string());
        assert_eq!(p.played_value, m.played_value);
    }
    let _ = ProgressChange::AddPersonal { puzzles, now: 0 };
}

#[test]
fn a_later_game_s_mistakes_take_the_place_of_an_earlier_game_s_in_today_s_plan() {
    // The walk: a game, the coach (today's plan made), another game, the coach again
    // showed "Learn from the last game: 7 mistakes" above "…: 5 mistakes", and both
    // opened the last game's seven.
    let practice = scripted_game();
    let first = game_record(&practice, &BTreeMap::new(), &BTreeMap::new(), 100).expect("a record");
    let mut p = Progress::default();
    p.coach.record(CoachEvent::Game(first.clone()));
    let lessons: Vec<othello_tutor::tutor::lesson::Lesson> = Vec::new();
    let report = othello_tutor::tutor::coach::report(&p.coach, &p.puzzles, &lessons, &[]);
    let (plan, new) = plan_for_today(&p, &report, &lessons, 1000);
    assert!(new);
    p.coach.record(CoachEvent::Plan(plan.clone()));
    let learn = |plan: &othello_tutor::tutor::coach::DayPlan| -> Vec<Vec<String>> {
        plan.items
            .iter()
            .filter_map(|i| match &i.task {
                Task::LearnMistakes { positions, .. } => Some(positions.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(learn(&plan).len(), 1);
    // The second game, another one: its mistakes are other positions.
    let second = game_record(
        &common::games::graded_game(),
        &BTreeMap::new(),
        &BTreeMap::new(),
        200,
    )
    .expect("a record");
    let theirs: Vec<&str> = second
        .mistakes
        .iter()
        .map(|m| m.position.as_str())
        .collect();
    assert!(
        !theirs.is_empty()
            && theirs
                .iter()
                .all(|t| !learn(&plan)[0].iter().any(|o| o == t))
    );
    p.coach.record(CoachEvent::Game(second.clone()));
    let (plan, new) = plan_for_today(&p, &report, &lessons, 2000);
    assert!(new);
    let items = learn(&plan);
    assert_eq!(items.len(), 1, "one item for the last game: {plan:?}");
    let run = mistakes_to_learn(&p).expect("the last game's mistakes");
    assert_eq!(items[0].len(), run.mistakes.len());
    assert!(items[0].iter().all(|i| theirs.contains(&i.as_str())));
    // An earlier game's item answered in full stays, ticked.
    let mut done = Progress::default();
    done.coach.record(CoachEvent::Game(first));
    let (plan, _) = plan_for_today(&done, &report, &lessons, 1000);
    done.coach.record(CoachEvent::Plan(plan.clone()));
    for m in mistakes_to_learn(&done).expect("asked").mistakes {
        done.coach.record(CoachEvent::Relearned(
            othello_tutor::tutor::coach::RelearnRecord {
                seq: 0,
                at: 1500,
                position: othello_tutor::engine::notation::to_obf(&m.position),
                played: m.played.to_string(),
                answer: m.best.to_string(),
                solved: true,
            },
        ));
    }
    done.coach.record(CoachEvent::Game(second));
    let (plan, _) = plan_for_today(&done, &report, &lessons, 2000);
    assert_eq!(learn(&plan).len(), 2, "{plan:?}");
}
