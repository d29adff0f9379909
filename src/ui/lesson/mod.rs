//! The course: the lesson list (completion and stars), and a lesson's steps, drawn
//! from their model ([`crate::tutor::models::lesson::LessonScreen`]) by the board host.

use super::shell::with_progress;
use crate::tutor::course::{lesson_game_setup, lesson_puzzles};
use crate::tutor::lesson::Lesson;
use crate::tutor::models::lesson::LessonScreen;
use crate::ui::nav::{self, Route};
use cursive::Cursive;
use cursive::views::Dialog;

mod list;

pub use list::open_list;

/// Name of the lesson list.
pub const LIST: &str = "lesson-list";

/// Opens a lesson at step `at` (or where the learner left off), in place of every
/// other screen.
pub fn open_lesson(siv: &mut Cursive, lesson: Lesson, at: Option<usize>) {
    let resume = with_progress(siv, |ps| {
        ps.progress
            .lesson(&lesson.id)
            .map(|p| p.current_step)
            .unwrap_or(0)
    });
    let (model, effects) = LessonScreen::new(lesson, at.unwrap_or(resume));
    while siv.pop_layer().is_some() {}
    super::host::open_board(siv, model, effects);
}

/// Opens the lesson with id `id` where the learner left off; the lesson list, its
/// cursor on it, when the course has no such lesson.
pub fn open_by_id(siv: &mut Cursive, id: &str) {
    let lesson = crate::tutor::content::load_lessons()
        .ok()
        .and_then(|ls| ls.into_iter().find(|l| l.id == id));
    match lesson {
        Some(lesson) => open_lesson(siv, lesson, None),
        None => open_list(siv, Some(id)),
    }
}

/// Opens the puzzles that practise `lesson`, or says there are none.
fn open_lesson_puzzles(siv: &mut Cursive, lesson: &Lesson) {
    let puzzles = crate::tutor::content::load_puzzles().unwrap_or_default();
    match lesson_puzzles(lesson, &puzzles) {
        Some(run) => nav::go(siv, Route::Puzzles(Some(run))),
        None => crate::ui::size_guard::add_layer(
            siv,
            Dialog::info("No puzzle practises this lesson yet."),
        ),
    }
}

/// Opens a practice game that fits `lesson`.
fn open_lesson_game(siv: &mut Cursive, lesson: &Lesson) {
    nav::go(siv, Route::Practice(Box::new(lesson_game_setup(lesson))));
}
