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
//! goal = "best"                            # "best", "win" or "line"
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
//!   its best reply (the `solution` gives the replies).
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
//! - `themes`: any of `corner`, `x-square-sacrifice`, `wedge`, `quiet-move`,
//!   `mobility-squeeze`, `parity`, `forcing-pass`, `wipe-out`, `exact-endgame`
//!   (see [`Theme`] for each definition); the set must equal what the engine's
//!   facts give for the first solution move.
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
//! puzzles (goal `best`) the search at `depth` and `depth - 2`, from cleared tables,
//! must put the accepted move first by at least `margin` discs.

use crate::engine::analysis::{AnalysisOptions, analyze};
use crate::engine::bits::CORNERS;
use crate::engine::eval::UNITS_PER_DISC;
use crate::engine::features::region_counts;
use crate::engine::notation::{parse_obf, parse_transcript, to_obf};
use crate::engine::search::Searcher;
use crate::engine::{Color, Move, Position, Square, SquareSet};
use crate::tutor::explain::{
    MoveFacts, contrast, describe, illegal_reason, move_facts, square_list,
};
use crate::tutor::files::{dir_label, toml_files_in};
use include_dir::{Dir, include_dir};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

static PUZZLES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/puzzles");

/// The most empties an exact puzzle may have (the solver proves it).
pub const MAX_EXACT_EMPTIES: u32 = 22;
/// Size of each table (midgame and solver) of the proving searcher, in MB. Searched
/// proofs start from cleared tables of this size so they repeat exactly.
pub const PROOF_TABLE_MB: usize = 16;
/// How far (discs) a searched puzzle's stated value may be from the search's.
pub const SEARCH_VALUE_TOLERANCE: i32 = 2;
/// How many puzzles the quick check (`check-content` without `--full`) proves with
/// the engine; the others get every check but the engine's.
pub const QUICK_SAMPLE: usize = 24;

// ---------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------

/// One problem with a puzzle set: the file, the puzzle's id and the field, when known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct PuzzleError {
    /// The file, as `puzzles/endgame.toml`.
    pub file: String,
    /// The puzzle's id, when the problem is in one puzzle.
    pub id: Option<String>,
    /// The field, when the problem is in one.
    pub field: Option<String>,
    /// What is wrong.
    pub problem: PuzzleProblem,
}

impl PuzzleError {
    /// An error at a file, puzzle and field.
    pub fn new(file: &str, id: Option<&str>, field: Option<&str>, problem: PuzzleProblem) -> Self {
        PuzzleError {
            file: file.to_string(),
            id: id.map(str::to_string),
            field: field.map(str::to_string),
            problem,
        }
    }

    fn render(&self) -> String {
        let mut s = self.file.clone();
        if let Some(id) = &self.id {
            s.push_str(&format!(", puzzle {id}"));
        }
        if let Some(field) = &self.field {
            s.push_str(&format!(", field {field}"));
        }
        format!("{s}: {}", self.problem)
    }
}

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleProblem {
    /// Not TOML, or not the schema (the TOML library's words).
    #[error("{0}")]
    Toml(String),
    /// The file is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The file or directory cannot be read.
    #[error("cannot read: {0}")]
    Io(String),
    /// The id is used twice.
    #[error("the id is already used in {0}")]
    DuplicateId(String),
    /// A value that does not fit the field.
    #[error("{0}")]
    Invalid(String),
    /// A move the rules do not allow.
    #[error("{0}")]
    IllegalMove(String),
    /// The engine disagrees with what the file states.
    #[error("{0}")]
    Disproved(String),
}

/// Short-hand for building errors inside one puzzle.
struct Ctx<'a> {
    file: &'a str,
    id: Option<&'a str>,
    errors: Vec<PuzzleError>,
}

impl Ctx<'_> {
    fn err(&mut self, field: &str, problem: PuzzleProblem) {
        self.errors
            .push(PuzzleError::new(self.file, self.id, Some(field), problem));
    }
    fn invalid(&mut self, field: &str, text: impl Into<String>) {
        self.err(field, PuzzleProblem::Invalid(text.into()));
    }
}

// ---------------------------------------------------------------------------------
// Raw (serde) types
// ---------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------
// Checked types
// ---------------------------------------------------------------------------------

/// What the learner must find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// A move with the best score.
    Best,
    /// Any winning move.
    Win,
    /// The best move at each step of a line, against the engine's best replies.
    Line,
}

impl Goal {
    /// The name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Best => "best",
            Goal::Win => "win",
            Goal::Line => "line",
        }
    }

    /// Reads a goal name.
    pub fn parse(text: &str) -> Option<Goal> {
        [Goal::Best, Goal::Win, Goal::Line]
            .into_iter()
            .find(|g| g.name() == text)
    }

    /// The task in words, for the puzzle screen.
    pub const fn task(self) -> &'static str {
        match self {
            Goal::Best => "Find the best move.",
            Goal::Win => "Find a winning move.",
            Goal::Line => "Find the best move, then keep finding it against the best defence.",
        }
    }
}

