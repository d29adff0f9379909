//! Glicko-2 ratings for the learner and the puzzles (Mark Glickman, "Example of the
//! Glicko-2 system"), and the miner's initial puzzle rating.
//!
//! After each puzzle attempt both sides are rated: the learner as having played one
//! game against the puzzle (won if solved), the puzzle as having played one game
//! against the learner (won if the learner failed). Each attempt is one rating
//! period of one game.
//!
//! # The rating rules ([`rate_result`])
//!
//! 1. **Near miss**: a wrong move within [`NEAR_MISS_DISCS`] (2) discs of the best, by
//!    the exact solver, counts as a draw ([`NEAR_MISS_SCORE`], 0.5) instead of a loss.
//!    Only exact `best` and `line` puzzles have near misses (a `win` puzzle's wrong
//!    move does not win; a searched puzzle's values are bounds, not values).
//! 2. **Give-away**: a puzzle whose theme gives the answer away (the answer of a
//!    `corner` puzzle is its only corner move; of a `tempo` puzzle its only move
//!    that forces a pass; of an `x-square` or `c-square` puzzle its only such move) moves both ratings by [`GIVEAWAY_FACTOR`] (half) of the usual change.
//! 3. **Replays are unrated**: a puzzle attempted before (a review, say) changes
//!    neither rating; it still counts in the history (solved and failed counts,
//!    themes, streak, review queue). Storm and Streak runs are unrated too.
//! 4. **Provisional**: the learner's first [`PROVISIONAL_RESULTS`] (10) rated results
//!    move the learner's rating [`PROVISIONAL_FACTOR`] (1.5) times the Glicko-2 change.
//!
//! ```
//! use othello_tutor::tutor::rating::{Rating, update, TAU};
//! let player = Rating::new(1500.0, 200.0, 0.06);
//! let games = [
//!     (Rating::new(1400.0, 30.0, 0.06), 1.0),
//!     (Rating::new(1550.0, 100.0, 0.06), 0.0),
//!     (Rating::new(1700.0, 300.0, 0.06), 0.0),
//! ];
//! let after = update(player, &games, TAU);
//! assert!((after.rating - 1464.06).abs() < 0.01);
//! ```

use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// The Glicko-2 scale factor between the Glicko and the Glicko-2 scales.
pub const SCALE: f64 = 173.7178;
/// The system constant τ (constrains the change of volatility over time).
pub const TAU: f64 = 0.5;
/// The rating of a newcomer.
pub const DEFAULT_RATING: f64 = 1500.0;
/// The deviation of a newcomer.
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// The volatility of a newcomer.
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// The deviation a mined puzzle starts with: its rating is an estimate.
pub const PUZZLE_DEVIATION: f64 = 250.0;
/// The smallest deviation kept, so ratings never freeze.
pub const MIN_DEVIATION: f64 = 30.0;
/// The lowest initial puzzle rating.
pub const MIN_PUZZLE_RATING: u32 = 600;
/// The highest initial puzzle rating.
pub const MAX_PUZZLE_RATING: u32 = 2400;
/// Convergence tolerance of the volatility iteration (ε in the paper).
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the Glicko scale: rating, rating deviation (RD), volatility.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is.
    pub deviation: f64,
    /// The volatility: how erratic the performances are.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::new(DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY)
    }
}

impl Rating {
    /// A rating from its three numbers.
    pub const fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// A puzzle's starting rating: its mined rating with a wide deviation.
    pub fn puzzle(initial: u32) -> Rating {
        Rating::new(f64::from(initial), PUZZLE_DEVIATION, DEFAULT_VOLATILITY)
    }

    fn to_glicko2(self) -> (f64, f64) {
        (
            (self.rating - DEFAULT_RATING) / SCALE,
            self.deviation / SCALE,
        )
    }

