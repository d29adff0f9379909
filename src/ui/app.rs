//! The application: options, theme, the main menu and navigation between screens.

use super::worker::Engine;
use super::{
    analyze_screen, help, lesson_screen, potential_screen, practice_screen, progress_screen,
    puzzle_screen,
};
use crate::tutor::progress::{Progress, ProgressStore};
use cursive::event::{Event, Key};
use cursive::theme::{BorderStyle, Color, Palette, PaletteColor, Theme};
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, SelectView, TextView};
use cursive::{Cursive, Printer, Vec2, View};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Settings of the user interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UiOptions {
    /// Draw without colour (the `NO_COLOR` convention).
    pub plain: bool,
    /// Where progress is saved (`None`: the user's data directory).
    pub data_dir: Option<PathBuf>,
    /// Size of each engine table in MB.
    pub table_mb: usize,
}

impl Default for UiOptions {
    fn default() -> Self {
        UiOptions {
            plain: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            data_dir: None,
            table_mb: 48,
        }
    }
}

/// What every screen can reach: the options, the engine and the saved progress.
#[derive(Clone)]
pub struct AppState {
    /// The options the program was started with.
    pub options: UiOptions,
    /// The shared engine.
    pub engine: Engine,
    /// The learner's progress, loaded on first use.
    pub progress: Arc<Mutex<ProgressState>>,
    /// A fixed clock for tests (seconds since 1970); 0 means the system clock.
    pub clock: Arc<std::sync::atomic::AtomicU64>,
}

/// The time now, in seconds since 1970 (a test may have fixed it with `set_clock`).
pub fn now(siv: &mut Cursive) -> u64 {
    let fixed = state(siv).clock.load(std::sync::atomic::Ordering::Relaxed);
    if fixed == 0 {
        crate::tutor::review::now_seconds()
    } else {
        fixed
    }
}

/// Fixes the clock at `seconds` (tests use this to bring reviews due).
pub fn set_clock(siv: &mut Cursive, seconds: u64) {
    state(siv)
        .clock
        .store(seconds, std::sync::atomic::Ordering::Relaxed);
}

/// The learner's progress and where it is saved.
#[derive(Debug, Default)]
pub struct ProgressState {
    loaded: bool,
    store: Option<ProgressStore>,
    /// The progress itself.
    pub progress: Progress,
    /// A message for the learner not shown yet (a damaged file moved aside, an error).
    pub notice: Option<String>,
}

impl ProgressState {
    /// Saves the progress atomically; returns a message on failure.
    pub fn save(&mut self) -> Result<(), String> {
        match &self.store {
            Some(store) => store.save(&self.progress).map_err(|e| e.to_string()),
            None => Err("there is no data directory to save progress in".into()),
        }
    }
}

/// Runs `f` on the learner's progress, loading it from disk the first time (a damaged
/// file is moved aside; `show_progress_notice` reports it).
pub fn with_progress<R>(siv: &mut Cursive, f: impl FnOnce(&mut ProgressState) -> R) -> R {
    let app = state(siv);
    {
        let mut guard = match app.progress.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if !guard.loaded {
            guard.loaded = true;
            match ProgressStore::open(app.options.data_dir.as_deref()) {
                Ok(store) => {
                    match store.load() {
                        Ok(outcome) => {
                            guard.notice = outcome.notice();
                            guard.progress = outcome.progress;
                        }
                        Err(e) => {
                            guard.notice = Some(format!("Progress could not be loaded: {e}"));
                        }
                    }
                    guard.store = Some(store);
                }
                Err(e) => guard.notice = Some(format!("No place to save progress: {e}")),
            }
        }
        f(&mut guard)
    }
}

/// Shows, once, what loading or saving the progress has to tell the learner (a
/// damaged file moved aside, a directory that cannot be written).
pub fn show_progress_notice(siv: &mut Cursive) {
    let notice = with_progress(siv, |ps| ps.notice.take());
    if let Some(text) = notice {
        siv.add_layer(
            Dialog::around(TextView::new(text))
                .title("Progress")
                .button("OK", |s| {
                    s.pop_layer();
                }),
        );
    }
}

/// The app state stored in the `Cursive` root (set by `build`).
pub fn state(siv: &mut Cursive) -> AppState {
    match siv.user_data::<AppState>() {
        Some(s) => s.clone(),
        None => {
            let s = AppState {
                options: UiOptions::default(),
                engine: Engine::new(UiOptions::default().table_mb),
                progress: Arc::default(),
                clock: Arc::default(),
            };
            siv.set_user_data(s.clone());
            s
        }
    }
}

/// The smallest terminal the screens are laid out for.
pub const MIN_SIZE: Vec2 = Vec2::new(80, 24);

/// Builds the whole interface on `siv`: theme, main menu and global keys.
/// `main` and the tests call this same function.
pub fn build(siv: &mut Cursive, options: UiOptions) {
    siv.set_theme(theme(options.plain));
    let engine = Engine::new(options.table_mb);
    siv.set_user_data(AppState {
        options,
        engine,
        progress: Arc::default(),
        clock: Arc::default(),
    });
    siv.add_global_callback(Event::Key(Key::F1), help::show);
    siv.add_global_callback(Event::WindowResize, super::board_view::fit_boards);
    show_menu(siv);
}

