//! The position editor driven headless (puppet backend): FFO #1 set up square by
//! square and analyzed, the refusals, pasting and showing OBF, the mouse, and the ways
//! in and out (Analyze's `s`, `a`, `p`). The engine runs at fixed settings; the tests
//! wait for its callback, never for a time.

use crate::common;

use common::{Harness, sq, temp_data_dir, verdict};
use cursive::Vec2;
use cursive::event::{Event, Key, MouseButton, MouseEvent};
use othello_tutor::engine::analysis::{AnalysisOptions, analyze, analyze_with_threads};
use othello_tutor::engine::notation::{ObfRecord, parse_obf_file, to_obf};
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Move, Position};
use othello_tutor::tutor::settings::ANALYSIS;
use othello_tutor::ui::nav::{self, Route};

/// FFO #1 with its every move's exact value, from the copy of the FFO file in
/// `tests/data/` (source named on its first line).
fn ffo1() -> ObfRecord {
    parse_obf_file(include_str!("data/fforum-1-19.obf"))
        .expect("the FFO file reads")
        .into_iter()
        .next()
        .expect("FFO #1")
}

fn ffo1_obf() -> String {
    to_obf(&ffo1().position)
}

fn editor(name: &str, w: usize, h: usize) -> Harness {
    let mut h = Harness::with_dir(w, h, temp_data_dir(name));
    nav::go(h.siv(), Route::Editor(None));
    h.runner.refresh();
    assert!(h.text().contains("Position editor"), "{}", h.text());
    h
}

/// The editor's OBF line (under the board).
fn obf_line(t: &str) -> String {
    t.lines()
        .find_map(|l| l.trim().strip_prefix("OBF: "))
        .unwrap_or_default()
        .to_string()
}

fn paste(h: &mut Harness, text: &str) {
    h.keys("v");
    assert!(h.text().contains("Paste a position"), "{}", h.text());
    h.keys(text);
    h.send(Event::Key(Key::Enter));
}

/// The move lines of the analysis panel: (move, value, exact).
fn shown_values(t: &str) -> Vec<(String, i32, bool)> {
    let after = t
        .split("Every move, best first")
        .nth(1)
        .expect("the analysis is shown");
    after
        .lines()
        .skip(1)
        .map(|l| l.rsplit('│').nth(1).unwrap_or_default().trim().to_string())
        .take_while(|l| !l.is_empty())
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let mv = words.next()?.to_string();
            let value: i32 = words.next()?.parse().ok()?;
            let exact = words.next()? == "exact";
            Some((mv, value, exact))
        })
        .collect()
}

fn library_values(position: &Position, options: AnalysisOptions) -> Vec<(String, i32, bool)> {
    let mut searcher = Searcher::new(4, 4);
    analyze(&mut searcher, &position.board, options)
        .expect("not stopped")
        .iter()
        .map(|v| (v.mv.to_string(), v.discs(), v.exact))
        .collect()
}

