//! The engine off the UI thread: jobs run on a background thread with the shared
//! searcher, and hand their result back through cursive's callback sink. Each job has
//! its own cancel flag; leaving a screen cancels its job.

use crate::engine::search::Searcher;
use cursive::{CbSink, Cursive};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The shared engine: one searcher (its tables are large), used by one job at a time.
#[derive(Clone)]
pub struct Engine {
    searcher: Arc<Mutex<Searcher>>,
    next_id: Arc<AtomicU64>,
}

/// A running job: cancel it, or ask whether it is still the current one.
#[derive(Clone, Debug)]
pub struct Job {
    /// A number unique to the job.
    pub id: u64,
    cancel: Arc<AtomicBool>,
}

impl Job {
    /// Asks the job to stop as soon as it can (its result is then usually discarded).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the job was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl Engine {
    /// An engine with tables of `table_mb` MB each (midgame and endgame).
    pub fn new(table_mb: usize) -> Engine {
        Engine {
            searcher: Arc::new(Mutex::new(Searcher::new(table_mb, table_mb))),
            next_id: Arc::new(AtomicU64::new(1)),
        }
    }

    /// Runs `work` on a background thread with the searcher, then `done` on the UI
    /// thread with its result. `done` also receives the job, so it can check that the
    /// job is still wanted.
    pub fn spawn<R, W, D>(&self, sink: &CbSink, work: W, done: D) -> Job
    where
        R: Send + 'static,
        W: FnOnce(&mut Searcher) -> R + Send + 'static,
        D: FnOnce(&mut Cursive, &Job, R) + Send + 'static,
    {
        let job = Job {
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            cancel: Arc::new(AtomicBool::new(false)),
        };
        let searcher = self.searcher.clone();
        let sink = sink.clone();
        let thread_job = job.clone();
        std::thread::spawn(move || {
            let result = {
                let mut guard = match searcher.lock() {
                    Ok(g) => g,
                    Err(poisoned) => poisoned.into_inner(),
                };
                guard.set_stop_flag(thread_job.cancel.clone());
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&mut guard)))
            };
            let _ = match result {
                Ok(result) => sink.send(Box::new(move |s: &mut Cursive| {
                    done(s, &thread_job, result)
                })),
                Err(_) => sink.send(Box::new(|s: &mut Cursive| {
                    s.add_layer(cursive::views::Dialog::info(
                        "The engine stopped on an internal error; please report it. \
                         Undo or start a new game to go on.",
                    ));
                })),
            };
        });
        job
    }

    /// Runs `work` with the searcher on the calling thread (for tests and tools).
    pub fn with_searcher<R>(&self, work: impl FnOnce(&mut Searcher) -> R) -> R {
        let mut guard = match self.searcher.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        work(&mut guard)
    }
}

/// Locks a screen's shared state; a panic elsewhere does not make the state unusable.
pub fn lock<T>(shared: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match shared.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}
