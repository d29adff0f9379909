//! The drill screen: the board, the line's name and progress, what the last move did
//! (a right move, the engine's answer, a move off the line with the book's move and
//! values), and the review schedule once the line is played through.

use super::super::board_view::{BoardView, board_screen, board_with};
use super::super::shell::{now, state, with_progress};
use super::super::size_guard::SizeGuard;
use super::super::worker::lock;
use super::super::wrap_text::WrapText;
use crate::engine::{Color, Move, Square};
use crate::tutor::openings::{Attempt, Drill, DrillSetup, Miss, Reply, embedded};
use crate::tutor::review::QueueChange;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the drill's board.
pub const BOARD: &str = "opening-board";
/// Name of the drill's panel.
pub const PANEL: &str = "opening-panel";

const KEYS: &str = "Play: arrows + Enter, click, or type c4 Enter   s show the move\n\
n next line   r this line again   i side lines on/off   o the list   F1 help   Esc menu";

struct State {
    drill: Drill,
    /// What the latest event said (replaced by the next event).
    lines: Vec<String>,
    /// Squares marked on the board (the line's move after a miss).
    marks: Vec<Square>,
    /// Whether the finished drill was recorded.
    recorded: bool,
}

type Shared = Arc<Mutex<State>>;

fn disc(color: Color) -> &'static str {
    match color {
        Color::Black => "●",
        Color::White => "○",
    }
}

/// Opens a drill of `setup`'s line; when the engine has the first move, it plays it.
pub(super) fn open(siv: &mut Cursive, setup: DrillSetup) {
    open_with(siv, setup, Vec::new());
}

/// [`open`] with `lines` to show first (why the drill started over).
fn open_with(siv: &mut Cursive, setup: DrillSetup, mut lines: Vec<String>) {
    let plain = state(siv).options.plain;
    let mut drill = Drill::new(setup);
    if let Some(r) = drill.engine_reply() {
        lines.push(reply_text(&drill, r));
    }
    let shared: Shared = Arc::new(Mutex::new(State {
        drill,
        lines,
        marks: Vec::new(),
        recorded: false,
    }));
    let start = lock(&shared).drill.position();
    let board = board_with(start, plain, &shared, played);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Opening trainer",
        LinearLayout::vertical().child(TextView::new(KEYS)),
    );
    let mut keys = OnEventView::new(body);
    let bind = |keys: &mut OnEventView<LinearLayout>, c: char, f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_event(c, move |s| f(s, &shared));
    };
    bind(&mut keys, 's', show_move);
    bind(&mut keys, 'n', next_line);
    bind(&mut keys, 'r', again);
    bind(&mut keys, 'i', toggle_side_lines);
    bind(&mut keys, 'o', to_list);
    keys.set_on_event(Key::Esc, super::nav::menu);
    keys.set_on_event('q', super::nav::menu);
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::OpeningDrill,
        SizeGuard::new(keys.full_screen()),
    );
    super::super::board_view::fit_boards(siv);
    let _ = siv.focus_name(BOARD);
    finish_if_done(siv, &shared);
    refresh(siv, &shared);
}

fn reply_text(drill: &Drill, r: Reply) -> String {
    let engine = drill.setup().learner.opposite();
    let value = r
        .value
        .map(|v| format!(" (book {v:+} for {engine})"))
        .unwrap_or_default();
    if r.side_line {
        format!(
            "{engine} leaves the named line for a side line of the book: {}{value}.",
            r.square
        )
    } else if drill.game().len() == 1 {
        format!("{engine} opens with {}{value}.", r.square)
    } else {
        format!("{engine} answers {}{value}.", r.square)
    }
}

