//! The cursive user interface. Holds no game rules: it reads the tutor and the engine.
pub mod board_view;
pub mod potential_screen;
