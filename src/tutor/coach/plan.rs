//! Today's plan as it is kept: its items (what to do and why) and its day. It is
//! built and ticked off from the learner's whole progress by
//! [`crate::tutor::models::coach::today`].

use super::concept::Concept;
use crate::tutor::leitner::DAY;
use serde::{Deserialize, Serialize};

/// The most due puzzles one plan asks for.
pub const PLAN_REVIEWS: u32 = 10;
/// The most due opening lines one plan asks for.
pub const PLAN_OPENINGS: u32 = 5;
/// The puzzles of the weakest concept one plan asks for.
pub const PLAN_PUZZLES: u32 = 5;

/// What an item asks the learner to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Task {
    /// Try the puzzles due in the spaced review.
    ReviewPuzzles {
        /// How many.
        count: u32,
    },
    /// Rehearse opening lines due for review.
    ReviewOpenings {
        /// How many.
        count: u32,
    },
    /// Go through a lesson to its end.
    Lesson {
        /// The lesson's id.
        id: String,
        /// Its title.
        title: String,
        /// Its number in the course.
        order: u32,
    },
    /// Try puzzles that practise a concept (its [`Concept::focus`]; each attempt
    /// counts, solved or not).
    ConceptPuzzles {
        /// The concept.
        concept: Concept,
        /// How many.
        count: u32,
        /// The puzzles chosen (ids), near the learner's rating when the plan was made.
        ids: Vec<String>,
    },
    /// Play a graded practice game against an opponent.
    Practice {
        /// The opponent (a strategy's name).
        opponent: String,
    },
    /// Answer the mistakes of the last practice game again: "find a better move".
    LearnMistakes {
        /// How many of its mistakes were still to answer.
        count: u32,
        /// The positions of those mistakes (OBF lines).
        positions: Vec<String>,
    },
}

impl Task {
    /// What to do, in a few words ("Lesson 3: Corners and stable discs").
    pub fn title(&self) -> String {
        match self {
            Task::ReviewPuzzles { count } => {
                format!(
                    "Review {}",
                    crate::tutor::text::count(*count as usize, "due puzzle")
                )
            }
            Task::ReviewOpenings { count } => format!(
                "Rehearse {}",
                crate::tutor::text::count(*count as usize, "due opening line")
            ),
            Task::Lesson { title, order, .. } => format!("Lesson {order}: {title}"),
            Task::ConceptPuzzles { concept, count, .. } => match concept.focus() {
                Some(f) => format!("Try {count} {}", f.puzzles_name()),
                None => format!("Try {count} puzzles"),
            },
            Task::Practice { opponent } => format!("Play a graded game against {opponent}"),
            Task::LearnMistakes { count, .. } => format!(
                "Learn from the last game: {}",
                crate::tutor::text::count(*count as usize, "mistake")
            ),
        }
    }
}

/// One item of the plan: what to do and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanItem {
    /// What to do.
    pub task: Task,
    /// Why it is on the plan.
    pub why: String,
}

/// The plan of one day.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DayPlan {
    /// The day it is for (days since the epoch, UTC).
    pub day: u64,
    /// When it was made (seconds since the epoch).
    pub made: u64,
    /// The number of the first profile record made after it: records from it on
    /// tick its items off.
    pub from: u64,
    /// The items, in order.
    pub items: Vec<PlanItem>,
    /// The weakest concept the plan was made for (none: no concept cost discs). A
    /// plan whose weakest concept is no longer the profile's is made again the same
    /// day.
    pub weakness: Option<Concept>,
}

/// The day of `now` (days since the epoch, UTC).
pub const fn day_of(now: u64) -> u64 {
    now / DAY
}
