//! The lesson model: lessons are TOML files (`lessons/NN-name.toml`), read into raw
//! serde structs, then checked into typed values ([`Lesson`], [`Step`]) whose
//! positions are parsed [`Position`]s and whose squares are [`Square`]s. Every error
//! names the file, the step and the field. Judging a step (a played move, a typed
//! answer, a played-out line) is plain logic with no terminal code.
//!
//! Loading checks the structure and the rules (positions legal, stated moves legal,
//! answers of the right type). Proving every stated answer with the engine is the
//! job of [`crate::tutor::content::check_content`] (`othello-tutor check-content`).
//!
//! # The lesson file
//!
//! ```toml
//! id = "mobility"                    # unique, lowercase letters, digits and '-'
//! title = "Mobility: leave your opponent bad moves only"
//! order = 6                          # lessons are shown by order (unique)
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
//!   `wedge` (an edge square between two opposing edge discs), `parity` (plays into an
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

use crate::engine::analysis::MoveValue;
use crate::engine::bits::{CORNERS, neighbours};
use crate::engine::endgame::Solver;
use crate::engine::features::{empty_regions, frontier_discs, stable_discs};
use crate::engine::notation::{self, NotationError};
use crate::engine::players::{MAX_LEVEL, Strategy};
use crate::engine::{Color, Game, Move, Position, Square, SquareSet};
use crate::tutor::explain::{
    MoveFacts, contrast, describe, footholds, illegal_reason, move_facts, plural, square_list,
};
use serde::Deserialize;
use std::fmt;

/// The most empties a step that needs the exact solver may have.
pub const EXACT_MAX_EMPTIES: u32 = 20;
/// The largest `within` of a play-out goal (the proof searches every reply).
pub const MAX_WITHIN: u32 = 4;

// ---------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------

/// One problem in a content file, with where it is: file, step (1-based) and field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct ContentError {
    /// The file, as `lessons/06-mobility.toml`.
    pub file: String,
    /// The step, counted from 1, when the problem is in a step.
    pub step: Option<usize>,
    /// The field, when the problem is in one.
    pub field: Option<String>,
    /// What is wrong.
    pub problem: Problem,
}

impl ContentError {
    /// An error at a file, step and field.
    pub fn new(
        file: &str,
        step: Option<usize>,
        field: Option<&str>,
        problem: Problem,
    ) -> ContentError {
        ContentError {
            file: file.to_string(),
            step,
            field: field.map(str::to_string),
            problem,
        }
    }

    fn render(&self) -> String {
        let mut s = self.file.clone();
        if let Some(step) = self.step {
            s.push_str(&format!(", step {step}"));
        }
        if let Some(field) = &self.field {
            s.push_str(&format!(", field {field}"));
        }
        format!("{s}: {}", self.problem)
    }
}

/// What is wrong with a piece of content.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The file is not valid TOML or does not fit the schema (the TOML library's
    /// message, with line and column).
    #[error("{0}")]
    Toml(String),
    /// The file is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// A field the step's kind needs is missing.
    #[error("missing: a {kind} step needs it")]
    Missing {
        /// The step kind.
        kind: &'static str,
    },
    /// A field the step's kind does not use.
    #[error("not used by a {kind} step")]
    NotUsed {
        /// The step kind.
        kind: &'static str,
    },
    /// A position that cannot be read.
    #[error("`{text}` is not a position (transcript, OBF or \"start\"): {reason}")]
    BadPosition {
        /// The text.
        text: String,
        /// Why (the notation error).
        reason: String,
    },
    /// A position that breaks the legality rules for constructed positions, or that
    /// does not suit the step.
    #[error("{0}")]
    IllegalPosition(String),
    /// Text that is not a square.
    #[error("`{0}` is not a square (a1 to h8)")]
    BadSquare(String),
    /// A move that is not legal in the step's position.
    #[error("{0}")]
    IllegalMove(String),
    /// A value out of its range, or fields that do not fit together.
    #[error("{0}")]
    Invalid(String),
    /// A stated answer the engine does not confirm.
    #[error("stated {stated}, but the engine finds {computed}")]
    Mismatch {
        /// What the file says.
        stated: String,
        /// What the engine computes (with the basis of the computation).
        computed: String,
    },
    /// The engine could not prove the statement (goal not forceable, search stopped).
    #[error("{0}")]
    NotProved(String),
    /// Two lessons with one id, or one order.
    #[error("{0}")]
    Duplicate(String),
}

// ---------------------------------------------------------------------------------
// Raw serde structs
// ---------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    id: String,
    title: String,
    order: u32,
    #[serde(default)]
    concepts: Vec<String>,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    step: Vec<RawStep>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    kind: StepKind,
    text: Option<String>,
    position: Option<String>,
    highlight: Option<Vec<String>>,
    play: Option<String>,
    prompt: Option<String>,
    check: Option<Check>,
    tolerance: Option<u32>,
    moves: Option<Vec<String>>,
    hint: Option<String>,
    explain: Option<String>,
    ask: Option<Ask>,
    color: Option<ColorName>,
    #[serde(rename = "move")]
    mv: Option<String>,
    answer: Option<toml::Value>,
    choices: Option<Vec<String>>,
    goal: Option<GoalKind>,
    within: Option<u32>,
    max: Option<u32>,
    count: Option<u32>,
    margin: Option<i32>,
    opponent: Option<String>,
}

impl RawStep {
    /// The names of the fields present (besides `kind`).
    fn present(&self) -> Vec<&'static str> {
        let flags = [
            ("text", self.text.is_some()),
            ("position", self.position.is_some()),
            ("highlight", self.highlight.is_some()),
            ("play", self.play.is_some()),
            ("prompt", self.prompt.is_some()),
            ("check", self.check.is_some()),
            ("tolerance", self.tolerance.is_some()),
            ("moves", self.moves.is_some()),
            ("hint", self.hint.is_some()),
            ("explain", self.explain.is_some()),
            ("ask", self.ask.is_some()),
            ("color", self.color.is_some()),
            ("move", self.mv.is_some()),
            ("answer", self.answer.is_some()),
            ("choices", self.choices.is_some()),
            ("goal", self.goal.is_some()),
            ("within", self.within.is_some()),
            ("max", self.max.is_some()),
            ("count", self.count.is_some()),
            ("margin", self.margin.is_some()),
            ("opponent", self.opponent.is_some()),
        ];
        flags
            .iter()
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum StepKind {
    Read,
    FindMove,
    Question,
    PlayOut,
}

impl StepKind {
    const fn name(self) -> &'static str {
        match self {
            StepKind::Read => "read",
            StepKind::FindMove => "find-move",
            StepKind::Question => "question",
            StepKind::PlayOut => "play-out",
        }
    }

