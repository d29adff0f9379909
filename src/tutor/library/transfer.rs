//! Exporting a game (transcript, GGF, OBF of its last position) and importing
//! games from WTHOR databases (with the player and tournament names of
//! `WTHOR.JOU` and `WTHOR.TRN` when they lie beside the file) and GGF files of
//! many games.

use super::manage::free_name;
use super::{GameEntry, Library, LibraryError, computed_opening};
use crate::engine::ggf_games::{GgfGamesError, split_ggf_games};
use crate::engine::notation::{self, GgfGame};
use crate::engine::wthor::{
    self, PLAYER_NAME_LEN, TOURNAMENT_NAME_LEN, WthorError, WthorGame, WthorHeader,
};
use crate::engine::{Game, Move, Position, Square};
use crate::tutor::files::{FileError, write_atomic};
use std::collections::HashSet;
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

/// A record of a games file that does not read, with its place in the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// A WTHOR record (its message names the record, the move and the byte).
    #[error(transparent)]
    Wthor(WthorError),
    /// A game of a GGF file (its message names the game and its line).
    #[error(transparent)]
    Ggf(GgfGamesError),
}

impl Refused {
    /// The error of the file `path` this refusal makes when nothing else reads.
    fn into_error(self, path: &Path) -> LibraryError {
        let path = path.to_path_buf();
        match self {
            Refused::Wthor(error) => LibraryError::Wthor { path, error },
            Refused::Ggf(error) => LibraryError::Ggf { path, error },
        }
    }
}

/// The games of a file read for import.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesFile {
    /// The games that read, each with its 1-based number in the file.
    pub games: Vec<(usize, GgfGame)>,
    /// The records that do not read, in file order.
    pub refused: Vec<Refused>,
}

/// What an import did: every game of the file is counted once, as imported,
/// already there or refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// The names of the games added, in file order (a game whose name was taken by
    /// another game gets the next free one: `NAME-2`…).
    pub imported: Vec<String>,
    /// Games left alone because the library already holds a game of the same start
    /// position and moves (an earlier import, or the same game twice in the file).
    pub already_there: usize,
    /// The records that do not read.
    pub refused: Vec<Refused>,
}

impl ImportSummary {
    /// What the import did besides adding games, for after "Imported N games…":
    /// `, 2 already there, 1 refused (record 17: …)`; empty when every game was added.
    ///
    /// ```
    /// use othello_tutor::tutor::library::ImportSummary;
    ///
    /// let summary = ImportSummary { imported: vec!["a-0001".into()], already_there: 2, refused: vec![] };
    /// assert_eq!(summary.rest(), ", 2 already there");
    /// assert_eq!(ImportSummary::default().rest(), "");
    /// ```
    pub fn rest(&self) -> String {
        let mut out = String::new();
        if self.already_there > 0 {
            out.push_str(&format!(", {} already there", self.already_there));
        }
        if let Some(first) = self.refused.first() {
            let which = if self.refused.len() == 1 {
                ""
            } else {
                "the first: "
            };
            out.push_str(&format!(
                ", {} refused ({which}{first})",
                self.refused.len()
            ));
        }
        out
    }
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
    /// `STEM-0001`, `STEM-0002`… after the file's name and the game's number in it.
    /// A game already in the library (the same start position and moves, whatever
    /// its name) is left alone, so importing a file twice adds nothing; a different
    /// game whose name is taken gets the next free name (`STEM-0001-2`). A record
    /// that does not read is refused and the others imported; nothing is written
    /// when no record reads. A write that fails stops the import
    /// ([`LibraryError::ImportStopped`], with how many games were added before).
    pub fn import_file(&self, path: &Path) -> Result<ImportSummary, LibraryError> {
        let file = read_games_file(path)?;
        let stem = import_stem(path);
        let mut known = self.game_keys();
        let mut summary = ImportSummary {
            refused: file.refused,
            ..ImportSummary::default()
        };
        for (number, record) in &file.games {
            let key = GameKey::of(&record.game);
            if known.contains(&key) {
                summary.already_there += 1;
                continue;
            }
            let name = free_name(&self.games, &format!("{stem}-{number:04}"));
            if let Err(e) = self.save(&name, record) {
                return Err(LibraryError::ImportStopped {
                    imported: summary.imported.len(),
                    source: Box::new(e),
                });
            }
            known.insert(key);
            summary.imported.push(name);
        }
        Ok(summary)
    }

    /// The start positions and moves of the saved games that read.
    fn game_keys(&self) -> HashSet<GameKey> {
        let Ok(read) = std::fs::read_dir(&self.games) else {
            return HashSet::new();
        };
        read.filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ggf"))
            .filter_map(|p| std::fs::read(p).ok())
            .filter_map(|b| String::from_utf8(b).ok())
            .filter_map(|t| notation::parse_ggf(t.trim()).ok())
            .map(|r| GameKey::of(&r.game))
            .collect()
    }
}

