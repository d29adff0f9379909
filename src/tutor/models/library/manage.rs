//! Renaming a game, deleting it to the trash, restoring it and emptying the trash:
//! each refused with its reason when it cannot be done (the trash shown, no game, a
//! read-only data directory), each saying what it did.

use super::dialog::{Dialog, Reply};
use super::{Effects, LibraryScreen, Listing};
use crate::tutor::text::count;

impl LibraryScreen {
    pub(super) fn rename(&mut self) -> Effects {
        let entry = match self.chosen_game("rename", false) {
            Ok(entry) => entry,
            Err(why) => return self.say(why),
        };
        if let Err(why) = self.writable("rename") {
            return self.say(why);
        }
        self.dialog = Some(Dialog::Rename {
            text: entry.name.clone(),
            name: entry.name,
            problem: None,
        });
        Vec::new()
    }

    pub(super) fn rename_reply(&mut self, name: String, reply: Reply) -> Effects {
        let Reply::Text(text) = reply else {
            return Vec::new();
        };
        let new = text.trim().to_string();
        if new == name {
            return self.say(format!("`{name}` keeps its name."));
        }
        let library = match self.writable("rename") {
            Ok(l) => l,
            Err(why) => return self.say(why),
        };
        match library.rename(&name, &new) {
            Ok(()) => {
                self.reload(Some(&new));
                self.say(format!("Renamed `{name}` to `{new}`."))
            }
            Err(e) => {
                self.dialog = Some(Dialog::Rename {
                    name,
                    text: new,
                    problem: Some(format!("Cannot rename it: {e}")),
                });
                Vec::new()
            }
        }
    }

    pub(super) fn delete(&mut self) -> Effects {
        let entry = match self.chosen_game("delete", false) {
            Ok(entry) => entry,
            Err(why) => return self.say(why),
        };
        if let Err(why) = self.writable("delete") {
            return self.say(why);
        }
        self.dialog = Some(Dialog::Delete { name: entry.name });
        Vec::new()
    }

    pub(super) fn delete_reply(&mut self, name: &str, reply: Reply) -> Effects {
        if reply != Reply::Yes {
            return Vec::new();
        }
        let library = match self.writable("delete") {
            Ok(l) => l,
            Err(why) => return self.say(why),
        };
        let done = library.delete(name);
        self.reload(None);
        match done {
            Ok(in_trash) => {
                let called = renamed(name, &in_trash);
                self.say(format!(
                    "Moved `{name}` to the trash{called} (t: the trash)."
                ))
            }
            Err(e) => self.say(format!("Cannot delete it: {e}")),
        }
    }

    pub(super) fn restore(&mut self) -> Effects {
        if let Err(why) = self.library() {
            return self.say(why);
        }
        if self.listing != Listing::Trash {
            return self.say("u restores a game from the trash: t shows the trash.");
        }
        let Some(name) = self.selected().map(|e| e.name.clone()) else {
            return self.say("The trash is empty.");
        };
        let library = match self.writable("restore") {
            Ok(l) => l,
            Err(why) => return self.say(why),
        };
        match library.restore(&name) {
            Ok(back) => {
                self.reload(None);
                let called = renamed(&name, &back);
                self.say(format!(
                    "Restored `{name}` to the saved games{called} (t: back to them)."
                ))
            }
            Err(e) => self.say(format!("Cannot restore it: {e}")),
        }
    }

    pub(super) fn empty_trash(&mut self) -> Effects {
        if let Err(why) = self.library() {
            return self.say(why);
        }
        if self.listing != Listing::Trash {
            return self.say("x empties the trash: t shows the trash.");
        }
        if self.entries.is_empty() {
            return self.say("The trash is empty.");
        }
        if let Err(why) = self.writable("empty the trash") {
            return self.say(why);
        }
        self.dialog = Some(Dialog::EmptyTrash {
            count: self.entries.len(),
        });
        Vec::new()
    }

    pub(super) fn empty_reply(&mut self, reply: Reply) -> Effects {
        if reply != Reply::Yes {
            return Vec::new();
        }
        let library = match self.writable("empty the trash") {
            Ok(l) => l,
            Err(why) => return self.say(why),
        };
        let done = library.empty_trash();
        self.reload(None);
        match done {
            Ok(n) => self.say(format!(
                "Emptied the trash: {} deleted for good.",
                count(n, "game")
            )),
            Err(e) => self.say(format!("Cannot empty the trash: {e}")),
        }
    }
}

/// " as `NEW`" when a game moved under another name (the old one was taken there),
/// else nothing.
fn renamed(name: &str, now: &str) -> String {
    if now == name {
        String::new()
    } else {
        format!(" as `{now}`")
    }
}