    const fn fields(self) -> &'static [&'static str] {
        match self {
            StepKind::Read => &["text", "position", "highlight", "play"],
            StepKind::FindMove => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "check",
                "tolerance",
                "moves",
                "hint",
                "explain",
            ],
            StepKind::Question => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "ask",
                "color",
                "move",
                "answer",
                "choices",
                "hint",
                "explain",
            ],
            StepKind::PlayOut => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "goal",
                "within",
                "max",
                "count",
                "margin",
                "opponent",
                "hint",
                "explain",
            ],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ColorName {
    Black,
    White,
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Color {
        match c {
            ColorName::Black => Color::Black,
            ColorName::White => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum GoalKind {
    Win,
    TakeCorner,
    LimitMobility,
    Stable,
}

// ---------------------------------------------------------------------------------
// Checked types
// ---------------------------------------------------------------------------------

/// A lesson, checked: every position parsed and legal, every square read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The file it came from (`lessons/06-mobility.toml`).
    pub file: String,
    /// Unique id, used by the saved progress.
    pub id: String,
    /// The title.
    pub title: String,
    /// Its place in the list of lessons.
    pub order: u32,
    /// The ideas it teaches.
    pub concepts: Vec<String>,
    /// One line for the menu.
    pub summary: Option<String>,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Lesson {
    /// Reads and checks a lesson file; `file` names it in the errors. Returns every
    /// error found, not just the first.
    pub fn from_toml(file: &str, text: &str) -> Result<Lesson, Vec<ContentError>> {
        let raw: RawLesson = toml::from_str(text).map_err(|e| {
            let step = e.span().map(|span| step_at(text, span.start)).unwrap_or(0);
            let msg = e.to_string().trim_end().to_string();
            vec![ContentError::new(
                file,
                (step > 0).then_some(step),
                None,
                Problem::Toml(msg),
            )]
        })?;
        let mut errors = Vec::new();
        let id_ok = !raw.id.is_empty()
            && raw
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            errors.push(ContentError::new(
                file,
                None,
                Some("id"),
                Problem::Invalid(format!(
                    "`{}` is not an id: use lowercase letters, digits and '-'",
                    raw.id
                )),
            ));
        }
        if raw.title.trim().is_empty() {
            errors.push(ContentError::new(
                file,
                None,
                Some("title"),
                Problem::Invalid("the title is empty".into()),
            ));
        }
        if raw.step.is_empty() {
            errors.push(ContentError::new(
                file,
                None,
                Some("step"),
                Problem::Invalid("a lesson needs at least one step".into()),
            ));
        }
        let mut steps = Vec::new();
        for (i, rs) in raw.step.into_iter().enumerate() {
            let mut ctx = StepCtx {
                file,
                step: i + 1,
                kind: rs.kind.name(),
                errors: &mut errors,
            };
            if let Some(step) = convert_step(rs, &mut ctx) {
                steps.push(step);
            }
        }
        if errors.is_empty() {
            Ok(Lesson {
                file: file.to_string(),
                id: raw.id,
                title: raw.title,
                order: raw.order,
                concepts: raw.concepts,
                summary: raw.summary,
                steps,
            })
        } else {
            Err(errors)
        }
    }

    /// Number of steps.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// Number of steps that need an answer (find-move, question, play-out).
    pub fn interactive_count(&self) -> usize {
        self.steps.iter().filter(|s| s.is_interactive()).count()
    }
}

/// The step (1-based) whose `[[step]]` header comes last before byte `offset`.
fn step_at(text: &str, offset: usize) -> usize {
    let head = &text[..offset.min(text.len())];
    head.lines()
        .filter(|l| l.trim_start().starts_with("[[step]]"))
        .count()
}

/// A position to show or play from, as the file gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The position.
    pub position: Position,
    /// The last move of a transcript (to mark on the board).
    pub last_move: Option<Square>,
    /// The text from the file.
    pub source: String,
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Text to read.
    Read(Read),
    /// Find the right move.
    FindMove(FindMove),
    /// Answer a question.
    Question(Question),
    /// Play on until a goal is met.
    PlayOut(PlayOut),
}

impl Step {
    /// Whether the step asks for an answer.
    pub fn is_interactive(&self) -> bool {
        !matches!(self, Step::Read(_))
    }

    /// The kind as written in the file (`read`, `find-move`, …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Step::Read(_) => "read",
            Step::FindMove(_) => "find-move",
            Step::Question(_) => "question",
            Step::PlayOut(_) => "play-out",
        }
    }

    /// The position shown, if any.
    pub fn setup(&self) -> Option<&Setup> {
        match self {
            Step::Read(r) => r.setup.as_ref(),
            Step::FindMove(f) => Some(&f.setup),
            Step::Question(q) => Some(&q.setup),
            Step::PlayOut(p) => Some(&p.setup),
        }
    }

    /// The squares to mark.
    pub fn highlight(&self) -> &[Square] {
        match self {
            Step::Read(r) => &r.highlight,
            Step::FindMove(f) => &f.highlight,
            Step::Question(q) => &q.highlight,
            Step::PlayOut(p) => &p.highlight,
        }
    }
}

/// A text to read, perhaps with a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The text.
    pub text: String,
    /// The board shown.
    pub setup: Option<Setup>,
    /// Squares to mark.
    pub highlight: Vec<Square>,
    /// A move shown being played after the text.
    pub play: Option<Square>,
}

/// How the right moves of a find-move step are defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// Within `tolerance` of the best (solver, or a deep search above 20 empties).
    Best,
    /// Within `tolerance` of the best, by the solver.
    Exact,
    /// The author's list, each within `tolerance` of the best.
    Moves,
    /// Leaves the opponent the fewest moves.
    MinOpponentMobility,
    /// Flips no frontier disc.
    Quiet,
    /// Takes a corner.
    TakesCorner,
    /// Not an X- or C-square next to an empty corner.
    NoXOrC,
    /// A wedge on an edge.
    Wedge,
    /// Plays into an odd empty region.
    Parity,
    /// The most stable discs after the move.
    MaxStable,
    /// Flips the most discs.
    MaxFlips,
}

impl Check {
    /// The name as written in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Check::Best => "best",
            Check::Exact => "exact",
            Check::Moves => "moves",
            Check::MinOpponentMobility => "min-opponent-mobility",
            Check::Quiet => "quiet",
            Check::TakesCorner => "takes-corner",
            Check::NoXOrC => "no-x-or-c",
            Check::Wedge => "wedge",
            Check::Parity => "parity",
            Check::MaxStable => "max-stable",
            Check::MaxFlips => "max-flips",
        }
    }

    /// Whether the engine's values of the moves (search or solver) define the answer.
    pub const fn uses_values(self) -> bool {
        matches!(self, Check::Best | Check::Exact | Check::Moves)
    }

    /// The moves of `pos` that have the concept, or `None` for the value-based checks.
    /// Computed from the engine's features; cheap.
    pub fn concept_moves(self, pos: &Position) -> Option<SquareSet> {
        let facts: Vec<MoveFacts> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|sq| move_facts(pos, sq))
            .collect();
        let select = |keep: &dyn Fn(&MoveFacts) -> bool| -> SquareSet {
            facts.iter().filter(|f| keep(f)).map(|f| f.square).collect()
        };
        let argbest = |key: &dyn Fn(&MoveFacts) -> i64| -> SquareSet {
            let top = facts.iter().map(key).max();
            facts
                .iter()
                .filter(|f| Some(key(f)) == top)
                .map(|f| f.square)
                .collect()
        };
        Some(match self {
            Check::Best | Check::Exact | Check::Moves => return None,
            Check::MinOpponentMobility => argbest(&|f| -i64::from(f.their_moves_after)),
            Check::Quiet => select(&|f| f.quiet),
            Check::TakesCorner => select(&|f| f.takes_corner.is_some()),
            Check::NoXOrC => select(&|f| f.x_square_of.is_none() && f.c_square_of.is_none()),
            Check::Wedge => select(&|f| f.wedge),
            Check::Parity => select(&|f| f.odd_region()),
            Check::MaxStable => argbest(&|f| i64::from(f.stable_after)),
            Check::MaxFlips => argbest(&|f| i64::from(f.flipped.len())),
        })
    }
}

/// Find the right move: the learner plays the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindMove {
    /// Context shown above the prompt.
    pub text: Option<String>,
    /// The position.
    pub setup: Setup,
    /// Squares to mark.
    pub highlight: Vec<Square>,
    /// What to do.
    pub prompt: String,
    /// How the right moves are defined.
    pub check: Check,
    /// Discs a move may lose against the best and still count.
    pub tolerance: u32,
    /// The accepted moves (proved by `check-content`).
    pub moves: SquareSet,
    /// The hint as written, if any.
    pub hint_text: Option<String>,
    /// Why, shown after the answer.
    pub explain: String,
}

/// The verdict on a played move or a typed answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer is accepted.
    pub correct: bool,
    /// Whether the move was legal (always true for questions).
    pub legal: bool,
    /// Why: for a wrong answer what it does wrong, without naming the answer; for a
    /// right one what it does.
    pub why: Vec<String>,
    /// What tells the answer apart from the right one; names the right answer, so
    /// show it only with the answer.
    pub reveal: Vec<String>,
    /// Discs lost against the best move, when the engine's values were given.
    pub loss: Option<i32>,
}

impl FindMove {
    /// The position the learner plays from.
    pub fn position(&self) -> &Position {
        &self.setup.position
    }

