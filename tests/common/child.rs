//! Driving the binary as a child process over its stdin/stdout. Every read waits at
//! most [`TIMEOUT`]: a reader thread feeds the child's output lines to a channel, so a
//! child that deadlocks fails the test instead of hanging it. Its stderr is kept.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// The longest a test waits for one line (generous: only a deadlock should reach it).
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// A running `othello-tutor` with piped stdin, stdout and stderr.
pub struct Child {
    /// The arguments, for messages.
    name: String,
    process: std::process::Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
    /// Every line read so far, for messages.
    seen: Vec<String>,
}

/// How a child ended.
pub struct Finished {
    /// Its exit status.
    pub status: ExitStatus,
    /// The lines it wrote after the last one read.
    pub rest: Vec<String>,
    /// Everything it wrote on stderr.
    pub stderr: String,
}

impl Child {
    /// Starts `othello-tutor ARGS`.
    pub fn spawn(args: &[&str]) -> Child {
        let mut process = Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let input = process.stdin.take();
        let stdout = process.stdout.take().expect("stdout is piped");
        let mut stderr = process.stderr.take().expect("stderr is piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Child {
            name: args.join(" "),
            process,
            input,
            lines,
            stderr: Some(stderr),
            seen: Vec::new(),
        }
    }

    /// Writes `line` to the child's stdin.
    pub fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("stdin is open");
        writeln!(input, "{line}")
            .and_then(|()| input.flush())
            .unwrap_or_else(|e| panic!("`{}` no longer reads ({e}): {line}", self.name));
    }

    /// The next line the child writes; fails after [`TIMEOUT`] or at the end of its
    /// output.
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(line) => {
                self.seen.push(line.clone());
                line
            }
            Err(RecvTimeoutError::Timeout) => panic!(
                "`{}` wrote nothing for {TIMEOUT:?}; it wrote before:\n{}",
                self.name,
                self.recent()
            ),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "`{}` ended its output early; it wrote before:\n{}",
                self.name,
                self.recent()
            ),
        }
    }

    /// Lines up to and including the one `until` accepts.
    pub fn lines_until(&mut self, until: impl Fn(&str) -> bool) -> Vec<String> {
        let mut all = Vec::new();
        loop {
            let l = self.line();
            let done = until(&l);
            all.push(l);
            if done {
                return all;
            }
        }
    }

    /// The last lines read, one per line.
    fn recent(&self) -> String {
        let from = self.seen.len().saturating_sub(30);
        self.seen[from..].join("\n")
    }

    /// Closes the child's stdin and waits (at most [`TIMEOUT`] for each line) for the
    /// end of its output, then for its exit.
    pub fn finish(mut self) -> Finished {
        drop(self.input.take());
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(TIMEOUT) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "`{}` did not end {TIMEOUT:?} after its input did; it wrote:\n{}\n{}",
                    self.name,
                    self.recent(),
                    rest.join("\n")
                ),
            }
        }
        let status = self.process.wait().expect("the child is waited for");
        let stderr = self
            .stderr
            .take()
            .map(|h| h.join().unwrap_or_default())
            .unwrap_or_default();
        Finished {
            status,
            rest,
            stderr,
        }
    }
}

impl Drop for Child {
    /// A child left running by a failed test is killed, not left to search on.
    fn drop(&mut self) {
        if let Ok(None) = self.process.try_wait() {
            let _ = self.process.kill();
            let _ = self.process.wait();
        }
    }
}
