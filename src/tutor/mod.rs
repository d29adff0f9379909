//! Teaching logic on top of the engine: explanations, feedback, lessons, puzzles,
//! progress. No terminal code.

pub mod explain;
pub mod feedback;
pub mod openings;
pub mod practice;
pub mod lesson;
pub mod content;
pub mod progress;
pub mod puzzle;
pub mod rating;
pub mod review;
pub mod miner;
