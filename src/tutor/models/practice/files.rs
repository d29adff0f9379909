//! Saving the practice game and opening another in its place: a saved game of the
//! library's, a file, or a pasted transcript, GGF or OBF, with the players it names.

use super::{Asking, Effects, Env, PracticeScreen, panel};
use crate::tutor::library::Library;
use crate::tutor::practice::Practice;
use crate::tutor::saved_games::save_game;
use crate::tutor::screen::{Effect, Verdict};

impl PracticeScreen {
    pub(super) fn open_dialog(&mut self) -> Effects {
        let saved = self
            .env
            .data_dir
            .as_deref()
            .map(|d| Library::in_data_dir(d).entries())
            .unwrap_or_default();
        let shown: Vec<_> = saved.iter().take(200).collect();
        let text = if shown.is_empty() {
            "No saved games yet (w saves the game you play).".to_string()
        } else {
            format!(
                "Saved games, newest first (Enter opens one; 6 Library manages them):\n{}",
                panel::open_row_text(["Name", "Date", "Players", "Result", "Moves", "Opening"])
            )
        };
        self.asking = Asking::Open(shown.iter().map(|g| g.path.clone()).collect());
        vec![Effect::Choose {
            title: "Open a game".into(),
            text,
            items: shown.iter().map(|g| panel::open_row(g)).collect(),
            keys: vec![None; shown.len()],
            input: Some(
                "Or a file name, or a pasted transcript, GGF or OBF (Enter opens it):".into(),
            ),
        }]
    }

    /// Opens a file, or a pasted game, in place of the current game, with the players
    /// the file names (else this game's seats).
    pub(super) fn open_text(&mut self, text: &str) -> Effects {
        let content = std::fs::read_to_string(text.trim()).unwrap_or_else(|_| text.to_string());
        let (black, white) = (self.practice.setup().black, self.practice.setup().white);
        match Practice::load_named(&content, black, white) {
            Ok(p) => {
                self.stop_work();
                let env = Env {
                    now: self.now,
                    ..self.env.clone()
                };
                let (screen, effects) = PracticeScreen::open(p, env);
                *self = screen;
                effects
            }
            Err(e) => {
                self.verdict = Some(Verdict::wrong(format!("Cannot open it: {e}")));
                Vec::new()
            }
        }
    }

    pub(super) fn save_to(&mut self, path: &str) -> Effects {
        let path = path.trim();
        if path.is_empty() {
            self.verdict = Some(Verdict::wrong("Type a name to save the game under."));
            return Vec::new();
        }
        let mut whole = self.practice.clone();
        while whole.redo() > 0 {}
        match save_game(
            std::path::Path::new(path),
            &whole.transcript(),
            &whole.ggf(),
        ) {
            Ok(()) => self.tell(format!("Saved to {path}.txt and {path}.ggf")),
            Err(e) => {
                let line = format!("Could not save: {e}");
                self.event(line.clone());
                self.verdict = Some(Verdict::wrong(line));
            }
        }
        Vec::new()
    }
}
