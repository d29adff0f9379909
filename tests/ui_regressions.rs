//! Defects a new user met on the screens (issue 12), each driven through the puppet
//! backend as the user met it. Each test failed before its fix.

use crate::common;

use common::{Harness, legal_moves, open_first_lesson, practice, temp_data_dir, vs_level};
use cursive::event::{Event, Key};
use othello_tutor::engine::Position;
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::tutor::practice::{Seat, Setup};
use othello_tutor::ui::nav::{self, Route};

/// On a question step the lesson's keys still work: the answer box takes only what
/// an answer can hold.
#[test]
fn question_steps_keep_the_lesson_keys() {
    let mut h = Harness::with_dir(100, 30, temp_data_dir("question-keys"));
    open_first_lesson(&mut h);
    h.keys("n");
    let t = h.text();
    assert!(t.contains("Step 2 of 7"), "{t}");
    assert!(t.contains("How many legal moves"), "{t}");
    // i gives the hint, s shows the answer: neither is typed into the box nor counts
    // as a wrong answer.
    h.keys("i");
    let t = h.text();
    assert!(t.contains("Hint:"), "{t}");
    h.keys("s");
    let t = h.text();
    assert!(t.contains("The answer: 4"), "{t}");
    assert!(!t.contains("is not a number"), "{t}");
    // n goes on, p comes back.
    h.keys("n");
    assert!(h.text().contains("Step 3 of 7"), "{}", h.text());
    h.keys("p");
    assert!(h.text().contains("Step 2 of 7"), "{}", h.text());
    h.keys("s");
    h.send(Event::Key(Key::PageDown));
    assert!(h.text().contains("Step 3 of 7"), "{}", h.text());
}

/// A question whose answer is a word is answered by the number of its option.
#[test]
fn word_answers_are_chosen_by_number() {
    let mut h = Harness::with_dir(100, 30, temp_data_dir("question-words"));
    open_first_lesson(&mut h);
    // Step 6: "Black plays d1. Who moves next?" (Black: White must pass).
    for _ in 0..5 {
        h.keys("s");
        h.keys("n");
    }
    let t = h.text();
    assert!(t.contains("Who moves next?"), "{t}");
    assert!(t.contains("1 Black"), "{t}");
    assert!(t.contains("2 White"), "{t}");
    h.keys("1");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("✓ Right."), "{t}");
}

/// Solving a lesson's last step finishes it, even when the learner leaves with Esc;
/// the list then keeps its cursor on that lesson.
#[test]
fn a_solved_last_step_finishes_the_lesson() {
    let mut h = Harness::with_dir(100, 30, temp_data_dir("lesson-finish"));
    open_first_lesson(&mut h);
    for _ in 0..6 {
        h.keys("s");
        h.keys("n");
    }
    let t = h.text();
    assert!(t.contains("Step 7 of 7"), "{t}");
    h.keys("s");
    let t = h.text();
    assert!(t.contains("Lesson finished"), "{t}");
    h.send(Event::Key(Key::Esc));
    let t = h.text();
    let line = t
        .lines()
        .find(|l| l.contains("1. The rules and the notation"))
        .unwrap_or_default()
        .to_string();
    assert!(line.contains("done"), "{t}");
    assert!(!line.contains("step 7 of 7"), "{t}");
    // The legend says how stars are given.
    assert!(t.contains("★★  no answer shown"), "{t}");
    // Back out of lesson 2 with Esc: the cursor stays on lesson 2.
    h.send(Event::Key(Key::Down));
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("Step 1 of"), "{}", h.text());
    assert!(h.text().contains("Why the most discs"), "{}", h.text());
    h.send(Event::Key(Key::Esc));
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Why the most discs"), "{t}");
}

fn two_players() -> Setup {
    Setup {
        black: Seat::Human,
        white: Seat::Human,
        start: Position::start(),
        start_name: "the initial position".into(),
        line: Vec::new(),
        feedback: false,
    }
}

fn play_typed(h: &mut Harness, moves: &[&str]) {
    for m in moves {
        h.keys(m);
        h.send(Event::Key(Key::Enter));
    }
}

