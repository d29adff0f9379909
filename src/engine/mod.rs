//! Pure Othello: squares, boards, notation, features, evaluation and search.
//! No I/O, no content.

pub mod bits;
pub mod board;
pub mod endgame;
pub mod features;
pub mod game;
pub mod notation;
pub mod perft;
pub mod square;
pub mod table;

pub use board::{Board, Color, Move, MoveError, Position};
pub use game::Game;
pub use notation::NotationError;
pub use square::{Square, SquareSet};
