//! The rehearsal screen: its model ([`crate::tutor::models::opening::OpeningScreen`])
//! drawn by the board host.

use super::super::shell::{now, with_progress};
use crate::tutor::models::opening::OpeningScreen;
use crate::tutor::openings::RehearsalSetup;
use cursive::Cursive;

/// Opens a rehearsal of `setup`'s line (in place of every other screen); when the engine
/// has the first move, it plays it.
pub(super) fn open(siv: &mut Cursive, setup: RehearsalSetup) {
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let model = OpeningScreen::new(setup, progress, now(siv));
    while siv.pop_layer().is_some() {}
    crate::ui::host::open_board(siv, model, Vec::new());
}
