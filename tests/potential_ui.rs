//! The Potential screen driven through cursive's puppet backend: keys and
//! mouse clicks, a placement phase, a move, the rules screen, leaving, and a
//! computer reply received through the callback sink, and the axis labels over
//! their columns.

use cursive::backends::puppet::Backend;
use cursive::backends::puppet::observed::{ObservedPieceInterface, ObservedScreen};
use cursive::event::{Event, Key, MouseButton, MouseEvent};
use cursive::reexports::crossbeam_channel::{Receiver, Sender};
use cursive::style::{BaseColor, Color as TermColor};
use cursive::{Cursive, CursiveRunner, Vec2};
use othello_tutor::potential::Color;
use othello_tutor::potential::ai::{Level, SearchLimits};
use othello_tutor::ui::potential::{self, PotentialOptions};

struct Harness {
    runner: CursiveRunner<Cursive>,
    input: Sender<Option<Event>>,
    frames: Receiver<ObservedScreen>,
    last: Option<ObservedScreen>,
}

impl Harness {
    fn new(options: Option<PotentialOptions>) -> Harness {
        let backend = Backend::init(Some(Vec2::new(90, 30)));
        let (frames, input) = (backend.stream(), backend.input());
        let mut siv = Cursive::new();
        match options {
            None => potential::open(&mut siv),
            Some(o) => potential::open_with(&mut siv, o),
        }
        let mut runner = siv.into_runner(backend);
        runner.refresh();
        Harness {
            runner,
            input,
            frames,
            last: None,
        }
    }

    fn send(&mut self, e: Event) {
        self.input.send(Some(e)).expect("puppet input open");
        self.runner.step();
    }

    fn key(&mut self, k: Key) {
        self.send(Event::Key(k));
    }

    fn char(&mut self, c: char) {
        self.send(Event::Char(c));
    }

    fn click(&mut self, at: Vec2) {
        self.send(Event::Mouse {
            offset: Vec2::zero(),
            position: at,
            event: MouseEvent::Press(MouseButton::Left),
        });
        self.send(Event::Mouse {
            offset: Vec2::zero(),
            position: at,
            event: MouseEvent::Release(MouseButton::Left),
        });
    }

    fn frame(&mut self) -> &ObservedScreen {
        if let Some(f) = self.frames.try_iter().last() {
            self.last = Some(f);
        }
        self.last.as_ref().expect("no frame rendered")
    }

