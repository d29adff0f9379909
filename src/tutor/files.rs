//! Files: the content files of a directory (lessons and puzzles given on the command
//! line instead of the embedded ones), the one atomic writer of the tutor and the UI,
//! and reading a game the learner names or pastes.

use crate::engine::Game;
use crate::engine::notation::{self, NotationError};
use std::io::Write;
use std::path::{Path, PathBuf};

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
/// missing; a fresh name from the `tempfile` crate), which is synced to disk and
/// renamed over `path` (`persist`); then the directory is synced where the platform
/// allows, so the rename itself survives a crash. On an error the temporary file is
/// removed and `path` is untouched. A path in a data directory this process opened
/// read-only (see [`crate::tutor::lock`]) is refused before anything is written.
/// Every file the program writes whole goes through here.
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
    let mut builder = tempfile::Builder::new();
    let prefix = format!(".{name}.");
    builder.prefix(&prefix).suffix(".tmp");
    // The permissions of a file made the ordinary way (the umask applies), not the
    // temporary file's private ones.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    // Dropped on an error, the temporary file is removed.
    let mut tmp = builder.tempfile_in(&dir).map_err(at(&dir))?;
    tmp.write_all(bytes).map_err(at(tmp.path()))?;
    tmp.as_file().sync_all().map_err(at(tmp.path()))?;
    tmp.persist(path).map_err(|e| at(path)(e.error))?;
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

#[cfg(test)]
mod tests {
    use super::write_atomic;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    /// The temporary files left in `dir` (there should be none).
    fn leftovers(dir: &std::path::Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .expect("the folder")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_intact_and_no_temporary_file() {
        let dir = scratch("failed");
        // A write that fails at the rename: the target is a folder with a file in it.
        let target = dir.join("book.bin");
        std::fs::create_dir_all(&target).expect("a folder in the way");
        std::fs::write(target.join("inside"), b"old").expect("a file");
        assert!(write_atomic(&target, b"new").is_err());
        assert_eq!(
            std::fs::read(target.join("inside")).expect("still there"),
            b"old"
        );
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        // A write refused before it starts (a data directory opened read-only): the
        // old file keeps its bytes.
        let old = dir.join("progress.toml");
        write_atomic(&old, b"old").expect("written");
        crate::tutor::lock::mark_read_only(&dir, "a test");
        assert!(write_atomic(&old, b"new").is_err());
        assert_eq!(std::fs::read(&old).expect("still there"), b"old");
        assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_written_file_has_the_ordinary_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("weights.bin");
        write_atomic(&path, b"w").expect("written");
        let ordinary = dir.join("ordinary");
        std::fs::write(&ordinary, b"o").expect("written");
        let mode = |p: &std::path::Path| {
            std::fs::metadata(p).expect("a file").permissions().mode() & 0o777
        };
        assert_eq!(mode(&path), mode(&ordinary));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
