//! The Potential screen's keys: one table for its bindings, its footer and its help.

use crate::tutor::screen::{Binding, Key};

/// What a key of the Potential screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PotentialAction {
    /// The cursor one cell left.
    Left,
    /// The cursor one cell right.
    Right,
    /// The cursor one cell up.
    Up,
    /// The cursor one cell down.
    Down,
    /// On the cursor's cell: place a piece, pick one up or put the picked-up one down.
    Select,
    /// Put the picked-up piece back down; with none picked up, leave.
    Back,
    /// Take back the last move (and the computer's reply before it).
    Undo,
    /// A new game.
    NewGame,
    /// The next opponent (a computer level, or two players).
    Opponent,
    /// Play the other side.
    SwapSides,
    /// One more piece per side for the next game.
    MorePieces,
    /// One piece fewer per side for the next game.
    FewerPieces,
    /// The full rules.
    Rules,
    /// Back to the menu.
    Leave,
}

/// The Potential screen's keys.
pub const POTENTIAL_KEYS: &[Binding<PotentialAction>] = &[
    Binding {
        keys: &[Key::Left, Key::Char('h')],
        action: PotentialAction::Left,
        footer: "",
        help: "the cursor one cell left (the board scrolls when it leaves it)",
    },
    Binding {
        keys: &[Key::Right, Key::Char('l')],
        action: PotentialAction::Right,
        footer: "",
        help: "the cursor one cell right",
    },
    Binding {
        keys: &[Key::Up, Key::Char('k')],
        action: PotentialAction::Up,
        footer: "",
        help: "the cursor one cell up",
    },
    Binding {
        keys: &[Key::Down, Key::Char('j')],
        action: PotentialAction::Down,
        footer: "",
        help: "the cursor one cell down",
    },
    Binding {
        keys: &[Key::Enter, Key::Char(' ')],
        action: PotentialAction::Select,
        footer: "place, pick up, put down",
        help: "on the cursor's cell: place a piece (placing), pick up your piece there or put the picked-up piece down there (moving); a click does the same on the cell clicked",
    },
    Binding {
        keys: &[Key::Esc],
        action: PotentialAction::Back,
        footer: "drop or leave",
        help: "put the picked-up piece back down; with none picked up, leave (as q)",
    },
    Binding {
        keys: &[Key::Char('u')],
        action: PotentialAction::Undo,
        footer: "undo",
        help: "take back your last move (against the computer, its reply too)",
    },
    Binding {
        keys: &[Key::Char('n')],
        action: PotentialAction::NewGame,
        footer: "new game",
        help: "a new game with the pieces set for it (asks first while a game is in progress)",
    },
    Binding {
        keys: &[Key::Char('o')],
        action: PotentialAction::Opponent,
        footer: "opponent",
        help: "the next opponent: random, greedy, search, then two players at this keyboard",
    },
    Binding {
        keys: &[Key::Char('c')],
        action: PotentialAction::SwapSides,
        footer: "swap sides",
        help: "play the other side (the computer takes yours)",
    },
    Binding {
        keys: &[Key::Char('+')],
        action: PotentialAction::MorePieces,
        footer: "more pieces",
        help: "one more piece per side for the next game",
    },
    Binding {
        keys: &[Key::Char('-')],
        action: PotentialAction::FewerPieces,
        footer: "fewer pieces",
        help: "one piece fewer per side for the next game",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: PotentialAction::Rules,
        footer: "rules",
        help: "the full rules",
    },
    Binding {
        keys: &[Key::Char('q')],
        action: PotentialAction::Leave,
        footer: "leave",
        help: "back to the menu (asks first while a game is in progress)",
    },
];

/// How the cursor moves and a cell is chosen by the mouse, as the footer says it first.
pub const CURSOR_KEYS: &str = "arrows/hjkl cursor; click a cell";