fn miss_text(drill: &Drill, m: &Miss) -> Vec<String> {
    let you = drill.setup().learner;
    let what = if drill.on_line() {
        format!("the {} plays", drill.setup().opening.name)
    } else {
        "the book plays".to_string()
    };
    let mut out = vec![format!(
        "{} is not the line: here {what} {}.",
        m.played, m.expected
    )];
    let sound = matches!((m.expected_value, m.played_value), (Some(e), Some(p)) if e - p <= 1);
    out.push(match (m.expected_value, m.played_value) {
        (Some(e), Some(p)) => {
            let verdict = if sound {
                format!("{} is sound too, but it is another line.", m.played)
            } else {
                format!("{} is weaker.", m.played)
            };
            format!(
                "Book values for {you}: {} {e:+}, {} {p:+}. {verdict}",
                m.expected, m.played
            )
        }
        (Some(e), None) => format!(
            "Book value for {you}: {} {e:+}; {} is not in the book.",
            m.expected, m.played
        ),
        (None, _) => format!("{} is not in the book.", m.played),
    });
    match &m.leads_to {
        Some(name) => out.push(format!("{} would lead to the {name}.", m.played)),
        None => out.push(format!("{} leads to no named opening.", m.played)),
    }
    out.push(format!(
        "Play {} (marked) to go on; the line will come back tomorrow.",
        m.expected
    ));
    out
}

fn played(siv: &mut Cursive, shared: &Shared, sq: Square) {
    {
        let mut st = lock(shared);
        st.marks.clear();
        match st.drill.try_move(sq) {
            Attempt::Right(sq) => {
                st.lines = vec![format!("{sq}: right.")];
                if let Some(r) = st.drill.engine_reply() {
                    let text = reply_text(&st.drill, r);
                    st.lines.push(text);
                }
            }
            Attempt::Wrong(miss) => {
                st.lines = miss_text(&st.drill, &miss);
                st.marks = vec![miss.expected];
            }
            Attempt::NotPlayable if st.drill.is_finished() => {
                st.lines = vec!["The line is played through: n next line, r again.".into()];
            }
            Attempt::NotPlayable => {
                st.lines = vec![format!("{sq} is not a legal move here.")];
            }
        }
    }
    finish_if_done(siv, shared);
    refresh(siv, shared);
}

/// Records a finished drill once: the line's result and its next review.
fn finish_if_done(siv: &mut Cursive, shared: &Shared) {
    let (name, clean) = {
        let st = lock(shared);
        if st.recorded || !st.drill.is_finished() {
            return;
        }
        (st.drill.setup().opening.name.clone(), !st.drill.missed())
    };
    let t = now(siv);
    let (change, saved) = with_progress(siv, |ps| {
        let change = ps.progress.openings.record(&name, clean, t);
        (change, ps.save())
    });
    let mut st = lock(shared);
    st.recorded = true;
    let played: Vec<String> = st
        .drill
        .game()
        .moves()
        .iter()
        .filter_map(|m| match m {
            Move::Place(sq) => Some(sq.to_string()),
            Move::Pass => None,
        })
        .collect();
    let verdict = if clean {
        "Played through without a miss."
    } else {
        "Played through, with a miss."
    };
    st.lines.push(String::new());
    st.lines
        .push(format!("{verdict} The moves: {}.", played.join(" ")));
    let when = match change {
        QueueChange::ToFirstBox => "It comes back tomorrow.".to_string(),
        QueueChange::MovedUp(level) => {
            let days = crate::tutor::review::BOX_DAYS[level.min(4)];
            format!("It comes back in {days} days.")
        }
        QueueChange::Learned => "Learned: it leaves the review queue.".to_string(),
        QueueChange::Unchanged => "Its review was not due yet; the schedule stays.".to_string(),
    };
    st.lines.push(when);
    if let Err(e) = saved {
        st.lines.push(format!("Progress could not be saved: {e}"));
    }
    st.lines
        .push("n: the next line (due reviews first)   r: this line again".into());
}

