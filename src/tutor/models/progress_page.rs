//! The progress screen: the learner's lessons, puzzles and opening lines as one page
//! of text, its keys, and the one way a lesson's state is written (the lesson list
//! says it the same way).

use crate::tutor::lesson::Lesson;
use crate::tutor::models::lesson::panel::stars_text;
use crate::tutor::progress::{LessonProgress, Progress};
use crate::tutor::screen::{Binding, Key};

/// The progress screen's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageAction {
    /// Back to the screen below.
    Leave,
}

/// The footer's lead: the page scrolls.
pub const PAGE_LEAD: &str = "Up/Down, PgUp/PgDn or the mouse wheel: scroll";

/// The progress screen's keys.
pub const PAGE_KEYS: &[Binding<PageAction>] = &[Binding {
    keys: &[Key::Esc, Key::Char('q')],
    action: PageAction::Leave,
    footer: "back",
    help: "back to the menu",
}];

/// A lesson's state as every screen writes it: "new", "step 3 of 7" or "done".
///
/// ```
/// use othello_tutor::tutor::models::progress_page::lesson_state;
/// use othello_tutor::tutor::progress::LessonProgress;
/// let mut p = LessonProgress::default();
/// assert_eq!(lesson_state(&p, 7), "new");
/// p.current_step = 2;
/// assert_eq!(lesson_state(&p, 7), "step 3 of 7");
/// ```
pub fn lesson_state(p: &LessonProgress, steps: usize) -> String {
    if p.current_step > 0 {
        format!("step {} of {}", p.current_step + 1, steps)
    } else if p.completed {
        "done".to_string()
    } else {
        "new".to_string()
    }
}

/// A lesson's row: its number, its title, its stars and its state.
pub fn lesson_row(lesson: &Lesson, p: &LessonProgress) -> String {
    format!(
        "{:>2}. {:<52} {} {}",
        lesson.order,
        lesson.title,
        stars_text(p.stars),
        lesson_state(p, lesson.step_count())
    )
}

/// The whole page for `progress` at the time `now` (seconds).
pub fn page(p: &Progress, lessons: &[Lesson], now: u64) -> String {
    use crate::tutor::text::count;
    let mut out = format!(
        "Lessons finished: {} of {}   Stars: {} of {}\n\n",
        lessons
            .iter()
            .filter(|l| p.lesson(&l.id).is_some_and(|x| x.completed))
            .count(),
        lessons.len(),
        p.total_stars(),
        3 * lessons.len()
    );
    let pz = &p.puzzles;
    let me = pz.learner();
    out.push_str(&format!(
        "Puzzle rating {:.0} (±{:.0})   solved {}   streak {} (best {})\nReviews: {} due now, {} queued\n",
        me.rating,
        me.deviation,
        pz.solved.values().sum::<u32>(),
        pz.streak,
        pz.best_streak,
        pz.review.due_count(now),
        pz.review.len()
    ));
    for theme in crate::tutor::puzzle::Theme::ALL {
        let r = pz.theme_result(theme);
        if r.solved + r.failed > 0 {
            out.push_str(&format!(
                "  {:<20} {:>3} solved, {:>3} missed ({}%)\n",
                theme.label(),
                r.solved,
                r.failed,
                r.percent()
            ));
        }
    }
    let m = &p.modes;
    if m.storm_runs + m.streak_runs + m.drill_tried > 0 {
        out.push_str(&format!(
            "Storm best {} ({})   Streak best {} ({})   Endgame drill {}/{}\n",
            m.storm_best,
            count(m.storm_runs as usize, "run"),
            m.streak_best,
            count(m.streak_runs as usize, "run"),
            m.drill_right,
            m.drill_tried
        ));
    }
    let op = &p.openings;
    out.push_str(&format!(
        "Opening lines: {} rehearsed ({} without a miss)   Reviews: {} due now, {} queued\n",
        op.lines.len(),
        op.lines.values().filter(|r| r.clean > 0).count(),
        op.due_count(now),
        op.review.len()
    ));
    out.push('\n');
    for l in lessons {
        let lp = p.lesson(&l.id).cloned().unwrap_or_default();
        out.push_str(&lesson_row(l, &lp));
        out.push('\n');
    }
    out
}
