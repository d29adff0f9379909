//! The Library screen's model, driven without a terminal: every key of its two
//! tables acts or says why it cannot in each state (an empty library, a game chosen,
//! the trash, a dialog open, an import running, a read-only data directory, no data
//! directory); the flows (rename, delete and restore, empty the trash after a
//! confirmation, export, import as background work, opening a game) and their
//! messages, which say what happened and go with the next event.

use othello_tutor::engine::notation::{GgfGame, parse_transcript};
use othello_tutor::engine::{Game, Move};
use othello_tutor::tutor::library::Library;
use othello_tutor::tutor::models::library::{
    Action, Asked, LIST_KEYS, LibraryScreen, LibraryShown, LibraryTask, Listing, Reply, TRASH_KEYS,
};
use othello_tutor::tutor::screen::{Effect, Route, Ticket};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A fresh data directory of its own for one test.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "othello-tutor-library-screen-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// A game record from a transcript, with players.
fn record(transcript: &str, black: &str, white: &str) -> GgfGame {
    GgfGame::new(
        parse_transcript(transcript).expect("a transcript"),
        black,
        white,
    )
}

/// Saves `record` as `name` in the library of `dir`, its files dated `age` seconds
/// back (so the order of the list is known).
fn save(dir: &Path, name: &str, record: &GgfGame, age: u64) {
    let library = Library::in_data_dir(dir);
    let path = library.save(name, record).expect("saved");
    let when = SystemTime::now() - Duration::from_secs(age);
    let file = std::fs::File::options()
        .write(true)
        .open(&path)
        .expect("the saved file");
    file.set_modified(when).expect("dated");
}

/// A model and what it asked for: navigation, and background work (run at once,
/// as the worker would, unless held).
struct Driver {
    model: LibraryScreen,
    /// Work asked for and not run yet (while `hold`).
    pending: Vec<(Ticket, LibraryTask)>,
    /// Routes asked for, in order.
    went: Vec<Route>,
    hold: bool,
}

impl Driver {
    fn on(dir: &Path) -> Driver {
        Driver {
            model: LibraryScreen::new(Ok(Library::in_data_dir(dir))),
            pending: Vec::new(),
            went: Vec::new(),
            hold: false,
        }
    }

    fn run(&mut self, effects: Vec<Effect<LibraryTask>>) {
        for effect in effects {
            match effect {
                Effect::Run(ticket, task) => self.pending.push((ticket, task)),
                Effect::Go(route) => self.went.push(route),
                other => panic!("the library asks for its dialogs in what it shows: {other:?}"),
            }
        }
        if !self.hold {
            self.finish_pending();
        }
    }

    /// Runs the work held, handing each output back.
    fn finish_pending(&mut self) {
        while !self.pending.is_empty() {
            let (ticket, task) = self.pending.remove(0);
            let e = self.model.finished(ticket, task.run());
            self.run(e);
        }
    }

    fn act(&mut self, action: Action) {
        let e = self.model.act(action);
        self.run(e);
    }

    fn reply(&mut self, reply: Reply) {
        let e = self.model.reply(reply);
        self.run(e);
    }

    fn text(&mut self, text: &str) {
        self.reply(Reply::Text(text.to_string()));
    }

    fn shown(&self) -> LibraryShown {
        self.model.shown()
    }

    fn message(&self) -> String {
        self.shown().message.unwrap_or_default()
    }

    fn names(&self) -> Vec<String> {
        self.shown()
            .rows
            .iter()
            .map(|r| r.name().to_string())
            .collect()
    }

    fn selected_name(&self) -> Option<String> {
        let shown = self.shown();
        shown.selected.map(|i| shown.rows[i].name().to_string())
    }
}

