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

/// Width of one square on screen.
const CELL: usize = 4;
/// Columns before the first square (row label and a space).
const LEFT: usize = 3;
/// The board's size on screen.
pub const BOARD_SIZE: Vec2 = Vec2::new(LEFT + 8 * CELL, 9);

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
        }
    }

    /// Calls `f` when the user chooses a square (Enter, Space, click, typed name).
    pub fn set_on_square(&mut self, f: OnSquare) {
        self.on_square = Some(f);
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

    /// Removes the labels.
    pub fn clear_labels(&mut self) {
        self.labels = vec![None; 64];
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
    pub fn square_at(pos: Vec2) -> Option<Square> {
        if pos.y < 1 || pos.y > 8 || pos.x < LEFT {
            return None;
        }
        let col = (pos.x - LEFT) / CELL;
        if col >= 8 {
            return None;
        }
        Square::from_coords(col as i32, pos.y as i32 - 1)
    }

    /// The screen offset (relative to the view) of the disc glyph of `sq`.
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
        for col in 0..8 {
            let name = (b'a' + col as u8) as char;
            printer.print((LEFT + col * CELL + 1, 0), &name.to_string());
        }
        let green = Color::Dark(BaseColor::Green);
        for row in 0..8 {
            printer.print((0, row + 1), &format!("{}", row + 1));
            for col in 0..8 {
                let sq = Square::from_index_unchecked((row * 8 + col) as u32);
                let (text, kind) = self.cell_text(sq);
                let x = LEFT + col * CELL;
                let cursor_here = sq == self.cursor && printer.focused;
                let draw = |p: &Printer| {
                    if cursor_here {
                        p.with_effect(Effect::Reverse, |p| p.print((x, row + 1), &text));
                    } else {
                        p.print((x, row + 1), &text);
                    }
                };
                if self.plain {
                    draw(printer);
                    printer.print((x + 3, row + 1), " ");
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
                        p.with_effect(Effect::Bold, draw);
                    } else {
                        draw(p);
                    }
                });
                printer.with_color(ColorStyle::new(fg, green), |p| {
                    p.print((x + 3, row + 1), " ")
                });
            }
        }
    }

    fn required_size(&mut self, _constraint: Vec2) -> Vec2 {
        BOARD_SIZE
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
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
                return match position.checked_sub(offset).and_then(BoardView::square_at) {
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
