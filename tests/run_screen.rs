//! The Storm and Streak model, driven without a terminal: the clock from the times
//! handed in, a Storm miss valued as engine work (the run waits for it), the end of a
//! run saved once with its record, and every key in every state.

use crate::common;

use crate::common_puzzles;

use common_puzzles::plain_miss;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::models::runs::{RUN_KEYS, RunAction, RunScreen};
use othello_tutor::tutor::progress::ModeRecords;
use othello_tutor::tutor::puzzle::Puzzle;
use othello_tutor::tutor::puzzle::timed::RunMode;
use othello_tutor::tutor::screen::{BoardModel, Context, Effect, ProgressChange};

const T0: u64 = 1_800_000_000;

fn run(mode: RunMode) -> Driver<RunScreen> {
    let (model, effects) = RunScreen::new(
        mode,
        load_puzzles().expect("puzzles"),
        ModeRecords::default(),
        T0,
    );
    let mut d = Driver::new(model, effects);
    d.now = T0;
    d
}

fn current(d: &Driver<RunScreen>) -> Puzzle {
    d.model.run().current().expect("a puzzle").clone()
}

fn solve(d: &mut Driver<RunScreen>) {
    let p = current(d);
    for step in &p.steps {
        d.choose(
            &step
                .accepted
                .into_iter()
                .next()
                .expect("a move")
                .to_string(),
        );
    }
}

#[test]
fn storm_clock_penalty_and_the_end_saved_once() {
    let mut d = run(RunMode::Storm);
    assert!(d.model.ticking());
    assert!(
        d.panel().starts_with("3:00 left · solved 0"),
        "{}",
        d.panel()
    );
    let e = d.model.tick(T0 + 30);
    d.run(e);
    assert!(d.panel().starts_with("2:30 left"), "{}", d.panel());
    d.now = T0 + 30;
    solve(&mut d);
    assert!(d.verdict().contains("solved!"), "{}", d.verdict());
    // A miss waits for its near-miss value (engine work) before the clock pays.
    let p = current(&d);
    let sq = plain_miss(&p, 0);
    let work = d.model.choose(
        sq,
        Context {
            cursor: sq,
            now: d.now,
        },
    );
    assert!(matches!(work.as_slice(), [Effect::Run(..)]));
    assert!(d.panel().contains("Judging your move"), "{}", d.panel());
    d.choose("a1");
    assert_eq!(d.verdict(), "Your last move is being judged: a moment.");
    d.run(work);
    assert!(d.verdict().contains("is not it. -10 s."), "{}", d.verdict());
    assert!(
        d.panel().starts_with("2:20 left · solved 1 · missed 1"),
        "{}",
        d.panel()
    );
    // Time's up: the end is saved once, with the record.
    let e = d.model.tick(T0 + 170);
    d.run(e);
    assert!(
        d.verdict().starts_with("Time's up! You solved 1"),
        "{}",
        d.verdict()
    );
    let saves = d
        .asked
        .iter()
        .filter(|e| matches!(e, Effect::Progress(ProgressChange::RunFinished { .. })))
        .count();
    assert_eq!(saves, 1);
    assert_eq!(d.progress.modes.storm_best, 1);
    assert!(
        d.panel().contains("A new best: 1 (it was 0)"),
        "{}",
        d.panel()
    );
    let e = d.model.tick(T0 + 171);
    d.run(e);
    assert!(d.asked.is_empty(), "saved only once");
}

#[test]
fn streak_ends_at_the_first_miss_without_engine_work() {
    let mut d = run(RunMode::Streak);
    assert!(!d.model.ticking());
    solve(&mut d);
    let p = current(&d);
    let sq = plain_miss(&p, 0);
    let effects = d.model.choose(
        sq,
        Context {
            cursor: sq,
            now: d.now,
        },
    );
    assert!(!effects.iter().any(|e| matches!(e, Effect::Run(..))));
    d.run(effects);
    assert!(
        d.verdict().contains("The streak ends at 1."),
        "{}",
        d.verdict()
    );
    assert_eq!(d.progress.modes.streak_best, 1);
    d.act(RunAction::Restart);
    assert_eq!(d.verdict(), "A new Streak.");
    assert!(d.panel().starts_with("Streak 0 · best 1"), "{}", d.panel());
}

#[test]
fn every_key_acts_in_every_state() {
    let states: Vec<State<'_, RunScreen>> = vec![
        ("storm", Box::new(|| run(RunMode::Storm))),
        ("streak", Box::new(|| run(RunMode::Streak))),
        (
            "streak over",
            Box::new(|| {
                let mut d = run(RunMode::Streak);
                let p = current(&d);
                d.choose(&plain_miss(&p, 0).to_string());
                d
            }),
        ),
    ];
    assert_every_key_acts(RUN_KEYS, &states);
}
