//! "Potential", the second game of the reference texts: rules, move generation and AI.
//!
//! Two sides place pieces one by one to build a single connected group on an
//! unbounded grid, then take turns moving their own pieces to cells where
//! they have fewer neighbours (or as many, but fewer sharing a side), never
//! splitting the group. The side that cannot move loses, and the other side
//! scores one point per move it can still make alone. The rules are worked
//! out in `shared/potential-rules.md`; this module knows nothing of the
//! Othello engine, the tutor or the terminal.
//!
//! - [`cell`]: cells, colors, moves and their text form.
//! - [`board`]: the pieces on the field.
//! - [`movegen`]: bound pieces, keys, frontier, fast move generation.
//! - [`position`]: phases, legality, the stuck test, the run, results.
//! - [`canonical`]: canonical forms under translation and symmetry.
//! - [`run`]: the final run as a longest-path search.
//! - [`eval`], [`ai`]: the computer player.
//! - [`game`]: moves, undo and the game record.
//! - [`selfplay`]: self-play for the command line.

pub mod ai;
pub mod board;
pub mod canonical;
pub mod cell;
pub mod error;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod position;
pub mod rules_text;
pub mod run;
pub mod selfplay;

pub use ai::{Level, Player, SearchLimits, SearchReport};
pub use board::Board;
pub use cell::{Adjacency, Cell, Color, PotentialMove};
pub use error::{IllegalMove, PotentialError};
pub use game::Game;
pub use movegen::Analysis;
pub use position::{GameResult, Handicap, Phase, Position};
pub use selfplay::selfplay_text;
