//! The Library screen's dialogs: what the model keeps while one is open
//! ([`Dialog`]), the plain data the interface draws it from ([`Asked`]) and the
//! learner's answer ([`Reply`]).

use crate::tutor::library::{ExportFormat, GameEntry, GamesFile, result_text};
use crate::tutor::screen::Key;
use crate::tutor::text::count;
use std::path::PathBuf;

/// The most games of a file the import dialog lists.
pub const IMPORT_LIST_MAX: usize = 500;

/// A dialog the screen has open, with what finishing it needs.
#[derive(Clone, Debug)]
pub(super) enum Dialog {
    /// A new name for the game `name`.
    Rename {
        name: String,
        text: String,
        problem: Option<String>,
    },
    /// Whether to move the game `name` to the trash.
    Delete { name: String },
    /// Whether to delete the `count` games of the trash for good.
    EmptyTrash { count: usize },
    /// The format to export `entry` in.
    ExportFormat { entry: Box<GameEntry> },
    /// The file to export `entry` to.
    ExportPath {
        entry: Box<GameEntry>,
        format: ExportFormat,
        text: String,
        problem: Option<String>,
        read_only: bool,
    },
    /// The file to import from; `reading` while the file is read.
    ImportPath {
        text: String,
        problem: Option<String>,
        reading: bool,
    },
    /// The games of the file read: open one or import them all.
    ImportChoice { path: PathBuf, file: GamesFile },
}

/// A dialog as the interface draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A line of text: Enter (or the button) answers [`Reply::Text`], Esc [`Reply::Cancel`].
    Text(TextDialog),
    /// A question: Enter (or the button) answers [`Reply::Yes`], Esc [`Reply::Cancel`].
    Confirm(ConfirmDialog),
    /// A list: Enter or a click answers [`Reply::Item`], the extra key (or its
    /// button) [`Reply::Extra`], Esc [`Reply::Cancel`].
    Choose(ChooseDialog),
}

/// A dialog that asks for a line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextDialog {
    /// The title.
    pub title: String,
    /// What to type.
    pub prompt: String,
    /// The text the field holds.
    pub text: String,
    /// The label of the button that submits.
    pub button: &'static str,
    /// Why the last text was refused, shown in the dialog.
    pub problem: Option<String>,
    /// What runs while the dialog waits ("Reading games.ggf…"), if anything.
    pub busy: Option<String>,
}

/// A yes-or-no question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfirmDialog {
    /// The title.
    pub title: String,
    /// The question.
    pub text: String,
    /// The label of the button that says yes.
    pub yes: &'static str,
}

/// A list to choose from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChooseDialog {
    /// The title.
    pub title: String,
    /// The text above the list.
    pub text: String,
    /// The items.
    pub items: Vec<String>,
    /// What Enter does to the item under the cursor ("choose", "analyze").
    pub submit: &'static str,
    /// Whether the digits 1-9 choose the items at once.
    pub numbered: bool,
    /// A key and button besides the list, if any.
    pub extra: Option<Extra>,
}

/// A dialog's key and button besides its list ("a: import all").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The key.
    pub key: Key,
    /// The button's label.
    pub label: &'static str,
}

/// The learner's answer to the dialog open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The text typed (a text dialog).
    Text(String),
    /// Yes (a question).
    Yes,
    /// The item at this index (a list).
    Item(usize),
    /// The extra key or button (a list).
    Extra,
    /// The dialog was closed.
    Cancel,
}

impl Dialog {
    /// The dialog as drawn.
    pub(super) fn asked(&self) -> Asked {
        match self {
            Dialog::Rename {
                name,
                text,
                problem,
            } => Asked::Text(TextDialog {
                title: "Rename the game".into(),
                prompt: format!("New name for `{name}` (its .ggf and .txt files are renamed):"),
                text: text.clone(),
                button: "Rename",
                problem: problem.clone(),
                busy: None,
            }),
            Dialog::Delete { name } => Asked::Confirm(ConfirmDialog {
                title: "Delete".into(),
                text: format!(
                    "Move `{name}` to the trash?\nIt stays there until you restore it (t shows the trash)."
                ),
                yes: "Delete",
            }),
            Dialog::EmptyTrash { count } => {
                let games = if *count == 1 {
                    "the game in it for good: it cannot".to_string()
                } else {
                    format!("all {count} games in it for good: they cannot")
                };
                Asked::Confirm(ConfirmDialog {
                    title: "Empty the trash".into(),
                    text: format!("Empty the trash?\nThis deletes {games} be restored."),
                    yes: "Empty",
                })
            }
            Dialog::ExportFormat { entry } => Asked::Choose(ChooseDialog {
                title: "Export".into(),
                text: format!("Export `{}` as:", entry.name),
                items: ExportFormat::ALL
                    .iter()
                    .enumerate()
                    .map(|(i, f)| format!("{}  {}", i + 1, f.describe()))
                    .collect(),
                submit: "choose",
                numbered: true,
                extra: None,
            }),
            Dialog::ExportPath {
                entry,
                format,
                text,
                problem,
                read_only,
            } => {
                let mut prompt = format!("Write `{}` as {} to:", entry.name, format.describe());
                if *read_only {
                    prompt.push_str(
                        "\n(The data directory is read-only here: choose a file outside it.)",
                    );
                }
                Asked::Text(TextDialog {
                    title: "Export".into(),
                    prompt,
                    text: text.clone(),
                    button: "Export",
                    problem: problem.clone(),
                    busy: None,
                })
            }
            Dialog::ImportPath {
                text,
                problem,
                reading,
            } => Asked::Text(TextDialog {
                title: "Import games".into(),
                prompt: "A WTHOR database (.wtb; names from WTHOR.JOU and WTHOR.TRN beside it) or a GGF file:".into(),
                text: text.clone(),
                button: "Read",
                problem: problem.clone(),
                busy: reading.then(|| format!("Reading {text}…")),
            }),
            Dialog::ImportChoice { path, file } => Asked::Choose(import_choice(path, file)),
        }
    }
}

/// The import dialog: the games of the file, each a line, and why some were refused.
fn import_choice(path: &std::path::Path, file: &GamesFile) -> ChooseDialog {
    let items = file
        .games
        .iter()
        .take(IMPORT_LIST_MAX)
        .map(|(number, g)| {
            let players: String = format!("{} - {}", g.black, g.white)
                .chars()
                .take(34)
                .collect();
            format!(
                "{number:>4}  {players:<34} {:>6}  {}",
                result_text(g.result.as_deref(), &g.game),
                g.date.as_deref().unwrap_or("")
            )
        })
        .collect();
    let n = file.games.len();
    let more = if n > IMPORT_LIST_MAX {
        format!(" (the first {IMPORT_LIST_MAX} shown)")
    } else {
        String::new()
    };
    let refused = match file.refused.first() {
        None => String::new(),
        Some(first) => format!(
            "\n{} refused, not imported ({}{first}).",
            file.refused.len(),
            if file.refused.len() == 1 {
                ""
            } else {
                "the first: "
            }
        ),
    };
    ChooseDialog {
        title: "Import".into(),
        text: format!("{} in {}{more}:{refused}", count(n, "game"), path.display()),
        items,
        submit: "analyze",
        numbered: false,
        extra: Some(Extra {
            key: Key::Char('a'),
            label: "Import all",
        }),
    }
}
