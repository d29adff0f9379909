//! The opening trainer's list of named lines: grouped by family, searched by name,
//! alias or moves, each with its review status and its moves; and its keys.
//!
//! ```
//! use othello_tutor::tutor::models::openings_list::{Choice, rows};
//! use othello_tutor::tutor::openings::OpeningProgress;
//! let all = rows("", &OpeningProgress::default(), 0);
//! assert_eq!(all[0].1, Choice::Random);
//! // A search matches names, families, aliases and moves: the Tiger and its family.
//! let tiger = rows("tiger", &OpeningProgress::default(), 0);
//! assert!(tiger.iter().any(|(_, c)| *c == Choice::Line("Tiger".into())));
//! assert!(tiger.len() < all.len());
//! ```

use crate::tutor::leitner::DAY;
use crate::tutor::openings::{NamedOpening, OpeningProgress, RehearsalSetup, embedded};
use crate::tutor::screen::{Binding, Key};
use rand::{Rng, RngExt};

/// What a row of the list opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A due line first, else a new one.
    Random,
    /// A named line.
    Line(String),
    /// A row that opens nothing (no line matches the search).
    Nothing,
}

/// The list's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListAction {
    /// Rehearse the line under the cursor.
    Rehearse,
    /// Take the search's last letter back.
    Widen,
    /// Back to the menu.
    Leave,
}

/// The footer's lead: letters go to the search box.
pub const LIST_LEAD: &str = "type to search; Up/Down or mouse: choose";

/// The list's keys (letters typed anywhere go to the search box).
pub const LIST_KEYS: &[Binding<ListAction>] = &[
    Binding {
        keys: &[Key::Enter],
        action: ListAction::Rehearse,
        footer: "rehearse it",
        help: "rehearse the line under the cursor (the first row: a due line, else a new one)",
    },
    Binding {
        keys: &[Key::Backspace],
        action: ListAction::Widen,
        footer: "",
        help: "take the search's last letter back",
    },
    Binding {
        keys: &[Key::Esc],
        action: ListAction::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// The status of a line for the list: new, due, or when it comes back.
pub fn status(progress: &OpeningProgress, name: &str, now: u64) -> String {
    match (progress.review.get(name), progress.line(name)) {
        (Some(e), _) if e.due <= now => "due now".into(),
        (Some(e), _) => {
            let days = (e.due - now).div_ceil(DAY);
            if days <= 1 {
                "due tomorrow".into()
            } else {
                format!("due in {days} days")
            }
        }
        (None, Some(r)) if r.clean > 0 => "learned".into(),
        (None, Some(_)) => "tried".into(),
        (None, None) => "new".into(),
    }
}

/// The widest name column of the list (with its gap), so that at 80 columns the
/// status and most of the moves fit beside it.
const NAME_COLUMN: usize = 27;

/// `text` cut to `n` characters, the last one an ellipsis when it is cut.
fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut out: String = text.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Whether `o` matches the search `filter` (its name, family, an alias or its moves,
/// with or without spaces).
pub fn matches(o: &NamedOpening, filter: &str) -> bool {
    let f = filter.trim().to_lowercase();
    f.is_empty()
        || o.name.to_lowercase().contains(&f)
        || o.family.to_lowercase().contains(&f)
        || o.aliases.iter().any(|a| a.to_lowercase().contains(&f))
        || o.transcript().contains(&f)
        || o.transcript()
            .replace(' ', "")
            .contains(&f.replace(' ', ""))
}

/// The list's rows for the search `filter`: with no search, a random line first and
/// the due reviews, then every matching line under its family, with its status and
/// its moves.
pub fn rows(filter: &str, progress: &OpeningProgress, now: u64) -> Vec<(String, Choice)> {
    let mut list = Vec::new();
    if filter.trim().is_empty() {
        list.push((
            format!(
                "A random line ({} due for review; else a new one)",
                progress.due_count(now)
            ),
            Choice::Random,
        ));
        // The due reviews first, as in the puzzle trainer.
        for entry in progress.review.due(now) {
            if let Some(o) = embedded().find(&entry.id) {
                list.push((
                    format!(
                        "Review: {}   due now   {}",
                        o.name,
                        o.transcript().replace(' ', "")
                    ),
                    Choice::Line(o.name.clone()),
                ));
            }
        }
    }
    // The name column is kept narrow enough that the moves fit beside it at 80
    // columns; a longer name is cut with an ellipsis (the rehearsal shows it whole).
    let width = embedded()
        .all()
        .iter()
        .map(|o| o.name.chars().count() + 4)
        .max()
        .unwrap_or(28)
        .min(NAME_COLUMN);
    for (family, lines) in embedded().families() {
        let shown: Vec<&&NamedOpening> = lines.iter().filter(|o| matches(o, filter)).collect();
        if shown.is_empty() {
            continue;
        }
        // The family's own line (or its first shown line) flush left, the others
        // indented under it.
        for (i, o) in shown.iter().enumerate() {
            let name = if i == 0 || o.name == family {
                o.name.clone()
            } else {
                format!("  {}", o.name)
            };
            let name = cut(&name, width - 1);
            list.push((
                format!(
                    "{name:<width$}{:<14}{}",
                    status(progress, &o.name, now),
                    o.transcript().replace(' ', "")
                ),
                Choice::Line(o.name.clone()),
            ));
        }
    }
    if list.is_empty() {
        list.push((
            "No line matches: Backspace to widen the search".to_string(),
            Choice::Nothing,
        ));
    }
    list
}

/// The rehearsal that `choice` opens: a named line, or for [`Choice::Random`] a due line
/// first, else a new one; `None` for a row that opens nothing.
pub fn setup(
    choice: &Choice,
    progress: &OpeningProgress,
    now: u64,
    rng: &mut impl Rng,
) -> Option<RehearsalSetup> {
    let opening = match choice {
        Choice::Random => progress.next_line(embedded(), now, rng),
        Choice::Line(name) => embedded().find(name),
        Choice::Nothing => None,
    }?;
    Some(RehearsalSetup::new(opening.clone(), rng.random()))
}

/// The line under the list for the row `choice`: the whole line (the list cuts long
/// names and moves at narrow widths), its number of moves and its other names.
///
/// ```
/// use othello_tutor::tutor::models::openings_list::{Choice, details};
/// let tiger = details(&Choice::Line("Tiger".into()));
/// assert!(tiger.starts_with("Tiger: f5 d6 c3 d3 c4 (5 moves)"), "{tiger}");
/// assert_eq!(details(&Choice::Nothing), "");
/// ```
pub fn details(choice: &Choice) -> String {
    match choice {
        Choice::Random => "A line due for review, else a new one, chosen for you.".into(),
        Choice::Nothing => String::new(),
        Choice::Line(name) => match embedded().find(name) {
            Some(o) => {
                let moves = o.transcript();
                let count = moves.split_whitespace().count();
                let mut out = format!(
                    "{}: {moves} ({})",
                    o.name,
                    crate::tutor::text::count(count, "move")
                );
                if !o.aliases.is_empty() {
                    out.push_str(&format!("; also {}", o.aliases.join(", ")));
                }
                out
            }
            None => String::new(),
        },
    }
}
