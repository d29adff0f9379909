//! The lesson screens' keys: one table for the list of lessons and one for a
//! lesson's steps, so that the bindings, the footers and the help say the same keys.

use crate::tutor::screen::{Binding, Key};

/// The lesson list's actions (each on the lesson under the cursor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListAction {
    /// Open it where the learner left off.
    Open,
    /// Start it over.
    Restart,
    /// Its puzzles.
    Puzzles,
    /// A practice game that fits it.
    Game,
    /// Back to the menu.
    Leave,
}

/// The lesson list's keys.
pub const LIST_KEYS: &[Binding<ListAction>] = &[
    Binding {
        keys: &[Key::Enter],
        action: ListAction::Open,
        footer: "open",
        help: "open the lesson where you left it",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: ListAction::Restart,
        footer: "start over",
        help: "start the lesson over from its first step",
    },
    Binding {
        keys: &[Key::Char('z')],
        action: ListAction::Puzzles,
        footer: "its puzzles",
        help: "the puzzles of the lesson's idea",
    },
    Binding {
        keys: &[Key::Char('g')],
        action: ListAction::Game,
        footer: "a game",
        help: "a practice game that fits the lesson",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: ListAction::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// A lesson's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAction {
    /// The next step (once this one is answered).
    Next,
    /// The step before.
    Back,
    /// A hint.
    Hint,
    /// Show the answer (the step then counts as shown).
    ShowAnswer,
    /// Show (or hide) the refutation of the learner's wrong move.
    Refutation,
    /// One move back through the refutation's line.
    LineBack,
    /// One move on through the refutation's line.
    LineForward,
    /// Back to the lesson list.
    Leave,
}

/// A lesson's keys.
pub const STEP_KEYS: &[Binding<StepAction>] = &[
    Binding {
        keys: &[Key::Char('n'), Key::PageDown],
        action: StepAction::Next,
        footer: "next",
        help: "the next step (once this one is answered)",
    },
    Binding {
        keys: &[Key::Char('p'), Key::PageUp],
        action: StepAction::Back,
        footer: "back",
        help: "the step before",
    },
    Binding {
        keys: &[Key::Char('i')],
        action: StepAction::Hint,
        footer: "hint",
        help: "a hint (it counts as a slip for the stars)",
    },
    Binding {
        keys: &[Key::Char('s')],
        action: StepAction::ShowAnswer,
        footer: "show the answer",
        help: "show the answer (the step then counts as shown)",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: StepAction::Refutation,
        footer: "refutation",
        help: "after a wrong move: what it costs, the reply that punishes it, the line, and why the better move is right (again: hide it)",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: StepAction::LineBack,
        footer: "line back",
        help: "one move back through the refutation's line",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: StepAction::LineForward,
        footer: "line on",
        help: "one move on through the refutation's line, then the better move's",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: StepAction::Leave,
        footer: "lessons",
        help: "back to the lesson list (a finished lesson stays finished)",
    },
];

/// How a lesson's steps are answered, as its footer and help say it.
pub const ANSWER_KEYS: &str = "answers: type them, Enter";
