//! The endgame drill's screen: a position of 6 to 14 empties; the learner types the
//! final score with best play (`+4`, `-2` or `34-30`) and Enter, or plays it out on
//! the board against the exact solver; then the solver's score and best line (`[`
//! and `]` step through it). Unrated; the answers are counted in the progress.

use super::SolutionMarks;

/// Name of the board.
const BOARD: &str = "drill-board";
/// Name of the panel.
const PANEL: &str = "drill-panel";
use crate::engine::endgame::Solver;
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::puzzle::drill::{Drill, PlayOut, Round, Verdict, line_text};
use crate::ui::board_view::{BoardView, board_screen, board_with};
use crate::ui::nav::{self, Route};
use crate::ui::shell::{now, show_progress_notice, state, with_progress};
use crate::ui::size_guard::SizeGuard;
use crate::ui::worker::lock;
use crate::ui::wrap_text::{WrapText, push_lines};
use cursive::Cursive;
use cursive::event::{Event, EventResult, EventTrigger, Key};
use cursive::traits::*;
use cursive::view::Finder;
use cursive::views::{LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

const KEYS: &str = "Type the score (+4, -2 or 34-30) and Enter, or play it out on the board.\n\
n next position   [ ] the best line   F1 help   Esc/q back to the puzzles";

/// Table size (MB) of the drill's solver.
const SOLVER_MB: usize = 8;
/// The longest answer kept as typed.
const MAX_TYPED: usize = 8;

struct State {
    drill: Drill,
    round: Option<Round>,
    /// The answer being typed.
    typed: String,
    /// Which position of the drill this is (1-based).
    number: usize,
    shown: Position,
    marks: SolutionMarks,
    /// Moves of the best line shown while stepping through it.
    viewing: Option<usize>,
    lines: Vec<String>,
    solver: Solver,
}

type Shared = Arc<Mutex<State>>;

impl State {
    /// Sets up the drill's current position.
    fn deal(&mut self) {
        self.typed.clear();
        self.viewing = None;
        self.marks = SolutionMarks::default();
        self.lines.clear();
        self.round = self
            .drill
            .current()
            .and_then(|pos| Round::new(pos, &mut self.solver).ok());
        match &self.round {
            Some(r) => self.shown = r.start(),
            None => self
                .lines
                .push("No endgame position to drill: the puzzle set has none.".into()),
        }
    }

    /// Whether typed characters go to the answer (not yet played out, not over).
    fn takes_answer(&self) -> bool {
        self.round
            .as_ref()
            .is_some_and(|r| r.verdict().is_none() && r.played().is_empty())
    }
}

/// Opens the drill (its order's seed is the clock's seconds).
pub fn open(siv: &mut Cursive) {
    let Some(puzzles) = super::loaded_puzzles(siv) else {
        return;
    };
    let seed = now(siv);
    let plain = state(siv).options.plain;
    let mut st = State {
        drill: Drill::new(&puzzles, seed),
        round: None,
        typed: String::new(),
        number: 1,
        shown: Position::start(),
        marks: SolutionMarks::default(),
        viewing: None,
        lines: Vec::new(),
        solver: Solver::new(SOLVER_MB),
    };
    st.deal();
    let shared: Shared = Arc::new(Mutex::new(st));
    let board = board_with(Position::start(), plain, &shared, played);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Endgame drill",
        LinearLayout::vertical().child(TextView::new(KEYS)),
    );
    let mut keys = OnEventView::new(body);
    // The answer's characters, unless the board is waiting for a square's row.
    let typing = shared.clone();
    let answer_char = EventTrigger::from_fn(
        |e| matches!(e, Event::Char(c) if c.is_ascii_digit() || matches!(c, '+' | '-' | ':')),
    );
    keys.set_on_pre_event_inner(answer_char, move |v, e| {
        let Event::Char(c) = *e else { return None };
        let naming_square = v
            .call_on_name(BOARD, |b: &mut BoardView| !b.typed().is_empty())
            .unwrap_or(false);
        let mut st = lock(&typing);
        if naming_square || !st.takes_answer() {
            return None;
        }
        if st.typed.chars().count() < MAX_TYPED {
            st.typed.push(c);
        }
        let shared = typing.clone();
        Some(EventResult::with_cb(move |s| refresh(s, &shared)))
    });
    let erasing = shared.clone();
    keys.set_on_pre_event(Key::Backspace, move |s| {
        lock(&erasing).typed.pop();
        refresh(s, &erasing);
    });
    let submitting = shared.clone();
    keys.set_on_pre_event_inner(Key::Enter, move |_, _| {
        if lock(&submitting).typed.is_empty() {
            return None;
        }
        let shared = submitting.clone();
        Some(EventResult::with_cb(move |s| submit(s, &shared)))
    });
    let bind = |keys: &mut OnEventView<LinearLayout>, e: char, f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_event(e, move |s| f(s, &shared));
    };
    bind(&mut keys, 'n', next);
    bind(&mut keys, '[', view_back);
    bind(&mut keys, ']', view_forward);
    keys.set_on_event(Key::Esc, |s| nav::go(s, Route::Puzzles(None)));
    keys.set_on_event('q', |s| nav::go(s, Route::Puzzles(None)));
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::EndgameDrill,
        SizeGuard::new(keys.full_screen()),
    );
    crate::ui::board_view::fit_boards(siv);
    refresh(siv, &shared);
    show_progress_notice(siv);
}

