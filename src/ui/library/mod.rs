//! The Library screen: the saved games in a table (name, date, players, result,
//! moves, opening), opened on the analysis board or in the game review, renamed,
//! deleted to the trash (and restored from it), exported, and games imported from
//! WTHOR databases and GGF files. The keys are the screen's own (its only focusable
//! view is the table, which takes only the arrow keys), so every key listed works
//! whatever has the focus; a message lasts until the next key.

mod dialogs;
mod table;

pub use table::{GameTable, Row, column_widths};

use super::nav::{self, Route};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::lock;
use crate::tutor::game_review::ReviewInput;
use crate::tutor::library::{GameEntry, Library};
use cursive::Cursive;
use cursive::event::{Event, EventTrigger, Key};
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the table.
pub const TABLE: &str = "library-table";
/// Name of the line above the table (which list, how many games).
pub const TITLE: &str = "library-title";
/// Name of the message line under the table.
pub const STATUS: &str = "library-status";
/// Name of the keys line.
pub const KEYS: &str = "library-keys";

const GAME_KEYS: &str = "Up/Down: choose  Enter: analyze  v: review  r: rename  d: delete  e: export\n\
i: import a .wtb or .ggf file  t: the trash  F1: help  Esc/q: menu";
const TRASH_KEYS: &str = "Up/Down: choose  Enter or u: restore  t or Esc: back to the library\n\
x: empty the trash  F1: help  q: menu";

/// Which list the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum List {
    Games,
    Trash,
}

struct State {
    library: Option<Library>,
    /// Why there is no library (no data directory).
    missing: Option<String>,
    list: List,
    entries: Vec<GameEntry>,
    /// The file read or import running, if one is.
    busy: Option<super::worker::Job>,
}

type Shared = Arc<Mutex<State>>;

/// Opens the Library screen on the data directory's saved games.
pub fn open(siv: &mut Cursive) {
    let explicit = state(siv).options.data_dir;
    let (library, missing) = match crate::tutor::progress::data_dir(explicit.as_deref()) {
        Ok(d) => (Some(Library::in_data_dir(&d)), None),
        Err(e) => (None, Some(e.to_string())),
    };
    let shared: Shared = Arc::new(Mutex::new(State {
        library,
        missing,
        list: List::Games,
        entries: Vec::new(),
        busy: None,
    }));
    let body = LinearLayout::vertical()
        .child(TextView::new("").with_name(TITLE))
        .child(GameTable::new("").with_name(TABLE).full_height())
        .child(TextView::new("").with_name(STATUS))
        .child(TextView::new(GAME_KEYS).with_name(KEYS));
    let mut keys = OnEventView::new(Dialog::around(body).title("Game library"));
    // Any key or click ends the last message's life before it does its own work.
    keys.set_on_pre_event_inner(EventTrigger::any(), |v, e| {
        if matches!(e, Event::Key(_) | Event::Char(_) | Event::CtrlChar(_)) {
            v.call_on_name(STATUS, |t: &mut TextView| t.set_content(""));
        }
        None
    });
    let bind = |keys: &mut OnEventView<Dialog>, e: Event, f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_event(e, move |s| f(s, &shared));
    };
    bind(&mut keys, Event::Key(Key::Enter), enter);
    bind(&mut keys, Event::Char('v'), review);
    bind(&mut keys, Event::Char('r'), dialogs::rename);
    bind(&mut keys, Event::Char('d'), dialogs::delete);
    bind(&mut keys, Event::Char('e'), dialogs::export);
    bind(&mut keys, Event::Char('i'), dialogs::import);
    bind(&mut keys, Event::Char('u'), restore);
    bind(&mut keys, Event::Char('x'), dialogs::empty_trash);
    bind(&mut keys, Event::Char('t'), toggle_trash);
    bind(&mut keys, Event::Key(Key::Esc), back);
    keys.set_on_event('q', nav::menu);
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Library,
        SizeGuard::new(keys.full_screen()),
    );
    let _ = siv.focus_name(TABLE);
    reload(siv, &shared, None);
}

