//! The lesson model: lessons are TOML files (`lessons/NN-name.toml`), read into raw
//! serde structs, then checked into typed values ([`Lesson`], [`Step`]) whose
//! positions are parsed [`Position`](crate::engine::Position)s and whose squares are [`Square`](crate::engine::Square)s. Every error
//! names the file, the step and the field. Judging a step (a played move, a typed
//! answer, a played-out line) is plain logic with no terminal code.
//!
//! Loading checks the structure and the rules (positions legal, stated moves legal,
//! answers of the right type). Proving every stated answer with the engine is the
//! job of [`crate::tutor::content::check_content`] (`othello-lab check-content`).
//!
//! # The lesson file
//!
//! ```toml
//! id = "mobility"                    # unique, lowercase letters, digits and '-'
//! title = "Mobility: leave your opponent bad moves only"
//! order = 6                          # lessons are shown by order (unique); 1-12 the first
//!                                    # course, 13 on the second (tutor::course::Course)
//! concepts = ["mobility", "x-square"]
//! summary = "One line for the lesson menu."   # optional
//!
//! [[step]]
//! kind = "read"
//! text = "..."
//! ```
//!
//! Steps are `[[step]]` tables, numbered from 1 in error messages. Every step has a
//! `kind`; the other fields depend on it (a field a kind does not use is an error).
//!
//! ## Positions
//!
//! `position` is `"start"`, a transcript played from the start (`"f5 d6 c3"`, passes
//! implied or written `pass`), or an OBF line (64 characters a1…h8 of `X` black,
//! `O` white, `-` empty, a space, then `X` or `O` for the side to move). A transcript
//! is legal by construction. A constructed OBF position counts as *legal* when
//! the four centre squares are occupied and the occupied squares form one group
//! connected by king moves (every disc ever played touched an earlier one). The
//! side to move must have a legal move in `find-move` and `play-out` steps; a
//! `read` or `question` step may show a pass or a finished game (that is how the
//! rules of passing and scoring are taught).
//!
//! `highlight = ["b2", "g2"]` marks squares on the board in any step.
//!
//! ## Stated facts
//!
//! Any step may list the facts its words state, each a small typed claim checked on
//! the board the step shows (see [`crate::tutor::facts`] for the claims):
//!
//! ```toml
//! facts = ["moves black = 10", "no-move black a1", "disc white a2", "empty a3",
//!          "after e2: moves white = 5", "worse f4 d6 by 2..6", "opening Tiger"]
//! ```
//!
//! The board a step shows is its position, with a read step's `play` or a
//! question's `move` played (except for a `flips` question, which shows the board
//! before its move). `check-content` proves every fact (the `worse` and `at-least`
//! claims with the engine's search at the proof's settings), and also reads the
//! text back for claims it can check without annotation: "Black has no way to play
//! a1", "no white disc next to it", "gives Black fewer footholds", and any "about N
//! discs worse", which must be backed by a `worse` fact. A reading step whose text
//! names a square or an edge's gaps must have a position.
//!
//! ## `read`: text to read, no answer
//!
//! | field | |
//! |---|---|
//! | `text` | required |
//! | `position` | optional board to show |
//! | `highlight` | optional squares to mark |
//! | `play` | optional legal move shown being played after the text (flips marked) |
//!
//! ## `find-move`: play the right move
//!
//! | field | |
//! |---|---|
//! | `text` | optional context shown above the prompt |
//! | `position` | required; the learner plays the side to move |
//! | `prompt` | required: exactly what to do ("Black to play: take a corner.") |
//! | `check` | required: how the right moves are defined (below) |
//! | `moves` | required: the accepted moves as stated by the author; `check-content` proves this set |
//! | `tolerance` | discs a move may lose against the best and still count (`best`, `exact`, `moves`; default 0) |
//! | `hint` | optional; a default hint comes from the check |
//! | `explain` | required: why, shown after the answer, beside the engine's own explanation |
//!
//! `check` is one of:
//! - `best`: every move within `tolerance` discs of the best, by the exact solver at
//!   20 empties or fewer, otherwise by a search of depth 12 or more; `moves` must be that set.
//! - `exact`: the same by the solver only (20 empties at most).
//! - `moves`: `moves` is the author's own list; each must be within `tolerance` of the best.
//! - concepts the engine computes, and `moves` must equal: `min-opponent-mobility`
//!   (leaves the opponent the fewest moves), `quiet` (flips no frontier disc),
//!   `takes-corner`, `no-x-or-c` (not an X- or C-square next to an empty corner),
//!   `wedge` (an edge move after which both of its neighbours along the edge are still
//!   the opponent's, flips included: `engine::features::is_wedge`), `parity` (plays into an
//!   empty region of odd size), `max-stable` (most stable discs after the move),
//!   `max-flips` (flips the most discs).
//!
//! The accepted set must be a proper, non-empty subset of the legal moves.
//!
//! ## `question`: a number or a choice the engine computes
//!
//! | field | |
//! |---|---|
//! | `text`, `highlight`, `hint` | optional |
//! | `position` | required |
//! | `prompt` | required: the question |
//! | `ask` | required: what is computed (below) |
//! | `move` | a move played first ("after e6, …"); required by `flips` and `next-to-move` |
//! | `color` | `"black"` or `"white"`, whose discs or moves (required by `discs`, `stable-discs`, `frontier-discs`, `final-score`, `exact-score`; `legal-moves` defaults to the side to move) |
//! | `choices` | the options of a choice question |
//! | `answer` | required: an integer, or one of the choices |
//! | `explain` | required |
//!
//! Number questions (`answer` is an integer): `legal-moves`, `flips` (discs `move`
//! flips), `discs`, `stable-discs`, `frontier-discs`, `empty-regions`, `odd-regions`,
//! `final-score` (discs of `color` when the game is over, empty squares to the
//! winner), `exact-score` (the final disc margin of `color` with perfect play; 20
//! empties at most).
//!
//! Choice questions (`answer` is a string): `winner` (`Black`, `White` or `Draw`: of
//! the finished game, or with perfect play), `next-to-move` (`Black`, `White` or
//! `Nobody` after `move`: passes and the end), and questions whose `choices` are legal
//! moves, exactly one of which has the property: `gives-corner`, `quiet`, `wedge`,
//! `most-flips`, `fewest-opponent-moves`, `most-stable`.
//!
//! ## `play-out`: play on against the engine until a goal is met
//!
//! | field | |
//! |---|---|
//! | `text`, `highlight`, `hint` | optional |
//! | `position` | required; the learner plays the side to move |
//! | `prompt` | required |
//! | `goal` | required: `win` (finish with more discs, by at least `margin`, default 1; 20 empties at most), `take-corner` (within `within` of your moves), `limit-mobility` (after each of your first `within` moves the opponent has at most `max` moves), `stable` (at least `count` stable discs after one of your first `within` moves) |
//! | `within`, `max`, `count`, `margin` | as the goal needs (`within` is 1 to 4) |
//! | `opponent` | `greedy`, `static`, `mobility` or `level1` … `level6` (default `level6`) |
//! | `explain` | required |
//!
//! `check-content` proves the goal can be forced against every reply (the solver
//! for `win`, an exhaustive search of the replies for the others).
//!
//! ## Attempts, hints and stars
//!
//! A wrong answer gets a specific why and a retry; the second wrong answer shows the
//! hint; the third shows the answer ([`StepAttempts`]). A lesson earns 1 to 3 stars
//! ([`stars`]).
//!
//! # The rooms
//!
//! - `raw`: the serde types, as written in the file;
//! - `convert`: raw → checked ([`Lesson::from_toml`]), every error with file, step and field;
//! - `setup`: reading a position ([`parse_setup`], [`check_constructed`]);
//! - `model`: the checked types; the interactive steps share a [`StepHeader`];
//! - `error`: [`ContentError`] and [`Problem`];
//! - `judge`: a played move, a typed answer, a played-out line ([`Verdict`], [`GoalStatus`]);
//! - `answers`: what the engine computes ([`Check::concept_moves`], [`Question::compute`]);
//! - `playout`: the proof that a play-out goal can be forced ([`PlayOut::forcing_moves`]);
//! - `prove`: the engine's proof of every stated answer ([`prove_lesson`]);
//! - `stars`: attempts, hints and stars.

mod answers;
mod convert;
mod error;
mod judge;
mod model;
mod playout;
mod prove;
mod raw;
mod setup;
mod stars;
mod stated;

pub use answers::QuestionError;
pub use convert::parse_opponent;
pub use error::{
    Basis, ContentError, Duplicate, Invalid, Mismatch, PositionProblem, Problem, Unproved,
};
pub use model::{
    Answer, Ask, Check, FindMove, Goal, GoalStatus, Lesson, PlayOut, Question, Read, Setup, Step,
    StepHeader, Verdict,
};
pub use playout::ProofError;
pub use prove::{ProofSettings, prove_lesson, step_fact_errors, step_line};
pub use setup::{check_constructed, parse_setup};
pub use stars::{
    HINT_AFTER_WRONG, NextAction, ONE_STAR, REVEAL_AFTER_WRONG, StepAttempts, THREE_STARS,
    TWO_STARS, lesson_stars, stars,
};
pub use stated::{StatedGap, TextClaim, text_claim_errors, text_claims};

/// The most empties a step that needs the exact solver may have.
pub const EXACT_MAX_EMPTIES: u32 = 20;
/// The largest `within` of a play-out goal (the proof searches every reply).
pub const MAX_WITHIN: u32 = 4;
