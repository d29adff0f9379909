//! Teaching logic on top of the engine: explanations, feedback, lessons, puzzles,
//! progress. No terminal code.

pub mod coach;
pub mod content;
pub mod course;
pub mod editor;
pub mod explain;
pub mod facts;
pub mod feedback;
pub mod files;
pub mod game_review;
pub mod leitner;
pub mod lesson;
pub mod library;
pub mod lock;
pub mod mistakes;
pub mod models;
pub mod openings;
pub mod personal;
pub mod practice;
pub mod practice_sample;
pub mod progress;
pub mod puzzle;
pub mod puzzle_progress;
pub mod rating;
pub mod refutation;
pub mod saved_games;
pub mod screen;
pub mod settings;
pub mod strength;
pub mod text;
pub mod values;

/// The puzzle miner, at its old path (it lives in [`puzzle::miner`]).
pub use puzzle::miner;
