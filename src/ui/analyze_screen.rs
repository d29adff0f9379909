//! The analysis board (placeholder while it is built).
use cursive::Cursive;
/// Opens the analysis screen.
pub fn open(_siv: &mut Cursive) {}
