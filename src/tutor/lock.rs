//! One writer per data directory. The tutor holds an operating-system lock on
//! `tutor.lock` in its data directory while it runs (the lock goes with the process,
//! even when it crashes; the file itself may stay). A second tutor on the same
//! directory finds the lock taken and opens read-only: the directory is marked so in
//! that process, and every write the tutor makes in it (progress, saved games, the
//! library) is refused with an error that says why, so the first tutor's files are
//! never overwritten. Commands that write to the library (`import`) take the same
//! lock and stop when it is taken.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{ErrorKind, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The lock file's name in the data directory.
pub const LOCK_FILE: &str = "tutor.lock";

/// Why the data directory's lock was not taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error("another othello-tutor{} is using the data directory {}", holder_text(*holder), dir.display())]
    Busy {
        /// The data directory.
        dir: PathBuf,
        /// The holder's process id, when its lock file says.
        holder: Option<u32>,
    },
    /// The lock file cannot be made or locked.
    #[error("{}: {source}", path.display())]
    File {
        /// The file (or directory) the operation was on.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

fn holder_text(holder: Option<u32>) -> String {
    holder
        .map(|p| format!(" (process {p})"))
        .unwrap_or_default()
}

/// The data directory's lock, held until it is dropped (or the process ends).
#[derive(Debug)]
pub struct DataDirLock {
    /// The locked file: the lock lives as long as this handle.
    _file: File,
    dir: PathBuf,
}

impl DataDirLock {
    /// Takes the lock of the data directory `dir` (created if missing) without
    /// waiting, and writes this process's id in the lock file.
    ///
    /// ```
    /// use othello_tutor::tutor::lock::{DataDirLock, LockError};
    ///
    /// let dir = std::env::temp_dir().join(format!("lock-doc-{}", std::process::id()));
    /// let first = DataDirLock::acquire(&dir).unwrap();
    /// assert!(matches!(DataDirLock::acquire(&dir), Err(LockError::Busy { .. })));
    /// drop(first);
    /// assert!(DataDirLock::acquire(&dir).is_ok());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn acquire(dir: &Path) -> Result<DataDirLock, LockError> {
        let at = |path: &Path| {
            let path = path.to_path_buf();
            move |source| LockError::File { path, source }
        };
        std::fs::create_dir_all(dir).map_err(at(dir))?;
        let path = dir.join(LOCK_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(at(&path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(LockError::Busy {
                    dir: dir.to_path_buf(),
                    holder: holder_of(&mut file),
                });
            }
            Err(TryLockError::Error(source)) => return Err(LockError::File { path, source }),
        }
        // Who holds it, for the message a second tutor shows (best effort).
        let _ = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| writeln!(file, "{}", std::process::id()))
            .and_then(|()| file.flush());
        Ok(DataDirLock {
            _file: file,
            dir: dir.to_path_buf(),
        })
    }

    /// The data directory locked.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The process id written in a lock file, if it reads.
fn holder_of(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// How this process may use its data directory.
#[derive(Debug)]
pub enum DataDirAccess {
    /// The lock is held: this process is the directory's writer.
    Writer(DataDirLock),
    /// Another process holds the lock: the directory is marked read-only here.
    ReadOnly {
        /// The data directory.
        dir: PathBuf,
        /// Why, for the learner ("another othello-tutor (process 12) is using …").
        reason: String,
    },
    /// The lock file cannot be made (a directory that cannot be written, say): no
    /// lock is held and nothing is marked; writes fail or succeed on their own.
    Unlocked {
        /// The data directory.
        dir: PathBuf,
        /// Why the lock was not taken.
        reason: String,
    },
}

impl DataDirAccess {
    /// Takes the data directory `dir` for the tutor: its lock when it is free, else
    /// read-only (marking `dir` read-only in this process, see [`mark_read_only`]).
    pub fn open(dir: &Path) -> DataDirAccess {
        match DataDirLock::acquire(dir) {
            Ok(lock) => DataDirAccess::Writer(lock),
            Err(e @ LockError::Busy { .. }) => {
                let reason = e.to_string();
                mark_read_only(dir, &reason);
                DataDirAccess::ReadOnly {
                    dir: dir.to_path_buf(),
                    reason,
                }
            }
            Err(e @ LockError::File { .. }) => DataDirAccess::Unlocked {
                dir: dir.to_path_buf(),
                reason: e.to_string(),
            },
        }
    }

    /// One line saying how the directory is used: `writable DIR`, `read-only DIR:
    /// REASON` or `unlocked DIR: REASON`.
    pub fn describe(&self) -> String {
        match self {
            DataDirAccess::Writer(lock) => format!("writable {}", lock.dir().display()),
            DataDirAccess::ReadOnly { dir, reason } => {
                format!("read-only {}: {reason}", dir.display())
            }
            DataDirAccess::Unlocked { dir, reason } => {
                format!("unlocked {}: {reason}", dir.display())
            }
        }
    }
}

/// The directories this process may not write in, each in its absolute and its
/// resolved form, with the reason.
static READ_ONLY: Mutex<Vec<(Vec<PathBuf>, String)>> = Mutex::new(Vec::new());

/// The forms a path may be compared in: as given made absolute, and with its
/// nearest existing ancestor resolved (symbolic links followed).
fn forms(path: &Path) -> Vec<PathBuf> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = vec![absolute.clone()];
    let mut base = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = base.canonicalize() {
            let mut resolved = real;
            resolved.extend(rest.iter().rev());
            if resolved != absolute {
                out.push(resolved);
            }
            break;
        }
        match (base.parent(), base.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                base = parent;
            }
            _ => break,
        }
    }
    out
}

fn read_only_list() -> std::sync::MutexGuard<'static, Vec<(Vec<PathBuf>, String)>> {
    match READ_ONLY.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Marks the data directory `dir` read-only in this process: from now on every
/// write of the tutor inside it is refused with `reason`.
pub fn mark_read_only(dir: &Path, reason: &str) {
    read_only_list().push((forms(dir), reason.to_string()));
}

/// Why `path` may not be written by this process (it lies in a directory marked
/// read-only), if it may not.
pub fn read_only_reason(path: &Path) -> Option<String> {
    let list = read_only_list();
    if list.is_empty() {
        return None;
    }
    let path_forms = forms(path);
    list.iter()
        .find(|(dirs, _)| {
            path_forms
                .iter()
                .any(|p| dirs.iter().any(|d| p.starts_with(d)))
        })
        .map(|(_, reason)| reason.clone())
}

/// Refuses a write to `path` in a directory marked read-only: the error says the
/// tutor opened read-only, and why.
///
/// ```
/// use othello_tutor::tutor::lock::{check_writable, mark_read_only};
///
/// let dir = std::env::temp_dir().join(format!("read-only-doc-{}", std::process::id()));
/// assert!(check_writable(&dir.join("progress.toml")).is_ok());
/// mark_read_only(&dir, "another othello-tutor is using it");
/// let err = check_writable(&dir.join("progress.toml")).unwrap_err();
/// assert!(err.to_string().contains("read-only"));
/// assert!(check_writable(&std::env::temp_dir().join("elsewhere.txt")).is_ok());
/// ```
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    match read_only_reason(path) {
        None => Ok(()),
        Some(reason) => Err(std::io::Error::new(
            ErrorKind::ReadOnlyFilesystem,
            format!("not written: this tutor opened its data directory read-only ({reason})"),
        )),
    }
}