fn theme(plain: bool) -> Theme {
    let mut palette = Palette::terminal_default();
    if plain {
        for c in [
            PaletteColor::Highlight,
            PaletteColor::HighlightInactive,
            PaletteColor::TitlePrimary,
            PaletteColor::TitleSecondary,
        ] {
            palette[c] = Color::TerminalDefault;
        }
    }
    Theme {
        shadow: false,
        borders: BorderStyle::Simple,
        palette,
    }
}

const MENU: [(&str, &str); 8] = [
    ("1", "Learn       the strategy course, one idea at a time"),
    ("2", "Puzzles     graded positions to solve"),
    (
        "3",
        "Practice    play the engine or a friend, with coaching",
    ),
    ("4", "Analyze     every move's value in any position"),
    ("5", "Potential   the second game of the reference texts"),
    ("6", "Progress    your lessons, puzzles and rating"),
    ("7", "Help        keys, markers and grades"),
    ("8", "Quit"),
];

/// Shows the main menu (replacing every screen).
pub fn show_menu(siv: &mut Cursive) {
    while siv.pop_layer().is_some() {}
    let mut select = SelectView::<usize>::new();
    for (i, (key, text)) in MENU.iter().enumerate() {
        select.add_item(format!("{key}  {text}"), i);
    }
    select.set_on_submit(|s, &i| open_entry(s, i));
    let mut menu = OnEventView::new(select.with_name("menu"));
    for i in 0..MENU.len() {
        let c = char::from(b'1' + i as u8);
        menu.set_on_event(c, move |s| open_entry(s, i));
    }
    menu.set_on_event('q', |s| s.quit());
    let body = LinearLayout::vertical()
        .child(TextView::new(
            "Learn Othello strategy: lessons, puzzles and coached games.\n ",
        ))
        .child(menu)
        .child(TextView::new(
            " \nUp/Down or mouse: choose   Enter: open   1-8: open directly   F1: help   q: quit",
        ));
    siv.add_fullscreen_layer(SizeGuard::new(
        Dialog::around(body).title("othello-tutor").full_screen(),
    ));
}

fn open_entry(siv: &mut Cursive, i: usize) {
    match i {
        0 => lesson_screen::open_list(siv),
        1 => puzzle_screen::open(siv, None),
        2 => practice_screen::open_setup(siv),
        3 => analyze_screen::open(siv),
        4 => {
            let plain = state(siv).options.plain;
            potential_screen::open_with(
                siv,
                potential_screen::PotentialOptions {
                    plain,
                    ..Default::default()
                },
            );
        }
        5 => progress_screen::open(siv),
        6 => help::show(siv),
        _ => siv.quit(),
    }
}

/// Wraps a screen: when the terminal is smaller than `MIN_SIZE`, it says so instead of
/// drawing a squeezed screen, and the screen comes back when the terminal grows.
pub struct SizeGuard<V> {
    inner: V,
    too_small: bool,
}

impl<V: View> SizeGuard<V> {
    /// Guards `inner`.
    pub fn new(inner: V) -> Self {
        SizeGuard {
            inner,
            too_small: false,
        }
    }
}

impl<V: View> View for SizeGuard<V> {
    fn draw(&self, printer: &Printer) {
        if self.too_small {
            let s = printer.size;
            let lines = [
                "The terminal is too small.".to_string(),
                format!("Need {}x{}, have {}x{}.", MIN_SIZE.x, MIN_SIZE.y, s.x, s.y),
                "Make the window larger.".to_string(),
            ];
            for (i, l) in lines.iter().enumerate() {
                printer.print((0, i), l);
            }
        } else {
            self.inner.draw(printer);
        }
    }

    fn layout(&mut self, size: Vec2) {
        self.too_small = size.x < MIN_SIZE.x || size.y < MIN_SIZE.y;
        if !self.too_small {
            self.inner.layout(size);
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        if constraint.x < MIN_SIZE.x || constraint.y < MIN_SIZE.y {
            constraint
        } else {
            self.inner.required_size(constraint)
        }
    }

    fn on_event(&mut self, event: Event) -> cursive::event::EventResult {
        if self.too_small && !matches!(event, Event::Char('q') | Event::Key(Key::Esc)) {
            return cursive::event::EventResult::Ignored;
        }
        self.inner.on_event(event)
    }

    fn take_focus(
        &mut self,
        source: cursive::direction::Direction,
    ) -> Result<cursive::event::EventResult, cursive::view::CannotFocus> {
        self.inner.take_focus(source)
    }

    fn call_on_any(&mut self, selector: &cursive::view::Selector, cb: cursive::event::AnyCb) {
        self.inner.call_on_any(selector, cb);
    }

    fn focus_view(
        &mut self,
        selector: &cursive::view::Selector,
    ) -> Result<cursive::event::EventResult, cursive::view::ViewNotFound> {
        self.inner.focus_view(selector)
    }

    fn important_area(&self, size: Vec2) -> cursive::Rect {
        self.inner.important_area(size)
    }

    fn needs_relayout(&self) -> bool {
        self.inner.needs_relayout()
    }
}
