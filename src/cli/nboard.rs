//! `othello-tutor nboard`: the engine over the NBoard protocol, the line protocol that
//! the NBoard GUI (and others) use to drive Othello engines on stdin/stdout.
//!
//! Commands read: `nboard VERSION`, `set depth N`, `set game GGF`, `set contempt N`
//! (ignored), `move MOVE[/EVAL[/TIME]]` (or a bare move, as NBoard 1.1 sends it),
//! `hint N`, `go`, `ping N`, `learn` (answered, nothing learnt), `analyze` (not
//! supported: a status line says so), `quit`. Lines sent: `set myname NAME`,
//! `status TEXT`, `nodestats NODES SECONDS`, `search PV EVAL 0 DEPTH [text]`,
//! `=== MOVE/EVAL/TIME`, `pong N`, `learned`. Lines that arrive while the engine
//! thinks wait their turn, except `ping`, which stops the search (its answer is
//! dropped, as the protocol asks) and is answered at once. A malformed command gets one `status error: ...` line
//! (and the same on stderr); unknown commands are ignored, as the protocol asks.

use othello_tutor::engine::analysis::{AnalysisOptions, MoveValue, analyze_with_threads};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::notation::parse_ggf;
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::{Game, Move, Position, Square};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The name the engine gives itself.
const NAME: &str = "othello-tutor";
/// The midgame depth before the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;
/// The selective search's confidence for `go` and `hint` (the exact solver is never
/// selective).
const CONFIDENCE: Confidence = Confidence(200);

/// Exact solving starts at this many empties for a midgame depth of `depth`.
fn exact_empties(depth: u32) -> u32 {
    (depth + 8).clamp(depth, 24)
}

/// The protocol's state: the game, the depth, the searcher.
struct Session {
    game: Game,
    depth: u32,
    searcher: Searcher,
    stop: Arc<AtomicBool>,
    threads: usize,
}

/// What the main loop does after a line.
enum Next {
    Continue,
    Think(Work),
    Quit,
}

/// The thinking commands.
#[derive(Clone, Copy)]
enum Work {
    Go,
    Hint(usize),
}

/// Runs the protocol on stdin/stdout until `quit` or the end of the input.
pub fn run(threads: usize) {
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    serve(&rx, &mut out, threads);
}

