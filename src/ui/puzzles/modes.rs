//! The menu of the unrated puzzle modes (the trainer's `m`), and the one function
//! that opens a mode's screen.

use crate::tutor::puzzle::timed::RunMode;
use crate::ui::nav::{self, PuzzleMode, Route};
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, OnEventView, SelectView};

/// The modes in the menu's order, with their line.
const MODES: [(PuzzleMode, &str); 3] = [
    (
        PuzzleMode::Storm,
        "1  Storm    as many as you can in 3 minutes; a miss costs 10 s",
    ),
    (
        PuzzleMode::Streak,
        "2  Streak   puzzles of rising rating until the first miss",
    ),
    (
        PuzzleMode::EndgameDrill,
        "3  Endgame  state the final score of a 6-14 empties endgame",
    ),
];

/// Shows the modes menu on top of the trainer: Up/Down and Enter, 1-3, Esc back.
pub fn show_menu(siv: &mut Cursive) {
    let mut select = SelectView::<PuzzleMode>::new();
    for (mode, line) in MODES {
        select.add_item(line, mode);
    }
    select.set_on_submit(|s, &mode| nav::go(s, Route::PuzzleMode(mode)));
    let mut keys = OnEventView::new(select);
    for (i, (mode, _)) in MODES.iter().enumerate() {
        let mode = *mode;
        keys.set_on_event(char::from(b'1' + i as u8), move |s| {
            nav::go(s, Route::PuzzleMode(mode))
        });
    }
    keys.set_on_event(Key::Esc, |s| {
        s.pop_layer();
    });
    keys.set_on_event('q', |s| {
        s.pop_layer();
    });
    crate::ui::layer::add_dialog_screen(
        siv,
        crate::tutor::screen::ScreenId::PuzzleModes,
        Dialog::around(keys)
            .title("Puzzle modes (unrated)")
            .button("Back", |s| {
                s.pop_layer();
            })
            .with_name("puzzle-modes"),
    );
}

/// Opens the screen of `mode` (replacing every screen).
pub fn open_mode(siv: &mut Cursive, mode: PuzzleMode) {
    match mode {
        PuzzleMode::Storm => super::open_run(siv, RunMode::Storm),
        PuzzleMode::Streak => super::open_run(siv, RunMode::Streak),
        PuzzleMode::EndgameDrill => super::open_drill(siv),
    }
}
