//! The Storm and Streak screens: their model
//! ([`crate::tutor::models::runs::RunScreen`]) drawn by the board host, which tells it
//! the time four times a second (Storm's clock).

use crate::tutor::models::runs::RunScreen;
use crate::tutor::puzzle::timed::RunMode;
use crate::ui::shell::{now, show_progress_notice, with_progress};
use cursive::Cursive;

/// Opens a Storm or Streak run (its queue's seed is the clock's seconds), in place of
/// every other screen.
pub fn open(siv: &mut Cursive, mode: RunMode) {
    let Some(puzzles) = super::loaded_puzzles(siv) else {
        return;
    };
    let records = with_progress(siv, |ps| ps.progress.modes);
    let (model, effects) = RunScreen::new(mode, puzzles, records, now(siv));
    while siv.pop_layer().is_some() {}
    crate::ui::host::open_board(siv, model, effects);
    show_progress_notice(siv);
}
