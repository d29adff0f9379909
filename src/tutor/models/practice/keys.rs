//! The practice screen's keys: one table for the game and one for the game-over
//! dialog, so that the bindings, the footer, the dialog's buttons and the help say
//! the same keys.

use crate::tutor::screen::{Binding, Key};

/// The practice game's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Every legal move's value on the board.
    Hint,
    /// Legal-move markers on or off.
    Markers,
    /// Take back the learner's last move and the reply.
    Undo,
    /// Replay what was taken back.
    Redo,
    /// The best move instead of the learner's last graded one, and why; for an
    /// error, its refutation (again: hide it).
    ShowBest,
    /// One move back through the refutation's line.
    LineBack,
    /// One move on through the refutation's line.
    LineForward,
    /// Feedback on or off.
    Feedback,
    /// A new game.
    NewGame,
    /// Resign.
    Resign,
    /// Save the game.
    Save,
    /// Open a saved game.
    Open,
    /// The learner's mistakes and accuracy.
    Review,
    /// The learner's graded mistakes as puzzles for review.
    Puzzles,
    /// Back to the menu.
    Leave,
}

/// The practice game's keys.
pub const KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Char('t')],
        action: Action::Hint,
        footer: "hint",
        help: "hint: every legal move's value written on the board (exact = proved to the end of the game; depth N = searched N deep)",
    },
    Binding {
        keys: &[Key::Char('m')],
        action: Action::Markers,
        footer: "markers",
        help: "legal-move markers on or off",
    },
    Binding {
        keys: &[Key::Char('u')],
        action: Action::Undo,
        footer: "undo",
        help: "undo: take back your last move and the reply",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: Action::Redo,
        footer: "redo",
        help: "redo: replay what was taken back",
    },
    Binding {
        keys: &[Key::Char('s')],
        action: Action::ShowBest,
        footer: "refutation",
        help: "show the best move instead of your last graded move, and why; for a mistake, its refutation: what it costs, the reply that punishes it, the line (again: hide it)",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: Action::LineBack,
        footer: "line back",
        help: "one move back through the refutation's line",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: Action::LineForward,
        footer: "line on",
        help: "one move on through the refutation's line, then the better move's",
    },
    Binding {
        keys: &[Key::Char('i')],
        action: Action::Feedback,
        footer: "feedback on/off",
        help: "feedback on or off (off: a test-yourself game)",
    },
    Binding {
        keys: &[Key::Char('n')],
        action: Action::NewGame,
        footer: "new",
        help: "a new game",
    },
    Binding {
        keys: &[Key::Char('x')],
        action: Action::Resign,
        footer: "resign",
        help: "resign (after a confirmation)",
    },
    Binding {
        keys: &[Key::Char('w')],
        action: Action::Save,
        footer: "save",
        help: "save the game to the library",
    },
    Binding {
        keys: &[Key::Char('o')],
        action: Action::Open,
        footer: "open",
        help: "open a saved game",
    },
    Binding {
        keys: &[Key::Char('v')],
        action: Action::Review,
        footer: "review",
        help: "review: your mistakes, your accuracy, jump to a position",
    },
    Binding {
        keys: &[Key::Char('z')],
        action: Action::Puzzles,
        footer: "mistakes to puzzles",
        help: "turn your graded mistakes into puzzles for review",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu (an unsaved game in progress asks first)",
    },
];

/// The game-over dialog's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverAction {
    /// The learner's mistakes and accuracy.
    Review,
    /// The whole-game review (both sides, every move).
    WholeGame,
    /// A new game.
    NewGame,
    /// The learner's graded mistakes as puzzles for review.
    Puzzles,
    /// Learn from the mistakes: each asked back as "find a better move".
    Mistakes,
    /// Close the dialog, back to the final board.
    Board,
}

/// The game-over dialog's keys: the same letters as the game's for the same actions.
pub const GAME_OVER_KEYS: &[Binding<OverAction>] = &[
    Binding {
        keys: &[Key::Char('v')],
        action: OverAction::Review,
        footer: "Review",
        help: "your mistakes and accuracy",
    },
    Binding {
        keys: &[Key::Char('g')],
        action: OverAction::WholeGame,
        footer: "Whole game",
        help: "the whole-game review: every move of both sides valued",
    },
    Binding {
        keys: &[Key::Char('n')],
        action: OverAction::NewGame,
        footer: "New game",
        help: "a new game",
    },
    Binding {
        keys: &[Key::Char('l')],
        action: OverAction::Mistakes,
        footer: "Learn",
        help: "learn from your mistakes: each asked back, find a better move",
    },
    Binding {
        keys: &[Key::Char('z')],
        action: OverAction::Puzzles,
        footer: "Puzzles",
        help: "your graded mistakes as puzzles for review",
    },
    Binding {
        keys: &[Key::Esc],
        action: OverAction::Board,
        footer: "Board",
        help: "back to the final board",
    },
];
