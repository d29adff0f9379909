//! The analysis board's view: the model ([`crate::tutor::models::analysis`]) holds the
//! line, the variations and the values; this file only opens it in the host.

use super::host::open_board;
use crate::engine::{Game, Position};
use crate::tutor::models::analysis::AnalysisBoard;
use cursive::Cursive;

/// Name of the analysis board view.
pub const BOARD: &str = "analyze-board";
/// Name of the analysis panel.
pub const PANEL: &str = "analyze-panel";

/// Opens the analysis board on the initial position.
pub fn open(siv: &mut Cursive) {
    open_game(siv, Game::new(Position::start()));
}

/// Opens the analysis board on `position` (a game that starts there).
pub fn open_at(siv: &mut Cursive, position: Position) {
    open_game(siv, Game::new(position));
}

/// Opens the analysis board on `game`, showing its last position.
pub fn open_game(siv: &mut Cursive, game: Game) {
    let (model, effects) = AnalysisBoard::open(game, false);
    open_board(siv, model, effects);
}

/// Opens the analysis board on `game` on top of the screen that asks for it (the
/// library): Esc goes back to that screen.
pub fn open_game_over(siv: &mut Cursive, game: Game) {
    let (model, effects) = AnalysisBoard::open(game, true);
    open_board(siv, model, effects);
}