fn next(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.drill.advance();
        st.number += 1;
        st.deal();
    }
    refresh(siv, shared);
}

/// The final discs (Black, White) of a margin seen by `mover`.
fn counts(margin: i32, mover: Color) -> (i32, i32) {
    let black = match mover {
        Color::Black => margin,
        Color::White => -margin,
    };
    ((64 + black) / 2, (64 - black) / 2)
}

/// The verdict in sentences.
fn verdict_lines(v: &Verdict, mover: Color) -> Vec<String> {
    let (b, w) = counts(v.best, mover);
    let best = format!("{:+} with best play ({b}-{w}, Black first)", v.best);
    let first = match (v.right, v.stated, v.reached) {
        (true, Some(_), _) => format!("✓ Right: {mover} scores {best}."),
        (false, Some(s), _) => format!("✗ You said {s:+}; {mover} scores {best}."),
        (true, None, _) => format!("✓ You kept the best result: {best}."),
        (false, None, r) => format!(
            "✗ You reached {:+}; {mover} scores {best}.",
            r.unwrap_or_default()
        ),
    };
    vec![
        first,
        format!("The solver's best line: {}", v.line_text()),
        "[ and ] step through it; n: the next position.".into(),
    ]
}

/// Counts an answered position in the progress and saves it.
fn record(siv: &mut Cursive, right: bool) {
    let save = with_progress(siv, |ps| {
        ps.progress.modes.record_drill(right);
        ps.save().err()
    });
    if let Some(e) = save {
        with_progress(siv, |ps| {
            ps.notice = Some(format!("Progress could not be saved: {e}"))
        });
        show_progress_notice(siv);
    }
}

fn submit(siv: &mut Cursive, shared: &Shared) {
    let answered = {
        let mut guard = lock(shared);
        let st = &mut *guard;
        let typed = std::mem::take(&mut st.typed);
        st.lines.clear();
        match st.round.as_mut().map(|r| (r.learner(), r.answer(&typed))) {
            None => None,
            Some((_, Err(e))) => {
                st.lines.push(e.to_string());
                None
            }
            Some((_, Ok(None))) => {
                st.lines
                    .push("This position is answered: n gives the next one.".into());
                None
            }
            Some((mover, Ok(Some(v)))) => {
                st.lines = verdict_lines(&v, mover);
                Some(v.right)
            }
        }
    };
    if let Some(right) = answered {
        record(siv, right);
    }
    refresh(siv, shared);
}

fn played(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let answered = {
        let mut guard = lock(shared);
        let st = &mut *guard;
        st.lines.clear();
        st.typed.clear();
        let Some(round) = st.round.as_mut() else {
            return;
        };
        let mover = round.learner();
        let before = round.position();
        let result = round.play(sq, &mut st.solver);
        let after = round.position();
        let mut answered = None;
        match result {
            Err(e) => st.lines.push(format!("The solver stopped: {e}.")),
            Ok(PlayOut::Illegal(why)) => st.lines.push(why),
            Ok(PlayOut::Done) => st
                .lines
                .push("This position is answered: n gives the next one.".into()),
            Ok(PlayOut::Going(replies)) => {
                st.marks = last_marks(&before, sq, &replies);
                st.lines.push(play_line(sq, &replies, before.to_move));
                st.lines
                    .push("Playing it out against perfect defence: your move.".into());
            }
            Ok(PlayOut::Over(replies, v)) => {
                st.marks = last_marks(&before, sq, &replies);
                st.lines.push(play_line(sq, &replies, before.to_move));
                st.lines.extend(verdict_lines(&v, mover));
                answered = Some(v.right);
            }
        }
        st.shown = after;
        answered
    };
    if let Some(right) = answered {
        record(siv, right);
    }
    refresh(siv, shared);
}

