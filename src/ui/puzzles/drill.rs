//! The endgame drill's screen: its model
//! ([`crate::tutor::models::drill::DrillScreen`]) drawn by the board host.

use crate::tutor::models::drill::DrillScreen;
use crate::ui::shell::{now, show_progress_notice, with_progress};
use cursive::Cursive;

/// Opens the drill (its order's seed is the clock's seconds), in place of every other
/// screen.
pub fn open(siv: &mut Cursive) {
    let Some(puzzles) = super::loaded_puzzles(siv) else {
        return;
    };
    let records = with_progress(siv, |ps| ps.progress.modes);
    let (model, effects) = DrillScreen::new(&puzzles, records, now(siv));
    while siv.pop_layer().is_some() {}
    crate::ui::host::open_board(siv, model, effects);
    show_progress_notice(siv);
}
