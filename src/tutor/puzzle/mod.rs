//! Puzzles: the model, read from TOML sets, checked, judged and proved by the engine.
//!
//! # The puzzle format
//!
//! A set is one TOML file in `puzzles/` with an optional `title` and any number of
//! `[[puzzle]]` tables. Every field below is required unless marked optional, and no
//! other field is allowed:
//!
//! ```toml
//! title = "Exact endgames"                 # optional: the set's name
//!
//! [[puzzle]]
//! id = "m7-0012-41"                        # unique over all sets: a-z, 0-9, '-'
//! position = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
//! to_move = "black"                        # must agree with the OBF side to move
//! goal = "best"                            # "best", "win", "line" or "least-loss"
//! accepted = [["g8"]]                      # per step: every move the goal accepts
//! solution = ["g8", "h7", "pass", "a2"]    # the line, learner's move first; "pass"
//! value = 18                               # the answer's value in discs, mover's view
//! margin = 6                               # discs between the answer and the next best
//! depth = 12                               # optional: proved by a search this deep;
//!                                          # absent: proved exactly by the solver
//! themes = ["corner", "exact-endgame"]     # recomputed by the checker
//! rating = 1450                            # initial Glicko rating, 600 to 2400
//! why = "g8 is the only move that ..."     # shown after the answer
//! source = { generator = "miner 1", seed = 7, game = "f5d6c3..." }  # seed, game optional
//! ```
//!
//! - `position`: an OBF line (64 squares of `X`, `O`, `-` from a1 to h8, a space, the
//!   side to move). The centre must be occupied and every disc connected to it; the
//!   side to move must have at least two moves.
//! - `goal`: `best`: find a move with the best score; `win`: find any winning move;
//!   `line`: find the best move at each of several steps, the engine answering with
//!   its best reply (the `solution` gives the replies); `least-loss`: every move
//!   loses, find the one that loses by the least (like `best`, for lost positions).
//!   `best` and `line` need a value of 0 or more, `least-loss` a value below 0.
//! - The answer must matter ([`answer_matters`]): it wins where the next best move
//!   does not, draws where the next best loses, or is at least [`MIN_MARGIN`] discs
//!   better. Personal puzzles (from the learner's own games) are exempt from this
//!   rule and the one above.
//! - `accepted`: one list per step (one step for `best` and `win`, two or more for
//!   `line`). For `best` and `line` a step accepts exactly the moves of the best
//!   value; for `win`, exactly the winning moves. Every step leaves out at least one
//!   legal move, and every step of a line but the last accepts a single move.
//! - `solution`: learner and engine moves alternate; a forced pass is written
//!   `pass`. It covers at least every step (with the replies between them) and may
//!   continue to the end of the game. Its learner moves are accepted moves.
//! - `value`: for exact puzzles the exact final margin of the best move; for searched
//!   ones the search's value rounded to discs (checked within 2 discs).
//! - `margin`: exact puzzles: the best value minus the best value of a move the first
//!   step does not accept, exactly. Searched puzzles: a lower bound that holds at
//!   `depth` and at `depth - 2`.
//! - `themes`: any of `corner`, `stable-discs`, `x-square`, `c-square`, `wedge`,
//!   `edge`, `mobility`, `quiet-move`, `frontier`, `tempo`, `parity`, `wipe-out`,
//!   `exact-endgame` (see [`Theme`] for each definition); the set must equal what
//!   the engine's facts give for the first solution move.
//! - `source`: `generator` (who made it), `seed` (the miner's seed), `game` (a
//!   transcript from the start position that reaches `position`).
//!
//! # What the proof checks
//!
//! Loading checks the structure (every field, the legality of every move, the source
//! game, the themes). [`prove_puzzle`] checks the answers with the engine: for exact
//! puzzles (at most [`MAX_EXACT_EMPTIES`] empties) the solver's value of every move
//! decides the accepted set of every step, the value and the margin, and every move of
//! the solution keeps the optimal value (so replies are best replies). For searched
//! puzzles (goal `best` or `least-loss`) the search at `depth` and `depth - 2`, from cleared tables,
//! must put the accepted move first by at least `margin` discs.
//!
//! # The rooms
//!
//! - `raw`: the serde types, as written; `read`: raw → checked ([`parse_set`]);
//! - `model`: the checked types; `error`: [`PuzzleError`];
//! - `judge`: a move played in a puzzle ([`Puzzle::judge`]);
//! - `themes`: [`themes_of`] (the second course's board tests in `edge_themes`); `write`: back to TOML ([`to_toml`]);
//! - `proof`: the engine's proof ([`prove_puzzle`], [`check_puzzles`]);
//! - `miner`: the puzzle miner (`othello-lab mine-puzzles`);
//! - `grading`: what the rating rules need ([`Puzzle::giveaway`], near misses);
//! - `timed`: the unrated Storm and Streak runs ([`timed::Run`]);
//! - `drill`: the endgame drill, state the final score ([`drill::Round`]);
//! - `focus`: what a set of puzzles focuses on, a theme or a temptation ([`Focus`]).
//!
//! Loading the sets (embedded or from a directory) is the job of the one content
//! loader, [`crate::tutor::content`]; its puzzle functions are re-exported here.

pub mod drill;
mod edge_themes;
mod error;
pub mod focus;
mod grading;
mod judge;
pub mod miner;
mod model;
mod proof;
mod raw;
mod read;
mod stated;
mod stats;
mod themes;
pub mod timed;
mod write;

pub use error::{Disproof, IllegalPuzzleMove, InvalidPuzzle, PuzzleError, PuzzleProblem};
pub use focus::{Focus, NearCorner};
pub use grading::NEAR_MISS_NODES;
pub use model::{Goal, Judgement, PERSONAL_GENERATOR, Proof, Puzzle, PuzzleSource, Step, Theme};
pub(crate) use proof::moves_at_least;
pub use proof::{
    Lead, check_puzzles, proof_searcher, prove_puzzle, sample_indices, searched_gap, searched_lead,
};
pub use raw::{RawPuzzle, RawSource};
pub use read::{MIN_MARGIN, answer_matters, parse_set};
pub use stated::{stated_fact_errors, why_claims};
pub use stats::{CONCEPTS, PHASE_BANDS, RATING_BANDS, statistics};
pub use themes::themes_of;
pub use write::to_toml;

/// The most empties an exact puzzle may have (the solver proves it).
pub const MAX_EXACT_EMPTIES: u32 = 24;
/// Size of each table (midgame and solver) of the proving searcher, in MB. Searched
/// proofs start from cleared tables of this size so they repeat exactly.
pub const PROOF_TABLE_MB: usize = 16;
/// How far (discs) a searched puzzle's stated value may be from the search's.
pub const SEARCH_VALUE_TOLERANCE: i32 = 2;
/// How many puzzles the quick check (`check-content` without `--full`) proves with
/// the engine; the others get every check but the engine's.
pub const QUICK_SAMPLE: usize = 24;
