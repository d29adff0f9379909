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

/// The widths of the six columns for `rows` in a table `width` wide: the date,
/// the result and the moves as wide as they need; the name, the players and the
/// opening share the rest, each at most as wide as its longest cell, the narrow
/// ones served first and the room left split evenly (the opening takes any room
/// over, so the table fills the width).
pub fn column_widths(width: usize, rows: &[Row]) -> [usize; 6] {
    let need = |i: usize| {
        rows.iter()
            .map(|r| r.cells[i].chars().count())
            .chain(std::iter::once(HEADER[i].chars().count()))
            .max()
            .unwrap_or(0)
    };
    let (date, result, moves) = (need(1).max(10), need(3).max(6), need(4).max(5));
    let fixed = date + result + moves + 5 * GAP;
    let mut rest = width.saturating_sub(fixed).max(3 * MIN_FLEXIBLE);
    // Water-filling: the columns in order of need, each given its need or an even
    // share of what is left, whichever is less.
    let mut flexible = [(0, need(0)), (2, need(2)), (5, need(5))];
    flexible.sort_by_key(|&(_, n)| n);
    let mut widths = [0, date, 0, result, moves, 0];
    for (k, &(column, n)) in flexible.iter().enumerate() {
        let share = rest / (flexible.len() - k);
        let w = n.max(MIN_FLEXIBLE).min(share.max(MIN_FLEXIBLE));
        widths[column] = w;
        rest = rest.saturating_sub(w);
    }
    widths[5] += rest;
    widths
}

/// The narrowest the name, the players and the opening get.
const MIN_FLEXIBLE: usize = 4;

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
        let widths = column_widths(width, &self.rows);
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
        let widths = column_widths(width, &self.rows);
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
    fn columns_fill_the_width_and_serve_the_narrow_ones_first() {
        let row = |name: &str, players: &str, opening: &str| Row {
            cells: [
                name.into(),
                "2003-01-15".into(),
                players.into(),
                "B+16".into(),
                "10".into(),
                opening.into(),
            ],
        };
        let rows = [
            row(
                "club-0001",
                "Makoto Suekuni - Hiroki Nobukawa",
                "Perpendicular Opening",
            ),
            row("a much longer name of a game", "Ann - Bob", "Tiger"),
        ];
        for w in [60, 76, 96, 116, 136] {
            let widths = column_widths(w, &rows);
            assert_eq!(widths.iter().sum::<usize>() + 5 * GAP, w, "{w}");
        }
        // At 76 there are 45 columns for the three, and all need more than a third:
        // an even split.
        assert_eq!(column_widths(76, &rows), [15, 10, 15, 6, 5, 15]);
        // A short name gives its room to the others.
        let short = [rows[0].clone()];
        assert_eq!(column_widths(76, &short), [9, 10, 18, 6, 5, 18]);
        // Room for everything: each its need, the opening the rest.
        assert_eq!(column_widths(136, &rows), [28, 10, 32, 6, 5, 45]);
        assert_eq!(fit("abcdef", 4, false), "abc…");
        assert_eq!(fit("12", 5, true), "   12");
    }
}
