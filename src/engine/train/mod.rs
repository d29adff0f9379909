//! Training the pattern evaluation: self-play games for positions, labels (exact at
//! the end of the game, searched before it), and the least-squares fit of each phase.
//! File handling, resuming and progress live in the command (`othello-tutor train`);
//! this module is the computation, deterministic for a seed.

pub mod fit;
pub mod selfplay;

pub use fit::{FitReport, Sample, fit_phase};
pub use selfplay::{GameSettings, play_game};
