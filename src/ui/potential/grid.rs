//! The Potential board: the model's window onto the grid, its axis labels, and the
//! mouse (a click chooses a cell, the wheel scrolls).

use cursive::direction::Direction;
use cursive::event::{Event, EventResult, MouseButton, MouseEvent};
use cursive::style::{BaseColor, Color as TermColor, ColorStyle, Effect};
use cursive::view::{CannotFocus, View};
use cursive::{Printer, Vec2};

use super::panel::PANEL_WIDTH;
use super::{Shared, apply};
use crate::potential::Color;
use crate::tutor::models::potential::scene::{CELL_COLS, LABEL_COLS, glyph_column};
use crate::tutor::models::potential::{GridCell, Mark};
use crate::ui::worker::lock;

/// The most columns and rows of cells the board shows (a larger window would be
/// mostly empty: a group of 2×25 pieces rarely spans more).
const MAX_CELLS: (usize, usize) = (31, 25);

/// The board view: draws the model's grid and passes the mouse on.
pub(super) struct BoardView {
    shared: Shared,
}

impl BoardView {
    pub(super) fn new(shared: Shared) -> BoardView {
        BoardView { shared }
    }
}

/// The colours of a cell: its glyph on the board's green.
fn style_of(cell: &GridCell) -> ColorStyle {
    let front = match cell.piece {
        Some(Color::White) => TermColor::Light(BaseColor::White),
        Some(Color::Black) => TermColor::Dark(BaseColor::Black),
        None if matches!(cell.mark, Mark::Target | Mark::Placeable) => {
            TermColor::Light(BaseColor::Yellow)
        }
        None => TermColor::Dark(BaseColor::Black),
    };
    ColorStyle::new(front, TermColor::Dark(BaseColor::Green))
}

/// The columns and rows of cells that fit in `size` (labels included), at least one
/// of each and at most [`MAX_CELLS`].
fn cells_in(size: Vec2) -> (usize, usize) {
    let cols = size.x.saturating_sub(LABEL_COLS) / CELL_COLS;
    let rows = size.y.saturating_sub(1);
    (cols.clamp(1, MAX_CELLS.0), rows.clamp(1, MAX_CELLS.1))
}

impl View for BoardView {
    fn draw(&self, printer: &Printer) {
        let (grid, plain) = {
            let hosted = lock(&self.shared);
            (hosted.model.shown().grid, hosted.plain)
        };
        printer.print((0, 0), &grid.column_labels());
        for (r, cells) in grid.cells.iter().enumerate() {
            printer.print((0, r + 1), &grid.row_label(r));
            for (c, cell) in cells.iter().enumerate() {
                let at = (glyph_column(c) - 1, r + 1);
                let text = cell.text();
                if plain {
                    printer.print(at, &text);
                    continue;
                }
                printer.with_color(style_of(cell), |p| {
                    let effect = if cell.frame == crate::tutor::models::potential::Frame::Cursor
                        && printer.focused
                    {
                        Effect::Reverse
                    } else if cell.piece.is_some() {
                        Effect::Bold
                    } else {
                        Effect::Simple
                    };
                    p.with_effect(effect, |p| p.print(at, &text));
                });
            }
        }
    }

    /// As many cells as the room beside the panel allows, up to [`MAX_CELLS`].
    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let room = constraint.x.saturating_sub(PANEL_WIDTH + 1);
        let (cols, rows) = cells_in(Vec2::new(room, constraint.y));
        Vec2::new(LABEL_COLS + CELL_COLS * cols, 1 + rows)
    }

    fn layout(&mut self, size: Vec2) {
        let (cols, rows) = cells_in(size);
        lock(&self.shared).model.resize(cols, rows);
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        let Event::Mouse {
            offset,
            position,
            event,
        } = event
        else {
            return EventResult::Ignored;
        };
        match event {
            MouseEvent::Press(MouseButton::Left) => {
                let cell = position.checked_sub(offset).and_then(|rel| {
                    let grid = lock(&self.shared).model.shown().grid;
                    grid.cell_under(rel.x, rel.y)
                });
                let Some(cell) = cell else {
                    return EventResult::Ignored;
                };
                let shared = self.shared.clone();
                EventResult::with_cb(move |s| {
                    let effects = lock(&shared).model.click(cell);
                    apply(s, &shared, effects);
                })
            }
            MouseEvent::WheelUp | MouseEvent::WheelDown => {
                let dy = if event == MouseEvent::WheelUp { 1 } else { -1 };
                lock(&self.shared).model.scroll(dy);
                EventResult::Consumed(None)
            }
            _ => EventResult::Ignored,
        }
    }
}
