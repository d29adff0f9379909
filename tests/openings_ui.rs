//! The opening trainer through the puppet backend: the list, the search, a right
//! move, a wrong move with the line's move shown, the finished line scheduled, and the
//! missed line served again when due.

use crate::common;

use common::{Harness, sq, temp_data_dir};
use cursive::event::{Event, Key};
use othello_tutor::tutor::leitner::DAY;
use othello_tutor::tutor::progress::ProgressStore;
use othello_tutor::ui::shell::set_clock;

const T0: u64 = 1_800_000_000;

fn open_trainer(h: &mut Harness) -> String {
    h.keys("5");
    let t = h.text();
    assert!(t.contains("Rehearse a named opening"), "{t}");
    t
}

#[test]
fn the_tiger_rehearsed_with_a_miss_comes_back_the_next_day() {
    let dir = temp_data_dir("openings-ui");
    let mut h = Harness::with_dir(100, 40, dir.clone());
    set_clock(h.siv(), T0);
    let t = open_trainer(&mut h);
    assert!(t.contains("A random line"), "{t}");
    assert!(t.contains("Rose"), "{t}");
    // The search narrows the list; Enter rehearses the first match.
    h.keys("tiger");
    let t = h.text();
    assert!(t.contains("Search: tiger"), "{t}");
    assert!(t.contains("Aubrey"), "{t}");
    assert!(!t.contains("Buffalo"), "{t}");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Opening trainer"), "{t}");
    assert!(t.contains("Tiger") && t.contains("You play Black"), "{t}");
    assert!(t.contains("move 1 of 5"), "{t}");
    // A right move, typed: the engine answers with the line.
    h.keys("f5");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("f5: right."), "{t}");
    assert!(t.contains("White answers d6"), "{t}");
    // A wrong move: not played, the line's move and its book value shown, and where
    // the move would lead.
    h.keys("c5");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(
        t.contains("c5 is not the line: here the Tiger plays c3."),
        "{t}"
    );
    assert!(t.contains("Fishhook"), "{t}");
    assert!(t.contains("Play c3 (marked)"), "{t}");
    assert!(
        t.contains("move 3 of 5"),
        "the wrong move was not played\n{t}"
    );
    insta::assert_snapshot!("opening_trainer_miss", t);
    // The right moves, by mouse this time.
    let c3 = h.square_pos(sq("c3"));
    h.click(c3);
    let t = h.text();
    assert!(t.contains("White answers d3"), "{t}");
    let c4 = h.square_pos(sq("c4"));
    h.click(c4);
    let t = h.text();
    assert!(t.contains("Played through, with a miss."), "{t}");
    assert!(t.contains("f5 d6 c3 d3 c4"), "{t}");
    assert!(t.contains("It comes back tomorrow."), "{t}");
    assert!(t.contains("line complete"), "{t}");
    // Saved: the Tiger waits in box 1, due a day later.
    let saved = ProgressStore::new(&dir).load().expect("saved progress");
    let entry = saved
        .progress
        .openings
        .review
        .get("Tiger")
        .expect("the Tiger is queued")
        .clone();
    assert_eq!((entry.level, entry.due), (0, T0 + DAY));
    assert_eq!(
        saved.progress.openings.line("Tiger").map(|r| r.clean),
        Some(0)
    );
    // Back to the list: not due yet.
    h.keys("o");
    let t = h.text();
    assert!(t.contains("due tomorrow"), "{t}");
    // A day later the random line is the Tiger, due first.
    set_clock(h.siv(), T0 + DAY);
    h.send(Event::Key(Key::Esc));
    open_trainer(&mut h);
    let t = h.text();
    assert!(t.contains("1 due for review today"), "{t}");
    assert!(t.contains("Review: Tiger   due now"), "{t}");
    h.send(Event::Key(Key::Down));
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(
        t.contains("Opening trainer") && t.contains("│Tiger "),
        "{t}"
    );
    assert!(t.contains("Rehearsed once, 0 without a miss"), "{t}");
    // Played clean this time: it moves up a box (three days).
    for m in ["f5", "c3", "c4"] {
        h.keys(m);
        h.send(Event::Key(Key::Enter));
    }
    let t = h.text();
    assert!(t.contains("Played through without a miss."), "{t}");
    assert!(t.contains("It comes back in 3 days."), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_list_keys_work_in_every_focus_and_show_reveals_the_move() {
    let dir = temp_data_dir("openings-ui-keys");
    let mut h = Harness::with_dir(80, 24, dir.clone());
    set_clock(h.siv(), T0);
    open_trainer(&mut h);
    // Down moves from the search box into the list; letters typed there still search.
    h.send(Event::Key(Key::Down));
    h.keys("heath");
    let t = h.text();
    assert!(t.contains("Search: heath"), "{t}");
    assert!(t.contains("Heath-Chimney"), "{t}");
    // Esc leaves from the list and from the search box alike.
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("3  Practice"), "{}", h.text());
    open_trainer(&mut h);
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("3  Practice"), "{}", h.text());
    // A search with no match says so, and Enter on it does nothing.
    open_trainer(&mut h);
    h.keys("zzz");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("No line matches"), "{t}");
    for _ in 0..3 {
        h.send(Event::Key(Key::Backspace));
    }
    h.keys("heath");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Opening trainer"), "{t}");
    // The Heath (f5 f6 e6 f4 g5) ends with Black's move: s shows Black's first move.
    h.keys("s");
    let t = h.text();
    assert!(t.contains("The line plays f5 here (marked)"), "{t}");
    h.keys("f5");
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("White answers f6"), "{}", h.text());
    // r starts the line over; i turns side lines on and says so.
    h.keys("r");
    assert!(h.text().contains("move 1 of 5"), "{}", h.text());
    h.keys("i");
    let t = h.text();
    assert!(t.contains("Side lines: on"), "{t}");
    assert!(t.contains("Side lines on"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}
