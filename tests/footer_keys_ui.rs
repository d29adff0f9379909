//! Every key a board screen's footer and help list, pressed on the real screen
//! (puppet backend, 100x40) in each of its main states: each changes what is shown
//! (a verdict, the board, a dialog, another screen) — none does nothing. The models'
//! own tests check the same keys' effects; this checks the wiring.

use crate::common;

use common::{Harness, open_first_lesson, vs_level};
use cursive::event::{Event, Key};
use othello_tutor::tutor::models::{
    analysis, drill, editor, lesson, library, opening, potential, practice, puzzles, runs,
};
use othello_tutor::tutor::screen::{Binding, PuzzleMode};
use othello_tutor::ui::host::event_of;
use othello_tutor::ui::nav::{self, Route};

/// Lets the engine's callbacks draw (a bounded number of steps).
fn settle(h: &mut Harness) -> String {
    for _ in 0..3 {
        h.runner.process_events();
        h.runner.step();
    }
    h.text()
}

/// Presses every key of `table` on a fresh screen made by `open` and checks that the
/// screen changed.
fn every_key_changes<A>(name: &str, table: &[Binding<A>], open: &dyn Fn(&mut Harness)) {
    every_key_but_changes(name, table, &[], open);
}

/// [`every_key_changes`] for every key but those of `skip`.
fn every_key_but_changes<A>(
    name: &str,
    table: &[Binding<A>],
    skip: &[othello_tutor::tutor::screen::Key],
    open: &dyn Fn(&mut Harness),
) {
    for binding in table {
        for &key in binding.keys.iter().filter(|k| !skip.contains(k)) {
            let mut h = Harness::new(100, 40);
            open(&mut h);
            let before = settle(&mut h);
            h.send(event_of(key));
            let after = settle(&mut h);
            assert_ne!(
                before,
                after,
                "{name}: {} ({}) changed nothing:\n{after}",
                binding.keys_label(),
                binding.footer
            );
        }
    }
}

#[test]
fn lesson_keys_on_a_reading_and_a_question_step() {
    every_key_changes("lesson, reading", lesson::STEP_KEYS, &|h| {
        open_first_lesson(h)
    });
    every_key_changes("lesson, question", lesson::STEP_KEYS, &|h| {
        open_first_lesson(h);
        h.keys("n");
    });
}

#[test]
fn puzzle_keys() {
    every_key_changes("puzzles", puzzles::KEYS, &|h| {
        nav::go(h.siv(), Route::Puzzles(None))
    });
}

#[test]
fn practice_keys() {
    every_key_changes("practice", practice::KEYS, &|h| {
        nav::go(h.siv(), Route::Practice(Box::new(vs_level(1, true))));
        h.keys("f5");
        h.send(Event::Key(Key::Enter));
        h.wait_for("White played");
    });
}

#[test]
fn analysis_keys() {
    every_key_changes("analysis", analysis::KEYS, &|h| {
        nav::go(h.siv(), Route::Analyze);
        h.wait_for("Every move, best first");
    });
}

#[test]
fn editor_keys() {
    every_key_changes("editor", editor::KEYS, &|h| {
        nav::go(h.siv(), Route::Editor(None))
    });
}

#[test]
fn opening_rehearsal_keys() {
    every_key_changes("opening rehearsal", opening::OPENING_KEYS, &|h| {
        nav::go(h.siv(), Route::Openings(Some("Tiger".into())));
        h.send(Event::Key(Key::Enter));
        h.wait_for("Opening trainer");
    });
}

#[test]
fn storm_and_drill_keys() {
    // The clock is fixed, so the ticking clock is not what changes.
    every_key_changes("storm", runs::RUN_KEYS, &|h| {
        othello_tutor::ui::shell::set_clock(h.siv(), 1_800_000_000);
        nav::go(h.siv(), Route::PuzzleMode(PuzzleMode::Storm))
    });
    every_key_changes("endgame drill", drill::DRILL_KEYS, &|h| {
        nav::go(h.siv(), Route::PuzzleMode(PuzzleMode::EndgameDrill));
        h.wait_for("What is the final score");
    });
}

