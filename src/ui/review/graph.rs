//! The value graph: one column a move, a bar from the zero line to the value after
//! the move (Black's view, in discs: up is good for Black), a scale on the left,
//! mistakes marked by characters under the bars (`?` inaccuracy, `x` mistake, `X`
//! blunder), the current move drawn reversed and pointed at by `^`. When the game has
//! more moves than columns, a window that follows the current move is shown, with
//! `<` or `>` where moves are hidden. A click on a column chooses that move.

use cursive::direction::Direction;
use cursive::event::{Event, EventResult, MouseButton, MouseEvent};
use cursive::theme::{BaseColor, Color, ColorStyle, Effect};
use cursive::view::{CannotFocus, View};
use cursive::{Cursive, Printer, Vec2};
use std::sync::Arc;

/// Columns taken by the scale on the left ("+16" and the axis).
const SCALE: usize = 4;
/// The scales the graph chooses from (discs at the top and bottom rows).
const SCALES: [i32; 5] = [4, 8, 16, 32, 64];

/// What to do when a column is clicked: the number of moves to show (1-based move).
pub type OnMove = Arc<dyn Fn(&mut Cursive, usize) + Send + Sync>;

/// The graph widget.
pub struct ValueGraph {
    values: Vec<Option<i32>>,
    marks: Vec<Option<char>>,
    /// Moves shown on the board (0: the start; `k`: after move `k`).
    current: usize,
    /// The first move (0-based) in the window.
    first: usize,
    /// Moves the window holds at the last layout.
    columns: usize,
    /// Screen columns a move takes (two when there is room).
    cell: usize,
    plain: bool,
    on_move: Option<OnMove>,
}

impl ValueGraph {
    /// An empty graph; `plain` draws without colour.
    pub fn new(plain: bool) -> ValueGraph {
        ValueGraph {
            values: Vec::new(),
            marks: Vec::new(),
            current: 0,
            first: 0,
            columns: 1,
            cell: 1,
            plain,
            on_move: None,
        }
    }

    /// Calls `f` with the move clicked.
    pub fn set_on_move(&mut self, f: OnMove) {
        self.on_move = Some(f);
    }

    /// The values after each move (Black's view, discs) and each move's mark.
    pub fn set_data(&mut self, values: Vec<Option<i32>>, marks: Vec<Option<char>>) {
        self.values = values;
        self.marks = marks;
        self.follow();
    }

    /// Highlights move `current` (1-based; 0 for none, the start position).
    pub fn set_current(&mut self, current: usize) {
        self.current = current.min(self.values.len());
        self.follow();
    }

    /// The highlighted move (0: none).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The first move (0-based) drawn in the window.
    pub fn first(&self) -> usize {
        self.first
    }

    /// Keeps the current move inside the window.
    fn follow(&mut self) {
        let n = self.values.len();
        let cols = self.columns.max(1);
        if n <= cols {
            self.first = 0;
            return;
        }
        if self.current == 0 {
            self.first = 0;
        } else if let Some(i) = self.current.checked_sub(1) {
            if i < self.first {
                self.first = i;
            } else if i >= self.first + cols {
                self.first = i + 1 - cols;
            }
        }
        self.first = self.first.min(n - cols);
    }

    /// The scale: the smallest of `SCALES` that holds every value.
    pub fn scale(&self) -> i32 {
        let top = self
            .values
            .iter()
            .flatten()
            .map(|v| v.abs())
            .max()
            .unwrap_or(0);
        SCALES
            .iter()
            .copied()
            .find(|&s| s >= top)
            .unwrap_or(SCALES[SCALES.len() - 1])
    }

    fn style(&self, p: &Printer, highlighted: bool, f: impl FnOnce(&Printer)) {
        if highlighted {
            p.with_effect(Effect::Reverse, f);
        } else {
            f(p);
        }
    }
}

