//! The engine work of a practice game: grading the learner's move, the computer's
//! move, a hint, and the learner's mistakes turned into puzzles.

use crate::engine::analysis::MoveValue;
use crate::engine::players::{Choice, Strategy, choose_move};
use crate::engine::search::{SearchError, Searcher};
use crate::engine::{Color, Position, Square};
use crate::tutor::personal::{PersonalPuzzle, personal_puzzles};
use crate::tutor::practice::Practice;
use crate::tutor::refutation::{Refutation, RefuteError, compute, refute};
use crate::tutor::screen::EngineTask;
use crate::tutor::settings::{
    GradingValues, grading_values, grading_values_within, hint_values, prepare_grading,
};
use std::time::Duration;

/// What the practice screen asks the engine for.
#[derive(Clone, Debug)]
pub enum Task {
    /// The values that grade the learner's move `sq` (the move at `index`) played
    /// from `before`.
    Grade {
        /// The position the move was played from.
        before: Position,
        /// The move.
        sq: Square,
        /// Its index in the game.
        index: usize,
        /// How long to wait for an exact grade before grading by a search meanwhile
        /// (`None`: as long as it takes).
        wait: Option<Duration>,
    },
    /// While the learner thinks, the exact grade of the learner's move `sq` (the move
    /// at `index`) graded meanwhile by a search; cancelled when the learner acts.
    Confirm {
        /// The position the move was played from.
        before: Position,
        /// The move.
        sq: Square,
        /// Its index in the game.
        index: usize,
    },
    /// While the learner thinks in `position`, the groundwork of the grade of the
    /// move to come (see [`prepare_grading`]); cancelled when the learner moves.
    Prepare {
        /// The position the learner is to move in.
        position: Position,
    },
    /// The computer's move in `position`.
    Reply {
        /// The position.
        position: Position,
        /// How the computer plays.
        strategy: Strategy,
    },
    /// The refutation of the learner's move `sq` (the move at `index`), for a move
    /// graded without search values (by the opening book).
    Refute {
        /// The position the move was played from.
        before: Position,
        /// The move.
        sq: Square,
        /// Its index in the game.
        index: usize,
    },
    /// While the learner thinks, the refutation of the learner's move `sq` (the move
    /// at `index`) graded a mistake by the opening book, kept for the coach and the
    /// best-move key, shown only when asked for; cancelled when the learner acts.
    Study {
        /// The position the move was played from.
        before: Position,
        /// The move.
        sq: Square,
        /// Its index in the game.
        index: usize,
    },
    /// Every move of `position` valued for a hint.
    Hint {
        /// The position.
        position: Position,
    },
    /// The learner's graded mistakes as personal puzzles.
    Personal {
        /// The game.
        practice: Box<Practice>,
        /// The learner's colours.
        humans: Vec<Color>,
        /// The learner's puzzle rating.
        rating: f64,
        /// The time.
        now: u64,
    },
}

/// Which grade of a move an [`Output::Graded`] carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GradeStage {
    /// The grade of the move just played.
    Final,
    /// The grade of the move just played, by a search (its exact grade took longer
    /// than the wait): the exact one follows.
    Interim,
    /// The exact grade that replaces an interim one.
    Exact,
}

/// What the engine hands back.
#[derive(Clone, Debug)]
pub enum Output {
    /// The grading values of a move.
    Graded {
        /// The position the move was played from.
        before: Position,
        /// The move.
        sq: Square,
        /// Its index in the game.
        index: usize,
        /// The values.
        values: Result<Vec<MoveValue>, SearchError>,
        /// The refutation made from the same values (`None` for a best move).
        refutation: Option<Refutation>,
        /// Which grade it is.
        stage: GradeStage,
    },
    /// A refutation asked for.
    Refuted {
        /// The index of the refuted move in the game.
        index: usize,
        /// The refutation, or why there is none.
        result: Result<Refutation, RefuteError>,
    },
    /// A book-graded mistake's refutation worked out ahead, or why there is none.
    Studied {
        /// The index of the refuted move in the game.
        index: usize,
        /// The refutation, or why there is none.
        result: Result<Refutation, RefuteError>,
    },
    /// The grade of the coming move was prepared (or the preparation stopped).
    Prepared,
    /// The computer's move (`None`: stopped, or no move).
    Replied {
        /// The position it was chosen in.
        position: Position,
        /// The move.
        choice: Option<Choice>,
    },
    /// A hint's values.
    Hinted(Result<Vec<MoveValue>, SearchError>),
    /// The personal puzzles found.
    Personal {
        /// The puzzles.
        puzzles: Vec<PersonalPuzzle>,
        /// The time they were made.
        now: u64,
    },
}

impl EngineTask for Task {
    type Output = Output;
    fn run(self, searcher: &mut Searcher) -> Output {
        match self {
            Task::Grade {
                before,
                sq,
                index,
                wait,
            } => {
                let (values, stage) = match wait {
                    None => (
                        grading_values(searcher, &before.board, sq),
                        GradeStage::Final,
                    ),
                    Some(w) => match grading_values_within(searcher, &before.board, sq, w) {
                        Ok(GradingValues::Final(v)) => (Ok(v), GradeStage::Final),
                        Ok(GradingValues::Interim(v)) => (Ok(v), GradeStage::Interim),
                        Err(e) => (Err(e), GradeStage::Final),
                    },
                };
                graded(before, sq, index, values, stage)
            }
            Task::Confirm { before, sq, index } => {
                let values = grading_values(searcher, &before.board, sq);
                graded(before, sq, index, values, GradeStage::Exact)
            }
            Task::Refute { before, sq, index } => Output::Refuted {
                index,
                result: refute(searcher, &before, sq),
            },
            Task::Study { before, sq, index } => Output::Studied {
                index,
                result: refute(searcher, &before, sq),
            },
            Task::Prepare { position } => {
                // Stopped or finished, the grade that follows gives the same values.
                let _ = prepare_grading(searcher, &position.board);
                Output::Prepared
            }
            Task::Reply { position, strategy } => Output::Replied {
                position,
                choice: choose_move(searcher, &position.board, strategy, &mut rand::rng()),
            },
            Task::Hint { position } => Output::Hinted(hint_values(searcher, &position.board)),
            Task::Personal {
                practice,
                humans,
                rating,
                now,
            } => Output::Personal {
                puzzles: humans
                    .iter()
                    .flat_map(|&c| personal_puzzles(&practice, c, searcher, rating, now))
                    .collect(),
                now,
            },
        }
    }
}

/// A grade's output, with the refutation made from its own values (so that its cost
/// is the grade's loss).
fn graded(
    before: Position,
    sq: Square,
    index: usize,
    values: Result<Vec<MoveValue>, SearchError>,
    stage: GradeStage,
) -> Output {
    let refutation = values
        .as_ref()
        .ok()
        .and_then(|v| compute(&before, sq, v).ok());
    Output::Graded {
        before,
        sq,
        index,
        values,
        refutation,
        stage,
    }
}
