//! Practice games: choose colour, opponent and start; play with the board; the engine
//! replies off the UI thread; every learner move is graded with the reasons; hints,
//! undo and redo, resign, passes, the game-over summary, the review, save and load.

use super::board_view::{BoardView, board_screen, board_with, value_labels};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::lock;
use super::worker::{Engine, Job};
use crate::engine::analysis::MoveValue;
use crate::engine::players::{Choice, Strategy, choose_move};
use crate::engine::search::Searcher;
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::feedback::{Feedback, Grade, grade_move, summary_line};
use crate::tutor::models::practice::{Action, KEYS};
use crate::tutor::practice::{Practice, Seat, Setup};
use crate::tutor::screen::{BOARD_KEYS, footer};
use crate::tutor::settings::{grading_values, hint_values};
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, EditView, LinearLayout, OnEventView, SelectView, TextView};
use std::sync::{Arc, Mutex};

mod files;
mod keys;
mod setup;
mod summary;

use files::{open_dialog, save_dialog};
use keys::{hint, leave, new_game, redo, resign, show_best, toggle_feedback, toggle_markers, undo};
pub use setup::{open_setup, open_setup_from};
use summary::{add_personal_puzzles, review, show_summary};

/// Name of the practice board view.
pub const BOARD: &str = "practice-board";
/// Name of the side panel.
pub const PANEL: &str = "practice-panel";
/// Name of the status line under the board.
pub const STATUS: &str = "practice-status";

/// How the engine grades the learner's moves and values them for a hint (defined,
/// with the functions the screen calls, in `tutor::settings`).
pub use crate::tutor::settings::{FEEDBACK_ANALYSIS, HINT_ANALYSIS};

/// What the engine is busy with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Busy {
    Idle,
    Grading,
    Replying,
    Hinting,
}

struct State {
    practice: Practice,
    busy: Busy,
    job: Option<Job>,
    log: Vec<String>,
    show_best: bool,
    hint: Option<Vec<MoveValue>>,
    /// The computer's latest reply: its move index, side, square, value and exactness.
    last_reply: Option<(usize, Color, Square, i32, bool)>,
    summary_shown: bool,
}

type Shared = Arc<Mutex<State>>;

/// Carries out a key's action.
fn dispatch(siv: &mut Cursive, shared: &Shared, action: Action) {
    let f: fn(&mut Cursive, &Shared) = match action {
        Action::Hint => hint,
        Action::Markers => toggle_markers,
        Action::Undo => undo,
        Action::Redo => redo,
        Action::ShowBest => show_best,
        Action::Feedback => toggle_feedback,
        Action::NewGame => new_game,
        Action::Resign => resign,
        Action::Save => save_dialog,
        Action::Open => open_dialog,
        Action::Review => review,
        Action::Puzzles => add_personal_puzzles,
        Action::Leave => leave,
    };
    f(siv, shared);
}

/// Opens a game with `setup`.
pub fn open_game(siv: &mut Cursive, setup: Setup) {
    open_practice(siv, Practice::new(setup));
}

fn open_practice(siv: &mut Cursive, practice: Practice) {
    let app = state(siv);
    let plain = app.options.plain;
    let shared: Shared = Arc::new(Mutex::new(State {
        practice,
        busy: Busy::Idle,
        job: None,
        log: Vec::new(),
        show_best: false,
        hint: None,
        last_reply: None,
        summary_shown: false,
    }));
    let start = lock(&shared).practice.position();
    let board = board_with(start, plain, &shared, human_move);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Game",
        LinearLayout::vertical()
            .child(TextView::new("").with_name(STATUS))
            .child(super::host::FooterView::new(|w| {
                footer(BOARD_KEYS, KEYS, w)
            })),
    );
    let mut keys = OnEventView::new(body);
    for binding in KEYS {
        for &key in binding.keys {
            let shared = shared.clone();
            let action = binding.action;
            keys.set_on_event(super::host::event_of(key), move |s| {
                dispatch(s, &shared, action)
            });
        }
    }
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Practice,
        SizeGuard::new(keys.full_screen()),
    );
    super::board_view::fit_boards(siv);
    let _ = siv.focus_name(BOARD);
    let opening = {
        let st = lock(&shared);
        let p = &st.practice;
        let pos = p.position();
        let number = 61 - pos.board.empty_count().min(60);
        if !p.game().is_empty() {
            format!("Game loaded at move {number}: {} to move.", pos.to_move)
        } else if pos == Position::start() {
            "New game. Black moves first.".to_string()
        } else {
            format!(
                "New game from {} (move {number}): {} to move.",
                p.setup().start_name,
                pos.to_move
            )
        }
    };
    log(&shared, opening);
    refresh(siv, &shared);
    continue_game(siv, &shared);
}

