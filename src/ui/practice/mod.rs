//! Practice games: the new-game dialog (`setup`) and the game itself, whose model
//! ([`crate::tutor::models::practice`]) holds the game, its flow and what it says;
//! this file only opens it in the host.

use super::host::open_board;
use super::shell::{now, state, with_progress};
use crate::tutor::models::practice::{Env, PracticeScreen};
use crate::tutor::practice::Setup;
use cursive::Cursive;

mod setup;

pub use setup::{open_setup, open_setup_from};

/// Name of the practice board view.
pub const BOARD: &str = "practice-board";
/// Name of the side panel.
pub const PANEL: &str = "practice-panel";

/// How the engine grades the learner's moves and values them for a hint (defined,
/// with the functions the screen calls, in `tutor::settings`).
pub use crate::tutor::settings::{FEEDBACK_ANALYSIS, HINT_ANALYSIS};

/// Opens a game with `setup`.
pub fn open_game(siv: &mut Cursive, setup: Setup) {
    let data_dir = crate::tutor::progress::data_dir(state(siv).options.data_dir.as_deref()).ok();
    let rating = with_progress(siv, |ps| ps.progress.puzzles.rating);
    let env = Env {
        data_dir,
        rating,
        now: now(siv),
        grading_wait: Some(crate::tutor::settings::GRADING_WAIT),
    };
    let (model, effects) = PracticeScreen::new_game(setup, env);
    open_board(siv, model, effects);
}
