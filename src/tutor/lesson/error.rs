//! Errors of the lesson files: where (file, step, field) and what.

/// One problem in a content file, with where it is: file, step (1-based) and field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct ContentError {
    /// The file, as `lessons/06-mobility.toml`.
    pub file: String,
    /// The step, counted from 1, when the problem is in a step.
    pub step: Option<usize>,
    /// The field, when the problem is in one.
    pub field: Option<String>,
    /// What is wrong.
    pub problem: Problem,
}

impl ContentError {
    /// An error at a file, step and field.
    pub fn new(
        file: &str,
        step: Option<usize>,
        field: Option<&str>,
        problem: Problem,
    ) -> ContentError {
        ContentError {
            file: file.to_string(),
            step,
            field: field.map(str::to_string),
            problem,
        }
    }

    fn render(&self) -> String {
        let mut s = self.file.clone();
        if let Some(step) = self.step {
            s.push_str(&format!(", step {step}"));
        }
        if let Some(field) = &self.field {
            s.push_str(&format!(", field {field}"));
        }
        format!("{s}: {}", self.problem)
    }
}

/// What is wrong with a piece of content.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The file is not valid TOML or does not fit the schema (the TOML library's
    /// message, with line and column).
    #[error("{0}")]
    Toml(String),
    /// The file is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// A field the step's kind needs is missing.
    #[error("missing: a {kind} step needs it")]
    Missing {
        /// The step kind.
        kind: &'static str,
    },
    /// A field the step's kind does not use.
    #[error("not used by a {kind} step")]
    NotUsed {
        /// The step kind.
        kind: &'static str,
    },
    /// A position that cannot be read.
    #[error("`{text}` is not a position (transcript, OBF or \"start\"): {reason}")]
    BadPosition {
        /// The text.
        text: String,
        /// Why (the notation error).
        reason: String,
    },
    /// A position that breaks the legality rules for constructed positions, or that
    /// does not suit the step.
    #[error("{0}")]
    IllegalPosition(String),
    /// Text that is not a square.
    #[error("`{0}` is not a square (a1 to h8)")]
    BadSquare(String),
    /// A move that is not legal in the step's position.
    #[error("{0}")]
    IllegalMove(String),
    /// A value out of its range, or fields that do not fit together.
    #[error("{0}")]
    Invalid(String),
    /// A stated answer the engine does not confirm.
    #[error("stated {stated}, but the engine finds {computed}")]
    Mismatch {
        /// What the file says.
        stated: String,
        /// What the engine computes (with the basis of the computation).
        computed: String,
    },
    /// The engine could not prove the statement (goal not forceable, search stopped).
    #[error("{0}")]
    NotProved(String),
    /// Two lessons with one id, or one order.
    #[error("{0}")]
    Duplicate(String),
}
