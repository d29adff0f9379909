//! "Learn from your mistakes" on the puppet backend at 80x24, without colours: a
//! mistake asked (the panel says what was played, not the answer), a wrong answer
//! typed by name shows its refutation, the next one comes with n, Esc goes back to
//! the screen beneath; opened from the game-over dialog of a practice game.

use crate::common;

use common::Harness;
use common::games::scripted_game;
use cursive::event::{Event, Key};
use othello_tutor::engine::Color;
use othello_tutor::tutor::mistakes::{MistakeRun, OpenedFrom};
use othello_tutor::tutor::personal::graded_mistakes;
use othello_tutor::tutor::screen::ScreenId;
use othello_tutor::ui::layer::top_screen;
use othello_tutor::ui::nav::{self, Route};

fn open(h: &mut Harness) -> MistakeRun {
    let run = MistakeRun {
        mistakes: graded_mistakes(&scripted_game(), Color::Black),
        opponent: "Engine level 3".into(),
        from: OpenedFrom::Practice,
    };
    nav::go(h.siv(), Route::Mistakes(Box::new(run.clone())));
    run
}

#[test]
fn a_mistake_asked_then_a_wrong_answer_refuted_at_80x24() {
    let mut h = Harness::new(80, 24);
    let run = open(&mut h);
    assert_eq!(top_screen(h.siv()), ScreenId::Mistakes);
    let asked = h.text();
    insta::assert_snapshot!("mistakes_asked_80x24", asked);
    let m = &run.mistakes[0];
    assert!(asked.contains("Find a better move"), "{asked}");
    assert!(
        asked.contains(&format!("you played {}", m.played)),
        "{asked}"
    );
    // The same move again, typed by its name.
    h.keys(&m.played.to_string());
    h.send(Event::Key(Key::Enter));
    let missed = h.wait_for("✗");
    insta::assert_snapshot!("mistakes_missed_80x24", missed);
    assert!(missed.contains("n next mistake"), "{missed}");
    h.keys("n");
    let next = h.text();
    assert!(
        next.contains(&format!("2 of {}", run.mistakes.len())),
        "{next}"
    );
    h.send(Event::Key(Key::Esc));
    assert_eq!(top_screen(h.siv()), ScreenId::Menu, "{}", h.text());
}

#[test]
fn the_help_explains_the_screen() {
    let mut h = Harness::new(80, 24);
    open(&mut h);
    h.send(Event::Key(Key::F1));
    let help = h.text();
    assert!(help.contains("LEARN FROM YOUR MISTAKES"), "{help}");
}

#[test]
fn a_large_terminal_gets_the_roomy_board() {
    let mut h = Harness::new(140, 45);
    open(&mut h);
    let t = h.text();
    assert!(t.contains("a     b     c"), "{t}");
}