/// How the answers are proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// By the exact endgame solver.
    Exact,
    /// By a depth-limited search (from cleared tables) at this depth and two less.
    Search {
        /// The deepest search.
        depth: u32,
    },
}

/// What a puzzle teaches. Each is decided from engine facts of the first solution
/// move (the "key move") or of the position:
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The key move takes a corner, or forces one: after it, every reply leaves the
    /// mover a corner move it did not have before.
    Corner,
    /// The key move is an X-square next to an empty corner.
    XSquareSacrifice,
    /// The key move is a wedge: an edge square between two opposing edge discs.
    Wedge,
    /// The key move (not a corner) flips no frontier disc while another legal move
    /// would.
    QuietMove,
    /// The key move leaves the opponent one or two moves while another legal move
    /// would leave more than two.
    MobilitySqueeze,
    /// At most 20 empties, two or more regions: the key move plays into an odd region
    /// while another legal move is in an even one.
    Parity,
    /// The key move leaves the opponent without a move (the game goes on) while
    /// another legal move would not.
    ForcingPass,
    /// Exact value 64: the opponent ends with no disc.
    WipeOut,
    /// Proved by the exact solver.
    ExactEndgame,
}

impl Theme {
    /// Every theme, in order.
    pub const ALL: [Theme; 9] = [
        Theme::Corner,
        Theme::XSquareSacrifice,
        Theme::Wedge,
        Theme::QuietMove,
        Theme::MobilitySqueeze,
        Theme::Parity,
        Theme::ForcingPass,
        Theme::WipeOut,
        Theme::ExactEndgame,
    ];

    /// The name used in files (and the progress store).
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Corner => "corner",
            Theme::XSquareSacrifice => "x-square-sacrifice",
            Theme::Wedge => "wedge",
            Theme::QuietMove => "quiet-move",
            Theme::MobilitySqueeze => "mobility-squeeze",
            Theme::Parity => "parity",
            Theme::ForcingPass => "forcing-pass",
            Theme::WipeOut => "wipe-out",
            Theme::ExactEndgame => "exact-endgame",
        }
    }

    /// The name for people.
    pub const fn label(self) -> &'static str {
        match self {
            Theme::Corner => "Corner",
            Theme::XSquareSacrifice => "X-square sacrifice",
            Theme::Wedge => "Wedge",
            Theme::QuietMove => "Quiet move",
            Theme::MobilitySqueeze => "Mobility squeeze",
            Theme::Parity => "Parity",
            Theme::ForcingPass => "Forcing a pass",
            Theme::WipeOut => "Wipe-out",
            Theme::ExactEndgame => "Exact endgame",
        }
    }

    /// Reads a theme name.
    pub fn parse(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == text)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move the learner must find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The position, learner to move.
    pub position: Position,
    /// Every move the goal accepts.
    pub accepted: SquareSet,
    /// The solution's move.
    pub answer: Square,
    /// The engine's reply after the answer (a pass when forced), if the solution
    /// goes on.
    pub reply: Option<Move>,
}

/// Where a puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSource {
    /// Who or what made it.
    pub generator: String,
    /// The miner's seed.
    pub seed: Option<u64>,
    /// The game (from the start position) that reached the position.
    pub game: Option<String>,
}

/// A checked puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The file it came from (as `puzzles/endgame.toml`).
    pub file: String,
    /// Unique id.
    pub id: String,
    /// The position, learner to move.
    pub position: Position,
    /// What to find.
    pub goal: Goal,
    /// The moves to find, in order.
    pub steps: Vec<Step>,
    /// The solution line from the position.
    pub solution: Vec<Move>,
    /// The answer's value in discs, mover's view.
    pub value: i32,
    /// Discs between the answer and the next best move.
    pub margin: i32,
    /// How the answers are proved.
    pub proof: Proof,
    /// What it teaches.
    pub themes: Vec<Theme>,
    /// The initial rating (600 to 2400).
    pub rating: u32,
    /// Why the answer is right.
    pub why: String,
    /// Where it came from.
    pub source: PuzzleSource,
}

/// The verdict on one move played in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Whether the move is accepted.
    pub correct: bool,
    /// Whether the move is legal at all (an illegal click should not count as a try).
    pub legal: bool,
    /// Why, in sentences, the most telling first.
    pub why: Vec<String>,
}

impl Puzzle {
    /// Empty squares in the position.
    pub fn empties(&self) -> u32 {
        self.position.board.empty_count()
    }

    /// Whether the puzzle has `theme`.
    pub fn has_theme(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }

