//! The game review's screen: the board, the value graph, the lines under them and the
//! swings list, drawn from the model ([`ReviewScreen`]); the analysis it asks for runs
//! on the worker, its results going back to the model as they come. Opened on top of
//! the screen that asked for it (a practice game, the analysis board); Esc goes back
//! there.

mod graph;

pub use graph::ValueGraph;

use super::board_view::BoardView;
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::{self, Job, lock};
use crate::tutor::game_review::{GameReview, ReviewInput, analyze_game};
use crate::tutor::models::review::{REVIEW_KEYS, REVIEW_LEAD, ReviewEffect, ReviewScreen};
use crate::tutor::screen::Ticket;
use cursive::Cursive;
use cursive::direction::Direction;
use cursive::event::{Event, EventResult};
use cursive::traits::*;
use cursive::view::{CannotFocus, ViewWrapper};
use cursive::views::{
    LinearLayout, NamedView, OnEventView, Panel, ScrollView, SelectView, TextView,
};
use std::sync::{Arc, Mutex};

/// Name of the review's board.
pub const BOARD: &str = "review-board";
/// Name of the value graph.
pub const GRAPH: &str = "review-graph";
/// Name of the text under the board and the graph.
pub const DETAILS: &str = "review-details";
/// Name of the swings list.
pub const SWINGS: &str = "review-swings";
const SWINGS_SCROLL: &str = "review-swings-scroll";

/// The model and the analysis running for it.
struct Hosted {
    model: ReviewScreen,
    running: super::worker::Running,
    /// The swings drawn, to rebuild the list only when they change.
    drawn: Vec<(String, usize)>,
}

type Shared = Arc<Mutex<Hosted>>;

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
    let start = input.game.start();
    let (model, effects) = ReviewScreen::new(input);
    let shared: Shared = Arc::new(Mutex::new(Hosted {
        model,
        running: super::worker::Running::default(),
        drawn: vec![(String::new(), usize::MAX)],
    }));
    let mut board = BoardView::new(start, plain);
    board.set_show_legal(false);
    let board = board.with_name(BOARD);
    let mut graph = ValueGraph::new(plain);
    {
        let shared = shared.clone();
        graph.set_on_move(Arc::new(move |s: &mut Cursive, n: usize| {
            lock(&shared).model.show_move(n);
            draw(s, &shared);
        }));
    }
    let mut swings = SelectView::<usize>::new();
    {
        let shared = shared.clone();
        swings.set_on_select(move |s, &index| {
            if index != usize::MAX {
                lock(&shared).model.show_move(index + 1);
                draw(s, &shared);
            }
        });
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
        .child(super::host::FooterView::new(|w| {
            crate::tutor::screen::footer(REVIEW_LEAD, REVIEW_KEYS, w)
        }));
    let mut keys = OnEventView::new(body);
    for binding in REVIEW_KEYS {
        for &key in binding.keys {
            let shared = shared.clone();
            let action = binding.action;
            keys.set_on_pre_event(super::host::event_of(key), move |s| {
                let effects = lock(&shared).model.act(action);
                apply(s, &shared, effects);
            });
        }
    }
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Review,
        SizeGuard::new(keys.full_screen()),
    );
    let _ = siv.focus_name(SWINGS);
    apply(siv, &shared, effects);
}

/// Carries out the model's effects, cancels an analysis it no longer waits for, and
/// draws.
fn apply(siv: &mut Cursive, shared: &Shared, effects: Vec<ReviewEffect>) {
    for effect in effects {
        match effect {
            ReviewEffect::Analyze(ticket, input) => analyze(siv, shared, ticket, *input),
            ReviewEffect::Close => {
                lock(shared).running.keep_only(None);
                siv.pop_layer();
                return;
            }
        }
    }
    {
        let mut hosted = lock(shared);
        let wanted = hosted.model.wanted();
        hosted.running.keep_only(wanted);
    }
    draw(siv, shared);
}

/// Runs the analysis of `input` on the worker; each valued move goes to the model as
/// it comes.
fn analyze(siv: &mut Cursive, shared: &Shared, ticket: Ticket, input: ReviewInput) {
    let sink = siv.cb_sink().clone();
    let progress_sink = sink.clone();
    let (s1, s2, s3) = (shared.clone(), shared.clone(), shared.clone());
    let job = worker::spawn(
        &sink,
        move |job: &Job| {
            analyze_game(&input, &job.cancel_flag(), |p| {
                let (m, shared) = (p.latest.clone(), s1.clone());
                let _ = progress_sink.send(Box::new(move |s: &mut Cursive| {
                    lock(&shared).model.valued(ticket, m);
                    draw(s, &shared);
                }));
            })
        },
        move |s: &mut Cursive, _job: &Job, review: GameReview| {
            {
                let mut hosted = lock(&s2);
                hosted.running.ended(ticket);
                hosted.model.finished(ticket, review);
            }
            draw(s, &s2);
        },
        move |s: &mut Cursive| {
            {
                let mut hosted = lock(&s3);
                hosted.running.ended(ticket);
                hosted.model.failed(ticket);
            }
            draw(s, &s3);
        },
    );
    lock(shared).running.start(ticket, job);
}

/// Draws what the model shows.
fn draw(siv: &mut Cursive, shared: &Shared) {
    let (shown, swings) = {
        let mut hosted = lock(shared);
        let shown = hosted.model.shown();
        let swings = (hosted.drawn != shown.swings).then(|| {
            hosted.drawn = shown.swings.clone();
            shown.swings.clone()
        });
        (shown, swings)
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        b.set_position(shown.position, shown.last, &shown.flips)
    });
    siv.call_on_name(GRAPH, |g: &mut ValueGraph| {
        g.set_data(shown.values, shown.marks);
        g.set_current(shown.current);
    });
    siv.call_on_name(DETAILS, |t: &mut TextView| t.set_content(shown.details));
    let selected = shown.selected;
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