fn refresh(siv: &mut Cursive, shared: &Shared) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let (pos, last, flips, marks, text) = {
        let st = lock(shared);
        let d = &st.drill;
        let game = d.game();
        let (last, flips) = match game.moves().last() {
            Some(&Move::Place(sq)) => {
                let before = game.position_at(game.len() - 1);
                (Some(sq), before.board.flips(sq).into_iter().collect())
            }
            _ => (None, Vec::new()),
        };
        let o = &d.setup().opening;
        let you = d.setup().learner;
        let (done, total) = d.progress();
        let mut out = format!("{}\n", o.name);
        if !o.aliases.is_empty() {
            out.push_str(&format!("also called {}\n", o.aliases.join(", ")));
        }
        let stage = if d.is_finished() {
            "line complete".to_string()
        } else {
            format!("move {} of {total}", done + 1)
        };
        out.push_str(&format!(
            "Family: {}   {} moves\nYou play {you} {}   {stage}\nSide lines: {}\n",
            o.family,
            total,
            disc(you),
            if d.setup().side_lines { "on" } else { "off" }
        ));
        let record = match progress.line(&o.name) {
            Some(r) if r.drills == 1 => format!("Drilled once, {} without a miss", r.clean),
            Some(r) => format!("Drilled {} times, {} without a miss", r.drills, r.clean),
            None => "A new line".to_string(),
        };
        out.push_str(&format!(
            "{record} · {} lines due for review\n",
            progress.due_count(t)
        ));
        if let Some(name) = embedded().name_of(&d.position().board)
            && name.name != o.name
        {
            out.push_str(&format!("On the board: {}\n", name.name));
        }
        out.push('\n');
        if !d.is_finished() && d.learner_to_move() && st.lines.is_empty() {
            out.push_str(&format!("Your move, {you}.\n"));
        }
        for l in &st.lines {
            out.push_str(l);
            out.push('\n');
        }
        if !d.is_finished() && d.learner_to_move() && !st.lines.is_empty() {
            out.push_str(&format!("Your move, {you}.\n"));
        }
        (d.position(), last, flips, st.marks.clone(), out)
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_highlights(&marks);
        b.set_cursor(c);
    });
    siv.call_on_name(PANEL, |t: &mut WrapText| t.set_content(text));
}

fn show_move(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        match st.drill.reveal() {
            Some(sq) if st.drill.learner_to_move() => {
                st.lines = vec![format!(
                    "The line plays {sq} here (marked). Shown moves count as a miss."
                )];
                st.marks = vec![sq];
            }
            _ => {
                st.lines = vec!["Nothing to show: the line is played through.".into()];
            }
        }
    }
    refresh(siv, shared);
}

fn again(siv: &mut Cursive, shared: &Shared) {
    let setup = lock(shared).drill.setup().clone();
    let setup = DrillSetup {
        seed: setup.seed.wrapping_add(1),
        ..setup
    };
    open(siv, setup);
}

fn toggle_side_lines(siv: &mut Cursive, shared: &Shared) {
    let setup = lock(shared).drill.setup().clone();
    let on = !setup.side_lines;
    let setup = DrillSetup {
        side_lines: on,
        ..setup
    };
    let note = if on {
        "Side lines on: the engine sometimes answers with another good book move. The line starts over."
    } else {
        "Side lines off: the engine keeps to the named line. The line starts over."
    };
    open_with(siv, setup, vec![note.to_string()]);
}

fn next_line(siv: &mut Cursive, shared: &Shared) {
    let (side_lines, current) = {
        let st = lock(shared);
        (
            st.drill.setup().side_lines,
            st.drill.setup().opening.name.clone(),
        )
    };
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let mut rng = rand::rng();
    // Not the same line twice in a row unless it is the only candidate.
    let mut chosen = progress.next_line(embedded(), t, &mut rng);
    for _ in 0..4 {
        match chosen {
            Some(o) if o.name == current => chosen = progress.next_line(embedded(), t, &mut rng),
            _ => break,
        }
    }
    let Some(opening) = chosen else { return };
    let mut setup = DrillSetup::new(opening.clone(), rand::random());
    setup.side_lines = side_lines;
    open(siv, setup);
}

fn to_list(siv: &mut Cursive, shared: &Shared) {
    let name = lock(shared).drill.setup().opening.name.clone();
    super::open(siv, Some(&name));
}
