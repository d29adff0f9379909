//! A strength estimate the learner can climb: the engine levels and the flawed
//! strategies rated by matches among themselves ([`ladder`], fitted by `fit`,
//! shipped as a table: [`table`]), and the learner's practice results against them
//! moving a rating on the same scale, with the next level to play ([`learner`]).
//!
//! The table is made by `othello-lab ladder --games N --seed S` (it names the
//! command it was made with); the same command gives the same table, game by game.
//! No terminal code.

pub mod fit;
pub mod ladder;
pub mod learner;
pub mod table;

pub use learner::{LearnerStrength, RatedGame, Suggestion, rated_opponent};
pub use table::{LevelRatings, PlayerRating};

use fit::{ANCHOR_RATING, fit};
use ladder::{LADDER_PLAYERS, LadderGame, LadderSettings, pair_results};

/// The ladder's anchor: engine level 1, rated [`ANCHOR_RATING`].
pub const ANCHOR: crate::engine::players::Strategy = crate::engine::players::Strategy::Engine(1);

/// The table of a finished ladder: `margins[i]` is the first player's disc margin in
/// `games[i]`; `command` is the command line that played it.
pub fn ladder_table(
    settings: &LadderSettings,
    games: &[LadderGame],
    margins: &[i32],
    command: &str,
) -> LevelRatings {
    let results = pair_results(games, margins);
    let anchor = LADDER_PLAYERS
        .iter()
        .position(|&s| s == ANCHOR)
        .unwrap_or(0);
    let fitted = fit(LADDER_PLAYERS.len(), &results, anchor, ANCHOR_RATING);
    let mut player: Vec<PlayerRating> = LADDER_PLAYERS
        .iter()
        .zip(&fitted)
        .map(|(s, f)| PlayerRating {
            name: s.name(),
            rating: f.rating,
            deviation: f.deviation,
            games: f.games,
            score: f.score,
        })
        .collect();
    player.sort_by(|a, b| a.rating.total_cmp(&b.rating));
    LevelRatings {
        command: command.to_string(),
        games_per_pair: settings.games,
        seed: settings.seed,
        first_opening: settings.first_opening,
        anchor: ANCHOR.name(),
        anchor_rating: ANCHOR_RATING,
        player,
        pair: table::pair_records(&results),
    }
}