/// "You play g7; White plays h8; you must pass; White plays a7."
fn play_line(sq: Square, replies: &[Move], mover: Color) -> String {
    let mut parts = vec![format!("You play {sq}")];
    for mv in replies {
        parts.push(match mv {
            Move::Place(r) => format!("{} plays {r}", mover.opposite()),
            Move::Pass => "you must pass".to_string(),
        });
    }
    format!("{}.", parts.join("; "))
}

/// The marks of the last disc placed: the solver's last reply, else the learner's.
fn last_marks(before: &Position, sq: Square, replies: &[Move]) -> SolutionMarks {
    let mut pos = before.play_unchecked(sq);
    let mut marks = SolutionMarks::of(before, sq);
    for mv in replies {
        match *mv {
            Move::Place(r) => {
                marks = SolutionMarks::of(&pos, r);
                pos = pos.play_unchecked(r);
            }
            Move::Pass => pos = pos.pass(),
        }
    }
    marks
}

fn view_back(siv: &mut Cursive, shared: &Shared) {
    step_view(siv, shared, -1);
}

fn view_forward(siv: &mut Cursive, shared: &Shared) {
    step_view(siv, shared, 1);
}

/// Steps through the solver's line once the position is answered.
fn step_view(siv: &mut Cursive, shared: &Shared, by: i32) {
    {
        let mut st = lock(shared);
        let Some(round) = &st.round else { return };
        let Some(v) = round.verdict() else {
            st.lines = vec!["The best line is shown once you have answered.".into()];
            drop(st);
            refresh(siv, shared);
            return;
        };
        let len = v.line.len() as i32;
        let k = (st.viewing.map_or(0, |k| k as i32) + by).clamp(0, len) as usize;
        let mut pos = round.start();
        let mut marks = SolutionMarks::default();
        for mv in v.line.iter().take(k) {
            match *mv {
                Move::Place(sq) => {
                    marks = SolutionMarks::of(&pos, sq);
                    pos = pos.play_unchecked(sq);
                }
                Move::Pass => pos = pos.pass(),
            }
        }
        st.viewing = Some(k);
        st.shown = pos;
        st.marks = marks;
    }
    refresh(siv, shared);
}

fn refresh(siv: &mut Cursive, shared: &Shared) {
    let records = with_progress(siv, |ps| ps.progress.modes);
    let (pos, marks, text) = {
        let st = lock(shared);
        let mut out = format!(
            "Position {} · right {} of {} · unrated\n\n",
            st.number, records.drill_right, records.drill_tried
        );
        if let Some(r) = &st.round {
            let start = r.start();
            let mover = start.to_move;
            if r.played().is_empty() {
                out.push_str(&format!(
                    "{mover} to play, {} empty squares.\n",
                    start.board.empty_count()
                ));
            } else {
                out.push_str(&format!(
                    "You play {mover} from {} empty squares; the solver defends.\n",
                    start.board.empty_count()
                ));
            }
            if st.takes_answer() {
                out.push_str(&format!(
                    "What is the final score with best play, for {mover}? Type the margin \
                     (+4, -2) or the final discs, Black first (34-30), then Enter; or play \
                     it out on the board against perfect defence.\n\nYour answer: {}_\n",
                    st.typed
                ));
            }
            if let (Some(k), Some(v)) = (st.viewing, r.verdict()) {
                out.push_str(&format!(
                    "The best line, move {k} of {}: {}\n",
                    v.line.len(),
                    line_text(&v.line[..k])
                ));
            }
        }
        push_lines(&mut out, &st.lines);
        (st.shown, st.marks.clone(), out)
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(pos, marks.last, &marks.flips);
        b.set_cursor(c);
    });
    siv.call_on_name(PANEL, |t: &mut WrapText| t.set_content(text));
}
