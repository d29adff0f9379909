//! Files: the content files of a directory (lessons and puzzles given on the command
//! line instead of the embedded ones), the one atomic writer of the tutor and the UI,
//! and reading a game the learner names or pastes.

use crate::engine::Game;
use crate::engine::notation::{self, NotationError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// One content file: its name for messages (`lessons/06-mobility.toml`) and bytes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Source {
    /// The name used in error messages.
    pub file: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// A directory's label for file names and errors: its last component.
pub fn dir_label(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string())
}

/// The `*.toml` files of `dir`, sorted by name, each named `<dir label>/<file>`.
pub fn toml_files_in(dir: &Path) -> std::io::Result<Vec<Source>> {
    let label = dir_label(dir);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "toml") && path.is_file() {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            files.push(Source {
                file: format!("{label}/{name}"),
                bytes: std::fs::read(&path)?,
            });
        }
    }
    files.sort();
    Ok(files)
}

/// A file operation that failed: on which file, and the system's reason.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct FileError {
    /// The file (or directory) the operation was on.
    pub path: PathBuf,
    /// The system's error.
    pub source: std::io::Error,
}

fn at(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `bytes` to `path` atomically: a reader sees the old file or the new one,
/// never a part. The bytes go to a temporary file in the same directory (created if
/// missing), which is synced to disk and renamed over `path`; then the directory is
/// synced where the platform allows, so the rename itself survives a crash. On an
/// error the temporary file is removed and `path` is untouched. A path in a data
/// directory this process opened read-only (see [`crate::tutor::lock`]) is refused
/// before anything is written.
///
/// ```
/// use othello_tutor::tutor::files::write_atomic;
///
/// let dir = std::env::temp_dir().join(format!("write-atomic-doc-{}", std::process::id()));
/// let path = dir.join("game.txt");
/// write_atomic(&path, b"f5 d6 c3").unwrap();
/// write_atomic(&path, b"f5 f6").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "f5 f6");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    crate::tutor::lock::check_writable(path).map_err(at(path))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(at(&dir))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = dir.join(format!(".{name}.tmp-{}-{nanos}", std::process::id()));
    let write = || -> Result<(), FileError> {
        let mut f = std::fs::File::create(&tmp).map_err(at(&tmp))?;
        f.write_all(bytes).map_err(at(&tmp))?;
        f.sync_all().map_err(at(&tmp))?;
        drop(f);
        std::fs::rename(&tmp, path).map_err(at(path))
    };
    if let Err(e) = write() {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // Make the rename itself durable where directories can be synced.
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Why a game the learner gave cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum GameInputError {
    /// Nothing was given.
    #[error("nothing to read: give a transcript, an OBF line, a GGF game or a file name")]
    Empty,
    /// The text names a file that exists but cannot be read.
    #[error(transparent)]
    Unreadable(#[from] FileError),
    /// The named file is not UTF-8 text.
    #[error("{}: the file is not text (UTF-8)", .0.display())]
    NotText(PathBuf),
    /// The text (or the file's content) is no game format.
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// Reads a game the learner names or pastes: if `text_or_path` names a file, its
/// content, else the text itself, parsed as any game format (GGF, OBF or transcript).
///
/// ```
/// use othello_tutor::tutor::files::read_game_input;
///
/// let game = read_game_input("f5 d6 c3").unwrap();
/// assert_eq!(game.len(), 3);
/// assert!(read_game_input("f5 f5").is_err());
/// ```
pub fn read_game_input(text_or_path: &str) -> Result<Game, GameInputError> {
    let t = text_or_path.trim();
    if t.is_empty() {
        return Err(GameInputError::Empty);
    }
    let path = Path::new(t);
    if path.is_file() {
        let bytes = std::fs::read(path).map_err(at(path))?;
        let content =
            String::from_utf8(bytes).map_err(|_| GameInputError::NotText(path.to_path_buf()))?;
        return Ok(notation::parse_any(content.trim())?);
    }
    Ok(notation::parse_any(t)?)
}
