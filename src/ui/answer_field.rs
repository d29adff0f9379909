//! The answer line of a board screen (a lesson's questions). It takes only what an
//! answer can hold (digits and a minus sign) and the keys that edit it, so every
//! letter still reaches the screen's own keys (n, p, i, s, q) whatever has the focus.

use cursive::Printer;
use cursive::Vec2;
use cursive::direction::Direction;
use cursive::event::{AnyCb, Event, EventResult, Key};
use cursive::view::{CannotFocus, Selector, View, ViewNotFound};
use cursive::views::EditView;

/// An [`EditView`] that lets every key an answer cannot contain pass to its parent.
pub struct AnswerField {
    inner: EditView,
}

impl AnswerField {
    /// Wraps `inner`.
    pub fn new(inner: EditView) -> Self {
        AnswerField { inner }
    }

    /// Whether the box takes `event` (otherwise it goes to the screen's keys).
    fn takes(event: &Event) -> bool {
        match event {
            Event::Char(c) => c.is_ascii_digit() || *c == '-',
            Event::Key(k) => matches!(
                k,
                Key::Enter
                    | Key::Backspace
                    | Key::Del
                    | Key::Left
                    | Key::Right
                    | Key::Home
                    | Key::End
            ),
            Event::Mouse { .. } => true,
            _ => false,
        }
    }

    /// Empties the box.
    pub fn clear(&mut self) {
        self.inner.set_content("");
    }
}

impl View for AnswerField {
    fn draw(&self, printer: &Printer) {
        self.inner.draw(printer);
    }

    fn layout(&mut self, size: Vec2) {
        self.inner.layout(size);
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        self.inner.required_size(constraint)
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        if Self::takes(&event) {
            self.inner.on_event(event)
        } else {
            EventResult::Ignored
        }
    }

    fn take_focus(&mut self, source: Direction) -> Result<EventResult, CannotFocus> {
        self.inner.take_focus(source)
    }

    fn call_on_any(&mut self, selector: &Selector, cb: AnyCb) {
        self.inner.call_on_any(selector, cb);
    }

    fn focus_view(&mut self, selector: &Selector) -> Result<EventResult, ViewNotFound> {
        self.inner.focus_view(selector)
    }
}
