//! The unrated puzzle runs: **Storm** (solve as many as you can in
//! [`STORM_SECONDS`], a wrong move costs [`STORM_PENALTY`] seconds) and **Streak**
//! (puzzles until the first miss). Both serve puzzles of rising rating from a queue
//! that a seed decides ([`rising_queue`]), and neither changes any rating.
//!
//! A [`Run`] never reads a clock: every call that depends on time takes the seconds
//! elapsed since the run began, so tests drive it exactly.
//!
//! Storm's near-miss rule: a wrong move within
//! [`crate::tutor::rating::NEAR_MISS_DISCS`] discs of the best (by the exact solver)
//! costs [`STORM_NEAR_MISS_PENALTY`] seconds instead of [`STORM_PENALTY`]; it still
//! scores nothing and the run moves on. In Streak a near miss is a miss.

use super::model::Puzzle;
use crate::engine::endgame::Solver;
use crate::engine::{Move, Position, Square};
use crate::tutor::explain::illegal_reason;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How long a Storm lasts, in seconds.
pub const STORM_SECONDS: u64 = 180;
/// Seconds a wrong move costs in Storm.
pub const STORM_PENALTY: u64 = 10;
/// Seconds a near miss costs in Storm.
pub const STORM_NEAR_MISS_PENALTY: u64 = 5;
/// Puzzles in a run's queue (more than anyone solves in three minutes).
pub const RUN_LENGTH: usize = 80;

/// Which run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunMode {
    /// Three minutes; a wrong move costs time and moves on.
    Storm,
    /// Until the first miss.
    Streak,
}

impl RunMode {
    /// The name for people.
    pub const fn label(self) -> &'static str {
        match self {
            RunMode::Storm => "Storm",
            RunMode::Streak => "Streak",
        }
    }
}

/// Why a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Storm: the time ran out.
    TimeUp,
    /// Streak: a puzzle was missed.
    Missed,
    /// Every puzzle in the queue was played.
    Exhausted,
}

/// What a move played in a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// An illegal move: not a try; why it is illegal.
    Illegal(String),
    /// Right, and the puzzle (a line) goes on after the engine's reply.
    Right {
        /// The engine's reply (`Move::Pass` when forced).
        reply: Move,
    },
    /// The puzzle is solved; the next one is served (unless the run ended).
    Solved,
    /// Missed; Storm moves on after taking `penalty` seconds, Streak ends.
    Missed {
        /// Seconds taken off the clock (0 in Streak).
        penalty: u64,
        /// Whether it was a near miss (Storm's smaller penalty).
        near: bool,
        /// The missed puzzle's solution, as text.
        solution: String,
    },
    /// The run was already over (or its time had run out): nothing played.
    Over,
    /// A Storm miss whose near-miss value is to be found (the move at this step):
    /// see [`Run::settle_miss`].
    Judge {
        /// The step the move was played at.
        step: usize,
    },
}

/// The queue of a run: up to `len` puzzles of strictly rising rating, decided by
/// `seed`. The distinct ratings of the set's puzzles (not the personal ones) are
/// sorted and cut into `len` equal slices; from each slice, in order, one rating is
/// drawn at random and then one puzzle of that rating. (Slicing the puzzles rather
/// than their ratings served five 600-rated puzzles first: the set has many at the
/// floor.)
pub fn rising_queue(puzzles: &[Puzzle], seed: u64, len: usize) -> Vec<Puzzle> {
    let mut pool: Vec<&Puzzle> = puzzles.iter().filter(|p| !p.is_personal()).collect();
    pool.sort_by(|a, b| a.rating.cmp(&b.rating).then(a.id.cmp(&b.id)));
    let mut ratings: Vec<u32> = pool.iter().map(|p| p.rating).collect();
    ratings.dedup();
    let n = len.min(ratings.len());
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|k| {
            let (lo, hi) = (k * ratings.len() / n, (k + 1) * ratings.len() / n);
            let rating = ratings[rng.random_range(lo..hi)];
            let same: Vec<&&Puzzle> = pool.iter().filter(|p| p.rating == rating).collect();
            (*same[rng.random_range(0..same.len())]).clone()
        })
        .collect()
}

/// A Storm or Streak run: the queue, the puzzle and step being played, the score.
#[derive(Clone, Debug)]
pub struct Run {
    mode: RunMode,
    queue: Vec<Puzzle>,
    index: usize,
    step: usize,
    penalty: u64,
    solved: u32,
    missed: u32,
    end: Option<RunEnd>,
    /// A Storm miss waits for its near-miss value.
    judging: bool,
}

impl Run {
    /// A run of `mode` over `puzzles`, its queue decided by `seed`.
    pub fn new(mode: RunMode, puzzles: &[Puzzle], seed: u64) -> Run {
        let queue = rising_queue(puzzles, seed, RUN_LENGTH);
        let end = queue.is_empty().then_some(RunEnd::Exhausted);
        Run {
            mode,
            queue,
            index: 0,
            step: 0,
            penalty: 0,
            solved: 0,
            missed: 0,
            end,
            judging: false,
        }
    }

    /// Which run this is.
    pub fn mode(&self) -> RunMode {
        self.mode
    }

