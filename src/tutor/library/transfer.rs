//! Exporting a game (transcript, GGF, OBF of its last position) and importing
//! games from WTHOR databases (with the player and tournament names of
//! `WTHOR.JOU` and `WTHOR.TRN` when they lie beside the file) and GGF files of
//! many games.

use super::{GameEntry, Library, LibraryError, computed_opening};
use crate::engine::Position;
use crate::engine::ggf_games::parse_ggf_games;
use crate::engine::notation::{self, GgfGame};
use crate::engine::wthor::{self, PLAYER_NAME_LEN, TOURNAMENT_NAME_LEN, WthorFile};
use crate::tutor::files::{FileError, write_atomic};
use std::path::{Path, PathBuf};

/// A format a game is exported in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The move list (`f5d6c3…`), for a game from the start.
    Transcript,
    /// The GGF record.
    Ggf,
    /// The OBF line of the game's last position.
    Obf,
}

impl ExportFormat {
    /// Every format, in menu order.
    pub const ALL: [ExportFormat; 3] = [
        ExportFormat::Transcript,
        ExportFormat::Ggf,
        ExportFormat::Obf,
    ];

    /// The file extension written.
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Transcript => "txt",
            ExportFormat::Ggf => "ggf",
            ExportFormat::Obf => "obf",
        }
    }

    /// What the format holds, for a menu.
    pub fn describe(self) -> &'static str {
        match self {
            ExportFormat::Transcript => "transcript (the moves, f5d6c3...)",
            ExportFormat::Ggf => "GGF (the game with its players and result)",
            ExportFormat::Obf => "OBF (the last position, one line)",
        }
    }

    /// The text of `record` (named `name`) in this format, ending with a newline.
    pub fn render(self, name: &str, record: &GgfGame) -> Result<String, LibraryError> {
        Ok(match self {
            ExportFormat::Transcript => {
                if record.game.start() != Position::start() {
                    return Err(LibraryError::NotFromStart {
                        name: name.to_string(),
                    });
                }
                format!("{}\n", notation::to_transcript(record.game.moves()))
            }
            ExportFormat::Ggf => format!("{}\n", notation::to_ggf(record)),
            ExportFormat::Obf => format!("{}\n", notation::to_obf(&record.game.current())),
        })
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// The names of the games added, in file order.
    pub imported: Vec<String>,
    /// Games left alone because a game of their name was already in the library
    /// (an earlier import of the same file).
    pub already_there: usize,
}

impl Library {
    /// The folder exports go to by default.
    pub fn exports_dir(&self) -> PathBuf {
        self.games
            .parent()
            .map(|d| d.join("exports"))
            .unwrap_or_else(|| PathBuf::from("exports"))
    }

    /// Writes `entry`'s game to `dest` in `format`, atomically.
    pub fn export(
        &self,
        entry: &GameEntry,
        format: ExportFormat,
        dest: &Path,
    ) -> Result<(), LibraryError> {
        let record = entry
            .record
            .as_ref()
            .ok_or_else(|| LibraryError::NotFound {
                name: entry.name.clone(),
                dir: self.games.clone(),
            })?;
        let text = format.render(&entry.name, record)?;
        Ok(write_atomic(dest, text.as_bytes())?)
    }

    /// Imports every game of a WTHOR database or a GGF file into the library, as
    /// `STEM-0001`, `STEM-0002`… after the file's name. A game whose name is
    /// already taken is left alone (importing a file twice adds nothing). Nothing
    /// is written when the file does not read.
    pub fn import_file(&self, path: &Path) -> Result<ImportSummary, LibraryError> {
        let games = read_games_file(path)?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "imported".into());
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_control() || "/\\<>:\"|?*".contains(c) {
                    '_'
                } else {
                    c
                }
            })
            .take(60)
            .collect();
        let stem = stem.trim_start_matches(['.', ' ']).trim_end().to_string();
        let stem = if stem.is_empty() {
            "imported".into()
        } else {
            stem
        };
        let mut summary = ImportSummary::default();
        for (i, record) in games.iter().enumerate() {
            let name = format!("{stem}-{:04}", i + 1);
            if super::manage::taken(&self.games, &name) {
                summary.already_there += 1;
                continue;
            }
            self.save(&name, record)?;
            summary.imported.push(name);
        }
        Ok(summary)
    }
}

/// Reads the games of a WTHOR database (by the `.wtb` extension, any case) or a
/// GGF file (anything else whose text holds `(;`), each as a GGF record with the
/// players, the place, the year, the result and the opening filled in.
pub fn read_games_file(path: &Path) -> Result<Vec<GgfGame>, LibraryError> {
    let bytes = std::fs::read(path).map_err(|source| FileError {
        path: path.to_path_buf(),
        source,
    })?;
    let is_wtb = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("wtb"));
    if is_wtb {
        let file = wthor::parse_wthor(&bytes).map_err(|error| LibraryError::Wthor {
            path: path.to_path_buf(),
            error,
        })?;
        return Ok(wthor_records(path, &file));
    }
    let unknown = || LibraryError::UnknownFormat {
        path: path.to_path_buf(),
    };
    let text = String::from_utf8(bytes).map_err(|_| unknown())?;
    if !text.contains("(;") {
        return Err(unknown());
    }
    let mut games = parse_ggf_games(&text).map_err(|error| LibraryError::Ggf {
        path: path.to_path_buf(),
        error,
    })?;
    for g in &mut games {
        if g.comment.is_none() {
            g.comment = computed_opening(&g.game).map(|n| format!("Opening: {n}"));
        }
    }
    Ok(games)
}

/// The name file `file_name` (any case) in `dir`, read with names `width` bytes
/// long; none when it is missing or does not read.
fn names_beside(dir: &Path, file_name: &str, width: usize) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    read.filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(file_name))
        })
        .and_then(|p| std::fs::read(p).ok())
        .and_then(|b| wthor::parse_names(&b, width).ok())
        .unwrap_or_default()
}

/// The games of a WTHOR file as GGF records, named from the name files beside it.
fn wthor_records(path: &Path, file: &WthorFile) -> Vec<GgfGame> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let players = names_beside(dir, "WTHOR.JOU", PLAYER_NAME_LEN);
    let tournaments = names_beside(dir, "WTHOR.TRN", TOURNAMENT_NAME_LEN);
    let name = |list: &[String], n: u16, what: &str| {
        list.get(usize::from(n))
            .filter(|s| !s.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("{what} {n}"))
    };
    file.games
        .iter()
        .map(|g| {
            let mut record = GgfGame::new(
                g.game.clone(),
                &name(&players, g.black, "player"),
                &name(&players, g.white, "player"),
            );
            record.place = Some(name(&tournaments, g.tournament, "tournament"));
            if file.header.year != 0 {
                record.date = Some(file.header.year.to_string());
            }
            record.result = Some(wthor::result_of_discs(g.black_discs));
            record.comment = computed_opening(&g.game).map(|n| format!("Opening: {n}"));
            record
        })
        .collect()
}