/// A saved game in the harness's data directory (`games/`, or the trash).
fn a_saved_game(h: &Harness, in_trash: bool) {
    use othello_tutor::engine::notation::{GgfGame, parse_transcript};
    use othello_tutor::tutor::library::Library;
    let dir = h.data_dir().expect("the harness's own directory");
    let library = Library::in_data_dir(dir);
    let game = GgfGame::new(parse_transcript("f5d6c3").expect("moves"), "Ann", "Bob");
    library.save("a game", &game).expect("saved");
    if in_trash {
        library.delete("a game").expect("deleted");
    }
}

#[test]
fn library_keys_on_the_games_and_the_trash() {
    every_key_changes("library, a game", library::LIST_KEYS, &|h| {
        a_saved_game(h, false);
        nav::go(h.siv(), Route::Library);
    });
    every_key_changes("library, empty", library::LIST_KEYS, &|h| {
        nav::go(h.siv(), Route::Library)
    });
    every_key_changes("library, the trash", library::TRASH_KEYS, &|h| {
        a_saved_game(h, true);
        nav::go(h.siv(), Route::Library);
        h.keys("t");
    });
    every_key_changes("library, the empty trash", library::TRASH_KEYS, &|h| {
        nav::go(h.siv(), Route::Library);
        h.keys("t");
    });
}

/// Potential for two players at this keyboard with `pieces` per side.
fn potential_game(pieces: usize) -> Route {
    use othello_tutor::potential::Color;
    use othello_tutor::potential::ai::SearchLimits;
    Route::Potential(othello_tutor::ui::nav::PotentialOptions {
        pieces,
        human: Color::White,
        opponent: None,
        limits: SearchLimits::nodes(1_000),
        seed: Some(1),
        plain: true,
    })
}

#[test]
fn potential_keys_while_placing_moving_and_over() {
    use potential::POTENTIAL_KEYS;
    every_key_changes("potential, placing", POTENTIAL_KEYS, &|h| {
        nav::go(h.siv(), potential_game(3));
        // One piece down, so a game is in progress.
        h.send(Event::Key(Key::Enter));
    });
    // A line of three a side: 0,0 1,0 ... 5,0; then White moves.
    let line = |h: &mut Harness| {
        nav::go(h.siv(), potential_game(3));
        h.send(Event::Key(Key::Enter));
        for _ in 0..5 {
            h.send(Event::Key(Key::Right));
            h.send(Event::Key(Key::Enter));
        }
    };
    every_key_changes("potential, moving", POTENTIAL_KEYS, &|h| {
        line(h);
        assert!(h.text().contains("Phase: moving"), "{}", h.text());
    });
    every_key_changes("potential, a piece picked up", POTENTIAL_KEYS, &|h| {
        line(h);
        // White's end piece, 0,0.
        for _ in 0..5 {
            h.send(Event::Key(Key::Left));
        }
        h.send(Event::Key(Key::Enter));
        assert!(h.text().contains("Picked up 0,0"), "{}", h.text());
    });
    // A diagonal chain: nobody can move once all are down.
    every_key_changes("potential, game over", POTENTIAL_KEYS, &|h| {
        nav::go(h.siv(), potential_game(3));
        h.send(Event::Key(Key::Enter));
        for _ in 0..5 {
            h.send(Event::Key(Key::Right));
            h.send(Event::Key(Key::Up));
            h.send(Event::Key(Key::Enter));
        }
        assert!(h.text().contains("Game over"), "{}", h.text());
        h.send(Event::Key(Key::Esc));
        assert!(h.text().contains("Phase: game over"), "{}", h.text());
    });
}

#[test]
fn potential_keys_with_a_dialog_open() {
    use potential::POTENTIAL_KEYS;
    every_key_changes("potential, the rules open", POTENTIAL_KEYS, &|h| {
        nav::go(h.siv(), potential_game(3));
        h.send(Event::Char('r'));
        assert!(h.text().contains("Potential: the rules"), "{}", h.text());
    });
    // Right moves the dialog's focus to its second button, which only its colour
    // shows; every other key answers or says why it cannot act.
    let right = [othello_tutor::tutor::screen::Key::Right];
    every_key_but_changes("potential, asked to leave", POTENTIAL_KEYS, &right, &|h| {
        nav::go(h.siv(), potential_game(3));
        h.send(Event::Key(Key::Enter));
        h.send(Event::Char('q'));
        assert!(h.text().contains("Leave this game?"), "{}", h.text());
    });
}
