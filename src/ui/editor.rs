//! The position editor: set any square to black, white or empty with the keyboard or
//! the mouse, choose the side to move, clear the board or set up the start, paste an
//! OBF line or show the board's; then analyze the position or start a practice game
//! from it. A board that cannot be played from is refused with the reason.

use super::board_view::BoardView;
use super::nav::{self, Route};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::lock;
use super::wrap_text::WrapText;
use crate::engine::{Color, Position, Square};
use crate::tutor::editor::Editor;
use cursive::Cursive;
use cursive::event::{Event, EventResult, Key, MouseButton, MouseEvent};
use cursive::traits::*;
use cursive::view::ViewWrapper;
use cursive::views::{Dialog, LinearLayout, NamedView, OnEventView, Panel, ScrollView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the editor's board view.
pub const BOARD: &str = "editor-board";
/// Name of the editor's side panel.
pub const PANEL: &str = "editor-panel";
/// Name of the line that says what the last key did (or why it was refused).
pub const STATUS: &str = "editor-status";
/// Name of the line that shows the board as OBF (full width: the line is 70 columns).
pub const OBF_LINE: &str = "editor-obf";

use crate::tutor::models::editor::{Action, CURSOR_KEYS, KEYS};

struct State {
    editor: Editor,
    /// What the latest event did or why it was refused; cleared by the next event.
    message: String,
}

type Shared = Arc<Mutex<State>>;

/// Opens the editor on `position` (the start position when `None`).
pub fn open(siv: &mut Cursive, position: Option<Position>) {
    let plain = state(siv).options.plain;
    let editor = Editor::from_position(&position.unwrap_or_default());
    let shared: Shared = Arc::new(Mutex::new(State {
        editor,
        message: String::new(),
    }));
    let mut board = BoardView::new(editor.position(), plain);
    {
        let shared = shared.clone();
        board.set_on_square(Arc::new(move |s: &mut Cursive, sq: Square| {
            edit(s, &shared, |e| {
                e.cycle(sq);
            })
        }));
    }
    let board = EditBoard {
        inner: board.with_name(BOARD),
        shared: shared.clone(),
    };
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(Panel::new(board))
                .child(
                    Panel::new(ScrollView::new(WrapText::new("").with_name(PANEL)))
                        .title("Position editor")
                        .full_width(),
                )
                .full_height(),
        )
        .child(TextView::new("").with_name(OBF_LINE))
        .child(TextView::new("").with_name(STATUS))
        .child(super::host::FooterView::new(|w| {
            crate::tutor::screen::footer(CURSOR_KEYS, KEYS, w)
        }));
    let mut keys = OnEventView::new(body);
    // Pre-events: every key works whichever view has the focus (the board or the
    // panel, when it scrolls).
    for binding in KEYS {
        let f: fn(&mut Cursive, &Shared) = match binding.action {
            Action::Black => put_black,
            Action::White => put_white,
            Action::Empty => put_empty,
            Action::Cycle => cycle_cursor,
            Action::Left => |s, sh| move_cursor(s, sh, -1, 0),
            Action::Down => |s, sh| move_cursor(s, sh, 0, 1),
            Action::Up => |s, sh| move_cursor(s, sh, 0, -1),
            Action::Right => |s, sh| move_cursor(s, sh, 1, 0),
            Action::SideToMove => toggle_side,
            Action::Clear => clear,
            Action::Start => start,
            Action::Paste => paste,
            Action::ShowObf => show_obf,
            Action::Analyze => analyze_here,
            Action::Practice => practice_here,
            Action::Leave => leave,
        };
        for &key in binding.keys {
            let shared = shared.clone();
            keys.set_on_pre_event(super::host::event_of(key), move |s| f(s, &shared));
        }
    }
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Editor,
        SizeGuard::new(keys.full_screen()),
    );
    super::board_view::fit_boards(siv);
    let _ = siv.focus_name(BOARD);
    refresh(siv, &shared);
}

/// The board of the editor: the shared board widget for drawing, the cursor (arrow
/// keys) and clicks; every other key goes to the screen's bindings.
struct EditBoard {
    inner: NamedView<BoardView>,
    shared: Shared,
}

impl ViewWrapper for EditBoard {
    cursive::wrap_impl!(self.inner: NamedView<BoardView>);

    fn wrap_on_event(&mut self, event: Event) -> EventResult {
        let shared = self.shared.clone();
        match event {
            Event::Key(Key::Left | Key::Right | Key::Up | Key::Down) => {
                self.inner.on_event(event);
                EventResult::with_cb(move |s| moved(s, &shared))
            }
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(MouseButton::Right),
            } => {
                let board = self.inner.get_mut();
                match position
                    .checked_sub(offset)
                    .and_then(|p| board.square_at(p))
                {
                    Some(sq) => EventResult::with_cb(move |s| {
                        edit(s, &shared, |e| e.set(sq, None));
                    }),
                    None => EventResult::Ignored,
                }
            }
            Event::Mouse { .. } => self.inner.on_event(event),
            _ => EventResult::Ignored,
        }
    }
}

fn cursor(siv: &mut Cursive) -> Square {
    siv.call_on_name(BOARD, |b: &mut BoardView| b.cursor())
        .unwrap_or(Square::A1)
}

/// Applies `f` to the edited board, clears the message and redraws.
fn edit(siv: &mut Cursive, shared: &Shared, f: impl FnOnce(&mut Editor)) {
    {
        let mut st = lock(shared);
        f(&mut st.editor);
        st.message.clear();
    }
    refresh(siv, shared);
}

/// Sets the cursor's square to `disc`.
fn put(siv: &mut Cursive, shared: &Shared, disc: Option<Color>) {
    let sq = cursor(siv);
    edit(siv, shared, |e| e.set(sq, disc));
}

