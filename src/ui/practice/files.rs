//! Saving and opening practice games.

use super::*;

pub(super) fn games_dir(siv: &mut Cursive) -> std::path::PathBuf {
    let app = state(siv);
    let base = app
        .options
        .data_dir
        .clone()
        .or_else(|| {
            directories::ProjectDirs::from("", "", "othello-tutor")
                .map(|d| d.data_dir().to_path_buf())
        })
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    base.join("games")
}

pub(super) fn save_dialog(siv: &mut Cursive, shared: &Shared) {
    let dir = games_dir(siv);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let default = dir.join(format!("game-{stamp}")).display().to_string();
    let s1 = shared.clone();
    siv.add_layer(
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(
                    "Save as (two files are written: NAME.txt, the transcript, and NAME.ggf):",
                ))
                .child(
                    EditView::new()
                        .content(default)
                        .with_name("save-path")
                        .fixed_width(70),
                ),
        )
        .title("Save the game")
        .button("Save", move |s| {
            let path = s
                .call_on_name("save-path", |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            let (transcript, ggf) = {
                let st = lock(&s1);
                (st.practice.transcript(), st.practice.ggf())
            };
            s.pop_layer();
            let result = write_atomic(&format!("{path}.txt"), &format!("{transcript}\n"))
                .and_then(|_| write_atomic(&format!("{path}.ggf"), &format!("{ggf}\n")));
            match result {
                Ok(()) => log(&s1, format!("Saved to {path}.txt and {path}.ggf")),
                Err(e) => log(&s1, format!("Could not save: {e}")),
            }
            refresh(s, &s1);
        })
        .button("Cancel", |s| {
            s.pop_layer();
        }),
    );
}

/// Writes a file atomically: a temporary file beside it, then a rename.
pub(super) fn write_atomic(path: &str, text: &str) -> std::io::Result<()> {
    let path = std::path::Path::new(path);
    if let Some(parent) = path.parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)?;
    }
    let tmp = path.with_extension("tmp-write");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

pub(super) fn open_dialog(siv: &mut Cursive, shared: &Shared) {
    let s1 = shared.clone();
    siv.add_layer(
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(
                    "A file to open (.txt transcript or .ggf), or paste a transcript, GGF or OBF:",
                ))
                .child(EditView::new().with_name("open-text").fixed_width(70)),
        )
        .title("Open a game")
        .button("Open", move |s| {
            let text = s
                .call_on_name("open-text", |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            let content = match std::fs::read_to_string(text.trim()) {
                Ok(c) => c,
                Err(_) => text.clone(),
            };
            let (black, white) = {
                let st = lock(&s1);
                (st.practice.setup().black, st.practice.setup().white)
            };
            match Practice::load(&content, black, white) {
                Ok(p) => {
                    cancel_job(&mut lock(&s1));
                    s.pop_layer();
                    s.pop_layer();
                    open_practice(s, p);
                }
                Err(e) => {
                    s.add_layer(Dialog::info(format!("Cannot open it: {e}")));
                }
            }
        })
        .button("Cancel", |s| {
            s.pop_layer();
        }),
    );
}