    /// Judges a played square. `values` are the engine's values of every move (from
    /// `engine::analysis::analyze`), if the caller has them: they add the disc loss.
    pub fn judge(&self, played: Square, values: Option<&[MoveValue]>) -> Verdict {
        let pos = self.position();
        let Some(facts) = move_facts(pos, played) else {
            return Verdict {
                correct: false,
                legal: false,
                why: vec![illegal_reason(pos, played)],
                reveal: Vec::new(),
                loss: None,
            };
        };
        let loss = values.and_then(|vals| {
            let best = vals.first()?;
            let mine = vals.iter().find(|v| v.mv == Move::Place(played))?;
            Some((best.discs() - mine.discs()).max(0))
        });
        if self.moves.contains(played) {
            return Verdict {
                correct: true,
                legal: true,
                why: describe(&facts),
                reveal: Vec::new(),
                loss,
            };
        }
        let mut why = vec![self.wrong_reason(&facts, loss, values)];
        why.extend(describe(&facts));
        let better = self.better_move(values);
        let mut reveal = Vec::new();
        if let Some(b) = better {
            reveal.extend(contrast(pos, played, b));
        }
        reveal.push(self.answer_text());
        Verdict {
            correct: false,
            legal: true,
            why,
            reveal,
            loss,
        }
    }

    /// The accepted move to compare a wrong one with: the best by the engine's values
    /// when given, else the first accepted move.
    fn better_move(&self, values: Option<&[MoveValue]>) -> Option<Square> {
        values
            .and_then(|vals| {
                vals.iter().find_map(|v| match v.mv {
                    Move::Place(sq) if self.moves.contains(sq) => Some(sq),
                    _ => None,
                })
            })
            .or_else(|| self.moves.into_iter().next())
    }

    /// The one sentence on what a wrong (legal) move does wrong for this check.
    fn wrong_reason(
        &self,
        f: &MoveFacts,
        loss: Option<i32>,
        values: Option<&[MoveValue]>,
    ) -> String {
        let sq = f.square;
        let them = f.mover.opposite();
        match self.check {
            Check::Best | Check::Exact | Check::Moves => match loss {
                Some(l) => {
                    let basis = if values.is_some_and(|v| v.iter().all(|m| m.exact)) {
                        "proved by the solver"
                    } else {
                        "by the engine's search"
                    };
                    format!(
                        "{sq} loses {} against the best move ({basis}).",
                        plural(l.max(0) as u32, "disc", "discs")
                    )
                }
                None => format!("{sq} is not one of the best moves here."),
            },
            Check::MinOpponentMobility => format!(
                "After {sq} {them} has {}; another move leaves fewer.",
                plural(f.their_moves_after, "move", "moves")
            ),
            Check::Quiet => format!(
                "{sq} flips {} ({}), {} for {them}; another move flips none.",
                plural(f.frontier_flipped.len(), "frontier disc", "frontier discs"),
                square_list(f.frontier_flipped),
                footholds(f.frontier_flipped.len())
            ),
            Check::TakesCorner => format!("{sq} is not a corner, and a corner is yours to take."),
            Check::NoXOrC => match (f.x_square_of, f.c_square_of) {
                (Some(c), _) => format!("{sq} is an X-square next to the empty {c} corner."),
                (None, Some(c)) => format!("{sq} is a C-square next to the empty {c} corner."),
                (None, None) => format!("{sq} is not one of the safe moves asked for."),
            },
            Check::Wedge => format!(
                "{sq} is not a wedge: it does not sit on an edge between two {} discs.",
                them.name().to_lowercase()
            ),
            Check::Parity => format!(
                "{sq} plays into a region of {} empty squares, an even number; an odd region is open.",
                f.region_size
            ),
            Check::MaxStable => format!(
                "After {sq} you have {}; another move makes more.",
                plural(f.stable_after, "stable disc", "stable discs")
            ),
            Check::MaxFlips => format!(
                "{sq} flips {}; another move flips more.",
                plural(f.flipped.len(), "disc", "discs")
            ),
        }
    }

    /// The hint: the file's, or one that follows from the check.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        let them = self.position().to_move.opposite();
        match self.check {
            Check::Best | Check::Exact | Check::Moves => {
                "Look at what each candidate gives the opponent: corners, moves, frontier discs."
                    .into()
            }
            Check::MinOpponentMobility => {
                format!("Count {them}'s replies after each candidate and pick the fewest.")
            }
            Check::Quiet => "Find a move whose flipped discs all stay surrounded by discs.".into(),
            Check::TakesCorner => "Look at the four corners: can you flank from one?".into(),
            Check::NoXOrC => "Stay off the squares next to the empty corners.".into(),
            Check::Wedge => format!(
                "Look along the edges for an empty square between two {} discs.",
                them.name().to_lowercase()
            ),
            Check::Parity => {
                "Count the empty squares of each region; play where the count is odd.".into()
            }
            Check::MaxStable => "Think of corners and the full lines next to them.".into(),
            Check::MaxFlips => "Count the flips in every direction, not just one.".into(),
        }
    }

    /// The answer in words: "The answer: e8." or "Accepted: e8 g6."
    pub fn answer_text(&self) -> String {
        if self.moves.len() == 1 {
            format!("The answer: {}.", square_list(self.moves))
        } else {
            format!("Accepted: {}.", square_list(self.moves))
        }
    }
}

/// What a question asks; the engine computes the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ask {
    /// Number of legal moves of `color` (default the side to move).
    LegalMoves,
    /// Discs flipped by `move`.
    Flips,
    /// Discs of `color`.
    Discs,
    /// Stable discs of `color`.
    StableDiscs,
    /// Frontier discs of `color`.
    FrontierDiscs,
    /// Number of empty regions.
    EmptyRegions,
    /// Number of empty regions of odd size.
    OddRegions,
    /// Final count of `color` in a finished game, empties to the winner.
    FinalScore,
    /// Final disc margin of `color` with perfect play.
    ExactScore,
    /// Black, White or Draw.
    Winner,
    /// Black, White or Nobody after `move`.
    NextToMove,
    /// Which of the choices gives the opponent a corner.
    GivesCorner,
    /// Which of the choices is quiet.
    Quiet,
    /// Which of the choices is a wedge.
    Wedge,
    /// Which of the choices flips the most.
    MostFlips,
    /// Which of the choices leaves the opponent the fewest moves.
    FewestOpponentMoves,
    /// Which of the choices gives the most stable discs.
    MostStable,
}

impl Ask {
    /// The name as written in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Ask::LegalMoves => "legal-moves",
            Ask::Flips => "flips",
            Ask::Discs => "discs",
            Ask::StableDiscs => "stable-discs",
            Ask::FrontierDiscs => "frontier-discs",
            Ask::EmptyRegions => "empty-regions",
            Ask::OddRegions => "odd-regions",
            Ask::FinalScore => "final-score",
            Ask::ExactScore => "exact-score",
            Ask::Winner => "winner",
            Ask::NextToMove => "next-to-move",
            Ask::GivesCorner => "gives-corner",
            Ask::Quiet => "quiet",
            Ask::Wedge => "wedge",
            Ask::MostFlips => "most-flips",
            Ask::FewestOpponentMoves => "fewest-opponent-moves",
            Ask::MostStable => "most-stable",
        }
    }

    /// Whether the answer is a number.
    pub const fn is_number(self) -> bool {
        matches!(
            self,
            Ask::LegalMoves
                | Ask::Flips
                | Ask::Discs
                | Ask::StableDiscs
                | Ask::FrontierDiscs
                | Ask::EmptyRegions
                | Ask::OddRegions
                | Ask::FinalScore
                | Ask::ExactScore
        )
    }

    /// Whether the choices are moves, one of which has a property.
    pub const fn is_square_choice(self) -> bool {
        matches!(
            self,
            Ask::GivesCorner
                | Ask::Quiet
                | Ask::Wedge
                | Ask::MostFlips
                | Ask::FewestOpponentMoves
                | Ask::MostStable
        )
    }

    const fn needs_color(self) -> bool {
        matches!(
            self,
            Ask::Discs | Ask::StableDiscs | Ask::FrontierDiscs | Ask::FinalScore | Ask::ExactScore
        )
    }

    const fn fixed_choices(self) -> Option<[&'static str; 3]> {
        match self {
            Ask::Winner => Some(["Black", "White", "Draw"]),
            Ask::NextToMove => Some(["Black", "White", "Nobody"]),
            _ => None,
        }
    }
}

