//! The position editor's keys: one table for the bindings, the footer and the help.

use crate::tutor::screen::{Binding, Key};

/// The position editor's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A black disc on the cursor's square.
    Black,
    /// A white disc on the cursor's square.
    White,
    /// Empty the cursor's square.
    Empty,
    /// Cycle the cursor's square: empty, black, white, empty.
    Cycle,
    /// Cursor left.
    Left,
    /// Cursor down.
    Down,
    /// Cursor up.
    Up,
    /// Cursor right.
    Right,
    /// The other side to move.
    SideToMove,
    /// An empty board.
    Clear,
    /// The start position.
    Start,
    /// Paste an OBF line or a transcript.
    Paste,
    /// Show the board's OBF line to copy.
    ShowObf,
    /// The analysis board on this position.
    Analyze,
    /// A practice game from this position.
    Practice,
    /// Back to the menu.
    Leave,
}

/// The position editor's keys.
pub const KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Char('b'), Key::Char('x')],
        action: Action::Black,
        footer: "black",
        help: "a black disc on the cursor's square",
    },
    Binding {
        keys: &[Key::Char('w'), Key::Char('o')],
        action: Action::White,
        footer: "white",
        help: "a white disc on the cursor's square",
    },
    Binding {
        keys: &[Key::Char(' '), Key::Char('.'), Key::Delete, Key::Backspace],
        action: Action::Empty,
        footer: "empty",
        help: "empty the cursor's square (a right click empties the square clicked)",
    },
    Binding {
        keys: &[Key::Enter],
        action: Action::Cycle,
        footer: "cycle",
        help: "cycle the cursor's square: empty, black, white, empty (a click does the same)",
    },
    Binding {
        keys: &[Key::Char('h')],
        action: Action::Left,
        footer: "",
        help: "cursor left (or the arrow keys)",
    },
    Binding {
        keys: &[Key::Char('j')],
        action: Action::Down,
        footer: "",
        help: "cursor down",
    },
    Binding {
        keys: &[Key::Char('k')],
        action: Action::Up,
        footer: "",
        help: "cursor up",
    },
    Binding {
        keys: &[Key::Char('l')],
        action: Action::Right,
        footer: "",
        help: "cursor right",
    },
    Binding {
        keys: &[Key::Char('t')],
        action: Action::SideToMove,
        footer: "side to move",
        help: "the other side to move",
    },
    Binding {
        keys: &[Key::Char('c')],
        action: Action::Clear,
        footer: "clear",
        help: "an empty board",
    },
    Binding {
        keys: &[Key::Char('s')],
        action: Action::Start,
        footer: "start position",
        help: "the start position",
    },
    Binding {
        keys: &[Key::Char('v')],
        action: Action::Paste,
        footer: "paste OBF",
        help: "paste an OBF line (64 squares X, O or - from a1 to h8, a space, X or O to move) or a transcript",
    },
    Binding {
        keys: &[Key::Char('y')],
        action: Action::ShowObf,
        footer: "show OBF",
        help: "show the board's OBF line, to copy",
    },
    Binding {
        keys: &[Key::Char('a')],
        action: Action::Analyze,
        footer: "analyze here",
        help: "the analysis board on this position",
    },
    Binding {
        keys: &[Key::Char('p')],
        action: Action::Practice,
        footer: "practice from here",
        help: "a practice game from this position",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// How the editor's cursor moves, as its footer says it.
pub const CURSOR_KEYS: &str = "arrows/hjkl: cursor";
