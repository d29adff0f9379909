//! The cursive user interface. Holds no game rules: it reads the tutor and the engine.
//!
//! `build` sets up the whole interface on a `Cursive` root; `main` and the tests call
//! the same function. Screens open one another only through [`nav::go`].

pub mod analyze_screen;
pub mod app;
pub mod board_view;
pub mod help;
pub mod lesson_screen;
pub mod nav;
pub mod potential_screen;
pub mod practice_screen;
pub mod progress_screen;
pub mod puzzle_screen;
pub mod shell;
pub mod size_guard;
pub mod worker;

pub use app::build;
pub use shell::UiOptions;
