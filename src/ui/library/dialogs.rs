//! The library's dialogs, drawn from what the model asks for ([`Asked`]): a line of
//! text, a question, a list. Every answer (Enter, a button, a key, Esc) goes to the
//! model, which says which dialog is open next; the dialog on screen follows it.

use super::{INPUT, Shared, apply};
use crate::tutor::models::library::{Asked, ChooseDialog, ConfirmDialog, Reply, TextDialog};
use crate::ui::host::event_of;
use crate::ui::size_guard::add_layer;
use crate::ui::worker::lock;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, EditView, LinearLayout, OnEventView, SelectView, TextView};

/// Name of the dialog layer open.
const DIALOG: &str = "library-dialog";

/// Puts on screen the dialog `asked` (none: no dialog), unless it is there already.
pub(super) fn show(siv: &mut Cursive, shared: &Shared, asked: Option<Asked>) {
    {
        let mut hosted = lock(shared);
        if hosted.dialog == asked {
            return;
        }
        hosted.dialog = asked.clone();
    }
    if let Some(position) = siv.screen_mut().find_layer_from_name(DIALOG) {
        siv.screen_mut().remove_layer(position);
    }
    let Some(asked) = asked else {
        return;
    };
    let dialog = match asked {
        Asked::Text(d) => text_dialog(shared, d),
        Asked::Confirm(d) => confirm_dialog(shared, d),
        Asked::Choose(d) => choose_dialog(shared, d),
    };
    add_layer(siv, dialog.with_name(DIALOG));
}

/// A callback that gives the model `reply`.
fn answer(shared: &Shared, reply: Reply) -> impl Fn(&mut Cursive) + Send + Sync + 'static {
    let shared = shared.clone();
    move |s: &mut Cursive| give(s, &shared, reply.clone())
}

/// Gives the model `reply` and draws what follows.
fn give(siv: &mut Cursive, shared: &Shared, reply: Reply) {
    let effects = lock(shared).model.reply(reply);
    apply(siv, shared, effects);
}

/// `dialog` with Esc answering [`Reply::Cancel`].
fn cancellable(shared: &Shared, dialog: Dialog) -> OnEventView<Dialog> {
    OnEventView::new(dialog).on_event(Key::Esc, answer(shared, Reply::Cancel))
}

fn text_dialog(shared: &Shared, d: TextDialog) -> OnEventView<Dialog> {
    let on_enter = shared.clone();
    let on_button = shared.clone();
    let mut body = LinearLayout::vertical()
        .child(TextView::new(d.prompt))
        .child(
            EditView::new()
                .content(d.text)
                .on_submit(move |s, text| give(s, &on_enter, Reply::Text(text.to_string())))
                .with_name(INPUT)
                .fixed_width(70),
        );
    if let Some(problem) = d.problem {
        body.add_child(TextView::new(problem));
    }
    if let Some(busy) = d.busy {
        body.add_child(TextView::new(busy));
    }
    let dialog = Dialog::around(body)
        .title(format!(
            "{}   (Enter: {}   Esc: cancel)",
            d.title,
            d.button.to_lowercase()
        ))
        .button(d.button, move |s| {
            let text = s
                .call_on_name(INPUT, |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            give(s, &on_button, Reply::Text(text));
        })
        .button("Cancel", answer(shared, Reply::Cancel));
    cancellable(shared, dialog)
}

fn confirm_dialog(shared: &Shared, d: ConfirmDialog) -> OnEventView<Dialog> {
    let dialog = Dialog::text(d.text)
        .title(format!(
            "{}   (Enter: {}   Esc: cancel)",
            d.title,
            d.yes.to_lowercase()
        ))
        .button(d.yes, answer(shared, Reply::Yes))
        .button("Cancel", answer(shared, Reply::Cancel));
    cancellable(shared, dialog)
}

fn choose_dialog(shared: &Shared, d: ChooseDialog) -> OnEventView<Dialog> {
    let mut list = SelectView::<usize>::new();
    let count = d.items.len();
    for (i, item) in d.items.into_iter().enumerate() {
        list.add_item(item, i);
    }
    let on_item = shared.clone();
    list.set_on_submit(move |s, &i| give(s, &on_item, Reply::Item(i)));
    let mut hint = format!("Enter: {}", d.submit);
    if d.numbered {
        hint.push_str(&format!(", 1-{}", count.min(9)));
    }
    if let Some(extra) = d.extra {
        hint.push_str(&format!(
            "   {}: {}",
            extra.key.label(),
            extra.label.to_lowercase()
        ));
    }
    let body = LinearLayout::vertical()
        .child(TextView::new(d.text))
        .child(list.scrollable().max_height(12));
    let mut dialog = Dialog::around(body).title(format!("{}   ({hint}   Esc: cancel)", d.title));
    if let Some(extra) = d.extra {
        dialog.add_button(extra.label, answer(shared, Reply::Extra));
    }
    dialog.add_button("Cancel", answer(shared, Reply::Cancel));
    let mut view = cancellable(shared, dialog);
    if d.numbered {
        for i in 0..count.min(9) {
            let digit = char::from(b'1' + i as u8);
            view.set_on_event(digit, answer(shared, Reply::Item(i)));
        }
    }
    if let Some(extra) = d.extra {
        view.set_on_event(event_of(extra.key), answer(shared, Reply::Extra));
    }
    view
}
