//! The one function that opens an unrated puzzle mode's screen (the trainer's `m`
//! offers them: [`crate::tutor::models::puzzles::MODES`]).

use crate::tutor::puzzle::timed::RunMode;
use crate::ui::nav::PuzzleMode;
use cursive::Cursive;

/// Opens the screen of `mode` (replacing every screen).
pub fn open_mode(siv: &mut Cursive, mode: PuzzleMode) {
    match mode {
        PuzzleMode::Storm => super::open_run(siv, RunMode::Storm),
        PuzzleMode::Streak => super::open_run(siv, RunMode::Streak),
        PuzzleMode::EndgameDrill => super::open_drill(siv),
    }
}
