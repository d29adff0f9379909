//! The main menu: its entries are one key table, so the menu's rows, its number keys,
//! its footer and its help section are the same list.
//!
//! ```
//! use othello_tutor::tutor::models::menu::{MENU_KEYS, MenuChoice, row};
//! use othello_tutor::tutor::screen::{Key, action_for};
//! assert_eq!(action_for(MENU_KEYS, Key::Char('1')), Some(MenuChoice::Learn));
//! assert!(row(&MENU_KEYS[0]).starts_with("1  Learn"));
//! ```

use crate::tutor::screen::{Binding, Key, PotentialOptions, Route};

/// What an entry of the menu opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuChoice {
    /// The lesson list.
    Learn,
    /// The puzzle trainer.
    Puzzles,
    /// A new practice game.
    Practice,
    /// The analysis board.
    Analyze,
    /// The position editor.
    Editor,
    /// The opening trainer.
    Openings,
    /// The game library.
    Library,
    /// The second game.
    Potential,
    /// The learner's progress.
    Progress,
    /// The coach: what costs the learner discs, and a plan for today.
    Coach,
    /// The help.
    Help,
    /// Leave the program.
    Quit,
}

/// The menu's entries in their order: the footer word is the entry's name, the help
/// text what it opens.
pub const MENU_KEYS: &[Binding<MenuChoice>] = &[
    entry(
        &[Key::Char('1')],
        MenuChoice::Learn,
        "Learn",
        "the strategy course, one idea at a time",
    ),
    entry(
        &[Key::Char('2')],
        MenuChoice::Puzzles,
        "Puzzles",
        "graded positions to solve",
    ),
    entry(
        &[Key::Char('3')],
        MenuChoice::Practice,
        "Practice",
        "play the engine or a friend, with coaching",
    ),
    entry(
        &[Key::Char('4')],
        MenuChoice::Analyze,
        "Analyze",
        "every move's value in any position",
    ),
    entry(
        &[Key::Char('e')],
        MenuChoice::Editor,
        "Editor",
        "set up any position, then analyze or play it",
    ),
    entry(
        &[Key::Char('5')],
        MenuChoice::Openings,
        "Openings",
        "rehearse the named opening lines against the book",
    ),
    entry(
        &[Key::Char('6')],
        MenuChoice::Library,
        "Library",
        "your saved games: open, rename, delete, export, import",
    ),
    entry(
        &[Key::Char('7')],
        MenuChoice::Potential,
        "Potential",
        "another game: build one group, then move pieces; stuck loses",
    ),
    entry(
        &[Key::Char('8')],
        MenuChoice::Progress,
        "Progress",
        "your lessons, puzzles and rating",
    ),
    entry(
        &[Key::Char('c')],
        MenuChoice::Coach,
        "Coach",
        "what costs you discs, and a plan for today",
    ),
    entry(
        &[Key::Char('9')],
        MenuChoice::Help,
        "Help",
        "keys, markers and grades",
    ),
    entry(
        &[Key::Char('q')],
        MenuChoice::Quit,
        "Quit",
        "leave the program",
    ),
];

const fn entry(
    keys: &'static [Key],
    action: MenuChoice,
    name: &'static str,
    help: &'static str,
) -> Binding<MenuChoice> {
    Binding {
        keys,
        action,
        footer: name,
        help,
    }
}

/// The footer of the menu: how to choose, then the entries' own keys in one entry
/// ("1-9, e, c: directly") rather than twelve.
///
/// ```
/// use othello_tutor::tutor::models::menu::footer;
/// assert_eq!(
///     footer(),
///     "Up/Down, mouse: choose  Enter: open  1-9, e, c: directly  F1: help  q: quit"
/// );
/// ```
pub fn footer() -> String {
    let label = |c: MenuChoice| {
        MENU_KEYS
            .iter()
            .filter(|b| b.action == c)
            .map(|b| b.keys_label())
            .collect::<String>()
    };
    let direct: Vec<String> = MENU_KEYS
        .iter()
        .filter(|b| b.action != MenuChoice::Quit)
        .map(|b| b.keys_label())
        .collect();
    let digits: Vec<&String> = direct
        .iter()
        .filter(|k| k.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let mut parts: Vec<String> = match (digits.first(), digits.last()) {
        (Some(a), Some(b)) if digits.len() > 2 => vec![format!("{a}-{b}")],
        _ => digits.iter().map(|d| d.to_string()).collect(),
    };
    parts.extend(
        direct
            .iter()
            .filter(|k| !k.chars().all(|c| c.is_ascii_digit()))
            .cloned(),
    );
    format!(
        "Up/Down, mouse: choose  Enter: open  {}: directly  F1: help  {}: quit",
        parts.join(", "),
        label(MenuChoice::Quit)
    )
}

/// A row of the menu as it is drawn: the key, the name in a column, what it opens.
pub fn row(binding: &Binding<MenuChoice>) -> String {
    if binding.action == MenuChoice::Quit {
        return format!("{}  {}", binding.keys_label(), binding.footer);
    }
    format!(
        "{}  {:<11} {}",
        binding.keys_label(),
        binding.footer,
        binding.help
    )
}

/// What choosing `choice` does.
#[derive(Clone, Debug)]
pub enum MenuOutcome {
    /// Open this screen.
    Open(Route),
    /// Leave the program.
    Quit,
}

/// What choosing `choice` opens; `plain` is whether the interface draws without
/// colours (Potential draws its pieces by it).
///
/// ```
/// use othello_tutor::tutor::models::menu::{MenuChoice, MenuOutcome, choose};
/// use othello_tutor::tutor::screen::Route;
/// assert!(matches!(choose(MenuChoice::Library, false), MenuOutcome::Open(Route::Library)));
/// assert!(matches!(choose(MenuChoice::Quit, false), MenuOutcome::Quit));
/// ```
pub fn choose(choice: MenuChoice, plain: bool) -> MenuOutcome {
    MenuOutcome::Open(match choice {
        MenuChoice::Learn => Route::Lessons(None),
        MenuChoice::Puzzles => Route::Puzzles(None),
        MenuChoice::Practice => Route::PracticeSetup,
        MenuChoice::Analyze => Route::Analyze,
        MenuChoice::Editor => Route::Editor(None),
        MenuChoice::Openings => Route::Openings(None),
        MenuChoice::Library => Route::Library,
        MenuChoice::Potential => Route::Potential(PotentialOptions {
            plain,
            ..Default::default()
        }),
        MenuChoice::Progress => Route::Progress,
        MenuChoice::Coach => Route::Coach,
        MenuChoice::Help => Route::Help,
        MenuChoice::Quit => return MenuOutcome::Quit,
    })
}