#[test]
fn ffo1_set_up_square_by_square_agrees_with_analyze() {
    let mut h = editor("editor-ffo1", 100, 40);
    let target = ffo1_obf();
    h.keys("c");
    assert_eq!(obf_line(&h.text()), format!("{} X", "-".repeat(64)));
    // The cursor starts on d3: up twice and left three times is a1.
    for k in [Key::Up, Key::Up, Key::Left, Key::Left, Key::Left] {
        h.send(Event::Key(k));
    }
    assert!(h.text().contains("Cursor: a1 (empty)"), "{}", h.text());
    let squares: Vec<char> = target.chars().take(64).collect();
    for row in 0..8 {
        for col in 0..8 {
            // Every key the footer lists for a colour, in turn.
            let key = match (squares[row * 8 + col], row % 2) {
                ('X', 0) => 'b',
                ('X', _) => 'x',
                ('O', 0) => 'w',
                ('O', _) => 'o',
                (_, 0) => ' ',
                _ => '.',
            };
            h.keys(&key.to_string());
            if col < 7 {
                // Arrows on even rows, `l` on odd ones.
                if row % 2 == 0 {
                    h.send(Event::Key(Key::Right));
                } else {
                    h.keys("l");
                }
            }
        }
        if row < 7 {
            h.keys("j");
            h.keys(&"h".repeat(7));
        }
    }
    let t = h.text();
    assert!(t.contains("Cursor: h8"), "{t}");
    assert_eq!(obf_line(&t), target, "{t}");
    assert!(t.contains("Black 27 - 23 White, 14 empty"), "{t}");
    // The side to move goes and comes back.
    h.keys("t");
    assert!(obf_line(&h.text()).ends_with(" O"));
    h.keys("t");
    assert_eq!(obf_line(&h.text()), target);
    // y shows the same line to copy.
    h.keys("y");
    let t = h.text();
    assert!(t.contains(&target), "{t}");
    h.send(Event::Key(Key::Esc));
    // a: the analysis board on that position, its values the library's.
    h.keys("a");
    let t = h.wait_for("Every move, best first");
    assert!(t.contains("Analysis"), "{t}");
    assert!(!t.contains("Position editor"), "the editor closed:\n{t}");
    let shown = shown_values(&t);
    let position = ffo1().position;
    assert_eq!(shown, library_values(&position, ANALYSIS), "{t}");
    // The command line's default settings (`othello-tutor analyze OBF`) solve these
    // 14 empties exactly too: the same values.
    let mut searcher = Searcher::new(4, 4);
    let cli: Vec<(String, i32, bool)> = analyze_with_threads(
        &mut searcher,
        &position.board,
        AnalysisOptions {
            depth: 12,
            ..AnalysisOptions::default()
        },
        1,
    )
    .expect("not stopped")
    .iter()
    .map(|v| (v.mv.to_string(), v.discs(), v.exact))
    .collect();
    assert_eq!(shown, cli);
    // And the FFO file's values, move by move.
    let mut known: Vec<(String, i32, bool)> = ffo1()
        .move_scores
        .iter()
        .map(|(m, s)| (m.to_string(), *s, true))
        .collect();
    let mut sorted = shown.clone();
    known.sort();
    sorted.sort();
    assert_eq!(sorted, known);
    assert_eq!(shown[0], ("g8".to_string(), 18, true));
}

#[test]
fn the_editor_at_80_by_24() {
    let mut h = editor("editor-80x24", 80, 24);
    paste(&mut h, &ffo1_obf());
    let t = h.text();
    assert!(t.contains("Set up from the pasted line."), "{t}");
    assert_eq!(obf_line(&t), ffo1_obf(), "{t}");
    // Every footer line fits, no entry split.
    assert!(t.contains("p practice from here"), "{t}");
    assert!(t.lines().all(|l| l.chars().count() <= 80), "{t}");
    insta::assert_snapshot!(t);
    // The message goes with the next event.
    h.send(Event::Key(Key::Right));
    assert!(!h.text().contains("Set up from the pasted line."));
}

#[test]
fn boards_that_cannot_be_played_from_are_refused_with_the_reason() {
    let mut h = editor("editor-refusals", 80, 24);
    // An empty board.
    h.keys("c");
    let t = h.text();
    assert!(t.contains("Not playable yet: the board is empty"), "{t}");
    h.keys("a");
    let t = h.text();
    assert!(
        verdict(&t).contains("Cannot analyze: the board is empty"),
        "{t}"
    );
    assert!(t.contains("Position editor"), "still in the editor:\n{t}");
    // No message outlives the event: a cursor move takes it away.
    h.send(Event::Key(Key::Down));
    assert!(!h.text().contains("Cannot analyze"), "{}", h.text());
    h.keys("p");
    let t = h.text();
    assert!(
        verdict(&t).contains("Cannot practice: the board is empty"),
        "{t}"
    );
    assert!(!t.contains("Practice: new game"), "{t}");
    // A finished game: the board full.
    let full = format!("{}{} X", "X".repeat(40), "O".repeat(24));
    paste(&mut h, &full);
    h.keys("a");
    let t = h.text();
    assert!(
        verdict(&t).contains(
            "Cannot analyze: neither side can move: the game is over (Black 40 - 24 White)."
        ),
        "{t}"
    );
    // Discs of one colour.
    h.keys("c");
    h.keys("b");
    h.keys("a");
    assert!(
        verdict(&h.text()).contains("there is no White disc"),
        "{}",
        h.text()
    );
    // The side to move has no move, the other has: t is the fix.
    paste(&mut h, &format!("OX{} X", "-".repeat(62)));
    h.keys("a");
    let t = h.text();
    assert!(
        verdict(&t)
            .contains("Cannot analyze: Black has no move; White has 1 (t gives White the move)."),
        "{t}"
    );
    h.keys("t");
    h.keys("a");
    let t = h.wait_for("Every move, best first");
    assert!(t.contains("c1 "), "{t}");
}

