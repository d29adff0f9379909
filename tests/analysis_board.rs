//! The analysis board's model, driven without a terminal: its values are those of
//! `othello-tutor analyze`, every key acts or says why it cannot, stale results are
//! refused, variations keep the main line.

use crate::common;
use crate::common_positions as positions;

use common::cli::{run, stdout};
use common::models::Driver;
use othello_tutor::engine::notation::{parse_transcript, to_obf};
use othello_tutor::engine::{Game, Position, Square};
use othello_tutor::tutor::models::analysis::{Action, AnalysisBoard, KEYS};
use othello_tutor::tutor::screen::{BoardModel, Context, Effect, EngineTask};

fn board_on(transcript: &str) -> Driver<AnalysisBoard> {
    let game = parse_transcript(transcript).expect("legal");
    let (model, effects) = AnalysisBoard::open(game, false);
    Driver::new(model, effects)
}

/// "MOVE VALUE exact|dN" of every move, as the command line prints them.
fn command_line_values(position: &Position) -> Vec<(String, i32, bool)> {
    let o = run(&["analyze", &to_obf(position)]);
    assert!(o.status.success());
    stdout(&o)
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (
                w[0].to_string(),
                w[1].parse().expect("a value"),
                w[2] == "exact",
            )
        })
        .collect()
}

#[test]
fn the_board_at_20_empties_is_exact_and_agrees_with_the_command_line() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(20);
    let position = positions::random_position(&mut rng, 40);
    assert_eq!(position.board.empty_count(), 20);
    assert!(!position.is_game_over() && !position.must_pass());
    let (model, effects) = AnalysisBoard::open(Game::new(position), false);
    let d = Driver::new(model, effects);
    let shown: Vec<(String, i32, bool)> = d
        .model
        .values()
        .expect("valued")
        .iter()
        .map(|v| (v.mv.to_string(), v.discs(), v.exact))
        .collect();
    // Until this model the screen searched 10 plies at 19 and 20 empties.
    assert!(shown.iter().all(|m| m.2), "{shown:?}");
    assert_eq!(shown, command_line_values(&position));
    assert!(d.panel().contains("exact at 20 empties or fewer"));
}

#[test]
fn a_result_for_a_position_no_longer_shown_is_refused() {
    let game = parse_transcript("f5d6c3").expect("legal");
    let (mut model, effects) = AnalysisBoard::open(game, false);
    let Some(Effect::Run(first, task)) = effects.into_iter().next() else {
        panic!("the first valuation is asked for");
    };
    // The learner steps back before the engine answers.
    let back = model.act(
        Action::Back,
        Context {
            cursor: Square::A1,
            now: 0,
        },
    );
    let mut searcher = othello_tutor::engine::search::Searcher::new(1, 1);
    model.finished(first, task.run(&mut searcher));
    assert!(model.values().is_none(), "the stale values were taken");
    assert!(model.is_busy());
    // The values of the position shown are taken.
    let Some(Effect::Run(second, task)) = back.into_iter().next() else {
        panic!("the new position is valued");
    };
    model.finished(second, task.run(&mut searcher));
    assert_eq!(model.values().expect("valued").len(), 5);
}

#[test]
fn a_variation_keeps_the_main_line_and_r_goes_back_to_it() {
    let mut d = board_on("f5d6c3d3c4");
    d.act(Action::First);
    d.act(Action::Forward);
    assert_eq!(d.model.position().board.empty_count(), 59);
    // f6 is not the line's next move (d6): a variation.
    d.choose("f6");
    assert!(
        d.verdict().contains("Variation: f6 played"),
        "{}",
        d.verdict()
    );
    assert!(d.panel().contains("Variation from position 1"));
    d.act(Action::MainLine);
    assert_eq!(d.verdict(), "Back on the main line at position 1.");
    d.act(Action::Last);
    assert!(d.panel().contains("Position 5 of 5"), "{}", d.panel());
    d.act(Action::MainLine);
    assert_eq!(d.verdict(), "This is the main line.");
}

#[test]
fn an_illegal_square_is_refused_with_the_reason() {
    let mut d = board_on("");
    d.choose("a1");
    assert!(d.verdict().starts_with("✗ "), "{}", d.verdict());
    assert!(d.panel().contains("Position 0 of 0"));
}

/// Every key of the table, in each state of the screen, changes what is shown or
/// asks for something (a dialog, another screen, engine work): none does nothing.
#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    type Make = Box<dyn Fn() -> Driver<AnalysisBoard>>;
    let states: Vec<(&str, Make)> = vec![
        ("the start, valued", Box::new(|| board_on(""))),
        ("a game, at its end", Box::new(|| board_on("f5d6c3d3c4"))),
        (
            "a variation",
            Box::new(|| {
                let mut d = board_on("f5d6c3d3c4");
                d.act(Action::First);
                d.choose("d3");
                d
            }),
        ),
        (
            "busy valuing",
            Box::new(|| {
                let (model, _) = AnalysisBoard::open(Game::new(Position::start()), false);
                Driver::new(model, Vec::new())
            }),
        ),
    ];
    common::models::assert_every_key_acts(KEYS, &states);
}

#[test]
fn a_paste_that_cannot_be_read_asks_again_with_the_reason() {
    let mut d = board_on("");
    d.type_text("f5 z9");
    match d.asked.first() {
        Some(Effect::AskText {
            prompt, initial, ..
        }) => {
            assert!(prompt.starts_with("Cannot read it:"), "{prompt}");
            assert_eq!(initial, "f5 z9");
        }
        other => panic!("asked again, not {other:?}"),
    }
    d.type_text("f5d6");
    assert!(d.panel().contains("Position 2 of 2"), "{}", d.panel());
}
