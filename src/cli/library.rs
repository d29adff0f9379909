//! `othello-tutor library`: the saved games, one line each, newest first:
//! "NAME<TAB>DATE<TAB>BLACK - WHITE<TAB>RESULT<TAB>MOVES<TAB>OPENING". And
//! `othello-tutor import FILE`: every game of a WTHOR database (`.wtb`) or a GGF
//! file into the library; last line "imported N games into DIR, M already there, K
//! refused (record 17: …)" (the counts that are 0 left out), each refusal on stderr.
//!
//! # The library
//!
//! Main menu, **6 Library**: the saved games of the data directory (`games/`; `w` in a
//! practice game saves one as `NAME.ggf` and the transcript `NAME.txt`), newest first,
//! in columns: name, date (the game's `DT`, else the file's), players, result (`B+16`:
//! Black by 16 discs; `-` while unfinished), moves and the opening (the GGF comment
//! `C[Opening: …]`, else the deepest named opening the moves pass through). Enter opens
//! the game on the analysis board (Esc there comes back to the library), `v` in the
//! whole-game review; `r` renames it (both
//! files; a name already taken or with `/ \ : * ? " < > |` is refused), `d` moves it to
//! `trash/` after a confirmation (nothing is ever deleted at once; `t` shows the trash,
//! where Enter or `u` restores a game and `x`, after a confirmation, empties it for good), `e` exports it as a transcript, GGF, or the OBF
//! line of its last position (default folder `exports/`), `i` imports a file. The
//! practice Open dialog (`o`) lists the same columns.
//!
//! Import reads **WTHOR** databases (`.wtb`, the federation's archive: a 16-byte header,
//! then 68-byte records of 60 move bytes `10 * row + column`, passes implied) with the
//! player and tournament names of `WTHOR.JOU` and `WTHOR.TRN` when they lie beside the
//! file (else "player 12"), and **GGF** files of many games (`(;GM[Othello]…;)` after
//! one another, as game servers write them). Every move is replayed by the rules; a
//! damaged record is refused (named by its record or game number and the byte offset or
//! line) and the others are read. From the Library's import dialog, Enter opens one game
//! of the file on the analysis board and `a` imports them all, as `FILE-0001`,
//! `FILE-0002`…; a game already in the library (the same start position and moves,
//! whatever its name) is left alone, so importing a file again adds nothing, and a
//! different game whose name is taken gets the next free one (`FILE-0001-2`). The
//! summary counts each game once: "Imported 1 game from FILE, 2 already there, 1
//! refused (record 17: …)". Code: `src/engine/wthor.rs`, `src/engine/ggf_games.rs`,
//! `src/tutor/library/`, `src/ui/library/`.
//!

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
        e @ LockError::File { .. } => UserError(e.to_string()),
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
