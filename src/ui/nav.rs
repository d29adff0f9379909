//! Navigation: every screen is opened by naming a [`Route`] here, and only `app`
//! knows which screen a route opens. A screen therefore never imports another
//! screen, and no screen imports `app`.

use super::shell::state;
pub use crate::tutor::screen::{PotentialOptions, PuzzleMode, Route};
use cursive::Cursive;

/// Opens the screen that `route` names.
pub fn go(siv: &mut Cursive, route: Route) {
    let navigate = state(siv).navigate;
    navigate(siv, route);
}

/// Opens the main menu (for key bindings that take a plain function).
pub fn menu(siv: &mut Cursive) {
    go(siv, Route::Menu);
}
