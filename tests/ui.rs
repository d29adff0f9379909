//! The TUI driven headless with cursive's puppet backend: real screens, real key and
//! mouse events, snapshots of the rendered text. No test depends on timing: the engine
//! runs at fixed depths, and the tests wait for its callback.

use crate::common;

use common::{Harness, legal_moves, open_first_lesson, practice, sq, temp_data_dir, vs_level};
use cursive::backends::puppet::observed::ObservedPieceInterface;
use cursive::event::{Event, Key};
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::players::Strategy;
use othello_tutor::tutor::practice::{Seat, Setup};

#[test]
fn main_menu() {
    let mut h = Harness::new(80, 24);
    let screen = h.text();
    for entry in [
        "1  Learn",
        "2  Puzzles",
        "3  Practice",
        "4  Analyze",
        "5  Openings",
        "6  Library",
        "7  Potential",
        "8  Progress",
        "9  Help",
        "q  Quit",
    ] {
        assert!(screen.contains(entry), "{entry}\n{screen}");
    }
    insta::assert_snapshot!(screen);
    // A number key opens its entry; Esc comes back.
    h.keys("9");
    assert!(h.text().contains("THE MAIN MENU"), "{}", h.text());
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("3  Practice"));
    h.keys("3");
    assert!(h.text().contains("Practice: new game"), "{}", h.text());
}

#[test]
fn practice_moves_by_keys_mouse_and_typing_and_the_engine_replies() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, false));
    assert!(h.text().contains("Your move, Black"));
    // Arrow keys and Enter: the cursor starts on d3, a legal first move.
    h.send(Event::Key(Key::Right));
    h.send(Event::Key(Key::Left));
    h.send(Event::Key(Key::Enter));
    let t = h.wait_for("White plays");
    assert!(t.contains("Black plays d3."), "{t}");
    let t = h.wait_for("Your move, Black");
    // A mouse click on a legal square.
    let legal = legal_moves(&t);
    let target = sq(&legal[0]);
    let pos = h.square_pos(target);
    h.click(pos);
    let t = h.wait_for(&format!("Black plays {target}."));
    assert!(t.contains("Black plays"), "{t}");
    let t = h.wait_for("Your move, Black");
    // Typing a square's name, then Enter.
    let legal = legal_moves(&t);
    let typed = legal.last().cloned().expect("a legal move");
    h.keys(&typed);
    h.send(Event::Key(Key::Enter));
    h.wait_for(&format!("Black plays {typed}."));
    let t = h.wait_for("Your move, Black");
    // Three moves each: move 7 is next.
    assert!(t.contains("Move 7"), "{t}");
}

#[test]
fn hint_writes_values_on_the_board() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, false));
    h.keys("t");
    let t = h.wait_for("Hint (");
    // The four first moves are equal by symmetry: each gets the same value.
    let row3 = t
        .lines()
        .find(|l| l.contains("3 "))
        .unwrap_or_default()
        .to_string();
    assert!(
        t.contains("d3 +") || t.contains("d3 -") || t.contains("d3 +0"),
        "{t}"
    );
    let labelled = t
        .lines()
        .filter(|l| l.contains('+') || l.contains('-'))
        .count();
    assert!(labelled >= 2, "{row3}\n{t}");
    insta::assert_snapshot!(t);
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, false));
    h.keys("f5");
    h.send(Event::Key(Key::Enter));
    h.wait_for("White plays");
    h.wait_for("Your move, Black");
    assert!(h.text().contains("Move 3"));
    h.keys("u");
    let t = h.wait_for("Taken back.");
    assert!(t.contains("Move 1"), "{t}");
    assert!(t.contains("Black 2 - 2 White"), "{t}");
    // Redo replays both.
    h.keys("r");
    let t = h.wait_for("Move 3");
    assert!(t.contains("Black 3 - 3 White"), "{t}");
}

