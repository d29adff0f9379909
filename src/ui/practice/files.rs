//! Saving and opening practice games: Enter in a dialog's text field submits it, and
//! Open lists the saved games of the data directory, newest first, with what the
//! library knows of each (date, players, result, moves, opening).

use super::*;
use crate::tutor::library::Library;
use crate::tutor::saved_games::{games_dir, save_game};

/// The folder of saved games, or why there is none.
fn saved_games_dir(siv: &mut Cursive) -> Result<std::path::PathBuf, String> {
    let explicit = state(siv).options.data_dir;
    crate::tutor::progress::data_dir(explicit.as_deref())
        .map(|d| games_dir(&d))
        .map_err(|e| e.to_string())
}

pub(super) fn save_dialog(siv: &mut Cursive, shared: &Shared) {
    let default = match saved_games_dir(siv) {
        Ok(dir) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            dir.join(format!("game-{stamp}")).display().to_string()
        }
        Err(_) => String::new(),
    };
    let shared = shared.clone();
    crate::ui::text_dialog::ask_text(
        siv,
        "Save the game",
        "Save as (two files are written: NAME.txt, the transcript, and NAME.ggf):",
        "save-path",
        &default,
        "Save",
        move |s, path| save_to(s, &shared, path),
    );
}

/// Saves the whole game (every move, also those after the position shown, and the
/// result when it is over) under `path`.
fn save_to(siv: &mut Cursive, shared: &Shared, path: &str) {
    let path = path.trim();
    if path.is_empty() {
        crate::ui::size_guard::add_layer(siv, Dialog::info("Type a name to save the game under."));
        return;
    }
    let (transcript, ggf) = {
        let st = lock(shared);
        let mut whole = st.practice.clone();
        while whole.redo() > 0 {}
        (whole.transcript(), whole.ggf())
    };
    siv.pop_layer();
    match save_game(std::path::Path::new(path), &transcript, &ggf) {
        Ok(()) => log(shared, format!("Saved to {path}.txt and {path}.ggf")),
        Err(e) => log(shared, format!("Could not save: {e}")),
    }
    refresh(siv, shared);
}

pub(super) fn open_dialog(siv: &mut Cursive, shared: &Shared) {
    let explicit = state(siv).options.data_dir;
    let saved = crate::tutor::progress::data_dir(explicit.as_deref())
        .map(|d| Library::in_data_dir(&d).entries())
        .unwrap_or_default();
    let mut list = SelectView::<String>::new();
    for g in saved.iter().take(200) {
        list.add_item(open_row(g), g.path.display().to_string());
    }
    let (s1, s2, s3) = (shared.clone(), shared.clone(), shared.clone());
    list.set_on_submit(move |s, path: &String| open_text(s, &s3, path));
    let mut body = LinearLayout::vertical();
    if saved.is_empty() {
        body.add_child(TextView::new(
            "No saved games yet (w saves the game you play).",
        ));
    } else {
        body.add_child(TextView::new(format!(
            "Saved games, newest first (Enter opens one; 6 Library manages them):\n{}",
            open_row_text(["Name", "Date", "Players", "Result", "Moves", "Opening"])
        )));
        body.add_child(list.with_name("open-list").scrollable().max_height(8));
    }
    body.add_child(TextView::new(
        " \nOr a file name, or a pasted transcript, GGF or OBF (Enter opens it):",
    ));
    body.add_child(
        EditView::new()
            .on_submit(move |s, text| open_text(s, &s2, text))
            .with_name("open-text")
            .fixed_width(70),
    );
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(body)
            .title("Open a game   (Esc: cancel)")
            .button("Open", move |s| {
                let text = s
                    .call_on_name("open-text", |e: &mut EditView| e.get_content().to_string())
                    .unwrap_or_default();
                open_text(s, &s1, &text);
            })
            .button("Cancel", |s| {
                s.pop_layer();
            })
            .wrap_with(OnEventView::new)
            .on_event(Key::Esc, |s| {
                s.pop_layer();
            }),
    );
}

/// Opens a file, or a pasted game, in place of the current game.
fn open_text(siv: &mut Cursive, shared: &Shared, text: &str) {
    let content = match std::fs::read_to_string(text.trim()) {
        Ok(c) => c,
        Err(_) => text.to_string(),
    };
    let (black, white) = {
        let st = lock(shared);
        (st.practice.setup().black, st.practice.setup().white)
    };
    match Practice::load(&content, black, white) {
        Ok(p) => {
            cancel_job(&mut lock(shared));
            siv.pop_layer();
            siv.pop_layer();
            open_practice(siv, p);
        }
        Err(e) => {
            crate::ui::size_guard::add_layer(siv, Dialog::info(format!("Cannot open it: {e}")));
        }
    }
}

/// A saved game's line in the Open dialog: the library's columns, 68 wide.
fn open_row(g: &crate::tutor::library::GameEntry) -> String {
    match &g.problem {
        Some(p) => open_row_text([&g.name, &g.date, &format!("unreadable: {p}"), "", "", ""]),
        None => open_row_text([
            &g.name,
            &g.date,
            &g.players(),
            &g.result,
            &g.moves.to_string(),
            g.opening.as_deref().unwrap_or("-"),
        ]),
    }
}

fn open_row_text(cells: [&str; 6]) -> String {
    let cut = |s: &str, n: usize| -> String {
        if s.chars().count() > n {
            let mut t: String = s.chars().take(n - 1).collect();
            t.push('…');
            t
        } else {
            s.to_string()
        }
    };
    format!(
        "{:<16} {:<10} {:<16} {:>6} {:>5} {}",
        cut(cells[0], 16),
        cut(cells[1], 10),
        cut(cells[2], 16),
        cut(cells[3], 6),
        cut(cells[4], 5),
        cut(cells[5], 10)
    )
    .trim_end()
    .to_string()
}
