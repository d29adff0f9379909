//! The library's dialogs: rename (a name; Enter submits), delete (a confirmation;
//! the game goes to the trash), export (a format, then a file name) and import (a
//! file name, then the games it holds: import them all or open one). Reading and
//! importing run through the worker: a failure is reported on screen and in
//! `errors.log`, and the screen goes on.

use super::*;
use crate::tutor::library::{ExportFormat, GamesFile, read_games_file};
use crate::ui::size_guard::add_layer;
use crate::ui::text_dialog::ask_text;
use crate::ui::worker::{Job, spawn_task};
use cursive::views::SelectView;
use std::path::PathBuf;

/// A dialog that closes on Esc.
fn closable(dialog: Dialog) -> OnEventView<Dialog> {
    OnEventView::new(dialog).on_event(Key::Esc, |s| {
        s.pop_layer();
    })
}

/// An error over the dialog that caused it (the dialog stays open to correct).
fn error(siv: &mut Cursive, text: String) {
    add_layer(
        siv,
        closable(Dialog::info(text).title("Not done   (Enter or Esc: back)")),
    );
}

pub(super) fn rename(siv: &mut Cursive, shared: &Shared) {
    let Some(entry) = chosen_game_or_trash_message(siv, shared, "rename") else {
        return;
    };
    let shared = shared.clone();
    let old = entry.name.clone();
    ask_text(
        siv,
        "Rename the game",
        &format!("New name for `{old}` (its .ggf and .txt files are renamed):"),
        "library-rename",
        &entry.name,
        "Rename",
        move |s, new| {
            let new = new.trim();
            let Some(library) = library_of(s, &shared) else {
                return;
            };
            match library.rename(&old, new) {
                Ok(()) => {
                    s.pop_layer();
                    reload(s, &shared, Some(new));
                    message(s, format!("Renamed `{old}` to `{new}`."));
                }
                Err(e) => error(s, format!("Cannot rename it: {e}")),
            }
        },
    );
}

/// The game under the cursor for an action that needs only its name (a game that
/// does not read may still be renamed or deleted).
fn chosen_game_or_trash_message(
    siv: &mut Cursive,
    shared: &Shared,
    doing: &str,
) -> Option<GameEntry> {
    if list_of(shared) == List::Trash {
        message(
            siv,
            format!("To {doing} a game in the trash, restore it first (u)."),
        );
        return None;
    }
    let entry = selected(siv, shared);
    if entry.is_none() {
        message(siv, format!("No game to {doing}."));
    }
    entry
}

/// A yes-or-no question: Enter does `verb` (the dialog closes first), Esc cancels.
fn confirm(
    siv: &mut Cursive,
    question: String,
    title: &str,
    verb: &'static str,
    on_yes: impl Fn(&mut Cursive) + Send + Sync + 'static,
) {
    add_layer(
        siv,
        closable(
            Dialog::text(question)
                .title(format!(
                    "{title}   (Enter: {}   Esc: cancel)",
                    verb.to_lowercase()
                ))
                .button(verb, move |s| {
                    s.pop_layer();
                    on_yes(s);
                })
                .button("Cancel", |s| {
                    s.pop_layer();
                }),
        ),
    );
}

pub(super) fn delete(siv: &mut Cursive, shared: &Shared) {
    let Some(entry) = chosen_game_or_trash_message(siv, shared, "delete") else {
        return;
    };
    let shared = shared.clone();
    let name = entry.name.clone();
    let question = format!(
        "Move `{name}` to the trash?\nIt stays there until you restore it (t shows the trash)."
    );
    confirm(siv, question, "Delete", "Delete", move |s| {
        let Some(library) = library_of(s, &shared) else {
            return;
        };
        match library.delete(&name) {
            Ok(in_trash) => {
                reload(s, &shared, None);
                let called = if in_trash == name {
                    String::new()
                } else {
                    format!(" as `{in_trash}`")
                };
                message(
                    s,
                    format!("Moved `{name}` to the trash{called} (t: the trash)."),
                );
            }
            Err(e) => message(s, format!("Cannot delete it: {e}")),
        }
    });
}

