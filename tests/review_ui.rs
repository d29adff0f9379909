//! The game review screen driven headless: the value graph and the swings of a known
//! game (the master game of `tests/ui.rs`), the endgame values checked against
//! independent solves, the keys in each focus state, the mouse, cancelling, and the
//! ways in from the analysis board and the end of a practice game.

use crate::common;

use common::{Harness, practice};
use cursive::Vec2;
use cursive::event::{Event, Key, MouseButton, MouseEvent};
use othello_tutor::engine::analysis::{AnalysisOptions, analyze_with_threads};
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::players::Strategy;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Game, Move};
use othello_tutor::tutor::game_review::ReviewInput;
use othello_tutor::tutor::practice::{Seat, Setup};
use othello_tutor::ui::nav::{self, Route};

const MASTER: &str = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 \
e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 \
h7 h2 h8 g8 g7 f8";

fn master() -> Game {
    parse_transcript(MASTER).expect("legal")
}

fn open_review(h: &mut Harness, game: Game) {
    nav::go(h.siv(), Route::Review(Box::new(ReviewInput::new(game))));
    h.runner.refresh();
}

/// The screen with the analysis time (which varies) written as `T`.
fn steady(t: &str) -> String {
    t.lines()
        .map(|l| match l.find("moves valued in ") {
            Some(at) => format!("{}moves valued in T s.", &l[..at]),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value for Black the details line gives for the move shown.
fn shown_value(t: &str) -> i32 {
    let line = t
        .lines()
        .find(|l| l.starts_with("Move "))
        .unwrap_or_else(|| panic!("no move line:\n{t}"));
    let before = line
        .split(" for Black")
        .next()
        .unwrap_or_else(|| panic!("no value: {line}"));
    let word = before.rsplit(' ').next().unwrap_or_default();
    word.parse()
        .unwrap_or_else(|_| panic!("not a value: {word} in {line}"))
}

fn click(h: &mut Harness, pos: Vec2) {
    for event in [
        MouseEvent::Press(MouseButton::Left),
        MouseEvent::Release(MouseButton::Left),
    ] {
        h.send(Event::Mouse {
            offset: Vec2::zero(),
            position: pos,
            event,
        });
    }
}

/// Where the graph's zero line starts ("  0┼"): the column of the first move is
/// just after it.
fn graph_origin(h: &mut Harness) -> Vec2 {
    let t = h.text();
    for (y, line) in t.lines().enumerate() {
        if let Some(x) = line.find("  0┼") {
            let col = line[..x].chars().count();
            return Vec2::new(col + 4, y);
        }
    }
    panic!("no graph:\n{t}");
}

#[test]
fn the_graph_and_the_swings_of_a_known_game() {
    let mut h = Harness::new(100, 40);
    open_review(&mut h, master());
    let t = h.wait_for("All 60 moves valued");
    assert!(t.contains("Value for Black (discs)"), "{t}");
    assert!(t.contains("Opening: Rose-Bill"), "{t}");
    // The biggest swing first: Black's a1 at move 45, 12 discs (exact).
    let swings: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.contains("Biggest swings"))
        .skip(1)
        .take(3)
        .collect();
    assert!(
        swings[0].contains("45 Black a1: blunder -12 (best b7, exact)"),
        "{t}"
    );
    // Its mark stands under the graph.
    assert!(t.contains('X'), "{t}");
    insta::assert_snapshot!("final_position", steady(&t));

    // The last 20 moves: the value shown against an independent exact analysis of
    // the position before each move (every move solved, the played one picked).
    let game = master();
    let positions = game.positions();
    let n = game.len();
    h.send(Event::Key(Key::End));
    let mut searcher = Searcher::new(4, 4);
    let exact = AnalysisOptions {
        exact_empties: 64,
        ..AnalysisOptions::default()
    };
    for k in (n - 20..n).rev() {
        let t = h.text();
        let mv = game.moves()[k];
        let before = positions[k];
        let expected = match mv {
            Move::Pass => None,
            Move::Place(_) => {
                let values =
                    analyze_with_threads(&mut searcher, &before.board, exact, 1).expect("solved");
                let v = values
                    .iter()
                    .find(|v| v.mv == mv)
                    .expect("played move valued");
                assert!(v.exact);
                Some(match before.to_move {
                    Color::Black => v.discs(),
                    Color::White => -v.discs(),
                })
            }
        };
        if let Some(expected) = expected {
            assert_eq!(shown_value(&t), expected, "move {}\n{t}", k + 1);
            assert!(t.contains("for Black, exact"), "move {}\n{t}", k + 1);
        } else {
            assert!(t.contains("no legal move"), "{t}");
        }
        h.send(Event::Key(Key::Left));
    }
    // Down the swings list: the board and the graph follow.
    h.send(Event::Key(Key::Home));
    assert!(h.text().contains("Start (62 moves)"), "{}", h.text());
    // Down from a move not in the list: the biggest swing; then the next.
    h.send(Event::Key(Key::Down));
    assert!(
        h.text().contains("Move 45/62 Black a1: blunder"),
        "{}",
        h.text()
    );
    h.send(Event::Key(Key::Down));
    let t = h.text();
    assert!(t.contains("Move 23/62 Black g4: blunder"), "{t}");
    h.send(Event::Key(Key::Up));
    let t = h.text();
    assert!(t.contains("Move 45/62 Black a1: blunder"), "{t}");
    insta::assert_snapshot!("at_the_biggest_swing", steady(&t));
}

#[test]
fn keys_and_mouse_in_each_focus_state() {
    let mut h = Harness::new(100, 40);
    open_review(&mut h, master());
    h.wait_for("All 60 moves valued");
    // A click on the graph's first column shows move 1 and focuses the graph (Home
    // first: the window of moves then starts at move 1).
    h.send(Event::Key(Key::Home));
    let origin = graph_origin(&mut h);
    click(&mut h, origin);
    let t = h.text();
    assert!(t.contains("Move 1/62 Black f5: book move"), "{t}");
    // Every key of the footer, graph focused.
    h.send(Event::Key(Key::Right));
    assert!(h.text().contains("Move 2/62 White d6"), "{}", h.text());
    h.send(Event::Key(Key::Left));
    assert!(h.text().contains("Move 1/62"), "{}", h.text());
    h.send(Event::Key(Key::End));
    assert!(h.text().contains("Move 62/62"), "{}", h.text());
    h.send(Event::Key(Key::Home));
    assert!(h.text().contains("Start (62 moves)"), "{}", h.text());
    h.send(Event::Key(Key::Down));
    assert!(h.text().contains("Move 45/62"), "{}", h.text());
    h.send(Event::Key(Key::Down));
    assert!(h.text().contains("Move 23/62"), "{}", h.text());
    h.send(Event::Key(Key::Up));
    assert!(h.text().contains("Move 45/62"), "{}", h.text());
    h.keys("g");
    assert!(h.text().contains("Every move is valued."), "{}", h.text());
    h.keys("c");
    assert!(h.text().contains("Nothing is running."), "{}", h.text());
    // The message lasts until the next key.
    h.send(Event::Key(Key::Right));
    assert!(!h.text().contains("Nothing is running."), "{}", h.text());
    // A click on a swing focuses the list and shows that move; the keys still work.
    let t = h.text();
    let (y, line) = t
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("42 White g2: mistake"))
        .expect("the swing listed");
    let x = line.find("42 White").expect("label");
    click(&mut h, Vec2::new(line[..x].chars().count(), y));
    assert!(
        h.text().contains("Move 42/62 White g2: mistake"),
        "{}",
        h.text()
    );
    h.send(Event::Key(Key::Right));
    assert!(h.text().contains("Move 43/62"), "{}", h.text());
    h.send(Event::Key(Key::Home));
    assert!(h.text().contains("Start (62 moves)"), "{}", h.text());
    h.send(Event::Key(Key::End));
    assert!(h.text().contains("Move 62/62"), "{}", h.text());
    h.keys("c");
    assert!(h.text().contains("Nothing is running."), "{}", h.text());
    // q goes back to the screen beneath (here the main menu).
    h.keys("q");
    assert!(h.text().contains("3  Practice"), "{}", h.text());
}

#[test]
fn cancel_then_go_on() {
    let mut h = Harness::new(100, 40);
    open_review(&mut h, master());
    h.keys("c");
    let t = h.text();
    assert!(t.contains("Analysis cancelled"), "{t}");
    assert!(t.contains("moves valued: g values the rest"), "{t}");
    // The engine's late answers change nothing.
    for _ in 0..50 {
        h.runner.step();
    }
    let t = h.text();
    assert!(!t.contains("All 60 moves valued"), "{t}");
    h.keys("g");
    h.wait_for("All 60 moves valued");
    // Esc goes back.
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("3  Practice"), "{}", h.text());
}

