//! The puppet-backend harness shared by the UI tests: real screens driven by key and
//! mouse events, the rendered text read back. No timing: `wait_for` steps the event
//! loop until the engine's callback has drawn what is expected.
#![allow(dead_code)]

pub mod child;
pub mod cli;
pub mod games;
pub mod models;

use cursive::backends::puppet::Backend;
use cursive::backends::puppet::observed::{ObservedPieceInterface, ObservedScreen};
use cursive::event::Key;
use cursive::event::{Event, MouseButton, MouseEvent};
use cursive::reexports::crossbeam_channel::{Receiver, Sender};
use cursive::{Cursive, CursiveRunner, Vec2};
use othello_tutor::engine::players::Strategy;
use othello_tutor::engine::{Color, Square};
use othello_tutor::tutor::practice::Setup;
use othello_tutor::ui::board_view::BoardView;
use othello_tutor::ui::nav::{self, Route};
use othello_tutor::ui::{UiOptions, build};

pub struct Harness {
    pub runner: CursiveRunner<Cursive>,
    input: Sender<Option<Event>>,
    frames: Receiver<ObservedScreen>,
    last: Option<ObservedScreen>,
    /// The data directory made for this harness by [`Harness::new`], removed with it.
    own_dir: Option<std::path::PathBuf>,
}

/// Numbers the data directories made in one test binary: the tests run in parallel,
/// and each harness gets a directory of its own.
static NEXT_DIR: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A directory name no other harness or test of this process uses.
fn unique_dir(name: &str) -> std::path::PathBuf {
    let n = NEXT_DIR.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("othello-tutor-{name}-{}-{n}", std::process::id()))
}

impl Harness {
    /// A harness on a fresh data directory of its own (removed when it is dropped).
    pub fn new(w: usize, h: usize) -> Harness {
        let dir = unique_dir("ui");
        let _ = std::fs::remove_dir_all(&dir);
        let mut harness = Harness::with_dir(w, h, dir.clone());
        harness.own_dir = Some(dir);
        harness
    }

    /// The data directory of a harness made by [`Harness::new`].
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.own_dir.as_deref()
    }

    pub fn with_dir(w: usize, h: usize, dir: std::path::PathBuf) -> Harness {
        let backend = Backend::init(Some(Vec2::new(w, h)));
        let (frames, input) = (backend.stream(), backend.input());
        let mut siv = Cursive::new();
        build(
            &mut siv,
            UiOptions {
                plain: true,
                data_dir: Some(dir),
                table_mb: 4,
            },
        );
        let mut runner = siv.into_runner(backend);
        runner.refresh();
        Harness {
            runner,
            input,
            frames,
            last: None,
            own_dir: None,
        }
    }

    pub fn siv(&mut self) -> &mut Cursive {
        &mut self.runner
    }

    pub fn send(&mut self, e: Event) {
        self.input.send(Some(e)).expect("backend alive");
        self.runner.step();
    }

    pub fn keys(&mut self, text: &str) {
        for c in text.chars() {
            self.send(Event::Char(c));
        }
    }

    pub fn frame(&mut self) -> &ObservedScreen {
        if let Some(f) = self.frames.try_iter().last() {
            self.last = Some(f);
        }
        self.last.as_ref().expect("a frame was drawn")
    }

    pub fn text(&mut self) -> String {
        self.runner.refresh();
        let lines = self.frame().as_strings();
        lines
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Steps the event loop until the screen shows `needle` (the engine answers through
    /// the callback sink). Panics after a generous number of steps.
    pub fn wait_for(&mut self, needle: &str) -> String {
        for _ in 0..3000 {
            self.runner.process_events();
            let t = self.text();
            if t.contains(needle) {
                return t;
            }
            self.runner.step();
        }
        panic!("`{needle}` never appeared:\n{}", self.text());
    }

    /// Screen position of the board's square `sq`.
    pub fn square_pos(&mut self, sq: Square) -> Vec2 {
        let header = self.frame().find_occurences("a   b   c   d")[0].min();
        // The header's `a` sits above column a's disc glyph.
        let a1 = header + (0, 1);
        let glyph = BoardView::glyph_offset(sq) - BoardView::glyph_offset(Square::A1);
        a1 + glyph
    }

    pub fn click(&mut self, pos: Vec2) {
        self.send(Event::Mouse {
            offset: Vec2::zero(),
            position: pos,
            event: MouseEvent::Press(MouseButton::Left),
        });
        self.send(Event::Mouse {
            offset: Vec2::zero(),
            position: pos,
            event: MouseEvent::Release(MouseButton::Left),
        });
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        if let Some(dir) = &self.own_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

/// Opens a practice game with `setup`.
pub fn practice(h: &mut Harness, setup: Setup) {
    nav::go(h.siv(), Route::Practice(Box::new(setup)));
    h.runner.refresh();
}

/// A game against engine `level`, the learner Black.
pub fn vs_level(level: u8, feedback: bool) -> Setup {
    let mut s = Setup::against(Color::Black, Strategy::Engine(level));
    s.feedback = feedback;
    s
}

/// A fresh, empty data directory for one test (its own, whatever the name).
pub fn temp_data_dir(name: &str) -> std::path::PathBuf {
    let dir = unique_dir(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Opens lesson 1 from the main menu.
pub fn open_first_lesson(h: &mut Harness) {
    h.keys("1");
    assert!(
        h.text().contains("1. The rules and the notation"),
        "{}",
        h.text()
    );
    h.send(Event::Key(Key::Enter));
}

/// The moves listed after "Legal:" on the practice status line.
pub fn legal_moves(t: &str) -> Vec<String> {
    t.lines()
        .find(|l| l.contains("Legal:"))
        .and_then(|l| l.split("Legal:").nth(1))
        .map(|s| s.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

/// The text under the board's frame in the left column (the verdict line, wrapped).
pub fn verdict(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let Some(bottom) = lines.iter().position(|l| l.starts_with('└')) else {
        return String::new();
    };
    let mut out = Vec::new();
    for l in &lines[bottom + 1..] {
        let left: String = l.chars().take_while(|&c| c != '│').collect();
        if l.contains('│') || !left.trim().is_empty() {
            if !left.trim().is_empty() {
                out.push(left.trim().to_string());
            }
        } else {
            break;
        }
    }
    out.join(" ")
}