    /// The solution as text, such as `c4 d3 pass a1`.
    pub fn solution_text(&self) -> String {
        self.solution
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Judges `played` at step `step` (0-based): whether the goal accepts it, and why
    /// (a wrong move is contrasted with the solution's move by the tutor's facts).
    pub fn judge(&self, step: usize, played: Square) -> Judgement {
        let Some(st) = self.steps.get(step) else {
            return Judgement {
                correct: false,
                legal: false,
                why: vec![format!("This puzzle has no step {}.", step + 1)],
            };
        };
        let pos = &st.position;
        if !pos.board.is_legal(played) {
            return Judgement {
                correct: false,
                legal: false,
                why: vec![illegal_reason(pos, played)],
            };
        }
        if st.accepted.contains(played) {
            let mut why = Vec::new();
            if step + 1 == self.steps.len() {
                why.push(self.why.clone());
            } else {
                why.push(format!("{played} is right. Keep going."));
            }
            if let Some(f) = move_facts(pos, played) {
                let said = why.join(" ");
                why.extend(
                    describe(&f)
                        .into_iter()
                        .filter(|l| !said.contains(l.as_str()))
                        .take(3),
                );
            }
            return Judgement {
                correct: true,
                legal: true,
                why,
            };
        }
        let mut why = vec![match self.goal {
            Goal::Win => format!("{played} does not win against the best defence."),
            _ if matches!(self.proof, Proof::Exact) => {
                format!("{played} is not the best: with perfect play it scores less.")
            }
            _ => format!("{played} is not the best: the engine's deep search rates it lower."),
        }];
        let diff = contrast(pos, played, st.answer);
        if diff.is_empty() {
            if let Some(f) = move_facts(pos, played) {
                why.extend(describe(&f).into_iter().take(2));
            }
        } else {
            why.extend(diff);
        }
        Judgement {
            correct: false,
            legal: true,
            why,
        }
    }

    /// The file form of the puzzle.
    pub fn to_raw(&self) -> RawPuzzle {
        RawPuzzle {
            id: self.id.clone(),
            position: to_obf(&self.position),
            to_move: color_name(self.position.to_move).to_string(),
            goal: self.goal.name().to_string(),
            accepted: self
                .steps
                .iter()
                .map(|s| s.accepted.into_iter().map(|sq| sq.to_string()).collect())
                .collect(),
            solution: self.solution.iter().map(Move::to_string).collect(),
            value: self.value,
            margin: self.margin,
            depth: match self.proof {
                Proof::Exact => None,
                Proof::Search { depth } => Some(depth),
            },
            themes: self.themes.iter().map(|t| t.name().to_string()).collect(),
            rating: self.rating,
            why: self.why.clone(),
            source: RawSource {
                generator: self.source.generator.clone(),
                seed: self.source.seed,
                game: self.source.game.clone(),
            },
        }
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn plays(pos: &Position, mv: Move) -> Position {
    match mv {
        Move::Place(sq) => pos.play_unchecked(sq),
        Move::Pass => pos.pass(),
    }
}

// ---------------------------------------------------------------------------------
// Themes
// ---------------------------------------------------------------------------------

/// Whether every reply to `sq` leaves the mover a corner move it did not have before.
fn forces_corner(pos: &Position, sq: Square) -> bool {
    if pos.legal_moves().0 & CORNERS != 0 {
        return false;
    }
    let after = pos.play_unchecked(sq);
    if after.is_game_over() {
        return false;
    }
    let replies = after.legal_move_list();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let next = plays(&after, r);
            next.to_move == pos.to_move && next.legal_moves().0 & CORNERS != 0
        })
}

/// The themes of a puzzle whose first solution move is `key`, whose value is `value`
/// and which is proved by `proof`, sorted. The definitions are those of [`Theme`].
pub fn themes_of(pos: &Position, key: Square, value: i32, proof: Proof) -> Vec<Theme> {
    let mut out = Vec::new();
    let Some(f) = move_facts(pos, key) else {
        return out;
    };
    let others: Vec<MoveFacts> = pos
        .legal_moves()
        .into_iter()
        .filter(|&s| s != key)
        .filter_map(|s| move_facts(pos, s))
        .collect();
    let empties = pos.board.empty_count();
    if f.takes_corner.is_some() || forces_corner(pos, key) {
        out.push(Theme::Corner);
    }
    if f.x_square_of.is_some() {
        out.push(Theme::XSquareSacrifice);
    }
    if f.wedge {
        out.push(Theme::Wedge);
    }
    if f.quiet && f.takes_corner.is_none() && others.iter().any(|o| !o.quiet) {
        out.push(Theme::QuietMove);
    }
    if !f.ends_game
        && (1..=2).contains(&f.their_moves_after)
        && others.iter().any(|o| o.their_moves_after > 2)
    {
        out.push(Theme::MobilitySqueeze);
    }
    let (regions, _) = region_counts(pos.board.empty());
    if empties <= 20 && regions >= 2 && f.odd_region() && others.iter().any(|o| !o.odd_region()) {
        out.push(Theme::Parity);
    }
    if f.opponent_must_pass && !f.ends_game && others.iter().any(|o| !o.opponent_must_pass) {
        out.push(Theme::ForcingPass);
    }
    if proof == Proof::Exact && value == 64 {
        out.push(Theme::WipeOut);
    }
    if proof == Proof::Exact {
        out.push(Theme::ExactEndgame);
    }
    out
}

// ---------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------

fn check_constructed(pos: &Position) -> Result<(), String> {
    crate::tutor::lesson::check_constructed(pos).map_err(|p| p.to_string())
}

impl RawPuzzle {
    /// Checks a raw puzzle into a [`Puzzle`]; `file` names it in the errors. Returns
    /// every problem found. No engine search here (see [`prove_puzzle`]).
    pub fn check(self, file: &str) -> Result<Puzzle, Vec<PuzzleError>> {
        let id = self.id.clone();
        let mut ctx = Ctx {
            file,
            id: Some(&id),
            errors: Vec::new(),
        };
        let id_ok = !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            ctx.invalid("id", "an id is made of a-z, 0-9 and '-'");
        }
        let goal = Goal::parse(&self.goal);
        if goal.is_none() {
            ctx.invalid(
                "goal",
                format!("`{}` is not a goal (best, win, line)", self.goal),
            );
        }
        let proof = match self.depth {
            None => Proof::Exact,
            Some(d) => {
                if !(2..=30).contains(&d) {
                    ctx.invalid("depth", format!("{d} is not a search depth from 2 to 30"));
                }
                Proof::Search { depth: d }
            }
        };
        let position = match parse_obf(&self.position) {
            Ok(rec) if rec.move_scores.is_empty() => Some(rec.position),
            Ok(_) => {
                ctx.invalid("position", "an OBF line without move scores is expected");
                None
            }
            Err(e) => {
                ctx.invalid(
                    "position",
                    format!("`{}` is not an OBF line: {e}", self.position),
                );
                None
            }
        };
        if self.why.trim().is_empty() {
            ctx.invalid("why", "the explanation is empty");
        }
        if !(crate::tutor::rating::MIN_PUZZLE_RATING..=crate::tutor::rating::MAX_PUZZLE_RATING)
            .contains(&self.rating)
        {
            ctx.invalid(
                "rating",
                format!("{} is not between 600 and 2400", self.rating),
            );
        }
        if !(-64..=64).contains(&self.value) {
            ctx.invalid(
                "value",
                format!("{} is not a disc margin (-64 to 64)", self.value),
            );
        }
        if self.margin < 1 {
            ctx.invalid(
                "margin",
                format!("{} is not a positive margin", self.margin),
            );
        }
        let mut themes = Vec::new();
        for t in &self.themes {
            match Theme::parse(t) {
                Some(th) if themes.contains(&th) => {
                    ctx.invalid("themes", format!("`{t}` is listed twice"))
                }
                Some(th) => themes.push(th),
                None => ctx.invalid(
                    "themes",
                    format!(
                        "`{t}` is not a theme ({})",
                        Theme::ALL.map(Theme::name).join(", ")
                    ),
                ),
            }
        }
        themes.sort();
        if self.source.generator.trim().is_empty() {
            ctx.invalid("source.generator", "the generator is empty");
        }
        let mut solution = Vec::new();
        for (i, text) in self.solution.iter().enumerate() {
            if text.eq_ignore_ascii_case("pass") {
                solution.push(Move::Pass);
            } else {
                match Square::parse(text) {
                    Ok(sq) => solution.push(Move::Place(sq)),
                    Err(_) => ctx.invalid(
                        "solution",
                        format!("move {}: `{text}` is not a square (a1-h8) or pass", i + 1),
                    ),
                }
            }
        }
        let mut accepted_sets = Vec::new();
        for (i, list) in self.accepted.iter().enumerate() {
            let mut set = SquareSet::EMPTY;
            for text in list {
                match Square::parse(text) {
                    Ok(sq) if set.contains(sq) => {
                        ctx.invalid("accepted", format!("step {}: {sq} is listed twice", i + 1))
                    }
                    Ok(sq) => set.0 |= sq.bit(),
                    Err(_) => ctx.invalid(
                        "accepted",
                        format!("step {}: `{text}` is not a square (a1-h8)", i + 1),
                    ),
                }
            }
            accepted_sets.push(set);
        }
        let (Some(position), Some(goal)) = (position, goal) else {
            return Err(ctx.errors);
        };
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        // The position.
        if let Err(e) = check_constructed(&position) {
            ctx.invalid("position", e);
        }
        if color_name(position.to_move) != self.to_move {
            ctx.invalid(
                "to_move",
                format!(
                    "`{}` does not match the position, where {} is to move",
                    self.to_move,
                    color_name(position.to_move)
                ),
            );
        }
        if position.legal_moves().len() < 2 {
            ctx.invalid(
                "position",
                format!(
                    "{} has {} legal move(s): a puzzle needs a choice",
                    position.to_move,
                    position.legal_moves().len()
                ),
            );
        }
        let empties = position.board.empty_count();
        if proof == Proof::Exact && empties > MAX_EXACT_EMPTIES {
            ctx.invalid(
                "depth",
                format!(
                    "{empties} empties: an exact puzzle has at most {MAX_EXACT_EMPTIES}; give a search depth"
                ),
            );
        }
        if proof != Proof::Exact && goal != Goal::Best {
            ctx.invalid(
                "goal",
                "a searched puzzle (with a depth) must have the goal `best`",
            );
        }
        if proof == Proof::Exact && self.value % 2 != 0 {
            ctx.invalid(
                "value",
                format!("{} is odd: exact final margins are even", self.value),
            );
        }
        // The steps.
        let n_steps = accepted_sets.len();
        match goal {
            Goal::Line if n_steps < 2 => ctx.invalid("accepted", "a line has two steps or more"),
            Goal::Best | Goal::Win if n_steps != 1 => ctx.invalid(
                "accepted",
                format!("a `{}` puzzle has one step, not {n_steps}", goal.name()),
            ),
            _ => {}
        }
        if proof != Proof::Exact && accepted_sets.first().is_some_and(|s| s.len() != 1) {
            ctx.invalid("accepted", "a searched puzzle accepts exactly one move");
        }
        if solution.len() + 1 < 2 * n_steps {
            ctx.invalid(
                "solution",
                format!(
                    "{} moves do not cover {n_steps} steps and the replies between them",
                    solution.len()
                ),
            );
        }
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        // Replay the solution, building the steps.
        let mut steps = Vec::new();
        let mut pos = position;
        for (i, &mv) in solution.iter().enumerate() {
            if let Err(e) = pos.play(mv) {
                ctx.err(
                    "solution",
                    PuzzleProblem::IllegalMove(format!("move {} ({mv}): {e}", i + 1)),
                );
                return Err(ctx.errors);
            }
            if i % 2 == 0 && i / 2 < n_steps {
                let k = i / 2;
                let acc = accepted_sets[k];
                let legal = pos.legal_moves();
                let Move::Place(sq) = mv else {
                    ctx.invalid(
                        "solution",
                        format!(
                            "move {}: the learner must have a move at step {}",
                            i + 1,
                            k + 1
                        ),
                    );
                    return Err(ctx.errors);
                };
                if pos.to_move != position.to_move {
                    ctx.invalid(
                        "solution",
                        format!("move {}: not the learner's turn", i + 1),
                    );
                }
                if acc.0 & !legal.0 != 0 {
                    ctx.err(
                        "accepted",
                        PuzzleProblem::IllegalMove(format!(
                            "step {}: {} not legal (legal: {})",
                            k + 1,
                            square_list(SquareSet(acc.0 & !legal.0)),
                            square_list(legal)
                        )),
                    );
                } else if acc == legal {
                    ctx.invalid(
                        "accepted",
                        format!(
                            "step {}: every legal move is accepted: nothing to find",
                            k + 1
                        ),
                    );
                } else if acc.is_empty() {
                    ctx.invalid("accepted", format!("step {}: no move is accepted", k + 1));
                }
                if k + 1 < n_steps && acc.len() > 1 {
                    ctx.invalid(
                        "accepted",
                        format!(
                            "step {}: a line's steps before the last accept one move only",
                            k + 1
                        ),
                    );
                }
                if !acc.contains(sq) {
                    ctx.invalid(
                        "solution",
                        format!("move {} ({sq}) is not accepted at step {}", i + 1, k + 1),
                    );
                }
                steps.push(Step {
                    position: pos,
                    accepted: acc,
                    answer: sq,
                    reply: solution.get(i + 1).copied(),
                });
            }
            pos = plays(&pos, mv);
        }
        // The source game.
        if let Some(game) = &self.source.game {
            match parse_transcript(game) {
                Ok(g) if g.current() == position => {}
                Ok(g) => ctx.invalid(
                    "source.game",
                    format!(
                        "the game reaches `{}`, not the puzzle's position",
                        to_obf(&g.current())
                    ),
                ),
                Err(e) => ctx.invalid("source.game", format!("not a game: {e}")),
            }
        }
        // The themes.
        if let Some(first) = steps.first() {
            let computed = themes_of(&position, first.answer, self.value, proof);
            if computed != themes {
                let names = |v: &[Theme]| {
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        v.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
                    }
                };
                ctx.err(
                    "themes",
                    PuzzleProblem::Disproved(format!(
                        "the engine's facts give {}; the file says {}",
                        names(&computed),
                        names(&themes)
                    )),
                );
            }
        }
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        Ok(Puzzle {
            file: file.to_string(),
            id,
            position,
            goal,
            steps,
            solution,
            value: self.value,
            margin: self.margin,
            proof,
            themes,
            rating: self.rating,
            why: self.why,
            source: PuzzleSource {
                generator: self.source.generator,
                seed: self.source.seed,
                game: self.source.game,
            },
        })
    }
}

