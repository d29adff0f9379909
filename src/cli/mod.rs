//! The commands of the learner's binary, `othello-tutor`, one file per command.
//! `main.rs` parses the command line ([`args`]) and calls these; each prints its
//! results on standard output and returns a [`UserError`] for bad input.
//!
//! The maintainers' commands live in `src/cli/lab/`,
//! which only the second binary, `othello-lab`, compiles: a learner's build carries
//! none of them. Both binaries include [`shared`] (errors, `outln!`, the parse, the
//! options they have in common) and [`cpu`] (the start-up check).

pub mod analyze;
pub mod args;
pub mod cpu;
pub mod library;
pub mod nboard;
pub mod opening;
pub mod potential;
pub mod review;
pub mod shared;
pub mod show;
pub mod solve;
pub mod tui;

pub use shared::UserError;
pub(crate) use shared::outln;