    /// Whether the numbers are finite and in range (a damaged progress file may not be).
    pub fn is_sane(&self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.volatility.is_finite()
            && self.deviation > 0.0
            && self.deviation <= 1000.0
            && self.volatility > 0.0
            && self.volatility < 1.0
            && self.rating.abs() < 10_000.0
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The rating after one rating period with `games` (opponent, score: 1 win, 0.5 draw,
/// 0 loss), by the steps of Glickman's paper. With no game, only the deviation grows.
pub fn update(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    let (mu, phi) = player.to_glicko2();
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating::new(
            player.rating,
            (phi_star * SCALE).min(DEFAULT_DEVIATION),
            sigma,
        );
    }
    // Step 3: the estimated variance v; step 4: the improvement Δ.
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for (opponent, score) in games {
        let (mu_j, phi_j) = opponent.to_glicko2();
        let gj = g(phi_j);
        let e = expected(mu, mu_j, phi_j);
        inv_v += gj * gj * e * (1.0 - e);
        sum += gj * (score - e);
    }
    let v = 1.0 / inv_v;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 1000 {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
        rounds += 1;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating::new(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new)
}

/// The learner's and the puzzle's ratings after one attempt (`solved`: the learner
/// found the answer), both computed from the ratings before the attempt. Deviations
/// are kept between [`MIN_DEVIATION`] and [`DEFAULT_DEVIATION`].
pub fn rate_attempt(learner: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { 1.0 } else { 0.0 };
    let clamp = |r: Rating| Rating {
        deviation: r.deviation.clamp(MIN_DEVIATION, DEFAULT_DEVIATION),
        ..r
    };
    let learner_after = update(learner, &[(puzzle, score)], TAU);
    let puzzle_after = update(puzzle, &[(learner, 1.0 - score)], TAU);
    (clamp(learner_after), clamp(puzzle_after))
}

/// How one puzzle attempt ended, for the rating: the score it counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solved: counts as a win (1).
    Solved,
    /// A near miss: a wrong move whose exact value is within [`NEAR_MISS_DISCS`] of
    /// the best. Counts as a draw ([`NEAR_MISS_SCORE`]) for both ratings, though the
    /// puzzle is still missed (review queue, streak, themes).
    NearMiss,
    /// Missed: counts as a loss (0).
    Missed,
}

impl Outcome {
    /// The Glicko-2 score of the learner's "game" against the puzzle.
    pub const fn score(self) -> f64 {
        match self {
            Outcome::Solved => 1.0,
            Outcome::NearMiss => NEAR_MISS_SCORE,
            Outcome::Missed => 0.0,
        }
    }

    /// Whether the learner found an accepted move.
    pub const fn solved(self) -> bool {
        matches!(self, Outcome::Solved)
    }
}

/// Rule 1, near misses: a wrong move at most this many discs below the best (by the
/// exact solver) is a near miss.
pub const NEAR_MISS_DISCS: i32 = 2;
/// Rule 1: the score a near miss counts as (a draw).
pub const NEAR_MISS_SCORE: f64 = 0.5;
/// Rule 2, give-aways: a puzzle whose theme gives the answer away (the only corner
/// move is the answer of a `corner` puzzle, …: [`crate::tutor::puzzle::Puzzle::giveaway`])
/// moves both ratings by this share of the usual change.
pub const GIVEAWAY_FACTOR: f64 = 0.5;
/// Rule 4, provisional ratings: the learner's first this many rated results are
/// provisional ...
pub const PROVISIONAL_RESULTS: u32 = 10;
/// ... and move the learner's rating this many times the usual change.
pub const PROVISIONAL_FACTOR: f64 = 1.5;

/// What decides how much one attempt moves the ratings (rule 3, replays, is decided
/// by the caller: a replay is not rated at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedAttempt {
    /// How it ended.
    pub outcome: Outcome,
    /// Whether the puzzle's theme gives the answer away (rule 2).
    pub giveaway: bool,
    /// Rated results the learner had before this one (rule 4: provisional below
    /// [`PROVISIONAL_RESULTS`]).
    pub rated_before: u32,
}

/// The learner's and the puzzle's ratings after one rated attempt, by the rules:
/// Glicko-2 with the outcome's score (rule 1: a near miss is a draw), the rating
/// changes scaled by [`GIVEAWAY_FACTOR`] for a give-away (rule 2) and the learner's by
/// [`PROVISIONAL_FACTOR`] while provisional (rule 4). Deviations are those of
/// Glicko-2, kept between [`MIN_DEVIATION`] and [`DEFAULT_DEVIATION`].
pub fn rate_result(learner: Rating, puzzle: Rating, attempt: RatedAttempt) -> (Rating, Rating) {
    let score = attempt.outcome.score();
    let clamp = |r: Rating| Rating {
        deviation: r.deviation.clamp(MIN_DEVIATION, DEFAULT_DEVIATION),
        ..r
    };
    let mut learner_after = update(learner, &[(puzzle, score)], TAU);
    let mut puzzle_after = update(puzzle, &[(learner, 1.0 - score)], TAU);
    let mut learner_factor = 1.0;
    let mut puzzle_factor = 1.0;
    if attempt.giveaway {
        learner_factor *= GIVEAWAY_FACTOR;
        puzzle_factor *= GIVEAWAY_FACTOR;
    }
    if attempt.rated_before < PROVISIONAL_RESULTS {
        learner_factor *= PROVISIONAL_FACTOR;
    }
    learner_after.rating =
        learner.rating + learner_factor * (learner_after.rating - learner.rating);
    puzzle_after.rating = puzzle.rating + puzzle_factor * (puzzle_after.rating - puzzle.rating);
    (clamp(learner_after), clamp(puzzle_after))
}

/// What the miner knows about how hard a puzzle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Empty squares in the puzzle's position.
    pub empties: u32,
    /// The shallowest search depth from which the engine keeps choosing an accepted
    /// move (1 to 10; 11 when even depth 10 does not).
    pub first_depth: u32,
    /// Wrong moves that look at least as good as the answer at a shallow depth (1–4).
    pub tempting: u32,
    /// Discs between the answer and the next best move.
    pub margin: i32,
    /// Moves the learner must find (1, or more for a line).
    pub steps: u32,
    /// Legal moves in the puzzle's position.
    pub choices: u32,
}

