//! The end of a lesson: its stars settled and saved as soon as the last step is done,
//! and the "Well done" dialog that offers the lesson's puzzles or a game.

use super::{Shared, cancel, stars_text};
use crate::tutor::course::{lesson_game, lesson_game_setup, lesson_puzzles};
use crate::tutor::lesson::Lesson;
use crate::ui::lesson::open_list;
use crate::ui::nav::{self, Route};
use crate::ui::shell::{show_progress_notice, with_progress};
use crate::ui::worker::lock;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, OnEventView, TextView};

pub(super) fn report_save_error(siv: &mut Cursive, error: Option<String>) {
    if let Some(e) = error {
        with_progress(siv, |ps| {
            ps.notice = Some(format!("Progress could not be saved: {e}"));
        });
    }
}

/// Finishes the lesson as soon as its last step is done (solved or shown), so that
/// leaving then keeps it finished; returns its stars once it is finished.
pub(super) fn settle(siv: &mut Cursive, shared: &Shared) -> Option<u8> {
    let (lesson_id, interactive, attempts, interactive_total) = {
        let st = lock(shared);
        if st.finished.is_some() {
            return st.finished;
        }
        if !st.done() || st.index + 1 < st.lesson.steps.len() {
            return None;
        }
        (
            st.lesson.id.clone(),
            st.step().is_interactive(),
            st.attempts,
            st.lesson.interactive_count() as u32,
        )
    };
    let (stars, save_error) = with_progress(siv, |ps| {
        let lp = ps.progress.lesson_mut(&lesson_id);
        if interactive {
            lp.record(&attempts);
        }
        let stars = lp.finish(interactive_total);
        (stars, ps.save().err())
    });
    report_save_error(siv, save_error);
    lock(shared).finished = Some(stars);
    Some(stars)
}

pub(super) fn show_finished(siv: &mut Cursive, shared: &Shared, stars: u8) {
    show_progress_notice(siv);
    let lesson = {
        let mut st = lock(shared);
        cancel(&mut st);
        st.lesson.clone()
    };
    let (l1, l2) = (lesson.clone(), lesson.clone());
    let (id1, id2) = (lesson.id.clone(), lesson.id.clone());
    let game_text = lesson_game(&lesson).task;
    // The opening lesson leads into the opening trainer.
    let openings = lesson.concepts.iter().any(|c| c == "opening");
    let trainer_text = if openings {
        "\n  · the named opening lines, in the opening trainer (o)"
    } else {
        ""
    };
    let mut dialog = Dialog::around(TextView::new(format!(
        "{}\n\nLesson finished: {} ({stars} of 3 stars).\n\n\
         Practise it now:\n  · its puzzles, easiest first (p)\n  · a game: {game_text} (g){trainer_text}",
        lesson.title,
        stars_text(stars)
    )))
    .title("Well done")
    .button("Puzzles (p)", move |s| open_lesson_puzzles(s, &l1))
    .button("Game (g)", move |s| open_lesson_game(s, &l2));
    if openings {
        dialog.add_button("Openings (o)", |s| nav::go(s, Route::Openings(None)));
    }
    crate::ui::size_guard::add_layer(
        siv,
        dialog
            .button("Lessons (Esc)", move |s| open_list(s, Some(&id1)))
            .wrap_with(OnEventView::new)
            .on_event('o', move |s| {
                if openings {
                    nav::go(s, Route::Openings(None))
                }
            })
            .on_event('p', {
                let l = lesson.clone();
                move |s| open_lesson_puzzles(s, &l)
            })
            .on_event('g', {
                let l = lesson.clone();
                move |s| open_lesson_game(s, &l)
            })
            .on_event(Key::Esc, move |s| open_list(s, Some(&id2))),
    );
}

pub(super) fn open_lesson_puzzles(siv: &mut Cursive, lesson: &Lesson) {
    let puzzles = crate::tutor::puzzle::load_puzzles().unwrap_or_default();
    match lesson_puzzles(lesson, &puzzles) {
        Some(run) => nav::go(siv, Route::Puzzles(Some(run))),
        None => crate::ui::size_guard::add_layer(
            siv,
            Dialog::info("No puzzle practises this lesson yet."),
        ),
    }
}

pub(super) fn open_lesson_game(siv: &mut Cursive, lesson: &Lesson) {
    let setup = lesson_game_setup(lesson);
    nav::go(siv, Route::Practice(Box::new(setup)));
}