/// Reads one set; `file` names it in the errors. Returns the good puzzles (in file
/// order) and every problem; a bad puzzle does not hide the others.
pub fn parse_set(file: &str, text: &str) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    let toml_err = |msg: String| PuzzleError::new(file, None, None, PuzzleProblem::Toml(msg));
    let table: toml::Table = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            return (
                Vec::new(),
                vec![toml_err(e.to_string().trim_end().to_string())],
            );
        }
    };
    let mut errors = Vec::new();
    let mut puzzles = Vec::new();
    for (key, value) in table {
        match key.as_str() {
            "title" if value.is_str() => {}
            "title" => errors.push(PuzzleError::new(
                file,
                None,
                Some("title"),
                PuzzleProblem::Invalid("the title is a string".into()),
            )),
            "puzzle" => {
                let Some(list) = value.as_array() else {
                    errors.push(toml_err(
                        "`puzzle` must be an array of tables ([[puzzle]])".into(),
                    ));
                    continue;
                };
                for (i, item) in list.iter().enumerate() {
                    let id = item
                        .get("id")
                        .and_then(|v| v.as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| format!("#{}", i + 1));
                    match RawPuzzle::deserialize(item.clone()) {
                        Ok(raw) => match raw.check(file) {
                            Ok(p) => puzzles.push(p),
                            Err(mut e) => errors.append(&mut e),
                        },
                        Err(e) => errors.push(PuzzleError::new(
                            file,
                            Some(&id),
                            None,
                            PuzzleProblem::Toml(e.to_string().trim_end().to_string()),
                        )),
                    }
                }
            }
            other => errors.push(toml_err(format!(
                "unknown top-level key `{other}`, expected `title` or `puzzle`"
            ))),
        }
    }
    (puzzles, errors)
}

