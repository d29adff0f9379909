//! The cursive user interface. Holds no game rules: it reads the tutor and the engine.
//!
//! `build` sets up the whole interface on a `Cursive` root; `main` and the tests call
//! the same function. Screens open one another only through [`nav::go`]; `app` is the
//! one place that knows which screen a route opens.

pub mod analyze;
pub mod app;
pub mod board_view;
pub mod coach;
pub mod editor;
pub mod engine;
pub mod help;
pub mod host;
pub mod layer;
pub mod lesson;
pub mod library;
pub mod mistakes;
pub mod nav;
pub mod openings;
pub mod potential;
pub mod practice;
pub mod progress;
pub mod puzzles;
pub mod review;
pub mod shell;
pub mod size_guard;
pub mod text_dialog;
pub mod worker;
pub mod wrap_text;

pub use app::build;
pub use shell::UiOptions;
