//! The cursive user interface. Holds no game rules: it reads the tutor and the engine.
pub mod potential_screen;
