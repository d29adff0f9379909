//! The Library screen's model: the saved games (newest first) or the trash, the row
//! under the cursor, the dialog open (rename, delete, empty the trash, export,
//! import), the message line and the import running in the background. It takes the
//! learner's actions and answers and says what to show; opening a game on the
//! analysis board or in the review is a navigation effect the interface carries out.
//! A data directory opened read-only (a second tutor running) refuses every write
//! with the reason. No terminal code.
//!
//! ```
//! use othello_tutor::tutor::library::Library;
//! use othello_tutor::tutor::models::library::{Action, LibraryScreen};
//!
//! let dir = std::env::temp_dir().join(format!("library-model-doc-{}", std::process::id()));
//! let mut screen = LibraryScreen::new(Ok(Library::in_data_dir(&dir)));
//! assert!(screen.shown().title.starts_with("Saved games, newest first: 0 games"));
//! screen.act(Action::Rename);
//! assert_eq!(screen.shown().message.as_deref(), Some("No game to rename: the library is empty."));
//! ```

mod dialog;
mod keys;
mod manage;
mod rows;
mod task;
mod transfer;

pub use dialog::{Asked, ChooseDialog, ConfirmDialog, Extra, IMPORT_LIST_MAX, Reply, TextDialog};
pub use keys::{Action, LEAD, LIST_KEYS, TRASH_KEYS};
pub use rows::{HEADER, Row};
pub use task::{LibraryOutput, LibraryTask};

use crate::tutor::library::{GameEntry, Library};
use crate::tutor::screen::{Binding, Effect, JobSlot, Key, Route, Ticket, action_for};
use crate::tutor::text::count;
use dialog::Dialog;
use std::path::PathBuf;

/// What the screen's actions ask the interface for.
pub type Effects = Vec<Effect<LibraryTask>>;

/// Which list the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The saved games.
    Games,
    /// The trash.
    Trash,
}

impl Listing {
    fn index(self) -> usize {
        match self {
            Listing::Games => 0,
            Listing::Trash => 1,
        }
    }
}

/// The background work running, as the screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Work {
    /// A file read for the import dialog.
    Reading(PathBuf),
    /// An import of `count` games.
    Importing { path: PathBuf, count: usize },
}

/// Everything the Library screen shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryShown {
    /// Which list.
    pub listing: Listing,
    /// The line above the table: which list, how many games, where.
    pub title: String,
    /// The table's rows.
    pub rows: Vec<Row>,
    /// The row under the cursor (none when the list is empty).
    pub selected: Option<usize>,
    /// What the table says while it has no rows.
    pub empty: String,
    /// The game under the cursor in full (its cells may be cut in the table).
    pub details: Option<String>,
    /// What the last action did or why it was refused; gone with the next event.
    pub message: Option<String>,
    /// The work running in the background ("Importing 2 games from …"), while it runs.
    pub activity: Option<String>,
    /// The dialog open, if one is.
    pub dialog: Option<Asked>,
}

/// The Library screen's state and flow.
#[derive(Debug)]
pub struct LibraryScreen {
    /// The library, or why there is none (no data directory).
    library: Result<Library, String>,
    /// Why the data directory may not be written, when it may not.
    read_only: Option<String>,
    listing: Listing,
    /// The entries of the list shown.
    entries: Vec<GameEntry>,
    /// The row under the cursor in each list (games, trash).
    selection: [usize; 2],
    dialog: Option<Dialog>,
    /// What the latest event did or why it was refused; cleared by the next event.
    message: Option<String>,
    job: JobSlot,
    work: Option<Work>,
}

impl LibraryScreen {
    /// The screen on `library` (or on the reason there is none), showing the saved
    /// games; read-only when this process may not write in its data directory.
    pub fn new(library: Result<Library, String>) -> LibraryScreen {
        let read_only = library
            .as_ref()
            .ok()
            .and_then(|l| crate::tutor::lock::read_only_reason(l.games_dir()));
        let mut screen = LibraryScreen {
            library,
            read_only,
            listing: Listing::Games,
            entries: Vec::new(),
            selection: [0, 0],
            dialog: None,
            message: None,
            job: JobSlot::default(),
            work: None,
        };
        screen.reload(None);
        screen
    }

