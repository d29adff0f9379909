//! The Storm and Streak screens: the run's puzzles one after another on the board,
//! the clock (Storm) and the score in the panel, the best score kept in the progress.
//! Unrated. The clock is read through the shell's clock ([`now`]), so a test that
//! fixes it fixes the timer; a ticker thread redraws the panel four times a second
//! while the screen is open.

use super::SolutionMarks;

/// Name of the board.
const BOARD: &str = "run-board";
/// Name of the panel.
const PANEL: &str = "run-panel";
use crate::engine::endgame::Solver;
use crate::engine::{Move, Position, Square};
use crate::tutor::puzzle::timed::{
    Played, Run, RunEnd, RunMode, STORM_NEAR_MISS_PENALTY, STORM_PENALTY, STORM_SECONDS,
};
use crate::ui::board_view::{BoardView, board_screen, board_with};
use crate::ui::nav::{self, Route};
use crate::ui::shell::{now, show_progress_notice, state, with_progress};
use crate::ui::size_guard::SizeGuard;
use crate::ui::worker::lock;
use crate::ui::wrap_text::{WrapText, push_lines};
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

const KEYS: &str = "Play: arrows/hjkl + Enter, click, or type f5 Enter.\n\
r new run   F1 help   Esc/q back to the puzzles";

/// How often the ticker redraws the clock.
const TICK: Duration = Duration::from_millis(250);
/// Table size (MB) of the solver behind Storm's near-miss rule.
const SOLVER_MB: usize = 4;

/// A finished run's record: the best before it and whether it beat it.
#[derive(Clone, Copy, Debug)]
struct Record {
    best_before: u32,
    new_best: bool,
}

struct State {
    mode: RunMode,
    puzzles: Vec<crate::tutor::puzzle::Puzzle>,
    run: Run,
    /// The shell's clock when the run began.
    started: u64,
    shown: Position,
    marks: SolutionMarks,
    lines: Vec<String>,
    record: Option<Record>,
    solver: Solver,
}

type Shared = Arc<Mutex<State>>;

impl State {
    fn start(&mut self, seed: u64) {
        self.run = Run::new(self.mode, &self.puzzles, seed);
        self.started = seed;
        self.shown = self.run.position().unwrap_or_else(Position::start);
        self.marks = SolutionMarks::default();
        self.lines.clear();
        self.record = None;
    }
}

/// Opens a Storm or Streak run (its queue's seed is the clock's seconds).
pub fn open(siv: &mut Cursive, mode: RunMode) {
    let Some(puzzles) = super::loaded_puzzles(siv) else {
        return;
    };
    let t = now(siv);
    let plain = state(siv).options.plain;
    let mut st = State {
        mode,
        run: Run::new(mode, &[], 0),
        puzzles,
        started: t,
        shown: Position::start(),
        marks: SolutionMarks::default(),
        lines: Vec::new(),
        record: None,
        solver: Solver::new(SOLVER_MB),
    };
    st.start(t);
    let shared: Shared = Arc::new(Mutex::new(st));
    let board = board_with(Position::start(), plain, &shared, played);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        mode.label(),
        LinearLayout::vertical().child(TextView::new(KEYS)),
    );
    let mut keys = OnEventView::new(body);
    let again = shared.clone();
    keys.set_on_event('r', move |s| restart(s, &again));
    keys.set_on_event(Key::Esc, |s| nav::go(s, Route::Puzzles(None)));
    keys.set_on_event('q', |s| nav::go(s, Route::Puzzles(None)));
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::PuzzleRun,
        SizeGuard::new(keys.full_screen()),
    );
    crate::ui::board_view::fit_boards(siv);
    if mode == RunMode::Storm {
        start_ticker(siv, Arc::downgrade(&shared));
    }
    refresh(siv, &shared, true);
    show_progress_notice(siv);
}

/// Redraws the clock every [`TICK`] until the screen is gone.
fn start_ticker(siv: &mut Cursive, weak: Weak<Mutex<State>>) {
    let sink = siv.cb_sink().clone();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(TICK);
            if weak.strong_count() == 0 {
                break;
            }
            let w = weak.clone();
            let sent = sink.send(Box::new(move |s: &mut Cursive| {
                if let Some(shared) = w.upgrade() {
                    tick(s, &shared);
                }
            }));
            if sent.is_err() {
                break;
            }
        }
    });
}

/// Seconds since the run began, by the shell's clock.
fn elapsed(siv: &mut Cursive, st: &State) -> u64 {
    now(siv).saturating_sub(st.started)
}

fn tick(siv: &mut Cursive, shared: &Shared) {
    let t = now(siv);
    let ended = {
        let mut st = lock(shared);
        let e = t.saturating_sub(st.started);
        let ended = st.run.tick(e);
        if ended {
            st.lines.clear();
        }
        ended
    };
    refresh(siv, shared, ended);
}

fn restart(siv: &mut Cursive, shared: &Shared) {
    let t = now(siv);
    lock(shared).start(t);
    refresh(siv, shared, true);
}

