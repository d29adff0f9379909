//! The tag on every screen's layer: which [`ScreenId`] it is. The layer stack is the
//! navigation stack; the help (F1) reads the id of the topmost tagged layer, so a
//! dialog on top of a screen gets that screen's help.

use crate::tutor::screen::ScreenId;
use cursive::Cursive;
use cursive::view::{View, ViewWrapper};
use cursive::views::{BoxedView, LayerPosition};

/// A screen's layer, tagged with its id.
pub struct ScreenLayer {
    id: ScreenId,
    view: BoxedView,
}

impl ScreenLayer {
    /// Tags `view` (a whole screen or a screen-like dialog) as the screen `id`.
    pub fn new(id: ScreenId, view: impl View) -> ScreenLayer {
        ScreenLayer {
            id,
            view: BoxedView::boxed(view),
        }
    }

    /// The screen's id.
    pub fn id(&self) -> ScreenId {
        self.id
    }
}

impl ViewWrapper for ScreenLayer {
    cursive::wrap_impl!(self.view: BoxedView);

    /// The screen's boards follow the terminal's size: roomy when it is large enough,
    /// compact again when it shrinks (the constraint is the terminal's size).
    fn wrap_required_size(&mut self, constraint: cursive::Vec2) -> cursive::Vec2 {
        use cursive::view::Finder;
        let roomy = crate::ui::board_view::roomy_fits(constraint);
        for name in crate::ui::board_view::BOARD_NAMES {
            self.view
                .call_on_name(name, |b: &mut crate::ui::board_view::BoardView| {
                    b.set_roomy_allowed(roomy)
                });
        }
        self.view.required_size(constraint)
    }
}

/// Adds `view` as a full-screen layer tagged `id`.
pub fn add_screen(siv: &mut Cursive, id: ScreenId, view: impl View) {
    use cursive::traits::Resizable;
    siv.add_fullscreen_layer(ScreenLayer::new(id, view).full_screen());
}

/// Adds `view` as a dialog layer (centred, not full screen) tagged `id`: a screen of
/// its own, such as the new-game dialog.
pub fn add_dialog_screen(siv: &mut Cursive, id: ScreenId, view: impl View) {
    siv.add_layer(ScreenLayer::new(
        id,
        crate::ui::size_guard::SizeGuard::floating(view),
    ));
}

/// The screen on top of the navigation stack: the topmost layer that carries a tag
/// (dialogs without one belong to the screen beneath); the menu when none does.
pub fn top_screen(siv: &mut Cursive) -> ScreenId {
    let stack = siv.screen_mut();
    for i in 0..stack.len() {
        if let Some(view) = stack.get_mut(LayerPosition::FromFront(i)) {
            if let Some(layer) = view.downcast_mut::<ScreenLayer>() {
                return layer.id;
            }
            if let Some(layer) = view
                .downcast_mut::<cursive::views::ResizedView<ScreenLayer>>()
                .map(|r| r.get_inner_mut())
            {
                return layer.id;
            }
        }
    }
    ScreenId::Menu
}