    fn text(&mut self) -> String {
        let lines = self.frame().as_strings();
        lines
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Screen position of the first occurrence of `needle`.
    fn find(&mut self, needle: &str) -> Vec2 {
        let hits = self.frame().find_occurences(needle);
        match hits.first() {
            Some(h) => h.min(),
            None => panic!("{needle:?} not on screen:\n{}", self.text()),
        }
    }

    /// Processes callbacks from other threads until `cond` holds for the
    /// screen text (or a generous number of rounds has passed).
    fn wait_for(&mut self, cond: impl Fn(&str) -> bool) -> bool {
        for _ in 0..4000 {
            self.runner.process_events();
            self.runner.refresh();
            if cond(&self.text()) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        false
    }

    fn layers(&self) -> usize {
        self.runner.screen().len()
    }
}

/// Screen position of the glyph of cell (x, y), given the screen position
/// of the `[` of the cursor on cell `cursor`.
fn glyph_at(cursor_bracket: Vec2, cursor: (i16, i16), x: i16, y: i16) -> Vec2 {
    let col = cursor_bracket.x as i64 + 1 + 3 * i64::from(x - cursor.0);
    let row = cursor_bracket.y as i64 - i64::from(y - cursor.1);
    Vec2::new(col as usize, row as usize)
}

#[test]
fn placing_by_keys_and_mouse_then_a_move() {
    let mut h = Harness::new(None);
    let start = h.text();
    assert!(start.contains("12 per side"), "{start}");
    assert!(start.contains("q leave"), "key line missing:\n{start}");
    // Two players at this keyboard, 3 pieces per side.
    h.char('o');
    assert!(h.text().contains("Two players"));
    for _ in 0..9 {
        h.char('-');
    }
    h.char('n');
    let screen = h.text();
    assert!(screen.contains("3 per side"), "{screen}");
    assert!(screen.contains("Phase: placing"), "{screen}");

    // White on 0,0 by key.
    let origin = h.find("[+]");
    h.key(Key::Enter);
    assert!(h.text().contains("White played 0,0"), "{}", h.text());
    // Black on 1,0 by mouse.
    h.click(glyph_at(origin, (0, 0), 1, 0));
    assert!(h.text().contains("Black played 1,0"), "{}", h.text());
    // White on -1,0 by keys: the cursor went to 1,0 with the click.
    h.key(Key::Left);
    h.key(Key::Left);
    h.char(' ');
    assert!(h.text().contains("White played -1,0"), "{}", h.text());
    // The rest by mouse.
    for (x, y, who) in [(2, 0, "Black"), (-2, 0, "White"), (3, 0, "Black")] {
        h.click(glyph_at(origin, (0, 0), x, y));
        let t = h.text();
        assert!(t.contains(&format!("{who} played {x},{y}")), "{t}");
    }
    let screen = h.text();
    assert!(screen.contains("Phase: moving"), "{screen}");
    assert!(
        screen.contains("All pieces are down: White moves first"),
        "{screen}"
    );
    assert!(screen.contains("In hand: W 0  B 0"), "{screen}");

    // A bound piece says why it cannot move.
    h.click(glyph_at(origin, (0, 0), 0, 0));
    assert!(h.text().contains("is bound"), "{}", h.text());
    // Pick up -2,0 with the mouse: its targets light up.
    h.click(glyph_at(origin, (0, 0), -2, 0));
    let picked = h.text();
    assert!(picked.contains("Picked up -2,0"), "{picked}");
    assert!(picked.contains('*'), "{picked}");
    // Put it down on -2,1 by keys.
    h.key(Key::Up);
    h.key(Key::Enter);
    let screen = h.text();
    assert!(screen.contains("White played -2,0--2,1"), "{screen}");
    assert!(screen.contains("Last: W -2,0--2,1"), "{screen}");
    assert!(screen.contains("Black"), "{screen}");
    insta::assert_snapshot!(screen);

    // Undo takes the move back (two players: one move).
    h.char('u');
    let screen = h.text();
    assert!(screen.contains("Took back 1 move"), "{screen}");
    assert!(screen.contains("Last: B 3,0"), "{screen}");
}

#[test]
fn rules_screen_and_leaving() {
    let mut h = Harness::new(None);
    let base = h.layers();
    h.char('r');
    let rules = h.text();
    assert!(rules.contains("POTENTIAL"), "{rules}");
    assert!(rules.contains("Esc/q: back to the game"), "{rules}");
    assert_eq!(h.layers(), base + 1);
    h.key(Key::Esc);
    assert_eq!(h.layers(), base);
    // Two players, so nothing moves by itself; play one placement.
    h.char('o');
    h.key(Key::Enter);
    // A game in progress: leaving asks first.
    h.char('q');
    assert!(h.text().contains("Leave this game?"), "{}", h.text());
    assert_eq!(h.layers(), base + 1);
    h.key(Key::Esc);
    assert_eq!(h.layers(), base);
    // Confirm with the Leave button (focused first).
    h.key(Key::Esc);
    assert!(h.text().contains("Leave this game?"));
    h.key(Key::Enter);
    assert_eq!(h.layers(), base - 1);
}

#[test]
fn computer_replies_through_the_callback_sink() {
    let options = PotentialOptions {
        pieces: 3,
        human: Color::White,
        opponent: Some(Level::Greedy),
        limits: SearchLimits::nodes(2_000),
        seed: Some(7),
        plain: false,
    };
    let mut h = Harness::new(Some(options));
    assert!(h.text().contains("vs greedy"), "{}", h.text());
    h.key(Key::Enter);
    assert!(
        h.wait_for(|t| t.contains("The computer (Black) played")),
        "no reply:\n{}",
        h.text()
    );
    let screen = h.text();
    assert!(screen.contains("In hand: W 2  B 2"), "{screen}");
    assert!(screen.contains("To move: White (you)"), "{screen}");
}

fn two_players(pieces: usize, plain: bool) -> PotentialOptions {
    PotentialOptions {
        pieces,
        human: Color::White,
        opponent: None,
        limits: SearchLimits::nodes(1_000),
        seed: Some(1),
        plain,
    }
}

/// A diagonal chain leaves both sides without a move as soon as placing
/// ends: the game is drawn and the summary says so.
#[test]
fn game_over_summary_after_a_drawn_game() {
    let mut h = Harness::new(Some(two_players(3, false)));
    let origin = h.find("[+]");
    for i in 0..6 {
        h.click(glyph_at(origin, (0, 0), i, i));
    }
    let screen = h.text();
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("Nobody could move: a draw."), "{screen}");
    assert!(screen.contains("Esc: look at the board"), "{screen}");
    h.key(Key::Esc);
    let board = h.text();
    assert!(board.contains("Result: Draw"), "{board}");
    assert!(board.contains("Phase: game over"), "{board}");
    // Undo reopens the game; the next placement ends it again.
    h.char('u');
    assert!(h.text().contains("Phase: placing"));
}

/// With colors, board cells sit on green; in plain mode (NO_COLOR) they
/// do not, and the glyphs alone tell the pieces apart.
#[test]
fn plain_mode_uses_no_board_color() {
    for plain in [false, true] {
        let mut h = Harness::new(Some(two_players(3, plain)));
        let origin = h.find("[+]");
        h.key(Key::Enter);
        let cell = h.frame()[origin].clone().expect("a cell at the cursor");
        let green = TermColor::Dark(BaseColor::Green);
        assert_eq!(cell.style.colors.back == green, !plain, "plain = {plain}");
        assert!(h.text().contains("[O]"));
    }
}

/// Each x label ends over its column's glyph, labels never run together, and the
/// grid under them has the pieces where the labels say, also once the group has
/// drifted past x = -9 (the labels used to run together there: "-14-13-12").
#[test]
fn axis_labels_stay_over_their_columns_as_the_group_drifts() {
    let mut h = Harness::new(Some(two_players(12, true)));
    // A line from 0,0 leftwards: White on even x, Black on odd x.
    h.key(Key::Enter);
    for _ in 0..15 {
        h.key(Key::Left);
        h.key(Key::Enter);
    }
    let text = h.text();
    assert!(text.contains("Black played -15,0"), "{text}");
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let header = lines
        .iter()
        .find(|l| l.iter().collect::<String>().contains("per side, next"))
        .expect("the label line");
    let row0 = lines
        .iter()
        .find(|l| l.iter().collect::<String>().contains("[X]"))
        .expect("the row of the cursor, 0");
    // Labels: runs of characters from the first '-' or digit up to the panel.
    let header_text: String = header.iter().collect();
    let panel_at = header_text.find("12 per side").expect("the panel");
    let board_end = header_text[..panel_at].chars().count();
    let mut labels: Vec<(i16, usize)> = Vec::new();
    let mut i = 0;
    while i < board_end {
        if header[i] == '-' || header[i].is_ascii_digit() {
            let start = i;
            while i < board_end && (header[i] == '-' || header[i].is_ascii_digit()) {
                i += 1;
            }
            let token: String = header[start..i].iter().collect();
            let x: i16 = token
                .parse()
                .unwrap_or_else(|_| panic!("labels run together: {token:?}\n{text}"));
            labels.push((x, i - 1));
        } else {
            i += 1;
        }
    }
    assert!(labels.len() >= 8, "{labels:?}\n{text}");
    assert!(labels.iter().any(|&(x, _)| x <= -10), "{labels:?}\n{text}");
    let zero = labels
        .iter()
        .find(|&&(x, _)| x == 0)
        .map(|&(_, end)| end)
        .expect("0 is labelled");
    for &(x, end) in &labels {
        assert_eq!(
            end as i64,
            zero as i64 + 3 * i64::from(x),
            "label {x}\n{text}"
        );
        let expected = match x {
            1.. => '+',
            _ if x < -15 => '+',
            _ if x % 2 == 0 => 'O',
            _ => 'X',
        };
        let glyph = row0[end];
        // Pieces that cannot move yet are drawn in lower case only after placing.
        assert_eq!(glyph, expected, "the cell under label {x}\n{text}");
    }
}