/// Re-reads the list shown and redraws the table, the cursor on the game called
/// `select` (or where it was).
fn reload(siv: &mut Cursive, shared: &Shared, select: Option<&str>) {
    let before = siv
        .call_on_name(TABLE, |t: &mut GameTable| t.selected())
        .flatten()
        .unwrap_or(0);
    let (rows, index, title, empty, keys) = {
        let mut st = lock(shared);
        let entries = match (&st.library, st.list) {
            (Some(l), List::Games) => l.entries(),
            (Some(l), List::Trash) => l.trash(),
            (None, _) => Vec::new(),
        };
        st.entries = entries;
        let index = select
            .and_then(|n| st.entries.iter().position(|e| e.name == n))
            .unwrap_or(before);
        let rows: Vec<Row> = st.entries.iter().map(Row::of).collect();
        let n = st.entries.len();
        let (title, empty, keys) = match (&st.library, st.list) {
            (None, _) => (
                format!("No data directory: {}", st.missing.as_deref().unwrap_or("")),
                String::new(),
                GAME_KEYS,
            ),
            (Some(l), List::Games) => (
                format!(
                    "Saved games, newest first: {} in {}",
                    games(n),
                    l.games_dir().display()
                ),
                "No saved games yet: w saves a practice game, i imports a file.".into(),
                GAME_KEYS,
            ),
            (Some(l), List::Trash) => (
                format!(
                    "The trash: {} deleted, in {}",
                    games(n),
                    l.trash_dir().display()
                ),
                "The trash is empty.".into(),
                TRASH_KEYS,
            ),
        };
        (rows, index, title, empty, keys)
    };
    siv.call_on_name(TABLE, |t: &mut GameTable| t.set_rows(rows, index, &empty));
    siv.call_on_name(TITLE, |t: &mut TextView| t.set_content(title));
    siv.call_on_name(KEYS, |t: &mut TextView| t.set_content(keys));
}

/// "1 game", "2 games".
fn games(n: usize) -> String {
    crate::tutor::text::count(n, "game")
}

/// Shows `text` on the message line (until the next key).
fn message(siv: &mut Cursive, text: impl Into<String>) {
    let text = text.into();
    siv.call_on_name(STATUS, |t: &mut TextView| t.set_content(text));
}

/// The entry under the cursor.
fn selected(siv: &mut Cursive, shared: &Shared) -> Option<GameEntry> {
    let i = siv
        .call_on_name(TABLE, |t: &mut GameTable| t.selected())
        .flatten()?;
    lock(shared).entries.get(i).cloned()
}

fn list_of(shared: &Shared) -> List {
    lock(shared).list
}

/// The library, or a message saying there is none.
fn library_of(siv: &mut Cursive, shared: &Shared) -> Option<Library> {
    let st = lock(shared);
    match &st.library {
        Some(l) => Some(l.clone()),
        None => {
            let why = st.missing.clone().unwrap_or_default();
            drop(st);
            message(siv, format!("No library: {why}"));
            None
        }
    }
}

/// The game under the cursor, readable, in the games list; else a message why not.
fn chosen_game(siv: &mut Cursive, shared: &Shared, doing: &str) -> Option<GameEntry> {
    if list_of(shared) == List::Trash {
        message(
            siv,
            format!("To {doing} a game in the trash, restore it first (u)."),
        );
        return None;
    }
    let Some(entry) = selected(siv, shared) else {
        message(siv, format!("No game to {doing}."));
        return None;
    };
    if let Err(e) = entry.game() {
        message(siv, format!("Cannot {doing} it: {e}"));
        return None;
    }
    Some(entry)
}

fn enter(siv: &mut Cursive, shared: &Shared) {
    if list_of(shared) == List::Trash {
        restore(siv, shared);
        return;
    }
    if let Some(entry) = chosen_game(siv, shared, "open") {
        let game = entry
            .record
            .map(|r| r.game)
            .unwrap_or_else(|| crate::engine::Game::new(crate::engine::Position::start()));
        nav::go(siv, Route::AnalyzeGame(Box::new(game)));
    }
}

fn review(siv: &mut Cursive, shared: &Shared) {
    if let Some(entry) = chosen_game(siv, shared, "review") {
        let Some(record) = entry.record else { return };
        if record.game.is_empty() {
            message(siv, "The game has no moves to review.");
            return;
        }
        nav::go(siv, Route::Review(Box::new(ReviewInput::new(record.game))));
    }
}

fn restore(siv: &mut Cursive, shared: &Shared) {
    if list_of(shared) != List::Trash {
        message(siv, "u restores a game from the trash: t shows the trash.");
        return;
    }
    let Some(library) = library_of(siv, shared) else {
        return;
    };
    let Some(entry) = selected(siv, shared) else {
        message(siv, "The trash is empty.");
        return;
    };
    match library.restore(&entry.name) {
        Ok(name) => {
            reload(siv, shared, None);
            message(
                siv,
                format!("Restored `{name}` to the library (t: back to it)."),
            );
        }
        Err(e) => message(siv, format!("Cannot restore it: {e}")),
    }
}

fn toggle_trash(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.list = match st.list {
            List::Games => List::Trash,
            List::Trash => List::Games,
        };
    }
    siv.call_on_name(TABLE, |t: &mut GameTable| t.set_rows(Vec::new(), 0, ""));
    reload(siv, shared, None);
}

fn back(siv: &mut Cursive, shared: &Shared) {
    if list_of(shared) == List::Trash {
        toggle_trash(siv, shared);
    } else {
        nav::menu(siv);
    }
}
