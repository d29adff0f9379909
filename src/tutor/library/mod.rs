//! The game library: the learner's saved games (the `games/` folder of the data
//! directory) with what each GGF file says of itself (date, players, result, the
//! opening, the length); renaming, deleting to `trash/` and restoring from it;
//! exporting a game as a transcript, GGF or OBF; importing WTHOR databases and GGF
//! files of many games. No terminal code: the Library screen and the command line
//! show it.

mod manage;
mod transfer;

pub use manage::check_name;
pub use transfer::{ExportFormat, GamesFile, ImportSummary, Refused, read_games_file};

use crate::engine::Game;
use crate::engine::ggf_games::GgfGamesError;
use crate::engine::notation::{self, GgfGame};
use crate::engine::wthor::WthorError;
use crate::tutor::files::FileError;
use crate::tutor::saved_games::date_text;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Why a library operation failed, naming the game or the file.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// A name that cannot be a game's file name.
    #[error("`{name}` cannot be a game's name: {reason}")]
    BadName {
        /// The name given.
        name: String,
        /// Why not.
        reason: &'static str,
    },
    /// A game of that name is already there.
    #[error("a game called `{name}` already exists in {}", dir.display())]
    Exists {
        /// The name.
        name: String,
        /// The folder.
        dir: PathBuf,
    },
    /// No game of that name.
    #[error("no game called `{name}` in {}", dir.display())]
    NotFound {
        /// The name.
        name: String,
        /// The folder looked in.
        dir: PathBuf,
    },
    /// A file operation failed.
    #[error(transparent)]
    File(#[from] FileError),
    /// A WTHOR file that cannot be read.
    #[error("{}: {error}", path.display())]
    Wthor {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the record number.
        error: WthorError,
    },
    /// A GGF file with a game that cannot be read.
    #[error("{}: {error}", path.display())]
    Ggf {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the game number.
        error: GgfGamesError,
    },
    /// A file of no format the library reads.
    #[error("{}: neither a WTHOR database (.wtb) nor a GGF file (games start with `(;`)", path.display())]
    UnknownFormat {
        /// The file.
        path: PathBuf,
    },
    /// An import stopped by an error after adding some games.
    #[error("the import stopped after adding {}: {source}", crate::tutor::text::count(*imported, "game"))]
    ImportStopped {
        /// How many games were added before.
        imported: usize,
        /// Why it stopped.
        source: Box<LibraryError>,
    },
    /// A transcript was asked for a game that starts from a set-up position.
    #[error("`{name}` starts from a set-up position, which a transcript cannot carry: export GGF")]
    NotFromStart {
        /// The game's name.
        name: String,
    },
}

/// A saved game as the library lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEntry {
    /// The file name without `.ggf`.
    pub name: String,
    /// The GGF file.
    pub path: PathBuf,
    /// When the file was last written.
    pub modified: SystemTime,
    /// The date: the game's own (`DT`) when it has one, else the file's, `YYYY-MM-DD`.
    pub date: String,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The result, `B+16`, `W+24`, `Draw`, or `-` while unfinished.
    pub result: String,
    /// The opening: the game's `C[Opening: …]` comment, else the deepest named
    /// opening it passes through.
    pub opening: Option<String>,
    /// Discs placed (passes not counted).
    pub moves: usize,
    /// The game, when the file reads.
    pub record: Option<GgfGame>,
    /// Why the file does not read, when it does not.
    pub problem: Option<String>,
}

impl GameEntry {
    /// Reads the entry of the GGF file at `path` (a file that does not read is
    /// listed with its problem, never left out).
    pub fn read(path: &Path) -> Option<GameEntry> {
        let name = path.file_stem()?.to_string_lossy().into_owned();
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok()?;
        let file_date = date_of_file(modified);
        let mut entry = GameEntry {
            name,
            path: path.to_path_buf(),
            modified,
            date: file_date.clone(),
            black: String::new(),
            white: String::new(),
            result: "-".into(),
            opening: None,
            moves: 0,
            record: None,
            problem: None,
        };
        let parsed = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| String::from_utf8(b).map_err(|_| "not text (UTF-8)".to_string()))
            .and_then(|t| notation::parse_ggf(t.trim()).map_err(|e| e.to_string()));
        match parsed {
            Ok(record) => entry.fill_from(record, file_date),
            Err(e) => entry.problem = Some(e),
        }
        Some(entry)
    }

    fn fill_from(&mut self, record: GgfGame, file_date: String) {
        self.date = record
            .date
            .as_deref()
            .and_then(date_of_ggf)
            .unwrap_or(file_date);
        self.black = record.black.clone();
        self.white = record.white.clone();
        self.result = result_text(record.result.as_deref(), &record.game);
        self.opening = opening_of(&record);
        self.moves = record
            .game
            .moves()
            .iter()
            .filter(|m| matches!(m, crate::engine::Move::Place(_)))
            .count();
        self.record = Some(record);
    }

    /// "Black – White", or `?` for a side without a name.
    pub fn players(&self) -> String {
        let side = |s: &str| {
            if s.is_empty() {
                "?".to_string()
            } else {
                s.to_string()
            }
        };
        format!("{} - {}", side(&self.black), side(&self.white))
    }

    /// The game, or why the file does not read.
    pub fn game(&self) -> Result<&GgfGame, String> {
        self.record.as_ref().ok_or_else(|| {
            format!(
                "{}: {}",
                self.path.display(),
                self.problem.as_deref().unwrap_or("it does not read")
            )
        })
    }
}