/// The glyph of a value's column at `row` of a plot whose zero line is row `axis`,
/// with `levels` half rows on each side for `scale` discs.
fn bar_glyph(value: Option<i32>, row: usize, axis: usize, levels: i32, scale: i32) -> &'static str {
    let Some(v) = value else {
        return if row == axis { "·" } else { " " };
    };
    if row == axis {
        return "─";
    }
    if v == 0 {
        return " ";
    }
    // Half rows the bar covers: at least one for a value that is not zero.
    let h = ((v.abs() * levels + scale - 1) / scale).clamp(1, levels) as usize;
    let distance = if v > 0 && row < axis {
        axis - row
    } else if v < 0 && row > axis {
        row - axis
    } else {
        return " ";
    };
    // Row at `distance` covers half rows 2d-1 and 2d.
    if 2 * distance <= h {
        "█"
    } else if 2 * distance - 1 == h {
        if v > 0 { "▄" } else { "▀" }
    } else {
        " "
    }
}

impl View for ValueGraph {
    fn draw(&self, printer: &Printer) {
        let size = printer.size;
        if size.y < 4 || size.x <= SCALE {
            return;
        }
        // Rows: the plot (an odd number, the axis in the middle), marks, numbers.
        let mut plot = size.y - 2;
        if plot.is_multiple_of(2) {
            plot -= 1;
        }
        let half = plot / 2;
        let axis = half;
        let scale = self.scale();
        let levels = (2 * half) as i32;
        printer.print((0, 0), &format!("{:>+3}", scale));
        printer.print((0, axis), "  0");
        printer.print((0, plot - 1), &format!("{:>+3}", -scale));
        for row in 0..plot {
            let c = if row == axis { "┼" } else { "│" };
            printer.print((SCALE - 1, row), c);
        }
        let w = self.cell.max(1);
        let cols = ((size.x - SCALE) / w).min(self.values.len().saturating_sub(self.first));
        for col in 0..cols {
            let i = self.first + col;
            let x = SCALE + col * w;
            let highlighted = self.current == i + 1;
            let value = self.values[i];
            self.style(printer, highlighted, |p| {
                for row in 0..plot {
                    let glyph = bar_glyph(value, row, axis, levels, scale);
                    // The current move's column is drawn whole, blanks too.
                    if glyph != " " || highlighted {
                        p.print((x, row), &glyph.repeat(w));
                    }
                }
            });
            if let Some(m) = self.marks.get(i).copied().flatten() {
                let color = match m {
                    'X' => Color::Light(BaseColor::Red),
                    'x' => Color::Dark(BaseColor::Red),
                    _ => Color::Dark(BaseColor::Yellow),
                };
                let s = m.to_string();
                if self.plain {
                    printer.print((x, plot), &s);
                } else {
                    printer.with_color(ColorStyle::front(color), |p| p.print((x, plot), &s));
                }
            }
        }
        // The move numbers every ten moves, `^` under the current move.
        let bottom = plot + 1;
        for col in 0..cols {
            let number = self.first + col + 1;
            if number.is_multiple_of(10) {
                let label = number.to_string();
                if (col + 1) * w >= label.len() {
                    printer.print((SCALE + (col + 1) * w - label.len(), bottom), &label);
                }
            }
        }
        if self.first > 0 {
            printer.print((0, bottom), "<");
        }
        if self.first + cols < self.values.len() {
            printer.print((size.x - 1, bottom), ">");
        }
        if self.current > self.first && self.current <= self.first + cols {
            printer.with_effect(Effect::Bold, |p| {
                p.print((SCALE + (self.current - 1 - self.first) * w, bottom), "^")
            });
        }
    }

    fn layout(&mut self, size: Vec2) {
        let room = size.x.saturating_sub(SCALE);
        self.cell = if room >= 2 * self.values.len().max(1) {
            2
        } else {
            1
        };
        self.columns = (room / self.cell).max(1);
        self.follow();
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        Vec2::new(
            (SCALE + self.values.len()).min(constraint.x).max(SCALE + 8),
            9,
        )
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        let Event::Mouse {
            offset,
            position,
            event: MouseEvent::Press(MouseButton::Left),
        } = event
        else {
            return EventResult::Ignored;
        };
        let Some(rel) = position.checked_sub(offset) else {
            return EventResult::Ignored;
        };
        if rel.x < SCALE {
            return EventResult::Ignored;
        }
        let i = self.first + (rel.x - SCALE) / self.cell.max(1);
        if i >= self.values.len() {
            return EventResult::Ignored;
        }
        self.current = i + 1;
        match &self.on_move {
            Some(f) => {
                let f = f.clone();
                let n = i + 1;
                EventResult::with_cb(move |s| f(s, n))
            }
            None => EventResult::Consumed(None),
        }
    }
}