/// Reads several sets (name, bytes), checking that ids are unique over all of them.
pub fn load_sources(sources: &[(String, Vec<u8>)]) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    let mut all: Vec<Puzzle> = Vec::new();
    let mut errors = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for (file, bytes) in sources {
        let Ok(text) = std::str::from_utf8(bytes) else {
            errors.push(PuzzleError::new(file, None, None, PuzzleProblem::NotUtf8));
            continue;
        };
        let (puzzles, mut errs) = parse_set(file, text);
        errors.append(&mut errs);
        for p in puzzles {
            if let Some(other) = seen.get(&p.id) {
                errors.push(PuzzleError::new(
                    file,
                    Some(&p.id),
                    Some("id"),
                    PuzzleProblem::DuplicateId(other.clone()),
                ));
                continue;
            }
            seen.insert(p.id.clone(), file.clone());
            all.push(p);
        }
    }
    (all, errors)
}

/// The set files embedded in the binary, sorted by name, named `puzzles/<file>`.
pub fn embedded_sources() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = PUZZLES
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .map(|f| {
            (
                format!("puzzles/{}", f.path().display()),
                f.contents().to_vec(),
            )
        })
        .collect();
    files.sort();
    files
}

/// The `*.toml` files of a directory, sorted by name, named `<dir name>/<file>`.
pub fn sources_in(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, PuzzleError> {
    toml_files_in(dir).map_err(|e| {
        PuzzleError::new(
            &dir_label(dir),
            None,
            None,
            PuzzleProblem::Io(e.to_string()),
        )
    })
}

/// The embedded puzzles and every load problem (none in a good build).
pub fn load_embedded() -> (Vec<Puzzle>, Vec<PuzzleError>) {
    load_sources(&embedded_sources())
}

/// The puzzles of a directory and every load problem.
pub fn load_dir(dir: &Path) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    match sources_in(dir) {
        Ok(sources) => load_sources(&sources),
        Err(e) => (Vec::new(), vec![e]),
    }
}

