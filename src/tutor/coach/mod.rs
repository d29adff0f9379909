//! The coach: a learner profile kept with the progress ([`profile`]), filled from
//! every graded practice game, puzzle attempt and lesson answer ([`record`]), each
//! practice mistake put down to a concept of the course only when a checked fact
//! names it (`attribute`); the coach's report on it (`report`: what costs the
//! learner discs, the trends, accuracy by phase, the puzzle rating's history, and
//! links to lessons, puzzles and the learner's own positions); and today's plan
//! ([`plan`]). A record's phase is read from the empties of its position by the
//! game review's [`Phase::of_empties`]. No terminal code.

pub mod attribute;
pub mod concept;
pub mod plan;
pub mod profile;
pub mod record;
pub mod report;

/// The phases of a game, by the empties before a move: the game review's (one
/// definition for the review and the coach).
pub use crate::tutor::game_review::Phase;
pub use attribute::{Attribution, GradeLines, attribute};
pub use concept::Concept;
pub use plan::{DayPlan, PlanItem, Task};
pub use profile::{
    CoachEvent, GameRecord, GameResult, LearnerProfile, LessonRecord, MistakeRecord, PhaseTally,
    PuzzleRecord, RelearnRecord,
};
pub use record::{game_record, graded_mistake, learner_color, lesson_record, puzzle_record};
pub use report::{CoachReport, Trend, Weakness, report};