/// What makes two games the same game: the start position and the discs placed
/// (passes are forced, so they follow from the rest).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GameKey {
    start: Position,
    placed: Vec<Square>,
}

impl GameKey {
    fn of(game: &Game) -> GameKey {
        GameKey {
            start: game.start(),
            placed: game
                .moves()
                .iter()
                .filter_map(|m| match m {
                    Move::Place(sq) => Some(*sq),
                    Move::Pass => None,
                })
                .collect(),
        }
    }
}

/// The start of imported games' names: the file's name without its extension,
/// with the characters a name may not hold replaced, at most 60 characters.
fn import_stem(path: &Path) -> String {
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
    if stem.is_empty() {
        "imported".into()
    } else {
        stem
    }
}

/// Reads the games of a WTHOR database (by the `.wtb` extension, any case) or a
/// GGF file (anything else whose text holds `(;`), each as a GGF record with the
/// players, the place, the year, the result and the opening filled in. A record
/// that does not read is listed as refused; when none reads, the first refusal is
/// the error.
pub fn read_games_file(path: &Path) -> Result<GamesFile, LibraryError> {
    let bytes = std::fs::read(path).map_err(|source| FileError {
        path: path.to_path_buf(),
        source,
    })?;
    let is_wtb = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("wtb"));
    let file = if is_wtb {
        let (header, records) =
            wthor::parse_wthor_records(&bytes).map_err(|error| LibraryError::Wthor {
                path: path.to_path_buf(),
                error,
            })?;
        let mut file = GamesFile::default();
        let names = WthorNames::beside(path);
        for (i, record) in records.into_iter().enumerate() {
            match record {
                Ok(g) => file.games.push((i + 1, names.record(&header, &g))),
                Err(e) => file.refused.push(Refused::Wthor(e)),
            }
        }
        file
    } else {
        read_ggf_games(path, bytes)?
    };
    if file.games.is_empty()
        && let Some(first) = file.refused.first()
    {
        return Err(first.clone().into_error(path));
    }
    Ok(file)
}

/// The games of a GGF file, each read on its own.
fn read_ggf_games(path: &Path, bytes: Vec<u8>) -> Result<GamesFile, LibraryError> {
    let unknown = || LibraryError::UnknownFormat {
        path: path.to_path_buf(),
    };
    let text = String::from_utf8(bytes).map_err(|_| unknown())?;
    let pieces = split_ggf_games(&text);
    if pieces.is_empty() {
        return Err(unknown());
    }
    let mut file = GamesFile::default();
    for (k, (piece, line)) in pieces.into_iter().enumerate() {
        match notation::parse_ggf(piece) {
            Ok(mut g) => {
                if g.comment.is_none() {
                    g.comment = computed_opening(&g.game).map(|n| format!("Opening: {n}"));
                }
                file.games.push((k + 1, g));
            }
            Err(error) => file.refused.push(Refused::Ggf(GgfGamesError {
                game: k + 1,
                line,
                error,
            })),
        }
    }
    Ok(file)
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

/// The player and tournament names of the name files beside a WTHOR database.
struct WthorNames {
    players: Vec<String>,
    tournaments: Vec<String>,
}

impl WthorNames {
    /// The names of `WTHOR.JOU` and `WTHOR.TRN` in the folder of `path`.
    fn beside(path: &Path) -> WthorNames {
        let dir = path.parent().unwrap_or(Path::new("."));
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        WthorNames {
            players: names_beside(dir, "WTHOR.JOU", PLAYER_NAME_LEN),
            tournaments: names_beside(dir, "WTHOR.TRN", TOURNAMENT_NAME_LEN),
        }
    }

    /// A game of the database as a GGF record, named from the name files.
    fn record(&self, header: &WthorHeader, g: &WthorGame) -> GgfGame {
        let name = |list: &[String], n: u16, what: &str| {
            list.get(usize::from(n))
                .filter(|s| !s.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("{what} {n}"))
        };
        let mut record = GgfGame::new(
            g.game.clone(),
            &name(&self.players, g.black, "player"),
            &name(&self.players, g.white, "player"),
        );
        record.place = Some(name(&self.tournaments, g.tournament, "tournament"));
        if header.year != 0 {
            record.date = Some(header.year.to_string());
        }
        record.result = Some(wthor::result_of_discs(g.black_discs));
        record.comment = computed_opening(&g.game).map(|n| format!("Opening: {n}"));
        record
    }
}
