//! The opening trainer's saved progress: every rehearsed line's record and a Leitner
//! review queue of lines (the puzzles' boxes: 1, 3, 7, 14, 30 days).
//!
//! A missed line goes to box 1 and comes back the next day; a line played clean for
//! the first time goes to box 2 (three days); a clean review when due moves it up a
//! box, and a clean review from the last box takes it out of the queue. "A random
//! line" serves a due line first (the longest overdue), then a line never rehearsed,
//! then any line.

use super::named::{NamedOpening, Openings};
use crate::tutor::leitner::{LeitnerQueue, QueueChange};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One line's results.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LineRecord {
    /// Rehearsals finished (saved as `drills` before the opening trainer's
    /// rehearsal had its own name; such a file still loads).
    #[serde(alias = "drills")]
    pub rehearsals: u32,
    /// Of those, played without a miss.
    pub clean: u32,
    /// When it was last rehearsed (seconds since the epoch).
    pub last: u64,
}

/// The trainer's progress: line records by opening name, and the review queue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OpeningProgress {
    /// Per opening name.
    pub lines: BTreeMap<String, LineRecord>,
    /// Lines waiting for review.
    pub review: LeitnerQueue,
}

impl OpeningProgress {
    /// Records a finished rehearsal of `name` (`clean`: no move missed) at `now`, and
    /// schedules the line's next review.
    pub fn record(&mut self, name: &str, clean: bool, now: u64) -> QueueChange {
        let rec = self.lines.entry(name.to_string()).or_default();
        rec.rehearsals += 1;
        rec.clean += u32::from(clean);
        rec.last = now;
        if !clean {
            return self.review.fail(name, now);
        }
        match self.review.get(name) {
            Some(_) => self.review.pass(name, now),
            None => {
                self.review.schedule(name, 1, now);
                QueueChange::MovedUp(1)
            }
        }
    }

    /// The record of `name`, if it was ever rehearsed.
    pub fn line(&self, name: &str) -> Option<&LineRecord> {
        self.lines.get(name)
    }

    /// Lines due for review at `now`.
    pub fn due_count(&self, now: u64) -> usize {
        self.review.due_count(now)
    }

    /// The line "a random line" serves: a due review first (the longest overdue),
    /// else a line never rehearsed, else any line (at random among the candidates).
    pub fn next_line<'a>(
        &self,
        openings: &'a Openings,
        now: u64,
        rng: &mut impl Rng,
    ) -> Option<&'a NamedOpening> {
        for entry in self.review.due(now) {
            if let Some(o) = openings.find(&entry.id) {
                return Some(o);
            }
        }
        let fresh: Vec<&NamedOpening> = openings
            .all()
            .iter()
            .filter(|o| !self.lines.contains_key(&o.name))
            .collect();
        let pool: Vec<&NamedOpening> = if fresh.is_empty() {
            openings.all().iter().collect()
        } else {
            fresh
        };
        if pool.is_empty() {
            return None;
        }
        Some(pool[rng.random_range(0..pool.len())])
    }
}