/// A library of two games, `old` (a finished-looking game) and `new`, newest first.
fn two_games(name: &str) -> (PathBuf, Driver) {
    let dir = data_dir(name);
    let mut old = record("f5 d6 c3 d3 c4", "Ann", "Bob");
    old.result = Some("+12".into());
    old.date = Some("2001.02.03".into());
    save(&dir, "old", &old, 600);
    save(&dir, "new", &record("f5 f6 e6", "You", "Level 3"), 60);
    let d = Driver::on(&dir);
    (dir, d)
}

/// Every key of both tables, pressed on a fresh state from `make`, does something:
/// work or navigation asked for, or what is shown changes (a message saying why not
/// is a change).
fn assert_every_key_acts(state: &str, make: &dyn Fn() -> Driver) {
    for binding in LIST_KEYS.iter().chain(TRASH_KEYS) {
        for &key in binding.keys {
            let mut d = make();
            let before = d.shown();
            let Some(action) = d.model.action_for_key(key) else {
                panic!("{state}: {} is bound to nothing", key.label());
            };
            let effects = d.model.act(action);
            let after = d.shown();
            assert!(
                !effects.is_empty() || before != after,
                "{state}: {} ({action:?}) did nothing",
                key.label()
            );
            if effects.is_empty() && after.dialog.is_none() && after.listing == before.listing {
                assert!(
                    after.message.is_some(),
                    "{state}: {} ({action:?}) changed something without a word",
                    key.label()
                );
            }
        }
    }
}

