//! Learn from your mistakes: after a practice game, each of the learner's graded
//! mistakes is asked back as "find a better move" on the position before the move,
//! and the answer is judged here.
//!
//! **Which moves are asked back.** Every move of the learner's graded inaccuracy,
//! mistake or blunder (the moves the practice review lists as errors, and the ones
//! `z` turns into personal puzzles), in game order.
//!
//! **How an answer is judged.** As practice grades a move, with the same code and
//! settings: by the opening book when the position and the answer are in it
//! ([`grade_from_book`]), else by the feedback's search ([`grading_values`], fixed
//! depth, no clock: the best move's value is the one the game's grade stated). The
//! answer is right when that grade is not an error: book, best or good, that is
//! within [`crate::tutor::feedback::GOOD_MAX_LOSS`] discs of the best move, the
//! tolerance of the grade. A wrong answer gets its refutation, made from the same
//! values and worded as the grade is ([`crate::tutor::refutation::Refutation::as_graded`]),
//! and the mistake's personal puzzle ([`personal_puzzle`]) for the spaced review.

use crate::engine::Square;
use crate::engine::search::{SearchError, Searcher};
use crate::tutor::feedback::{Feedback, grade_from_book, grade_move};
use crate::tutor::personal::{GradedMistake, PersonalPuzzle, personal_puzzle};
use crate::tutor::refutation::{Refutation, RefuteError, compute, refute};
use crate::tutor::settings::grading_values;
use crate::tutor::values::StatedValue;

/// An answer, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The answer.
    pub answer: Square,
    /// Its grade, as practice would have graded it.
    pub feedback: Feedback,
    /// For a wrong answer, its refutation (or why there is none).
    pub refutation: Option<Result<Refutation, RefuteError>>,
    /// For a wrong answer, the mistake's personal puzzle for the spaced review
    /// (`None` when the engine's new values no longer confirm the mistake).
    pub puzzle: Option<PersonalPuzzle>,
}

impl Judged {
    /// Whether the answer is right: book, best or good.
    pub fn solved(&self) -> bool {
        !self.feedback.grade.is_error()
    }
}

/// Why an answer could not be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The answer is not a legal move in the mistake's position.
    #[error("{0} is not a legal move here")]
    Illegal(Square),
    /// The search was stopped.
    #[error("the search was stopped")]
    Stopped,
    /// The engine's values did not include the answer.
    #[error("the engine gave no value for {0}")]
    NotValued(Square),
}

impl From<SearchError> for JudgeError {
    fn from(_: SearchError) -> JudgeError {
        JudgeError::Stopped
    }
}

/// Judges `answer` to `mistake` (see the module's doc); `rating` and `now` are the
/// learner's puzzle rating and the time, for the personal puzzle of a wrong answer.
/// Stops when `searcher`'s stop flag is raised.
pub fn judge(
    searcher: &mut Searcher,
    mistake: &GradedMistake,
    answer: Square,
    rating: f64,
    now: u64,
) -> Result<Judged, JudgeError> {
    let pos = mistake.position;
    if !pos.board.is_legal(answer) {
        return Err(JudgeError::Illegal(answer));
    }
    let (feedback, values) = match grade_from_book(&pos, answer, &[]) {
        Some(fb) => (fb, None),
        None => {
            let values = grading_values(searcher, &pos.board, answer)?;
            let fb = grade_move(&pos, answer, &values).ok_or(JudgeError::NotValued(answer))?;
            (fb, Some(values))
        }
    };
    if !feedback.grade.is_error() {
        return Ok(Judged {
            answer,
            feedback,
            refutation: None,
            puzzle: None,
        });
    }
    let refutation = match &values {
        Some(v) => compute(&pos, answer, v),
        None => refute(searcher, &pos, answer),
    };
    if refutation == Err(RefuteError::Stopped) {
        return Err(JudgeError::Stopped);
    }
    let stated = |discs| StatedValue {
        discs,
        exact: feedback.exact,
        depth: feedback.depth,
    };
    let refutation = refutation.map(|r| {
        r.as_graded(
            stated(feedback.played_value),
            feedback.best,
            stated(feedback.best_value),
        )
    });
    let puzzle = personal_puzzle(mistake, searcher, rating, now);
    if searcher.stop_requested() {
        return Err(JudgeError::Stopped);
    }
    Ok(Judged {
        answer,
        feedback,
        refutation: Some(refutation),
        puzzle,
    })
}

/// Where "learn from your mistakes" was opened from, where Esc goes back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenedFrom {
    /// The practice game (its game-over choices or its review): back to its board.
    Practice,
    /// The coach's plan: back to the coach.
    Coach,
}

/// The mistakes of one game to ask back, and what the screen needs around them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MistakeRun {
    /// The mistakes, in game order.
    pub mistakes: Vec<GradedMistake>,
    /// The game's opponent (a strategy's name, or "a friend").
    pub opponent: String,
    /// Where Esc goes back to.
    pub from: OpenedFrom,
}
