//! The Potential screen's dialogs: a question the model asks (leave, a new game, the
//! game-over summary) and a text it shows (the rules). Their answers go back to the
//! model; the screen's other keys, pressed in a dialog, reach the model too, which
//! says why they cannot act now.

use cursive::Cursive;
use cursive::event::Key as CKey;
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, Panel, ScrollView, TextView};

use super::{Shared, apply};
use crate::tutor::models::potential::{POTENTIAL_KEYS, PotentialAction};
use crate::tutor::screen::Key;
use crate::ui::host::event_of;
use crate::ui::worker::lock;

const TEXT_KEYS: &str = "Up/Down/PgUp/PgDn: scroll   Esc/q: back to the game";

/// Sends the screen's keys that the dialog leaves alone (all but `own`) to the model.
fn forward_keys<V: cursive::View>(view: &mut OnEventView<V>, shared: &Shared, own: &[Key]) {
    for binding in POTENTIAL_KEYS {
        for &key in binding.keys.iter().filter(|k| !own.contains(k)) {
            let shared = shared.clone();
            let action: PotentialAction = binding.action;
            view.set_on_event(event_of(key), move |s| {
                let effects = lock(&shared).model.act(action);
                apply(s, &shared, effects);
            });
        }
    }
}

/// The model's word on a key pressed in the dialog (empty until one is).
fn note(shared: &Shared) -> impl cursive::View {
    super::panel::LinesView::new(
        shared.clone(),
        |m| m.dialog_note().into_iter().collect(),
        70,
    )
}

/// Asks the model's question; the answer goes back to it.
pub(super) fn confirm(siv: &mut Cursive, shared: &Shared, text: &str, yes: &str, no: &str) {
    let title = lock(shared)
        .model
        .dialog()
        .map(|d| d.title())
        .unwrap_or("Potential");
    let answer = |yes: bool| {
        let shared = shared.clone();
        move |s: &mut Cursive| {
            s.pop_layer();
            let effects = lock(&shared).model.confirmed(yes);
            apply(s, &shared, effects);
        }
    };
    let body = LinearLayout::vertical()
        .child(TextView::new(format!(
            "{text}\n\nEnter: choose   Tab/arrows: switch   Esc: {}",
            no.to_lowercase()
        )))
        .child(note(shared));
    let dialog = Dialog::around(body)
        .title(title)
        .button(yes, answer(true))
        .button(no, answer(false));
    let mut view = OnEventView::new(dialog).on_event(CKey::Esc, answer(false));
    forward_keys(&mut view, shared, &[Key::Esc, Key::Enter]);
    crate::ui::size_guard::add_layer(siv, view);
}

/// Shows a text (the rules) until Esc or q.
pub(super) fn show_text(siv: &mut Cursive, shared: &Shared, title: &str, text: &str) {
    let close = || {
        let shared = shared.clone();
        move |s: &mut Cursive| {
            s.pop_layer();
            let effects = lock(&shared).model.rules_closed();
            apply(s, &shared, effects);
        }
    };
    let body = LinearLayout::vertical()
        .child(ScrollView::new(TextView::new(text)).full_height())
        .child(TextView::new(TEXT_KEYS))
        .child(note(shared));
    let mut view = OnEventView::new(Panel::new(body).title(title).max_width(84))
        .on_event(CKey::Esc, close())
        .on_event('q', close());
    forward_keys(&mut view, shared, &[Key::Esc, Key::Char('q')]);
    crate::ui::size_guard::add_layer(siv, view);
}