pub(super) fn empty_trash(siv: &mut Cursive, shared: &Shared) {
    if list_of(shared) != List::Trash {
        message(siv, "x empties the trash: t shows the trash.");
        return;
    }
    let Some(library) = library_of(siv, shared) else {
        return;
    };
    let count = library.trash().len();
    if count == 0 {
        message(siv, "The trash is empty.");
        return;
    }
    let shared = shared.clone();
    let games = if count == 1 {
        "the game in it for good: it cannot".to_string()
    } else {
        format!("all {count} games in it for good: they cannot")
    };
    let question = format!("Empty the trash?\nThis deletes {games} be restored.");
    confirm(siv, question, "Empty the trash", "Empty", move |s| {
        let Some(library) = library_of(s, &shared) else {
            return;
        };
        let result = library.empty_trash();
        reload(s, &shared, None);
        match result {
            Ok(n) => message(
                s,
                format!(
                    "Emptied the trash: {} deleted for good.",
                    crate::tutor::text::count(n, "game")
                ),
            ),
            Err(e) => message(s, format!("Cannot empty the trash: {e}")),
        }
    });
}

pub(super) fn export(siv: &mut Cursive, shared: &Shared) {
    let Some(entry) = chosen_game(siv, shared, "export") else {
        return;
    };
    let mut formats = SelectView::<ExportFormat>::new();
    for (i, f) in ExportFormat::ALL.iter().enumerate() {
        formats.add_item(format!("{}  {}", i + 1, f.describe()), *f);
    }
    let on_pick = {
        let shared = shared.clone();
        let entry = entry.clone();
        move |s: &mut Cursive, f: &ExportFormat| {
            s.pop_layer();
            ask_path(s, &shared, &entry, *f);
        }
    };
    formats.set_on_submit(on_pick.clone());
    let mut dialog = closable(Dialog::around(formats).title(format!(
        "Export `{}`   (1-3, Enter: choose   Esc: cancel)",
        entry.name
    )));
    for (i, f) in ExportFormat::ALL.iter().enumerate() {
        let on_pick = on_pick.clone();
        let f = *f;
        dialog.set_on_event(char::from(b'1' + i as u8), move |s| on_pick(s, &f));
    }
    add_layer(siv, dialog);
}

fn ask_path(siv: &mut Cursive, shared: &Shared, entry: &GameEntry, format: ExportFormat) {
    let Some(library) = library_of(siv, shared) else {
        return;
    };
    let default = library
        .exports_dir()
        .join(format!("{}.{}", entry.name, format.extension()));
    let entry = entry.clone();
    ask_text(
        siv,
        "Export",
        &format!("Write {} to:", format.describe()),
        "library-export-path",
        &default.display().to_string(),
        "Export",
        move |s, path| {
            let path = path.trim();
            if path.is_empty() {
                error(s, "Type a file name to export to.".into());
                return;
            }
            match library.export(&entry, format, std::path::Path::new(path)) {
                Ok(()) => {
                    s.pop_layer();
                    message(s, format!("Exported `{}` to {path}", entry.name));
                }
                Err(e) => error(s, format!("Cannot export it: {e}")),
            }
        },
    );
}

pub(super) fn import(siv: &mut Cursive, shared: &Shared) {
    if list_of(shared) == List::Trash {
        message(siv, "Imports go to the library: t goes back to it first.");
        return;
    }
    if busy(siv, shared) {
        return;
    }
    let shared = shared.clone();
    ask_text(
        siv,
        "Import games",
        "A WTHOR database (.wtb; names from WTHOR.JOU and WTHOR.TRN beside it) or a GGF file:",
        "library-import-path",
        "",
        "Read",
        move |s, path| {
            let path = PathBuf::from(path.trim());
            if path.as_os_str().is_empty() {
                error(s, "Type the file's name.".into());
                return;
            }
            if busy(s, &shared) {
                return;
            }
            read_file(s, &shared, path);
        },
    );
}

/// Whether a read or an import is running (then says so).
fn busy(siv: &mut Cursive, shared: &Shared) -> bool {
    let busy = lock(shared).busy.is_some();
    if busy {
        message(
            siv,
            "An import is still running: its result shows here when it ends.",
        );
    }
    busy
}

