//! Openings: the named openings (data in `src/data/openings.toml`, recognised by
//! position up to the board's symmetries) and the XOT list of balanced openings that
//! practice games and engine matches start from.

pub mod named;
mod xot;

pub use named::{NamedOpening, OpeningError, OpeningProblem, Openings, embedded};
pub use xot::{random_xot, xot_position, xot_transcripts};
