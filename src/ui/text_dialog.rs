//! The one dialog that asks for a line of text: Enter in the field submits, the
//! button does the same, Esc cancels.

use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, EditView, LinearLayout, OnEventView, TextView};
use std::sync::Arc;

/// Asks for a line of text under `prompt`, starting from `initial`; `submit` gets
/// the text (from Enter or the `button`). The field is named `name`.
pub fn ask_text(
    siv: &mut Cursive,
    title: &str,
    prompt: &str,
    name: &'static str,
    initial: &str,
    button: &str,
    submit: impl Fn(&mut Cursive, &str) + Send + Sync + 'static,
) {
    let submit = Arc::new(submit);
    let on_enter = submit.clone();
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(
            LinearLayout::vertical().child(TextView::new(prompt)).child(
                EditView::new()
                    .content(initial)
                    .on_submit(move |s, text| on_enter(s, text))
                    .with_name(name)
                    .fixed_width(70),
            ),
        )
        .title(format!(
            "{title}   (Enter: {}   Esc: cancel)",
            button.to_lowercase()
        ))
        .button(button, move |s| {
            let text = s
                .call_on_name(name, |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            submit(s, &text);
        })
        .button("Cancel", |s| {
            s.pop_layer();
        })
        .wrap_with(OnEventView::new)
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}
