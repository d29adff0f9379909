//! `othello-tutor library`: the saved games, one line each, newest first:
//! "NAME<TAB>DATE<TAB>BLACK - WHITE<TAB>RESULT<TAB>MOVES<TAB>OPENING". And
//! `othello-tutor import FILE`: every game of a WTHOR database (`.wtb`) or a GGF
//! file into the library; last line "imported N games into DIR, M already there, K
//! refused (record 17: …)" (the counts that are 0 left out), each refusal on stderr.

use super::{UserError, outln};
use othello_tutor::tutor::library::Library;
use othello_tutor::tutor::lock::{DataDirLock, LockError};
use std::path::Path;

fn library(data_dir: Option<&Path>) -> Result<Library, UserError> {
    let dir =
        othello_tutor::tutor::progress::data_dir(data_dir).map_err(|e| UserError(e.to_string()))?;
    Ok(Library::in_data_dir(&dir))
}

/// Lists the saved games of the data directory (`--trash`: those in the trash).
pub fn list(data_dir: Option<&Path>, trash: bool) -> Result<(), UserError> {
    let library = library(data_dir)?;
    let entries = if trash {
        library.trash()
    } else {
        library.entries()
    };
    for e in &entries {
        match &e.problem {
            Some(problem) => outln!("{}\t{}\tunreadable: {problem}", e.name, e.date),
            None => outln!(
                "{}\t{}\t{}\t{}\t{}\t{}",
                e.name,
                e.date,
                e.players(),
                e.result,
                e.moves,
                e.opening.as_deref().unwrap_or("-")
            ),
        }
    }
    let dir = if trash {
        library.trash_dir()
    } else {
        library.games_dir()
    };
    outln!(
        "{} in {}",
        othello_tutor::tutor::text::count(entries.len(), "game"),
        dir.display()
    );
    Ok(())
}

/// Imports the games of `file` into the library: one line saying what it did, and
/// on stderr one line for each record refused. Holds the data directory's lock
/// meanwhile, and stops when a tutor holds it.
pub fn import(data_dir: Option<&Path>, file: &Path) -> Result<(), UserError> {
    let library = library(data_dir)?;
    // One writer per data directory: not while a tutor is using it.
    let data = library.games_dir().parent().unwrap_or(Path::new("."));
    let _lock = DataDirLock::acquire(data).map_err(|e| match e {
        LockError::Busy { .. } => UserError(format!(
            "{e}: close it first, or import from its Library screen (i)"
        )),
        LockError::File(e) => UserError(e.to_string()),
    })?;
    let summary = library
        .import_file(file)
        .map_err(|e| UserError(e.to_string()))?;
    for refused in &summary.refused {
        eprintln!("{}: refused {refused}", file.display());
    }
    outln!(
        "imported {} into {}{}",
        othello_tutor::tutor::text::count(summary.imported.len(), "game"),
        library.games_dir().display(),
        summary.rest()
    );
    Ok(())
}
