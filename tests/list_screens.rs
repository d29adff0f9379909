//! The screens that are lists or pages rather than boards (the menu, the openings
//! list, the new-game dialog, the progress page): their models without a terminal,
//! and every key of their tables on the real puppet screen.

use crate::common;

use common::Harness;
use cursive::event::{Event, Key as CKey};
use othello_tutor::engine::Color;
use othello_tutor::engine::players::Strategy;
use othello_tutor::tutor::models::menu::{self, MENU_KEYS, MenuChoice, MenuOutcome};
use othello_tutor::tutor::models::openings_list::{self, Choice, rows};
use othello_tutor::tutor::models::practice::{
    SETUP_KEYS, SetupError, SetupForm, StartChoice, opponents,
};
use othello_tutor::tutor::models::progress_page::{PAGE_KEYS, lesson_row, lesson_state, page};
use othello_tutor::tutor::openings::{OpeningProgress, embedded};
use othello_tutor::tutor::practice::Seat;
use othello_tutor::tutor::practice::first_opponent;
use othello_tutor::tutor::progress::Progress;
use othello_tutor::tutor::screen::{Key, Route, ScreenId};
use othello_tutor::ui::layer::top_screen;

#[test]
fn every_menu_entry_has_its_own_key_and_opens_its_own_screen() {
    let mut seen = std::collections::HashSet::new();
    for b in MENU_KEYS {
        for k in b.keys {
            assert!(seen.insert(*k), "{k:?} bound twice");
        }
    }
    let routes: Vec<String> = MENU_KEYS
        .iter()
        .filter_map(|b| match menu::choose(b.action, false) {
            MenuOutcome::Open(r) => Some(format!("{r:?}")),
            MenuOutcome::Quit => None,
        })
        .collect();
    let distinct: std::collections::HashSet<&String> = routes.iter().collect();
    assert_eq!(distinct.len(), routes.len(), "{routes:?}");
    assert_eq!(routes.len(), MENU_KEYS.len() - 1);
    assert!(matches!(
        menu::choose(MenuChoice::Potential, true),
        MenuOutcome::Open(Route::Potential(o)) if o.plain
    ));
    // The footer names every entry's key, alone or in a range.
    let footer = menu::footer();
    for b in MENU_KEYS {
        let k = b.keys_label();
        let in_range = k.chars().all(|c| c.is_ascii_digit()) && footer.contains("1-9");
        assert!(
            footer.contains(&format!(" {k}")) || in_range,
            "{k}: {footer}"
        );
    }
}

/// The screen each menu key opens, on the real interface.
#[test]
fn every_menu_key_opens_the_screen_its_row_names() {
    let expected = |c: MenuChoice| match c {
        MenuChoice::Learn => ScreenId::Lessons,
        MenuChoice::Puzzles => ScreenId::Puzzles,
        MenuChoice::Practice => ScreenId::PracticeSetup,
        MenuChoice::Analyze => ScreenId::Analyze,
        MenuChoice::Editor => ScreenId::Editor,
        MenuChoice::Openings => ScreenId::Openings,
        MenuChoice::Library => ScreenId::Library,
        MenuChoice::Potential => ScreenId::Potential,
        MenuChoice::Progress => ScreenId::Progress,
        MenuChoice::Coach => ScreenId::Coach,
        MenuChoice::Help | MenuChoice::Quit => ScreenId::Menu,
    };
    for b in MENU_KEYS {
        if b.action == MenuChoice::Quit {
            continue;
        }
        let mut h = Harness::new(100, 40);
        let menu = h.text();
        assert!(menu.contains(&menu::row(b)), "{}\n{menu}", menu::row(b));
        let Key::Char(c) = b.keys[0] else {
            panic!("menu keys are letters")
        };
        h.keys(&c.to_string());
        let shown = h.text();
        if b.action == MenuChoice::Help {
            assert!(shown.contains("THE MAIN MENU"), "{shown}");
        } else {
            assert_eq!(top_screen(h.siv()), expected(b.action), "{c}\n{shown}");
        }
    }
    let mut h = Harness::new(80, 24);
    let footer = menu::footer();
    assert!(h.text().contains(&footer), "{footer}");
}

