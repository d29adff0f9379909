//! `othello-tutor nboard`: the engine over the NBoard protocol, the line protocol that
//! the NBoard GUI (and others) use to drive Othello engines on stdin/stdout.
//!
//! Commands read: `nboard VERSION`, `set depth N` (1 to 60), `set game GGF`,
//! `set contempt N` (ignored), `move MOVE[/EVAL[/TIME]]` (or a bare move, as NBoard 1.1
//! sends it), `hint N`, `go`, `ping N`, `learn` (answered, nothing learnt), `analyze`
//! (not supported: a status line says so), `quit`. Lines sent: `set myname NAME`,
//! `status TEXT`, `nodestats NODES SECONDS`, `search PV EVAL 0 DEPTH [text]`,
//! `=== MOVE/EVAL/TIME` (`PA` for a pass), `pong N`, `learned`.
//!
//! The rules the engine keeps:
//!
//! - Commands are handled one at a time, in the order they arrive. `go` and `hint`
//!   think on a worker thread, between a `status othello-tutor is thinking` line and
//!   an empty `status` line (a `status error: ...` line if the thinking failed); the
//!   lines that arrive meanwhile wait in a queue and are handled in order once the
//!   thinking ends. No command other than `ping`, `quit`
//!   (and the end of the input) stops or cancels thinking.
//! - Every `go` is answered with exactly one `=== MOVE/EVAL/TIME` line (`=== PA/...`
//!   when the side to move must pass), and every `hint N` with up to N `search` lines,
//!   best first, unless a `ping` sent after the command arrived before the answer was
//!   sent (or a `quit`, or the end of the input). `go` or `hint` once the game is over gets a `status error: ...` line instead.
//! - `ping N` stops the thinking at once and its answer is dropped (also one that
//!   finished as the ping came); a `go` or `hint` still waiting in the queue ahead of
//!   the ping is skipped, as its answer would be stale; the other commands ahead of it
//!   are handled; then `pong N` is sent. So every answer sent before `pong N` belongs
//!   to a command sent before `ping N`, and nothing about those commands comes after.
//! - `quit` and the end of the input end the engine at once: thinking in progress
//!   stops, unanswered, a `go` or `hint` is not started once a `quit` or the end of
//!   the input is known to follow it, and the lines still waiting are dropped. (A
//!   script that pipes commands in must keep its input open until it has the answers
//!   it wants.)
//! - Search depth: the midgame search goes `set depth` plies deep (12 before the GUI
//!   sets one); positions with at most `min(depth + 8, 24)` empties are solved exactly
//!   (that threshold grows with the depth and is defined for every depth).
//! - A malformed command gets one `status error: ...` line (and the same on stderr);
//!   unknown commands are ignored, as the protocol asks (a note on stderr).
//! - A failure (a panic) inside the thinking is caught: it is reported on a
//!   `status error: ...` line (and on stderr), the searcher is replaced by a fresh one,
//!   and later commands are answered as usual. The failed `go` is still answered: its
//!   `===` line names the first legal move (in square order; `PA` if none) with eval 0.
//!   A failed `hint` sends no `search` line.

use othello_tutor::engine::analysis::{AnalysisOptions, MoveValue, analyze_with_threads};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::notation::parse_ggf;
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::{Game, Move, Position, Square};
use std::any::Any;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, channel};
use std::time::{Duration, Instant};

/// The name the engine gives itself.
const NAME: &str = "othello-tutor";
/// The midgame depth before the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;
/// The selective search's confidence for `go` and `hint` (the exact solver is never
/// selective).
const CONFIDENCE: Confidence = Confidence(200);
/// The most empties the exact solver is asked to solve, whatever the depth.
const MAX_EXACT_EMPTIES: u32 = 24;
/// How often the main thread looks whether the worker has finished while it waits
/// for input.
const POLL: Duration = Duration::from_millis(5);

/// Exact solving starts at this many empties for a midgame depth of `depth`: eight
/// more than the depth, at most [`MAX_EXACT_EMPTIES`]. Defined for every `depth` and
/// never smaller for a larger one.
fn exact_empties(depth: u32) -> u32 {
    depth.saturating_add(8).min(MAX_EXACT_EMPTIES)
}

