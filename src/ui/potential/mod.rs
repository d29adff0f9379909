//! The "Potential" screen: a view of its model
//! ([`crate::tutor::models::potential::PotentialScreen`]). It turns keys (from the
//! model's one key table), clicks and the mouse wheel into the model's actions, draws
//! what the model shows (the board in its window, the side panel, the verdict line
//! and the footer) and runs the computer's moves through the one worker, cancelling
//! any the model no longer waits for.

use std::sync::{Arc, Mutex};

use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{LinearLayout, OnEventView, Panel, TextView};

use super::host::{FooterView, event_of};
use super::worker::{self, Job, Running, lock};
use crate::tutor::models::potential::{
    CURSOR_KEYS, ComputerMove, Effects, POTENTIAL_KEYS, PotentialScreen,
};
use crate::tutor::screen::{Effect, Ticket, footer};

pub use super::nav::PotentialOptions;

mod dialogs;
mod grid;
mod panel;

use grid::BoardView;
use panel::{LinesView, PANEL_WIDTH};

/// Name of the board view (for `call_on_name`).
pub const BOARD_NAME: &str = "potential-board";

/// The model and the computer's search running for it: the screen's one shared state.
struct Hosted {
    model: PotentialScreen,
    running: Running,
    /// Draw without colours (the glyphs carry everything).
    plain: bool,
}

impl worker::Hosting for Hosted {
    type Output = Option<crate::potential::PotentialMove>;
    type Effects = Effects;

    fn running(&mut self) -> &mut Running {
        &mut self.running
    }

    fn finished(&mut self, ticket: Ticket, output: Self::Output) -> Effects {
        self.model.finished(ticket, output)
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        self.model.failed(ticket)
    }
}

type Shared = Arc<Mutex<Hosted>>;

/// Opens the Potential screen with the default settings (12 per side, you play White
/// against the search level).
pub fn open(siv: &mut Cursive) {
    open_with(siv, PotentialOptions::default());
}

/// Opens the Potential screen with `options`: pushes it as a new layer.
pub fn open_with(siv: &mut Cursive, options: PotentialOptions) {
    let Ok(model) = PotentialScreen::new(&options) else {
        return;
    };
    let shared: Shared = Arc::new(Mutex::new(Hosted {
        model,
        running: Running::default(),
        plain: options.plain,
    }));
    let board = BoardView::new(shared.clone()).with_name(BOARD_NAME);
    let panel = LinesView::new(shared.clone(), |m| m.shown().panel, PANEL_WIDTH);
    // Two lines, so that a long verdict does not shrink the board.
    let verdict =
        LinesView::new(shared.clone(), |m| vec![m.shown().verdict.line()], 2000).fixed_height(2);
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(board)
                .child(TextView::new(" "))
                .child(panel),
        )
        .child(verdict)
        .child(FooterView::new(|w| footer(CURSOR_KEYS, POTENTIAL_KEYS, w)));
    let mut screen = OnEventView::new(Panel::new(body).title("Potential"));
    for binding in POTENTIAL_KEYS {
        for &key in binding.keys {
            let shared = shared.clone();
            let action = binding.action;
            screen.set_on_pre_event(event_of(key), move |s| {
                let effects = lock(&shared).model.act(action);
                apply(s, &shared, effects);
            });
        }
    }
    crate::ui::layer::add_dialog_screen(
        siv,
        crate::tutor::screen::ScreenId::Potential,
        screen.full_screen(),
    );
    let effects = lock(&shared).model.start();
    apply(siv, &shared, effects);
}

/// Carries out the model's effects, then cancels the search the model no longer
/// waits for.
fn apply(siv: &mut Cursive, shared: &Shared, effects: Effects) {
    for effect in effects {
        match effect {
            Effect::Run(ticket, task) => run(siv, shared, ticket, task),
            Effect::Close => {
                siv.pop_layer();
            }
            Effect::Confirm { text, yes, no } => dialogs::confirm(siv, shared, &text, &yes, &no),
            Effect::Show { title, text } => dialogs::show_text(siv, shared, &title, &text),
            Effect::Go(route) => super::nav::go(siv, route),
            // The Potential screen asks for nothing else.
            Effect::AskText { .. } | Effect::Choose { .. } | Effect::Progress(_) => {}
        }
    }
    let mut hosted = lock(shared);
    let wanted = hosted.model.wanted();
    hosted.running.keep_only(wanted);
}

/// Runs the computer's move on the worker; its result goes back with `ticket`.
fn run(siv: &mut Cursive, shared: &Shared, ticket: Ticket, task: ComputerMove) {
    let (done, failed) = worker::ends(shared, ticket, apply);
    let job = worker::spawn(
        siv.cb_sink(),
        move |job: &Job| {
            let flag = job.cancel_flag();
            task.run(Some(flag.as_ref()))
        },
        done,
        failed,
    );
    lock(shared).running.start(ticket, job);
}
