//! The work the Library screen runs off the interface's thread: reading a games
//! file for the import dialog, and importing every game of a file. Plain data in,
//! plain data out: the interface's worker runs it and hands the output back.

use crate::tutor::library::{GamesFile, ImportSummary, Library, LibraryError, read_games_file};
use std::path::PathBuf;

/// A piece of the Library screen's background work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryTask {
    /// Read the games of a file (a WTHOR database or a GGF file).
    Read(PathBuf),
    /// Import every game of a file into a library.
    Import {
        /// The library the games go to.
        library: Library,
        /// The file.
        path: PathBuf,
    },
}

/// What a [`LibraryTask`] hands back.
#[derive(Debug)]
pub enum LibraryOutput {
    /// The games of the file read, or why it does not read.
    Read(Result<GamesFile, LibraryError>),
    /// What the import did, or why it failed.
    Imported(Result<ImportSummary, LibraryError>),
}

impl LibraryTask {
    /// Does the work (on the worker's thread; it may take a while for a large file).
    pub fn run(self) -> LibraryOutput {
        match self {
            LibraryTask::Read(path) => LibraryOutput::Read(read_games_file(&path)),
            LibraryTask::Import { library, path } => {
                LibraryOutput::Imported(library.import_file(&path))
            }
        }
    }

    /// What the work is, as a report of its failure names it ("the import").
    pub fn describe(&self) -> &'static str {
        match self {
            LibraryTask::Read(_) => "reading the file",
            LibraryTask::Import { .. } => "the import",
        }
    }
}
