//! F1 reads the screen on top of the navigation stack (the tagged layers), and the
//! help's keys and numbers come from the key tables and the settings.

use crate::common;

use common::{Harness, open_first_lesson, vs_level};
use cursive::event::{Event, Key};
use othello_tutor::tutor::settings;
use othello_tutor::ui::nav::{self, Route};

fn help(h: &mut Harness) -> String {
    h.send(Event::Key(Key::F1));
    let t = h.text();
    h.send(Event::Key(Key::Esc));
    t
}

#[test]
fn a_practice_game_opened_over_a_lesson_gets_the_practice_help() {
    let mut h = Harness::new(100, 40);
    open_first_lesson(&mut h);
    nav::go(h.siv(), Route::Practice(Box::new(vs_level(1, false))));
    let t = help(&mut h);
    assert!(t.contains("IN A PRACTICE GAME"), "{t}");
    assert!(!t.contains("IN A LESSON"), "{t}");
}

#[test]
fn the_new_game_dialog_and_progress_have_their_own_help() {
    let mut h = Harness::new(100, 40);
    h.keys("3");
    let t = help(&mut h);
    assert!(t.contains("A NEW PRACTICE GAME"), "{t}");
    assert!(!t.contains("THE MAIN MENU"), "{t}");
    h.send(Event::Key(Key::Esc));
    h.keys("8");
    let t = help(&mut h);
    assert!(t.contains("YOUR PROGRESS"), "{t}");
}

#[test]
fn the_menu_help_names_every_entry() {
    let mut h = Harness::new(100, 40);
    let t = help(&mut h);
    for entry in [
        "Learn",
        "Puzzles",
        "Practice",
        "Analyze",
        "Editor",
        "Openings",
        "Library",
        "Potential",
        "Progress",
    ] {
        assert!(t.contains(entry), "{entry}:\n{t}");
    }
}

#[test]
fn the_analysis_help_lists_every_key_of_its_table() {
    use othello_tutor::tutor::screen::ScreenId;
    let mut h = Harness::new(100, 45);
    h.keys("4");
    assert!(help(&mut h).contains("ON THE ANALYSIS BOARD"));
    let text = othello_tutor::ui::help::text_for(ScreenId::Analyze);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for b in othello_tutor::tutor::models::analysis::KEYS {
        let line = format!("{} {}", b.keys_label(), b.help);
        assert!(words.contains(&line), "{line}\n{text}");
    }
}

#[test]
fn the_grades_section_quotes_the_settings() {
    let t = othello_tutor::ui::help::text();
    let expected = format!(
        "Near the end ({} empty squares or fewer for grades, {} for hints,",
        settings::FEEDBACK_EXACT_EMPTIES,
        settings::HINT_EXACT_EMPTIES
    );
    assert!(t.contains(&expected), "{t}");
    // Until the settings were quoted, the help said 16 and 18.
    assert!(!t.contains("16 empty squares or fewer"), "{t}");
}

#[test]
fn the_lesson_screens_footers_and_help_come_from_their_tables() {
    use othello_tutor::tutor::models::lesson::{LIST_KEYS, STEP_KEYS};
    use othello_tutor::tutor::screen::ScreenId;
    let mut h = Harness::new(80, 24);
    h.keys("1");
    let t = h.text();
    // The Learn list's footer used to leave out z and g.
    for b in LIST_KEYS {
        let entry = format!("{} {}", b.keys_label(), b.footer);
        assert!(t.contains(&entry), "{entry}\n{t}");
    }
    for (screen, table) in [
        (ScreenId::Lessons, LIST_KEYS.len()),
        (ScreenId::Lesson, STEP_KEYS.len()),
    ] {
        let text = othello_tutor::ui::help::text_for(screen);
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let helps: Vec<&str> = if screen == ScreenId::Lessons {
            LIST_KEYS.iter().map(|b| b.help).collect()
        } else {
            STEP_KEYS.iter().map(|b| b.help).collect()
        };
        assert_eq!(helps.len(), table);
        for help in helps {
            assert!(words.contains(help), "{help}\n{text}");
        }
    }
}