/// The opening a game record names in its comment (`Opening: NAME`), else the
/// deepest named opening its positions pass through.
pub fn opening_of(record: &GgfGame) -> Option<String> {
    if let Some(c) = &record.comment
        && let Some(i) = c.find("Opening:")
    {
        let name = c[i + "Opening:".len()..]
            .lines()
            .next()
            .unwrap_or("")
            .trim();
        if !name.is_empty() {
            return Some(name.to_string());
        }
    }
    computed_opening(&record.game)
}

/// The deepest named opening `game` passes through.
pub fn computed_opening(game: &Game) -> Option<String> {
    crate::tutor::openings::opening_of_game(game)
}

/// The result as the library shows it: a GGF `RE` value (`+16`, `-24.000`, `0`)
/// as `B+16`, `W+24` or `Draw`; without one, the final score of a finished game;
/// `-` for a game not finished.
pub fn result_text(re: Option<&str>, game: &Game) -> String {
    let given = re.and_then(|r| {
        let number: String = r
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.'))
            .collect();
        number.parse::<f64>().ok()
    });
    let margin = match given {
        Some(v) => Some(v.round() as i32),
        None => notation::ggf_result(&game.current()).and_then(|r| r.parse::<i32>().ok()),
    };
    match margin {
        Some(0) => "Draw".into(),
        Some(d) if d > 0 => format!("B+{d}"),
        Some(d) => format!("W+{}", -d),
        None => match re {
            Some(r) if !r.trim().is_empty() => r.trim().chars().take(6).collect(),
            _ => "-".into(),
        },
    }
}

fn date_of_file(modified: SystemTime) -> String {
    let secs = modified
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    date_text(secs)[..10].to_string()
}

/// A GGF `DT` value as `YYYY-MM-DD` (or `YYYY` for a year alone): dates written
/// `2003.01.15_…` or `2003-01-15`, a bare year, or seconds since 1970.
fn date_of_ggf(dt: &str) -> Option<String> {
    let t = dt.trim();
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == t.len() && digits > 4 {
        return t
            .parse::<u64>()
            .ok()
            .map(|s| date_text(s)[..10].to_string());
    }
    if digits == t.len() && digits == 4 {
        return Some(t.to_string());
    }
    let b = t.as_bytes();
    if b.len() >= 10 && digits == 4 && b[4] == b[7] && matches!(b[4], b'.' | b'-' | b'/') {
        // Check the bytes before slicing: a multi-byte character there is no date.
        if b[5..7].iter().chain(&b[8..10]).all(u8::is_ascii_digit) {
            let (y, m, d) = (&t[..4], &t[5..7], &t[8..10]);
            return Some(format!("{y}-{m}-{d}"));
        }
    }
    None
}

/// The library of one data directory: `games/` and `trash/` in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    games: PathBuf,
    trash: PathBuf,
}

impl Library {
    /// The library of the data directory `data_dir`.
    pub fn in_data_dir(data_dir: &Path) -> Library {
        Library {
            games: crate::tutor::saved_games::games_dir(data_dir),
            trash: data_dir.join("trash"),
        }
    }

    /// The folder of saved games.
    pub fn games_dir(&self) -> &Path {
        &self.games
    }

    /// The trash folder (deleted games, until restored).
    pub fn trash_dir(&self) -> &Path {
        &self.trash
    }

    /// The saved games, newest first.
    pub fn entries(&self) -> Vec<GameEntry> {
        entries_in(&self.games)
    }

    /// The games in the trash, newest first.
    pub fn trash(&self) -> Vec<GameEntry> {
        entries_in(&self.trash)
    }

    /// The saved game called `name`.
    pub fn entry(&self, name: &str) -> Result<GameEntry, LibraryError> {
        GameEntry::read(&self.games.join(format!("{name}.ggf"))).ok_or_else(|| {
            LibraryError::NotFound {
                name: name.to_string(),
                dir: self.games.clone(),
            }
        })
    }

    /// Saves `record` as `name` (`NAME.ggf` and the transcript `NAME.txt`, each
    /// written atomically); refuses a bad name and a name already taken.
    pub fn save(&self, name: &str, record: &GgfGame) -> Result<PathBuf, LibraryError> {
        check_name(name)?;
        if manage::taken(&self.games, name) {
            return Err(LibraryError::Exists {
                name: name.to_string(),
                dir: self.games.clone(),
            });
        }
        let base = self.games.join(name);
        let transcript = notation::to_transcript(record.game.moves());
        crate::tutor::saved_games::save_game(&base, &transcript, &notation::to_ggf(record))
            .map_err(|source| FileError {
                path: base.with_extension("ggf"),
                source,
            })?;
        Ok(self.games.join(format!("{name}.ggf")))
    }
}

/// The `.ggf` files of `dir` as entries, newest first (then by name).
fn entries_in(dir: &Path) -> Vec<GameEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<GameEntry> = read
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ggf") && p.is_file())
        .filter_map(|p| GameEntry::read(&p))
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_transcript;

    #[test]
    fn results_and_dates() {
        let open = parse_transcript("f5").unwrap();
        assert_eq!(result_text(Some("+16"), &open), "B+16");
        assert_eq!(result_text(Some("-24.000"), &open), "W+24");
        assert_eq!(result_text(Some("0"), &open), "Draw");
        assert_eq!(result_text(None, &open), "-");
        assert_eq!(
            date_of_ggf("2003.01.15_12:00:00.MET").as_deref(),
            Some("2003-01-15")
        );
        assert_eq!(date_of_ggf("1992").as_deref(), Some("1992"));
        assert_eq!(date_of_ggf("0").as_deref(), None);
        assert_eq!(date_of_ggf("soon"), None);
        // A multi-byte character where the month or the day should be.
        assert_eq!(date_of_ggf("1992.08.\u{20ac}10_12:00:00.CET"), None);
        assert_eq!(date_of_ggf("1992.\u{e9}8.10"), None);
    }
}