#[test]
fn a_blunder_on_an_x_square_names_the_corner_it_gives() {
    let mut h = Harness::new(100, 40);
    let start = parse_transcript("d3c3b3e3f3d6f6d2c5g3f2f4c2b5")
        .expect("legal")
        .current();
    let mut setup = vs_level(1, true);
    setup.start = start;
    practice(&mut h, setup);
    h.keys("g2");
    h.send(Event::Key(Key::Enter));
    let t = h.wait_for("g2: blunder");
    assert!(t.contains("Gives White the h1 corner"), "{t}");
    assert!(t.contains("X-square next to the empty h1 corner"), "{t}");
    // The answer stays hidden until asked for; Retry takes the move back.
    assert!(t.contains("u: take it back"), "{t}");
    h.wait_for("Your move, Black");
    h.keys("s");
    let t = h.wait_for("Best: ");
    assert!(t.contains("Best: f5"), "{t}");
    insta::assert_snapshot!(t);
}

#[test]
fn game_over_summary() {
    let mut h = Harness::new(100, 30);
    // The master game one move from its end: White plays f8 and the game is over.
    let game = parse_transcript(
        "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 \
         f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 \
         h8 g8 g7",
    )
    .expect("legal");
    let setup = Setup {
        black: Seat::Computer(Strategy::Engine(1)),
        white: Seat::Human,
        start: game.current(),
        start_name: "the master game".into(),
        line: Vec::new(),
        feedback: true,
    };
    practice(&mut h, setup);
    h.wait_for("Your move, White");
    h.keys("f8");
    h.send(Event::Key(Key::Enter));
    let t = h.wait_for("v  Review");
    assert!(t.contains("White wins 44-20 (Black 20 - 44 White)."), "{t}");
    assert!(t.contains("White: accuracy"), "{t}");
    insta::assert_snapshot!(t);
}

/// A fresh, empty data directory for one test.
#[test]
fn a_lesson_question_answered_wrong_then_right() {
    let dir = temp_data_dir("lesson-answer");
    let mut h = Harness::with_dir(100, 30, dir);
    open_first_lesson(&mut h);
    let t = h.text();
    assert!(t.contains("Step 1 of 7"), "{t}");
    h.keys("n");
    let t = h.text();
    assert!(t.contains("How many legal moves does Black have"), "{t}");
    // The legal-move markers are hidden, or they would give the answer away.
    let board_rows: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("│3 ") || l.starts_with("│6 "))
        .collect();
    assert_eq!(board_rows.len(), 2, "{t}");
    assert!(board_rows.iter().all(|l| !l.contains('+')), "{t}");
    h.keys("3");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Not 3: that is too few."), "{t}");
    h.keys("4");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("✓ Right."), "{t}");
    insta::assert_snapshot!(t);
}

#[test]
fn a_find_move_step_answered_wrong_names_the_reason() {
    let dir = temp_data_dir("lesson-find");
    let mut h = Harness::with_dir(100, 30, dir);
    open_first_lesson(&mut h);
    // Step 4: "find the move that flips the most discs" (c4 flips six).
    h.keys("n");
    h.keys("4");
    h.send(Event::Key(Key::Enter));
    h.keys("n");
    h.keys("n");
    let t = h.text();
    assert!(t.contains("Step 4 of 7"), "{t}");
    assert!(t.contains("flips the most discs"), "{t}");
    h.keys("g5");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("✗ Not right."), "{t}");
    assert!(t.contains("g5 flips"), "the why names what g5 does:\n{t}");
    h.keys("c4");
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("✓ Right."), "{t}");
}

#[test]
fn lesson_progress_survives_a_restart() {
    let dir = temp_data_dir("lesson-restart");
    {
        let mut h = Harness::with_dir(100, 30, dir.clone());
        open_first_lesson(&mut h);
        h.keys("n");
        h.keys("4");
        h.send(Event::Key(Key::Enter));
        h.keys("n");
        assert!(h.text().contains("Step 3 of 7"));
    }
    assert!(dir.join("progress.toml").exists());
    let mut h = Harness::with_dir(100, 30, dir);
    h.keys("1");
    let t = h.text();
    assert!(t.contains("step 3 of 7"), "{t}");
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("Step 3 of 7"), "{}", h.text());
}

