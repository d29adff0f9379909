//! `othello-tutor`, the learner's binary: with no command it opens the tutor (the
//! cursive TUI); its commands print what the screens show (see README.md). It parses
//! its command line and calls one file of `src/cli/`; the maintainers' tools are in
//! the second binary, `othello-lab` (`src/bin/othello-lab.rs`).

mod cli;

use cli::args::{Cli, Command, PotentialCommand, protect_board};
use cli::shared::{finish, parse_or_exit};
use std::process::ExitCode;

/// The program's name in its one-line errors.
const PROGRAM: &str = "othello-tutor";

fn main() -> ExitCode {
    // First, before any code built for AVX2/BMI2 runs.
    if !cli::cpu::check() {
        return ExitCode::from(2);
    }
    finish(PROGRAM, run(parse()))
}

/// Parses the command line (an OBF board after `analyze` or `opening` may start
/// with `-`).
#[inline(never)]
fn parse() -> Cli {
    let mut takes_board = false;
    parse_or_exit(
        PROGRAM,
        std::env::args_os().map(|arg| {
            let arg = if takes_board { protect_board(arg) } else { arg };
            takes_board |= arg == "analyze" || arg == "opening";
            arg
        }),
    )
}

/// Runs the command.
fn run(cli: Cli) -> Result<(), cli::UserError> {
    let Some(command) = cli.command else {
        let t = cli.tutor;
        t.threads.apply();
        cli::tui::run(othello_tutor::ui::UiOptions {
            data_dir: t.data_dir.data_dir,
            table_mb: t.table.table_mb as usize,
            ..Default::default()
        });
        return Ok(());
    };
    match command {
        Command::Analyze(a) => {
            let threads = a.threads.apply();
            let mode = if a.feedback {
                cli::analyze::Mode::Feedback
            } else if a.hint {
                cli::analyze::Mode::Hint
            } else if a.exact {
                cli::analyze::Mode::Exact
            } else {
                cli::analyze::Mode::Depth(a.depth)
            };
            cli::analyze::run(&a.position.join(" "), mode, threads)
        }
        Command::Review(r) => {
            r.threads.apply();
            cli::review::run(&r.game.join(" "))
        }
        Command::Show(s) => cli::show::run(&s.transcript.join(" ")),
        Command::Solve(s) => {
            let threads = if s.wld { 1 } else { s.threads.apply() };
            cli::solve::run(&s.file, s.wld, threads, s.table.table_mb as usize)
        }
        Command::Opening(o) if o.list => cli::opening::list(),
        Command::Opening(o) => cli::opening::run(&o.position.join(" ")),
        Command::Library(l) => cli::library::list(l.data_dir.data_dir.as_deref(), l.trash),
        Command::Import(i) => cli::library::import(i.data_dir.data_dir.as_deref(), &i.file),
        Command::Nboard(n) => {
            cli::nboard::run(n.threads.apply(), n.table.table_mb as usize);
            Ok(())
        }
        Command::Potential {
            command:
                PotentialCommand::Selfplay {
                    pieces,
                    seed,
                    level,
                },
        } => cli::potential::selfplay(pieces, seed, &level),
    }
}
