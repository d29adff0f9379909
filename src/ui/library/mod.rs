//! The Library screen: draws [`LibraryScreen`] (the title line, the table of games,
//! the message line, the footer from the model's key table, the dialog it asks for),
//! turns keys, clicks and dialog answers into the model's actions, and runs its
//! background work (reading a file, an import) through the worker: a failure there is
//! reported on screen and in `errors.log`, and the screen goes on.

mod dialogs;
mod table;

pub use table::{GameTable, column_widths};

use super::host::{FooterView, event_of};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::{self, Job, Running, lock, spawn_task};
use crate::tutor::library::Library;
use crate::tutor::models::library::{
    Asked, LEAD, LIST_KEYS, LibraryOutput, LibraryScreen, LibraryTask, Listing, TRASH_KEYS,
};
use crate::tutor::screen::{Effect, ScreenId, Ticket, footer};
use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the table.
pub const TABLE: &str = "library-table";
/// Name of the line above the table (which list, how many games).
pub const TITLE: &str = "library-title";
/// Name of the line under the table that describes the game chosen in full.
pub const DETAILS: &str = "library-details";
/// Name of the message line under the table.
pub const STATUS: &str = "library-status";
/// Name of the keys line.
pub const KEYS: &str = "library-keys";
/// Name of the text field of the dialog open, when it asks for text.
pub const INPUT: &str = "library-input";

/// The screen's one shared state: the model, the job running for it, and what is
/// drawn of it that is not redrawn every time (the dialog, the footer's table).
struct Hosted {
    model: LibraryScreen,
    running: Running,
    /// The dialog on screen, as the model asked for it.
    dialog: Option<Asked>,
    /// The list whose keys the footer shows.
    footer: Option<Listing>,
}

impl worker::Hosting for Hosted {
    type Output = LibraryOutput;
    type Effects = Vec<Effect<LibraryTask>>;

    fn running(&mut self) -> &mut Running {
        &mut self.running
    }

    fn finished(&mut self, ticket: Ticket, output: LibraryOutput) -> Self::Effects {
        self.model.finished(ticket, output)
    }

    fn failed(&mut self, ticket: Ticket) -> Self::Effects {
        self.model.failed(ticket)
    }
}

type Shared = Arc<Mutex<Hosted>>;

/// Opens the Library screen on the data directory's saved games.
pub fn open(siv: &mut Cursive) {
    let explicit = state(siv).options.data_dir;
    let library = crate::tutor::progress::data_dir(explicit.as_deref())
        .map(|d| Library::in_data_dir(&d))
        .map_err(|e| e.to_string());
    let shared: Shared = Arc::new(Mutex::new(Hosted {
        model: LibraryScreen::new(library),
        running: Running::default(),
        dialog: None,
        footer: None,
    }));
    let on_select = {
        let shared = shared.clone();
        Arc::new(move |s: &mut Cursive, i: usize| {
            let effects = lock(&shared).model.select(i);
            apply(s, &shared, effects);
        })
    };
    let body = LinearLayout::vertical()
        .child(TextView::new("").with_name(TITLE))
        .child(
            GameTable::new("")
                .on_select(on_select)
                .with_name(TABLE)
                .full_height(),
        )
        .child(TextView::new("").with_name(DETAILS))
        .child(TextView::new("").with_name(STATUS))
        .child(FooterView::new(|_| String::new()).with_name(KEYS));
    let mut view = OnEventView::new(Dialog::around(body).title("Game library"));
    // Every key of both lists is bound, once (a second binding of a key would run
    // too): the model answers a key of the other list with why it does not apply.
    let mut bound = Vec::new();
    for &key in LIST_KEYS.iter().chain(TRASH_KEYS).flat_map(|b| b.keys) {
        if bound.contains(&key) {
            continue;
        }
        bound.push(key);
        let shared = shared.clone();
        view.set_on_event(event_of(key), move |s| {
            let action = lock(&shared).model.action_for_key(key);
            if let Some(action) = action {
                let effects = lock(&shared).model.act(action);
                apply(s, &shared, effects);
            }
        });
    }
    crate::ui::layer::add_screen(siv, ScreenId::Library, SizeGuard::new(view.full_screen()));
    let _ = siv.focus_name(TABLE);
    apply(siv, &shared, Vec::new());
}

/// Draws the model, then carries out its effects, and cancels work it no longer
/// waits for.
fn apply(siv: &mut Cursive, shared: &Shared, effects: Vec<Effect<LibraryTask>>) {
    draw(siv, shared);
    for effect in effects {
        match effect {
            Effect::Run(ticket, task) => run(siv, shared, ticket, task),
            Effect::Go(route) => super::nav::go(siv, route),
            // The library asks for nothing else; its dialogs are part of what it shows.
            _ => {}
        }
    }
    let mut hosted = lock(shared);
    let wanted = hosted.model.wanted();
    hosted.running.keep_only(wanted);
}

/// Runs `task` through the worker; its output (or its failure) goes back to the model.
fn run(siv: &mut Cursive, shared: &Shared, ticket: Ticket, task: LibraryTask) {
    let (done, failed) = worker::ends(shared, ticket, apply);
    let job = spawn_task(
        siv.cb_sink(),
        task.describe(),
        move |_: &Job| task.run(),
        done,
        failed,
    );
    lock(shared).running.start(ticket, job);
}

/// Draws what the model shows: the title, the table, the message and activity
/// lines, the footer of the list shown, and the dialog it asks for.
fn draw(siv: &mut Cursive, shared: &Shared) {
    let (shown, keys, new_footer) = {
        let mut hosted = lock(shared);
        let shown = hosted.model.shown();
        let new_footer = (hosted.footer != Some(shown.listing)).then_some(shown.listing);
        hosted.footer = Some(shown.listing);
        (shown, hosted.model.keys(), new_footer)
    };
    siv.call_on_name(TITLE, |t: &mut TextView| t.set_content(&shown.title));
    siv.call_on_name(TABLE, |t: &mut GameTable| {
        t.set_rows(shown.rows, shown.selected.unwrap_or(0), &shown.empty)
    });
    let details = shown.details.unwrap_or_default();
    siv.call_on_name(DETAILS, |t: &mut TextView| t.set_content(details));
    let status: Vec<&str> = [shown.message.as_deref(), shown.activity.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    siv.call_on_name(STATUS, |t: &mut TextView| t.set_content(status.join("\n")));
    if new_footer.is_some() {
        siv.call_on_name(KEYS, |f: &mut FooterView| {
            *f = FooterView::new(move |w| footer(LEAD, keys, w))
        });
    }
    dialogs::show(siv, shared, shown.dialog);
}
