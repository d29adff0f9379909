//! The Othello board widget: a–h / 1–8 labels, discs on a green board (plain glyphs
//! when `NO_COLOR` is set), legal-move markers, the last move and its flips marked,
//! value labels for hints, a cursor (arrows or hjkl), and play by Enter/Space, a mouse
//! click or a typed square name (`f5` Enter). It holds no rules: it shows a position
//! and reports the square the user chose.

use crate::engine::{Color as Disc, Position, Square};
use cursive::direction::Direction;
use cursive::event::{Event, EventResult, Key, MouseButton, MouseEvent};
use cursive::theme::{BaseColor, Color, ColorStyle, Effect};
use cursive::view::{CannotFocus, View};
use cursive::{Cursive, Printer, Vec2};
use std::sync::Arc;

/// Width of one square on screen (compact board).
const CELL: usize = 4;
/// Width and height of one square on the roomy board.
const ROOMY: (usize, usize) = (6, 2);
/// Columns before the first square (row label and a space).
const LEFT: usize = 3;
/// The compact board's size on screen.
pub const BOARD_SIZE: Vec2 = Vec2::new(LEFT + 8 * CELL, 9);
/// The smallest terminal (width, height) in which the roomy board is used.
pub const ROOMY_FROM: Vec2 = Vec2::new(110, 30);

/// The names under which screens register their boards.
pub const BOARD_NAMES: [&str; 9] = [
    "practice-board",
    "analyze-board",
    "lesson-board",
    "puzzle-board",
    "editor-board",
    "run-board",
    "drill-board",
    "opening-board",
    "mistakes-board",
];

/// Lets every board on screen use the roomy size when the terminal is large enough
/// (called when a screen opens and when the terminal is resized).
pub fn fit_boards(siv: &mut Cursive) {
    let roomy = roomy_fits(siv.screen_size());
    for name in BOARD_NAMES {
        siv.call_on_name(name, |b: &mut BoardView| b.roomy_allowed = roomy);
    }
}

/// Whether a terminal of `size` is large enough for the roomy board.
pub fn roomy_fits(size: Vec2) -> bool {
    size.x >= ROOMY_FROM.x && size.y >= ROOMY_FROM.y
}

/// What to do when the user chooses a square.
pub type OnSquare = Arc<dyn Fn(&mut Cursive, Square) + Send + Sync>;

/// The board widget.
pub struct BoardView {
    position: Position,
    cursor: Square,
    show_legal: bool,
    last_move: Option<Square>,
    flipped: u64,
    highlights: u64,
    labels: Vec<Option<String>>,
    typed: String,
    plain: bool,
    on_square: Option<OnSquare>,
    /// Called with the cursor's square when the keys move it.
    on_cursor: Option<OnSquare>,
    /// Called with the square right-clicked.
    on_erase: Option<OnSquare>,
    /// Editing: letters are not square names (they go to the screen's keys), `h`
    /// moves the cursor left and Space is the screen's.
    editing: bool,
    /// Square width and height on screen (compact 4x1, roomy 6x2).
    cell: (usize, usize),
    /// Whether the terminal is large enough for the roomy board.
    roomy_allowed: bool,
}

impl BoardView {
    /// A board showing `position`; `plain` draws without colour.
    pub fn new(position: Position, plain: bool) -> BoardView {
        BoardView {
            position,
            cursor: Square::parse("d3").unwrap_or(Square::A1),
            show_legal: true,
            last_move: None,
            flipped: 0,
            highlights: 0,
            labels: vec![None; 64],
            typed: String::new(),
            plain,
            on_square: None,
            on_cursor: None,
            on_erase: None,
            editing: false,
            cell: (CELL, 1),
            roomy_allowed: false,
        }
    }

    /// Lets the board use the roomy size (when the terminal is large enough).
    pub fn set_roomy_allowed(&mut self, roomy: bool) {
        self.roomy_allowed = roomy;
    }

    /// Calls `f` when the user chooses a square (Enter, Space, click, typed name).
    pub fn set_on_square(&mut self, f: OnSquare) {
        self.on_square = Some(f);
    }

    /// Calls `f` with the cursor's square whenever the keys move it.
    pub fn set_on_cursor(&mut self, f: OnSquare) {
        self.on_cursor = Some(f);
    }

    /// Calls `f` with the square right-clicked.
    pub fn set_on_erase(&mut self, f: OnSquare) {
        self.on_erase = Some(f);
    }

    /// An editing board: letters are not square names but the screen's keys (`h`
    /// still moves the cursor left), and Space is the screen's.
    pub fn set_editing(&mut self, editing: bool) {
        self.editing = editing;
    }

    /// The result of a cursor move: the cursor callback, if any.
    fn moved(&self) -> EventResult {
        match &self.on_cursor {
            Some(f) => {
                let (f, sq) = (f.clone(), self.cursor);
                EventResult::with_cb(move |s| f(s, sq))
            }
            None => EventResult::Consumed(None),
        }
    }

