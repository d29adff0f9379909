//! Errors of the puzzle sets: where (file, puzzle, field) and what.

/// One problem with a puzzle set: the file, the puzzle's id and the field, when known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct PuzzleError {
    /// The file, as `puzzles/endgame.toml`.
    pub file: String,
    /// The puzzle's id, when the problem is in one puzzle.
    pub id: Option<String>,
    /// The field, when the problem is in one.
    pub field: Option<String>,
    /// What is wrong.
    pub problem: PuzzleProblem,
}

impl PuzzleError {
    /// An error at a file, puzzle and field.
    pub fn new(file: &str, id: Option<&str>, field: Option<&str>, problem: PuzzleProblem) -> Self {
        PuzzleError {
            file: file.to_string(),
            id: id.map(str::to_string),
            field: field.map(str::to_string),
            problem,
        }
    }

    fn render(&self) -> String {
        let mut s = self.file.clone();
        if let Some(id) = &self.id {
            s.push_str(&format!(", puzzle {id}"));
        }
        if let Some(field) = &self.field {
            s.push_str(&format!(", field {field}"));
        }
        format!("{s}: {}", self.problem)
    }
}

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleProblem {
    /// Not TOML, or not the schema (the TOML library's words).
    #[error("{0}")]
    Toml(String),
    /// The file is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The file or directory cannot be read.
    #[error("cannot read: {0}")]
    Io(String),
    /// The id is used twice.
    #[error("the id is already used in {0}")]
    DuplicateId(String),
    /// A value that does not fit the field.
    #[error("{0}")]
    Invalid(String),
    /// A move the rules do not allow.
    #[error("{0}")]
    IllegalMove(String),
    /// The engine disagrees with what the file states.
    #[error("{0}")]
    Disproved(String),
}

/// Short-hand for building errors inside one puzzle.
pub(super) struct Ctx<'a> {
    pub(super) file: &'a str,
    pub(super) id: Option<&'a str>,
    pub(super) errors: Vec<PuzzleError>,
}

impl Ctx<'_> {
    pub(super) fn err(&mut self, field: &str, problem: PuzzleProblem) {
        self.errors
            .push(PuzzleError::new(self.file, self.id, Some(field), problem));
    }
    pub(super) fn invalid(&mut self, field: &str, text: impl Into<String>) {
        self.err(field, PuzzleProblem::Invalid(text.into()));
    }
}
