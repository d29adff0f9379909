//! `othello-tutor library`: the saved games, one line each, newest first:
//! "NAME<TAB>DATE<TAB>BLACK - WHITE<TAB>RESULT<TAB>MOVES<TAB>OPENING". And
//! `othello-tutor import FILE`: every game of a WTHOR database (`.wtb`) or a GGF
//! file into the library; last line "imported N games into DIR (M already there)".

use super::{UserError, outln};
use othello_tutor::tutor::library::Library;
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

/// Imports the games of `file` into the library.
pub fn import(data_dir: Option<&Path>, file: &Path) -> Result<(), UserError> {
    let library = library(data_dir)?;
    let summary = library
        .import_file(file)
        .map_err(|e| UserError(e.to_string()))?;
    outln!(
        "imported {} into {} ({} already there)",
        othello_tutor::tutor::text::count(summary.imported.len(), "game"),
        library.games_dir().display(),
        summary.already_there
    );
    Ok(())
}
