//! Pure Othello: squares, boards, notation, features, evaluation and search.
//! No I/O, no content.

pub mod analysis;
pub mod bits;
pub mod board;
pub mod book;
pub mod book_build;
pub mod consistency;
pub mod cpu_dispatch;
pub mod design;
pub mod duel;
pub mod endgame;
pub mod eval;
pub mod evaluator;
pub mod features;
pub mod game;
pub mod ggf_games;
pub mod mpc;
pub mod mpc_calibrate;
pub mod notation;
mod pages;
pub mod parallel_solve;
pub mod pattern;
pub mod perft;
pub mod players;
pub mod pool;
pub mod search;
pub mod square;
pub mod swing;
pub mod symmetry;
pub mod table;
pub mod train;
pub mod tune;
pub mod weights;
pub mod wthor;

pub use board::{Board, Color, Move, MoveError, Position};
pub use game::Game;
pub use notation::NotationError;
pub use square::{Square, SquareSet};
