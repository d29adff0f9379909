//! Pure Othello: squares, boards, notation, move counting. No I/O, no content.

pub mod board;
pub mod game;
pub mod notation;
pub mod perft;
pub mod square;

pub use board::{Board, Color, Move, MoveError, Position};
pub use game::Game;
pub use notation::NotationError;
pub use square::{Square, SquareSet};
