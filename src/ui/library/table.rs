//! The library's table: a header line and one row per game, the columns sized to
//! the width the screen gives (the opening and the names take what is left).
//! Up/Down, PgUp/PgDn, Home/End, the wheel and a click move the cursor, which the
//! table reports (the screen's model keeps the row chosen and draws it back); every
//! other key goes to the screen around it.

use crate::tutor::models::library::{HEADER, Row};
use cursive::Cursive;
use cursive::direction::Direction;
use cursive::event::{Event, EventResult, Key, MouseButton, MouseEvent};
use cursive::theme::Effect;
use cursive::view::CannotFocus;
use cursive::{Printer, Vec2, View};
use std::sync::Arc;

/// What the table calls when the learner moves its cursor to another row.
pub type OnSelect = Arc<dyn Fn(&mut Cursive, usize) + Send + Sync>;

const GAP: usize = 2;

/// The widths of the six columns for a table `width` wide.
pub fn column_widths(width: usize) -> [usize; 6] {
    let (date, result, moves) = (10, 6, 5);
    let fixed = date + result + moves + 5 * GAP;
    let rest = width.saturating_sub(fixed).max(12);
    let name = rest * 3 / 10;
    let players = rest * 4 / 10;
    let opening = rest - name - players;
    [name, date, players, result, moves, opening]
}

/// `text` cut or padded to `width` columns (a cut ends with `…`); numbers in the
/// result and moves columns stand right.
fn fit(text: &str, width: usize, right: bool) -> String {
    let n = text.chars().count();
    if n > width {
        let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
        if width > 0 {
            s.push('…');
        }
        s
    } else if right {
        format!("{text:>width$}")
    } else {
        format!("{text:<width$}")
    }
}

/// The text of one line of the table.
fn line(cells: &[String; 6], widths: &[usize; 6]) -> String {
    let parts: Vec<String> = (0..6)
        .map(|i| fit(&cells[i], widths[i], i == 3 || i == 4))
        .collect();
    parts.join(&" ".repeat(GAP)).trim_end().to_string()
}

/// The table view.
pub struct GameTable {
    rows: Vec<Row>,
    selected: usize,
    top: usize,
    size: Vec2,
    empty_text: String,
    on_select: Option<OnSelect>,
}

impl GameTable {
    /// An empty table that says `empty_text` while it has no rows.
    pub fn new(empty_text: &str) -> GameTable {
        GameTable {
            rows: Vec::new(),
            selected: 0,
            top: 0,
            size: Vec2::zero(),
            empty_text: empty_text.to_string(),
            on_select: None,
        }
    }

    /// The table, telling `on_select` the row the learner moves the cursor to.
    pub fn on_select(mut self, on_select: OnSelect) -> GameTable {
        self.on_select = Some(on_select);
        self
    }

    /// Replaces the rows, keeping the cursor on row `select` (or the last row).
    pub fn set_rows(&mut self, rows: Vec<Row>, select: usize, empty_text: &str) {
        self.rows = rows;
        self.empty_text = empty_text.to_string();
        self.selected = select.min(self.rows.len().saturating_sub(1));
        self.scroll_to_selection();
    }

    /// The row under the cursor, if there are rows.
    pub fn selected(&self) -> Option<usize> {
        (!self.rows.is_empty()).then_some(self.selected)
    }

    /// The lines as drawn at `width` (header first), for tests and the tmux walk.
    pub fn lines(&self, width: usize) -> Vec<String> {
        let widths = column_widths(width);
        let header = HEADER.map(String::from);
        std::iter::once(line(&header, &widths))
            .chain(self.rows.iter().map(|r| line(&r.cells, &widths)))
            .collect()
    }

    /// Whether the rows overflow the height: then the last line shows the count.
    fn overflows(&self) -> bool {
        self.rows.len() > self.size.y.saturating_sub(1)
    }

    /// How many rows are drawn (under the header, above the count if any).
    fn visible(&self) -> usize {
        let count_line = usize::from(self.overflows());
        self.size.y.saturating_sub(1 + count_line).max(1)
    }

    fn scroll_to_selection(&mut self) {
        let h = self.visible();
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + h {
            self.top = self.selected + 1 - h;
        }
        // No empty lines below the last row while rows above are hidden.
        self.top = self.top.min(self.rows.len().saturating_sub(h));
    }

    /// Moves the cursor to row `i` (within the rows) and reports it.
    fn select(&mut self, i: usize) -> EventResult {
        if self.rows.is_empty() {
            return EventResult::Consumed(None);
        }
        let i = i.min(self.rows.len() - 1);
        if i == self.selected {
            return EventResult::Consumed(None);
        }
        self.selected = i;
        self.scroll_to_selection();
        match &self.on_select {
            Some(f) => {
                let f = f.clone();
                EventResult::with_cb(move |s| f(s, i))
            }
            None => EventResult::Consumed(None),
        }
    }
}

impl View for GameTable {
    fn draw(&self, printer: &Printer) {
        let width = printer.size.x;
        let widths = column_widths(width);
        let header = HEADER.map(String::from);
        printer.with_effect(Effect::Underline, |p| {
            p.print((0, 0), &line(&header, &widths))
        });
        if self.rows.is_empty() {
            printer.print((0, 1), &self.empty_text);
            return;
        }
        for (k, row) in self
            .rows
            .iter()
            .enumerate()
            .skip(self.top)
            .take(self.visible())
        {
            let text = fit(&line(&row.cells, &widths), width, false);
            let y = 1 + k - self.top;
            if k == self.selected {
                printer.with_effect(Effect::Reverse, |p| p.print((0, y), &text));
            } else {
                printer.print((0, y), &text);
            }
        }
        if self.overflows() {
            let more = format!(
                "game {} of {}   PgUp/PgDn, Home/End: scroll",
                self.selected + 1,
                self.rows.len()
            );
            printer.print((0, 1 + self.visible()), &fit(&more, width, false));
        }
    }

    fn layout(&mut self, size: Vec2) {
        self.size = size;
        self.scroll_to_selection();
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        constraint
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        let page = self.visible().saturating_sub(1).max(1);
        match event {
            Event::Key(Key::Up) => self.select(self.selected.saturating_sub(1)),
            Event::Key(Key::Down) => self.select(self.selected + 1),
            Event::Key(Key::PageUp) => self.select(self.selected.saturating_sub(page)),
            Event::Key(Key::PageDown) => self.select(self.selected + page),
            Event::Key(Key::Home) => self.select(0),
            Event::Key(Key::End) => self.select(usize::MAX),
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(MouseButton::Left),
            } => match position.checked_sub(offset) {
                Some(rel) if rel.y >= 1 && rel.y < self.size.y => {
                    let i = self.top + rel.y - 1;
                    if i < self.rows.len() {
                        self.select(i)
                    } else {
                        EventResult::Ignored
                    }
                }
                _ => EventResult::Ignored,
            },
            Event::Mouse {
                event: MouseEvent::WheelUp,
                ..
            } => self.select(self.selected.saturating_sub(1)),
            Event::Mouse {
                event: MouseEvent::WheelDown,
                ..
            } => self.select(self.selected + 1),
            _ => EventResult::Ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fill_the_width() {
        for w in [60, 76, 96, 116, 136] {
            let widths = column_widths(w);
            assert_eq!(widths.iter().sum::<usize>() + 5 * GAP, w.max(43), "{w}");
        }
        assert_eq!(fit("abcdef", 4, false), "abc…");
        assert_eq!(fit("12", 5, true), "   12");
    }
}
