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
}

impl<V: View> SizeGuard<V> {
    /// Guards `inner`.
    pub fn new(inner: V) -> Self {
        SizeGuard {
            inner,
            too_small: false,
        }
    }
}

impl<V: View> View for SizeGuard<V> {
    fn draw(&self, printer: &Printer) {
        if self.too_small {
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
        self.too_small = size.x < MIN_SIZE.x || size.y < MIN_SIZE.y;
        if !self.too_small {
            self.inner.layout(size);
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        if constraint.x < MIN_SIZE.x || constraint.y < MIN_SIZE.y {
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
