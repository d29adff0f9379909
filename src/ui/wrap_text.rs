//! The text panel beside the board: it wraps each line at word boundaries and keeps
//! a wrapped bullet's indent, so that "  · a long reason" continues under its first
//! word rather than at the left edge.

use cursive::{Printer, Vec2, View};

pub use crate::tutor::text::push_lines;

/// Text wrapped to the width it is given, with hanging indents.
#[derive(Default)]
pub struct WrapText {
    content: String,
    lines: Vec<String>,
    width: usize,
}

impl WrapText {
    /// A panel showing `content`.
    pub fn new(content: impl Into<String>) -> Self {
        WrapText {
            content: content.into(),
            lines: Vec::new(),
            width: 0,
        }
    }

    /// Replaces the text.
    pub fn set_content(&mut self, content: impl Into<String>) {
        self.content = content.into();
        self.width = 0;
    }

    fn rewrap(&mut self, width: usize) {
        if width == self.width && !self.lines.is_empty() {
            return;
        }
        self.width = width;
        self.lines = wrap(&self.content, width);
    }
}

pub use crate::tutor::text::wrap;

impl View for WrapText {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.lines.iter().enumerate() {
            printer.print((0, i), line);
        }
    }

    fn layout(&mut self, size: Vec2) {
        self.rewrap(size.x);
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        self.rewrap(constraint.x);
        let w = self
            .lines
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        Vec2::new(w.min(constraint.x), self.lines.len())
    }
}
