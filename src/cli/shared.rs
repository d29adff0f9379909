//! What both binaries share: the one-line error of bad input, `outln!`, the parse
//! that turns clap's errors into one line, and the exit status of a command.
//!
//! Included by `src/cli/mod.rs` (the learner's `othello-tutor`) and by
//! `src/cli/lab/mod.rs` (the maintainers' `othello-lab`).

use std::process::ExitCode;

/// A failure that the user caused: printed as one line, exit status 2.
#[derive(Debug)]
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

/// Parses `args` into `T`: help and version print as clap prints them; any other
/// error (an unknown option, a value out of range, two options that do not go
/// together) is one line on stderr, "PROGRAM: WHAT", and exit status 2.
pub fn parse_or_exit<T: clap::Parser>(
    program: &str,
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> T {
    use clap::error::ErrorKind;
    match T::try_parse_from(args) {
        Ok(parsed) => parsed,
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            e.exit()
        }
        Err(e) => {
            eprintln!("{program}: {}", first_line(&e.render().to_string()));
            std::process::exit(2)
        }
    }
}

/// Clap's message on one line: its first paragraph (a list of missing options
/// included), without the "error: " prefix.
fn first_line(rendered: &str) -> String {
    let paragraph: Vec<&str> = rendered
        .trim_start()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let line = paragraph.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}

/// The exit status of a command's result: 0, or 2 with its error on one line.
pub fn finish(program: &str, result: Result<(), UserError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError(msg)) => {
            eprintln!("{program}: {msg}");
            ExitCode::from(2)
        }
    }
}

/// `--threads`: the threads of a command's searches.
#[derive(clap::Args, Clone, Copy)]
pub struct Threads {
    /// Threads for the engine's searches (default: the machine's cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
}

impl Threads {
    /// The threads asked for (`None`: every core), set as the analysis' default and
    /// returned.
    pub fn apply(self) -> usize {
        othello_tutor::engine::analysis::set_default_threads(
            self.threads.map_or(0, |t| t as usize),
        );
        othello_tutor::engine::analysis::default_threads()
    }
}

/// `--data-dir`: where the learner's files live.
#[derive(clap::Args, Clone)]
pub struct DataDir {
    /// Where progress and saved games live (default: the user's data directory;
    /// the environment variable OTHELLO_TUTOR_DATA also sets it)
    #[arg(long)]
    pub data_dir: Option<std::path::PathBuf>,
}
