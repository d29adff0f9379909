//! The endgame drill's model, driven without a terminal: the position solved as
//! engine work before it takes answers, a typed score, a move played out against the
//! solver, the best line stepped through, passes named by who passes, and every key
//! in every state.

use crate::common;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::{Color, Move};
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::models::drill::{DRILL_KEYS, DrillAction, DrillScreen, play_line};
use othello_tutor::tutor::progress::ModeRecords;
use othello_tutor::tutor::screen::{AnswerKey, BoardModel, Effect};

const SEED: u64 = 1_800_000_000;

fn drill() -> Driver<DrillScreen> {
    let (model, effects) = DrillScreen::new(
        &load_puzzles().expect("puzzles"),
        ModeRecords::default(),
        SEED,
    );
    Driver::new(model, effects)
}

/// The best score of the drill's position, for the side to move.
fn best(d: &Driver<DrillScreen>) -> i32 {
    let start = d.model.round().expect("solved").start();
    Solver::new(4).solve(&start.board).expect("solved").score
}

#[test]
fn the_position_is_solved_as_engine_work_before_it_takes_answers() {
    let (mut model, effects) = DrillScreen::new(
        &load_puzzles().expect("puzzles"),
        ModeRecords::default(),
        SEED,
    );
    assert!(matches!(effects.as_slice(), [Effect::Run(..)]));
    assert!(
        model.answer_key(AnswerKey::Char('4')).is_none(),
        "no answer before the solve"
    );
    assert!(model.shown().input.is_none());
    let d = Driver::new(model, effects);
    assert_eq!(d.model.shown().input.as_deref(), Some("Your answer: _"));
}

#[test]
fn a_typed_score_right_and_wrong() {
    let mut d = drill();
    let b = best(&d);
    d.typed("+3");
    assert!(d.verdict().contains("odd"), "{}", d.verdict());
    let wrong = if b <= 60 { b + 2 } else { b - 2 };
    d.typed(&format!("{wrong:+}"));
    assert!(
        d.verdict().starts_with(&format!("✗ You said {wrong:+}")),
        "{}",
        d.verdict()
    );
    assert_eq!(
        (d.progress.modes.drill_tried, d.progress.modes.drill_right),
        (1, 0)
    );
    assert!(d.model.shown().input.is_none(), "answered");
    d.act(DrillAction::LineForward);
    assert!(
        d.panel().contains("The best line, move 1 of"),
        "{}",
        d.panel()
    );
    d.act(DrillAction::Next);
    let b = best(&d);
    d.typed(&format!("{b:+}"));
    assert!(d.verdict().starts_with("✓ Right:"), "{}", d.verdict());
    assert_eq!(
        (d.progress.modes.drill_tried, d.progress.modes.drill_right),
        (2, 1)
    );
}

#[test]
fn playing_it_out_perfectly_keeps_the_best_result() {
    let mut d = drill();
    let mut solver = Solver::new(4);
    let mut guard = 0;
    while d.model.round().expect("a round").verdict().is_none() {
        let pos = d.model.round().expect("a round").position();
        let mv = solver
            .solve(&pos.board)
            .expect("solved")
            .best
            .expect("a move");
        d.choose(&mv.to_string());
        assert!(
            d.verdict().starts_with(&format!("You play {mv}")) || d.verdict().starts_with('✓'),
            "{}",
            d.verdict()
        );
        guard += 1;
        assert!(guard < 20);
    }
    assert!(
        d.verdict().starts_with("✓ You kept the best result"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.progress.modes.drill_right, 1);
}

#[test]
fn a_pass_is_named_by_the_side_that_passes() {
    // Find a drill position and a move after which the solver's side must pass.
    let puzzles = load_puzzles().expect("puzzles");
    let found = othello_tutor::tutor::puzzle::drill::drill_positions(&puzzles)
        .into_iter()
        .find_map(|pos| {
            pos.legal_moves().into_iter().find_map(|sq| {
                let after = pos.play_unchecked(sq);
                (after.must_pass() && !after.is_game_over()).then_some((pos, sq))
            })
        });
    let (pos, sq) = found.expect("a drill position where a move forces the opponent to pass");
    let line = play_line(&pos, sq, &[Move::Pass]);
    let opponent: Color = pos.to_move.opposite();
    assert_eq!(line, format!("You play {sq}; {opponent} must pass."));
}

#[test]
fn every_key_acts_in_every_state() {
    let states: Vec<State<'_, DrillScreen>> = vec![
        ("asking", Box::new(drill)),
        (
            "answered",
            Box::new(|| {
                let mut d = drill();
                d.typed("+0");
                d
            }),
        ),
    ];
    assert_every_key_acts(DRILL_KEYS, &states);
}