/// The embedded puzzles, or every problem if any set is bad.
pub fn load_puzzles() -> Result<Vec<Puzzle>, Vec<PuzzleError>> {
    let (puzzles, errors) = load_embedded();
    if errors.is_empty() {
        Ok(puzzles)
    } else {
        Err(errors)
    }
}

// ---------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn toml_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| toml_str(s)).collect();
    format!("[{}]", inner.join(", "))
}

/// A set file holding `puzzles`, with an optional title; reading it back gives the
/// same puzzles.
pub fn to_toml(title: Option<&str>, puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    if let Some(t) = title {
        out.push_str(&format!("title = {}\n", toml_str(t)));
    }
    for p in puzzles {
        let r = p.to_raw();
        out.push_str("\n[[puzzle]]\n");
        out.push_str(&format!("id = {}\n", toml_str(&r.id)));
        out.push_str(&format!("position = {}\n", toml_str(&r.position)));
        out.push_str(&format!("to_move = {}\n", toml_str(&r.to_move)));
        out.push_str(&format!("goal = {}\n", toml_str(&r.goal)));
        let acc: Vec<String> = r.accepted.iter().map(|a| toml_list(a)).collect();
        out.push_str(&format!("accepted = [{}]\n", acc.join(", ")));
        out.push_str(&format!("solution = {}\n", toml_list(&r.solution)));
        out.push_str(&format!("value = {}\n", r.value));
        out.push_str(&format!("margin = {}\n", r.margin));
        if let Some(d) = r.depth {
            out.push_str(&format!("depth = {d}\n"));
        }
        out.push_str(&format!("themes = {}\n", toml_list(&r.themes)));
        out.push_str(&format!("rating = {}\n", r.rating));
        out.push_str(&format!("why = {}\n", toml_str(&r.why)));
        let mut src = format!("generator = {}", toml_str(&r.source.generator));
        if let Some(seed) = r.source.seed {
            src.push_str(&format!(", seed = {seed}"));
        }
        if let Some(game) = &r.source.game {
            src.push_str(&format!(", game = {}", toml_str(game)));
        }
        out.push_str(&format!("source = {{ {src} }}\n"));
    }
    out
}

