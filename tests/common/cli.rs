//! Running the two binaries (`othello-tutor`, `othello-lab`) from the command-line
//! tests.

use std::process::{Command, Output};

/// Runs `othello-tutor ARGS` without colour and waits for it.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

/// Runs `othello-lab ARGS` (the maintainers' binary) without colour and waits for it.
pub fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-lab"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the lab binary runs")
}

/// Its standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Its standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