/// The answer of a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A number.
    Number(i64),
    /// One of the choices.
    Choice(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Choice(c) => f.write_str(c),
        }
    }
}

/// A question with a number or a choice for an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// Context shown above the prompt.
    pub text: Option<String>,
    /// The position asked about (before `play`).
    pub setup: Setup,
    /// Squares to mark.
    pub highlight: Vec<Square>,
    /// The question.
    pub prompt: String,
    /// What is computed.
    pub ask: Ask,
    /// Whose discs or moves.
    pub color: Option<Color>,
    /// A move played before asking.
    pub play: Option<Square>,
    /// The options (empty for a number question).
    pub choices: Vec<String>,
    /// The stated answer (proved by `check-content`).
    pub answer: Answer,
    /// The hint as written, if any.
    pub hint_text: Option<String>,
    /// Why, shown after the answer.
    pub explain: String,
}

impl Question {
    /// The position after `play` (if any): what the question is about.
    pub fn asked_position(&self) -> Position {
        match self.play {
            Some(sq) => self.setup.position.play_unchecked(sq),
            None => self.setup.position,
        }
    }

    /// Computes the answer with the engine (the solver only for `exact-score` and for
    /// `winner` of an unfinished game).
    pub fn compute(&self, solver: &mut Solver) -> Result<Answer, String> {
        let pos = self.asked_position();
        let color = self.color.unwrap_or(pos.to_move);
        let own = pos.discs(color);
        let opp = pos.discs(color.opposite());
        let empty = pos.board.empty();
        let n = |v: u32| Ok(Answer::Number(i64::from(v)));
        match self.ask {
            Ask::LegalMoves => n(crate::engine::features::mobility(own, opp)),
            Ask::Flips => {
                let sq = self.play.ok_or("`flips` needs a move")?;
                n(self.setup.position.board.flips(sq).len())
            }
            Ask::Discs => n(own.count_ones()),
            Ask::StableDiscs => n(stable_discs(own, opp).count_ones()),
            Ask::FrontierDiscs => n(frontier_discs(own, empty).count_ones()),
            Ask::EmptyRegions => n(empty_regions(empty).len() as u32),
            Ask::OddRegions => n(empty_regions(empty)
                .iter()
                .filter(|r| r.count_ones() % 2 == 1)
                .count() as u32),
            Ask::FinalScore => {
                if !pos.is_game_over() {
                    return Err("the game is not over, so there is no final score".into());
                }
                let (b, w) = pos.final_counts();
                n(if color == Color::Black { b } else { w })
            }
            Ask::ExactScore => {
                let margin = exact_margin(&pos, solver)?;
                Ok(Answer::Number(i64::from(if color == pos.to_move {
                    margin
                } else {
                    -margin
                })))
            }
            Ask::Winner => {
                let margin_black = if pos.is_game_over() {
                    let (b, w) = pos.final_counts();
                    b as i32 - w as i32
                } else {
                    pos.to_black_view(exact_margin(&pos, solver)?)
                };
                Ok(Answer::Choice(
                    match margin_black.signum() {
                        1 => "Black",
                        -1 => "White",
                        _ => "Draw",
                    }
                    .into(),
                ))
            }
            Ask::NextToMove => {
                let next = if pos.is_game_over() {
                    "Nobody"
                } else if pos.must_pass() {
                    pos.to_move.opposite().name()
                } else {
                    pos.to_move.name()
                };
                Ok(Answer::Choice(next.into()))
            }
            Ask::GivesCorner
            | Ask::Quiet
            | Ask::Wedge
            | Ask::MostFlips
            | Ask::FewestOpponentMoves
            | Ask::MostStable => self.square_choice(&pos),
        }
    }

    fn square_choice(&self, pos: &Position) -> Result<Answer, String> {
        let mut facts = Vec::new();
        for c in &self.choices {
            let sq = Square::parse(c).map_err(|_| format!("`{c}` is not a square"))?;
            let f = move_facts(pos, sq).ok_or_else(|| format!("{sq} is not a legal move"))?;
            facts.push(f);
        }
        let key = |f: &MoveFacts| -> i64 {
            match self.ask {
                Ask::GivesCorner => i64::from(!f.corners_given.is_empty()),
                Ask::Quiet => i64::from(f.quiet),
                Ask::Wedge => i64::from(f.wedge),
                Ask::MostFlips => i64::from(f.flipped.len()),
                Ask::FewestOpponentMoves => -i64::from(f.their_moves_after),
                _ => i64::from(f.stable_after),
            }
        };
        let top = facts.iter().map(key).max().ok_or("no choices")?;
        let winners: Vec<Square> = facts
            .iter()
            .filter(|f| key(f) == top)
            .map(|f| f.square)
            .collect();
        let names: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
        if matches!(self.ask, Ask::GivesCorner | Ask::Quiet | Ask::Wedge) && top == 0 {
            return Err(format!("no choice is {}", self.ask.name()));
        }
        if winners.len() != 1 {
            return Err(format!(
                "{} choices fit `{}` ({}); exactly one must",
                winners.len(),
                self.ask.name(),
                names.join(" ")
            ));
        }
        Ok(Answer::Choice(names.join(" ")))
    }

    /// Judges a typed answer: a number, or a choice (any case; a square's name for
    /// square choices).
    pub fn judge(&self, given: &str) -> Verdict {
        let given = given.trim();
        let correct = match &self.answer {
            Answer::Number(n) => given.parse::<i64>().ok() == Some(*n),
            Answer::Choice(c) => given.eq_ignore_ascii_case(c),
        };
        let mut why = Vec::new();
        if !correct {
            match &self.answer {
                Answer::Number(n) => match given.parse::<i64>() {
                    Ok(g) if g > *n => why.push(format!("Not {g}: that is too many.")),
                    Ok(g) => why.push(format!("Not {g}: that is too few.")),
                    Err(_) => why.push(format!("`{given}` is not a number.")),
                },
                Answer::Choice(_) => {
                    let pos = self.asked_position();
                    let listed = self.choices.iter().any(|c| c.eq_ignore_ascii_case(given));
                    match Square::parse(given) {
                        _ if !listed => {
                            why.push(format!(
                                "`{given}` is not one of the choices ({}).",
                                self.choices.join(", ")
                            ));
                        }
                        Ok(sq) if self.ask.is_square_choice() => {
                            why.push(self.choice_reason(&pos, sq));
                        }
                        _ => why.push(format!("Not {given}.")),
                    }
                }
            }
        }
        Verdict {
            correct,
            legal: true,
            why,
            reveal: vec![format!("The answer: {}.", self.answer)],
            loss: None,
        }
    }

    fn choice_reason(&self, pos: &Position, sq: Square) -> String {
        let Some(f) = move_facts(pos, sq) else {
            return illegal_reason(pos, sq);
        };
        let them = f.mover.opposite();
        match self.ask {
            Ask::GivesCorner => format!("{sq} gives {them} no corner."),
            Ask::Quiet => format!(
                "{sq} flips {} ({}).",
                plural(f.frontier_flipped.len(), "frontier disc", "frontier discs"),
                square_list(f.frontier_flipped)
            ),
            Ask::Wedge => format!("{sq} does not sit between two opposing discs on an edge."),
            Ask::MostFlips => format!(
                "{sq} flips {}; another choice flips more.",
                plural(f.flipped.len(), "disc", "discs")
            ),
            Ask::FewestOpponentMoves => format!(
                "After {sq} {them} has {}; another choice leaves fewer.",
                plural(f.their_moves_after, "move", "moves")
            ),
            _ => format!(
                "After {sq} you have {}; another choice makes more.",
                plural(f.stable_after, "stable disc", "stable discs")
            ),
        }
    }

