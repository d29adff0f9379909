//! othello-tutor: an Othello engine and the teaching logic built on it.
//!
//! The crate is layered, and the arrows point down only:
//! `ui` (cursive screens) → `tutor` (lessons, puzzles, feedback) → `engine`
//! (rules, notation, search). `potential` is the second game of the
//! reference texts and stands on its own.

pub mod engine;
pub mod potential;
pub mod tutor;
pub mod ui;