/// The search behind a thinking command: the searcher to use, the position, the work,
/// the midgame depth and the thread count; `None` when it was stopped.
type Job = fn(&mut Searcher, Position, Work, u32, usize) -> Option<Answer>;

/// The protocol's state: the game, the depth, the searcher.
struct Session {
    game: Game,
    depth: u32,
    searcher: Searcher,
    /// Raised to stop the thinking (by `ping`, `quit` or the end of the input).
    stop: Arc<AtomicBool>,
    threads: usize,
    /// What thinking runs ([`compute`], except in tests).
    job: Job,
}

/// What the main loop does after a line.
enum Next {
    Continue,
    Think(Work),
    Quit,
}

/// The thinking commands.
#[derive(Clone, Copy, Debug)]
enum Work {
    Go,
    Hint(usize),
}

impl Work {
    /// The command as the GUI wrote it, for messages.
    fn name(self) -> String {
        match self {
            Work::Go => "go".to_string(),
            Work::Hint(n) => format!("hint {n}"),
        }
    }
}

/// Why thinking stopped early.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Interrupt {
    /// A `ping` came: answer the lines that wait, then go on.
    Ping,
    /// `quit` or the end of the input: the engine ends.
    End,
}

/// The size in MB of each table of the protocol's searchers (`--table-mb`).
static TABLE_MB: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(othello_tutor::engine::search::TABLE_MB);

/// Runs the protocol on stdin/stdout until `quit` or the end of the input, the
/// searches on `threads` threads with tables of `table_mb` MB each.
pub fn run(threads: usize, table_mb: usize) {
    TABLE_MB.store(table_mb, std::sync::atomic::Ordering::Relaxed);
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
    Session::new(threads, compute).serve(rx, out);
}

/// A searcher set up for the protocol, stopped by `stop`.
fn fresh_searcher(stop: &Arc<AtomicBool>) -> Searcher {
    let mb = TABLE_MB.load(std::sync::atomic::Ordering::Relaxed);
    let mut searcher = Searcher::new(mb, mb);
    searcher.set_stop_flag(stop.clone());
    searcher.set_selectivity(Some(CONFIDENCE.selectivity()));
    searcher
}

