//! Exporting a game (a format, then a file) and importing the games of a file (its
//! name, then the games it holds: open one or import them all). Reading the file
//! and the import run in the background; their results come back here.

use super::dialog::{Dialog, Reply};
use super::task::{LibraryOutput, LibraryTask};
use super::{Effects, LibraryScreen, Listing, Work};
use crate::tutor::library::{ExportFormat, GameEntry, GamesFile};
use crate::tutor::screen::{Effect, Route, Ticket};
use crate::tutor::text::count;
use std::path::{Path, PathBuf};

impl LibraryScreen {
    pub(super) fn export(&mut self) -> Effects {
        match self.chosen_game("export", true) {
            Ok(entry) => {
                self.dialog = Some(Dialog::ExportFormat {
                    entry: Box::new(entry),
                });
                Vec::new()
            }
            Err(why) => self.say(why),
        }
    }

    pub(super) fn format_reply(&mut self, entry: Box<GameEntry>, reply: Reply) -> Effects {
        let Reply::Item(i) = reply else {
            return Vec::new();
        };
        let Some(&format) = ExportFormat::ALL.get(i) else {
            return Vec::new();
        };
        let file = format!("{}.{}", entry.name, format.extension());
        // A read-only data directory keeps the exports folder too: the file name alone
        // (the current directory) is offered then.
        let read_only = self.read_only.is_some();
        let text = match (&self.library, read_only) {
            (Ok(l), false) => l.exports_dir().join(file).display().to_string(),
            _ => file,
        };
        self.dialog = Some(Dialog::ExportPath {
            entry,
            format,
            text,
            problem: None,
            read_only,
        });
        Vec::new()
    }

    pub(super) fn export_reply(
        &mut self,
        entry: Box<GameEntry>,
        format: ExportFormat,
        reply: Reply,
    ) -> Effects {
        let Reply::Text(text) = reply else {
            return Vec::new();
        };
        let path = text.trim().to_string();
        let done = if path.is_empty() {
            Err("Type a file name to export to.".to_string())
        } else {
            self.library().and_then(|l| {
                l.export(&entry, format, Path::new(&path))
                    .map_err(|e| format!("Cannot export it: {e}"))
            })
        };
        match done {
            Ok(()) => {
                // Where it went, whatever the directory the name was relative to.
                let written = std::path::absolute(&path).unwrap_or_else(|_| PathBuf::from(&path));
                self.say(format!(
                    "Exported `{}` to {} ({}).",
                    entry.name,
                    written.display(),
                    format_name(format)
                ))
            }
            Err(problem) => {
                self.dialog = Some(Dialog::ExportPath {
                    entry,
                    format,
                    text: path,
                    problem: Some(problem),
                    read_only: self.read_only.is_some(),
                });
                Vec::new()
            }
        }
    }

    pub(super) fn import(&mut self) -> Effects {
        if let Err(why) = self.library() {
            return self.say(why);
        }
        if self.listing == Listing::Trash {
            return self.say("Imports go to the saved games: t goes back to them first.");
        }
        if let Err(why) = self.writable("import") {
            return self.say(why);
        }
        if let Some(Work::Importing { path, .. }) = &self.work {
            let path = path.display().to_string();
            return self.say(format!(
                "Still importing {path}: its result shows here when it ends."
            ));
        }
        self.dialog = Some(Dialog::ImportPath {
            text: String::new(),
            problem: None,
            reading: false,
        });
        Vec::new()
    }

    pub(super) fn import_path_reply(
        &mut self,
        text: String,
        reading: bool,
        reply: Reply,
    ) -> Effects {
        match reply {
            Reply::Text(typed) if !reading => {
                let path = typed.trim().to_string();
                if path.is_empty() {
                    self.dialog = Some(Dialog::ImportPath {
                        text: path,
                        problem: Some("Type the file's name.".into()),
                        reading: false,
                    });
                    return Vec::new();
                }
                self.dialog = Some(Dialog::ImportPath {
                    text: path.clone(),
                    problem: None,
                    reading: true,
                });
                self.work = Some(Work::Reading(PathBuf::from(&path)));
                let ticket = self.job.start();
                vec![Effect::Run(ticket, LibraryTask::Read(PathBuf::from(path)))]
            }
            Reply::Cancel => {
                if reading {
                    self.job.cancel();
                    self.work = None;
                }
                Vec::new()
            }
            // Enter again while the file is read: it goes on being read.
            _ => {
                self.dialog = Some(Dialog::ImportPath {
                    text,
                    problem: None,
                    reading,
                });
                Vec::new()
            }
        }
    }

    pub(super) fn choice_reply(&mut self, path: PathBuf, file: GamesFile, reply: Reply) -> Effects {
        match reply {
            Reply::Item(i) => match file.games.into_iter().nth(i) {
                Some((_, record)) => vec![Effect::Go(Route::AnalyzeGame(Box::new(record.game)))],
                None => Vec::new(),
            },
            Reply::Extra => {
                let library = match self.writable("import") {
                    Ok(l) => l,
                    Err(why) => return self.say(why),
                };
                self.work = Some(Work::Importing {
                    path: path.clone(),
                    count: file.games.len(),
                });
                let ticket = self.job.start();
                vec![Effect::Run(ticket, LibraryTask::Import { library, path })]
            }
            _ => Vec::new(),
        }
    }

    /// The output of the background work with `ticket` (a stale one is refused).
    pub fn finished(&mut self, ticket: Ticket, output: LibraryOutput) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        let work = self.work.take();
        match output {
            LibraryOutput::Read(result) => {
                let Some(Work::Reading(path)) = work else {
                    return Vec::new();
                };
                self.message = None;
                self.dialog = Some(match result {
                    Ok(file) => Dialog::ImportChoice { path, file },
                    Err(e) => Dialog::ImportPath {
                        text: path.display().to_string(),
                        problem: Some(format!("Cannot read it: {e}")),
                        reading: false,
                    },
                });
                Vec::new()
            }
            LibraryOutput::Imported(result) => {
                let path = match work {
                    Some(Work::Importing { path, .. }) => path.display().to_string(),
                    _ => "the file".into(),
                };
                match result {
                    Ok(summary) => {
                        self.reload(summary.imported.first().map(String::as_str));
                        self.say(format!(
                            "Imported {} from {path}{}.",
                            count(summary.imported.len(), "game"),
                            summary.rest()
                        ))
                    }
                    Err(e) => {
                        self.reload(None);
                        self.say(format!("Cannot import it: {e}"))
                    }
                }
            }
        }
    }

    /// The background work with `ticket` failed (the interface has reported it and
    /// written it to the error log).
    pub fn failed(&mut self, ticket: Ticket) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match self.work.take() {
            Some(Work::Reading(path)) => {
                self.dialog = Some(Dialog::ImportPath {
                    text: path.display().to_string(),
                    problem: Some("Reading it stopped on an internal error.".into()),
                    reading: false,
                });
                Vec::new()
            }
            _ => {
                self.reload(None);
                self.say("The import stopped on an internal error.")
            }
        }
    }
}

/// A format's short name, for the message that says where a game went.
fn format_name(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Transcript => "transcript",
        ExportFormat::Ggf => "GGF",
        ExportFormat::Obf => "OBF of the last position",
    }
}
