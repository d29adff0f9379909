//! The Library screen driven through the puppet backend: a practice game saved,
//! listed with its metadata, renamed, deleted to the trash and restored; the Open
//! dialog's columns; import from a file (duplicates found by their moves, a failing
//! import reported on screen and in `errors.log`); the screen at 80×24.

use crate::common;

use common::{Harness, practice, temp_data_dir};
use cursive::event::{Event, Key};
use othello_tutor::engine::Color;
use othello_tutor::engine::players::Strategy;
use othello_tutor::tutor::practice::{Seat, Setup};
use othello_tutor::ui::library::INPUT;

/// Two people at one keyboard, no feedback: no engine work in the test.
fn two_people() -> Setup {
    let mut s = Setup::against(Color::Black, Strategy::Greedy);
    s.white = Seat::Human;
    s.feedback = false;
    s
}

fn type_line(h: &mut Harness, text: &str) {
    h.keys(text);
    h.send(Event::Key(Key::Enter));
}

/// The table row that starts with `name` (after the frame's border).
fn row<'a>(screen: &'a str, name: &str) -> Option<&'a str> {
    screen
        .lines()
        .find(|l| l.trim_start_matches(['│', ' ']).starts_with(name))
}

#[test]
fn a_game_saved_listed_renamed_deleted_to_trash_and_restored() {
    let dir = temp_data_dir("library-ui");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    practice(&mut h, two_people());
    for mv in ["f5", "d6", "c3"] {
        type_line(&mut h, mv);
    }
    assert!(h.text().contains("Move 4"), "{}", h.text());
    // Save under a name of our own (the field holds a default path: clear it).
    h.keys("w");
    let games = dir.join("games");
    h.siv()
        .call_on_name("screen-input", |e: &mut cursive::views::EditView| {
            e.set_content("")
        });
    type_line(&mut h, &games.join("first game").display().to_string());
    assert!(h.text().contains("Saved to"), "{}", h.text());
    assert!(games.join("first game.ggf").is_file());
    // Back to the menu (leaving the unfinished game), then the library.
    h.send(Event::Key(Key::Esc));
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("6  Library"), "{}", h.text());
    h.keys("6");
    let t = h.text();
    assert!(t.contains("Saved games, newest first: 1 game in"), "{t}");
    let line = row(&t, "first game").unwrap_or_else(|| panic!("listed:\n{t}"));
    assert!(line.contains("You - You"), "{line}");
    assert!(
        line.contains("Tiger") || line.contains("Opening") || line.contains("  3  "),
        "{line}"
    );
    assert!(line.contains(" 3 "), "three moves: {line}");
    // Rename: the field starts with the old name; Enter submits.
    h.keys("r");
    assert!(h.text().contains("Rename the game"), "{}", h.text());
    for _ in 0.."first game".len() {
        h.send(Event::Key(Key::Backspace));
    }
    type_line(&mut h, "tiger practice");
    let t = h.text();
    assert!(
        t.contains("Renamed `first game` to `tiger practice`."),
        "{t}"
    );
    assert!(row(&t, "tiger practice").is_some(), "{t}");
    assert!(row(&t, "first game").is_none(), "{t}");
    assert!(games.join("tiger practice.txt").is_file());
    // The message goes with the next event (here: the trash shown, then the games).
    h.keys("t");
    assert!(!h.text().contains("Renamed"), "{}", h.text());
    h.keys("t");
    // A clash is refused and the dialog stays for another name, saying why.
    std::fs::copy(games.join("tiger practice.ggf"), games.join("other.ggf")).expect("copy");
    h.keys("r");
    h.siv()
        .call_on_name(INPUT, |e: &mut cursive::views::EditView| {
            e.set_content("other")
        });
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Cannot rename it:"), "{t}");
    assert!(t.contains("already exists"), "{t}");
    assert!(t.contains("Rename the game"), "the dialog stays:\n{t}");
    // Esc closes the dialog, and nothing else: the library stays.
    h.send(Event::Key(Key::Esc));
    let t = h.text();
    assert!(!t.contains("Rename the game"), "{t}");
    assert!(t.contains("Saved games, newest first"), "{t}");
    std::fs::remove_file(games.join("other.ggf")).expect("remove");
    h.keys("t");
    h.keys("t");
    // Delete: a confirmation, then the trash.
    h.keys("d");
    assert!(
        h.text().contains("Move `tiger practice` to the trash?"),
        "{}",
        h.text()
    );
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Moved `tiger practice` to the trash"), "{t}");
    assert!(t.contains("No saved games yet"), "{t}");
    assert!(dir.join("trash/tiger practice.ggf").is_file());
    // The trash lists it; u restores it.
    h.keys("t");
    let t = h.text();
    assert!(t.contains("The trash: 1 game deleted"), "{t}");
    assert!(row(&t, "tiger practice").is_some(), "{t}");
    h.keys("u");
    let t = h.text();
    assert!(
        t.contains("Restored `tiger practice` to the saved games"),
        "{t}"
    );
    assert!(t.contains("The trash is empty."), "{t}");
    h.send(Event::Key(Key::Esc));
    let t = h.text();
    assert!(row(&t, "tiger practice").is_some(), "{t}");
    assert!(games.join("tiger practice.ggf").is_file());
    assert!(!dir.join("trash/tiger practice.ggf").exists());
    // Enter opens it on the analysis board, at its last position; Esc goes back to
    // the library, not the menu.
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Analysis"), "{t}");
    assert!(t.contains("Esc/q leave"), "{t}");
    h.send(Event::Key(Key::Esc));
    let t = h.text();
    assert!(row(&t, "tiger practice").is_some(), "{t}");
    assert!(!t.contains("Analysis"), "{t}");
    // x empties the trash, and only from the trash, after a confirmation.
    h.keys("x");
    assert!(h.text().contains("x empties the trash: t shows the trash."));
    h.keys("d");
    h.send(Event::Key(Key::Enter));
    h.keys("t");
    assert!(h.text().contains("x empty the trash"), "{}", h.text());
    h.keys("x");
    let t = h.text();
    assert!(t.contains("Empty the trash?"), "{t}");
    assert!(t.contains("deletes the game in it for good"), "{t}");
    // Esc keeps it; Enter empties it.
    h.send(Event::Key(Key::Esc));
    assert!(dir.join("trash/tiger practice.ggf").is_file());
    h.keys("x");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(
        t.contains("Emptied the trash: 1 game deleted for good."),
        "{t}"
    );
    assert!(t.contains("The trash is empty."), "{t}");
    assert!(!dir.join("trash/tiger practice.ggf").exists());
    assert!(!dir.join("trash/tiger practice.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_a_file_and_export_a_game() {
    let dir = temp_data_dir("library-import");
    let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    let file = dir.join("two.ggf");
    std::fs::write(
        &file,
        format!(
            "(;GM[Othello]PB[Ann]PW[Bob]RE[+4]{start}B[f5]W[d6];)\n(;GM[Othello]PB[Cy]PW[Di]{start}B[d3];)\n"
        ),
    )
    .expect("write");
    let mut h = Harness::with_dir(80, 24, dir.clone());
    h.keys("6");
    h.keys("i");
    type_line(&mut h, &file.display().to_string());
    let t = h.wait_for("2 games in");
    assert!(t.contains("Ann - Bob"), "{t}");
    h.keys("a");
    let t = h.wait_for("Imported 2 games");
    assert!(row(&t, "two-0001").is_some(), "{t}");
    assert!(t.contains("B+4"), "{t}");
    // A damaged file: the error names it and the game.
    std::fs::write(
        dir.join("bad.ggf"),
        format!("(;GM[Othello]{start}B[f5]W[f5];)"),
    )
    .expect("w");
    h.keys("i");
    type_line(&mut h, &dir.join("bad.ggf").display().to_string());
    let t = h.wait_for("Cannot read it").replace(['│', '\n'], " ");
    let words: Vec<&str> = t.split_whitespace().collect();
    let joined = words.join(" ");
    assert!(
        joined.contains("bad.ggf: game 1 (line 1): move 2 (f5)"),
        "{joined}"
    );
    // Esc closes the dialog (one Esc: a second would leave the library).
    h.send(Event::Key(Key::Esc));
    assert!(!h.text().contains("Cannot read it"), "{}", h.text());
    // Export the game under the cursor as OBF (format key 3), to the default path.
    h.keys("e");
    assert!(h.text().contains("Export"), "{}", h.text());
    h.keys("3");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Exported `two-0001` to"), "{t}");
    assert!(t.contains("(OBF of the last position)"), "{t}");
    let obf = std::fs::read_to_string(dir.join("exports/two-0001.obf")).expect("exported");
    assert_eq!(obf.trim().len(), 66, "{obf}");
    // The screen fits 80×24: every line within the width, the keys on screen.
    let t = h.text();
    assert!(t.lines().all(|l| l.chars().count() <= 80), "{t}");
    assert!(t.contains("t trash"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_open_dialog_shows_the_library_columns() {
    let dir = temp_data_dir("library-open");
    let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    std::fs::create_dir_all(dir.join("games")).expect("dir");
    std::fs::write(
        dir.join("games/club game.ggf"),
        format!("(;GM[Othello]PB[Ann]PW[Bob]DT[2001.02.03]RE[-10]{start}B[f5]W[d6]B[c3];)\n"),
    )
    .expect("write");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    practice(&mut h, two_people());
    h.keys("o");
    let t = h.text();
    let line = t
        .lines()
        .find(|l| l.contains("club game"))
        .unwrap_or_else(|| panic!("{t}"));
    for part in ["2001-02-03", "Ann - Bob", "W+10", " 3 "] {
        assert!(line.contains(part), "{part}: {line}");
    }
    // Enter opens it.
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("Game loaded at move 4"), "{}", h.text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A GGF file of two games, then a WTHOR database of the same name holding a
/// different game: three games in the library, the new one under a free name.
#[test]
fn importing_a_different_game_of_a_clashing_name_keeps_all_three() {
    use othello_tutor::engine::Move;
    use othello_tutor::engine::notation::{GgfGame, parse_transcript, to_ggf};
    let dir = temp_data_dir("library-import-three");
    let games: Vec<_> = ["f5 d6 c3 d3 c4", "f5 d6 c5 f4 e3", "f5 f6 e6 f4"]
        .iter()
        .map(|t| parse_transcript(t).expect("a game"))
        .collect();
    let ggf: String = games[..2]
        .iter()
        .map(|g| format!("{}\n", to_ggf(&GgfGame::new(g.clone(), "Ann", "Bob"))))
        .collect();
    std::fs::write(dir.join("sample.ggf"), ggf).expect("write");
    // Two records: the different game, then one whose first move byte is no square.
    let mut wtb = vec![20, 26, 1, 1, 2, 0, 0, 0, 0, 0, 0xC8, 0x07, 8, 0, 0, 0];
    let mut record = vec![0u8; 8];
    for mv in games[2].moves() {
        if let Move::Place(sq) = mv {
            record.push((10 * (sq.row() + 1) + sq.col() + 1) as u8);
        }
    }
    record.resize(68, 0);
    wtb.extend(record);
    let mut damaged = vec![0u8; 68];
    damaged[8] = 99;
    wtb.extend(damaged);
    std::fs::write(dir.join("sample.wtb"), wtb).expect("write");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    h.keys("6");
    let words = |t: &str| {
        t.replace('│', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (file, says, rest) in [
        ("sample.ggf", "Imported 2 games from", "sample.ggf."),
        (
            "sample.wtb",
            "Imported 1 game from",
            "sample.wtb, 1 refused (record 2: move 1 (byte 0x5c) is 99, not a square).",
        ),
    ] {
        h.keys("i");
        type_line(&mut h, &dir.join(file).display().to_string());
        let t = h.wait_for("Import all");
        if file.ends_with("wtb") {
            assert!(
                words(&t).contains("1 refused, not imported (record 2: move 1"),
                "{t}"
            );
        }
        h.keys("a");
        let t = h.wait_for(says);
        assert!(words(&t).contains(rest), "{t}");
    }
    let t = h.text();
    assert!(t.contains("Saved games, newest first: 3 games in"), "{t}");
    assert!(row(&t, "sample-0001-2").is_some(), "{t}");
    // The database again: nothing added, the game counted once.
    h.keys("i");
    type_line(&mut h, &dir.join("sample.wtb").display().to_string());
    h.wait_for("Import all");
    h.keys("a");
    let t = h.wait_for("Imported 0 games from");
    assert!(
        words(&t).contains("sample.wtb, 1 already there, 1 refused"),
        "{t}"
    );
    assert!(t.contains("3 games in"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Work that is not the engine's (an import) failing inside the worker: the
/// learner is told on screen, the failure is in `errors.log`, the screen goes on.
#[test]
fn a_failing_import_is_reported_on_screen_and_in_the_error_log() {
    let dir = temp_data_dir("library-import-panic");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    h.keys("6");
    let failed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = failed.clone();
    let sink = h.siv().cb_sink().clone();
    othello_tutor::ui::worker::spawn_task(
        &sink,
        "the import",
        |_| -> usize { panic!("a reader bug") },
        |_, _, _| {},
        move |_| flag.store(true, std::sync::atomic::Ordering::Relaxed),
    );
    let t = h.wait_for("stopped on an internal error");
    assert!(
        t.contains("The import stopped on an internal error (a reader bug)"),
        "{t}"
    );
    assert!(failed.load(std::sync::atomic::Ordering::Relaxed));
    let log = std::fs::read_to_string(dir.join("errors.log")).expect("errors.log");
    assert!(log.contains("the import failed: a reader bug"), "{log}");
    // The dialog closes and the library answers keys again.
    h.send(Event::Key(Key::Enter));
    h.keys("x");
    assert!(h.text().contains("x empties the trash"), "{}", h.text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The footer and the help of both lists come from their tables: at 80×24 every
/// entry of the list shown is on screen, and the help (F1) has every key's line.
#[test]
fn the_footer_and_the_help_come_from_the_key_tables() {
    use othello_tutor::tutor::models::library::{LEAD, LIST_KEYS, TRASH_KEYS};
    use othello_tutor::tutor::screen::ScreenId;
    let mut h = Harness::new(80, 24);
    h.keys("6");
    for (table, switch) in [(LIST_KEYS, "t"), (TRASH_KEYS, "t")] {
        let t = h.text();
        assert!(t.contains(LEAD), "{t}");
        for b in table {
            let entry = format!("{} {}", b.keys_label(), b.footer);
            assert!(t.contains(&entry), "{entry}\n{t}");
        }
        h.keys(switch);
    }
    let text = othello_tutor::ui::help::text_for(ScreenId::Library);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for b in LIST_KEYS.iter().chain(TRASH_KEYS) {
        let line = format!("{} {}", b.keys_label(), b.help);
        assert!(words.contains(&line), "{line}\n{text}");
    }
    h.send(Event::Key(Key::F1));
    assert!(h.text().contains("THE GAME LIBRARY"), "{}", h.text());
}