/// Enter in the Save dialog's field saves; the whole game is saved even when an
/// earlier position is shown; Open lists the saved game and Enter opens it.
#[test]
fn save_and_open_with_enter_and_the_saved_games_list() {
    let dir = temp_data_dir("save-open");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    practice(&mut h, two_players());
    play_typed(&mut h, &["f5", "d6", "c3"]);
    let t = h.text();
    assert!(t.contains("Black plays c3."), "{t}");
    h.keys("u");
    assert!(h.text().contains("Taken back."), "{}", h.text());
    h.keys("w");
    assert!(h.text().contains("Save the game"), "{}", h.text());
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Saved to"), "{t}");
    let games = dir.join("games");
    let txt: Vec<_> = std::fs::read_dir(&games)
        .expect("games folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .collect();
    assert_eq!(txt.len(), 1);
    let saved = std::fs::read_to_string(txt[0].path()).expect("read");
    assert_eq!(saved.trim(), "f5d6c3");
    let name = txt[0]
        .path()
        .file_stem()
        .expect("stem")
        .to_string_lossy()
        .into_owned();
    h.keys("o");
    let t = h.text();
    assert!(t.contains("Saved games, newest first"), "{t}");
    assert!(t.contains(&name), "{t}");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Game loaded at move 4"), "{t}");
}

/// A game that starts from a later position does not claim that Black moves first.
#[test]
fn a_game_from_a_later_position_says_where_it_starts() {
    let mut h = Harness::new(100, 30);
    let mut setup = two_players();
    setup.start = parse_transcript("f5d6c3d3c4f4f6f3e6e7")
        .expect("game")
        .current();
    setup.start_name = "a pasted position".into();
    practice(&mut h, setup);
    let t = h.text();
    assert!(!t.contains("Black moves first"), "{t}");
    assert!(
        t.contains("New game from a pasted position (move 11): Black to move."),
        "{t}"
    );
}

/// A move played in Analyze off the loaded line is a variation: the main line stays
/// and r comes back to it.
#[test]
fn analyze_variations_keep_the_main_line() {
    let mut h = Harness::new(110, 40);
    h.keys("4");
    h.keys("p");
    h.keys("f5d6c3d3c4f4f6f3e6e7");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Position 10 of 10"), "{t}");
    for _ in 0..6 {
        h.keys("[");
    }
    assert!(h.text().contains("Position 4 of 10"), "{}", h.text());
    // The line's own next move (c4) just steps along it.
    h.keys("c4");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Main line"), "{t}");
    assert!(t.contains("Position 5 of 10"), "{t}");
    // Another move starts a variation.
    h.keys("[");
    h.keys("e3");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Variation from position 4"), "{t}");
    assert!(t.contains("Position 5 of 5"), "{t}");
    h.keys("r");
    let t = h.text();
    assert!(t.contains("Main line"), "{t}");
    assert!(t.contains("Position 4 of 10"), "{t}");
    h.send(Event::Key(Key::End));
    assert!(h.text().contains("Position 10 of 10"), "{}", h.text());
    // Values are tagged "exact" or "depth N", never "dN" (which reads like a square).
    let t = h.wait_for("best first");
    assert!(t.contains("depth ") || t.contains("exact"), "{t}");
}

/// F1 starts with the keys and ideas of the screen it is pressed on.
#[test]
fn help_starts_with_the_screen_it_is_opened_on() {
    let mut h = Harness::new(100, 40);
    h.send(Event::Key(Key::F1));
    assert!(h.text().contains("THE MAIN MENU"), "{}", h.text());
    h.send(Event::Key(Key::Esc));
    // The menu says what Potential is.
    assert!(h.text().contains("build one group"), "{}", h.text());
    assert!(!h.text().contains("reference texts"), "{}", h.text());
    open_first_lesson(&mut h);
    h.send(Event::Key(Key::F1));
    let t = h.text();
    assert!(t.contains("IN A LESSON"), "{t}");
    assert!(!t.contains("IN A PRACTICE GAME"), "{t}");
    h.send(Event::Key(Key::Esc));
    h.send(Event::Key(Key::Esc));
    h.send(Event::Key(Key::Esc));
    h.keys("4");
    h.send(Event::Key(Key::F1));
    assert!(h.text().contains("ON THE ANALYSIS BOARD"), "{}", h.text());
}

/// After undo and redo the panel shows the grade of the replayed move, not of the
/// move before it.
#[test]
fn redo_brings_back_the_replayed_moves_grade() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, true));
    h.keys("d3");
    h.send(Event::Key(Key::Enter));
    let t = h.wait_for("Your move, Black");
    assert!(t.contains("d3: "), "{t}");
    let second = legal_moves(&t)[0].clone();
    h.keys(&second);
    h.send(Event::Key(Key::Enter));
    h.wait_for(&format!("{second}: "));
    h.wait_for("Your move, Black");
    h.keys("u");
    let t = h.wait_for("Taken back.");
    assert!(t.contains("d3: "), "{t}");
    h.keys("r");
    let t = h.wait_for("Your move, Black");
    assert!(t.contains(&format!("{second}: ")), "{t}");
    assert!(!t.contains("d3: "), "{t}");
}

