//! The learner's playing strength on the ladder's scale, and the next level to play.
//!
//! **The rule.** A practice game counts when the learner plays one colour against a
//! rated opponent (an engine level or a flawed strategy of the table), the game
//! started on the practice screen from a position with at least
//! [`RATED_MIN_EMPTIES`] empties (the initial position or an XOT opening, as the
//! ladder's games; not a loaded game or an endgame set up in the editor), and it
//! ended (resigning is a loss). It counts once, as it first ended. Each counted game
//! is one Glicko-2 rating period of one game ([`crate::tutor::rating::update`]) against
//! the opponent's rating from the table, with the table's deviation (at least
//! [`MIN_DEVIATION`]): a win scores 1, a draw ½, a loss 0. Glicko-2's scale is the
//! Elo scale of the table (400 / ln 10 points per unit), so the expected scores agree.
//! The learner starts at the anchor's rating (engine level 1, 1000) with the
//! newcomer's deviation (350), so the first games move the estimate most.
//!
//! **The suggestion.** The next level is the weakest engine level rated above the
//! learner's estimate (at or above it, the learner is expected to score less than
//! half); above every level, the strongest.

use super::fit::{ANCHOR_RATING, expected_score};
use super::table::LevelRatings;
use crate::engine::players::Strategy;
use crate::tutor::coach::GameResult;
use crate::tutor::rating::{
    DEFAULT_DEVIATION, DEFAULT_VOLATILITY, MIN_DEVIATION, Rating, TAU, update,
};
use serde::{Deserialize, Serialize};

/// A rated game starts from a position with at least this many empties (the initial
/// position has 60, an XOT opening 52).
pub const RATED_MIN_EMPTIES: u32 = 52;
/// The most rated games kept (the oldest are dropped; the rating keeps them all).
pub const MAX_RATED_GAMES: usize = 100;

/// One rated practice game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RatedGame {
    /// When it ended (seconds since the epoch).
    pub at: u64,
    /// The opponent (a strategy's name).
    pub opponent: String,
    /// The learner's result.
    pub result: GameResult,
    /// The opponent's rating in the table then.
    pub opponent_rating: f64,
    /// The learner's rating before the game.
    pub before: f64,
    /// The learner's rating after it.
    pub after: f64,
}

/// The learner's playing strength: the estimate (none before the first rated game)
/// and the rated games. Absent from older progress files: it then starts empty.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LearnerStrength {
    /// The estimate, once a game was rated.
    pub rating: Option<Rating>,
    /// Rated games, oldest first (at most [`MAX_RATED_GAMES`]).
    pub games: Vec<RatedGame>,
    /// Rated games in all.
    pub count: u32,
}

/// The next level to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Suggestion {
    /// The level.
    pub level: Strategy,
    /// Its rating.
    pub rating: f64,
    /// The learner's expected score against it (0 to 1).
    pub expected: f64,
}

/// `strategy`'s rating in `table` as a Glicko-2 opponent (deviation: the table's, at
/// least [`MIN_DEVIATION`]).
pub fn rated_opponent(table: &LevelRatings, strategy: Strategy) -> Option<Rating> {
    table.rating_of(strategy).map(|r| {
        Rating::new(
            r.rating,
            r.deviation.clamp(MIN_DEVIATION, DEFAULT_DEVIATION),
            DEFAULT_VOLATILITY,
        )
    })
}

impl LearnerStrength {
    /// The rating a learner starts from: the anchor's, with a newcomer's deviation.
    pub const START: Rating = Rating::new(ANCHOR_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY);

    /// The estimate, or the start before any rated game.
    pub fn current(&self) -> Rating {
        self.rating
            .filter(Rating::is_sane)
            .unwrap_or(LearnerStrength::START)
    }

    /// Counts a game against `opponent` that ended in `result` at `at`: the new
    /// estimate, by the rule of this module. `None` (nothing changes) when the
    /// opponent is not in `table`.
    pub fn record(
        &mut self,
        opponent: Strategy,
        result: GameResult,
        at: u64,
        table: &LevelRatings,
    ) -> Option<RatedGame> {
        let them = rated_opponent(table, opponent)?;
        let score = match result {
            GameResult::Won => 1.0,
            GameResult::Drawn => 0.5,
            GameResult::Lost => 0.0,
        };
        let before = self.current();
        let mut after = update(before, &[(them, score)], TAU);
        after.deviation = after.deviation.clamp(MIN_DEVIATION, DEFAULT_DEVIATION);
        self.rating = Some(after);
        self.count += 1;
        let game = RatedGame {
            at,
            opponent: opponent.name(),
            result,
            opponent_rating: them.rating,
            before: before.rating,
            after: after.rating,
        };
        self.games.push(game.clone());
        if self.games.len() > MAX_RATED_GAMES {
            let extra = self.games.len() - MAX_RATED_GAMES;
            self.games.drain(..extra);
        }
        Some(game)
    }

    /// The next level to play (none before the first rated game): the weakest engine
    /// level of `table` rated above the estimate, else the strongest.
    pub fn suggestion(&self, table: &LevelRatings) -> Option<Suggestion> {
        let me = self.rating.filter(Rating::is_sane)?.rating;
        let levels = table.levels();
        let (level, r) = levels
            .iter()
            .find(|(_, r)| r.rating > me)
            .or(levels.last())
            .copied()?;
        Some(Suggestion {
            level,
            rating: r.rating,
            expected: expected_score(me, r.rating),
        })
    }
}
