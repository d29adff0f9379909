//! The progress screen: lessons finished and their stars, the puzzles, the opening
//! lines.

use super::shell::with_progress;
use super::size_guard::SizeGuard;
use crate::tutor::content::load_lessons;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, OnEventView, ScrollView, TextView};

/// Opens the progress screen.
pub fn open(siv: &mut Cursive) {
    let lessons = load_lessons().unwrap_or_default();
    let now = super::shell::now(siv);
    let text = with_progress(siv, |ps| {
        let p = &ps.progress;
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
                "Storm best {} ({} runs)   Streak best {} ({} runs)   Endgame drill {}/{}\n",
                m.storm_best,
                m.storm_runs,
                m.streak_best,
                m.streak_runs,
                m.drill_right,
                m.drill_tried
            ));
        }
        let op = &p.openings;
        out.push_str(&format!(
            "Opening lines: {} drilled ({} without a miss)   Reviews: {} due now, {} queued\n",
            op.lines.len(),
            op.lines.values().filter(|r| r.clean > 0).count(),
            op.due_count(now),
            op.review.len()
        ));
        out.push('\n');
        for l in &lessons {
            let lp = p.lesson(&l.id).cloned().unwrap_or_default();
            let stars: String = (0..3)
                .map(|i| if i < lp.stars { '★' } else { '☆' })
                .collect();
            let state = if lp.completed {
                "finished"
            } else if lp.current_step > 0 {
                "started"
            } else {
                "not started"
            };
            out.push_str(&format!(
                "{:>2}. {:<52} {stars} {state}\n",
                l.order, l.title
            ));
        }
        out
    });
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Progress,
        SizeGuard::new(
            Dialog::around(ScrollView::new(TextView::new(text)))
                .title("Progress   (Up/Down: scroll   Esc: back)")
                .button("Back", |s| {
                    s.pop_layer();
                })
                .wrap_with(OnEventView::new)
                .on_event(Key::Esc, |s| {
                    s.pop_layer();
                })
                .full_screen(),
        ),
    );
    super::shell::show_progress_notice(siv);
}
