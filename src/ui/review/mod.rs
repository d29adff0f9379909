//! The game review: every move of both sides valued in the background (the
//! whole-game analysis of `tutor::game_review`, with progress, cancellable), the
//! value graph, the board at the move chosen, each side's accuracy per phase, the
//! opening's name and the biggest swings. Opened on top of the screen that asked
//! for it (a practice game, the analysis board); Esc goes back there.

mod graph;
mod text;

pub use graph::{ValueGraph, mark};

use super::board_view::BoardView;
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::{self, Job, lock};
use crate::engine::Move;
use crate::tutor::game_review::{GameReview, MoveReview, ReviewInput, analyse_game};
use cursive::Cursive;
use cursive::direction::Direction;
use cursive::event::{Event, EventResult, Key};
use cursive::traits::*;
use cursive::view::{CannotFocus, ViewWrapper};
use cursive::views::{
    LinearLayout, NamedView, OnEventView, Panel, ScrollView, SelectView, TextView,
};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Name of the review's board.
pub const BOARD: &str = "review-board";
/// Name of the value graph.
pub const GRAPH: &str = "review-graph";
/// Name of the text under the board and the graph.
pub const DETAILS: &str = "review-details";
/// Name of the swings list.
pub const SWINGS: &str = "review-swings";
const SWINGS_SCROLL: &str = "review-swings-scroll";

const KEYS: &str = "Left/Right, click the graph: step  Home/End  Up/Down, click: swings  c cancel\n\
g go on  Esc/q back   Graph: ? inaccuracy  x mistake  X blunder  ^ move shown";

struct State {
    review: GameReview,
    /// The grades the game came with, kept as such when the analysis goes on.
    given: Vec<bool>,
    /// Moves shown on the board (0: the start).
    current: usize,
    job: Option<Job>,
    started: Instant,
    elapsed: Option<Duration>,
    /// What the last key did, cleared by the next key.
    message: String,
    /// Whether the swings list must be rebuilt.
    swings_changed: bool,
    /// The moves (indices) in the swings list, in its order.
    swing_order: Vec<usize>,
}

type Shared = Arc<Mutex<State>>;

/// A view that takes neither focus nor events (the review's board only shows).
struct Passive<V> {
    view: V,
}

impl<V: cursive::View> ViewWrapper for Passive<V> {
    cursive::wrap_impl!(self.view: V);

    fn wrap_take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Err(CannotFocus)
    }

    fn wrap_on_event(&mut self, _: Event) -> EventResult {
        EventResult::Ignored
    }
}

/// Opens the review of `input`'s game, showing its last position, and starts the
/// analysis.
pub fn open(siv: &mut Cursive, input: ReviewInput) {
    let plain = state(siv).options.plain;
    let review = GameReview::unvalued(&input.game);
    let given = (0..review.moves.len())
        .map(|i| matches!(input.known.get(i), Some(Some(_))))
        .collect();
    let current = review.moves.len();
    let shared: Shared = Arc::new(Mutex::new(State {
        review,
        given,
        current,
        job: None,
        started: Instant::now(),
        elapsed: None,
        message: String::new(),
        swings_changed: true,
        swing_order: Vec::new(),
    }));
    let mut board = BoardView::new(input.game.start(), plain);
    board.set_show_legal(false);
    let board = board.with_name(BOARD);
    let mut graph = ValueGraph::new(plain);
    {
        let shared = shared.clone();
        graph.set_on_move(Arc::new(move |s: &mut Cursive, n: usize| {
            show_move(s, &shared, n)
        }));
    }
    let mut swings = SelectView::<usize>::new();
    {
        let shared = shared.clone();
        swings.set_on_select(move |s, &index| show_move(s, &shared, index + 1));
    }
    // The graph is taller on a tall terminal: a third of the height, 9 to 17 rows.
    let graph_rows = (siv.screen_size().y / 3).clamp(9, 17);
    let top = LinearLayout::horizontal()
        .child(Panel::new(Passive { view: board }))
        .child(
            Panel::new(graph.with_name(GRAPH).min_height(graph_rows))
                .title("Value for Black (discs)")
                .full_width(),
        );
    let body = LinearLayout::vertical()
        .child(top)
        .child(TextView::new("").with_name(DETAILS))
        .child(
            Panel::new(
                swings
                    .with_name(SWINGS)
                    .scrollable()
                    .with_name(SWINGS_SCROLL),
            )
            .title("Biggest swings (discs lost, biggest first)")
            .full_height(),
        )
        .child(TextView::new(KEYS));
    let mut keys = OnEventView::new(body);
    let bind = |keys: &mut OnEventView<LinearLayout>, e: Event, f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_pre_event(e, move |s| f(s, &shared));
    };
    bind(&mut keys, Event::Key(Key::Left), |s, sh| step(s, sh, -1));
    bind(&mut keys, Event::Key(Key::Right), |s, sh| step(s, sh, 1));
    bind(&mut keys, Event::Key(Key::Home), |s, sh| {
        show_move(s, sh, 0)
    });
    bind(&mut keys, Event::Key(Key::End), |s, sh| {
        let n = lock(sh).review.moves.len();
        show_move(s, sh, n)
    });
    bind(&mut keys, Event::Key(Key::Up), |s, sh| {
        swing_step(s, sh, false)
    });
    bind(&mut keys, Event::Key(Key::Down), |s, sh| {
        swing_step(s, sh, true)
    });
    bind(&mut keys, Event::Char('c'), cancel_key);
    bind(&mut keys, Event::Char('g'), go_on);
    bind(&mut keys, Event::Char('q'), leave);
    bind(&mut keys, Event::Key(Key::Esc), leave);
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Review,
        SizeGuard::new(keys.full_screen()),
    );
    let _ = siv.focus_name(SWINGS);
    start(siv, &shared, input);
}

