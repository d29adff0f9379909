//! The opening trainer: the list of named lines (grouped by family, searched by name,
//! alias or moves, each with its review status), and the rehearsal screen where the
//! learner plays one side of the chosen line against the book.

mod rehearsal;

use super::nav;
use super::shell::{now, show_progress_notice, state, with_progress};
use super::size_guard::SizeGuard;
use crate::tutor::models::openings_list::{
    Choice, LIST_KEYS, LIST_LEAD, ListAction, details, rows, setup,
};
use crate::tutor::openings::{OpeningProgress, embedded};
use crate::tutor::screen::footer;
use cursive::Cursive;
use cursive::event::{Event, EventTrigger};
use cursive::traits::*;
use cursive::views::{
    Dialog, EditView, LinearLayout, OnEventView, Panel, ScrollView, SelectView, TextView,
};

/// Name of the list of lines.
pub const LIST: &str = "openings-list";
/// Name of the line under the list that shows the chosen row whole.
const DETAILS: &str = "openings-details";
/// Name of the search box.
pub const SEARCH: &str = "openings-search";

/// Opens the list of lines; `select` puts the cursor on that line.
pub fn open(siv: &mut Cursive, select: Option<&str>) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let mut list = SelectView::<Choice>::new();
    fill(&mut list, "", &progress, t);
    let at = select.and_then(|name| {
        list.iter()
            .position(|(_, c)| *c == Choice::Line(name.to_string()))
    });
    if let Some(i) = at {
        list.set_selection(i);
    }
    list.set_on_submit(|s, c: &Choice| start(s, c.clone()));
    list.set_on_select(|s, c: &Choice| show_details(s, c));
    let first = details(list.selection().as_deref().unwrap_or(&Choice::Nothing));
    let search = EditView::new()
        .on_edit(|s, text, _| refilter(s, text))
        .on_submit(|s, _| {
            let chosen = s
                .call_on_name(LIST, |l: &mut SelectView<Choice>| l.selection())
                .flatten();
            if let Some(c) = chosen {
                start(s, (*c).clone());
            }
        });
    let header = format!(
        "Rehearse a named opening: you play its side, the engine answers from the book.\n\
         {} lines · {} due for review today",
        embedded().len(),
        progress.due_count(t)
    );
    let body = LinearLayout::vertical()
        .child(TextView::new(header))
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("Search: "))
                .child(search.with_name(SEARCH).full_width()),
        )
        .child(Panel::new(ScrollView::new(list.with_name(LIST))).full_height())
        .child(TextView::new(first).with_name(DETAILS))
        .child(crate::ui::host::FooterView::new(|w| {
            footer(LIST_LEAD, LIST_KEYS, w)
        }));
    // Letters typed while the list has the focus go to the search box.
    let mut keys = OnEventView::new(body);
    for binding in LIST_KEYS {
        // Enter and Backspace belong to the search box and the list (they submit and
        // edit); the table names them for the footer and the help.
        if binding.action != ListAction::Leave {
            continue;
        }
        for &key in binding.keys {
            keys.set_on_event(crate::ui::host::event_of(key), nav::menu);
        }
    }
    let keys = keys.on_event_inner(
        EventTrigger::from_fn(|e| matches!(e, Event::Char(_))),
        |layout, event| {
            let Event::Char(c) = *event else { return None };
            let mut text = String::new();
            layout.call_on_name(SEARCH, |e: &mut EditView| {
                let mut t = e.get_content().to_string();
                t.push(c);
                e.set_content(t.clone());
                text = t;
            });
            let _ = layout.focus_view(&cursive::view::Selector::Name(SEARCH));
            Some(cursive::event::EventResult::with_cb(move |s| {
                refilter(s, &text)
            }))
        },
    );
    while siv.pop_layer().is_some() {}
    let _ = state(siv);
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Openings,
        SizeGuard::new(Dialog::around(keys).title("Openings").full_screen()),
    );
    if select.is_some() {
        let _ = siv.focus_name(LIST);
    }
    show_progress_notice(siv);
}

fn fill(list: &mut SelectView<Choice>, filter: &str, progress: &OpeningProgress, now: u64) {
    list.clear();
    for (text, choice) in rows(filter, progress, now) {
        list.add_item(text, choice);
    }
}

fn show_details(siv: &mut Cursive, choice: &Choice) {
    siv.call_on_name(DETAILS, |t: &mut TextView| t.set_content(details(choice)));
}

fn refilter(siv: &mut Cursive, text: &str) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let chosen = siv
        .call_on_name(LIST, |l: &mut SelectView<Choice>| {
            fill(l, text, &progress, t);
            l.selection().map(|c| (*c).clone())
        })
        .flatten();
    show_details(siv, &chosen.unwrap_or(Choice::Nothing));
}

fn start(siv: &mut Cursive, choice: Choice) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    if let Some(setup) = setup(&choice, &progress, t, &mut rand::rng()) {
        rehearsal::open(siv, setup);
    }
}