/// The initial rating of a puzzle, from 600 (found at depth 1, nothing tempting, a
/// large margin) to 2400: deeper first depths, more tempting moves, more empties,
/// more choices and more steps raise it; a large margin lowers it.
pub fn initial_rating(d: &Difficulty) -> u32 {
    let mut points = 600.0;
    points += 130.0 * f64::from(d.first_depth.clamp(1, 11) - 1);
    points += 110.0 * f64::from(d.tempting.min(4));
    points += 14.0 * (f64::from(d.empties.min(34)) - 6.0).max(0.0);
    points += 12.0 * f64::from(d.choices.min(14));
    points += 170.0 * f64::from(d.steps.clamp(1, 4) - 1);
    points -= 7.0 * f64::from((d.margin - 2).clamp(0, 40));
    let rounded = (points / 10.0).round() as u32 * 10;
    rounded.clamp(MIN_PUZZLE_RATING, MAX_PUZZLE_RATING)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_game_widens_the_deviation() {
        let r = update(Rating::new(1500.0, 50.0, 0.06), &[], TAU);
        assert!((r.deviation - 51.07).abs() < 0.01, "{r:?}");
        assert_eq!(r.rating, 1500.0);
    }

    #[test]
    fn solving_raises_the_learner_and_lowers_the_puzzle() {
        let (l, p) = rate_attempt(Rating::default(), Rating::puzzle(1500), true);
        assert!(l.rating > 1500.0 && p.rating < 1500.0, "{l:?} {p:?}");
        let (l, p) = rate_attempt(Rating::default(), Rating::puzzle(1500), false);
        assert!(l.rating < 1500.0 && p.rating > 1500.0, "{l:?} {p:?}");
    }

    #[test]
    fn initial_rating_grows_with_difficulty() {
        let easy = Difficulty {
            empties: 8,
            first_depth: 1,
            tempting: 0,
            margin: 20,
            steps: 1,
            choices: 3,
        };
        let hard = Difficulty {
            empties: 20,
            first_depth: 9,
            tempting: 3,
            margin: 2,
            steps: 2,
            choices: 9,
        };
        assert_eq!(initial_rating(&easy), 600);
        assert!(initial_rating(&hard) > 1900, "{}", initial_rating(&hard));
        assert!(initial_rating(&hard) <= 2400);
    }
}
