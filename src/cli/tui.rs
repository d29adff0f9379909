//! `othello-tutor` with no subcommand: the cursive TUI.

/// Runs the TUI. A panic on the UI thread first restores the terminal, then prints
/// its message. A panic in an engine job is caught by the worker, which reports it on
/// the screen and in the error log: printing it here would write over the screen.
pub fn run(options: othello_tutor::ui::UiOptions) {
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
