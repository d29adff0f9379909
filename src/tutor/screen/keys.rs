//! Key tables: one per screen. A table lists each key, the action it asks the
//! screen's model for, the few words the footer shows and the line the help shows,
//! so the bindings, the footer and the help are one list and cannot drift.

/// A key as the screens name it (no terminal library behind it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Delete.
    Delete,
    /// Backspace.
    Backspace,
}

impl Key {
    /// The key as the footer and the help write it ("t", "PgUp", "Esc").
    ///
    /// ```
    /// use othello_tutor::tutor::screen::Key;
    /// assert_eq!(Key::Char('t').label(), "t");
    /// assert_eq!(Key::PageDown.label(), "PgDn");
    /// ```
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::Tab => "Tab".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
            Key::Left => "Left".into(),
            Key::Right => "Right".into(),
            Key::Up => "Up".into(),
            Key::Down => "Down".into(),
            Key::Delete => "Del".into(),
            Key::Backspace => "Backspace".into(),
        }
    }
}

/// One row of a key table.
#[derive(Debug)]
pub struct Binding<A: 'static> {
    /// The keys that ask for the action (the first is the one the footer names first).
    pub keys: &'static [Key],
    /// What the keys ask the model to do.
    pub action: A,
    /// The footer's words ("hint"); empty when the footer's lead already says it
    /// (the cursor keys), the help then lists it.
    pub footer: &'static str,
    /// The help's description of the action.
    pub help: &'static str,
}

impl<A> Binding<A> {
    /// The keys as the footer writes them: "Esc/q", "[/PgUp".
    pub fn keys_label(&self) -> String {
        self.keys
            .iter()
            .map(|k| k.label())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// The keys every screen has (answered outside the screen's model).
pub const GLOBAL_KEYS: &str = "F1 help";

/// How a move is played on any board, as the footers and the help say it.
pub const BOARD_KEYS: &str = "play: arrows/hjkl+Enter, click, or type f5 Enter";

/// The action bound to `key` in `table`, if any.
///
/// ```
/// use othello_tutor::tutor::screen::{Binding, Key, action_for};
/// const TABLE: &[Binding<u8>] = &[Binding { keys: &[Key::Char('t')], action: 1, footer: "hint", help: "a hint" }];
/// assert_eq!(action_for(TABLE, Key::Char('t')), Some(1));
/// assert_eq!(action_for(TABLE, Key::Char('x')), None);
/// ```
pub fn action_for<A: Copy>(table: &[Binding<A>], key: Key) -> Option<A> {
    table
        .iter()
        .find(|b| b.keys.contains(&key))
        .map(|b| b.action)
}

/// The footer of a screen: `lead` (such as [`BOARD_KEYS`]) first when not empty, then
/// every binding as "KEYS words", then [`GLOBAL_KEYS`], wrapped to `width` columns
/// without splitting an entry.
///
/// ```
/// use othello_tutor::tutor::screen::{Binding, Key, footer};
/// const TABLE: &[Binding<u8>] = &[
///     Binding { keys: &[Key::Char('t')], action: 1, footer: "hint", help: "" },
///     Binding { keys: &[Key::Esc, Key::Char('q')], action: 2, footer: "menu", help: "" },
/// ];
/// assert_eq!(footer("", TABLE, 80), "t hint  Esc/q menu  F1 help");
/// assert_eq!(footer("", TABLE, 14), "t hint\nEsc/q menu\nF1 help");
/// assert_eq!(footer("a b; c", TABLE, 14), "a b  c  t hint\nEsc/q menu\nF1 help");
/// ```
pub fn footer<A>(lead: &str, table: &[Binding<A>], width: usize) -> String {
    // The lead's clauses ("a; b") are entries of their own, so a long lead wraps
    // between them.
    let mut entries: Vec<String> = lead
        .split("; ")
        .filter(|clause| !clause.is_empty())
        .map(str::to_string)
        .collect();
    entries.extend(
        table
            .iter()
            .filter(|b| !b.footer.is_empty())
            .map(|b| format!("{} {}", b.keys_label(), b.footer)),
    );
    entries.push(GLOBAL_KEYS.to_string());
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for entry in entries {
        let needed = if line.is_empty() {
            entry.chars().count()
        } else {
            line.chars().count() + 2 + entry.chars().count()
        };
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if entry.chars().count() > width {
            // Longer than a line: wrapped at its spaces.
            let mut parts = crate::tutor::text::wrap(&entry, width);
            line = parts.pop().unwrap_or_default();
            lines.extend(parts);
            continue;
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&entry);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// The help's list of a table's keys: one line per binding, the keys in a column of
/// their own, the description wrapped under itself to fit `width` columns.
pub fn help_lines<A>(table: &[Binding<A>], width: usize) -> Vec<String> {
    let column = table
        .iter()
        .map(|b| b.keys_label().chars().count())
        .max()
        .unwrap_or(0)
        .min(14);
    let mut out = Vec::new();
    for b in table {
        let label = b.keys_label();
        let text = if b.help.is_empty() { b.footer } else { b.help };
        let indent = 2 + column + 2;
        let room = width.saturating_sub(indent).max(20);
        let wrapped = super::super::text::wrap(text, room);
        for (i, part) in wrapped.iter().enumerate() {
            if i == 0 {
                if label.chars().count() > column {
                    out.push(format!("  {label}"));
                    out.push(format!("{}{part}", " ".repeat(indent)));
                } else {
                    out.push(format!("  {label:<column$}  {part}"));
                }
            } else {
                out.push(format!("{}{part}", " ".repeat(indent)));
            }
        }
    }
    out
}
