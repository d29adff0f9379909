//! The puzzle trainer: serves a puzzle near the learner's rating (reviews first when
//! due; a theme filter; easier or harder), judges each move, continues `line` puzzles
//! with the engine's replies, then shows right or wrong, the solution line and the
//! why, and updates both ratings (Glicko-2), the streak and the review queue. A lesson
//! can also open a fixed run of its own puzzles with a pass mark.
//!
//! Its flow is the model [`PuzzleScreen`], drawn by the board host. `m` opens the
//! unrated modes: Storm and Streak (`runs`) and the endgame drill (`drill`).

mod drill;
mod modes;
mod runs;

pub use drill::open as open_drill;
pub use modes::open_mode;
pub use runs::open as open_run;

use super::shell::{now, show_progress_notice, with_progress};
use crate::tutor::content::load_puzzles;
use crate::tutor::course::LessonRun;
use crate::tutor::models::puzzles::PuzzleScreen;
use crate::tutor::puzzle::Puzzle;
use cursive::Cursive;
use cursive::views::Dialog;

/// The embedded and personal puzzle sets, or `None` after showing why they could not
/// be loaded (the first five problems).
fn loaded_puzzles(siv: &mut Cursive) -> Option<Vec<Puzzle>> {
    match load_puzzles() {
        Ok(p) => Some(p),
        Err(errors) => {
            let text: Vec<String> = errors.iter().take(5).map(|e| e.to_string()).collect();
            crate::ui::size_guard::add_layer(
                siv,
                Dialog::info(format!(
                    "The puzzles could not be loaded:\n{}",
                    text.join("\n")
                )),
            );
            None
        }
    }
}

/// Opens the trainer (in place of every other screen); with `run`, serves that
/// lesson's puzzles in order instead.
pub fn open(siv: &mut Cursive, run: Option<LessonRun>) {
    let Some(mut puzzles) = loaded_puzzles(siv) else {
        return;
    };
    let progress = with_progress(siv, |ps| ps.progress.puzzles.clone());
    puzzles.extend(progress.personal_puzzles());
    let (model, effects) = PuzzleScreen::new(puzzles, progress, run, now(siv));
    while siv.pop_layer().is_some() {}
    super::host::open_board(siv, model, effects);
    show_progress_notice(siv);
}

/// Opens the trainer (in place of every other screen) on one focus's puzzles (a
/// theme, or a temptation to turn down): the coach's link to a concept.
pub fn open_focus(siv: &mut Cursive, focus: crate::tutor::puzzle::Focus) {
    let Some(mut puzzles) = loaded_puzzles(siv) else {
        return;
    };
    let progress = with_progress(siv, |ps| ps.progress.puzzles.clone());
    puzzles.extend(progress.personal_puzzles());
    let (model, effects) = PuzzleScreen::on_focus(puzzles, progress, focus, now(siv));
    while siv.pop_layer().is_some() {}
    super::host::open_board(siv, model, effects);
    show_progress_notice(siv);
}