/// Starts (or resumes) the analysis of `input` as the screen's job.
fn start(siv: &mut Cursive, shared: &Shared, input: ReviewInput) {
    let sink = siv.cb_sink().clone();
    let progress_sink = sink.clone();
    let (s1, s2, s3) = (shared.clone(), shared.clone(), shared.clone());
    let job = worker::spawn(
        &sink,
        move |job: &Job| {
            let id = job.id;
            analyse_game(&input, &job.cancel_flag(), |p| {
                let (m, shared) = (p.latest.clone(), s1.clone());
                let _ = progress_sink.send(Box::new(move |s: &mut Cursive| {
                    if lock(&shared).job.as_ref().map(|j| j.id) == Some(id) {
                        store(&mut lock(&shared), m);
                        refresh(s, &shared);
                    }
                }));
            })
        },
        move |s: &mut Cursive, job: &Job, review: GameReview| {
            {
                let mut st = lock(&s2);
                if st.job.as_ref().map(|j| j.id) != Some(job.id) {
                    return;
                }
                st.job = None;
                st.elapsed = Some(st.started.elapsed());
                for m in review.moves {
                    if m.feedback.is_some() {
                        store(&mut st, m);
                    }
                }
            }
            refresh(s, &s2);
        },
        move |s: &mut Cursive| {
            {
                let mut st = lock(&s3);
                st.job = None;
                st.message = "The analysis stopped on an internal error.".into();
            }
            refresh(s, &s3);
        },
    );
    {
        let mut st = lock(shared);
        st.job = Some(job);
        st.started = Instant::now();
        st.elapsed = None;
    }
    refresh(siv, shared);
}

/// Keeps a valued move, marked as the game's own grade where it was one.
fn store(st: &mut State, mut m: MoveReview) {
    m.reused = st.given.get(m.index).copied().unwrap_or(false);
    st.review.set(m);
    st.swings_changed = true;
}

fn cancel_job(st: &mut State) -> bool {
    match st.job.take() {
        Some(job) => {
            job.cancel();
            true
        }
        None => false,
    }
}

fn cancel_key(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.message = if cancel_job(&mut st) {
            "Analysis cancelled: g goes on from where it stopped.".into()
        } else {
            "Nothing is running.".into()
        };
    }
    refresh(siv, shared);
}

fn go_on(siv: &mut Cursive, shared: &Shared) {
    let input = {
        let mut st = lock(shared);
        if st.job.is_some() {
            st.message = "The analysis is running.".into();
            None
        } else if st.review.is_complete() {
            st.message = "Every move is valued.".into();
            None
        } else {
            st.message.clear();
            Some(ReviewInput {
                game: st.review.game.clone(),
                known: st.review.moves.iter().map(|m| m.feedback.clone()).collect(),
            })
        }
    };
    match input {
        Some(input) => start(siv, shared, input),
        None => refresh(siv, shared),
    }
}

fn leave(siv: &mut Cursive, shared: &Shared) {
    cancel_job(&mut lock(shared));
    siv.pop_layer();
}

/// Shows the position after move `n` (0: the start).
fn show_move(siv: &mut Cursive, shared: &Shared, n: usize) {
    {
        let mut st = lock(shared);
        st.current = n.min(st.review.moves.len());
        st.message.clear();
    }
    refresh(siv, shared);
}

