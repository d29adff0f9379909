//! What every screen shares: the program's options, the engine, the learner's
//! progress (loaded on first use, saved atomically) and the clock.

use super::engine::Engine;
use crate::tutor::progress::{Progress, ProgressStore};
use crate::tutor::screen::Route;
use cursive::Cursive;
use cursive::views::{Dialog, TextView};
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
            plain: crate::tutor::screen::no_color_requested(),
            data_dir: None,
            table_mb: crate::engine::search::TABLE_MB,
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
    /// Opens a screen: installed by `app::build`, called through `nav::go`.
    pub navigate: fn(&mut Cursive, Route),
}

/// The time now, in seconds since 1970 (a test may have fixed it with `set_clock`).
pub fn now(siv: &mut Cursive) -> u64 {
    let fixed = state(siv).clock.load(std::sync::atomic::Ordering::Relaxed);
    if fixed == 0 { now_seconds() } else { fixed }
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
        crate::ui::size_guard::add_layer(
            siv,
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
                navigate: |_, _| {},
            };
            siv.set_user_data(s.clone());
            s
        }
    }
}

/// Appends `message` with the time to `errors.log` in the data directory; returns
/// the log's path.
pub fn log_error(siv: &mut Cursive, message: &str) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let dir = crate::tutor::progress::data_dir(state(siv).options.data_dir.as_deref())
        .map_err(std::io::Error::other)?;
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("errors.log");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)?;
    writeln!(file, "{} {message}", now(siv))?;
    Ok(path)
}

/// The real clock: seconds since the Unix epoch (0 if the clock is before it).
pub fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
