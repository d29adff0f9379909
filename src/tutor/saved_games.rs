//! The learner's saved games in the data directory: where they go, how they are
//! written (atomically) and the list the Open dialog shows, newest first.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The folder of saved games inside the data directory.
pub fn games_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("games")
}

/// A saved game as the Open dialog lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The GGF file (the transcript `.txt` lies beside it).
    pub path: PathBuf,
    /// The file name without its extension.
    pub name: String,
    /// When it was last written.
    pub modified: SystemTime,
}

/// The saved games in `dir` (every `.ggf` file), newest first; a missing folder
/// holds none.
pub fn list_saved(dir: &Path) -> Vec<SavedGame> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut games: Vec<SavedGame> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "ggf"))
        .filter_map(|e| {
            let path = e.path();
            let modified = e.metadata().and_then(|m| m.modified()).ok()?;
            let name = path.file_stem()?.to_string_lossy().into_owned();
            Some(SavedGame {
                path,
                name,
                modified,
            })
        })
        .collect();
    games.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
    games
}

impl SavedGame {
    /// When it was written, as `YYYY-MM-DD HH:MM` (UTC).
    pub fn date_text(&self) -> String {
        let secs = self
            .modified
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        date_text(secs)
    }
}

/// `secs` since 1970 as `YYYY-MM-DD HH:MM` (UTC), by the civil-calendar algorithm.
pub fn date_text(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let minutes = (secs % 86_400) / 60;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

/// Writes a game as `BASE.txt` (the transcript) and `BASE.ggf`, each atomically.
pub fn save_game(base: &Path, transcript: &str, ggf: &str) -> std::io::Result<()> {
    let with = |ext: &str| {
        let mut p = base.as_os_str().to_owned();
        p.push(ext);
        PathBuf::from(p)
    };
    write_atomic(&with(".txt"), format!("{transcript}\n").as_bytes())?;
    write_atomic(&with(".ggf"), format!("{ggf}\n").as_bytes())
}

fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    super::files::write_atomic(path, bytes).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_by_hand() {
        assert_eq!(date_text(0), "1970-01-01 00:00");
        // 2000-02-29 12:34 UTC: 11016 days after 1970, plus 45240 s.
        assert_eq!(date_text(11_016 * 86_400 + 45_240), "2000-02-29 12:34");
        // 2026-12-01 08:08 UTC.
        assert_eq!(date_text(1_796_112_480), "2026-12-01 08:08");
    }

    #[test]
    fn saved_games_are_listed_newest_first() {
        let dir = std::env::temp_dir().join(format!("othello-saved-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        save_game(&dir.join("older"), "f5", "(;GM[Othello];)").expect("save");
        // File times have a coarse grain on some file systems: set them apart.
        let past = SystemTime::now() - std::time::Duration::from_secs(60);
        let f = std::fs::File::options()
            .write(true)
            .open(dir.join("older.ggf"))
            .expect("open");
        f.set_modified(past).expect("set time");
        save_game(&dir.join("newer"), "f5d6", "(;GM[Othello];)").expect("save");
        let names: Vec<String> = list_saved(&dir).into_iter().map(|g| g.name).collect();
        assert_eq!(names, ["newer", "older"]);
        let text = std::fs::read_to_string(dir.join("newer.txt")).expect("read");
        assert_eq!(text, "f5d6\n");
        assert!(list_saved(&dir.join("missing")).is_empty());
    }
}
