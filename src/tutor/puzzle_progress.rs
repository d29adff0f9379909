//! The learner's puzzle training state: the missed puzzles' Leitner queue
//! ([`crate::tutor::leitner`]; due puzzles are served before new ones), the rating,
//! the streak, per-theme results, and the personal puzzles kept (made from a practice
//! game's mistakes by [`crate::tutor::personal`]). The clock is a parameter (`now`,
//! seconds since the Unix epoch) so tests need no real time.

use crate::tutor::leitner::{LeitnerQueue, QueueChange};
use crate::tutor::personal::PersonalPuzzle;
use crate::tutor::puzzle::{Focus, Puzzle, Theme};
use crate::tutor::rating::{
    DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY, Outcome, RatedAttempt, Rating,
    rate_result,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Results in one theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThemeResult {
    /// Attempts solved.
    pub solved: u32,
    /// Attempts failed.
    pub failed: u32,
}

impl ThemeResult {
    /// Percentage solved (0 with no attempt).
    pub fn percent(&self) -> u32 {
        let total = self.solved + self.failed;
        (100 * self.solved).checked_div(total).unwrap_or(0)
    }
}

/// What one attempt changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptOutcome {
    /// The learner's rating before.
    pub learner_before: Rating,
    /// The learner's rating after.
    pub learner_after: Rating,
    /// The puzzle's rating before.
    pub puzzle_before: Rating,
    /// The puzzle's rating after.
    pub puzzle_after: Rating,
    /// The streak after.
    pub streak: u32,
    /// What happened in the review queue.
    pub queue: QueueChange,
    /// Whether the ratings moved (a replay is unrated).
    pub rated: bool,
}

/// The learner's puzzle state, for the progress file: every field has a default, so
/// an older or partial file still loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// The learner's puzzle rating (Glicko-2, Glicko scale).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Puzzles solved, by id: how many times.
    pub solved: BTreeMap<String, u32>,
    /// Puzzles failed, by id: how many times.
    pub failed: BTreeMap<String, u32>,
    /// The puzzles' own ratings, once attempted (others start at their file rating).
    pub puzzle_ratings: BTreeMap<String, Rating>,
    /// The review queue.
    pub review: LeitnerQueue,
    /// Puzzles solved in a row (first try).
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// Results by theme name.
    pub per_theme: BTreeMap<String, ThemeResult>,
    /// Personal puzzles from practice games.
    pub personal: Vec<PersonalPuzzle>,
    /// Rated results so far (the first few are provisional: see `tutor::rating`).
    pub rated: u32,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            rating: DEFAULT_RATING,
            deviation: DEFAULT_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
            solved: BTreeMap::new(),
            failed: BTreeMap::new(),
            puzzle_ratings: BTreeMap::new(),
            review: LeitnerQueue::default(),
            streak: 0,
            best_streak: 0,
            per_theme: BTreeMap::new(),
            personal: Vec::new(),
            rated: 0,
        }
    }
}

impl PuzzleProgress {
    /// The learner's rating (a damaged one is replaced by a newcomer's).
    pub fn learner(&self) -> Rating {
        let r = Rating::new(self.rating, self.deviation, self.volatility);
        if r.is_sane() { r } else { Rating::default() }
    }

    /// A puzzle's current rating: its own after attempts, else its file rating.
    pub fn puzzle_rating(&self, puzzle: &Puzzle) -> Rating {
        self.puzzle_ratings
            .get(&puzzle.id)
            .copied()
            .filter(Rating::is_sane)
            .unwrap_or_else(|| Rating::puzzle(puzzle.rating))
    }

    /// Records an attempt at `puzzle` at time `now`, solved or missed (see
    /// [`PuzzleProgress::record_result`]).
    pub fn record_attempt(&mut self, puzzle: &Puzzle, solved: bool, now: u64) -> AttemptOutcome {
        let outcome = if solved {
            Outcome::Solved
        } else {
            Outcome::Missed
        };
        self.record_result(puzzle, outcome, now)
    }