    /// Shows a new position, with the last move and the discs it flipped; clears the
    /// value labels.
    pub fn set_position(&mut self, position: Position, last: Option<Square>, flipped: &[Square]) {
        self.position = position;
        self.last_move = last;
        self.flipped = flipped.iter().fold(0, |a, s| a | s.bit());
        self.labels = vec![None; 64];
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Shows or hides the legal-move markers.
    pub fn set_show_legal(&mut self, on: bool) {
        self.show_legal = on;
    }

    /// Whether legal-move markers are shown.
    pub fn show_legal(&self) -> bool {
        self.show_legal
    }

    /// Marks squares (for lessons), drawn between `>` `<`.
    pub fn set_highlights(&mut self, squares: &[Square]) {
        self.highlights = squares.iter().fold(0, |a, s| a | s.bit());
    }

    /// Writes short labels (three characters at most, such as hint values) on squares.
    pub fn set_labels(&mut self, labels: &[(Square, String)]) {
        self.labels = vec![None; 64];
        for (sq, text) in labels {
            self.labels[sq.index()] = Some(text.chars().take(3).collect());
        }
    }

    /// The cursor's square.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// Moves the cursor.
    pub fn set_cursor(&mut self, sq: Square) {
        self.cursor = sq;
    }

    /// The square name typed so far (empty, one or two characters).
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The square at a position relative to the view's top-left corner.
    pub fn square_at(&self, pos: Vec2) -> Option<Square> {
        let (w, h) = self.cell;
        if pos.y < 1 || pos.x < LEFT {
            return None;
        }
        let (col, row) = ((pos.x - LEFT) / w, (pos.y - 1) / h);
        if col >= 8 || row >= 8 {
            return None;
        }
        Square::from_coords(col as i32, row as i32)
    }

    /// The screen offset (relative to the view) of the disc glyph of `sq` on the
    /// compact board.
    pub fn glyph_offset(sq: Square) -> Vec2 {
        Vec2::new(LEFT + sq.col() as usize * CELL + 1, sq.row() as usize + 1)
    }

    fn choose(&mut self, sq: Square) -> EventResult {
        self.cursor = sq;
        self.typed.clear();
        match &self.on_square {
            Some(f) => {
                let f = f.clone();
                EventResult::with_cb(move |s| f(s, sq))
            }
            None => EventResult::Consumed(None),
        }
    }

    /// An editing board's events: the cursor keys (arrows, hjkl), Enter and the
    /// mouse; every other key is the screen's.
    fn on_edit_event(&mut self, event: Event) -> EventResult {
        let (dc, dr) = match event {
            Event::Key(Key::Left) | Event::Char('h') => (-1, 0),
            Event::Key(Key::Right) | Event::Char('l') => (1, 0),
            Event::Key(Key::Up) | Event::Char('k') => (0, -1),
            Event::Key(Key::Down) | Event::Char('j') => (0, 1),
            Event::Key(Key::Enter) => return self.choose(self.cursor),
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(button @ (MouseButton::Left | MouseButton::Right)),
            } => {
                let Some(sq) = position.checked_sub(offset).and_then(|p| self.square_at(p)) else {
                    return EventResult::Ignored;
                };
                if button == MouseButton::Left {
                    return self.choose(sq);
                }
                self.cursor = sq;
                return match &self.on_erase {
                    Some(f) => {
                        let f = f.clone();
                        EventResult::with_cb(move |s| f(s, sq))
                    }
                    None => EventResult::Ignored,
                };
            }
            _ => return EventResult::Ignored,
        };
        self.move_cursor(dc, dr);
        self.moved()
    }

    fn move_cursor(&mut self, dc: i32, dr: i32) {
        if let Some(sq) = Square::from_coords(self.cursor.col() + dc, self.cursor.row() + dr) {
            self.cursor = sq;
        }
    }