#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    let empty = data_dir("keys-empty");
    let (full, _) = two_games("keys-full");
    let trash = data_dir("keys-trash");
    save(&trash, "gone", &record("f5", "A", "B"), 10);
    Library::in_data_dir(&trash)
        .delete("gone")
        .expect("deleted");
    let read_only = data_dir("keys-read-only");
    save(&read_only, "kept", &record("f5 d6", "A", "B"), 10);
    save(&read_only, "binned", &record("f5 f6", "A", "B"), 20);
    Library::in_data_dir(&read_only)
        .delete("binned")
        .expect("deleted");
    othello_tutor::tutor::lock::mark_read_only(&read_only, "another tutor is using it");
    let import_file = full.join("import.ggf");
    std::fs::write(
        &import_file,
        format!(
            "{}\n",
            othello_tutor::engine::notation::to_ggf(&record("d3 c5", "C", "D"))
        ),
    )
    .expect("written");

    assert_every_key_acts("an empty library", &|| Driver::on(&empty));
    assert_every_key_acts("the empty trash", &|| {
        let mut d = Driver::on(&empty);
        d.act(Action::ShowTrash);
        d
    });
    assert_every_key_acts("a game chosen", &|| Driver::on(&full));
    assert_every_key_acts("the trash with a game", &|| {
        let mut d = Driver::on(&trash);
        d.act(Action::ShowTrash);
        d
    });
    assert_every_key_acts("a dialog open", &|| {
        let mut d = Driver::on(&full);
        d.act(Action::Rename);
        assert!(d.shown().dialog.is_some());
        d
    });
    assert_every_key_acts("an import running", &|| {
        let mut d = Driver::on(&full);
        d.act(Action::Import);
        d.text(&import_file.display().to_string());
        d.hold = true;
        d.reply(Reply::Extra);
        assert!(d.shown().activity.is_some(), "{:?}", d.shown());
        d
    });
    assert_every_key_acts("read-only", &|| Driver::on(&read_only));
    assert_every_key_acts("read-only trash", &|| {
        let mut d = Driver::on(&read_only);
        d.act(Action::ShowTrash);
        d
    });
    assert_every_key_acts("no data directory", &|| Driver {
        model: LibraryScreen::new(Err("no home directory".into())),
        pending: Vec::new(),
        went: Vec::new(),
        hold: false,
    });
    for dir in [empty, full, trash, read_only] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn the_list_is_newest_first_with_its_columns_and_counts() {
    let (dir, mut d) = two_games("list");
    let shown = d.shown();
    assert!(
        shown
            .title
            .starts_with("Saved games, newest first: 2 games in"),
        "{}",
        shown.title
    );
    assert_eq!(d.names(), ["new", "old"]);
    assert_eq!(shown.selected, Some(0));
    let old = &shown.rows[1].cells;
    assert_eq!(old[1], "2001-02-03");
    assert_eq!(old[2], "Ann - Bob");
    assert_eq!(old[3], "B+12");
    assert_eq!(old[4], "5");
    assert_ne!(old[5], "-", "the opening is named: {old:?}");
    assert_eq!(shown.rows[0].cells[3], "-", "an unfinished game");
    // One game: the singular.
    d.model.select(1);
    d.act(Action::Delete);
    d.reply(Reply::Yes);
    assert!(
        d.shown().title.contains(": 1 game in"),
        "{}",
        d.shown().title
    );
    d.act(Action::ShowTrash);
    assert!(
        d.shown().title.starts_with("The trash: 1 game deleted"),
        "{}",
        d.shown().title
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_message_goes_with_the_next_event() {
    let (dir, mut d) = two_games("messages");
    d.act(Action::Restore);
    assert_eq!(
        d.message(),
        "u restores a game from the trash: t shows the trash."
    );
    // The cursor moving is an event: the message goes.
    d.model.select(1);
    assert_eq!(d.shown().message, None);
    // The cursor not moving is none: a message stays.
    d.act(Action::EmptyTrash);
    d.model.select(1);
    assert!(d.shown().message.is_some());
    // A dialog opened takes it away too.
    d.act(Action::Rename);
    assert_eq!(d.shown().message, None);
    d.reply(Reply::Cancel);
    assert_eq!(d.shown().dialog, None);
    assert_eq!(d.shown().message, None, "cancelling says nothing");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn rename_takes_the_text_submitted_and_refuses_clashes_and_bad_names() {
    let (dir, mut d) = two_games("rename");
    d.act(Action::Rename);
    let Some(Asked::Text(dialog)) = d.shown().dialog else {
        panic!("a text dialog: {:?}", d.shown().dialog);
    };
    assert_eq!(dialog.text, "new", "the field starts with the name");
    // A clash: the dialog stays, with the reason and the text typed.
    d.text("old");
    let Some(Asked::Text(dialog)) = d.shown().dialog else {
        panic!("the dialog stays: {:?}", d.shown());
    };
    let problem = dialog.problem.unwrap_or_default();
    assert!(problem.starts_with("Cannot rename it:"), "{problem}");
    assert!(problem.contains("already exists"), "{problem}");
    assert_eq!(dialog.text, "old");
    d.text("../away");
    let Some(Asked::Text(dialog)) = d.shown().dialog else {
        panic!("the dialog stays");
    };
    assert!(
        dialog
            .problem
            .unwrap_or_default()
            .contains("cannot be a game's name"),
    );
    // The same name: nothing to do, and said so.
    d.text("new");
    assert_eq!(d.shown().dialog, None);
    assert_eq!(d.message(), "`new` keeps its name.");
    // A new name: both files follow, the cursor stays on the game.
    d.act(Action::Rename);
    d.text("  tiger line ");
    assert_eq!(d.message(), "Renamed `new` to `tiger line`.");
    assert_eq!(d.selected_name().as_deref(), Some("tiger line"));
    let games = dir.join("games");
    assert!(games.join("tiger line.ggf").is_file());
    assert!(games.join("tiger line.txt").is_file());
    assert!(!games.join("new.ggf").exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn delete_asks_first_and_restore_brings_the_game_back() {
    let (dir, mut d) = two_games("delete");
    d.model.select(1);
    d.act(Action::Delete);
    let Some(Asked::Confirm(question)) = d.shown().dialog else {
        panic!("a question: {:?}", d.shown().dialog);
    };
    assert!(
        question.text.contains("Move `old` to the trash?"),
        "{}",
        question.text
    );
    d.reply(Reply::Cancel);
    assert_eq!(d.names(), ["new", "old"], "cancelled: nothing moved");
    d.act(Action::Delete);
    d.reply(Reply::Yes);
    assert_eq!(d.message(), "Moved `old` to the trash (t: the trash).");
    assert_eq!(d.names(), ["new"]);
    assert_eq!(d.shown().selected, Some(0), "the cursor stays in the list");
    assert!(dir.join("trash/old.ggf").is_file());
    // The same name deleted again lands beside it under a free name.
    save(&dir, "old", &record("d3", "X", "Y"), 0);
    let mut d = Driver::on(&dir);
    d.act(Action::Delete);
    d.reply(Reply::Yes);
    assert_eq!(
        d.message(),
        "Moved `old` to the trash as `old-2` (t: the trash)."
    );
    // The trash: Enter restores (its table says so), the key of the list's Enter
    // does not open the game there.
    d.act(Action::ShowTrash);
    assert_eq!(d.shown().listing, Listing::Trash);
    assert_eq!(d.names().len(), 2);
    let enter = d
        .model
        .action_for_key(othello_tutor::tutor::screen::Key::Enter);
    assert_eq!(enter, Some(Action::Restore));
    let name = d.selected_name().expect("a game in the trash");
    d.act(Action::Restore);
    assert_eq!(
        d.message(),
        format!("Restored `{name}` to the saved games (t: back to them).")
    );
    assert_eq!(d.names().len(), 1);
    d.act(Action::BackToGames);
    assert_eq!(d.shown().listing, Listing::Games);
    assert!(d.names().contains(&name), "{:?}", d.names());
    // A game of the trash is restored first before anything else is done with it.
    d.act(Action::ShowTrash);
    d.act(Action::Review);
    assert_eq!(
        d.message(),
        "To review a game in the trash, restore it first (u)."
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_trash_is_emptied_only_after_a_confirmation() {
    let dir = data_dir("empty-trash");
    for (i, name) in ["a", "b"].iter().enumerate() {
        save(&dir, name, &record("f5 d6", "A", "B"), i as u64);
        Library::in_data_dir(&dir).delete(name).expect("deleted");
    }
    let mut d = Driver::on(&dir);
    d.act(Action::EmptyTrash);
    assert_eq!(d.message(), "x empties the trash: t shows the trash.");
    d.act(Action::ShowTrash);
    d.act(Action::EmptyTrash);
    let Some(Asked::Confirm(question)) = d.shown().dialog else {
        panic!("a question");
    };
    assert!(
        question.text.contains("all 2 games in it for good"),
        "{}",
        question.text
    );
    d.reply(Reply::Cancel);
    assert_eq!(d.names().len(), 2, "kept");
    d.act(Action::EmptyTrash);
    d.reply(Reply::Yes);
    assert_eq!(d.message(), "Emptied the trash: 2 games deleted for good.");
    assert!(d.names().is_empty());
    assert_eq!(d.shown().selected, None);
    assert_eq!(d.shown().empty, "The trash is empty.");
    d.act(Action::EmptyTrash);
    assert_eq!(d.message(), "The trash is empty.");
    assert_eq!(
        std::fs::read_dir(dir.join("trash")).expect("trash").count(),
        0
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn export_asks_a_format_then_a_file() {
    let (dir, mut d) = two_games("export");
    d.model.select(1);
    d.act(Action::Export);
    let Some(Asked::Choose(formats)) = d.shown().dialog else {
        panic!("a list of formats: {:?}", d.shown().dialog);
    };
    assert_eq!(formats.items.len(), 3);
    assert!(formats.numbered);
    d.reply(Reply::Item(2));
    let Some(Asked::Text(file)) = d.shown().dialog else {
        panic!("a file name");
    };
    assert_eq!(
        PathBuf::from(&file.text),
        dir.join("exports").join("old.obf")
    );
    d.text("  ");
    let Some(Asked::Text(file)) = d.shown().dialog else {
        panic!("asked again");
    };
    assert_eq!(
        file.problem.as_deref(),
        Some("Type a file name to export to.")
    );
    let target = dir.join("out/old.obf");
    d.text(&target.display().to_string());
    assert_eq!(
        d.message(),
        format!(
            "Exported `old` to {} (OBF of the last position).",
            target.display()
        )
    );
    let obf = std::fs::read_to_string(&target).expect("written");
    assert_eq!(obf.trim().len(), 66, "{obf}");
    // A game from a set-up position has no transcript: the dialog says so.
    let start = parse_transcript("f5 d6").expect("moves").current();
    let setup = GgfGame::new(Game::new(start), "A", "B");
    save(&dir, "setup", &setup, 0);
    let mut d = Driver::on(&dir);
    assert_eq!(d.selected_name().as_deref(), Some("setup"));
    d.act(Action::Export);
    d.reply(Reply::Item(0));
    d.text(&dir.join("setup.txt").display().to_string());
    let Some(Asked::Text(file)) = d.shown().dialog else {
        panic!("asked again");
    };
    let problem = file.problem.unwrap_or_default();
    assert!(
        problem.contains("starts from a set-up position"),
        "{problem}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_opens_on_the_analysis_board_and_in_the_review() {
    let (dir, mut d) = two_games("open");
    d.model.select(1);
    d.act(Action::Analyze);
    let Some(Route::AnalyzeGame(game)) = d.went.pop() else {
        panic!("the analysis board");
    };
    let placed = game
        .moves()
        .iter()
        .filter(|m| matches!(m, Move::Place(_)))
        .count();
    assert_eq!(placed, 5, "the game `old`");
    d.act(Action::Review);
    let Some(Route::Review(input)) = d.went.pop() else {
        panic!("the review");
    };
    assert_eq!(input.game.moves().len(), 5);
    // A game with no moves has nothing to review; a file that does not read is not
    // opened, and the reason is given.
    save(
        &dir,
        "empty",
        &GgfGame::new(Game::new(Default::default()), "A", "B"),
        0,
    );
    std::fs::write(dir.join("games/broken.ggf"), "not a game").expect("written");
    let mut d = Driver::on(&dir);
    let at = |d: &Driver, name: &str| d.names().iter().position(|n| n == name).expect(name);
    d.model.select(at(&d, "empty"));
    d.act(Action::Review);
    assert_eq!(d.message(), "The game has no moves to review.");
    d.model.select(at(&d, "broken"));
    d.act(Action::Analyze);
    assert!(
        d.message().starts_with("Cannot open it:"),
        "{}",
        d.message()
    );
    assert!(d.message().contains("broken.ggf"), "{}", d.message());
    assert!(d.went.is_empty(), "{:?}", d.went);
    d.act(Action::Leave);
    assert!(matches!(d.went.pop(), Some(Route::Menu)));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_import_reads_the_file_then_imports_in_the_background() {
    let (dir, mut d) = two_games("import");
    let file = dir.join("club.ggf");
    let ggf: String = [("f5 d6 c3", "Ann", "Bob"), ("f5 f4 e3", "Cy", "Di")]
        .iter()
        .map(|(t, b, w)| {
            format!(
                "{}\n",
                othello_tutor::engine::notation::to_ggf(&record(t, b, w))
            )
        })
        .collect();
    std::fs::write(&file, ggf).expect("written");
    d.act(Action::Import);
    d.text("");
    let Some(Asked::Text(asked)) = d.shown().dialog else {
        panic!("the file's name");
    };
    assert_eq!(asked.problem.as_deref(), Some("Type the file's name."));
    // Reading runs as work; the dialog says so while it runs.
    d.hold = true;
    d.text(&file.display().to_string());
    assert!(matches!(d.pending.first(), Some((_, LibraryTask::Read(_)))));
    let Some(Asked::Text(asked)) = d.shown().dialog else {
        panic!("the dialog waits");
    };
    assert!(asked.busy.unwrap_or_default().starts_with("Reading"));
    d.finish_pending();
    let Some(Asked::Choose(choice)) = d.shown().dialog else {
        panic!("the games of the file: {:?}", d.shown().dialog);
    };
    assert!(choice.text.starts_with("2 games in"), "{}", choice.text);
    assert!(choice.items[1].contains("Cy - Di"), "{:?}", choice.items);
    // Import them all: in the background; the screen goes on meanwhile.
    d.reply(Reply::Extra);
    assert_eq!(d.shown().dialog, None);
    let activity = d.shown().activity.unwrap_or_default();
    assert!(activity.starts_with("Importing 2 games from"), "{activity}");
    d.act(Action::Import);
    assert!(
        d.message().starts_with("Still importing"),
        "{}",
        d.message()
    );
    d.act(Action::ShowTrash);
    d.act(Action::BackToGames);
    d.finish_pending();
    assert_eq!(
        d.message(),
        format!("Imported 2 games from {}.", file.display())
    );
    assert_eq!(d.shown().activity, None);
    assert_eq!(d.names().len(), 4);
    assert_eq!(d.selected_name().as_deref(), Some("club-0001"));
    // Again: nothing new, and said so.
    d.act(Action::Import);
    d.text(&file.display().to_string());
    d.finish_pending();
    d.reply(Reply::Extra);
    d.finish_pending();
    assert_eq!(
        d.message(),
        format!("Imported 0 games from {}, 2 already there.", file.display())
    );
    // One game of the file opened on the analysis board instead.
    d.act(Action::Import);
    d.text(&file.display().to_string());
    d.finish_pending();
    d.reply(Reply::Item(1));
    assert!(matches!(d.went.pop(), Some(Route::AnalyzeGame(_))));
    assert_eq!(d.shown().dialog, None);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_import_that_fails_says_why_and_stale_work_is_refused() {
    let (dir, mut d) = two_games("import-fails");
    let bad = dir.join("bad.ggf");
    std::fs::write(&bad, "nothing of a game").expect("written");
    d.act(Action::Import);
    d.text(&bad.display().to_string());
    let Some(Asked::Text(asked)) = d.shown().dialog else {
        panic!("asked again");
    };
    let problem = asked.problem.unwrap_or_default();
    assert!(problem.starts_with("Cannot read it:"), "{problem}");
    assert!(problem.contains("bad.ggf"), "{problem}");
    assert_eq!(asked.text, bad.display().to_string(), "to correct");
    // Closed while reading: the result is not waited for any more.
    d.hold = true;
    d.text(&dir.join("missing.ggf").display().to_string());
    let (ticket, task) = d.pending.pop().expect("reading");
    d.reply(Reply::Cancel);
    assert_eq!(d.model.wanted(), None);
    let e = d.model.finished(ticket, task.run());
    assert!(e.is_empty());
    assert_eq!(d.shown().dialog, None, "a stale result opens nothing");
    // The import's work failing (the worker reports it and logs it): said here.
    let file = dir.join("one.ggf");
    std::fs::write(
        &file,
        othello_tutor::engine::notation::to_ggf(&record("d3", "A", "B")),
    )
    .expect("written");
    d.act(Action::Import);
    d.text(&file.display().to_string());
    let (ticket, task) = d.pending.pop().expect("reading");
    let e = d.model.finished(ticket, task.run());
    d.run(e);
    d.reply(Reply::Extra);
    let (ticket, _) = d.pending.pop().expect("importing");
    let e = d.model.failed(ticket);
    d.run(e);
    assert_eq!(d.message(), "The import stopped on an internal error.");
    assert_eq!(d.shown().activity, None);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_read_only_data_directory_refuses_every_write_with_the_reason() {
    let dir = data_dir("read-only");
    save(&dir, "kept", &record("f5 d6 c3", "A", "B"), 10);
    save(&dir, "binned", &record("f5 f6", "A", "B"), 20);
    Library::in_data_dir(&dir)
        .delete("binned")
        .expect("deleted");
    othello_tutor::tutor::lock::mark_read_only(
        &dir,
        "another othello-tutor (process 7) is using it",
    );
    let mut d = Driver::on(&dir);
    assert!(
        d.shown().title.ends_with("(read-only)"),
        "{}",
        d.shown().title
    );
    let reason = "this tutor opened its data directory read-only (another othello-tutor (process 7) is using it).";
    for (action, doing) in [
        (Action::Rename, "rename"),
        (Action::Delete, "delete"),
        (Action::Import, "import"),
    ] {
        d.act(action);
        assert_eq!(d.message(), format!("Cannot {doing}: {reason}"));
        assert_eq!(d.shown().dialog, None);
    }
    d.act(Action::ShowTrash);
    d.act(Action::Restore);
    assert_eq!(d.message(), format!("Cannot restore: {reason}"));
    d.act(Action::EmptyTrash);
    assert_eq!(d.message(), format!("Cannot empty the trash: {reason}"));
    assert!(dir.join("trash/binned.ggf").is_file());
    assert!(dir.join("games/kept.ggf").is_file());
    // Reading is not writing: the game opens, and exports outside the directory.
    d.act(Action::BackToGames);
    d.act(Action::Analyze);
    assert!(matches!(d.went.pop(), Some(Route::AnalyzeGame(_))));
    d.act(Action::Export);
    d.reply(Reply::Item(1));
    let Some(Asked::Text(file)) = d.shown().dialog else {
        panic!("a file name");
    };
    assert_eq!(file.text, "kept.ggf", "not in the read-only directory");
    assert!(file.prompt.contains("read-only"), "{}", file.prompt);
    let outside =
        std::env::temp_dir().join(format!("library-read-only-{}.ggf", std::process::id()));
    d.text(&outside.display().to_string());
    assert!(
        d.message().starts_with("Exported `kept` to"),
        "{}",
        d.message()
    );
    assert!(outside.is_file());
    // Inside it, the write is refused by the library itself, with the reason.
    d.act(Action::Export);
    d.reply(Reply::Item(1));
    d.text(&dir.join("exports/kept.ggf").display().to_string());
    let Some(Asked::Text(file)) = d.shown().dialog else {
        panic!("asked again");
    };
    assert!(
        file.problem.unwrap_or_default().contains("read-only"),
        "the reason is given"
    );
    let _ = std::fs::remove_file(outside);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn without_a_data_directory_every_key_says_so() {
    let mut d = Driver {
        model: LibraryScreen::new(Err("no home directory".into())),
        pending: Vec::new(),
        went: Vec::new(),
        hold: false,
    };
    assert_eq!(d.shown().title, "No data directory: no home directory");
    for action in [
        Action::Rename,
        Action::Import,
        Action::Analyze,
        Action::Export,
    ] {
        d.act(action);
        assert_eq!(d.message(), "No library: no home directory");
    }
}

#[test]
fn the_game_chosen_is_described_in_full_under_the_table() {
    let (dir, mut d) = two_games("details");
    d.model.select(1);
    let details = d.shown().details.unwrap_or_default();
    assert!(
        details.starts_with("`old`: Ann - Bob, B+12, 5 moves, "),
        "{details}"
    );
    assert!(details.ends_with(", 2001-02-03"), "{details}");
    std::fs::write(dir.join("games/broken.ggf"), "not a game").expect("written");
    let d = Driver::on(&dir);
    let shown = d.shown();
    let i = d
        .names()
        .iter()
        .position(|n| n == "broken")
        .expect("listed");
    assert_eq!(shown.rows[i].cells[2], "unreadable");
    let mut d = d;
    d.model.select(i);
    let details = d.shown().details.unwrap_or_default();
    assert!(details.starts_with("`broken` does not read: "), "{details}");
    let _ = std::fs::remove_dir_all(dir);
}
