//! The opening trainer: the list of named lines (grouped by family, searched by name,
//! alias or moves, each with its review status), and the drill screen where the
//! learner plays one side of the chosen line against the book.

mod drill;

use super::nav;
use super::shell::{now, show_progress_notice, state, with_progress};
use super::size_guard::SizeGuard;
use crate::tutor::openings::{DrillSetup, NamedOpening, OpeningProgress, embedded};
use crate::tutor::review::DAY;
use cursive::Cursive;
use cursive::event::{Event, EventTrigger, Key};
use cursive::traits::*;
use cursive::views::{
    Dialog, EditView, LinearLayout, OnEventView, Panel, ScrollView, SelectView, TextView,
};

/// Name of the list of lines.
pub const LIST: &str = "openings-list";
/// Name of the search box.
pub const SEARCH: &str = "openings-search";

const KEYS: &str =
    "Type to search   Up/Down or mouse: choose   Enter: drill it   Esc: menu   F1: help";

/// What a row of the list opens.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// A due line first, else a new one.
    Random,
    /// A named line.
    Line(String),
    /// A row that opens nothing.
    Nothing,
}

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
        "Drill a named opening: you play its side, the engine answers from the book.\n\
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
        .child(TextView::new(KEYS));
    // Letters typed while the list has the focus go to the search box.
    let keys = OnEventView::new(body)
        .on_event(Key::Esc, nav::menu)
        .on_event_inner(
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

/// The status of a line for the list: new, due, or when it comes back.
fn status(progress: &OpeningProgress, name: &str, now: u64) -> String {
    match (progress.review.get(name), progress.line(name)) {
        (Some(e), _) if e.due <= now => "due now".into(),
        (Some(e), _) => {
            let days = (e.due - now).div_ceil(DAY);
            if days <= 1 {
                "due tomorrow".into()
            } else {
                format!("due in {days} days")
            }
        }
        (None, Some(r)) if r.clean > 0 => "learned".into(),
        (None, Some(_)) => "tried".into(),
        (None, None) => "new".into(),
    }
}

/// The widest name column of the list (with its gap), so that at 80 columns the
/// status and most of the moves fit beside it.
const NAME_COLUMN: usize = 27;

/// `text` cut to `n` characters, the last one an ellipsis when it is cut.
fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        return text.to_string();
    }
    let mut out: String = text.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

fn matches(o: &NamedOpening, filter: &str) -> bool {
    let f = filter.trim().to_lowercase();
    f.is_empty()
        || o.name.to_lowercase().contains(&f)
        || o.family.to_lowercase().contains(&f)
        || o.aliases.iter().any(|a| a.to_lowercase().contains(&f))
        || o.transcript().contains(&f)
        || o.transcript()
            .replace(' ', "")
            .contains(&f.replace(' ', ""))
}

fn fill(list: &mut SelectView<Choice>, filter: &str, progress: &OpeningProgress, now: u64) {
    list.clear();
    if filter.trim().is_empty() {
        list.add_item(
            format!(
                "A random line ({} due for review; else a new one)",
                progress.due_count(now)
            ),
            Choice::Random,
        );
        // The due reviews first, as in the puzzle trainer.
        for entry in progress.review.due(now) {
            if let Some(o) = embedded().find(&entry.id) {
                list.add_item(
                    format!("Review: {}   due now   {}", o.name, o.transcript()),
                    Choice::Line(o.name.clone()),
                );
            }
        }
    }
    // The name column is kept narrow enough that the moves fit beside it at 80
    // columns; a longer name is cut with an ellipsis (the drill shows it whole).
    let width = embedded()
        .all()
        .iter()
        .map(|o| o.name.chars().count() + 4)
        .max()
        .unwrap_or(28)
        .min(NAME_COLUMN);
    for (family, lines) in embedded().families() {
        let shown: Vec<&&NamedOpening> = lines.iter().filter(|o| matches(o, filter)).collect();
        if shown.is_empty() {
            continue;
        }
        // The family's own line (or its first shown line) flush left, the others
        // indented under it.
        for (i, o) in shown.iter().enumerate() {
            let name = if i == 0 || o.name == family {
                o.name.clone()
            } else {
                format!("  {}", o.name)
            };
            let name = cut(&name, width - 1);
            list.add_item(
                format!(
                    "{name:<width$}{:<14}{}",
                    status(progress, &o.name, now),
                    o.transcript().replace(' ', "")
                ),
                Choice::Line(o.name.clone()),
            );
        }
    }
    if list.is_empty() {
        list.add_item(
            "No line matches: Backspace to widen the search",
            Choice::Nothing,
        );
    }
}

fn refilter(siv: &mut Cursive, text: &str) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    siv.call_on_name(LIST, |l: &mut SelectView<Choice>| {
        fill(l, text, &progress, t)
    });
}

fn start(siv: &mut Cursive, choice: Choice) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.openings.clone());
    let opening = match choice {
        Choice::Random => progress.next_line(embedded(), t, &mut rand::rng()),
        Choice::Line(name) => embedded().find(&name),
        Choice::Nothing => None,
    };
    let Some(opening) = opening else { return };
    let setup = DrillSetup::new(opening.clone(), rand::random());
    drill::open(siv, setup);
}
