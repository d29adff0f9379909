//! Errors of the lesson files: where (file, step, field) and what.

use super::EXACT_MAX_EMPTIES;
use super::answers::QuestionError;
use super::model::{Answer, Ask, Check, Goal};
use super::playout::ProofError;
use crate::engine::analysis::MoveValue;
use crate::engine::notation::NotationError;
use crate::engine::players::MAX_LEVEL;
use crate::engine::search::SearchError;
use crate::engine::{Color, Square, SquareSet};
use crate::tutor::explain::{Illegal, square_list};

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
    /// A stated fact that cannot be read, or that the board shown contradicts.
    #[error(transparent)]
    Fact(Box<crate::tutor::facts::FactError>),
    /// The file is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The engine's proof of the lesson failed (a panic in its work).
    #[error("the proof failed: {0}")]
    ProofFailed(String),
    /// The directory or file cannot be read (the system's reason).
    #[error("cannot read: {0}")]
    Unreadable(String),
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
        reason: Box<NotationError>,
    },
    /// A position that breaks the legality rules for constructed positions, or that
    /// does not suit the step.
    #[error(transparent)]
    IllegalPosition(#[from] PositionProblem),
    /// Text that is not a square.
    #[error("`{0}` is not a square (a1 to h8)")]
    BadSquare(String),
    /// A move that is not legal in the step's position (the rules' reason).
    #[error("{why}")]
    IllegalMove {
        /// The square.
        square: Square,
        /// Why it is not legal there.
        why: Illegal,
    },
    /// A value out of its range, or fields that do not fit together.
    #[error(transparent)]
    Invalid(#[from] Invalid),
    /// A stated answer the engine does not confirm.
    #[error(transparent)]
    Mismatch(#[from] Mismatch),
    /// The engine could not prove the statement (goal not forceable, search stopped).
    #[error(transparent)]
    NotProved(#[from] Unproved),
    /// Two lessons with one id, or one order.
    #[error(transparent)]
    Duplicate(#[from] Duplicate),
}

/// Why a position does not suit a lesson step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    /// A constructed position with an empty centre square.
    #[error("not a legal position: the four centre squares (d4 e4 d5 e5) must be occupied")]
    CentreEmpty,
    /// A constructed position with discs no move could have placed.
    #[error(
        "not a legal position: {} not connected to the centre (every disc is played next to another)",
        square_list(*.0)
    )]
    Disconnected(SquareSet),
    /// A finished game where a move must be found.
    #[error("the game is over: there is no move to find")]
    GameOver,
    /// The side to move must pass where a move must be found.
    #[error("{0} has no legal move and must pass")]
    MustPass(Color),
}

/// A value out of its range, or fields that do not fit together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// The lesson id has other characters.
    #[error("`{0}` is not an id: use lowercase letters, digits and '-'")]
    BadId(String),
    /// The title is empty.
    #[error("the title is empty")]
    EmptyTitle,
    /// The lesson has no step.
    #[error("a lesson needs at least one step")]
    NoSteps,
    /// A required text is empty.
    #[error("the text is empty")]
    EmptyText,
    /// A read step plays a move without a board.
    #[error("a move to play needs a position")]
    PlayWithoutPosition,
    /// A tolerance on a concept check.
    #[error("only best, exact and moves checks have a tolerance, not {}", .0.name())]
    ToleranceNotUsed(Check),
    /// A tolerance larger than the board.
    #[error("{0} discs is more than a board holds")]
    ToleranceTooLarge(u32),
    /// A find-move step with an empty list of moves.
    #[error("the list of accepted moves is empty")]
    NoAcceptedMoves,
    /// A square listed twice.
    #[error("{0} is listed twice")]
    ListedTwice(Square),
    /// An exact check on a position the solver does not take.
    #[error("an exact check needs at most {EXACT_MAX_EMPTIES} empties (the position has {0})")]
    ExactTooManyEmpties(u32),
    /// A win goal on a position the solver does not take.
    #[error("a win goal needs at most {EXACT_MAX_EMPTIES} empties (the position has {0})")]
    WinTooManyEmpties(u32),
    /// A move played first in a question that compares moves.
    #[error("`{}` compares the choices as moves; it plays no move first", .0.name())]
    PlaysNoMove(Ask),
    /// A colour given to a question about both.
    #[error("`{}` is not about one colour", .0.name())]
    NotAboutOneColour(Ask),
    /// Choices given to a number question.
    #[error("`{}` has a number for an answer", .0.name())]
    NumberAnswer(Ask),
    /// Choices given to a question with fixed ones.
    #[error("`{}` has fixed choices ({})", .0.name(), .0.fixed_choices().map(|c| c.join(", ")).unwrap_or_default())]
    FixedChoices(Ask),
    /// Fewer than two choices.
    #[error("`{}` needs at least two choices", .0.name())]
    TooFewChoices(Ask),
    /// A number question whose answer is not a whole number.
    #[error("`{}` has a whole number for an answer, not {given}", .ask.name())]
    NotANumber {
        /// The question.
        ask: Ask,
        /// The answer as written.
        given: String,
    },
    /// A choice question whose answer is not a string.
    #[error("`{}` has one of the choices for an answer, not {given}", .ask.name())]
    NotAString {
        /// The question.
        ask: Ask,
        /// The answer as written.
        given: String,
    },
    /// An answer that is not one of the choices.
    #[error("`{given}` is not one of the choices ({})", .choices.join(", "))]
    NotAChoice {
        /// The answer as written.
        given: String,
        /// The choices.
        choices: Vec<String>,
    },
    /// An unknown opponent.
    #[error("`{0}` is not a player (greedy, static, mobility, level1 to level{MAX_LEVEL})")]
    NotAPlayer(String),
    /// A goal parameter the goal does not use.
    #[error("not used by a {0} goal")]
    NotUsedByGoal(&'static str),
    /// A number out of its range (1 to `max`).
    #[error("{value} is out of range (1 to {max})")]
    OutOfRange {
        /// The number given.
        value: i64,
        /// The largest allowed.
        max: i64,
    },
    /// No legal move has the concept of the check.
    #[error("no legal move is {}", .0.name())]
    NoMoveFits(Check),
    /// Every legal move is accepted.
    #[error("every legal move ({}) is accepted, so the step tests nothing", square_list(*.0))]
    EveryMoveAccepted(SquareSet),
}

/// A stated answer the engine does not confirm: what the file states, what the
/// engine finds, and the basis of its finding.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// A concept check whose moves the engine's features give otherwise.
    #[error(
        "stated {}, but the engine finds {} for {}{}",
        square_list(*.stated),
        square_list(*.found),
        .check.name(),
        concept_basis(*.check, .counts)
    )]
    Concept {
        /// The moves the file lists.
        stated: SquareSet,
        /// The moves the check gives.
        found: SquareSet,
        /// The check.
        check: Check,
        /// Each legal move with the number the check compares.
        counts: Vec<(Square, u32)>,
    },
    /// Listed moves that are not within the tolerance of the best (a `moves` check).
    #[error(
        "stated {}, but the engine finds {} not{} among the best ({basis}: {})",
        square_list(*.stated),
        square_list(*.outside),
        within(*.tolerance),
        value_list(.values)
    )]
    NotAmongBest {
        /// The moves the file lists.
        stated: SquareSet,
        /// The listed moves that are not good enough.
        outside: SquareSet,
        /// The tolerance in discs.
        tolerance: u32,
        /// How the moves were valued.
        basis: Basis,
        /// Every move's value, best first.
        values: Vec<MoveValue>,
    },
    /// A `best` or `exact` check whose best moves are others.
    #[error(
        "stated {}, but the engine finds {}{} ({basis}: {})",
        square_list(*.stated),
        square_list(*.found),
        within(*.tolerance),
        value_list(.values)
    )]
    Best {
        /// The moves the file lists.
        stated: SquareSet,
        /// The moves within the tolerance of the best.
        found: SquareSet,
        /// The tolerance in discs.
        tolerance: u32,
        /// How the moves were valued.
        basis: Basis,
        /// Every move's value, best first.
        values: Vec<MoveValue>,
    },
    /// A question whose answer is another.
    #[error("stated {stated}, but the engine finds {found} for {}", .ask.name())]
    Answer {
        /// The answer the file states.
        stated: Answer,
        /// The answer the engine computes.
        found: Answer,
        /// The question.
        ask: Ask,
    },
}

