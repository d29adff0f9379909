//! The guard around every full screen: below the smallest laid-out size it says so
//! instead of drawing a squeezed screen.

use cursive::event::{Event, Key};
use cursive::{Printer, Vec2, View};

/// The smallest terminal the screens are laid out for.
pub const MIN_SIZE: Vec2 = Vec2::new(80, 24);

/// Wraps a screen: when the terminal is smaller than `MIN_SIZE`, it says so instead of
/// drawing a squeezed screen, and the screen comes back when the terminal grows.
pub struct SizeGuard<V> {
    inner: V,
    too_small: bool,
    /// A dialog's guard: it learns the screen's size from `required_size` (its
    /// `layout` gets only the dialog's own size).
    floating: bool,
}

/// What cursive's layer wrapper (the shadow view) takes off the screen's size before
/// it offers the rest to a dialog: one column and row of padding, one of shadow.
const LAYER_MARGIN: Vec2 = Vec2::new(2, 2);

impl<V: View> SizeGuard<V> {
    /// Guards `inner`.
    pub fn new(inner: V) -> Self {
        SizeGuard {
            inner,
            too_small: false,
            floating: false,
        }
    }

    /// Guards a dialog layer.
    pub fn floating(inner: V) -> Self {
        SizeGuard {
            inner,
            too_small: false,
            floating: true,
        }
    }
}

impl<V: View> View for SizeGuard<V> {
    fn draw(&self, printer: &Printer) {
        if self.too_small && self.floating {
            // The guard of the screen beneath shows the message.
        } else if self.too_small {
            let s = printer.size;
            let lines = [
                "The terminal is too small.".to_string(),
                format!("Need {}x{}, have {}x{}.", MIN_SIZE.x, MIN_SIZE.y, s.x, s.y),
                "Make the window larger.".to_string(),
            ];
            for (i, l) in lines.iter().enumerate() {
                printer.print((0, i), l);
            }
        } else {
            self.inner.draw(printer);
        }
    }

    fn layout(&mut self, size: Vec2) {
        if !self.floating {
            self.too_small = size.x < MIN_SIZE.x || size.y < MIN_SIZE.y;
        }
        if !self.too_small {
            self.inner.layout(size);
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let small = if self.floating {
            // A dialog is offered the screen less cursive's shadow margin.
            let screen = constraint + LAYER_MARGIN;
            screen.x < MIN_SIZE.x || screen.y < MIN_SIZE.y
        } else {
            constraint.x < MIN_SIZE.x || constraint.y < MIN_SIZE.y
        };
        if self.floating {
            self.too_small = small;
        }
        if small && self.floating {
            // Take no room: the screen's own guard beneath says what is wrong.
            Vec2::zero()
        } else if small {
            constraint
        } else {
            self.inner.required_size(constraint)
        }
    }

    fn on_event(&mut self, event: Event) -> cursive::event::EventResult {
        if self.too_small && !matches!(event, Event::Char('q') | Event::Key(Key::Esc)) {
            return cursive::event::EventResult::Ignored;
        }
        self.inner.on_event(event)
    }

    fn take_focus(
        &mut self,
        source: cursive::direction::Direction,
    ) -> Result<cursive::event::EventResult, cursive::view::CannotFocus> {
        self.inner.take_focus(source)
    }

    fn call_on_any(&mut self, selector: &cursive::view::Selector, cb: cursive::event::AnyCb) {
        self.inner.call_on_any(selector, cb);
    }

    fn focus_view(
        &mut self,
        selector: &cursive::view::Selector,
    ) -> Result<cursive::event::EventResult, cursive::view::ViewNotFound> {
        self.inner.focus_view(selector)
    }

    fn important_area(&self, size: Vec2) -> cursive::Rect {
        self.inner.important_area(size)
    }

    fn needs_relayout(&self) -> bool {
        self.inner.needs_relayout()
    }
}

/// Adds `view` as a layer (a dialog) guarded like the screens: below the smallest
/// laid-out size it shows the same message instead of a squeezed dialog.
pub fn add_layer<V: View>(siv: &mut cursive::Cursive, view: V) {
    siv.add_layer(SizeGuard::floating(view));
}
