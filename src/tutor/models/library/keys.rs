//! The Library screen's keys: one table for the list of saved games and one for the
//! trash, so that the bindings, the footers and the help say the same keys.

use crate::tutor::screen::{Binding, Key};

/// The Library screen's actions (each on the game under the cursor, where it takes
/// one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The game on the analysis board.
    Analyze,
    /// The whole-game review of the game.
    Review,
    /// Rename the game.
    Rename,
    /// Move the game to the trash (after a confirmation).
    Delete,
    /// Export the game (transcript, GGF, OBF).
    Export,
    /// Import the games of a file.
    Import,
    /// Show the trash.
    ShowTrash,
    /// Bring the game back from the trash.
    Restore,
    /// Delete every game in the trash for good (after a confirmation).
    EmptyTrash,
    /// Back from the trash to the saved games.
    BackToGames,
    /// Back to the menu.
    Leave,
}

/// How a row is chosen, as the footer and the help say it before the table's keys.
pub const LEAD: &str = "Up/Down, click: choose";

/// The keys of the list of saved games.
pub const LIST_KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Enter],
        action: Action::Analyze,
        footer: "analyze",
        help: "the game on the analysis board, at its last position (Esc comes back here)",
    },
    Binding {
        keys: &[Key::Char('v')],
        action: Action::Review,
        footer: "review",
        help: "the whole-game review: every move valued, the biggest swings first",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: Action::Rename,
        footer: "rename",
        help: "rename the game (its .ggf and .txt files); Enter in the dialog renames",
    },
    Binding {
        keys: &[Key::Char('d')],
        action: Action::Delete,
        footer: "delete",
        help: "move the game to the trash, after a confirmation (never away at once)",
    },
    Binding {
        keys: &[Key::Char('e')],
        action: Action::Export,
        footer: "export",
        help: "export the game as a transcript, GGF or OBF (its last position), to a file",
    },
    Binding {
        keys: &[Key::Char('i')],
        action: Action::Import,
        footer: "import",
        help: "import a WTHOR database (.wtb; player and tournament names from WTHOR.JOU and WTHOR.TRN beside it) or a GGF file of many games: import them all, or analyze one of them",
    },
    Binding {
        keys: &[Key::Char('t')],
        action: Action::ShowTrash,
        footer: "trash",
        help: "the trash: the deleted games, until restored or the trash is emptied",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// The keys of the trash.
pub const TRASH_KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Enter, Key::Char('u')],
        action: Action::Restore,
        footer: "restore",
        help: "bring the game back to the library",
    },
    Binding {
        keys: &[Key::Char('x')],
        action: Action::EmptyTrash,
        footer: "empty the trash",
        help: "delete every game in the trash for good, after a confirmation",
    },
    Binding {
        keys: &[Key::Char('t'), Key::Esc],
        action: Action::BackToGames,
        footer: "saved games",
        help: "back to the saved games",
    },
    Binding {
        keys: &[Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];
