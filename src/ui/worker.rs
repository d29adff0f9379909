//! The one way a screen runs engine work off the UI thread: a job runs on a
//! background thread and hands its result back through cursive's callback sink.
//! Each job has its own cancel flag; leaving a screen cancels its job. A job that
//! fails (panics) is reported on the screen and in `errors.log` in the data
//! directory, and the screen goes on working.

use super::engine::Engine;
use crate::engine::search::Searcher;
use cursive::views::Dialog;
use cursive::{CbSink, Cursive};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A running job: cancel it, or ask whether it is still the current one.
#[derive(Clone, Debug)]
pub struct Job {
    /// A number unique to the job.
    pub id: u64,
    cancel: Arc<AtomicBool>,
}

static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

impl Job {
    fn new() -> Job {
        Job {
            id: NEXT_JOB.fetch_add(1, Ordering::Relaxed),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Asks the job to stop as soon as it can (its result is then usually discarded).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the job was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The job's cancel flag, for work that polls one.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }
}

/// Runs `work` on a background thread, then `done` on the UI thread with its result
/// (unless the job was cancelled first). `done` also receives the job, so it can
/// check that the job is still wanted. If `work` panics, the learner is told and the
/// failure is written to the error log; `failed` then runs on the UI thread so the
/// screen can leave its busy state.
pub fn spawn<R, W, D>(
    sink: &CbSink,
    work: W,
    done: D,
    failed: impl FnOnce(&mut Cursive) + Send + 'static,
) -> Job
where
    R: Send + 'static,
    W: FnOnce(&Job) -> R + Send + 'static,
    D: FnOnce(&mut Cursive, &Job, R) + Send + 'static,
{
    let job = Job::new();
    let sink = sink.clone();
    let thread_job = job.clone();
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&thread_job)));
        // If the screen is gone the sink is closed; nothing to do then.
        let _ = match result {
            Ok(result) => sink.send(Box::new(move |s: &mut Cursive| {
                if !thread_job.is_cancelled() {
                    done(s, &thread_job, result)
                }
            })),
            Err(panic) => {
                let what = panic_text(panic.as_ref());
                sink.send(Box::new(move |s: &mut Cursive| {
                    failed(s);
                    report_failure(s, &what);
                }))
            }
        };
    });
    job
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "an unknown internal error".to_string()
    }
}

/// Tells the learner that engine work failed, and appends it to the error log.
fn report_failure(siv: &mut Cursive, what: &str) {
    let logged = super::shell::log_error(siv, &format!("engine job failed: {what}"));
    let place = match logged {
        Ok(path) => format!("It was written to {}.", path.display()),
        Err(e) => format!("It could not be written to the error log: {e}."),
    };
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::info(format!(
            "The engine stopped on an internal error ({what}). {place}\n\
         The screen still works: undo, step or load another position to go on."
        )),
    );
}

/// Runs work that is not the engine's (an import, say) like [`spawn`]: `work` on a
/// background thread, then `done` on the UI thread with its result. If `work`
/// panics, `failed` runs on the UI thread, and the learner is told that `what` (a
/// phrase such as "the import") stopped on an internal error, which is also written
/// to the error log.
pub fn spawn_task<R, W, D>(
    sink: &CbSink,
    what: &'static str,
    work: W,
    done: D,
    failed: impl FnOnce(&mut Cursive) + Send + 'static,
) -> Job
where
    R: Send + 'static,
    W: FnOnce(&Job) -> R + Send + 'static,
    D: FnOnce(&mut Cursive, &Job, R) + Send + 'static,
{
    spawn(
        sink,
        move |job: &Job| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(job)))
                .map_err(|panic| panic_text(panic.as_ref()))
        },
        move |s: &mut Cursive, job: &Job, result: Result<R, String>| match result {
            Ok(result) => done(s, job, result),
            Err(panic) => {
                failed(s);
                report_task_failure(s, what, &panic);
            }
        },
        // Unreachable in practice: the panic was caught above.
        |_: &mut Cursive| {},
    )
}