/// The loop: lines from `rx`, answers to `out`.
fn serve(rx: &Receiver<String>, out: &mut impl Write, threads: usize) {
    let stop = Arc::new(AtomicBool::new(false));
    let mut searcher = Searcher::default();
    searcher.set_stop_flag(stop.clone());
    searcher.set_selectivity(Some(CONFIDENCE.selectivity()));
    let mut session = Session {
        game: Game::new(Position::start()),
        depth: DEFAULT_DEPTH,
        searcher,
        stop,
        threads,
    };
    let mut pending: VecDeque<String> = VecDeque::new();
    loop {
        let line = match pending.pop_front() {
            Some(l) => l,
            None => match rx.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        match session.handle(line.trim(), out) {
            Next::Continue => {}
            Next::Quit => break,
            Next::Think(work) => session.think(work, rx, &mut pending, out),
        }
        let _ = out.flush();
    }
}

/// Writes one line and flushes (the GUI reads through a pipe).
fn send(out: &mut impl Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reports a malformed command.
fn error(out: &mut impl Write, what: &str) {
    eprintln!("othello-tutor nboard: {what}");
    send(out, &format!("status error: {what}"));
}

/// A move in the protocol's spelling: "F5", or "PA" for a pass.
fn move_text(mv: Option<Square>) -> String {
    mv.map_or("PA".to_string(), |s| s.name().to_uppercase())
}

/// A line of moves without spaces ("F5-D6-C3").
fn pv_text(pv: &[Option<Square>]) -> String {
    pv.iter()
        .map(|&m| move_text(m))
        .collect::<Vec<_>>()
        .join("-")
}

impl Session {
    fn position(&self) -> Position {
        self.game.current()
    }

    fn handle(&mut self, line: &str, out: &mut impl Write) -> Next {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Next::Continue;
        };
        match command {
            "nboard" => match words.next().map(str::parse::<u32>) {
                Some(Ok(_)) | None => send(out, &format!("set myname {NAME}")),
                Some(Err(_)) => error(out, "nboard: the version is not a number"),
            },
            "set" => self.set(line, words.next(), words.next(), out),
            "move" => match words.next() {
                Some(text) => self.play(text, out),
                None => error(out, "move: which move?"),
            },
            "hint" => match words.next().map(str::parse::<usize>) {
                Some(Ok(n)) if n >= 1 => return Next::Think(Work::Hint(n)),
                None => return Next::Think(Work::Hint(1)),
                _ => error(out, "hint: the count must be a whole number of at least 1"),
            },
            "go" => return Next::Think(Work::Go),
            "ping" => send(out, &format!("pong {}", words.next().unwrap_or("0"))),
            "learn" => send(out, "learned"),
            "analyze" => send(out, "status analyze is not supported; use hint"),
            "quit" => return Next::Quit,
            // NBoard 1.1 sends a bare move ("F5").
            c if c.len() == 2 && (Square::parse(c).is_ok() || c.eq_ignore_ascii_case("pa")) => {
                self.play(c, out)
            }
            other => eprintln!("othello-tutor nboard: ignored unknown command {other:?}"),
        }
        Next::Continue
    }

    fn set(&mut self, line: &str, what: Option<&str>, value: Option<&str>, out: &mut impl Write) {
        match what {
            Some("depth") => match value.map(str::parse::<u32>) {
                Some(Ok(d)) if (1..=60).contains(&d) => {
                    self.depth = d;
                    send(out, &format!("set myname {NAME}"));
                }
                _ => error(
                    out,
                    "set depth: the depth must be a whole number from 1 to 60",
                ),
            },
            Some("game") => {
                let ggf = line.split_once("game").map_or("", |(_, rest)| rest).trim();
                match parse_ggf(ggf) {
                    Ok(record) => self.game = record.game,
                    Err(e) => error(out, &format!("set game: {e}")),
                }
            }
            Some("contempt") => {}
            Some(other) => eprintln!("othello-tutor nboard: ignored unknown setting {other:?}"),
            None => error(out, "set: what to set?"),
        }
    }

    /// Plays `text` ("F5", "f5/1.5/2.0", "PA") on the game.
    fn play(&mut self, text: &str, out: &mut impl Write) {
        let square = text.split('/').next().unwrap_or("");
        let mv = if square.eq_ignore_ascii_case("pa") {
            Move::Pass
        } else {
            match Square::parse(&square.to_lowercase()) {
                Ok(s) => Move::Place(s),
                Err(_) => return error(out, &format!("move: {square:?} is not a square")),
            }
        };
        if let Err(e) = self.game.play(mv) {
            error(out, &format!("move {square}: {e}"));
        }
    }

    /// Runs `work` on a worker thread; lines that arrive meanwhile wait in `pending`,
    /// and a `ping` among them stops it.
    fn think(
        &mut self,
        work: Work,
        rx: &Receiver<String>,
        pending: &mut VecDeque<String>,
        out: &mut impl Write,
    ) {
        let position = self.position();
        if position.is_game_over() {
            return error(out, "the game is over");
        }
        send(out, &format!("status {NAME} is thinking"));
        self.stop.store(false, Ordering::Relaxed);
        let (depth, threads) = (self.depth, self.threads);
        let start = Instant::now();
        let (searcher, stop) = (&mut self.searcher, &self.stop);
        let answer = std::thread::scope(|scope| {
            let worker = scope.spawn(move || compute(searcher, &position, work, depth, threads));
            while !worker.is_finished() {
                match rx.recv_timeout(Duration::from_millis(5)) {
                    Ok(line) => {
                        if line.split_whitespace().next() == Some("ping") {
                            stop.store(true, Ordering::Relaxed);
                        }
                        pending.push_back(line);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    // The input has ended: finish the work, then the loop ends.
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            worker.join().ok().flatten()
        });
        let seconds = start.elapsed().as_secs_f64();
        if let Some(answer) = answer
            && !self.stop.load(Ordering::Relaxed)
        {
            for line in answer.lines(seconds) {
                send(out, &line);
            }
        }
        self.stop.store(false, Ordering::Relaxed);
        send(out, "status");
    }
}

/// A finished search's result.
enum Answer {
    Go {
        mv: Option<Square>,
        score: i32,
        nodes: u64,
    },
    Hint(Vec<MoveValue>),
}

impl Answer {
    fn lines(&self, seconds: f64) -> Vec<String> {
        match self {
            Answer::Go { mv, score, nodes } => vec![
                format!("nodestats {nodes} {seconds:.2}"),
                format!(
                    "=== {}/{:.2}/{seconds:.2}",
                    move_text(*mv),
                    *score as f64 / 100.0
                ),
            ],
            Answer::Hint(values) => values
                .iter()
                .map(|v| {
                    let depth = if v.exact {
                        format!("{} exact", v.depth)
                    } else {
                        format!("{}", v.depth)
                    };
                    format!(
                        "search {} {:.2} 0 {depth}",
                        pv_text(&v.pv),
                        v.score as f64 / 100.0
                    )
                })
                .collect(),
        }
    }
}

/// The search behind `work`; `None` when it was stopped.
fn compute(
    searcher: &mut Searcher,
    position: &Position,
    work: Work,
    depth: u32,
    threads: usize,
) -> Option<Answer> {
    let exact = exact_empties(depth);
    match work {
        Work::Go => {
            if position.must_pass() {
                return Some(Answer::Go {
                    mv: None,
                    score: 0,
                    nodes: 0,
                });
            }
            searcher.clear();
            let r = searcher
                .search(&position.board, Limits::depth(depth, exact))
                .ok()?;
            Some(Answer::Go {
                mv: r.best,
                score: r.score,
                nodes: r.nodes,
            })
        }
        Work::Hint(n) => {
            let options = AnalysisOptions {
                depth,
                exact_empties: exact,
                time: None,
                selective: Some(CONFIDENCE),
            };
            let mut values =
                analyze_with_threads(searcher, &position.board, options, threads).ok()?;
            values.truncate(n);
            Some(Answer::Hint(values))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn ping_set_depth_and_go() {
        let out = exchange(&["nboard 2", "set depth 4", "ping 7", "go", "quit"]);
        assert_eq!(out[0], "set myname othello-tutor");
        assert!(out.contains(&"pong 7".to_string()));
        let go = out.iter().find(|l| l.starts_with("=== ")).expect("a move");
        // The four first moves are the only legal ones.
        let mv = &go[4..6];
        assert!(["F5", "D3", "C4", "E6"].contains(&mv), "{go}");
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
}