/// Writes one line and flushes (the GUI reads through a pipe).
fn send(out: &mut impl Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reports a malformed command or a failure, to the GUI and on stderr.
fn error(out: &mut impl Write, what: &str) {
    eprintln!("othello-tutor nboard: {what}");
    send(out, &format!("status error: {what}"));
}

/// The command word of a line.
fn command(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

/// What a line that arrives during thinking does to it.
fn interrupt(line: &str) -> Option<Interrupt> {
    match command(line) {
        Some("ping") => Some(Interrupt::Ping),
        Some("quit") => Some(Interrupt::End),
        _ => None,
    }
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
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
    /// A session at the start position and the default depth, thinking with `job`.
    fn new(threads: usize, job: Job) -> Session {
        let stop = Arc::new(AtomicBool::new(false));
        Session {
            game: Game::new(Position::start()),
            depth: DEFAULT_DEPTH,
            searcher: fresh_searcher(&stop),
            stop,
            threads,
            job,
        }
    }

    fn position(&self) -> Position {
        self.game.current()
    }

    /// The loop: lines from `rx` (and from the queue of those that waited), answers
    /// to `out`, until `quit` or the end of the input.
    fn serve(&mut self, rx: &Receiver<String>, out: &mut impl Write) {
        let mut pending: VecDeque<String> = VecDeque::new();
        loop {
            let line = match pending.pop_front() {
                Some(l) => l,
                None => match rx.recv() {
                    Ok(l) => l,
                    Err(_) => break,
                },
            };
            match self.handle(line.trim(), out) {
                Next::Continue => {}
                Next::Quit => break,
                Next::Think(work) => {
                    // The lines that have already arrived join the queue: a ping among
                    // them (all sent after this command) makes its answer stale.
                    let ended = drain(rx, &mut pending);
                    match pending.iter().find_map(|l| interrupt(l)) {
                        Some(Interrupt::End) => break,
                        _ if ended => break,
                        Some(Interrupt::Ping) => eprintln!(
                            "othello-tutor nboard: {} skipped: a ping came after it",
                            work.name()
                        ),
                        None => {
                            if self.think(work, rx, &mut pending, out) == Some(Interrupt::End) {
                                break;
                            }
                        }
                    }
                }
            }
            let _ = out.flush();
        }
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

    /// Runs `work` on a worker thread and sends its answer. Lines that arrive
    /// meanwhile wait in `pending`; a `ping` among them stops the work (and drops its
    /// answer), as do `quit` and the end of the input. Returns what stopped it, if
    /// anything did.
    fn think(
        &mut self,
        work: Work,
        rx: &Receiver<String>,
        pending: &mut VecDeque<String>,
        out: &mut impl Write,
    ) -> Option<Interrupt> {
        let position = self.position();
        if position.is_game_over() {
            error(out, &format!("{}: the game is over", work.name()));
            return None;
        }
        send(out, &format!("status {NAME} is thinking"));
        self.stop.store(false, Ordering::Relaxed);
        let (depth, threads, job) = (self.depth, self.threads, self.job);
        let start = Instant::now();
        let (searcher, stop) = (&mut self.searcher, &self.stop);
        let mut interrupted = None;
        let result = std::thread::scope(|scope| {
            let worker = scope.spawn(move || {
                catch_unwind(AssertUnwindSafe(|| {
                    job(searcher, position, work, depth, threads)
                }))
                .map_err(|payload| panic_message(payload.as_ref()))
            });
            while !worker.is_finished() {
                match rx.recv_timeout(POLL) {
                    Ok(line) => match interrupt(&line) {
                        Some(Interrupt::End) => {
                            stop.store(true, Ordering::Relaxed);
                            interrupted = Some(Interrupt::End);
                            break;
                        }
                        Some(Interrupt::Ping) => {
                            stop.store(true, Ordering::Relaxed);
                            interrupted.get_or_insert(Interrupt::Ping);
                            pending.push_back(line);
                        }
                        None => pending.push_back(line),
                    },
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => {
                        stop.store(true, Ordering::Relaxed);
                        interrupted = Some(Interrupt::End);
                        break;
                    }
                }
            }
            worker
                .join()
                .unwrap_or_else(|payload| Err(panic_message(payload.as_ref())))
        });
        let seconds = start.elapsed().as_secs_f64();
        self.stop.store(false, Ordering::Relaxed);
        let failure = match result {
            Err(message) => Some(format!("{} failed: {message}", work.name())),
            Ok(_) if interrupted.is_some() => None,
            Ok(Some(answer)) => {
                for line in answer.lines(seconds) {
                    send(out, &line);
                }
                None
            }
            Ok(None) => Some(format!("{} failed: the search found nothing", work.name())),
        };
        if let Some(failure) = failure {
            error(out, &failure);
            // The searcher may be half-way through an update: start afresh.
            self.searcher = fresh_searcher(&self.stop);
            if interrupted.is_none()
                && let Work::Go = work
            {
                let mv = position.legal_moves().into_iter().next();
                send(out, &format!("=== {}/0.00/{seconds:.2}", move_text(mv)));
            }
            return interrupted;
        }
        if let Some(why) = interrupted {
            let by = match why {
                Interrupt::Ping => "a ping",
                Interrupt::End => "the end of the input",
            };
            eprintln!(
                "othello-tutor nboard: {} stopped by {by}; its answer is dropped",
                work.name()
            );
        }
        if interrupted != Some(Interrupt::End) {
            send(out, "status");
        }
        interrupted
    }
}

/// Moves the lines that have already arrived from `rx` to `pending`; true when the
/// input has ended.
fn drain(rx: &Receiver<String>, pending: &mut VecDeque<String>) -> bool {
    loop {
        match rx.try_recv() {
            Ok(line) => pending.push_back(line),
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => return true,
        }
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
    position: Position,
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
                smoothed: true,
            };
            let mut values =
                analyze_with_threads(searcher, &position.board, options, threads).ok()?;
            values.truncate(n);
            Some(Answer::Hint(values))
        }
    }
}

#[cfg(test)]
mod tests;