    /// Records an attempt at `puzzle` at time `now`: both ratings by the rules of
    /// `tutor::rating` (a near miss is half a win, a give-away moves less, a replay
    /// is unrated, and so is a personal puzzle, a position the learner played in a
    /// game; provisional ratings move faster), the streak, the per-theme
    /// results and the review queue (a failure or near miss goes to box 1, a success
    /// when due moves up).
    pub fn record_result(&mut self, puzzle: &Puzzle, outcome: Outcome, now: u64) -> AttemptOutcome {
        let solved = outcome.solved();
        let learner_before = self.learner();
        let puzzle_before = self.puzzle_rating(puzzle);
        // A personal puzzle replays a position of the learner's own game: unrated.
        let rated = !self.attempted(&puzzle.id) && !puzzle.is_personal();
        let (learner_after, puzzle_after) = if rated {
            let attempt = RatedAttempt {
                outcome,
                giveaway: puzzle.giveaway().is_some(),
                rated_before: self.rated,
            };
            rate_result(learner_before, puzzle_before, attempt)
        } else {
            (learner_before, puzzle_before)
        };
        if rated {
            self.rated += 1;
            self.rating = learner_after.rating;
            self.deviation = learner_after.deviation;
            self.volatility = learner_after.volatility;
            self.puzzle_ratings.insert(puzzle.id.clone(), puzzle_after);
        }
        let queue = if solved {
            *self.solved.entry(puzzle.id.clone()).or_default() += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            self.review.pass(&puzzle.id, now)
        } else {
            *self.failed.entry(puzzle.id.clone()).or_default() += 1;
            self.streak = 0;
            self.review.fail(&puzzle.id, now)
        };
        for t in &puzzle.themes {
            let r = self.per_theme.entry(t.name().to_string()).or_default();
            if solved {
                r.solved += 1;
            } else {
                r.failed += 1;
            }
        }
        AttemptOutcome {
            learner_before,
            learner_after,
            puzzle_before,
            puzzle_after,
            streak: self.streak,
            queue,
            rated,
        }
    }

    /// Whether `id` was ever attempted.
    pub fn attempted(&self, id: &str) -> bool {
        self.solved.contains_key(id) || self.failed.contains_key(id)
    }

    /// The results in `theme`.
    pub fn theme_result(&self, theme: Theme) -> ThemeResult {
        self.per_theme
            .get(theme.name())
            .copied()
            .unwrap_or_default()
    }

    /// Adds personal puzzles (ignoring ids already kept) and queues them, due at once.
    /// Returns how many were new.
    pub fn add_personal(&mut self, puzzles: Vec<PersonalPuzzle>, now: u64) -> usize {
        let mut n = 0;
        for p in puzzles {
            if self.personal.iter().any(|q| q.id == p.id) {
                continue;
            }
            self.review.add_now(&p.id, now);
            self.personal.push(p);
            n += 1;
        }
        n
    }

    /// The personal puzzles as puzzles (damaged records are skipped).
    pub fn personal_puzzles(&self) -> Vec<Puzzle> {
        self.personal
            .iter()
            .filter_map(|p| p.to_puzzle().ok())
            .collect()
    }

    /// The next puzzle to serve from `puzzles` (the set and the personal ones): a due
    /// review first (the longest overdue), else a puzzle never attempted whose rating
    /// is nearest the learner's, else any puzzle not waiting in the queue, nearest
    /// the learner's rating. `focus` restricts the choice. Ties go to the smaller id.
    pub fn next_puzzle<'a>(
        &self,
        puzzles: &'a [Puzzle],
        now: u64,
        focus: Option<Focus>,
    ) -> Option<&'a Puzzle> {
        let fits = |p: &&Puzzle| focus.is_none_or(|f| f.fits(p));
        for entry in self.review.due(now) {
            if let Some(p) = puzzles.iter().filter(fits).find(|p| p.id == entry.id) {
                return Some(p);
            }
        }
        let me = self.learner().rating;
        let nearest = |candidates: Vec<&'a Puzzle>| {
            candidates.into_iter().min_by(|a, b| {
                let da = (self.puzzle_rating(a).rating - me).abs();
                let db = (self.puzzle_rating(b).rating - me).abs();
                da.total_cmp(&db).then(a.id.cmp(&b.id))
            })
        };
        let fresh: Vec<&Puzzle> = puzzles
            .iter()
            .filter(fits)
            .filter(|p| !self.attempted(&p.id))
            .collect();
        if !fresh.is_empty() {
            return nearest(fresh);
        }
        nearest(
            puzzles
                .iter()
                .filter(fits)
                .filter(|p| !self.review.contains(&p.id))
                .collect(),
        )
    }
}