/// Tells the learner that `what` failed with `panic`, and appends it to the error log.
fn report_task_failure(siv: &mut Cursive, what: &str, panic: &str) {
    let logged = super::shell::log_error(siv, &format!("{what} failed: {panic}"));
    let place = match logged {
        Ok(path) => format!("It was written to {}.", path.display()),
        Err(e) => format!("It could not be written to the error log: {e}."),
    };
    let mut text = what.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::info(format!(
            "{text} stopped on an internal error ({panic}). {place}\n\
             The screen still works."
        )),
    );
}

impl Engine {
    /// Runs `work` with the searcher on a background thread (see [`spawn`]); the
    /// searcher stops when the job is cancelled.
    pub fn spawn<R, W, D>(
        &self,
        sink: &CbSink,
        work: W,
        done: D,
        failed: impl FnOnce(&mut Cursive) + Send + 'static,
    ) -> Job
    where
        R: Send + 'static,
        W: FnOnce(&mut Searcher) -> R + Send + 'static,
        D: FnOnce(&mut Cursive, &Job, R) + Send + 'static,
    {
        let engine = self.clone();
        spawn(
            sink,
            move |job: &Job| {
                let mut guard = lock(engine.searcher());
                guard.set_stop_flag(job.cancel_flag());
                work(&mut guard)
            },
            done,
            failed,
        )
    }
}

/// Locks a screen's shared state; a panic elsewhere does not make the state unusable.
pub fn lock<T>(shared: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match shared.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// The job running for a model, marked with the model's ticket: the one place a job
/// the model no longer waits for is cancelled.
#[derive(Default)]
pub struct Running {
    job: Option<(crate::tutor::screen::Ticket, Job)>,
}

impl Running {
    /// `job` runs for `ticket`; a job running before is cancelled.
    pub fn start(&mut self, ticket: crate::tutor::screen::Ticket, job: Job) {
        if let Some((_, old)) = self.job.replace((ticket, job)) {
            old.cancel();
        }
    }

    /// The job for `ticket` ended (its result is the model's to take or refuse).
    pub fn ended(&mut self, ticket: crate::tutor::screen::Ticket) {
        if self.job.as_ref().map(|r| r.0) == Some(ticket) {
            self.job = None;
        }
    }

    /// Cancels the running job unless it is the one for `wanted`.
    pub fn keep_only(&mut self, wanted: Option<crate::tutor::screen::Ticket>) {
        if self.job.as_ref().map(|r| r.0) != wanted
            && let Some((_, job)) = self.job.take()
        {
            job.cancel();
        }
    }
}

/// A screen's one shared state as the worker sees it: the model that asked for a job
/// and the job running for it. The two ends of every job ([`ends`]) are written once
/// here for every screen.
pub trait Hosting: Send + 'static {
    /// What the job gives back.
    type Output: Send + 'static;
    /// What the model asks for when it takes the result.
    type Effects;
    /// The job running for the model.
    fn running(&mut self) -> &mut Running;
    /// The model takes the output of the job for `ticket` (or refuses a stale one).
    fn finished(
        &mut self,
        ticket: crate::tutor::screen::Ticket,
        output: Self::Output,
    ) -> Self::Effects;
    /// The job for `ticket` failed (panicked or was refused by the worker).
    fn failed(&mut self, ticket: crate::tutor::screen::Ticket) -> Self::Effects;
}

/// The callbacks for the end of the job run for `ticket`: its output or its failure
/// goes to the model, the job is no longer running, and `apply` carries out what the
/// model asks next.
#[allow(clippy::type_complexity)]
pub fn ends<H: Hosting>(
    shared: &std::sync::Arc<Mutex<H>>,
    ticket: crate::tutor::screen::Ticket,
    apply: fn(&mut Cursive, &std::sync::Arc<Mutex<H>>, H::Effects),
) -> (
    impl FnOnce(&mut Cursive, &Job, H::Output) + Send + 'static,
    impl FnOnce(&mut Cursive) + Send + 'static,
) {
    let (done, failed) = (shared.clone(), shared.clone());
    (
        move |s: &mut Cursive, _: &Job, output: H::Output| {
            let effects = {
                let mut hosted = lock(&done);
                hosted.running().ended(ticket);
                hosted.finished(ticket, output)
            };
            apply(s, &done, effects);
        },
        move |s: &mut Cursive| {
            let effects = {
                let mut hosted = lock(&failed);
                hosted.running().ended(ticket);
                hosted.failed(ticket)
            };
            apply(s, &failed, effects);
        },
    )
}