// ---------------------------------------------------------------------------------
// Proving
// ---------------------------------------------------------------------------------

/// A searcher with the tables proofs use.
pub fn proof_searcher() -> Searcher {
    Searcher::new(PROOF_TABLE_MB, PROOF_TABLE_MB)
}

/// The top move and the gap (in discs, rounded down) to the next best of a search at
/// `depth` from cleared tables, with the top value in discs (rounded); `None` if
/// stopped or fewer than two moves.
pub fn searched_gap(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
) -> Option<(Square, i32, i32)> {
    searcher.clear();
    let options = AnalysisOptions {
        depth,
        exact_empties: 0,
        time: None,
    };
    let values = analyze(searcher, &pos.board, options).ok()?;
    let (first, second) = (values.first()?, values.get(1)?);
    let Move::Place(sq) = first.mv else {
        return None;
    };
    let gap = (first.score - second.score).div_euclid(UNITS_PER_DISC);
    Some((sq, gap, first.discs()))
}

/// Proves one puzzle with the engine (see the module documentation); returns the
/// problems, none when the file is right. `Stopped` problems come back if the
/// searcher's stop flag is raised.
pub fn prove_puzzle(p: &Puzzle, searcher: &mut Searcher) -> Vec<PuzzleError> {
    let mut ctx = Ctx {
        file: &p.file,
        id: Some(&p.id),
        errors: Vec::new(),
    };
    let stopped = |ctx: &mut Ctx| ctx.invalid("position", "the proof was stopped");
    match p.proof {
        Proof::Search { depth } => {
            let st = &p.steps[0];
            for d in [depth.saturating_sub(2).max(1), depth] {
                let Some((top, gap, value)) = searched_gap(searcher, &st.position, d) else {
                    stopped(&mut ctx);
                    return ctx.errors;
                };
                if !st.accepted.contains(top) {
                    ctx.err(
                        "accepted",
                        PuzzleProblem::Disproved(format!(
                            "at depth {d} the search prefers {top}, not {}",
                            square_list(st.accepted)
                        )),
                    );
                } else if gap < p.margin {
                    ctx.err(
                        "margin",
                        PuzzleProblem::Disproved(format!(
                            "at depth {d} {top} is only {gap} discs ahead, not {}",
                            p.margin
                        )),
                    );
                }
                if d == depth && (value - p.value).abs() > SEARCH_VALUE_TOLERANCE {
                    ctx.err(
                        "value",
                        PuzzleProblem::Disproved(format!(
                            "at depth {d} the search values {top} at {value:+}, not {:+}",
                            p.value
                        )),
                    );
                }
            }
            ctx.errors
        }
        Proof::Exact => {
            if prove_exact(p, searcher, &mut ctx).is_none() {
                stopped(&mut ctx);
            }
            ctx.errors
        }
    }
}

/// The exact value of every legal move of `pos` against a null window at `bound`:
/// the set of moves worth at least `bound`.
pub(crate) fn moves_at_least(
    searcher: &mut Searcher,
    pos: &Position,
    bound: i32,
) -> Option<SquareSet> {
    let mut set = SquareSet::EMPTY;
    for sq in pos.legal_moves() {
        let s = searcher
            .solver()
            .score_after(&pos.board, sq, bound - 1, bound)
            .ok()?;
        if s >= bound {
            set.0 |= sq.bit();
        }
    }
    Some(set)
}