#[test]
fn a_damaged_progress_file_is_moved_aside_and_reported() {
    let dir = temp_data_dir("lesson-damaged");
    std::fs::write(dir.join("progress.toml"), "this is [[ not toml").expect("write");
    let mut h = Harness::with_dir(100, 30, dir.clone());
    h.keys("1");
    let t = h.text();
    assert!(t.contains("could not be read"), "{t}");
    let kept: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("progress.toml.damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(&kept[0])).expect("read"),
        "this is [[ not toml"
    );
}

/// The id of the puzzle on screen.
fn shown_puzzle(t: &str) -> String {
    t.lines()
        .filter(|l| l.contains("   rating "))
        .find_map(|l| l.split("Puzzle ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a puzzle id on screen")
        .to_string()
}

fn puzzle_by_id(id: &str) -> othello_tutor::tutor::puzzle::Puzzle {
    othello_tutor::tutor::content::load_puzzles()
        .expect("puzzles load")
        .into_iter()
        .find(|p| p.id == id)
        .expect("the shown puzzle exists")
}

/// The learner's rating as shown in the panel ("Rating 1500 ±350").
fn shown_rating(t: &str) -> f64 {
    t.lines()
        .find_map(|l| l.split("Rating ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a rating on screen")
}

#[test]
fn puzzles_right_and_wrong_move_the_rating_and_a_miss_comes_back_when_due() {
    let dir = temp_data_dir("puzzles");
    let mut h = Harness::with_dir(100, 40, dir);
    let t0 = 2_000_000_000u64;
    othello_tutor::ui::shell::set_clock(h.siv(), t0);
    h.keys("2");
    let t = h.text();
    let start_rating = shown_rating(&t);
    assert_eq!(start_rating, 1500.0, "{t}");

    // Solve the first puzzle: play an accepted move at every step.
    let first = puzzle_by_id(&shown_puzzle(&t));
    for step in &first.steps {
        let mv = step.accepted.into_iter().next().expect("an accepted move");
        h.keys(&mv.to_string());
        h.send(Event::Key(Key::Enter));
    }
    let t = h.text();
    assert!(t.contains("solved!"), "{t}");
    let after_win = shown_rating(&t);
    assert!(
        after_win > start_rating,
        "{after_win} after a solved puzzle\n{t}"
    );
    insta::assert_snapshot!("puzzle_solved", t);

    // The next one, answered with a legal move it does not accept.
    h.keys("n");
    let t = h.text();
    let second = puzzle_by_id(&shown_puzzle(&t));
    assert_ne!(second.id, first.id);
    let step = &second.steps[0];
    let wrong = step
        .position
        .legal_moves()
        .into_iter()
        .find(|m| !step.accepted.contains(*m))
        .expect("a legal move that is not accepted");
    h.keys(&wrong.to_string());
    h.send(Event::Key(Key::Enter));
    // The miss is valued off the interface's thread (the near-miss rule) first.
    let t = h.wait_for("Solution: ");
    assert!(t.contains(&format!("✗ {wrong} is not it.")), "{t}");
    let after_loss = shown_rating(&t);
    assert!(after_loss < after_win, "{after_loss} after a miss\n{t}");

    // Not due yet: the missed puzzle is not served again the same day.
    h.keys("n");
    let t = h.text();
    assert_ne!(shown_puzzle(&t), second.id, "{t}");
    // A day and a bit later it is due, and it comes first.
    othello_tutor::ui::shell::set_clock(h.siv(), t0 + 26 * 3600);
    h.keys("n");
    let t = h.text();
    assert_eq!(shown_puzzle(&t), second.id, "{t}");
    assert!(t.contains("A review"), "{t}");
}

#[test]
fn the_roomy_board_on_a_large_terminal_takes_clicks_too() {
    let mut h = Harness::new(120, 40);
    practice(&mut h, vs_level(1, false));
    h.runner.refresh();
    let t = h.text();
    // Squares six columns wide: the column letters stand six apart.
    let header = h.frame().find_occurences("a     b     c     d")[0].min();
    assert!(
        t.contains("a     b     c     d     e     f     g     h"),
        "{t}"
    );
    // e6 (column e, row 6) is a legal first move: click its disc glyph.
    let e6 = header + (4 * 6, 1 + 5 * 2);
    h.click(e6);
    let t = h.wait_for("Black plays e6.");
    assert!(t.contains("Black plays e6."), "{t}");
}
