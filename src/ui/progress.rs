//! The progress screen: a view of [`crate::tutor::models::progress_page`].

use super::shell::with_progress;
use super::size_guard::SizeGuard;
use crate::tutor::content::load_lessons;
use crate::tutor::models::progress_page::{PAGE_KEYS, PAGE_LEAD, PageAction, page};
use crate::tutor::screen::footer;
use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, ScrollView, TextView};

/// Opens the progress screen.
pub fn open(siv: &mut Cursive) {
    let lessons = load_lessons().unwrap_or_default();
    let now = super::shell::now(siv);
    let text = with_progress(siv, |ps| page(&ps.progress, &lessons, now));
    let body = LinearLayout::vertical()
        .child(ScrollView::new(TextView::new(text)).full_height())
        .child(crate::ui::host::FooterView::new(|w| {
            footer(PAGE_LEAD, PAGE_KEYS, w)
        }));
    let mut view = OnEventView::new(body);
    for binding in PAGE_KEYS {
        match binding.action {
            PageAction::Leave => {
                for &key in binding.keys {
                    view.set_on_event(crate::ui::host::event_of(key), |s| {
                        s.pop_layer();
                    });
                }
            }
        }
    }
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Progress,
        SizeGuard::new(Dialog::around(view).title("Progress").full_screen()),
    );
    super::shell::show_progress_notice(siv);
}
