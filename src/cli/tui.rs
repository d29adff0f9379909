//! `othello-tutor` with no subcommand: the cursive TUI.

use othello_tutor::tutor::lock::DataDirAccess;
use std::io::{BufRead, Write};

/// The environment variable that makes the tutor take its data directory as it
/// always does, print how it got it (one line, see [`DataDirAccess::describe`]),
/// hold it until its input ends, and exit, without opening the screen: the tests'
/// way to run two tutors on one directory without a terminal.
pub const LOCK_PROBE_ENV: &str = "OTHELLO_TUTOR_LOCK_PROBE";

/// Takes the data directory for this tutor: its lock, or read-only when another
/// tutor holds it; `None` when there is no data directory at all (the screens say
/// so where it matters).
fn take_data_dir(options: &othello_tutor::ui::UiOptions) -> Option<DataDirAccess> {
    let dir = othello_tutor::tutor::progress::data_dir(options.data_dir.as_deref()).ok()?;
    Some(DataDirAccess::open(&dir))
}

/// Runs the TUI, holding the data directory's lock while it runs (a second tutor
/// on the same directory opens read-only and says so). A panic on the UI thread first
/// restores the terminal, then prints its message. A panic in an engine job is caught
/// by the worker, which reports it on the screen and in the error log: printing it
/// here would write over the screen.
pub fn run(options: othello_tutor::ui::UiOptions) {
    let access = take_data_dir(&options);
    if std::env::var_os(LOCK_PROBE_ENV).is_some_and(|v| !v.is_empty()) {
        probe(access.as_ref());
        return;
    }
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some("main") {
            restore_terminal();
            default_hook(info);
        }
    }));
    let mut siv = cursive::default();
    othello_tutor::ui::build(&mut siv, options);
    siv.run();
    drop(access);
}

/// Prints how the data directory was taken, then holds it until stdin ends.
fn probe(access: Option<&DataDirAccess>) {
    let line = access.map_or_else(|| "no data directory".to_string(), |a| a.describe());
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    for line in std::io::stdin().lock().lines() {
        if line.is_err() {
            break;
        }
    }
}

fn restore_terminal() {
    use cursive::backends::crossterm::crossterm::{
        cursor, event::DisableMouseCapture, execute, terminal,
    };
    let _ = execute!(
        std::io::stdout(),
        terminal::LeaveAlternateScreen,
        DisableMouseCapture,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}
