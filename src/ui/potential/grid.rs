//! The Potential board: a window onto the unbounded grid, and the wrapped side panel.

use super::*;

pub(super) struct BoardView {
    pub(super) shared: Shared,
}

pub(super) const LABEL_COLS: usize = 4;
pub(super) const CELL_COLS: usize = 3;
pub(super) const WANT_COLS: usize = 15;
pub(super) const WANT_ROWS: usize = 15;

impl BoardView {
    fn cell_under(&self, rel: Vec2) -> Option<Cell> {
        if rel.x < LABEL_COLS || rel.y < 1 {
            return None;
        }
        let st = lock(&self.shared);
        let (col, row) = ((rel.x - LABEL_COLS) / CELL_COLS, rel.y - 1);
        if col >= st.view_cells.0 || row >= st.view_cells.1 {
            return None;
        }
        Some(st.cell_at(col, row))
    }

    fn move_cursor(&mut self, dx: i16, dy: i16) -> EventResult {
        let mut st = lock(&self.shared);
        st.cursor = st.cursor.offset(dx, dy);
        st.follow_cursor();
        EventResult::Consumed(None)
    }

    fn act(&mut self) -> EventResult {
        let played = lock(&self.shared).act();
        if played {
            let shared = self.shared.clone();
            EventResult::with_cb(move |s| after_change(s, &shared))
        } else {
            EventResult::Consumed(None)
        }
    }
}

impl View for BoardView {
    fn draw(&self, printer: &Printer) {
        let st = lock(&self.shared);
        let pos = st.game.position();
        let a = pos.analysis();
        let (cols, rows) = st.view_cells;
        let placing = pos.phase() == Phase::Placing;
        let my_turn = !st.computer_to_move() && !pos.is_over();
        let targets: Vec<Cell> = st.selected.map(|s| pos.targets_of(s)).unwrap_or_default();
        let last = st.game.last_move().map(|(_, m)| m);
        let plain = st.no_color;

        for col in 0..cols {
            let x = st.view_origin.x + col as i16;
            let label = if (-9..=99).contains(&x) {
                format!("{x:>2} ")
            } else {
                format!("{x:>3}")
            };
            printer.print((LABEL_COLS + col * CELL_COLS, 0), &label);
        }
        for row in 0..rows {
            let y = st.view_origin.y - row as i16;
            printer.print((0, row + 1), &format!("{y:>3} "));
            for col in 0..cols {
                let cell = st.cell_at(col, row);
                let piece = pos.board().piece_at(cell);
                let glyph = match piece {
                    Some(color) => {
                        let stuck = !placing
                            && a.pieces()
                                .iter()
                                .find(|p| p.cell == cell)
                                .is_some_and(|p| !p.is_movable());
                        match (color, stuck) {
                            (Color::White, false) => 'O',
                            (Color::White, true) => 'o',
                            (Color::Black, false) => 'X',
                            (Color::Black, true) => 'x',
                        }
                    }
                    None if targets.contains(&cell) => '*',
                    None if last.and_then(|m| m.origin()) == Some(cell) => ':',
                    None if placing
                        && my_turn
                        && (pos.board().is_empty() && cell == Cell::ORIGIN
                            || pos.board().neighbour_counts(cell, None).0 > 0) =>
                    {
                        '+'
                    }
                    None => '.',
                };
                let (l, r) = if cell == st.cursor {
                    ('[', ']')
                } else if Some(cell) == st.selected {
                    ('<', '>')
                } else if last.map(|m| m.target()) == Some(cell) {
                    ('(', ')')
                } else {
                    (' ', ' ')
                };
                let at = (LABEL_COLS + col * CELL_COLS, row + 1);
                let text = format!("{l}{glyph}{r}");
                if plain {
                    printer.print(at, &text);
                    continue;
                }
                let board = TermColor::Dark(BaseColor::Green);
                let front = match piece {
                    Some(Color::White) => TermColor::Light(BaseColor::White),
                    Some(Color::Black) => TermColor::Dark(BaseColor::Black),
                    None if glyph == '*' || glyph == '+' => TermColor::Light(BaseColor::Yellow),
                    None => TermColor::Dark(BaseColor::Black),
                };
                printer.with_color(ColorStyle::new(front, board), |p| {
                    if cell == st.cursor && printer.focused {
                        p.with_effect(Effect::Reverse, |p| p.print(at, &text));
                    } else if piece.is_some() {
                        p.with_effect(Effect::Bold, |p| p.print(at, &text));
                    } else {
                        p.print(at, &text);
                    }
                });
            }
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let want = Vec2::new(LABEL_COLS + CELL_COLS * WANT_COLS, 1 + WANT_ROWS);
        want.zip_map(constraint, |w, c| w.min(c).max(1))
    }

    fn layout(&mut self, size: Vec2) {
        let cols = size.x.saturating_sub(LABEL_COLS) / CELL_COLS;
        let rows = size.y.saturating_sub(1);
        let mut st = lock(&self.shared);
        if st.view_cells != (cols, rows) {
            let first = st.view_cells == (0, 0);
            st.view_cells = (cols, rows);
            if first {
                st.centre_on(Cell::ORIGIN);
            }
            st.follow_group();
        }
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        match event {
            Event::Key(Key::Left) | Event::Char('h') => self.move_cursor(-1, 0),
            Event::Key(Key::Right) | Event::Char('l') => self.move_cursor(1, 0),
            Event::Key(Key::Up) | Event::Char('k') => self.move_cursor(0, 1),
            Event::Key(Key::Down) | Event::Char('j') => self.move_cursor(0, -1),
            Event::Key(Key::Enter) | Event::Char(' ') => self.act(),
            Event::Key(Key::Esc) => {
                let mut st = lock(&self.shared);
                match st.selected.take() {
                    Some(c) => {
                        st.message = format!("Put the piece on {c} back down.");
                        EventResult::Consumed(None)
                    }
                    None => EventResult::Ignored,
                }
            }
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(MouseButton::Left),
            } => match position
                .checked_sub(offset)
                .and_then(|rel| self.cell_under(rel))
            {
                Some(cell) => {
                    lock(&self.shared).cursor = cell;
                    self.act()
                }
                None => EventResult::Ignored,
            },
            Event::Mouse {
                event: MouseEvent::WheelUp,
                ..
            } => {
                lock(&self.shared).view_origin.y += 1;
                EventResult::Consumed(None)
            }
            Event::Mouse {
                event: MouseEvent::WheelDown,
                ..
            } => {
                lock(&self.shared).view_origin.y -= 1;
                EventResult::Consumed(None)
            }
            _ => EventResult::Ignored,
        }
    }
}

/// Lines of text drawn from the shared state on every frame.
pub(super) struct LinesView {
    pub(super) shared: Shared,
    pub(super) lines: fn(&Screen) -> Vec<String>,
    pub(super) width: usize,
}

impl LinesView {
    fn wrapped(&self, width: usize) -> Vec<String> {
        let st = lock(&self.shared);
        let mut out = Vec::new();
        for line in (self.lines)(&st) {
            let mut current = String::new();
            for word in line.split(' ') {
                let len = current.chars().count();
                if len > 0 && len + 1 + word.chars().count() > width {
                    out.push(std::mem::take(&mut current));
                }
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(word);
            }
            out.push(current);
        }
        out
    }
}

impl View for LinesView {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.wrapped(printer.size.x.max(1)).iter().enumerate() {
            printer.print((0, i), line);
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let width = self.width.min(constraint.x).max(1);
        Vec2::new(width, self.wrapped(width).len().max(1))
    }
}
