//! The lab's long jobs (training, calibration, mining, the book's build and check,
//! the bench's passes): their progress on stderr and their failures.
//!
//! Progress: on a terminal, an indicatif bar with the time so far and a time
//! estimate; otherwise (stderr sent to a log file) a plain line now and then, at
//! most one every [`PLAIN_EVERY`], and one at the end, its estimate from the job's
//! mean rate so far.
//!
//! Failures: a job's items run on [`othello_tutor::engine::pool`]; an item's own
//! error stands as it is, a panic is one line naming the job and the item
//! ([`JobError::within`]).

use super::UserError;
use indicatif::{HumanDuration, ProgressBar, ProgressStyle};
use othello_tutor::engine::pool::PoolError;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The least time between two plain lines.
pub const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// One job's progress: items done of a known number.
pub struct Progress {
    bar: ProgressBar,
    label: String,
    /// Without a terminal: when the last plain line was printed (ms since the start),
    /// `u64::MAX` before the first.
    plain: Option<AtomicU64>,
}

impl Progress {
    /// A job called `label` of `total` items; a bar on a terminal.
    pub fn new(label: impl Into<String>, total: usize) -> Progress {
        let label = label.into();
        if std::io::stderr().is_terminal() {
            let style = ProgressStyle::with_template(
                "{prefix}: {bar:30} {pos}/{len}, {elapsed}, about {eta} to go {wide_msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            let bar = ProgressBar::new(total as u64)
                .with_style(style)
                .with_prefix(label.clone());
            bar.enable_steady_tick(Duration::from_secs(1));
            Progress {
                bar,
                label,
                plain: None,
            }
        } else {
            let bar = ProgressBar::hidden();
            bar.set_length(total as u64);
            Progress {
                bar,
                label,
                plain: Some(AtomicU64::new(u64::MAX)),
            }
        }
    }

    /// One more item done; `note` says which (beside the bar, or in the plain line).
    pub fn done(&self, note: &str) {
        self.bar.inc(1);
        let Some(last) = &self.plain else {
            self.bar.set_message(note.to_string());
            return;
        };
        let now = self.bar.elapsed().as_millis() as u64;
        let then = last.load(Ordering::Relaxed);
        let finished = self.bar.length().is_some_and(|n| self.bar.position() >= n);
        let due = then == u64::MAX || now.saturating_sub(then) >= PLAIN_EVERY.as_millis() as u64;
        if finished || due {
            last.store(now, Ordering::Relaxed);
            let note = if note.is_empty() {
                String::new()
            } else {
                format!("; {note}")
            };
            let (done, total) = (self.bar.position(), self.bar.length().unwrap_or(0));
            eprintln!(
                "{}: {done}/{total}, {}, about {} to go{note}",
                self.label,
                HumanDuration(self.bar.elapsed()),
                HumanDuration(remaining(self.bar.elapsed(), done, total)),
            );
        }
    }

    /// A line of results above the bar (or plainly, without a terminal).
    pub fn println(&self, line: &str) {
        if self.plain.is_some() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    /// The job's time so far.
    pub fn elapsed(&self) -> Duration {
        self.bar.elapsed()
    }
}

impl Drop for Progress {
    /// On a terminal the bar gives way to one line of how far the job came.
    fn drop(&mut self) {
        if self.plain.is_none() {
            self.bar.finish_and_clear();
            eprintln!(
                "{}: {}/{} in {}",
                self.label,
                self.bar.position(),
                self.bar.length().unwrap_or(0),
                HumanDuration(self.bar.elapsed())
            );
        }
    }
}

/// The time left when `done` of `total` items took `elapsed`, at the whole job's
/// mean rate so far (the plain lines' estimate: a recent rate swings widely where
/// items differ in size and finish in bursts).
fn remaining(elapsed: Duration, done: u64, total: u64) -> Duration {
    if done == 0 {
        return Duration::ZERO;
    }
    elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64)
}

/// Why an item of a job failed: its own error, or the pool's (a panic, caught).
pub enum JobError {
    /// The item's own error, as it would be reported alone.
    User(UserError),
    /// The item panicked, or the threads did not start.
    Pool(PoolError),
}

impl From<UserError> for JobError {
    fn from(e: UserError) -> JobError {
        JobError::User(e)
    }
}

impl From<PoolError> for JobError {
    fn from(e: PoolError) -> JobError {
        JobError::Pool(e)
    }
}

impl JobError {
    /// The one line of a failure in the job called `job`; `item` names an item by its
    /// index (a chunk, a leaf, a game).
    pub fn within(self, job: &str, item: impl Fn(usize) -> String) -> UserError {
        match self {
            JobError::User(e) => e,
            JobError::Pool(PoolError::Panicked { index, message }) => UserError(format!(
                "{job}, {}: stopped on an internal error: {message}",
                item(index)
            )),
            JobError::Pool(e) => UserError(format!("{job}: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::remaining;
    use std::time::Duration;

    #[test]
    fn the_estimate_is_the_mean_rate_over_what_is_left() {
        // 30 of 120 items in 60 s: 90 left at 2 s each.
        let left = remaining(Duration::from_secs(60), 30, 120);
        assert_eq!(left, Duration::from_secs(180));
        assert_eq!(remaining(Duration::from_secs(5), 0, 10), Duration::ZERO);
        assert_eq!(remaining(Duration::from_secs(5), 10, 10), Duration::ZERO);
    }
}