fn put_black(siv: &mut Cursive, shared: &Shared) {
    put(siv, shared, Some(Color::Black));
}

fn put_white(siv: &mut Cursive, shared: &Shared) {
    put(siv, shared, Some(Color::White));
}

fn put_empty(siv: &mut Cursive, shared: &Shared) {
    put(siv, shared, None);
}

fn cycle_cursor(siv: &mut Cursive, shared: &Shared) {
    let sq = cursor(siv);
    edit(siv, shared, |e| {
        e.cycle(sq);
    });
}

fn move_cursor(siv: &mut Cursive, shared: &Shared, dc: i32, dr: i32) {
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        if let Some(sq) = Square::from_coords(c.col() + dc, c.row() + dr) {
            b.set_cursor(sq);
        }
    });
    moved(siv, shared);
}

/// The cursor moved: the panel names its square, and the last message goes.
fn moved(siv: &mut Cursive, shared: &Shared) {
    lock(shared).message.clear();
    refresh(siv, shared);
}

fn toggle_side(siv: &mut Cursive, shared: &Shared) {
    edit(siv, shared, Editor::toggle_to_move);
}

fn clear(siv: &mut Cursive, shared: &Shared) {
    edit(siv, shared, Editor::clear);
}

fn start(siv: &mut Cursive, shared: &Shared) {
    edit(siv, shared, Editor::reset_to_start);
}

fn say(siv: &mut Cursive, shared: &Shared, message: String) {
    lock(shared).message = message;
    refresh(siv, shared);
}

fn analyze_here(siv: &mut Cursive, shared: &Shared) {
    let checked = lock(shared).editor.validate();
    match checked {
        Ok(position) => {
            siv.pop_layer();
            nav::go(siv, Route::AnalyzeAt(position));
        }
        Err(e) => say(siv, shared, format!("Cannot analyze: {e}.")),
    }
}

fn practice_here(siv: &mut Cursive, shared: &Shared) {
    let checked = lock(shared).editor.validate();
    match checked {
        Ok(position) => {
            lock(shared).message.clear();
            refresh(siv, shared);
            nav::go(siv, Route::PracticeSetupFrom(position));
        }
        Err(e) => say(siv, shared, format!("Cannot practice: {e}.")),
    }
}

fn leave(siv: &mut Cursive, _shared: &Shared) {
    nav::menu(siv);
}

fn paste(siv: &mut Cursive, shared: &Shared) {
    lock(shared).message.clear();
    refresh(siv, shared);
    let shared = shared.clone();
    crate::ui::text_dialog::ask_text(
        siv,
        "Paste a position",
        "An OBF line (64 squares X, O or -, a1 to h8, then X or O to move),\n\
         or a transcript from the start (f5d6c3…):",
        "editor-input",
        "",
        "Set up",
        move |s, text| match Editor::from_obf(text) {
            Ok(editor) => {
                s.pop_layer();
                {
                    let mut st = lock(&shared);
                    st.editor = editor;
                    st.message = "Set up from the pasted line.".into();
                }
                refresh(s, &shared);
            }
            Err(e) => {
                crate::ui::size_guard::add_layer(s, Dialog::info(format!("Cannot read it: {e}")));
            }
        },
    );
}

fn show_obf(siv: &mut Cursive, shared: &Shared) {
    let obf = {
        let mut st = lock(shared);
        st.message.clear();
        st.editor.to_obf()
    };
    refresh(siv, shared);
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(
                    "The board as an OBF line (select it with the mouse to copy it;\n\
                     many terminals need Shift held while selecting):\n ",
                ))
                .child(TextView::new(obf).with_name("editor-obf-copy")),
        )
        .title("OBF   (Esc: back)")
        .button("Back", |s| {
            s.pop_layer();
        })
        .wrap_with(OnEventView::new)
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}

/// Redraws the board, the panel and the status line from the state.
fn refresh(siv: &mut Cursive, shared: &Shared) {
    let (editor, message) = {
        let st = lock(shared);
        (st.editor, st.message.clone())
    };
    let position = editor.position();
    let sq = siv
        .call_on_name(BOARD, |b: &mut BoardView| {
            let c = b.cursor();
            b.set_position(position, None, &[]);
            b.set_cursor(c);
            c
        })
        .unwrap_or(Square::A1);
    siv.call_on_name(PANEL, |t: &mut WrapText| {
        t.set_content(panel_text(&editor, sq))
    });
    siv.call_on_name(OBF_LINE, |t: &mut TextView| {
        t.set_content(format!("OBF: {}", editor.to_obf()))
    });
    // One row even when empty, so that a message does not move the screen.
    let message = if message.is_empty() {
        " ".into()
    } else {
        message
    };
    siv.call_on_name(STATUS, |t: &mut TextView| t.set_content(message));
}

fn panel_text(editor: &Editor, cursor: Square) -> String {
    let mut out = String::new();
    let side = editor.to_move();
    out.push_str(&format!("{side} to move (t: switch)\n"));
    let (b, w) = editor.counts();
    out.push_str(&format!("Black {b} - {w} White, {} empty\n", 64 - b - w));
    out.push_str(&format!(
        "Legal moves: Black {}, White {}\n",
        editor.mobility(Color::Black),
        editor.mobility(Color::White)
    ));
    let on = match editor.disc_at(cursor) {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    };
    out.push_str(&format!("Cursor: {cursor} ({on})\n"));
    match editor.validate() {
        Ok(_) => out.push_str("Ready: a analyzes it, p starts a game from it.\n"),
        Err(e) => out.push_str(&format!("Not playable yet: {e}.\n")),
    }
    out
}
