//! The end of a game: the summary, the review of the mistakes, mistakes turned into
//! personal puzzles.

use super::*;
use crate::tutor::models::practice::{GAME_OVER_KEYS, OverAction};
use crate::tutor::text::count;

pub(super) fn show_summary(siv: &mut Cursive, shared: &Shared) {
    let text = {
        let mut st = lock(shared);
        if st.summary_shown {
            return;
        }
        st.summary_shown = true;
        let p = &st.practice;
        let Some(summary) = p.summary() else { return };
        let mut text = format!("{}\n", summary.line());
        for b in GAME_OVER_KEYS
            .iter()
            .filter(|b| b.action != OverAction::Board)
        {
            text.push_str(&format!("{}: {}\n", b.keys_label(), b.help));
        }
        for color in [Color::Black, Color::White] {
            if p.setup().seat(color) == Seat::Human {
                let r = p.review(color);
                if r.graded > 0 {
                    text.push_str(&format!(
                        "\n{color}: accuracy {}% ({} of {} best or good), {} lost, {}",
                        r.accuracy(),
                        r.best_or_good,
                        count(r.graded, "move"),
                        count(r.total_loss as usize, "disc"),
                        count(r.errors.len(), "error")
                    ));
                }
            }
        }
        text
    };
    let mut dialog = Dialog::around(TextView::new(text)).title("Game over");
    for binding in GAME_OVER_KEYS {
        let label = format!("{} ({})", binding.footer, binding.keys_label());
        let (shared, action) = (shared.clone(), binding.action);
        dialog.add_button(label, move |s| over_action(s, &shared, action));
    }
    let mut keyed = OnEventView::new(dialog);
    for binding in GAME_OVER_KEYS {
        for &key in binding.keys {
            let (shared, action) = (shared.clone(), binding.action);
            keyed.set_on_event(crate::ui::host::event_of(key), move |s| {
                over_action(s, &shared, action)
            });
        }
    }
    crate::ui::size_guard::add_layer(siv, keyed);
}

/// Carries out an action of the game-over dialog (which closes first).
fn over_action(siv: &mut Cursive, shared: &Shared, action: OverAction) {
    siv.pop_layer();
    match action {
        OverAction::Review => review(siv, shared),
        OverAction::WholeGame => whole_game(siv, shared),
        OverAction::NewGame => new_game(siv, shared),
        OverAction::Puzzles => add_personal_puzzles(siv, shared),
        OverAction::Board => {}
    }
}

/// Turns the learner's graded mistakes into personal puzzles (off the UI thread: each
/// is re-analysed) and puts them in the review queue.
pub(super) fn add_personal_puzzles(siv: &mut Cursive, shared: &Shared) {
    let practice = lock(shared).practice.clone();
    let humans: Vec<Color> = [Color::Black, Color::White]
        .into_iter()
        .filter(|&c| practice.setup().seat(c) == Seat::Human)
        .collect();
    let t = crate::ui::shell::now(siv);
    let rating = crate::ui::shell::with_progress(siv, |ps| ps.progress.puzzles.rating);
    let engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let s2 = shared.clone();
    log(shared, "Turning your mistakes into puzzles…");
    refresh(siv, shared);
    let job = engine.spawn(
        &sink,
        move |searcher: &mut Searcher| {
            humans
                .iter()
                .flat_map(|&c| {
                    crate::tutor::personal::personal_puzzles(&practice, c, searcher, rating, t)
                })
                .collect::<Vec<_>>()
        },
        move |s: &mut Cursive, _job: &Job, found| {
            let (added, error) = crate::ui::shell::with_progress(s, |ps| {
                let n = ps.progress.puzzles.add_personal(found, t);
                (n, ps.save().err())
            });
            let msg = match error {
                Some(e) => format!("Your mistakes could not be saved: {e}"),
                None if added == 0 => "No new mistakes to add (graded moves only).".into(),
                None => format!("{added} mistakes are now puzzles in your review queue."),
            };
            log(&s2, msg);
            refresh(s, &s2);
        },
        {
            let s3 = shared.clone();
            move |s: &mut Cursive| {
                log(&s3, "Your mistakes could not be turned into puzzles.");
                refresh(s, &s3);
            }
        },
    );
    let _ = job;
}

pub(super) fn review(siv: &mut Cursive, shared: &Shared) {
    let (items, header) = {
        let st = lock(shared);
        let p = &st.practice;
        let mut items = Vec::new();
        let mut header = String::new();
        for color in [Color::Black, Color::White] {
            if p.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = p.review(color);
            header.push_str(&format!(
                "{color}: accuracy {}% ({} of {} graded moves best or good), {} discs lost\n",
                r.accuracy(),
                r.best_or_good,
                r.graded,
                r.total_loss
            ));
            for item in r.errors {
                let fb = &item.feedback;
                let why = fb
                    .difference
                    .first()
                    .or(fb.why_played.first())
                    .cloned()
                    .unwrap_or_default();
                items.push((
                    format!(
                        "Move {} {} {}: {}, -{} (best {} {:+}). {why}",
                        item.number,
                        item.color,
                        fb.played,
                        fb.grade,
                        fb.loss,
                        fb.best,
                        fb.best_value
                    ),
                    item.index,
                ));
            }
        }
        (items, header)
    };
    let mut list = SelectView::<usize>::new();
    if items.is_empty() {
        list.add_item(
            "No inaccuracies, mistakes or blunders among the graded moves.",
            usize::MAX,
        );
    }
    for (label, index) in items {
        list.add_item(label, index);
    }
    let s1 = shared.clone();
    list.set_on_submit(move |s, &index| {
        if index == usize::MAX {
            return;
        }
        s.pop_layer();
        {
            let mut st = lock(&s1);
            cancel_job(&mut st);
            st.summary_shown = true;
            while st.practice.game().len() > index {
                if st.practice.undo() == 0 {
                    break;
                }
            }
            st.show_best = true;
        }
        log(
            &s1,
            format!(
                "Back before move {}: r replays the game forward.",
                index + 1
            ),
        );
        refresh(s, &s1);
    });
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(header))
                .child(list.scrollable().max_height(12))
                .child(TextView::new(
                    "Enter/click: go back to that position   g: the whole game   Esc: close",
                )),
        )
        .title("Review")
        .button("Whole game (g)", {
            let s2 = shared.clone();
            move |s| {
                s.pop_layer();
                whole_game(s, &s2);
            }
        })
        .button("Close", |s| {
            s.pop_layer();
        })
        .wrap_with(OnEventView::new)
        .on_event('g', {
            let s3 = shared.clone();
            move |s| {
                s.pop_layer();
                whole_game(s, &s3);
            }
        })
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}

/// Opens the whole-game review of the game (both sides, every move valued; the
/// learner's graded moves keep their grades). The game's own work goes on beneath.
pub(super) fn whole_game(siv: &mut Cursive, shared: &Shared) {
    let input = lock(shared).practice.review_input();
    if input.game.is_empty() {
        log(shared, "No move played yet: nothing to review.");
        refresh(siv, shared);
        return;
    }
    crate::ui::nav::go(siv, crate::ui::nav::Route::Review(Box::new(input)));
}