fn step(siv: &mut Cursive, shared: &Shared, delta: i32) {
    let n = {
        let st = lock(shared);
        (st.current as i64 + i64::from(delta)).clamp(0, st.review.moves.len() as i64) as usize
    };
    show_move(siv, shared, n);
}

/// Shows the next (or previous) move of the swings list: the first one when the move
/// shown is not in the list.
fn swing_step(siv: &mut Cursive, shared: &Shared, down: bool) {
    let target = {
        let st = lock(shared);
        let order = &st.swing_order;
        let here = st
            .current
            .checked_sub(1)
            .and_then(|i| order.iter().position(|&m| m == i));
        let at = match here {
            None => 0,
            Some(p) if down => (p + 1).min(order.len().saturating_sub(1)),
            Some(p) => p.saturating_sub(1),
        };
        order.get(at).copied()
    };
    if let Some(index) = target {
        show_move(siv, shared, index + 1);
    }
}

/// Redraws the screen from the state (the message stays until the next key).
fn refresh(siv: &mut Cursive, shared: &Shared) {
    let (pos, last, flips, values, marks, details, swings, current, selected) = {
        let mut st = lock(shared);
        let game = &st.review.game;
        let pos = game.position_at(st.current);
        let (last, flips) = match st.current.checked_sub(1).map(|i| game.moves()[i]) {
            Some(Move::Place(sq)) => {
                let before = game.position_at(st.current - 1);
                (
                    Some(sq),
                    before.board.flips(sq).into_iter().collect::<Vec<_>>(),
                )
            }
            _ => (None, Vec::new()),
        };
        let values = st.review.values_for_black();
        let marks = st
            .review
            .moves
            .iter()
            .map(|m| m.grade().and_then(mark))
            .collect();
        let details = details_text(&st, &pos);
        let swings = st.swings_changed.then(|| {
            st.review
                .swings()
                .into_iter()
                .map(|m| (text::swing_label(m), m.index))
                .collect::<Vec<_>>()
        });
        st.swings_changed = false;
        if let Some(items) = &swings {
            st.swing_order = items.iter().map(|(_, i)| *i).collect();
        }
        let selected = st
            .current
            .checked_sub(1)
            .and_then(|i| st.swing_order.iter().position(|&m| m == i));
        (
            pos, last, flips, values, marks, details, swings, st.current, selected,
        )
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| b.set_position(pos, last, &flips));
    siv.call_on_name(GRAPH, |g: &mut ValueGraph| {
        g.set_data(values, marks);
        g.set_current(current);
    });
    siv.call_on_name(DETAILS, |t: &mut TextView| t.set_content(details));
    siv.call_on_name(
        SWINGS_SCROLL,
        |sv: &mut ScrollView<NamedView<SelectView<usize>>>| {
            {
                let mut list = sv.get_inner_mut().get_mut();
                if let Some(items) = swings {
                    list.clear();
                    if items.is_empty() {
                        list.add_item("No move lost a disc (so far).", usize::MAX);
                    }
                    for (label, index) in items {
                        list.add_item(label, index);
                    }
                }
                // The list follows the move shown (its callback is not called: the
                // screen already shows that move).
                if let Some(at) = selected {
                    let _ = list.set_selection(at);
                }
            }
            if selected.is_some() {
                sv.scroll_to_important_area();
            }
        },
    );
}

fn details_text(st: &State, pos: &crate::engine::Position) -> String {
    use crate::engine::Color;
    let review = &st.review;
    let (done, total) = review.counts();
    let status = match (&st.job, st.elapsed) {
        (Some(_), _) => format!(
            "Valuing every move… {done} of {total} ({:.0} s; c: cancel)",
            st.started.elapsed().as_secs_f64()
        ),
        (None, Some(t)) if review.is_complete() => {
            format!("All {total} moves valued in {:.1} s.", t.as_secs_f64())
        }
        (None, _) if review.is_complete() => format!("All {total} moves valued."),
        (None, _) => format!("{done} of {total} moves valued: g values the rest."),
    };
    let status = if st.message.is_empty() {
        status
    } else {
        format!("{status}  {}", st.message)
    };
    format!(
        "{}\n{}\n{}\n{}\n{status}",
        text::move_line(review, st.current),
        text::position_line(review, st.current, pos),
        text::accuracy_line(review, Color::Black),
        text::accuracy_line(review, Color::White),
    )
}
