//! Lines of the model's text drawn on every frame, wrapped to the view's width: the
//! side panel and the verdict line.

use cursive::{Printer, Vec2, View};

use super::Shared;
use crate::tutor::models::potential::PotentialScreen;
use crate::ui::worker::lock;

/// The side panel's width.
pub(super) const PANEL_WIDTH: usize = 26;

/// Lines the model gives, wrapped at spaces.
pub(super) struct LinesView {
    shared: Shared,
    lines: fn(&PotentialScreen) -> Vec<String>,
    width: usize,
}

impl LinesView {
    /// The lines `lines` makes from the model, at most `width` columns wide.
    pub(super) fn new(
        shared: Shared,
        lines: fn(&PotentialScreen) -> Vec<String>,
        width: usize,
    ) -> LinesView {
        LinesView {
            shared,
            lines,
            width,
        }
    }

    fn wrapped(&self, width: usize) -> Vec<String> {
        let lines = (self.lines)(&lock(&self.shared).model);
        lines
            .iter()
            .flat_map(|l| crate::tutor::text::wrap(l, width))
            .collect()
    }
}

impl View for LinesView {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.wrapped(printer.size.x.max(1)).iter().enumerate() {
            printer.print((0, i), line);
        }
    }

    /// As wide as the longest line wrapped to the view's width (or the room), at
    /// least one cell.
    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let lines = self.wrapped(self.width.min(constraint.x).max(1));
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        Vec2::new(widest.max(1), lines.len().max(1))
    }
}