fn log(shared: &Shared, msg: impl Into<String>) {
    let mut st = lock(shared);
    st.log.push(msg.into());
    let n = st.log.len();
    if n > 6 {
        st.log.drain(..n - 6);
    }
}

fn cancel_job(st: &mut State) {
    if let Some(job) = st.job.take() {
        job.cancel();
    }
    st.busy = Busy::Idle;
}

fn disc(color: Color) -> &'static str {
    match color {
        Color::Black => "●",
        Color::White => "○",
    }
}

/// Redraws the board, status line and panel from the state.
fn refresh(siv: &mut Cursive, shared: &Shared) {
    let (pos, last, flips, labels, status, panel) = {
        let st = lock(shared);
        let p = &st.practice;
        let pos = p.position();
        let (last, flips) = p.last_flips();
        let labels = st.hint.as_deref().map(value_labels).unwrap_or_default();
        (pos, last, flips, labels, status_text(&st), panel_text(&st))
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let cursor = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_labels(&labels);
        b.set_cursor(cursor);
    });
    siv.call_on_name(STATUS, |t: &mut TextView| t.set_content(status));
    siv.call_on_name(PANEL, |t: &mut crate::ui::wrap_text::WrapText| {
        t.set_content(panel)
    });
}

/// The latest event (a pass, an illegal move, the engine's move…) above the line that
/// says whose turn it is, so that a notice is never overwritten before it is read.
fn status_text(st: &State) -> String {
    let latest = st.log.last().cloned().unwrap_or_default();
    format!("{latest}\n{}", turn_text(st))
}

fn turn_text(st: &State) -> String {
    let p = &st.practice;
    let pos = p.position();
    if p.is_over() {
        return p
            .summary()
            .map(|s| format!("Game over. {}", s.line()))
            .unwrap_or_default();
    }
    let side = format!("{} {}", pos.to_move, disc(pos.to_move));
    match st.busy {
        Busy::Grading => "Grading your move…".into(),
        Busy::Replying => format!("{side}: {} is thinking…", p.seat_to_move().name()),
        Busy::Hinting => "Valuing every move for a hint…".into(),
        Busy::Idle if p.human_to_move() => {
            let moves: Vec<String> = pos
                .legal_moves()
                .into_iter()
                .map(|s| s.to_string())
                .collect();
            format!("Your move, {side}. Legal: {}", moves.join(" "))
        }
        Busy::Idle => format!("{side} to move."),
    }
}

