//! The lesson list: each lesson with its stars, its resume point and its puzzle score.

use super::{LIST, open_lesson, open_lesson_game, open_lesson_puzzles};
use crate::tutor::content::load_lessons;
use crate::tutor::course::{CourseRow, course_rows};
use crate::tutor::lesson::{Lesson, ONE_STAR, THREE_STARS, TWO_STARS};
use crate::tutor::models::lesson::{LIST_KEYS, ListAction};
use crate::tutor::screen::footer;
use crate::ui::shell::{show_progress_notice, with_progress};
use crate::ui::size_guard::SizeGuard;
use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, SelectView, TextView};
use std::sync::Arc;

/// Opens the lesson list with its cursor on the lesson `select` (an id), if given.
pub fn open_list(siv: &mut Cursive, select: Option<&str>) {
    let lessons = match load_lessons() {
        Ok(l) => l,
        Err(errors) => {
            let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            crate::ui::size_guard::add_layer(
                siv,
                Dialog::info(format!(
                    "The lessons could not be loaded:\n{}",
                    text.join("\n")
                )),
            );
            return;
        }
    };
    let rows = course_rows(&lessons);
    let lines: Vec<(String, usize)> = with_progress(siv, |ps| {
        rows.iter()
            .map(|row| match row {
                CourseRow::Heading(course, i) => (course.heading().to_string(), *i),
                CourseRow::Lesson(i) => {
                    let l = &lessons[*i];
                    let p = ps.progress.lesson(&l.id).cloned().unwrap_or_default();
                    (crate::tutor::models::progress_page::lesson_row(l, &p), *i)
                }
            })
            .collect()
    });
    let mut list = SelectView::<usize>::new();
    for (text, i) in lines {
        list.add_item(text, i);
    }
    let at = |i: usize| rows.iter().position(|r| *r == CourseRow::Lesson(i));
    match select.and_then(|id| lessons.iter().position(|l| l.id == id)) {
        Some(i) => list.set_selection(at(i).unwrap_or(0)),
        // The first lesson, below its course's heading.
        None => list.set_selection(at(0).unwrap_or(0)),
    };
    let lessons = Arc::new(lessons);
    {
        let lessons = lessons.clone();
        list.set_on_submit(move |s, &i| open_lesson(s, lessons[i].clone(), None));
    }
    // A key that acts on the chosen lesson.
    let on_chosen = |act: fn(&mut Cursive, &Lesson)| {
        let lessons = lessons.clone();
        move |s: &mut Cursive| {
            let chosen = s
                .call_on_name(LIST, |v: &mut SelectView<usize>| v.selection().map(|i| *i))
                .flatten();
            if let Some(i) = chosen {
                act(s, &lessons[i]);
            }
        }
    };
    let body = LinearLayout::vertical()
        .child(TextView::new(format!(
            "The course, one idea at a time.\nStars: ★★★ {THREE_STARS}\n       ★★  {TWO_STARS}\n       ★   {ONE_STAR}",
        )))
        .child(list.with_name(LIST).scrollable())
        .child(crate::ui::host::FooterView::new(|w| {
            footer("Up/Down or mouse: choose", LIST_KEYS, w)
        }));
    let mut view = OnEventView::new(body);
    for binding in LIST_KEYS {
        // Enter is the list's own (it opens the lesson); the table names it.
        if binding.action == ListAction::Open {
            continue;
        }
        let act: fn(&mut Cursive, &Lesson) = match binding.action {
            ListAction::Restart => |s, lesson| {
                let lesson = lesson.clone();
                with_progress(s, |ps| ps.progress.lesson_mut(&lesson.id).restart());
                open_lesson(s, lesson, Some(0));
            },
            ListAction::Puzzles => open_lesson_puzzles,
            ListAction::Game => open_lesson_game,
            ListAction::Open | ListAction::Leave => |s, _| crate::ui::nav::menu(s),
        };
        for &key in binding.keys {
            view.set_on_event(crate::ui::host::event_of(key), on_chosen(act));
        }
    }
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Lessons,
        SizeGuard::new(Dialog::around(view).title("Learn").full_screen()),
    );
    show_progress_notice(siv);
}
