//! The commands of the maintainers' binary, `othello-lab`, one file per command or
//! small group. `src/bin/othello-lab.rs` parses the command line ([`args`]) and calls
//! these; each prints its results and returns a [`UserError`] for bad input. The
//! algorithms they run (the book builder, the Multi-ProbCut calibration, the
//! consistency and swing measures) are library code in `othello_tutor::engine`; these
//! files read and write the files and print.
//!
//! Only `othello-lab` compiles this tree; it shares `src/cli/shared.rs` and
//! `src/cli/cpu.rs` with the learner's binary.

pub mod args;
pub mod bench;
pub mod book;
pub mod book_check;
pub mod book_reference;
pub mod consistency;
pub mod content;
#[path = "../cpu.rs"]
pub mod cpu;
pub mod fit_cache;
pub mod jobs;
pub mod ladder;
pub mod matches;
pub mod mine;
pub mod outcomes;
pub mod perft;
pub mod playouts;
pub mod potential;
pub mod quality;
pub mod run_folder;
pub mod scale;
#[path = "../shared.rs"]
pub mod shared;
pub mod tempo;
pub mod train;
pub mod tune;

pub use shared::UserError;
pub(crate) use shared::outln;