/// How the engine valued the moves: exactly, or by a search of a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Basis {
    /// The exact solver.
    #[error("exact")]
    Exact,
    /// A search of this depth.
    #[error("depth {0}")]
    Depth(u32),
}

/// " (opponent moves after each move: c4 3, …)" for a concept check; empty for others.
fn concept_basis(check: Check, counts: &[(Square, u32)]) -> String {
    let what = match check {
        Check::MinOpponentMobility => "opponent moves after",
        Check::Quiet => "frontier discs flipped by",
        Check::MaxStable => "stable discs after",
        Check::MaxFlips => "discs flipped by",
        Check::Parity => "region size of",
        _ => return String::new(),
    };
    let items: Vec<String> = counts.iter().map(|(sq, n)| format!("{sq} {n}")).collect();
    format!(" ({what} each move: {})", items.join(", "))
}

/// " within N of the best" for a tolerance, empty without one.
fn within(tolerance: u32) -> String {
    if tolerance > 0 {
        format!(" within {tolerance} of the best")
    } else {
        String::new()
    }
}

fn value_list(values: &[MoveValue]) -> String {
    values
        .iter()
        .map(|v| format!("{} {:+}", v.mv, v.discs()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the engine could not prove a statement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unproved {
    /// The search was stopped.
    #[error("the engine stopped: {0}")]
    EngineStopped(SearchError),
    /// No move to value (the side to move must pass).
    #[error("no move to value")]
    NoMoveToValue,
    /// The play-out goal cannot be forced.
    #[error("{learner} to move cannot force the goal ({goal}) against every reply")]
    NotForceable {
        /// The learner's colour.
        learner: Color,
        /// The goal.
        goal: Goal,
    },
    /// The play-out proof could not be run.
    #[error(transparent)]
    Proof(#[from] ProofError),
    /// The question's answer could not be computed.
    #[error(transparent)]
    Question(#[from] QuestionError),
}

/// Two lessons that clash.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Duplicate {
    /// Two lessons with one id.
    #[error("the id `{id}` is already used by {other}")]
    Id {
        /// The id.
        id: String,
        /// The file that has it first.
        other: String,
    },
    /// Two lessons with one order.
    #[error("the order {order} is already used by {other}")]
    Order {
        /// The order.
        order: u32,
        /// The file that has it first.
        other: String,
    },
}