#[test]
fn from_the_analysis_board_and_at_80_by_24() {
    let mut h = Harness::new(80, 24);
    h.keys("4");
    h.keys("p");
    h.keys(&MASTER.replace(' ', ""));
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("Opening: Rose-Bill"), "{t}");
    h.keys("v");
    let t = h.wait_for("All 60 moves valued");
    // Everything fits: the footer's two lines and the graph with its window.
    assert!(t.contains("g go on  Esc/q back"), "{t}");
    assert!(t.contains("+32┤") || t.contains("+32│"), "{t}");
    assert!(t.lines().all(|l| l.chars().count() <= 80), "{t}");
    insta::assert_snapshot!("at_80_by_24", steady(&t));
    // Esc: back on the analysis board.
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("Main line"), "{}", h.text());
}

#[test]
fn from_the_end_of_a_practice_game() {
    let mut h = Harness::new(100, 30);
    let game = master();
    let one_before = game.position_at(game.len() - 1);
    let setup = Setup {
        black: Seat::Computer(Strategy::Engine(1)),
        white: Seat::Human,
        start: one_before,
        start_name: "the master game".into(),
        line: Vec::new(),
        feedback: true,
    };
    practice(&mut h, setup);
    h.wait_for("Your move, White");
    h.keys("f8");
    h.send(Event::Key(Key::Enter));
    h.wait_for("g  Whole game");
    h.keys("g");
    let t = h.wait_for("All 1 moves valued");
    // The learner's move keeps the grade the game gave it.
    assert!(t.contains("graded in the game"), "{t}");
}

#[test]
fn a_small_terminal_gets_the_size_guard_message() {
    let mut h = Harness::new(70, 20);
    open_review(&mut h, master());
    let t = h.text();
    assert!(t.contains("The terminal is too small."), "{t}");
    assert!(t.contains("Need 80x24, have 70x20."), "{t}");
    // Esc still goes back (to the main menu, guarded too).
    assert_eq!(h.siv().screen().len(), 2);
    h.send(Event::Key(Key::Esc));
    assert_eq!(h.siv().screen().len(), 1);
}