#[test]
fn a_malformed_paste_gets_one_line_and_changes_nothing() {
    let mut h = editor("editor-bad-paste", 80, 24);
    let before = obf_line(&h.text());
    paste(&mut h, "XXOO-- X");
    let t = h.text();
    let errors: Vec<&str> = t.lines().filter(|l| l.contains("Cannot read it")).collect();
    assert_eq!(errors.len(), 1, "{t}");
    assert!(
        errors[0].contains("Cannot read it: OBF board has 6 squares, expected 64"),
        "{t}"
    );
    // The paste dialog asks again, with the reason; Esc closes it.
    assert!(t.contains("Paste a position"), "{t}");
    h.send(Event::Key(Key::Esc));
    // A bad character is named with its column.
    paste(&mut h, &format!("{}Q{} X", "-".repeat(10), "-".repeat(53)));
    let t = h.text();
    assert!(
        t.contains("Cannot read it: column 11: `Q` is not a disc"),
        "{t}"
    );
    h.send(Event::Key(Key::Esc));
    let t = h.text();
    assert!(
        t.contains("Position editor") && !t.contains("Paste a"),
        "{t}"
    );
    assert_eq!(obf_line(&t), before);
    // A transcript is read too.
    paste(&mut h, "f5d6");
    let t = h.text();
    assert!(t.contains("Black 3 - 3 White"), "{t}");
    assert!(t.contains("Black to move"), "{t}");
}

#[test]
fn the_mouse_cycles_a_square_and_a_right_click_empties_it() {
    let mut h = editor("editor-mouse", 100, 30);
    let a1 = h.square_pos(sq("a1"));
    h.click(a1);
    assert!(h.text().contains("Cursor: a1 (black)"), "{}", h.text());
    h.click(a1);
    assert!(h.text().contains("Cursor: a1 (white)"), "{}", h.text());
    assert!(obf_line(&h.text()).starts_with("O--"), "{}", h.text());
    h.click(a1);
    assert!(h.text().contains("Cursor: a1 (empty)"), "{}", h.text());
    // Enter cycles the cursor's square like a click.
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("Cursor: a1 (black)"), "{}", h.text());
    let d4 = h.square_pos(sq("d4"));
    h.send(Event::Mouse {
        offset: Vec2::zero(),
        position: d4,
        event: MouseEvent::Press(MouseButton::Right),
    });
    let t = h.text();
    assert!(t.contains("Black 3 - 1 White"), "{t}");
    // s: back to the start.
    h.keys("s");
    let t = h.text();
    assert_eq!(obf_line(&t), to_obf(&Position::start()));
}

#[test]
fn analyze_opens_the_editor_on_its_position_and_practice_starts_there() {
    let mut h = Harness::with_dir(100, 40, temp_data_dir("editor-ways"));
    nav::go(h.siv(), Route::Analyze);
    h.keys("f5");
    h.send(Event::Key(Key::Enter));
    h.wait_for("f5 played.");
    let after_f5 = Position::start()
        .play(Move::Place(sq("f5")))
        .expect("legal");
    h.keys("s");
    let t = h.text();
    assert!(t.contains("Position editor"), "{t}");
    assert!(!t.contains("Analysis"), "the analysis board closed:\n{t}");
    assert_eq!(obf_line(&t), to_obf(&after_f5), "{t}");
    assert!(t.contains("White to move"), "{t}");
    // F1: the editor's own help first.
    h.send(Event::Key(Key::F1));
    assert!(h.text().contains("THE POSITION EDITOR"), "{}", h.text());
    h.send(Event::Key(Key::Esc));
    // p: the new-game dialog, its start this position.
    paste(&mut h, &ffo1_obf());
    h.keys("p");
    let t = h.text();
    assert!(t.contains("Practice: new game"), "{t}");
    assert!(t.contains("(X) this one:"), "{t}");
    // Enter on the opponent starts the game (the learner is Black, to move).
    h.send(Event::Key(Key::Enter));
    let t = h.wait_for("Your move, Black");
    assert!(t.contains("Start: an edited position"), "{t}");
    assert!(t.contains("Black 27 - 23 White"), "{t}");
    // Esc: the menu.
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("3  Practice"), "{}", h.text());
}