    /// The puzzle being played (`None` once the run is over).
    pub fn current(&self) -> Option<&Puzzle> {
        if self.end.is_some() {
            None
        } else {
            self.queue.get(self.index)
        }
    }

    /// The step of the current puzzle (0-based).
    pub fn step(&self) -> usize {
        self.step
    }

    /// The position to play in, if the run goes on.
    pub fn position(&self) -> Option<Position> {
        self.current().map(|p| p.steps[self.step].position)
    }

    /// Which puzzle of the queue is being played (1-based) and the queue's length.
    pub fn number(&self) -> (usize, usize) {
        (self.index + 1, self.queue.len())
    }

    /// The queue, in order.
    pub fn queue(&self) -> &[Puzzle] {
        &self.queue
    }

    /// Puzzles solved: the score.
    pub fn solved(&self) -> u32 {
        self.solved
    }

    /// Puzzles missed.
    pub fn missed(&self) -> u32 {
        self.missed
    }

    /// Seconds taken off the clock by wrong moves (Storm).
    pub fn penalty(&self) -> u64 {
        self.penalty
    }

    /// Storm: the seconds left after `elapsed` seconds (and the penalties); `None`
    /// for Streak, which has no clock.
    pub fn time_left(&self, elapsed: u64) -> Option<u64> {
        match self.mode {
            RunMode::Storm => Some(STORM_SECONDS.saturating_sub(elapsed + self.penalty)),
            RunMode::Streak => None,
        }
    }

    /// Why the run ended, if it did.
    pub fn end(&self) -> Option<RunEnd> {
        self.end
    }

    /// Whether the run is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Looks at the clock: a Storm whose time ran out by `elapsed` ends. Returns
    /// whether the run ended just now.
    pub fn tick(&mut self, elapsed: u64) -> bool {
        if self.end.is_none() && self.time_left(elapsed) == Some(0) {
            self.end = Some(RunEnd::TimeUp);
            return true;
        }
        false
    }

    /// Plays `played` at `elapsed` seconds. A wrong move of an exact puzzle is valued
    /// by `solver` (within a node budget) for Storm's near-miss rule. The same as
    /// [`Run::try_move`] followed, for a Storm miss, by [`Run::settle_miss`].
    pub fn play(&mut self, elapsed: u64, played: Square, solver: &mut Solver) -> Played {
        match self.try_move(elapsed, played) {
            Played::Judge { step } => {
                let near = self
                    .current()
                    .is_some_and(|p| p.is_near_miss(step, played, solver));
                self.settle_miss(elapsed, near)
            }
            other => other,
        }
    }

    /// Plays `played` at `elapsed` seconds, without valuing a wrong move: a Storm miss
    /// answers [`Played::Judge`] and waits for [`Run::settle_miss`] with the near-miss
    /// verdict (engine work); a Streak miss ends the run at once.
    pub fn try_move(&mut self, elapsed: u64, played: Square) -> Played {
        if self.judging {
            return Played::Illegal("Your last move is being judged: a moment.".into());
        }
        self.tick(elapsed);
        let Some(puzzle) = self.current().cloned() else {
            return Played::Over;
        };
        let st = &puzzle.steps[self.step];
        if !st.position.board.is_legal(played) {
            return Played::Illegal(illegal_reason(&st.position, played));
        }
        if st.accepted.contains(played) {
            if self.step + 1 < puzzle.steps.len() {
                let reply = st.reply.unwrap_or(Move::Pass);
                self.step += 1;
                return Played::Right { reply };
            }
            self.solved += 1;
            self.advance();
            return Played::Solved;
        }
        self.missed += 1;
        match self.mode {
            RunMode::Storm => {
                self.judging = true;
                Played::Judge { step: self.step }
            }
            RunMode::Streak => {
                self.end = Some(RunEnd::Missed);
                Played::Missed {
                    penalty: 0,
                    near: false,
                    solution: puzzle.solution_text(),
                }
            }
        }
    }

    /// Whether a Storm miss waits for [`Run::settle_miss`].
    pub fn judging(&self) -> bool {
        self.judging
    }

    /// Ends a Storm miss that [`Run::try_move`] left waiting: `near` is whether the
    /// move was within the near-miss margin; the clock loses its penalty and the next
    /// puzzle is served.
    pub fn settle_miss(&mut self, elapsed: u64, near: bool) -> Played {
        let waiting = std::mem::take(&mut self.judging);
        let Some(puzzle) = self.queue.get(self.index).cloned().filter(|_| waiting) else {
            return Played::Over;
        };
        if self.end.is_some() {
            // The clock ran out while the move was judged.
            return Played::Over;
        }
        let cost = if near {
            STORM_NEAR_MISS_PENALTY
        } else {
            STORM_PENALTY
        };
        self.penalty += cost;
        self.advance();
        self.tick(elapsed);
        Played::Missed {
            penalty: cost,
            near,
            solution: puzzle.solution_text(),
        }
    }

    fn advance(&mut self) {
        self.index += 1;
        self.step = 0;
        if self.index >= self.queue.len() {
            self.end = Some(RunEnd::Exhausted);
        }
    }
}
