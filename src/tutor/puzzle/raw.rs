//! The raw serde types of a puzzle set, as written (and as written back).

use serde::{Deserialize, Serialize};

/// One `[[puzzle]]` table as written in the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPuzzle {
    /// Unique id.
    pub id: String,
    /// OBF line.
    pub position: String,
    /// "black" or "white".
    pub to_move: String,
    /// "best", "win" or "line".
    pub goal: String,
    /// Accepted moves, one list per step.
    pub accepted: Vec<Vec<String>>,
    /// The solution line.
    pub solution: Vec<String>,
    /// The answer's value in discs.
    pub value: i32,
    /// Discs between the answer and the next best move.
    pub margin: i32,
    /// Search depth of the proof; absent for exact puzzles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Theme names.
    pub themes: Vec<String>,
    /// Initial rating.
    pub rating: u32,
    /// A short explanation.
    pub why: String,
    /// Where it came from.
    pub source: RawSource,
}

/// The `source` of a puzzle as written in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSource {
    /// Who or what made the puzzle.
    pub generator: String,
    /// The miner's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The game that reached the position, from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}