/// Reads the file `path` through the worker; then lists its games (the path dialog
/// closes) or says why it does not read (the dialog stays to correct the name).
fn read_file(siv: &mut Cursive, shared: &Shared, path: PathBuf) {
    message(siv, format!("Reading {}…", path.display()));
    let (done_shared, failed_shared) = (shared.clone(), shared.clone());
    let read_path = path.clone();
    let job = spawn_task(
        siv.cb_sink(),
        "reading the file",
        move |_: &Job| read_games_file(&read_path),
        move |s: &mut Cursive, _: &Job, result| {
            lock(&done_shared).busy = None;
            message(s, "");
            match result {
                Ok(file) => {
                    s.pop_layer();
                    choose_import(s, &done_shared, path, file);
                }
                Err(e) => error(s, format!("Cannot read it: {e}")),
            }
        },
        move |s: &mut Cursive| {
            lock(&failed_shared).busy = None;
            message(s, "");
        },
    );
    lock(shared).busy = Some(job);
}

/// Imports every game of `path` through the worker; the message line says what the
/// import did, or why it failed.
fn import_all(siv: &mut Cursive, shared: &Shared, library: Library, path: PathBuf, count: usize) {
    if busy(siv, shared) {
        return;
    }
    message(
        siv,
        format!(
            "Importing {} from {}…",
            crate::tutor::text::count(count, "game"),
            path.display()
        ),
    );
    let (done_shared, failed_shared) = (shared.clone(), shared.clone());
    let import_path = path.clone();
    let job = spawn_task(
        siv.cb_sink(),
        "the import",
        move |_: &Job| library.import_file(&import_path),
        move |s: &mut Cursive, _: &Job, result| {
            lock(&done_shared).busy = None;
            match result {
                Ok(summary) => {
                    let first = summary.imported.first().cloned();
                    reload(s, &done_shared, first.as_deref());
                    message(
                        s,
                        format!(
                            "Imported {} from {}{}.",
                            crate::tutor::text::count(summary.imported.len(), "game"),
                            path.display(),
                            summary.rest()
                        ),
                    );
                }
                Err(e) => {
                    reload(s, &done_shared, None);
                    message(s, format!("Cannot import it: {e}"));
                }
            }
        },
        move |s: &mut Cursive| {
            lock(&failed_shared).busy = None;
            reload(s, &failed_shared, None);
            message(s, "The import stopped on an internal error.");
        },
    );
    lock(shared).busy = Some(job);
}

/// The games of a file read for import: Enter opens one on the analysis board, `a`
/// (or the button) imports them all.
fn choose_import(siv: &mut Cursive, shared: &Shared, path: PathBuf, file: GamesFile) {
    const SHOWN: usize = 500;
    let mut list = SelectView::<usize>::new();
    for (i, (number, g)) in file.games.iter().enumerate().take(SHOWN) {
        let result = crate::tutor::library::result_text(g.result.as_deref(), &g.game);
        list.add_item(
            format!(
                "{:>4}  {:<34} {:>6}  {}",
                number,
                format!("{} - {}", g.black, g.white)
                    .chars()
                    .take(34)
                    .collect::<String>(),
                result,
                g.date.as_deref().unwrap_or("")
            ),
            i,
        );
    }
    let n = file.games.len();
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
    let games = Arc::new(file.games);
    let open_one = {
        let games = games.clone();
        move |s: &mut Cursive, i: &usize| {
            if let Some((_, g)) = games.get(*i) {
                let game = g.game.clone();
                s.pop_layer();
                nav::go(s, Route::AnalyzeGame(Box::new(game)));
            }
        }
    };
    list.set_on_submit(open_one);
    let import_all = {
        let shared = shared.clone();
        let path = path.clone();
        move |s: &mut Cursive| {
            let Some(library) = library_of(s, &shared) else {
                return;
            };
            s.pop_layer();
            import_all(s, &shared, library, path.clone(), n);
        }
    };
    let more = if n > SHOWN {
        format!(" (the first {SHOWN} shown)")
    } else {
        String::new()
    };
    let body = LinearLayout::vertical()
        .child(TextView::new(format!(
            "{} in {}{more}:{refused}",
            crate::tutor::text::count(n, "game"),
            path.display()
        )))
        .child(list.scrollable().max_height(12));
    let mut dialog = closable(
        Dialog::around(body)
            .title("Import   (Enter: analyze this game   a: import all   Esc: cancel)")
            .button("Import all", import_all.clone())
            .button("Cancel", |s| {
                s.pop_layer();
            }),
    );
    dialog.set_on_event('a', import_all);
    add_layer(siv, dialog);
}
