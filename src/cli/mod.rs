//! The subcommands of the `othello-tutor` binary, one file per subcommand or small
//! group. `main.rs` parses the command line and calls these; each prints its results
//! on standard output and returns a `UserError` for bad input.

pub mod analyze;
pub mod args;
pub mod bench;
pub mod book;
pub mod book_check;
pub mod book_reference;
pub mod consistency;
pub mod content;
pub mod cpu;
pub mod library;
pub mod matches;
pub mod mine;
pub mod nboard;
pub mod opening;
pub mod perft;
pub mod potential;
pub mod quality;
pub mod review;
pub mod show;
pub mod solve;
pub mod swing;
pub mod tempo;
pub mod train;
pub mod tui;
pub mod tune;

/// A failure that the user caused: printed as one line, exit status 2.
pub struct UserError(pub String);

/// `println!` that ends the program quietly when standard output is closed (for
/// example when piped into `head`), instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use outln;
