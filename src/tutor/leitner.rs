//! The Leitner queue: items (puzzle ids, opening lines) that come back for another
//! try. A failed item goes to box 1 and comes back after 1 day; each success when due
//! moves it up a box (3, 7, 14, then 30 days); a success in the last box takes it out
//! of the queue. The clock is a parameter (`now`, seconds since the Unix epoch).
//!
//! ```
//! use othello_tutor::tutor::leitner::{DAY, LeitnerQueue, QueueChange};
//! let mut queue = LeitnerQueue::default();
//! queue.fail("p1", 0);
//! assert_eq!(queue.due_count(DAY - 1), 0);
//! assert_eq!(queue.pass("p1", DAY), QueueChange::MovedUp(1));
//! ```

use serde::{Deserialize, Serialize};

/// Seconds in a day.
pub const DAY: u64 = 86_400;
/// The waiting time of each Leitner box, in days.
pub const BOX_DAYS: [u64; 5] = [1, 3, 7, 14, 30];

/// An item waiting in the Leitner queue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LeitnerEntry {
    /// The item's id.
    pub id: String,
    /// The Leitner box, 0 to 4 (boxes "1 day" to "30 days").
    #[serde(rename = "box")]
    pub level: usize,
    /// When it is due, in seconds since the epoch.
    pub due: u64,
}

/// What a success or failure did to a puzzle's place in the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueChange {
    /// Put in (or back in) box 1.
    ToFirstBox,
    /// Moved up to this box (0-based).
    MovedUp(usize),
    /// Left the queue: learned.
    Learned,
    /// Nothing changed (not queued, or solved before it was due).
    Unchanged,
}

/// The Leitner queue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LeitnerQueue {
    /// The queued items, in no particular order.
    pub entries: Vec<LeitnerEntry>,
}

impl LeitnerQueue {
    /// The entry of `id`, if queued.
    pub fn get(&self, id: &str) -> Option<&LeitnerEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Whether `id` is queued.
    pub fn contains(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// Number of puzzles due at `now` (those [`LeitnerQueue::due`] lists); the number
    /// queued, due or not, is [`LeitnerQueue::len`].
    pub fn due_count(&self, now: u64) -> usize {
        self.entries.iter().filter(|e| e.due <= now).count()
    }

    /// Number of queued puzzles, due now or later.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is queued.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts `id` in box 1, due `BOX_DAYS[0]` days after `now` (a failed puzzle).
    pub fn fail(&mut self, id: &str, now: u64) -> QueueChange {
        self.put(id, 0, now + BOX_DAYS[0] * DAY);
        QueueChange::ToFirstBox
    }

    /// Puts `id` in box 1, due at once (a new personal puzzle).
    pub fn add_now(&mut self, id: &str, now: u64) {
        if !self.contains(id) {
            self.put(id, 0, now);
        }
    }

    /// Puts `id` in box `level` (0-based, at most the last), due that box's days
    /// after `now`.
    pub fn schedule(&mut self, id: &str, level: usize, now: u64) {
        let level = level.min(BOX_DAYS.len() - 1);
        self.put(id, level, now + BOX_DAYS[level] * DAY);
    }

    fn put(&mut self, id: &str, level: usize, due: u64) {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(e) => {
                e.level = level;
                e.due = due;
            }
            None => self.entries.push(LeitnerEntry {
                id: id.to_string(),
                level,
                due,
            }),
        }
    }

    /// A success on `id` at `now`: when due, it moves up a box (or leaves the queue
    /// after the last); before it is due, nothing changes.
    pub fn pass(&mut self, id: &str, now: u64) -> QueueChange {
        let Some(i) = self.entries.iter().position(|e| e.id == id) else {
            return QueueChange::Unchanged;
        };
        let e = &mut self.entries[i];
        if now < e.due {
            return QueueChange::Unchanged;
        }
        let next = e.level.min(BOX_DAYS.len() - 1) + 1;
        if next >= BOX_DAYS.len() {
            self.entries.remove(i);
            return QueueChange::Learned;
        }
        e.level = next;
        e.due = now + BOX_DAYS[next] * DAY;
        QueueChange::MovedUp(next)
    }

    /// The puzzles due at `now`, the longest overdue first (ties by id).
    pub fn due(&self, now: u64) -> Vec<&LeitnerEntry> {
        let mut due: Vec<&LeitnerEntry> = self.entries.iter().filter(|e| e.due <= now).collect();
        due.sort_by(|a, b| a.due.cmp(&b.due).then(a.id.cmp(&b.id)));
        due
    }

    /// Removes `id` from the queue.
    pub fn remove(&mut self, id: &str) {
        self.entries.retain(|e| e.id != id);
    }
}