    /// The hint: the file's, or one from what is asked.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        match self.ask {
            Ask::LegalMoves => "A move must flank at least one disc in a straight line.".into(),
            Ask::Flips => "Look in all eight directions from the square.".into(),
            Ask::StableDiscs => "Start from the corners and follow the full lines.".into(),
            Ask::FrontierDiscs => "A frontier disc touches at least one empty square.".into(),
            Ask::EmptyRegions | Ask::OddRegions => {
                "Empty squares that touch, even at a corner, form one region.".into()
            }
            Ask::FinalScore => "Empty squares go to the winner.".into(),
            Ask::NextToMove => "A player with no legal move must pass.".into(),
            _ => "Try each choice on the board in your head.".into(),
        }
    }
}

/// The final margin of the side to move with perfect play (solver).
fn exact_margin(pos: &Position, solver: &mut Solver) -> Result<i32, String> {
    if pos.is_game_over() {
        return Ok(pos.board.final_score());
    }
    let empties = pos.board.empty_count();
    if empties > EXACT_MAX_EMPTIES {
        return Err(format!(
            "needs the solver, which is limited to {EXACT_MAX_EMPTIES} empties (found {empties})"
        ));
    }
    solver
        .solve(&pos.board)
        .map(|s| s.score)
        .map_err(|e| e.to_string())
}

/// The goal of a play-out step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Finish the game ahead by at least `margin` discs (empties to the winner).
    Win {
        /// Smallest winning margin.
        margin: i32,
    },
    /// Play a corner among your first `within` moves.
    TakeCorner {
        /// Moves allowed.
        within: u32,
    },
    /// After each of your first `within` moves the opponent has at most `max` moves.
    LimitMobility {
        /// Most opponent moves allowed.
        max: u32,
        /// Moves to keep it up.
        within: u32,
    },
    /// Have at least `count` stable discs after one of your first `within` moves.
    Stable {
        /// Stable discs to reach.
        count: u32,
        /// Moves allowed.
        within: u32,
    },
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Goal::Win { margin } if margin <= 1 => f.write_str("win the game"),
            Goal::Win { margin } => write!(f, "win by at least {margin} discs"),
            Goal::TakeCorner { within } => {
                write!(
                    f,
                    "take a corner within {}",
                    plural(within, "move", "moves")
                )
            }
            Goal::LimitMobility { max, within } => write!(
                f,
                "leave your opponent at most {} after each of your next {}",
                plural(max, "move", "moves"),
                plural(within, "move", "moves")
            ),
            Goal::Stable { count, within } => write!(
                f,
                "have {count} stable discs within {}",
                plural(within, "move", "moves")
            ),
        }
    }
}

/// Where a play-out stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalStatus {
    /// Not decided yet: play on.
    Ongoing,
    /// Done.
    Achieved(String),
    /// Missed, with why.
    Failed(String),
}

/// Why a goal could not be proved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// The exhaustive search or the solver was too expensive.
    #[error("{0}")]
    TooExpensive(String),
}

/// Play on from a position until a goal is met; the opponent's replies come from an
/// `engine::players::Player` with [`PlayOut::opponent`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOut {
    /// Context shown above the prompt.
    pub text: Option<String>,
    /// The start position; the learner plays the side to move.
    pub setup: Setup,
    /// Squares to mark.
    pub highlight: Vec<Square>,
    /// What to do.
    pub prompt: String,
    /// The goal.
    pub goal: Goal,
    /// Who replies.
    pub opponent: Strategy,
    /// The hint as written, if any.
    pub hint_text: Option<String>,
    /// Why, shown after the play-out.
    pub explain: String,
}

/// Node budget of the exhaustive proof of a play-out goal.
const PROOF_NODES: u64 = 5_000_000;

impl PlayOut {
    /// The learner's colour.
    pub fn learner(&self) -> Color {
        self.setup.position.to_move
    }

    /// The opponent's strategy.
    pub fn opponent(&self) -> Strategy {
        self.opponent
    }

    /// Where the game stands against the goal. `game` must start at the step's
    /// position; passes may be written out or left implied.
    pub fn status(&self, game: &Game) -> GoalStatus {
        let learner = self.learner();
        let them = learner.opposite();
        let mut pos = game.start();
        let mut mine = 0u32;
        for mv in game.moves() {
            let mover = pos.to_move;
            let next = match *mv {
                Move::Place(sq) => pos.play_unchecked(sq),
                Move::Pass => pos.pass(),
            };
            if mover == learner
                && let Move::Place(sq) = *mv
            {
                mine += 1;
                match self.goal {
                    Goal::TakeCorner { .. } if sq.bit() & CORNERS != 0 => {
                        return GoalStatus::Achieved(format!("You took the {sq} corner."));
                    }
                    Goal::LimitMobility { max, within } => {
                        let theirs = next.board.legal_moves().len();
                        if theirs > max {
                            return GoalStatus::Failed(format!(
                                "After {sq} {them} had {}.",
                                plural(theirs, "move", "moves")
                            ));
                        }
                        if mine >= within {
                            return GoalStatus::Achieved(format!(
                                "{them} never had more than {} after your moves.",
                                plural(max, "move", "moves")
                            ));
                        }
                    }
                    Goal::Stable { count, .. } => {
                        let n = stable_discs(next.discs(learner), next.discs(them)).count_ones();
                        if n >= count {
                            return GoalStatus::Achieved(format!(
                                "After {sq} you have {}.",
                                plural(n, "stable disc", "stable discs")
                            ));
                        }
                    }
                    _ => {}
                }
                match self.goal {
                    Goal::TakeCorner { within } | Goal::Stable { within, .. } if mine >= within => {
                        return GoalStatus::Failed(format!(
                            "{} played and the goal is not met.",
                            plural(within, "move", "moves")
                        ));
                    }
                    _ => {}
                }
            }
            pos = next;
        }
        if pos.is_game_over() {
            let (b, w) = pos.final_counts();
            let (me, you) = if learner == Color::Black {
                (b, w)
            } else {
                (w, b)
            };
            let margin = me as i32 - you as i32;
            return match self.goal {
                Goal::Win { margin: need } if margin >= need => {
                    GoalStatus::Achieved(format!("You won {me}-{you}."))
                }
                Goal::Win { .. } if margin > 0 => {
                    GoalStatus::Failed(format!("You won {me}-{you}, but not by enough."))
                }
                Goal::Win { .. } if margin == 0 => {
                    GoalStatus::Failed(format!("A draw, {me}-{you}."))
                }
                Goal::Win { .. } => GoalStatus::Failed(format!("You lost {me}-{you}.")),
                Goal::LimitMobility { max, .. } => GoalStatus::Achieved(format!(
                    "The game ended with {them} never above {}.",
                    plural(max, "move", "moves")
                )),
                _ => GoalStatus::Failed("The game ended before the goal was met.".into()),
            };
        }
        GoalStatus::Ongoing
    }

    /// The learner's moves from the step's position that still force the goal against
    /// every reply (the solver for `win`, an exhaustive search of the replies for the
    /// others). Empty when the goal cannot be forced.
    pub fn forcing_moves(&self, solver: &mut Solver) -> Result<SquareSet, ProofError> {
        let pos = self.setup.position;
        let learner = self.learner();
        match self.goal {
            Goal::Win { margin } => {
                let empties = pos.board.empty_count();
                if empties > EXACT_MAX_EMPTIES {
                    return Err(ProofError::TooExpensive(format!(
                        "a win goal needs at most {EXACT_MAX_EMPTIES} empties (found {empties})"
                    )));
                }
                let mut out = SquareSet::EMPTY;
                for sq in pos.legal_moves() {
                    let child = pos.board.play_unchecked(sq);
                    let s = solver
                        .solve(&child)
                        .map_err(|e| ProofError::TooExpensive(e.to_string()))?;
                    if -s.score >= margin {
                        out.0 |= sq.bit();
                    }
                }
                Ok(out)
            }
            _ => {
                let mut budget = PROOF_NODES;
                let mut out = SquareSet::EMPTY;
                for sq in pos.legal_moves() {
                    if self.forced_after(&pos, sq, learner, 1, &mut budget)? {
                        out.0 |= sq.bit();
                    }
                }
                Ok(out)
            }
        }
    }