    /// The key table of the list shown.
    pub fn keys(&self) -> &'static [Binding<Action>] {
        match self.listing {
            Listing::Games => LIST_KEYS,
            Listing::Trash => TRASH_KEYS,
        }
    }

    /// The action of `key`: the list shown's table first, then the other list's (whose
    /// actions say here why they do not apply).
    pub fn action_for_key(&self, key: Key) -> Option<Action> {
        action_for(self.keys(), key).or_else(|| match self.listing {
            Listing::Games => action_for(TRASH_KEYS, key),
            Listing::Trash => action_for(LIST_KEYS, key),
        })
    }

    /// The ticket of the background work the screen waits for.
    pub fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    /// The row `index` chosen (the arrows, a click); the message goes when the
    /// cursor moves.
    pub fn select(&mut self, index: usize) -> Effects {
        let index = index.min(self.entries.len().saturating_sub(1));
        let slot = &mut self.selection[self.listing.index()];
        if *slot != index {
            *slot = index;
            self.message = None;
        }
        Vec::new()
    }

    /// A key's action.
    pub fn act(&mut self, action: Action) -> Effects {
        self.message = None;
        if self.dialog.is_some() {
            return self.say("Answer the dialog first, or close it (Esc).");
        }
        match action {
            Action::Analyze => self.analyze(),
            Action::Review => self.review(),
            Action::Rename => self.rename(),
            Action::Delete => self.delete(),
            Action::Export => self.export(),
            Action::Import => self.import(),
            Action::Restore => self.restore(),
            Action::EmptyTrash => self.empty_trash(),
            Action::ShowTrash => match self.listing {
                Listing::Games => self.show(Listing::Trash),
                Listing::Trash => {
                    self.say("This is the trash: t or Esc goes back to the saved games.")
                }
            },
            Action::BackToGames => match self.listing {
                Listing::Trash => self.show(Listing::Games),
                Listing::Games => self.say("These are the saved games: t shows the trash."),
            },
            Action::Leave => {
                // Work under way finishes without the screen (an import's games are
                // listed next time); its result is no longer waited for.
                self.job.cancel();
                self.work = None;
                vec![Effect::Go(Route::Menu)]
            }
        }
    }

    /// The learner's answer to the dialog open.
    pub fn reply(&mut self, reply: Reply) -> Effects {
        self.message = None;
        let Some(dialog) = self.dialog.take() else {
            return Vec::new();
        };
        match dialog {
            Dialog::Rename { name, .. } => self.rename_reply(name, reply),
            Dialog::Delete { name } => self.delete_reply(&name, reply),
            Dialog::EmptyTrash { .. } => self.empty_reply(reply),
            Dialog::ExportFormat { entry } => self.format_reply(entry, reply),
            Dialog::ExportPath { entry, format, .. } => self.export_reply(entry, format, reply),
            Dialog::ImportPath { text, reading, .. } => {
                self.import_path_reply(text, reading, reply)
            }
            Dialog::ImportChoice { path, file } => self.choice_reply(path, file, reply),
        }
    }

    /// What to show.
    pub fn shown(&self) -> LibraryShown {
        let n = self.entries.len();
        let read_only = if self.read_only.is_some() {
            " (read-only)"
        } else {
            ""
        };
        let (title, empty) = match (&self.library, self.listing) {
            (Err(why), _) => (format!("No data directory: {why}"), String::new()),
            (Ok(l), Listing::Games) => (
                format!(
                    "Saved games, newest first: {} in {}{read_only}",
                    count(n, "game"),
                    l.games_dir().display()
                ),
                "No saved games yet: w saves a practice game, i imports a file.".into(),
            ),
            (Ok(l), Listing::Trash) => (
                format!(
                    "The trash: {} deleted, in {}{read_only}",
                    count(n, "game"),
                    l.trash_dir().display()
                ),
                "The trash is empty.".into(),
            ),
        };
        LibraryShown {
            listing: self.listing,
            title,
            rows: self.entries.iter().map(Row::of).collect(),
            selected: (n > 0).then(|| self.selection[self.listing.index()]),
            empty,
            details: self.selected().map(Row::details),
            message: self.message.clone(),
            activity: self.work.as_ref().map(|w| match w {
                Work::Reading(path) => format!("Reading {}…", path.display()),
                Work::Importing { path, count: c } => format!(
                    "Importing {} from {}… (the result shows here when it ends)",
                    count(*c, "game"),
                    path.display()
                ),
            }),
            dialog: self.dialog.as_ref().map(Dialog::asked),
        }
    }

    /// Says `text` on the message line.
    fn say(&mut self, text: impl Into<String>) -> Effects {
        self.message = Some(text.into());
        Vec::new()
    }

    /// Shows `listing`, read afresh.
    fn show(&mut self, listing: Listing) -> Effects {
        self.listing = listing;
        self.reload(None);
        Vec::new()
    }

    /// Re-reads the list shown, the cursor on the game called `select` (or where it
    /// was, within the list).
    fn reload(&mut self, select: Option<&str>) {
        self.entries = match (&self.library, self.listing) {
            (Ok(l), Listing::Games) => l.entries(),
            (Ok(l), Listing::Trash) => l.trash(),
            (Err(_), _) => Vec::new(),
        };
        let slot = &mut self.selection[self.listing.index()];
        if let Some(i) = select.and_then(|n| self.entries.iter().position(|e| e.name == n)) {
            *slot = i;
        }
        *slot = (*slot).min(self.entries.len().saturating_sub(1));
    }

    /// The entry under the cursor.
    fn selected(&self) -> Option<&GameEntry> {
        self.entries.get(self.selection[self.listing.index()])
    }

    /// The library, or why there is none.
    fn library(&self) -> Result<&Library, String> {
        self.library
            .as_ref()
            .map_err(|why| format!("No library: {why}"))
    }

    /// The library to write to, or why `doing` cannot be done (no library, or a
    /// data directory opened read-only).
    fn writable(&self, doing: &str) -> Result<Library, String> {
        let library = self.library()?;
        match &self.read_only {
            Some(reason) => Err(format!(
                "Cannot {doing}: this tutor opened its data directory read-only ({reason})."
            )),
            None => Ok(library.clone()),
        }
    }

    /// The saved game under the cursor for `doing`, or why there is none: the trash
    /// shown, an empty library, or (when `readable`) a file that does not read.
    fn chosen_game(&self, doing: &str, readable: bool) -> Result<GameEntry, String> {
        self.library()?;
        if self.listing == Listing::Trash {
            return Err(format!(
                "To {doing} a game in the trash, restore it first (u)."
            ));
        }
        let entry = self
            .selected()
            .ok_or_else(|| format!("No game to {doing}: the library is empty."))?;
        if readable && let Err(e) = entry.game() {
            return Err(format!("Cannot {doing} it: {e}"));
        }
        Ok(entry.clone())
    }

    fn analyze(&mut self) -> Effects {
        match self.chosen_game("open", true) {
            Ok(entry) => match entry.record {
                Some(record) => vec![Effect::Go(Route::AnalyzeGame(Box::new(record.game)))],
                None => Vec::new(),
            },
            Err(why) => self.say(why),
        }
    }

    fn review(&mut self) -> Effects {
        match self.chosen_game("review", true) {
            Ok(entry) => match entry.record {
                Some(record) if record.game.is_empty() => {
                    self.say("The game has no moves to review.")
                }
                Some(record) => vec![Effect::Go(Route::Review(Box::new(
                    crate::tutor::game_review::ReviewInput::new(record.game),
                )))],
                None => Vec::new(),
            },
            Err(why) => self.say(why),
        }
    }
}
