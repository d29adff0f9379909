//! The puzzle trainer's keys: one table for the bindings, the footer and the help.

use crate::tutor::screen::{Binding, Key};

/// The puzzle trainer's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The next puzzle.
    Next,
    /// Easier puzzles.
    Easier,
    /// Harder puzzles.
    Harder,
    /// Only puzzles of one theme (the next theme in turn).
    Theme,
    /// One move back through the solution.
    SolutionBack,
    /// One move forward through the solution.
    SolutionForward,
    /// Show (or hide) the refutation of the learner's wrong move.
    Refutation,
    /// The unrated modes.
    Modes,
    /// Back to the menu.
    Leave,
}

/// The puzzle trainer's keys.
pub const KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Char('n')],
        action: Action::Next,
        footer: "next puzzle",
        help: "the next puzzle (due reviews first)",
    },
    Binding {
        keys: &[Key::Char('-')],
        action: Action::Easier,
        footer: "easier",
        help: "puzzles 200 points easier than your rating",
    },
    Binding {
        keys: &[Key::Char('+')],
        action: Action::Harder,
        footer: "harder",
        help: "puzzles 200 points harder than your rating",
    },
    Binding {
        keys: &[Key::Char('t')],
        action: Action::Theme,
        footer: "theme",
        help: "only puzzles of one theme (each press the next theme, then any)",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: Action::SolutionBack,
        footer: "solution back",
        help: "one move back through the solution, or through the refutation while it is shown (once the puzzle is over)",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: Action::SolutionForward,
        footer: "solution forward",
        help: "one move forward through the solution, or through the refutation while it is shown (once the puzzle is over)",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: Action::Refutation,
        footer: "refutation",
        help: "after a wrong move: what it costs, the reply that punishes it, the line, and why the solution is right (again: back to the solution)",
    },
    Binding {
        keys: &[Key::Char('m')],
        action: Action::Modes,
        footer: "modes",
        help: "the unrated modes: Storm, Streak, the endgame drill",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];