    /// Whether the learner, having just played `sq` in `pos` as its `n`-th move, can
    /// force the goal.
    fn forced_after(
        &self,
        pos: &Position,
        sq: Square,
        learner: Color,
        n: u32,
        budget: &mut u64,
    ) -> Result<bool, ProofError> {
        if *budget == 0 {
            return Err(ProofError::TooExpensive(format!(
                "the proof of the goal needs more than {PROOF_NODES} positions"
            )));
        }
        *budget -= 1;
        let next = pos.play_unchecked(sq);
        let them = learner.opposite();
        let within = match self.goal {
            Goal::TakeCorner { within } => {
                if sq.bit() & CORNERS != 0 {
                    return Ok(true);
                }
                within
            }
            Goal::LimitMobility { max, within } => {
                if next.board.legal_moves().len() > max {
                    return Ok(false);
                }
                if n >= within {
                    return Ok(true);
                }
                within
            }
            Goal::Stable { count, within } => {
                if stable_discs(next.discs(learner), next.discs(them)).count_ones() >= count {
                    return Ok(true);
                }
                within
            }
            Goal::Win { .. } => return Ok(false),
        };
        if n >= within {
            return Ok(false);
        }
        // The opponent replies (or passes); then the learner must have a good move.
        let replies: Vec<Position> = if next.is_game_over() {
            return Ok(matches!(self.goal, Goal::LimitMobility { .. }));
        } else if next.must_pass() {
            vec![next.pass()]
        } else {
            next.legal_moves()
                .into_iter()
                .map(|r| next.play_unchecked(r))
                .collect()
        };
        for reply in replies {
            let mut me = reply;
            // The learner may have to pass (the opponent then moves again).
            let ok = loop {
                if me.is_game_over() {
                    break matches!(self.goal, Goal::LimitMobility { .. });
                }
                if me.to_move == learner && !me.must_pass() {
                    let mut any = false;
                    for m in me.legal_moves() {
                        if self.forced_after(&me, m, learner, n + 1, budget)? {
                            any = true;
                            break;
                        }
                    }
                    break any;
                }
                if me.to_move == learner {
                    me = me.pass();
                    continue;
                }
                // The opponent to move again after a learner pass: every reply must work.
                let mut all = true;
                for r in me.legal_moves() {
                    let after = me.play_unchecked(r);
                    if after.is_game_over() {
                        if !matches!(self.goal, Goal::LimitMobility { .. }) {
                            all = false;
                        }
                        continue;
                    }
                    let mut good = false;
                    if after.to_move == learner && !after.must_pass() {
                        for m in after.legal_moves() {
                            if self.forced_after(&after, m, learner, n + 1, budget)? {
                                good = true;
                                break;
                            }
                        }
                    }
                    if !good {
                        all = false;
                        break;
                    }
                }
                break all;
            };
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The hint: the file's, or one from the goal.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        match self.goal {
            Goal::Win { .. } => "Count the empty regions and think about who moves last.".into(),
            Goal::TakeCorner { .. } => {
                "Force your opponent onto a square next to a corner, or wedge on an edge.".into()
            }
            Goal::LimitMobility { .. } => "Choose quiet moves that flip no frontier discs.".into(),
            Goal::Stable { .. } => "Build out from a corner along the edges.".into(),
        }
    }
}

/// Reads a player name: `greedy`, `static`, `mobility`, or `level1` … `level6`.
pub fn parse_opponent(text: &str) -> Option<Strategy> {
    match text.to_ascii_lowercase().as_str() {
        "greedy" => Some(Strategy::Greedy),
        "static" => Some(Strategy::StaticSquares),
        "mobility" => Some(Strategy::MobilityOnly),
        other => other
            .strip_prefix("level")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=MAX_LEVEL).contains(n))
            .map(Strategy::Engine),
    }
}

// ---------------------------------------------------------------------------------
// Attempts and stars
// ---------------------------------------------------------------------------------

/// Wrong answers before the hint is shown unasked.
pub const HINT_AFTER_WRONG: u32 = 2;
/// Wrong answers before the answer is shown and the step ends.
pub const REVEAL_AFTER_WRONG: u32 = 3;

/// What the screen should do after an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextAction {
    /// Right: show the explanation and go on.
    Solved,
    /// Wrong: show why and let the learner try again.
    Retry,
    /// Wrong again: show why and the hint, and let the learner try again.
    RetryWithHint,
    /// Out of tries: show the answer and the explanation, and go on.
    Reveal,
}

/// The learner's tries at one interactive step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepAttempts {
    /// Wrong answers (failed play-outs count too).
    pub wrong: u32,
    /// Hints shown (asked for, or shown after the second wrong answer).
    pub hints: u32,
    /// Whether the answer was shown.
    pub revealed: bool,
    /// Whether the learner found the answer.
    pub solved: bool,
}

impl StepAttempts {
    /// Records an answer and says what comes next.
    pub fn record(&mut self, correct: bool) -> NextAction {
        if self.solved {
            return NextAction::Solved;
        }
        if self.revealed {
            return NextAction::Reveal;
        }
        if correct {
            self.solved = true;
            return NextAction::Solved;
        }
        self.wrong += 1;
        if self.wrong >= REVEAL_AFTER_WRONG {
            self.revealed = true;
            NextAction::Reveal
        } else if self.wrong >= HINT_AFTER_WRONG {
            self.hints = self.hints.max(1);
            NextAction::RetryWithHint
        } else {
            NextAction::Retry
        }
    }

    /// The learner asks for the hint (counted once per step).
    pub fn take_hint(&mut self) {
        self.hints = self.hints.max(1);
    }

    /// The learner gives up and asks for the answer.
    pub fn give_up(&mut self) {
        if !self.solved {
            self.revealed = true;
        }
    }

    /// Whether the step is over (solved or revealed).
    pub fn is_done(&self) -> bool {
        self.solved || self.revealed
    }
}

/// Stars for a finished lesson with `interactive` interactive steps:
/// 3 with no wrong answer, no hint and no answer shown; 2 with no answer shown and
/// at most one slip (a wrong answer or a hint) per two interactive steps (at least
/// one slip allowed); 1 otherwise.
pub fn stars(interactive: u32, wrong: u32, hints: u32, revealed: u32) -> u8 {
    let slips = wrong + hints;
    if slips == 0 && revealed == 0 {
        3
    } else if revealed == 0 && slips <= (interactive / 2).max(1) {
        2
    } else {
        1
    }
}

/// Stars from the tries at each interactive step of a finished lesson.
pub fn lesson_stars(attempts: &[StepAttempts]) -> u8 {
    let wrong = attempts.iter().map(|a| a.wrong).sum();
    let hints = attempts.iter().map(|a| a.hints).sum();
    let revealed = attempts.iter().filter(|a| a.revealed).count() as u32;
    stars(attempts.len() as u32, wrong, hints, revealed)
}

// ---------------------------------------------------------------------------------
// Conversion from the raw structs
// ---------------------------------------------------------------------------------

struct StepCtx<'a> {
    file: &'a str,
    step: usize,
    kind: &'static str,
    errors: &'a mut Vec<ContentError>,
}