/// Below 80x24 a dialog gives way to the screen's "too small" message instead of
/// being drawn squeezed over it.
#[test]
fn a_dialog_on_a_too_small_terminal_is_not_drawn_garbled() {
    let mut h = Harness::new(70, 20);
    nav::go(h.siv(), Route::PracticeSetup);
    let t = h.text();
    assert!(t.contains("The terminal is too small."), "{t}");
    assert!(t.contains("Need 80x24, have 70x20."), "{t}");
    assert!(!t.contains("You"), "{t}");
    assert!(!t.contains("Opponent"), "{t}");
}

/// On a large terminal the puzzle board is the roomy one, like the other boards.
#[test]
fn the_puzzle_board_is_roomy_on_a_large_terminal() {
    let mut h = Harness::new(140, 45);
    h.keys("2");
    let t = h.text();
    assert!(t.contains("Puzzle "), "{t}");
    // Roomy squares are six columns wide: the column letters stand six apart.
    assert!(t.contains("a     b     c     d"), "{t}");
}

/// Engine work that fails is reported on the screen and in the error log, and the
/// screen goes on working.
#[test]
fn a_failing_engine_job_is_reported_and_logged() {
    let dir = temp_data_dir("failing-job");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    h.keys("4");
    let sink = h.siv().cb_sink().clone();
    let _job = othello_tutor::ui::worker::spawn(
        &sink,
        |_job| -> u32 { panic!("a deliberate test failure") },
        |_s, _job, _r| {},
        |_s| {},
    );
    let t = h.wait_for("internal error");
    assert!(t.contains("a deliberate test failure"), "{t}");
    let log = std::fs::read_to_string(dir.join("errors.log")).expect("the error log");
    assert!(
        log.contains("engine job failed: a deliberate test failure"),
        "{log}"
    );
    // The dialog closes and the analysis board still answers its keys.
    h.send(Event::Key(Key::Enter));
    h.keys("p");
    assert!(h.text().contains("Open a position"), "{}", h.text());
}

/// At 80x24 the lines a new user reads first do not break in the middle: the setup's
/// colour row, the key lines, the hint.
#[test]
fn the_80_by_24_screens_keep_their_lines_whole() {
    let mut h = Harness::new(80, 24);
    h.keys("3");
    let t = h.text();
    assert!(
        t.lines().any(|l| l.contains("You play: (X) Black (first)")
            && l.contains("two players, one keyboard")),
        "{t}"
    );
    h.send(Event::Key(Key::Esc));
    h.keys("1");
    let t = h.text();
    assert!(t.lines().any(|l| l.contains("Esc/q menu")), "{t}");
    assert!(
        t.contains(&format!("★★  {}", othello_tutor::tutor::lesson::TWO_STARS)),
        "{t}"
    );
    h.send(Event::Key(Key::Esc));
    practice(&mut h, vs_level(1, false));
    h.keys("t");
    let t = h.wait_for("Hint (");
    assert!(
        t.lines()
            .any(|l| l.contains("Hint (depth") && l.contains("d3 +")),
        "{t}"
    );
    assert!(t.lines().any(|l| l.contains("Esc/q menu")), "{t}");
}
