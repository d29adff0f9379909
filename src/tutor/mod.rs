//! Teaching logic on top of the engine: explanations, feedback, lessons, puzzles,
//! progress. No terminal code.

pub mod explain;
pub mod feedback;
pub mod openings;
