//! "Learn from your mistakes": its model
//! ([`crate::tutor::models::mistakes::MistakesScreen`]) drawn by the board host, on
//! top of the screen that opened it (the practice game or the coach).

use crate::tutor::mistakes::MistakeRun;
use crate::tutor::models::mistakes::MistakesScreen;
use crate::ui::shell::{show_progress_notice, with_progress};
use cursive::Cursive;

/// Opens the mistakes of `run`, one by one.
pub fn open(siv: &mut Cursive, run: MistakeRun) {
    let rating = with_progress(siv, |ps| ps.progress.puzzles.rating);
    let model = MistakesScreen::new(run, rating);
    crate::ui::host::open_board(siv, model, Vec::new());
    show_progress_notice(siv);
}
