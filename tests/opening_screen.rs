//! The opening rehearsal's model, driven without a terminal: a right move and the book's
//! answer, a miss with the line's move marked, the line finished and recorded once,
//! and every key in every state.

use crate::common;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::engine::Color;
use othello_tutor::tutor::models::opening::{OPENING_KEYS, OpeningAction, OpeningScreen};
use othello_tutor::tutor::openings::{OpeningProgress, RehearsalSetup, embedded};
use othello_tutor::tutor::screen::{BoardModel, Effect, Mark, ProgressChange, Route};

fn tiger() -> Driver<OpeningScreen> {
    let line = embedded().find("Tiger").expect("the Tiger").clone();
    let mut setup = RehearsalSetup::new(line, 7);
    setup.learner = Color::Black;
    Driver::new(
        OpeningScreen::new(setup, OpeningProgress::default(), 1_800_000_000),
        Vec::new(),
    )
}

/// A legal move other than the line's.
fn a_wrong_move(d: &Driver<OpeningScreen>) -> othello_tutor::engine::Square {
    let expected = d.model.rehearsal().expected().expect("the line's move");
    d.model
        .rehearsal()
        .position()
        .legal_moves()
        .into_iter()
        .find(|&m| m != expected)
        .expect("another move")
}

#[test]
fn a_miss_then_the_line_played_through_is_recorded_once() {
    let mut d = tiger();
    let first = d.model.rehearsal().expected().expect("the learner's move");
    d.choose(&first.to_string());
    assert!(
        d.verdict().starts_with(&format!("✓ {first}: right.")),
        "{}",
        d.verdict()
    );
    let expected = d.model.rehearsal().expected().expect("the next move");
    let wrong = a_wrong_move(&d);
    d.choose(&wrong.to_string());
    assert_eq!(d.model.shown().verdict.map(|v| v.mark), Some(Mark::Wrong));
    assert_eq!(
        d.model.shown().board.highlights,
        vec![expected],
        "the line's move is marked"
    );
    let mut guard = 0;
    while !d.model.rehearsal().is_finished() {
        let sq = d.model.rehearsal().expected().expect("a move");
        d.choose(&sq.to_string());
        guard += 1;
        assert!(guard < 10);
    }
    let records = d
        .asked
        .iter()
        .filter(|e| {
            matches!(
                e,
                Effect::Progress(ProgressChange::OpeningRehearsed { clean: false, .. })
            )
        })
        .count();
    assert_eq!(records, 1);
    assert!(
        d.panel().contains("Played through, with a miss."),
        "{}",
        d.panel()
    );
    assert!(
        d.panel().contains("It comes back tomorrow."),
        "{}",
        d.panel()
    );
    assert_eq!(d.progress.openings.line("Tiger").map(|r| r.clean), Some(0));
    // Nothing more to play: said, and not recorded again.
    d.choose("a1");
    assert!(d.verdict().contains("played through"), "{}", d.verdict());
    assert!(d.asked.is_empty());
}

#[test]
fn the_list_key_names_the_line() {
    let mut d = tiger();
    d.act(OpeningAction::List);
    assert!(matches!(d.asked.first(), Some(Effect::Go(Route::Openings(Some(n)))) if n == "Tiger"));
}

#[test]
fn every_key_acts_in_every_state() {
    let states: Vec<State<'_, OpeningScreen>> = vec![
        ("start", Box::new(tiger)),
        (
            "after a miss",
            Box::new(|| {
                let mut d = tiger();
                let wrong = a_wrong_move(&d);
                d.choose(&wrong.to_string());
                d
            }),
        ),
    ];
    assert_every_key_acts(OPENING_KEYS, &states);
}
