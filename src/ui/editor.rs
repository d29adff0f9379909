//! The position editor's screen: its model
//! ([`crate::tutor::models::editor::EditorScreen`]) drawn by the board host, whose
//! board is an editing one (letters are the editor's keys, a right click empties a
//! square).

use crate::engine::Position;
use crate::tutor::models::editor::EditorScreen;
use cursive::Cursive;

/// Opens the editor on `position` (the start position when `None`).
pub fn open(siv: &mut Cursive, position: Option<Position>) {
    super::host::open_board(siv, EditorScreen::new(position), Vec::new());
}
