//! The NBoard protocol's rules, exchange by exchange.

use super::*;
use std::sync::mpsc::Sender;

/// Serves `lines` to the end of the input (no thinking command may be among them:
/// the end of the input would stop it).
fn exchange(lines: &[&str]) -> Vec<String> {
    let (tx, rx) = channel::<String>();
    for l in lines {
        tx.send(l.to_string()).unwrap();
    }
    drop(tx);
    let mut out = Vec::new();
    serve(&rx, &mut out, 1);
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// An output that hands each finished line to a channel.
struct LineWriter {
    buf: Vec<u8>,
    tx: Sender<String>,
}

impl Write for LineWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            let _ = self.tx.send(text);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A session thinking with `job` on its own thread: its input and its output lines.
fn live(
    job: Job,
) -> (
    Sender<String>,
    Receiver<String>,
    std::thread::JoinHandle<()>,
) {
    let (in_tx, in_rx) = channel::<String>();
    let (out_tx, out_rx) = channel::<String>();
    let handle = std::thread::spawn(move || {
        let mut out = LineWriter {
            buf: Vec::new(),
            tx: out_tx,
        };
        Session::new(1, job).serve(&in_rx, &mut out);
    });
    (in_tx, out_rx, handle)
}

/// The output lines up to and including the one `until` accepts (at most a minute
/// for each).
fn until(rx: &Receiver<String>, until: impl Fn(&str) -> bool) -> Vec<String> {
    let mut all = Vec::new();
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("no line ({e}) after {all:?}"));
        let done = until(&line);
        all.push(line);
        if done {
            return all;
        }
    }
}

/// [`compute`], except that it panics at depth 3.
fn fails_at_depth_3(
    searcher: &mut Searcher,
    position: Position,
    work: Work,
    depth: u32,
    threads: usize,
) -> Option<Answer> {
    assert_ne!(depth, 3, "a planted failure");
    compute(searcher, position, work, depth, threads)
}

#[test]
fn the_exact_threshold_is_total_and_monotone() {
    let mut last = 0;
    for depth in 0..=200 {
        let e = exact_empties(depth);
        assert!(e >= last && e <= MAX_EXACT_EMPTIES, "{depth}: {e}");
        last = e;
    }
    assert_eq!(exact_empties(4), 12);
    assert_eq!(exact_empties(40), 24);
    assert_eq!(exact_empties(u32::MAX), 24);
}

#[test]
fn ping_set_depth_and_go() {
    let (tx, rx, handle) = live(compute);
    for l in ["nboard 2", "set depth 4", "ping 7", "go"] {
        tx.send(l.to_string()).unwrap();
    }
    let out = until(&rx, |l| l.starts_with("=== "));
    assert_eq!(out[0], "set myname othello-tutor");
    assert!(out.contains(&"pong 7".to_string()));
    let go = out.last().unwrap();
    // The four first moves are the only legal ones.
    let mv = &go[4..6];
    assert!(["F5", "D3", "C4", "E6"].contains(&mv), "{go}");
    assert_eq!(until(&rx, |_| true), ["status"]);
    tx.send("quit".to_string()).unwrap();
    handle.join().unwrap();
}

#[test]
fn a_failure_in_the_search_is_reported_and_the_engine_goes_on() {
    let (tx, rx, handle) = live(fails_at_depth_3);
    for l in ["nboard 2", "set depth 3", "go"] {
        tx.send(l.to_string()).unwrap();
    }
    let out = until(&rx, |l| l.starts_with("=== "));
    let failure = out
        .iter()
        .find(|l| l.starts_with("status error: go failed"))
        .unwrap_or_else(|| panic!("{out:?}"));
    assert!(failure.contains("a planted failure"), "{failure}");
    // Still a legal move: the first in square order.
    assert!(out.last().unwrap().starts_with("=== D3/0.00/"), "{out:?}");
    tx.send("hint 2".to_string()).unwrap();
    let out = until(&rx, |l| l.starts_with("status error"));
    assert!(
        out.last()
            .unwrap()
            .starts_with("status error: hint 2 failed")
    );
    assert!(!out.iter().any(|l| l.starts_with("search ")), "{out:?}");
    // Another depth: the engine answers as usual.
    for l in ["set depth 2", "hint 2", "go"] {
        tx.send(l.to_string()).unwrap();
    }
    let out = until(&rx, |l| l.starts_with("=== "));
    let searches = out.iter().filter(|l| l.starts_with("search ")).count();
    assert_eq!(searches, 2, "{out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    tx.send("quit".to_string()).unwrap();
    handle.join().unwrap();
}

#[test]
fn malformed_commands_get_an_error_line() {
    let out = exchange(&[
        "nboard 2",
        "set depth many",
        "move Z9",
        "move A1",
        "set game (;GM[Othello]BO[8 junk",
        "hint zero",
        "frobnicate",
        "ping 1",
    ]);
    let errors = out
        .iter()
        .filter(|l| l.starts_with("status error:"))
        .count();
    assert_eq!(errors, 5, "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("pong 1"));
}