impl StepCtx<'_> {
    fn err(&mut self, field: &str, problem: Problem) {
        self.errors.push(ContentError::new(
            self.file,
            Some(self.step),
            Some(field),
            problem,
        ));
    }

    fn missing(&mut self, field: &str) {
        let kind = self.kind;
        self.err(field, Problem::Missing { kind });
    }

    fn required<T>(&mut self, field: &str, v: Option<T>) -> Option<T> {
        if v.is_none() {
            self.missing(field);
        }
        v
    }

    fn required_text(&mut self, field: &str, v: Option<String>) -> Option<String> {
        match v {
            Some(t) if t.trim().is_empty() => {
                self.err(field, Problem::Invalid("the text is empty".into()));
                None
            }
            Some(t) => Some(t),
            None => {
                self.missing(field);
                None
            }
        }
    }

    fn square(&mut self, field: &str, text: &str) -> Option<Square> {
        match Square::parse(text.trim()) {
            Ok(sq) => Some(sq),
            Err(_) => {
                self.err(field, Problem::BadSquare(text.to_string()));
                None
            }
        }
    }

    fn squares(&mut self, field: &str, list: Option<Vec<String>>) -> Option<Vec<Square>> {
        let list = list.unwrap_or_default();
        let mut out = Vec::new();
        let mut ok = true;
        for t in &list {
            match self.square(field, t) {
                Some(sq) => out.push(sq),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn legal_move(&mut self, field: &str, pos: &Position, sq: Square) -> bool {
        if pos.board.is_legal(sq) {
            true
        } else {
            self.err(field, Problem::IllegalMove(illegal_reason(pos, sq)));
            false
        }
    }
}

/// Reads a position: "start", an OBF line, or a transcript from the start.
pub fn parse_setup(text: &str) -> Result<Setup, Problem> {
    let t = text.trim();
    let bad = |e: NotationError| Problem::BadPosition {
        text: text.to_string(),
        reason: e.to_string(),
    };
    if t.eq_ignore_ascii_case("start") {
        return Ok(Setup {
            position: Position::start(),
            last_move: None,
            source: text.to_string(),
        });
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let looks_obf = first.chars().count() == 64 && first.chars().all(|c| "XOxo*-.".contains(c));
    if looks_obf {
        let rec = notation::parse_obf(t).map_err(bad)?;
        check_constructed(&rec.position)?;
        Ok(Setup {
            position: rec.position,
            last_move: None,
            source: text.to_string(),
        })
    } else {
        let game = notation::parse_transcript(t).map_err(bad)?;
        let last_move = game.moves().iter().rev().find_map(|m| match m {
            Move::Place(sq) => Some(*sq),
            Move::Pass => None,
        });
        Ok(Setup {
            position: game.current(),
            last_move,
            source: text.to_string(),
        })
    }
}

/// The legality rule for constructed (OBF) positions: the centre squares are
/// occupied and the occupied squares form one king-connected group.
pub fn check_constructed(pos: &Position) -> Result<(), Problem> {
    const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
    let occupied = pos.black() | pos.white();
    if occupied & CENTRE != CENTRE {
        return Err(Problem::IllegalPosition(
            "not a legal position: the four centre squares (d4 e4 d5 e5) must be occupied".into(),
        ));
    }
    let mut group = CENTRE;
    loop {
        let grown = (group | neighbours(group)) & occupied;
        if grown == group {
            break;
        }
        group = grown;
    }
    let loose = occupied & !group;
    if loose != 0 {
        return Err(Problem::IllegalPosition(format!(
            "not a legal position: {} not connected to the centre (every disc is played next to another)",
            square_list(SquareSet(loose))
        )));
    }
    Ok(())
}

fn check_unused(rs: &RawStep, ctx: &mut StepCtx) {
    let kind = rs.kind;
    for field in rs.present() {
        if !kind.fields().contains(&field) {
            ctx.err(field, Problem::NotUsed { kind: kind.name() });
        }
    }
}

fn convert_step(rs: RawStep, ctx: &mut StepCtx) -> Option<Step> {
    check_unused(&rs, ctx);
    let before = ctx.errors.len();
    let setup = match rs.position.as_deref() {
        Some(text) => match parse_setup(text) {
            Ok(s) => Some(s),
            Err(p) => {
                ctx.err("position", p);
                None
            }
        },
        None => None,
    };
    let highlight = ctx.squares("highlight", rs.highlight.clone());
    let step = match rs.kind {
        StepKind::Read => convert_read(rs, setup, highlight, ctx),
        StepKind::FindMove => convert_find_move(rs, setup, highlight, ctx),
        StepKind::Question => convert_question(rs, setup, highlight, ctx),
        StepKind::PlayOut => convert_play_out(rs, setup, highlight, ctx),
    };
    if ctx.errors.len() > before {
        None
    } else {
        step
    }
}

/// The side to move must be able to move (find-move and play-out steps).
fn needs_moves(ctx: &mut StepCtx, setup: &Setup) -> bool {
    let pos = setup.position;
    if pos.is_game_over() {
        ctx.err(
            "position",
            Problem::IllegalPosition("the game is over: there is no move to find".into()),
        );
        false
    } else if pos.must_pass() {
        ctx.err(
            "position",
            Problem::IllegalPosition(format!("{} has no legal move and must pass", pos.to_move)),
        );
        false
    } else {
        true
    }
}

fn convert_read(
    rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let text = ctx.required_text("text", rs.text);
    let mut play = None;
    if let Some(p) = rs.play.as_deref() {
        match &setup {
            None => ctx.err(
                "play",
                Problem::Invalid("a move to play needs a position".into()),
            ),
            Some(s) => {
                if let Some(sq) = ctx.square("play", p)
                    && ctx.legal_move("play", &s.position, sq)
                {
                    play = Some(sq);
                }
            }
        }
    }
    Some(Step::Read(Read {
        text: text?,
        setup,
        highlight: highlight?,
        play,
    }))
}

fn convert_find_move(
    rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let setup = if rs.position.is_none() {
        ctx.required("position", setup)
    } else {
        setup
    };
    let prompt = ctx.required_text("prompt", rs.prompt);
    let explain = ctx.required_text("explain", rs.explain);
    let check = ctx.required("check", rs.check);
    if let Some(c) = check
        && rs.tolerance.is_some()
        && !c.uses_values()
    {
        ctx.err(
            "tolerance",
            Problem::Invalid(format!(
                "only best, exact and moves checks have a tolerance, not {}",
                c.name()
            )),
        );
    }
    let tolerance = rs.tolerance.unwrap_or(0);
    if tolerance > 64 {
        ctx.err(
            "tolerance",
            Problem::Invalid(format!("{tolerance} discs is more than a board holds")),
        );
    }
    let moves_text = ctx.required("moves", rs.moves);
    let mut moves = SquareSet::EMPTY;
    if let (Some(setup), Some(list)) = (&setup, &moves_text) {
        if needs_moves(ctx, setup) {
            if list.is_empty() {
                ctx.err(
                    "moves",
                    Problem::Invalid("the list of accepted moves is empty".into()),
                );
            }
            for t in list {
                if let Some(sq) = ctx.square("moves", t)
                    && ctx.legal_move("moves", &setup.position, sq)
                {
                    if moves.contains(sq) {
                        ctx.err("moves", Problem::Invalid(format!("{sq} is listed twice")));
                    }
                    moves.0 |= sq.bit();
                }
            }
        }
        if check == Some(Check::Exact) && setup.position.board.empty_count() > EXACT_MAX_EMPTIES {
            ctx.err(
                "check",
                Problem::Invalid(format!(
                    "an exact check needs at most {EXACT_MAX_EMPTIES} empties (the position has {})",
                    setup.position.board.empty_count()
                )),
            );
        }
    }
    Some(Step::FindMove(FindMove {
        text: rs.text,
        setup: setup?,
        highlight: highlight?,
        prompt: prompt?,
        check: check?,
        tolerance,
        moves,
        hint_text: rs.hint,
        explain: explain?,
    }))
}

fn convert_question(
    rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let setup = ctx.required("position", setup);
    let prompt = ctx.required_text("prompt", rs.prompt);
    let explain = ctx.required_text("explain", rs.explain);
    let ask = ctx.required("ask", rs.ask);
    let answer_raw = ctx.required("answer", rs.answer);
    let mut play = None;
    if let (Some(text), Some(s)) = (rs.mv.as_deref(), &setup)
        && let Some(sq) = ctx.square("move", text)
        && ctx.legal_move("move", &s.position, sq)
    {
        play = Some(sq);
    }
    let mut choices = rs.choices.clone().unwrap_or_default();
    let mut answer = None;
    if let Some(ask) = ask {
        if matches!(ask, Ask::Flips | Ask::NextToMove) && rs.mv.is_none() {
            ctx.err(
                "move",
                Problem::Missing {
                    kind: "question step asking `flips` or `next-to-move`",
                },
            );
        }
        if ask.is_square_choice() && rs.mv.is_some() {
            ctx.err(
                "move",
                Problem::Invalid(format!(
                    "`{}` compares the choices as moves; it plays no move first",
                    ask.name()
                )),
            );
        }
        if ask.needs_color() && rs.color.is_none() {
            ctx.err(
                "color",
                Problem::Missing {
                    kind: "question step asking about one colour's discs or score",
                },
            );
        }
        if rs.color.is_some() && !(ask.needs_color() || ask == Ask::LegalMoves) {
            ctx.err(
                "color",
                Problem::Invalid(format!("`{}` is not about one colour", ask.name())),
            );
        }
        if ask.is_number() && rs.choices.is_some() {
            ctx.err(
                "choices",
                Problem::Invalid(format!("`{}` has a number for an answer", ask.name())),
            );
        }
        if let Some(fixed) = ask.fixed_choices() {
            if rs.choices.is_some() {
                ctx.err(
                    "choices",
                    Problem::Invalid(format!(
                        "`{}` has fixed choices ({})",
                        ask.name(),
                        fixed.join(", ")
                    )),
                );
            }
            choices = fixed.iter().map(|s| s.to_string()).collect();
        }
        if ask.is_square_choice() {
            if choices.len() < 2 {
                ctx.err(
                    "choices",
                    Problem::Invalid(format!("`{}` needs at least two choices", ask.name())),
                );
            }
            if let Some(s) = &setup {
                let mut seen = SquareSet::EMPTY;
                for c in choices.iter_mut() {
                    if let Some(sq) = ctx.square("choices", c)
                        && ctx.legal_move("choices", &s.position, sq)
                    {
                        if seen.contains(sq) {
                            ctx.err("choices", Problem::Invalid(format!("{sq} is listed twice")));
                        }
                        seen.0 |= sq.bit();
                        *c = sq.to_string();
                    }
                }
            }
        }
        if let Some(raw) = &answer_raw {
            if ask.is_number() {
                match raw.as_integer() {
                    Some(n) => answer = Some(Answer::Number(n)),
                    None => ctx.err(
                        "answer",
                        Problem::Invalid(format!(
                            "`{}` has a whole number for an answer, not {raw}",
                            ask.name()
                        )),
                    ),
                }
            } else {
                match raw.as_str() {
                    Some(t) => match choices.iter().find(|c| c.eq_ignore_ascii_case(t.trim())) {
                        Some(c) => answer = Some(Answer::Choice(c.clone())),
                        None => ctx.err(
                            "answer",
                            Problem::Invalid(format!(
                                "`{t}` is not one of the choices ({})",
                                choices.join(", ")
                            )),
                        ),
                    },
                    None => ctx.err(
                        "answer",
                        Problem::Invalid(format!(
                            "`{}` has one of the choices for an answer, not {raw}",
                            ask.name()
                        )),
                    ),
                }
            }
        }
    }
    Some(Step::Question(Question {
        text: rs.text,
        setup: setup?,
        highlight: highlight?,
        prompt: prompt?,
        ask: ask?,
        color: rs.color.map(Color::from),
        play,
        choices,
        answer: answer?,
        hint_text: rs.hint,
        explain: explain?,
    }))
}

fn convert_play_out(
    rs: RawStep,
    setup: Option<Setup>,
    highlight: Option<Vec<Square>>,
    ctx: &mut StepCtx,
) -> Option<Step> {
    let setup = ctx.required("position", setup);
    if let Some(s) = &setup {
        needs_moves(ctx, s);
    }
    let prompt = ctx.required_text("prompt", rs.prompt);
    let explain = ctx.required_text("explain", rs.explain);
    let goal_kind = ctx.required("goal", rs.goal);
    let opponent = match rs.opponent.as_deref() {
        None => Some(Strategy::Engine(MAX_LEVEL)),
        Some(t) => {
            let s = parse_opponent(t);
            if s.is_none() {
                ctx.err(
                    "opponent",
                    Problem::Invalid(format!(
                        "`{t}` is not a player (greedy, static, mobility, level1 to level{MAX_LEVEL})"
                    )),
                );
            }
            s
        }
    };
    let mut goal = None;
    if let Some(kind) = goal_kind {
        let (wants_within, wants_max, wants_count, wants_margin) = match kind {
            GoalKind::Win => (false, false, false, true),
            GoalKind::TakeCorner => (true, false, false, false),
            GoalKind::LimitMobility => (true, true, false, false),
            GoalKind::Stable => (true, false, true, false),
        };
        let goal_name = match kind {
            GoalKind::Win => "win",
            GoalKind::TakeCorner => "take-corner",
            GoalKind::LimitMobility => "limit-mobility",
            GoalKind::Stable => "stable",
        };
        for (field, wanted, present) in [
            ("within", wants_within, rs.within.is_some()),
            ("max", wants_max, rs.max.is_some()),
            ("count", wants_count, rs.count.is_some()),
            ("margin", wants_margin, rs.margin.is_some()),
        ] {
            if present && !wanted {
                ctx.err(
                    field,
                    Problem::Invalid(format!("not used by a {goal_name} goal")),
                );
            } else if wanted && !present && field != "margin" {
                ctx.err(
                    field,
                    Problem::Missing {
                        kind: match kind {
                            GoalKind::TakeCorner => "play-out step with a take-corner goal",
                            GoalKind::LimitMobility => "play-out step with a limit-mobility goal",
                            _ => "play-out step with a stable goal",
                        },
                    },
                );
            }
        }
        if let Some(w) = rs.within
            && !(1..=MAX_WITHIN).contains(&w)
        {
            ctx.err(
                "within",
                Problem::Invalid(format!("{w} is out of range (1 to {MAX_WITHIN})")),
            );
        }
        if let Some(m) = rs.margin
            && !(1..=64).contains(&m)
        {
            ctx.err(
                "margin",
                Problem::Invalid(format!("{m} is out of range (1 to 64)")),
            );
        }
        if let Some(c) = rs.count
            && !(1..=64).contains(&c)
        {
            ctx.err(
                "count",
                Problem::Invalid(format!("{c} is out of range (1 to 64)")),
            );
        }
        if kind == GoalKind::Win
            && let Some(s) = &setup
            && s.position.board.empty_count() > EXACT_MAX_EMPTIES
        {
            ctx.err(
                "goal",
                Problem::Invalid(format!(
                    "a win goal needs at most {EXACT_MAX_EMPTIES} empties (the position has {})",
                    s.position.board.empty_count()
                )),
            );
        }
        let within = rs.within.unwrap_or(1);
        goal = Some(match kind {
            GoalKind::Win => Goal::Win {
                margin: rs.margin.unwrap_or(1),
            },
            GoalKind::TakeCorner => Goal::TakeCorner { within },
            GoalKind::LimitMobility => Goal::LimitMobility {
                max: rs.max.unwrap_or(0),
                within,
            },
            GoalKind::Stable => Goal::Stable {
                count: rs.count.unwrap_or(1),
                within,
            },
        });
    }
    Some(Step::PlayOut(PlayOut {
        text: rs.text,
        setup: setup?,
        highlight: highlight?,
        prompt: prompt?,
        goal: goal?,
        opponent: opponent?,
        hint_text: rs.hint,
        explain: explain?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_numbers_come_from_step_headers() {
        let text = "id = \"x\"\n[[step]]\nkind = \"read\"\n[[step]]\nkind = \"read\"\nbad = 1\n";
        let at = text.find("bad").unwrap_or(0);
        assert_eq!(step_at(text, at), 2);
    }

    #[test]
    fn constructed_positions_must_be_connected() {
        let mut board: Vec<char> = "-".repeat(64).chars().collect();
        for i in [27, 28, 35, 36] {
            board[i] = 'X';
        }
        board[0] = 'O';
        let line: String = board.iter().collect::<String>() + " X";
        let err = parse_setup(&line)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("a1 not connected"), "{err}");
    }
}
