//! The coach screen on the puppet backend at 80x24, without colours: a learner who
//! gave corners away sees the corner at the top and a plan that points to lesson 3
//! and corner puzzles; every key of the screen's table does something; the plan is
//! kept in the progress file.

use crate::common;

use common::{Harness, temp_data_dir};
use cursive::event::{Event, Key};
use othello_tutor::engine::Position;
use othello_tutor::engine::notation::to_obf;
use othello_tutor::tutor::coach::{CoachEvent, Concept, GameRecord, MistakeRecord, PhaseTally};
use othello_tutor::tutor::leitner::DAY;
use othello_tutor::tutor::models::coach::COACH_KEYS;
use othello_tutor::tutor::progress::{Progress, ProgressStore};
use othello_tutor::tutor::puzzle::Theme;
use othello_tutor::tutor::screen::ScreenId;
use othello_tutor::ui::host::event_of;
use othello_tutor::ui::layer::top_screen;
use othello_tutor::ui::shell::set_clock;

/// A day in 2027, at noon.
const NOW: u64 = 20_000 * DAY + DAY / 2;

/// Three games against the static-squares partner, a corner given away in each (a
/// mobility mistake in one): the positions are the start position, enough to open.
fn corner_giver(dir: &std::path::Path) {
    let mut p = Progress::default();
    for (n, lost) in [10, 12, 8].into_iter().enumerate() {
        let mut g = GameRecord {
            at: NOW - DAY * (3 - n as u64),
            opponent: "Static squares".into(),
            learner: "Black".into(),
            opening: PhaseTally {
                graded: 10,
                good: 10 - u32::from(n == 1),
                lost: if n == 1 { 4 } else { 0 },
            },
            midgame: PhaseTally {
                graded: 12,
                good: 11,
                lost,
            },
            ..GameRecord::default()
        };
        g.mistakes.push(MistakeRecord {
            number: 24 + n,
            square: "b1".into(),
            empties: 36,
            lost,
            grade: "blunder".into(),
            concept: Concept::Theme(Theme::Corner),
            fact: "b1 opens the a1 corner: White takes the a1 corner, which b1 opened.".into(),
            position: to_obf(&Position::start()),
            ..MistakeRecord::default()
        });
        if n == 1 {
            g.mistakes.push(MistakeRecord {
                number: 12,
                square: "c4".into(),
                empties: 47,
                lost: 4,
                grade: "inaccuracy".into(),
                concept: Concept::Theme(Theme::Mobility),
                position: to_obf(&Position::start()),
                ..MistakeRecord::default()
            });
        }
        p.coach.record(CoachEvent::Game(g));
    }
    ProgressStore::new(dir).save(&p).expect("saved");
}

fn coach(name: &str) -> (Harness, std::path::PathBuf) {
    let dir = temp_data_dir(name);
    corner_giver(&dir);
    let mut h = Harness::with_dir(80, 24, dir.clone());
    set_clock(h.siv(), NOW);
    h.keys("c");
    assert_eq!(top_screen(h.siv()), ScreenId::Coach, "{}", h.text());
    (h, dir)
}

#[test]
fn the_corner_is_at_the_top_and_the_plan_points_to_its_lesson_and_puzzles() {
    let (mut h, dir) = coach("coach-top");
    let screen = h.text();
    insta::assert_snapshot!("coach_plan_80x24", screen);
    let corner = screen
        .find("Corner        10.0 a game")
        .expect("the corner's row");
    let mobility = screen.find("Mobility").expect("the mobility row");
    assert!(corner < mobility, "the corner first:\n{screen}");
    assert!(
        screen.contains("[ ] Lesson 3: Corners and stable discs"),
        "{screen}"
    );
    assert!(screen.contains("[ ] Try 5 Corner puzzles  0/5"), "{screen}");
    // The plan was kept for the day.
    let saved = ProgressStore::new(&dir).load().expect("loaded").progress;
    let plan = saved.coach.plan.expect("today's plan kept");
    assert_eq!(plan.day, NOW / DAY);
    assert_eq!(plan.items.len(), 3);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_charts_read_without_colour_at_80x24() {
    let (mut h, dir) = coach("coach-charts");
    h.keys("c");
    let screen = h.text();
    insta::assert_snapshot!("coach_charts_80x24", screen);
    assert!(screen.contains("DISCS LOST PER GAME"), "{screen}");
    assert!(screen.contains("PUZZLE RATING"), "{screen}");
    h.keys("c");
    assert!(h.text().contains("Today's plan"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn each_link_opens_its_screen() {
    // Enter on the plan's first item: the lesson itself, not the list.
    let mut dirs = Vec::new();
    let (mut h, dir) = coach("coach-links");
    dirs.push(dir);
    h.send(Event::Key(Key::Enter));
    assert_eq!(top_screen(h.siv()), ScreenId::Lesson);
    assert!(
        h.text().contains("Corners and stable discs"),
        "{}",
        h.text()
    );
    // l on a concept: its lesson, itself.
    let (mut h, dir) = coach("coach-links-l");
    dirs.push(dir);
    h.keys("l");
    assert_eq!(top_screen(h.siv()), ScreenId::Lesson);
    // p: the corner's puzzles.
    let (mut h, dir) = coach("coach-links-p");
    dirs.push(dir);
    h.keys("p");
    assert_eq!(top_screen(h.siv()), ScreenId::Puzzles);
    assert!(h.text().contains("theme: Corner"), "{}", h.text());
    // o: the learner's own positions, one opens on the analysis board.
    let (mut h, dir) = coach("coach-links-o");
    dirs.push(dir);
    h.keys("o");
    let shown = h.text();
    assert!(
        shown.contains("move 26 vs Static squares: b1 lost 8 discs (midgame)"),
        "{shown}"
    );
    h.send(Event::Key(Key::Enter));
    assert_eq!(top_screen(h.siv()), ScreenId::Analyze);
    // The practice game of the plan: the game against the partner, graded.
    let (mut h, dir) = coach("coach-links-game");
    dirs.push(dir);
    h.send(Event::Key(Key::Down));
    h.send(Event::Key(Key::Down));
    assert!(
        h.text().contains("Lesson 3's game puts Corner to the test"),
        "{}",
        h.text()
    );
    h.send(Event::Key(Key::Enter));
    assert_eq!(top_screen(h.siv()), ScreenId::Practice);
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn every_key_of_the_coach_does_something() {
    // On the plan's page, and on the charts (where the list is hidden).
    for charts in [false, true] {
        for binding in COACH_KEYS {
            for &key in binding.keys {
                let (mut h, dir) = coach(&format!("coach-key-{}-{charts}", binding.footer));
                if charts {
                    h.keys("c");
                }
                let before = h.text();
                h.send(event_of(key));
                let after = h.text();
                assert_ne!(
                    before,
                    after,
                    "{} changed nothing (charts: {charts})",
                    binding.keys_label()
                );
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }
}

#[test]
fn enter_on_the_charts_brings_the_plan_back() {
    let (mut h, dir) = coach("coach-charts-enter");
    h.keys("c");
    assert!(!h.text().contains("Today's plan"), "{}", h.text());
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("Today's plan"), "{}", h.text());
    assert_eq!(top_screen(h.siv()), ScreenId::Coach);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_help_has_the_coachs_keys() {
    let (mut h, dir) = coach("coach-help");
    h.send(Event::Key(Key::F1));
    let shown = h.text();
    assert!(shown.contains("THE COACH"), "{shown}");
    let _ = std::fs::remove_dir_all(dir);
}
