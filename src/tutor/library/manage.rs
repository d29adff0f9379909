//! Renaming, deleting to the trash, restoring and emptying the trash: each game is
//! its `.ggf` file and the `.txt` transcript beside it, moved together, never over
//! another game.

use super::{Library, LibraryError};
use crate::tutor::files::FileError;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// The longest name a game may have.
pub const MAX_NAME_CHARS: usize = 80;

/// Checks that `name` can be a game's file name: not empty, at most
/// `MAX_NAME_CHARS` characters, no folder separators or characters that some
/// systems refuse (`< > : " | ? *`), no control characters, not starting with `.`
/// or a space.
///
/// ```
/// use othello_tutor::tutor::library::check_name;
/// assert!(check_name("Tiger vs level 3").is_ok());
/// assert!(check_name("../escape").is_err());
/// assert!(check_name("").is_err());
/// ```
pub fn check_name(name: &str) -> Result<(), LibraryError> {
    let bad = |reason| {
        Err(LibraryError::BadName {
            name: name.to_string(),
            reason,
        })
    };
    if name.trim().is_empty() {
        return bad("it is empty");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return bad("it is longer than 80 characters");
    }
    if name.starts_with('.') || name.starts_with(' ') || name.ends_with(' ') {
        return bad("it starts with a dot or starts or ends with a space");
    }
    if name.chars().any(|c| "/\\<>:\"|?*".contains(c)) {
        return bad("it holds one of / \\ < > : \" | ? *");
    }
    if name.chars().any(char::is_control) {
        return bad("it holds a control character");
    }
    Ok(())
}

/// Whether a game called `name` (its `.ggf` or its `.txt`) is in `dir`.
pub(super) fn taken(dir: &Path, name: &str) -> bool {
    files_of(dir, name).iter().any(|p| p.exists())
}

/// A game's two files in `dir`: the GGF file and the transcript.
fn files_of(dir: &Path, name: &str) -> [PathBuf; 2] {
    [
        dir.join(format!("{name}.ggf")),
        dir.join(format!("{name}.txt")),
    ]
}

/// Moves `from` to `to` unless `to` exists: a hard link then the removal of `from`
/// (the link fails on an existing file, so no other file is ever replaced); where
/// links are not possible, a check then a rename.
fn move_no_clobber(from: &Path, to: &Path) -> Result<(), FileError> {
    let at = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FileError { path, source }
    };
    match std::fs::hard_link(from, to) {
        Ok(()) => std::fs::remove_file(from).map_err(at(from)),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => Err(at(to)(e)),
        Err(_) => {
            if to.exists() {
                return Err(at(to)(std::io::Error::from(ErrorKind::AlreadyExists)));
            }
            std::fs::rename(from, to).map_err(at(from))
        }
    }
}

/// Moves the game `name` from `from_dir` to `to_dir` as `new_name`: the GGF file,
/// then the transcript if there is one; if the transcript cannot follow, the GGF
/// file goes back.
fn move_game(
    from_dir: &Path,
    name: &str,
    to_dir: &Path,
    new_name: &str,
) -> Result<(), LibraryError> {
    let [ggf, txt] = files_of(from_dir, name);
    for dir in [from_dir, to_dir] {
        crate::tutor::lock::check_writable(dir).map_err(|source| FileError {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    if !ggf.is_file() {
        return Err(LibraryError::NotFound {
            name: name.to_string(),
            dir: from_dir.to_path_buf(),
        });
    }
    if taken(to_dir, new_name) {
        return Err(LibraryError::Exists {
            name: new_name.to_string(),
            dir: to_dir.to_path_buf(),
        });
    }
    std::fs::create_dir_all(to_dir).map_err(|source| FileError {
        path: to_dir.to_path_buf(),
        source,
    })?;
    let [new_ggf, new_txt] = files_of(to_dir, new_name);
    move_no_clobber(&ggf, &new_ggf)?;
    if txt.is_file()
        && let Err(e) = move_no_clobber(&txt, &new_txt)
    {
        let _ = move_no_clobber(&new_ggf, &ggf);
        return Err(e.into());
    }
    Ok(())
}

/// `name`, or `name-2`, `name-3`… : the first that `dir` does not hold.
pub(super) fn free_name(dir: &Path, name: &str) -> String {
    if !taken(dir, name) {
        return name.to_string();
    }
    (2..)
        .map(|k| format!("{name}-{k}"))
        .find(|n| !taken(dir, n))
        .unwrap_or_else(|| name.to_string())
}

impl Library {
    /// Renames the game `name` to `new_name` (both files); refuses a bad name and
    /// a name already taken.
    pub fn rename(&self, name: &str, new_name: &str) -> Result<(), LibraryError> {
        check_name(new_name)?;
        if name == new_name {
            return Ok(());
        }
        move_game(&self.games, name, &self.games, new_name)
    }

    /// Moves the game `name` to the trash; returns its name there (`name`, or
    /// `name-2`… when the trash already holds one of that name).
    pub fn delete(&self, name: &str) -> Result<String, LibraryError> {
        let in_trash = free_name(&self.trash, name);
        move_game(&self.games, name, &self.trash, &in_trash)?;
        Ok(in_trash)
    }

    /// Brings the game `name` back from the trash; returns its name in the library
    /// (`name`, or `name-2`… when that name has been taken since).
    pub fn restore(&self, name: &str) -> Result<String, LibraryError> {
        let back = free_name(&self.games, name);
        move_game(&self.trash, name, &self.games, &back)?;
        Ok(back)
    }

    /// Deletes every game in the trash for good (both files of each); returns how
    /// many games went. The only way a game leaves for good: the screen asks first.
    pub fn empty_trash(&self) -> Result<usize, LibraryError> {
        let mut gone = 0;
        crate::tutor::lock::check_writable(&self.trash).map_err(|source| FileError {
            path: self.trash.clone(),
            source,
        })?;
        for entry in self.trash() {
            for path in files_of(&self.trash, &entry.name) {
                match std::fs::remove_file(&path) {
                    Ok(()) => {}
                    Err(e) if e.kind() == ErrorKind::NotFound => {}
                    Err(source) => return Err(FileError { path, source }.into()),
                }
            }
            gone += 1;
        }
        Ok(gone)
    }
}