fn panel_text(st: &State) -> String {
    let p = &st.practice;
    let setup = p.setup();
    let pos = p.position();
    let mut out = String::new();
    let seat = |c: Color| {
        let s = setup.seat(c);
        match s {
            Seat::Human => format!("{c} {}: you", disc(c)),
            Seat::Computer(strategy) => format!("{c} {}: {}", disc(c), strategy.name()),
        }
    };
    out.push_str(&format!("{}\n{}\n", seat(Color::Black), seat(Color::White)));
    out.push_str(&format!("Start: {}\n", setup.start_name));
    if let Some(name) = p.opening_name() {
        out.push_str(&format!("Opening: {name}\n"));
    }
    let (b, w) = pos.score_counts();
    // The move number as in a game from the start: one more than the discs placed.
    let number = 61 - pos.board.empty_count().min(60);
    out.push_str(&format!("Move {number}   Black {b} - {w} White\n"));
    // The computer's reply, while it is the move the learner answers (or has just
    // answered); an older one would read as news.
    if let Some((index, color, sq, value, exact)) = st.last_reply
        && index + 2 >= p.game().len()
        && index < p.game().len()
    {
        let basis = if exact { "exact" } else { "estimate" };
        out.push_str(&format!(
            "{color} played {sq} ({value:+} for {color}, {basis})\n"
        ));
    }
    out.push_str(&format!(
        "Feedback: {}\n",
        if setup.feedback {
            "on"
        } else {
            "off (test yourself)"
        }
    ));
    // The verdict on the learner's latest graded move.
    let latest = (0..p.game().len()).rev().find_map(|i| p.feedback_at(i));
    if let Some(fb) = latest {
        out.push('\n');
        out.push_str(&feedback_text(fb, st.show_best));
    }
    if let Some(values) = &st.hint {
        // One short line (the values also stand on the board): best first.
        let basis = match values.first() {
            Some(v) if v.exact => "exact".to_string(),
            Some(v) => format!("depth {}", v.depth),
            None => String::new(),
        };
        let listed: Vec<String> = values
            .iter()
            .map(|v| format!("{} {:+}", v.mv, v.discs()))
            .collect();
        out.push_str(&format!("\nHint ({basis}): {}\n", listed.join("  ")));
    }
    super::wrap_text::push_lines(&mut out, &st.log);
    out
}

fn feedback_text(fb: &Feedback, show_best: bool) -> String {
    let mut out = summary_line(fb);
    out.push('\n');
    for why in fb.why_played.iter().take(4) {
        out.push_str(&format!("  · {why}\n"));
    }
    // A best move (or a book move that is the book's best) needs no "Best:" line.
    if fb.grade == Grade::Best || fb.best == fb.played {
        return out;
    }
    if show_best || !fb.grade.is_error() {
        out.push_str(&format!("Best: {} ({:+})\n", fb.best, fb.best_value));
        for why in fb.difference.iter().chain(fb.why_best.iter()).take(5) {
            out.push_str(&format!("  · {why}\n"));
        }
    } else {
        out.push_str("u: take it back and look again   s: show the best move\n");
    }
    out
}

/// The learner chose `sq`.
fn human_move(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let played = {
        let mut st = lock(shared);
        if st.practice.is_over() {
            drop(st);
            log(shared, "The game is over: n starts a new one.");
            refresh(siv, shared);
            return;
        }
        if !st.practice.human_to_move() || st.busy == Busy::Replying || st.busy == Busy::Grading {
            drop(st);
            log(shared, "Wait: it is not your turn yet.");
            refresh(siv, shared);
            return;
        }
        let before = st.practice.position();
        match st.practice.play(Move::Place(sq)) {
            Ok(()) => {
                cancel_job(&mut st);
                st.hint = None;
                st.show_best = false;
                let index = st.practice.game().len() - 1;
                Some((before, index, st.practice.setup().feedback))
            }
            Err(_) => None,
        }
    };
    match played {
        None => {
            let pos = lock(shared).practice.position();
            log(shared, crate::tutor::explain::illegal_reason(&pos, sq));
            refresh(siv, shared);
        }
        Some((before, index, true)) => {
            log(shared, format!("{} plays {sq}.", before.to_move));
            grade(siv, shared, before, index, sq);
        }
        Some((before, _, false)) => {
            log(shared, format!("{} plays {sq}.", before.to_move));
            refresh(siv, shared);
            continue_game(siv, shared);
        }
    }
}

