//! Openings: the named openings (data in `src/data/openings.toml`, recognised by
//! position up to the board's symmetries) and the XOT list of balanced openings that
//! practice games and engine matches start from; the opening trainer's drill and its
//! review schedule.

pub mod named;
pub mod schedule;
pub mod trainer;
mod xot;

pub use named::{NamedOpening, OpeningError, OpeningProblem, Openings, embedded};
pub use schedule::{LineRecord, OpeningProgress};
pub use trainer::{Attempt, Drill, DrillSetup, Miss, Reply};
pub use xot::{random_xot, xot_position, xot_transcripts};