    fn cell_text(&self, sq: Square) -> (String, CellKind) {
        let bit = sq.bit();
        let (left, right) = if self.last_move == Some(sq) {
            ('[', ']')
        } else if self.flipped & bit != 0 {
            ('(', ')')
        } else if self.highlights & bit != 0 {
            ('>', '<')
        } else {
            (' ', ' ')
        };
        match self.position.disc_at(sq) {
            Some(Disc::Black) => (format!("{left}●{right}"), CellKind::Black),
            Some(Disc::White) => {
                let glyph = if self.plain { '○' } else { '●' };
                (format!("{left}{glyph}{right}"), CellKind::White)
            }
            None => {
                if let Some(label) = &self.labels[sq.index()] {
                    (format!("{label:^3}"), CellKind::Label)
                } else if self.show_legal && self.position.legal_moves().contains(sq) {
                    (format!("{left}+{right}"), CellKind::Legal)
                } else {
                    (format!("{left}·{right}"), CellKind::Empty)
                }
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CellKind {
    Black,
    White,
    Empty,
    Legal,
    Label,
}

impl View for BoardView {
    fn draw(&self, printer: &Printer) {
        let (w, h) = self.cell;
        let pad = (w - 3) / 2;
        for col in 0..8 {
            let name = (b'a' + col as u8) as char;
            printer.print((LEFT + col * w + pad + 1, 0), &name.to_string());
        }
        let green = Color::Dark(BaseColor::Green);
        for row in 0..8 {
            let top = 1 + row * h;
            printer.print((0, top), &format!("{}", row + 1));
            for col in 0..8 {
                let sq = Square::from_index_unchecked((row * 8 + col) as u32);
                let (text, kind) = self.cell_text(sq);
                let x = LEFT + col * w;
                let cursor_here = sq == self.cursor && printer.focused;
                let blank = " ".repeat(w);
                let mut line = " ".repeat(pad);
                line.push_str(&text);
                while line.chars().count() < w {
                    line.push(' ');
                }
                let mid = (h - 1) / 2;
                let body = |p: &Printer| {
                    for dy in 0..h {
                        p.print((x, top + dy), if dy == mid { &line } else { &blank });
                    }
                    if cursor_here {
                        p.with_effect(Effect::Reverse, |p| p.print((x + pad, top + mid), &text));
                    }
                };
                if self.plain {
                    body(printer);
                    continue;
                }
                let fg = match kind {
                    CellKind::Black => Color::Dark(BaseColor::Black),
                    CellKind::White => Color::Light(BaseColor::White),
                    CellKind::Empty => Color::Dark(BaseColor::Black),
                    CellKind::Legal => Color::Light(BaseColor::Yellow),
                    CellKind::Label => Color::Light(BaseColor::Yellow),
                };
                let back = if self.last_move == Some(sq) {
                    Color::Dark(BaseColor::Cyan)
                } else {
                    green
                };
                printer.with_color(ColorStyle::new(fg, back), |p| {
                    if kind == CellKind::Label || self.last_move == Some(sq) {
                        p.with_effect(Effect::Bold, body);
                    } else {
                        body(p);
                    }
                });
            }
        }
    }

    fn layout(&mut self, size: Vec2) {
        let roomy = Vec2::new(LEFT + 8 * ROOMY.0, 1 + 8 * ROOMY.1);
        self.cell = if size.x >= roomy.x && size.y >= roomy.y {
            ROOMY
        } else {
            (CELL, 1)
        };
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        // When the terminal is large, ask for the roomy size whatever the constraint:
        // `layout` falls back to the compact board if less is given.
        let _ = constraint;
        if self.roomy_allowed {
            Vec2::new(LEFT + 8 * ROOMY.0, 1 + 8 * ROOMY.1)
        } else {
            BOARD_SIZE
        }
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        if self.editing {
            return self.on_edit_event(event);
        }
        match event {
            Event::Key(Key::Left) => self.move_cursor(-1, 0),
            Event::Key(Key::Right) => self.move_cursor(1, 0),
            Event::Key(Key::Up) => self.move_cursor(0, -1),
            Event::Key(Key::Down) => self.move_cursor(0, 1),
            Event::Char(c @ ('j' | 'k' | 'l')) => {
                self.typed.clear();
                match c {
                    'j' => self.move_cursor(0, 1),
                    'k' => self.move_cursor(0, -1),
                    _ => self.move_cursor(1, 0),
                }
                return EventResult::Consumed(None);
            }
            Event::Char(c @ ('a'..='h' | 'A'..='H')) => {
                // A column letter starts a typed square name; `h` also moves left.
                if c == 'h' {
                    self.move_cursor(-1, 0);
                }
                self.typed = c.to_ascii_lowercase().to_string();
                return EventResult::Consumed(None);
            }
            Event::Char(c) if !self.typed.is_empty() && c.is_ascii_alphabetic() => {
                // A letter while a square's name is being typed is part of what the
                // learner types (a mistyped name, "pass"), never a screen's command.
                self.typed.clear();
                return EventResult::Consumed(None);
            }
            Event::Char(c @ '1'..='8') if self.typed.len() == 1 => {
                self.typed.push(c);
                if let Ok(sq) = Square::parse(&self.typed) {
                    self.cursor = sq;
                }
                return EventResult::Consumed(None);
            }
            Event::Key(Key::Enter) | Event::Char(' ') => {
                let sq = if self.typed.len() == 2 {
                    Square::parse(&self.typed).unwrap_or(self.cursor)
                } else {
                    self.cursor
                };
                return self.choose(sq);
            }
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(MouseButton::Left),
            } => {
                return match position.checked_sub(offset).and_then(|p| self.square_at(p)) {
                    Some(sq) => self.choose(sq),
                    None => EventResult::Ignored,
                };
            }
            _ => return EventResult::Ignored,
        }
        self.typed.clear();
        EventResult::Consumed(None)
    }
}

/// A board showing `position` whose chosen squares go to `f` with the screen's
/// shared state.
pub fn board_with<T: Send + Sync + 'static>(
    position: Position,
    plain: bool,
    shared: &Arc<T>,
    f: fn(&mut Cursive, &Arc<T>, Square),
) -> BoardView {
    let mut board = BoardView::new(position, plain);
    let shared = shared.clone();
    board.set_on_square(Arc::new(move |s: &mut Cursive, sq: Square| {
        f(s, &shared, sq)
    }));
    board
}

pub use crate::tutor::models::value_labels;