fn played(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let t = now(siv);
    {
        let mut guard = lock(shared);
        let st = &mut *guard;
        let e = t.saturating_sub(st.started);
        let before = st.run.position();
        let streak = st.run.solved();
        let result = st.run.play(e, sq, &mut st.solver);
        st.lines.clear();
        match result {
            Played::Illegal(why) => st.lines.push(why),
            Played::Over => st.lines.push(over_line(st.mode)),
            Played::Right { reply } => {
                let mid = before.map_or(st.shown, |b| b.play_unchecked(sq));
                let text = match reply {
                    Move::Place(r) => {
                        st.marks = SolutionMarks::of(&mid, r);
                        format!("{} replies {r}.", mid.to_move)
                    }
                    Move::Pass => {
                        st.marks = before
                            .map_or_else(SolutionMarks::default, |b| SolutionMarks::of(&b, sq));
                        "The opponent must pass.".to_string()
                    }
                };
                st.lines
                    .push(format!("✓ {sq} is right. {text} Find the next move."));
            }
            Played::Solved => {
                st.marks = SolutionMarks::default();
                st.lines.push(format!("✓ {sq}: solved! The next one."));
            }
            Played::Missed {
                penalty,
                near,
                solution,
            } => {
                st.marks = SolutionMarks::default();
                let cost = match (st.mode, near) {
                    (RunMode::Storm, true) => {
                        format!(" A near miss (within 2 discs of the best): -{penalty} s.")
                    }
                    (RunMode::Storm, false) => format!(" -{penalty} s."),
                    (RunMode::Streak, _) => format!(" The streak ends at {streak}."),
                };
                st.lines.push(format!("✗ {sq} is not it.{cost}"));
                st.lines.push(format!("The solution was {solution}."));
            }
        }
        if let Some(p) = st.run.position() {
            st.shown = p;
        }
    }
    refresh(siv, shared, true);
}

fn over_line(mode: RunMode) -> String {
    format!("This {} is over: r starts a new run.", mode.label())
}

/// Keeps the best score once the run is over, then redraws the panel (and the board
/// when `board`).
fn refresh(siv: &mut Cursive, shared: &Shared, board: bool) {
    record_if_over(siv, shared);
    let best = with_progress(siv, |ps| ps.progress.modes);
    let (pos, marks, text) = {
        let st = lock(shared);
        let e = elapsed(siv, &st);
        (st.shown, st.marks.clone(), panel_text(&st, e, best))
    };
    if board {
        siv.call_on_name(BOARD, |b: &mut BoardView| {
            let c = b.cursor();
            b.set_position(pos, marks.last, &marks.flips);
            b.set_cursor(c);
        });
    }
    siv.call_on_name(PANEL, |t: &mut WrapText| t.set_content(text));
}

fn record_if_over(siv: &mut Cursive, shared: &Shared) {
    let finished = {
        let st = lock(shared);
        (st.run.is_over() && st.record.is_none()).then(|| (st.mode, st.run.solved()))
    };
    let Some((mode, score)) = finished else {
        return;
    };
    let (record, save) = with_progress(siv, |ps| {
        let m = &mut ps.progress.modes;
        let best_before = match mode {
            RunMode::Storm => m.storm_best,
            RunMode::Streak => m.streak_best,
        };
        let new_best = match mode {
            RunMode::Storm => m.finish_storm(score),
            RunMode::Streak => m.finish_streak(score),
        };
        (
            Record {
                best_before,
                new_best,
            },
            ps.save().err(),
        )
    });
    lock(shared).record = Some(record);
    if let Some(e) = save {
        with_progress(siv, |ps| {
            ps.notice = Some(format!("Progress could not be saved: {e}"))
        });
        show_progress_notice(siv);
    }
}

/// "2:47".
fn clock_text(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn panel_text(st: &State, elapsed: u64, records: crate::tutor::progress::ModeRecords) -> String {
    let run = &st.run;
    let mut out = String::new();
    match st.mode {
        RunMode::Storm => {
            let left = run.time_left(elapsed).unwrap_or(0);
            out.push_str(&format!(
                "{} left · solved {} · missed {} · best {}\n",
                clock_text(left),
                run.solved(),
                run.missed(),
                records.storm_best
            ));
            out.push_str(&format!(
                "Solve as many as you can in {}; a miss costs {STORM_PENALTY} s, a near miss {STORM_NEAR_MISS_PENALTY} s. Unrated.\n",
                clock_text(STORM_SECONDS)
            ));
        }
        RunMode::Streak => {
            out.push_str(&format!(
                "Streak {} · best {}\n",
                run.solved(),
                records.streak_best
            ));
            out.push_str("Puzzles of rising rating until the first miss. Unrated.\n");
        }
    }
    out.push('\n');
    if let Some(p) = run.current() {
        let (n, len) = run.number();
        out.push_str(&format!("Puzzle {n} of {len} · rating {}\n", p.rating));
        out.push_str(&format!(
            "{} to play. {}\n",
            p.position.to_move,
            p.goal.task()
        ));
        if p.steps.len() > 1 {
            out.push_str(&format!("Move {} of {}.\n", run.step() + 1, p.steps.len()));
        }
    } else {
        let score = run.solved();
        let why = match run.end() {
            Some(RunEnd::TimeUp) => "Time's up!",
            Some(RunEnd::Missed) => "Streak over.",
            _ => "You played every puzzle of the run.",
        };
        out.push_str(&format!(
            "{why} You solved {score} and missed {}.\n",
            run.missed()
        ));
        match st.record {
            Some(r) if r.new_best => out.push_str(&format!(
                "A new best: {score} (it was {}).\n",
                r.best_before
            )),
            Some(r) => out.push_str(&format!("Your best: {}.\n", r.best_before)),
            None => {}
        }
        out.push_str("r: a new run   Esc/q: back to the puzzles\n");
    }
    push_lines(&mut out, &st.lines);
    out
}
