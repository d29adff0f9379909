//! The level ratings table: each rated player's rating from the strength ladder,
//! written by `othello-lab ladder` to `src/data/level_ratings.toml` (which names the
//! command that made it) and embedded in the tutor ([`LevelRatings::shipped`]).

use super::ladder::{LADDER_PLAYERS, PairResult};
use crate::engine::players::Strategy;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The shipped table's text.
pub const SHIPPED: &str = include_str!("../../data/level_ratings.toml");

/// One rated player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The player's name ([`Strategy::name`]).
    pub name: String,
    /// Its rating (Elo scale, engine level 1 at 1000).
    pub rating: f64,
    /// The fit's standard error of the rating.
    pub deviation: f64,
    /// Games it played in the ladder.
    pub games: u32,
    /// Points it scored (wins and half the draws).
    pub score: f64,
}

/// One pair's games, from the first player's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairRecord {
    /// The first player's name.
    pub a: String,
    /// The second player's name.
    pub b: String,
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `a` lost.
    pub losses: u32,
}

/// The table: how it was made, the ratings, the pairs' results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelRatings {
    /// The command that reproduces it.
    pub command: String,
    /// Games each pair played.
    pub games_per_pair: usize,
    /// The seed of the games' random draws.
    pub seed: u64,
    /// The first XOT opening.
    pub first_opening: usize,
    /// The anchor's name.
    pub anchor: String,
    /// The anchor's rating.
    pub anchor_rating: f64,
    /// The players, weakest first.
    pub player: Vec<PlayerRating>,
    /// The pairs' results.
    pub pair: Vec<PairRecord>,
}

/// Why a ratings table could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The text is not a table.
    #[error("the level ratings table cannot be read: {0}")]
    Toml(#[from] toml::de::Error),
    /// A rated player is missing.
    #[error("the level ratings table has no rating for {0}")]
    Missing(String),
}

impl LevelRatings {
    /// Reads a table, checking that every player of the ladder is rated.
    pub fn parse(text: &str) -> Result<LevelRatings, TableError> {
        let table: LevelRatings = toml::from_str(text)?;
        for s in LADDER_PLAYERS {
            if table.rating_of(s).is_none() {
                return Err(TableError::Missing(s.name()));
            }
        }
        Ok(table)
    }

    /// The shipped table (`None` if it cannot be read: the tests see to it that it can).
    pub fn shipped() -> Option<&'static LevelRatings> {
        static TABLE: OnceLock<Option<LevelRatings>> = OnceLock::new();
        TABLE
            .get_or_init(|| LevelRatings::parse(SHIPPED).ok())
            .as_ref()
    }

    /// The rating of `strategy`, if rated.
    pub fn rating_of(&self, strategy: Strategy) -> Option<&PlayerRating> {
        let name = strategy.name();
        self.player.iter().find(|p| p.name == name)
    }

    /// The engine levels with their ratings, weakest level first.
    pub fn levels(&self) -> Vec<(Strategy, &PlayerRating)> {
        LADDER_PLAYERS
            .iter()
            .filter(|s| matches!(s, Strategy::Engine(_)))
            .filter_map(|&s| self.rating_of(s).map(|r| (s, r)))
            .collect()
    }

    /// The table as TOML, compact: the header, one line per player, one per pair.
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        out.push_str("# The strength ladder's ratings: each pair of rated players at most four\n");
        out.push_str("# places apart played games_per_pair games from XOT openings (each with\n");
        out.push_str("# both colours); the ratings are the Bradley-Terry fit of the results on\n");
        out.push_str("# the Elo scale, the anchor at anchor_rating (src/tutor/strength/). Made\n");
        out.push_str("# by the command below (nice -n 19, --threads 1); do not edit by hand.\n");
        out.push_str(&format!("command = {:?}\n", self.command));
        out.push_str(&format!("games_per_pair = {}\n", self.games_per_pair));
        out.push_str(&format!("seed = {}\n", self.seed));
        out.push_str(&format!("first_opening = {}\n", self.first_opening));
        out.push_str(&format!("anchor = {:?}\n", self.anchor));
        out.push_str(&format!("anchor_rating = {:.1}\n", self.anchor_rating));
        out.push_str("player = [\n");
        for p in &self.player {
            out.push_str(&format!(
                "  {{ name = {:?}, rating = {:.1}, deviation = {:.1}, games = {}, score = {:.1} }},\n",
                p.name, p.rating, p.deviation, p.games, p.score
            ));
        }
        out.push_str("]\npair = [\n");
        for p in &self.pair {
            out.push_str(&format!(
                "  {{ a = {:?}, b = {:?}, wins = {}, draws = {}, losses = {} }},\n",
                p.a, p.b, p.wins, p.draws, p.losses
            ));
        }
        out.push_str("]\n");
        out
    }
}

/// The pairs' records of `results` (players as indices into [`LADDER_PLAYERS`]).
pub fn pair_records(results: &[PairResult]) -> Vec<PairRecord> {
    results
        .iter()
        .map(|r| PairRecord {
            a: LADDER_PLAYERS[r.a].name(),
            b: LADDER_PLAYERS[r.b].name(),
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        })
        .collect()
}