#[test]
fn the_openings_list_searches_and_says_when_nothing_matches() {
    let none = OpeningProgress::default();
    let all = rows("", &none, 0);
    assert_eq!(all[0].1, Choice::Random);
    assert_eq!(
        all.iter()
            .filter(|(_, c)| matches!(c, Choice::Line(_)))
            .count(),
        embedded().len()
    );
    // Every line shows its moves, as the learner would type them.
    for (text, c) in &all {
        if let Choice::Line(name) = c {
            let o = embedded().find(name).expect("a listed line");
            assert!(text.contains(&o.transcript().replace(' ', "")), "{text}");
        }
    }
    let tiger = embedded().find("Tiger").expect("the Tiger");
    let by_moves = rows(&tiger.transcript(), &none, 0);
    assert!(
        by_moves
            .iter()
            .any(|(_, c)| *c == Choice::Line("Tiger".into()))
    );
    assert!(!by_moves.iter().any(|(_, c)| *c == Choice::Random));
    let nothing = rows("zzzz-no-such-line", &none, 0);
    assert_eq!(nothing.len(), 1);
    assert_eq!(nothing[0].1, Choice::Nothing);
    assert!(openings_list::setup(&Choice::Nothing, &none, 0, &mut rand::rng()).is_none());
    let s = openings_list::setup(&Choice::Line("Tiger".into()), &none, 0, &mut rand::rng())
        .expect("a rehearsal");
    assert_eq!(s.opening.name, "Tiger");
}

#[test]
fn the_openings_list_footer_keys_act() {
    let mut h = Harness::new(80, 24);
    h.keys("5");
    let t = h.text();
    assert_eq!(top_screen(h.siv()), ScreenId::Openings, "{t}");
    assert!(t.contains("Enter rehearse it"), "{t}");
    assert!(t.contains("Esc menu"), "{t}");
    // Letters search; Backspace widens again; Esc leaves.
    h.keys("tiger");
    let t = h.text();
    assert!(!t.contains("A random line"), "{t}");
    // The chosen row whole under the list, however narrow the list cuts it.
    let whole = openings_list::details(&Choice::Line("Tiger".into()));
    assert!(whole.contains("f5 d6 c3 d3 c4"), "{whole}");
    assert!(t.contains(&whole), "{whole}\n{t}");
    for _ in 0..5 {
        h.send(Event::Key(CKey::Backspace));
    }
    assert!(h.text().contains("A random line"));
    h.send(Event::Key(CKey::Esc));
    assert_eq!(top_screen(h.siv()), ScreenId::Menu);
    // Enter on the first row rehearses a line.
    h.keys("5");
    h.send(Event::Key(CKey::Down));
    h.send(Event::Key(CKey::Enter));
    assert_eq!(
        top_screen(h.siv()),
        ScreenId::OpeningRehearsal,
        "{}",
        h.text()
    );
}

fn form(colour: Option<Color>, start: StartChoice, text: &str) -> SetupForm {
    SetupForm {
        colour,
        opponent: Strategy::Engine(5),
        start,
        text: text.into(),
        feedback: true,
        preset: None,
    }
}

#[test]
fn the_new_game_form_makes_the_game_it_describes() {
    let s = form(Some(Color::White), StartChoice::Initial, "")
        .setup(&mut rand::rng())
        .expect("a game");
    assert_eq!(s.white, Seat::Human);
    assert_eq!(s.black, Seat::Computer(Strategy::Engine(5)));
    let two = form(None, StartChoice::Initial, "");
    assert_eq!(two.remembered_opponent(), None);
    let s = two.setup(&mut rand::rng()).expect("a game");
    assert_eq!((s.black, s.white), (Seat::Human, Seat::Human));
    let xot = form(Some(Color::Black), StartChoice::Xot, "")
        .setup(&mut rand::rng())
        .expect("a game");
    assert!(
        xot.start_name.starts_with("the XOT opening"),
        "{}",
        xot.start_name
    );
    assert_ne!(xot.start, othello_tutor::engine::Position::start());
    assert!(matches!(
        form(Some(Color::Black), StartChoice::Typed, "f5 zz").setup(&mut rand::rng()),
        Err(SetupError::Unreadable(_))
    ));
    // A full board (64 discs, no empty square): the game is over.
    let full = format!("{} X", "X".repeat(32) + &"O".repeat(32));
    assert_eq!(
        form(Some(Color::Black), StartChoice::Typed, &full)
            .setup(&mut rand::rng())
            .err(),
        Some(SetupError::Finished)
    );
    let preset = othello_tutor::engine::notation::parse_position("f5d6").expect("moves");
    let mut edited = form(Some(Color::Black), StartChoice::Typed, "f5d6");
    edited.preset = Some(preset);
    assert_eq!(
        edited.setup(&mut rand::rng()).expect("a game").start_name,
        "an edited position"
    );
    assert_eq!(first_opponent(Some("no such player")), Strategy::Engine(3));
    assert!(opponents().contains(&first_opponent(Some(&Strategy::Greedy.name()))));
    assert_eq!(
        first_opponent(Some(&Strategy::Greedy.name())),
        Strategy::Greedy
    );
}

