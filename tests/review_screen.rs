//! The game review's model, driven without a terminal: the analysis asked for at
//! once, results taken only from the analysis waited for, cancel and go on, the
//! swings stepped through, and every key acting or saying why not.

use othello_tutor::tutor::game_review::{ReviewInput, analyze_game};
use othello_tutor::tutor::models::review::{REVIEW_KEYS, ReviewAction, ReviewEffect, ReviewScreen};
use othello_tutor::tutor::screen::Ticket;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

const GAME: &str = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3";

fn screen() -> (ReviewScreen, Ticket, ReviewInput) {
    let game = othello_tutor::engine::notation::parse_transcript(GAME).expect("a game");
    let input = ReviewInput {
        game,
        known: Vec::new(),
    };
    let (model, effects) = ReviewScreen::new(input);
    let [ReviewEffect::Analyze(ticket, input)] = effects.as_slice() else {
        panic!("the analysis starts at once");
    };
    (model, *ticket, (**input).clone())
}

/// The screen with its analysis run to the end.
fn valued() -> ReviewScreen {
    let (mut model, ticket, input) = screen();
    let review = analyze_game(&input, &Arc::new(AtomicBool::new(false)), |_| {});
    model.finished(ticket, review);
    model
}

#[test]
fn results_come_only_from_the_analysis_waited_for() {
    let (mut model, ticket, input) = screen();
    let review = analyze_game(&input, &Arc::new(AtomicBool::new(false)), |_| {});
    // Cancelled, then gone on: the first analysis's results are stale.
    model.act(ReviewAction::Cancel);
    assert!(model.shown().details.contains("Analysis cancelled"));
    let effects = model.act(ReviewAction::GoOn);
    let [ReviewEffect::Analyze(second, _)] = effects.as_slice() else {
        panic!("going on asks for the rest");
    };
    model.finished(ticket, review.clone());
    assert_eq!(model.review().counts().0, 0, "a stale result is refused");
    model.finished(*second, review);
    assert!(model.review().is_complete());
    assert!(
        model.shown().details.contains("moves valued"),
        "{}",
        model.shown().details
    );
}

#[test]
fn swings_are_stepped_in_their_order() {
    let mut model = valued();
    let order: Vec<usize> = model.shown().swings.iter().map(|s| s.1).collect();
    assert!(!order.is_empty(), "the game has a swing");
    model.act(ReviewAction::SwingDown);
    assert_eq!(model.shown().current, order[0] + 1);
    assert_eq!(model.shown().selected, Some(0));
    for (k, &index) in order.iter().enumerate().skip(1) {
        model.act(ReviewAction::SwingDown);
        assert_eq!(model.shown().current, index + 1);
        assert_eq!(model.shown().selected, Some(k));
    }
    model.act(ReviewAction::SwingDown);
    assert!(
        model
            .shown()
            .details
            .ends_with("The last swing of the list."),
        "{}",
        model.shown().details
    );
}

/// A named way to make a state.
type Maker = Box<dyn Fn() -> ReviewScreen>;

#[test]
fn every_key_acts_or_says_why_not() {
    let states: Vec<(&str, Maker)> = vec![
        ("analysing", Box::new(|| screen().0)),
        ("valued", Box::new(valued)),
        (
            "at the start",
            Box::new(|| {
                let mut m = valued();
                m.act(ReviewAction::First);
                m
            }),
        ),
    ];
    for (state, make) in &states {
        for binding in REVIEW_KEYS {
            let mut m = make();
            let before = m.shown();
            let effects = m.act(binding.action);
            assert!(
                !effects.is_empty() || m.shown() != before,
                "{state}: {:?} did nothing",
                binding.action
            );
        }
    }
}
