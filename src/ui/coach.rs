//! The coach screen: a view of [`crate::tutor::models::coach`]. The list holds
//! today's plan and the concepts that cost the learner discs; the line under it
//! says why the chosen item is on the plan, or the chosen concept's figures; `c`
//! shows the charts in its place. Keys, footer and help come from
//! [`COACH_KEYS`].

use super::nav;
use super::shell::{now, show_progress_notice, with_progress};
use super::size_guard::SizeGuard;
use super::wrap_text::WrapText;
use crate::tutor::content::load_lessons;
use crate::tutor::content::load_puzzles;
use crate::tutor::models::coach::{
    COACH_KEYS, COACH_LEAD, CoachAction, CoachScreen, Outcome, Page, Row,
};
use crate::tutor::screen::{ScreenId, footer};
use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{
    Dialog, HideableView, LinearLayout, OnEventView, Panel, ResizedView, ScrollView, SelectView,
    TextView,
};
use std::sync::{Arc, Mutex, MutexGuard};

/// Name of the list of plan items and concepts.
pub const LIST: &str = "coach-list";
/// Name of the line under the list.
const DETAIL: &str = "coach-detail";
/// Name of the plan page (the list and its line).
const PLAN: &str = "coach-plan";
/// Name of the charts page.
const CHARTS: &str = "coach-charts";
/// The charts' width when the screen's is not known yet (80 columns, less the
/// dialog's borders and padding).
const CHART_WIDTH: usize = 76;

type Shared = Arc<Mutex<CoachScreen>>;

fn lock(shared: &Shared) -> MutexGuard<'_, CoachScreen> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Opens the coach screen (in place of every other screen); keeps today's plan when
/// it is new.
pub fn open(siv: &mut Cursive) {
    let lessons = load_lessons().unwrap_or_default();
    let puzzles = load_puzzles().unwrap_or_default();
    let t = now(siv);
    let (model, keep) = with_progress(siv, |ps| {
        let (model, keep) = CoachScreen::new(&ps.progress, &lessons, &puzzles, t);
        let keep = keep.map(|change| {
            change.apply(&mut ps.progress);
            ps.save()
        });
        (model, keep)
    });
    let width = siv.screen_size().x.saturating_sub(4).max(CHART_WIDTH);
    let rows = model.rows();
    let heading = model.heading();
    let charts = model.charts(width);
    let first = rows
        .first()
        .map(|(_, r)| model.detail(*r))
        .unwrap_or_default();
    let shared: Shared = Arc::new(Mutex::new(model));

    let mut list = SelectView::<Row>::new();
    for (text, row) in rows {
        list.add_item(text, row);
    }
    let on_select = shared.clone();
    list.set_on_select(move |s, row: &Row| {
        let text = lock(&on_select).detail(*row);
        s.call_on_name(DETAIL, |t: &mut WrapText| t.set_content(text));
    });
    let on_submit = shared.clone();
    list.set_on_submit(move |s, _: &Row| act(s, &on_submit, CoachAction::Open));
    let plan = LinearLayout::vertical()
        .child(TextView::new(heading))
        .child(Panel::new(ScrollView::new(list.with_name(LIST))).full_height())
        .child(WrapText::new(first).with_name(DETAIL))
        .full_height();
    let body = LinearLayout::vertical()
        .child(HideableView::new(plan).with_name(PLAN))
        .child(
            HideableView::new(ScrollView::new(TextView::new(charts)).full_height())
                .hidden()
                .with_name(CHARTS),
        )
        .child(crate::ui::host::FooterView::new(|w| {
            footer(COACH_LEAD, COACH_KEYS, w)
        }));
    let mut view = OnEventView::new(body);
    for binding in COACH_KEYS {
        // Enter belongs to the list, which submits the row it is on; it reaches
        // here when the list is hidden (the charts).
        for &key in binding.keys {
            let shared = shared.clone();
            let action = binding.action;
            view.set_on_event(crate::ui::host::event_of(key), move |s| {
                act(s, &shared, action)
            });
        }
    }
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        ScreenId::Coach,
        SizeGuard::new(Dialog::around(view).title("Coach").full_screen()),
    );
    if let Some(Err(e)) = keep {
        tell(siv, &format!("Today's plan could not be saved: {e}"));
    }
    show_progress_notice(siv);
}

/// Puts `line` under the list.
fn tell(siv: &mut Cursive, line: &str) {
    let line = line.to_string();
    siv.call_on_name(DETAIL, |t: &mut WrapText| t.set_content(line));
}

/// Shows the model's page: the plan (the list focused) or the charts.
fn show_page(siv: &mut Cursive, shared: &Shared) {
    let charts = lock(shared).page() == Page::Charts;
    siv.call_on_name(PLAN, |v: &mut HideableView<ResizedView<LinearLayout>>| {
        v.set_visible(!charts)
    });
    siv.call_on_name(
        CHARTS,
        |v: &mut HideableView<ResizedView<ScrollView<TextView>>>| v.set_visible(charts),
    );
    if !charts {
        let _ = siv.focus_name(LIST);
    }
}

/// Carries out `action` on the row the list is on.
fn act(siv: &mut Cursive, shared: &Shared, action: CoachAction) {
    let row = siv
        .call_on_name(LIST, |l: &mut SelectView<Row>| l.selection())
        .flatten()
        .map(|r| *r);
    let outcome = lock(shared).act(action, row);
    match outcome {
        Outcome::Go(route) => nav::go(siv, route),
        Outcome::Leave => nav::menu(siv),
        Outcome::Say(line) => {
            show_page(siv, shared);
            tell(siv, &line);
        }
        Outcome::Redraw => show_page(siv, shared),
        Outcome::Show { title, text } => {
            super::size_guard::add_layer(
                siv,
                Dialog::around(ScrollView::new(WrapText::new(text)))
                    .title(format!("{title}   (Esc: back)"))
                    .button("Back", |s| {
                        s.pop_layer();
                    })
                    .wrap_with(OnEventView::new)
                    .on_event(cursive::event::Key::Esc, |s| {
                        s.pop_layer();
                    }),
            );
        }
        Outcome::Choose { title, text, items } => {
            let mut list = SelectView::new();
            for (label, route) in items {
                list.add_item(label, route);
            }
            list.set_on_submit(|s, route: &nav::Route| {
                s.pop_layer();
                nav::go(s, route.clone());
            });
            super::size_guard::add_layer(
                siv,
                Dialog::around(
                    LinearLayout::vertical()
                        .child(WrapText::new(text))
                        .child(ScrollView::new(list)),
                )
                .title(format!("{title}   (Esc: back)"))
                .button("Back", |s| {
                    s.pop_layer();
                })
                .wrap_with(OnEventView::new)
                .on_event(cursive::event::Key::Esc, |s| {
                    s.pop_layer();
                }),
            );
        }
    }
}