fn prove_exact(p: &Puzzle, searcher: &mut Searcher, ctx: &mut Ctx) -> Option<()> {
    // Each step: the accepted set.
    let mut step_values = Vec::new();
    for (k, st) in p.steps.iter().enumerate() {
        let v = searcher.solver().solve(&st.position.board).ok()?.score;
        step_values.push(v);
        let (set, what) = match p.goal {
            Goal::Win => (moves_at_least(searcher, &st.position, 1)?, "winning moves"),
            _ => (moves_at_least(searcher, &st.position, v)?, "best moves"),
        };
        if set != st.accepted {
            ctx.err(
                "accepted",
                PuzzleProblem::Disproved(format!(
                    "step {}: the solver's {what} are {} (best value {v:+}); the file accepts {}",
                    k + 1,
                    square_list(set),
                    square_list(st.accepted)
                )),
            );
        }
    }
    let v = step_values[0];
    if v != p.value {
        ctx.err(
            "value",
            PuzzleProblem::Disproved(format!("the exact value is {v:+}, not {:+}", p.value)),
        );
    }
    // The margin: the best move left out of the first step is worth exactly v - margin.
    let first = &p.steps[0];
    let target = v - p.margin;
    let mut next_best = SquareSet::EMPTY;
    let mut above = SquareSet::EMPTY;
    for sq in first.position.legal_moves() {
        if first.accepted.contains(sq) {
            continue;
        }
        let s = searcher
            .solver()
            .score_after(&first.position.board, sq, target - 1, target + 1)
            .ok()?;
        if s > target {
            above.0 |= sq.bit();
        } else if s == target {
            next_best.0 |= sq.bit();
        }
    }
    if !above.is_empty() || next_best.is_empty() {
        ctx.err(
            "margin",
            PuzzleProblem::Disproved(format!(
                "the best move left out is not worth exactly {target:+} (value {v:+} minus margin {}){}",
                p.margin,
                if above.is_empty() {
                    ": every one is worth less".to_string()
                } else {
                    format!(": {} worth more", square_list(above))
                }
            )),
        );
    }
    if p.goal == Goal::Win && (v <= 0 || target > 0) {
        ctx.err(
            "goal",
            PuzzleProblem::Disproved(format!(
                "a win puzzle needs a win ({v:+}) and no winning move left out (next best {target:+})"
            )),
        );
    }
    // The solution keeps the optimal value at every move.
    let mut pos = p.position;
    let mut expected = v;
    for (i, &mv) in p.solution.iter().enumerate() {
        if let Move::Place(sq) = mv {
            let s = searcher
                .solver()
                .score_after(&pos.board, sq, expected - 1, expected + 1)
                .ok()?;
            if s != expected {
                ctx.err(
                    "solution",
                    PuzzleProblem::Disproved(format!(
                        "move {} ({sq}) is not a best move: the best keeps {expected:+} for {}",
                        i + 1,
                        pos.to_move
                    )),
                );
                return Some(());
            }
        }
        pos = plays(&pos, mv);
        expected = -expected;
    }
    if pos.is_game_over() && pos.board.final_score() != expected {
        ctx.err(
            "solution",
            PuzzleProblem::Disproved(format!(
                "the line ends {:+}, not {expected:+}",
                pos.board.final_score()
            )),
        );
    }
    Some(())
}

/// Evenly spread indices of `count` of `n` items (all of them if `count >= n`).
pub fn sample_indices(n: usize, count: usize) -> Vec<usize> {
    if count >= n {
        return (0..n).collect();
    }
    (0..count).map(|i| i * n / count).collect()
}

/// Checks puzzles: positions repeated between puzzles, and the engine's proof of
/// every puzzle (`full`) or of an evenly spread sample of [`QUICK_SAMPLE`] (the
/// loading checks, including the themes, have run on all of them already).
/// `progress` hears one line per puzzle proved. Returns every problem.
pub fn check_puzzles(
    puzzles: &[Puzzle],
    full: bool,
    progress: &mut dyn FnMut(&str),
) -> Vec<PuzzleError> {
    let mut errors = Vec::new();
    let mut seen: BTreeMap<(u64, u64, bool), &str> = BTreeMap::new();
    for p in puzzles {
        let key = (
            p.position.black(),
            p.position.white(),
            p.position.to_move == Color::Black,
        );
        if let Some(other) = seen.get(&key) {
            errors.push(PuzzleError::new(
                &p.file,
                Some(&p.id),
                Some("position"),
                PuzzleProblem::Invalid(format!("the same position as puzzle {other}")),
            ));
        } else {
            seen.insert(key, &p.id);
        }
    }
    let indices = if full {
        (0..puzzles.len()).collect()
    } else {
        sample_indices(puzzles.len(), QUICK_SAMPLE)
    };
    let mut searcher = proof_searcher();
    let total = indices.len();
    for (n, &i) in indices.iter().enumerate() {
        let p = &puzzles[i];
        let errs = prove_puzzle(p, &mut searcher);
        progress(&format!(
            "puzzle {}/{total} {} ({} empties): {}",
            n + 1,
            p.id,
            p.empties(),
            if errs.is_empty() { "proved" } else { "WRONG" }
        ));
        errors.extend(errs);
    }
    errors
}

/// Loads and checks the embedded puzzles: the number loaded and every problem (load
/// problems first). This is the puzzles' part of `check-content [--full]`.
pub fn check_embedded(full: bool, progress: &mut dyn FnMut(&str)) -> (usize, Vec<PuzzleError>) {
    let (puzzles, mut errors) = load_embedded();
    errors.extend(check_puzzles(&puzzles, full, progress));
    (puzzles.len(), errors)
}