/// Grades the learner's move at `index` (played from `before`) off the UI thread,
/// then goes on with the game.
fn grade(siv: &mut Cursive, shared: &Shared, before: Position, index: usize, sq: Square) {
    // In the opening book the book's verdict stands; no search is needed.
    let from_book = {
        let mut st = lock(shared);
        let fb = st.practice.book_feedback_at(index);
        fb.map(|fb| st.practice.set_feedback_at(index, fb))
    };
    if from_book.is_some() {
        refresh(siv, shared);
        continue_game(siv, shared);
        return;
    }
    run_job(
        siv,
        shared,
        Busy::Grading,
        move |searcher| grading_values(searcher, &before.board, sq),
        move |st, result| {
            if let Ok(values) = result
                && let Some(fb) = grade_move(&before, sq, &values)
            {
                st.practice.set_feedback_at(index, fb);
            }
            None
        },
        true,
    );
}

/// Runs `work` on the engine thread as the screen's one job, marked `busy`; when it
/// ends (and is still the current job), `apply` updates the state and may return a
/// line for the log; then the screen is redrawn and, if `then_continue`, the game
/// goes on (passes, the computer's move, the end).
fn run_job<R: Send + 'static>(
    siv: &mut Cursive,
    shared: &Shared,
    busy: Busy,
    work: impl FnOnce(&mut Searcher) -> R + Send + 'static,
    apply: impl FnOnce(&mut State, R) -> Option<String> + Send + 'static,
    then_continue: bool,
) {
    let engine: Engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let shared2 = shared.clone();
    let shared3 = shared.clone();
    let failed = move |s: &mut Cursive| {
        {
            let mut st = lock(&shared3);
            st.job = None;
            st.busy = Busy::Idle;
        }
        log(
            &shared3,
            "The engine failed on this position: undo or start a new game.",
        );
        refresh(s, &shared3);
    };
    let done = move |s: &mut Cursive, job: &Job, result| {
        let line = {
            let mut st = lock(&shared2);
            if st.job.as_ref().map(|j| j.id) != Some(job.id) {
                return;
            }
            st.job = None;
            st.busy = Busy::Idle;
            apply(&mut st, result)
        };
        if let Some(line) = line {
            log(&shared2, line);
        }
        refresh(s, &shared2);
        if then_continue {
            continue_game(s, &shared2);
        }
    };
    let job = engine.spawn(&sink, work, done, failed);
    {
        let mut st = lock(shared);
        st.job = Some(job);
        st.busy = busy;
    }
    refresh(siv, shared);
}

/// Plays forced passes, starts the computer's reply if it is its turn, and shows the
/// summary at the end.
fn continue_game(siv: &mut Cursive, shared: &Shared) {
    loop {
        let passed = lock(shared).practice.pass_if_forced();
        match passed {
            Some(color) => log(
                shared,
                format!(
                    "{color} has no legal move and passes; {} plays again.",
                    color.opposite()
                ),
            ),
            None => break,
        }
    }
    let (over, computer) = {
        let st = lock(shared);
        let p = &st.practice;
        let computer = match p.seat_to_move() {
            Seat::Computer(s) if !p.is_over() && st.busy == Busy::Idle => Some(s),
            _ => None,
        };
        (p.is_over(), computer)
    };
    refresh(siv, shared);
    if over {
        show_summary(siv, shared);
        return;
    }
    if let Some(strategy) = computer {
        reply(siv, shared, strategy);
    }
}

/// The computer's move, searched off the UI thread.
fn reply(siv: &mut Cursive, shared: &Shared, strategy: Strategy) {
    let pos = lock(shared).practice.position();
    run_job(
        siv,
        shared,
        Busy::Replying,
        move |searcher| choose_move(searcher, &pos.board, strategy, &mut rand::rng()),
        move |st, result: Option<Choice>| {
            let Choice {
                square: sq,
                value,
                exact,
            } = result?;
            st.practice.play(Move::Place(sq)).ok()?;
            let index = st.practice.game().len() - 1;
            st.last_reply = Some((index, pos.to_move, sq, value, exact));
            Some(format!("{} plays {sq}.", pos.to_move))
        },
        true,
    );
}