#[test]
fn the_new_game_dialog_footer_keys_act() {
    let mut h = Harness::new(80, 24);
    h.keys("3");
    let t = h.text();
    for b in SETUP_KEYS {
        assert!(
            t.contains(&format!("{} {}", b.keys_label(), b.footer)),
            "{t}"
        );
    }
    h.send(Event::Key(CKey::Esc));
    assert_eq!(top_screen(h.siv()), ScreenId::Menu);
    h.keys("3");
    h.send(Event::Key(CKey::Enter));
    assert_eq!(top_screen(h.siv()), ScreenId::Practice, "{}", h.text());
}

#[test]
fn a_lesson_state_reads_the_same_on_the_progress_page_and_the_lesson_list() {
    let lessons = othello_tutor::tutor::content::load_lessons().expect("lessons");
    let first = &lessons[0];
    let mut p = Progress::default();
    p.lesson_mut(&first.id).current_step = 1;
    let row = lesson_row(first, p.lesson(&first.id).expect("started"));
    assert!(
        row.contains(&format!("step 2 of {}", first.step_count())),
        "{row}"
    );
    assert!(page(&p, &lessons, 0).contains(&row));
    assert_eq!(lesson_state(&Default::default(), 3), "new");
    // On screen: the lesson list shows the same row.
    let dir = common::temp_data_dir("list-screens-progress");
    othello_tutor::tutor::progress::ProgressStore::new(&dir)
        .save(&p)
        .expect("saved");
    let mut h = Harness::with_dir(100, 40, dir);
    h.keys("1");
    assert!(h.text().contains(&row), "{}", h.text());
    h.send(Event::Key(CKey::Esc));
    h.keys("8");
    let t = h.text();
    assert!(t.contains(&row), "{t}");
    for b in PAGE_KEYS {
        assert!(
            t.contains(&format!("{} {}", b.keys_label(), b.footer)),
            "{t}"
        );
    }
    h.keys("q");
    assert_eq!(top_screen(h.siv()), ScreenId::Menu);
}

/// The keys of `table`, each once: a key listed twice would be bound twice (and, on
/// a toggle, undo itself).
fn keys_once<A>(name: &str, table: &[othello_tutor::tutor::screen::Binding<A>]) {
    let mut seen = std::collections::HashSet::new();
    for b in table {
        assert!(!b.keys.is_empty(), "{name}: a row without a key");
        for k in b.keys {
            assert!(seen.insert(*k), "{name}: {k:?} is listed twice");
        }
    }
}

#[test]
fn no_key_table_lists_a_key_twice() {
    use othello_tutor::tutor::models as m;
    keys_once("menu", MENU_KEYS);
    keys_once("openings list", m::openings_list::LIST_KEYS);
    keys_once("opening rehearsal", m::opening::OPENING_KEYS);
    keys_once("editor", m::editor::KEYS);
    keys_once("analysis", m::analysis::KEYS);
    keys_once("library", m::library::LIST_KEYS);
    keys_once("trash", m::library::TRASH_KEYS);
    keys_once("review", m::review::REVIEW_KEYS);
    keys_once("runs", m::runs::RUN_KEYS);
    keys_once("puzzles", m::puzzles::KEYS);
    keys_once("progress", PAGE_KEYS);
    keys_once("lesson list", m::lesson::LIST_KEYS);
    keys_once("lesson", m::lesson::STEP_KEYS);
    keys_once("practice", m::practice::KEYS);
    keys_once("game over", m::practice::GAME_OVER_KEYS);
    keys_once("new game", SETUP_KEYS);
    keys_once("endgame drill", m::drill::DRILL_KEYS);
    keys_once("potential", m::potential::POTENTIAL_KEYS);
}
