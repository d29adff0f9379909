//! One writer per data directory: two tutors on one directory (the real binary,
//! twice, taking its data directory as the TUI does, see `cli::tui::LOCK_PROBE_ENV`),
//! the second told and read-only, the first's files intact; `import` refused while a
//! tutor runs; and a read-only tutor's screens, which say so and write nothing.

use crate::common;

use common::child::TIMEOUT;
use common::{Harness, temp_data_dir};
use othello_tutor::tutor::lock::{DataDirAccess, DataDirLock, LockError};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;

/// A tutor on `dir` that takes its data directory, says how (one line), and holds
/// it until its stdin closes.
struct Tutor {
    process: Child,
    line: String,
}

impl Tutor {
    fn start(dir: &std::path::Path) -> Tutor {
        let mut process = Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
            .args(["--data-dir", dir.to_str().expect("utf-8")])
            .env("OTHELLO_TUTOR_LOCK_PROBE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = process.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(TIMEOUT)
            .expect("the tutor says how it took its data directory");
        Tutor {
            process,
            line: line.trim_end().to_string(),
        }
    }

    /// Closes its input and waits for it to end.
    fn quit(mut self) {
        drop(self.process.stdin.take());
        let status = self.process.wait().expect("waited for");
        assert!(status.success(), "{status}");
    }
}

impl Drop for Tutor {
    fn drop(&mut self) {
        if let Ok(None) = self.process.try_wait() {
            let _ = self.process.kill();
            let _ = self.process.wait();
        }
    }
}

#[test]
fn a_second_tutor_on_the_same_directory_is_read_only() {
    let dir = temp_data_dir("two-tutors");
    let progress = "version = 1\n# the first tutor's progress\n";
    std::fs::write(dir.join("progress.toml"), progress).expect("write");
    let first = Tutor::start(&dir);
    assert_eq!(first.line, format!("writable {}", dir.display()));
    let second = Tutor::start(&dir);
    let pid = first.process.id();
    assert_eq!(
        second.line,
        format!(
            "read-only {0}: another othello-tutor (process {pid}) is using the data directory {0}",
            dir.display()
        )
    );
    // `import` writes the library: it stops with one line while a tutor runs.
    let file = dir.join("one.ggf");
    std::fs::write(
        &file,
        "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5];)",
    )
    .expect("write");
    let out = common::cli::run(&[
        "import",
        "--data-dir",
        dir.to_str().expect("utf-8"),
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = common::cli::stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("another othello-tutor (process {pid}) is using")),
        "{err}"
    );
    assert!(!dir.join("games").exists());
    second.quit();
    first.quit();
    assert_eq!(
        std::fs::read_to_string(dir.join("progress.toml")).expect("read"),
        progress
    );
    // The first gone, the next tutor is the writer (the lock went with the process).
    let next = Tutor::start(&dir);
    assert_eq!(next.line, format!("writable {}", dir.display()));
    next.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_lock_is_held_until_it_is_dropped() {
    let dir = temp_data_dir("lock-in-process");
    let lock = DataDirLock::acquire(&dir).expect("free");
    match DataDirLock::acquire(&dir) {
        Err(LockError::Busy { holder, .. }) => assert_eq!(holder, Some(std::process::id())),
        other => panic!("{other:?}"),
    }
    drop(lock);
    DataDirLock::acquire(&dir).expect("free again");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tutor that opened read-only (the lock taken here, as another tutor would):
/// its menu says so, and saving progress, a game or an import writes nothing.
#[test]
fn a_read_only_tutor_says_so_and_writes_nothing() {
    let dir = temp_data_dir("read-only-ui");
    let progress = "version = 1\n";
    std::fs::write(dir.join("progress.toml"), progress).expect("write");
    let _first = DataDirLock::acquire(&dir).expect("free");
    let access = DataDirAccess::open(&dir);
    assert!(
        matches!(access, DataDirAccess::ReadOnly { .. }),
        "{access:?}"
    );
    let mut h = Harness::with_dir(100, 30, dir.clone());
    let t = h.text();
    assert!(t.contains("Read-only"), "{t}");
    assert!(t.contains("Another othello-tutor"), "{t}");
    assert!(t.contains("This tutor opens read-only"), "{t}");
    h.send(cursive::event::Event::Key(cursive::event::Key::Enter));
    // Progress: loaded, but not saved.
    let saved = othello_tutor::ui::shell::with_progress(h.siv(), |ps| {
        ps.progress.lesson_mut("rules").advance(2);
        ps.save()
    });
    let err = saved.expect_err("read-only");
    assert!(err.contains("read-only"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("progress.toml")).expect("read"),
        progress
    );
    // The library: an import is refused with the reason before any file is asked
    // for, and adds nothing.
    h.keys("6");
    h.keys("i");
    let t = h.wait_for("Cannot import");
    let words = t
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(words.contains("read-only"), "{t}");
    assert!(!t.contains("Import games"), "no dialog opens: {t}");
    assert!(!dir.join("games").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
