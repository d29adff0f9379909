//! Errors of the puzzle sets: where (file, puzzle, field) and what.

use super::MAX_EXACT_EMPTIES;
use super::model::{Goal, Theme, color_name};
use crate::engine::notation::{NotationError, to_obf};
use crate::engine::{Color, Move, MoveError, Position, Square, SquareSet};
use crate::tutor::explain::square_list;
use crate::tutor::lesson::PositionProblem;
use crate::tutor::rating::{MAX_PUZZLE_RATING, MIN_PUZZLE_RATING};

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
    #[error(transparent)]
    Invalid(#[from] InvalidPuzzle),
    /// A move the rules do not allow.
    #[error(transparent)]
    IllegalMove(#[from] IllegalPuzzleMove),
    /// The engine disagrees with what the file states.
    #[error(transparent)]
    Disproved(#[from] Disproof),
    /// A fact the explanation states is false on the puzzle's board, or a value is
    /// stated with more precision than its proof has.
    #[error(transparent)]
    StatedFact(Box<crate::tutor::facts::FactError>),
    /// The engine's proof stopped on an internal error (a panic, caught).
    #[error("the proof stopped on an internal error: {0}")]
    Engine(String),
}

/// A value that does not fit its field, or fields that do not fit together. Moves
/// and steps are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPuzzle {
    /// The id has other characters.
    #[error("an id is made of a-z, 0-9 and '-'")]
    BadId,
    /// An unknown goal.
    #[error("`{0}` is not a goal (best, win, line)")]
    BadGoal(String),
    /// A search depth out of range.
    #[error("{0} is not a search depth from 2 to 30")]
    BadDepth(u32),
    /// An OBF line with move scores.
    #[error("an OBF line without move scores is expected")]
    MoveScores,
    /// A position that is not an OBF line.
    #[error("`{text}` is not an OBF line: {reason}")]
    NotObf {
        /// The text.
        text: String,
        /// Why (the notation error).
        reason: Box<NotationError>,
    },
    /// An empty explanation.
    #[error("the explanation is empty")]
    EmptyWhy,
    /// A rating out of range.
    #[error("{0} is not between {MIN_PUZZLE_RATING} and {MAX_PUZZLE_RATING}")]
    BadRating(u32),
    /// A value that is not a disc margin.
    #[error("{0} is not a disc margin (-64 to 64)")]
    BadValue(i32),
    /// A margin below one disc.
    #[error("{0} is not a positive margin")]
    BadMargin(i32),
    /// A theme listed twice.
    #[error("`{0}` is listed twice")]
    ThemeTwice(String),
    /// An unknown theme.
    #[error("`{0}` is not a theme ({themes})", themes = Theme::ALL.map(Theme::name).join(", "))]
    BadTheme(String),
    /// An empty generator.
    #[error("the generator is empty")]
    EmptyGenerator,
    /// A solution move that is neither a square nor a pass.
    #[error("move {number}: `{text}` is not a square (a1-h8) or pass")]
    BadMove {
        /// The move's number.
        number: usize,
        /// The text.
        text: String,
    },
    /// An accepted square listed twice in one step.
    #[error("step {step}: {square} is listed twice")]
    AcceptedTwice {
        /// The step.
        step: usize,
        /// The square.
        square: Square,
    },
    /// An accepted move that is not a square.
    #[error("step {step}: `{text}` is not a square (a1-h8)")]
    BadSquare {
        /// The step.
        step: usize,
        /// The text.
        text: String,
    },
    /// A position that breaks the legality rules for constructed positions.
    #[error(transparent)]
    Constructed(#[from] PositionProblem),
    /// A side to move other than the position's.
    #[error("`{given}` does not match the position, where {} is to move", color_name(*.actual))]
    WrongSide {
        /// The side as written.
        given: String,
        /// The side to move in the position.
        actual: Color,
    },
    /// Fewer than two legal moves.
    #[error("{side} has {count} legal move(s): a puzzle needs a choice")]
    NoChoice {
        /// The side to move.
        side: Color,
        /// Its legal moves.
        count: u32,
    },
    /// An exact puzzle the solver does not take.
    #[error("{0} empties: an exact puzzle has at most {MAX_EXACT_EMPTIES}; give a search depth")]
    TooManyEmpties(u32),
    /// A searched puzzle with a goal other than `best`.
    #[error("a searched puzzle (with a depth) must have the goal `best` or `least-loss`")]
    SearchedNotBest,
    /// A `least-loss` puzzle whose answer does not lose.
    #[error("the goal `least-loss` is for lost positions; the value is {0:+}")]
    LeastLossNotLost(i32),
    /// A `best` or `line` puzzle in a lost position.
    #[error("every move loses ({0:+}): the goal must be `least-loss`")]
    LostNotLeastLoss(i32),
    /// An answer that changes too little.
    #[error(
        "the answer ({value:+}) is only {margin} discs better than the next best and changes no result: at least 6 are needed"
    )]
    DoesNotMatter {
        /// The answer's value.
        value: i32,
        /// Its margin over the next best.
        margin: i32,
    },
    /// An odd exact value.
    #[error("{0} is odd: exact final margins are even")]
    OddValue(i32),
    /// A line of one step.
    #[error("a line has two steps or more")]
    ShortLine,
    /// A `best` or `win` puzzle with other than one step.
    #[error("a `{}` puzzle has one step, not {steps}", .goal.name())]
    NotOneStep {
        /// The goal.
        goal: Goal,
        /// The steps given.
        steps: usize,
    },
    /// A searched puzzle accepting other than one move.
    #[error("a searched puzzle accepts exactly one move")]
    SearchedNotOneMove,
    /// A solution too short for its steps.
    #[error("{moves} moves do not cover {steps} steps and the replies between them")]
    ShortSolution {
        /// The moves of the solution.
        moves: usize,
        /// The steps.
        steps: usize,
    },
    /// A pass where the learner must move.
    #[error("move {number}: the learner must have a move at step {step}")]
    LearnerPasses {
        /// The move's number.
        number: usize,
        /// The step.
        step: usize,
    },
    /// A step's move played by the other side.
    #[error("move {0}: not the learner's turn")]
    NotLearnersTurn(usize),
    /// A step accepting every legal move.
    #[error("step {0}: every legal move is accepted: nothing to find")]
    NothingToFind(usize),
    /// A step accepting no move.
    #[error("step {0}: no move is accepted")]
    NoneAccepted(usize),
    /// A line's step, not the last, accepting several moves.
    #[error("step {0}: a line's steps before the last accept one move only")]
    LineStepAcceptsMany(usize),
    /// A solution move its step does not accept.
    #[error("move {number} ({square}) is not accepted at step {step}")]
    NotAccepted {
        /// The move's number.
        number: usize,
        /// The move.
        square: Square,
        /// The step.
        step: usize,
    },
    /// A source game that reaches another position.
    #[error("the game reaches `{}`, not the puzzle's position", to_obf(.0))]
    OtherGame(Position),
    /// A source game that cannot be read.
    #[error("not a game: {0}")]
    NotAGame(Box<NotationError>),
    /// A title that is not a string.
    #[error("the title is a string")]
    TitleNotString,
    /// A position already used by another puzzle.
    #[error("the same position as puzzle {0}")]
    SamePosition(String),
    /// The proof was stopped before it finished.
    #[error("the proof was stopped")]
    ProofStopped,
    /// A stored personal puzzle whose position cannot be read.
    #[error("{0}")]
    StoredPosition(Box<NotationError>),
    /// A stored personal puzzle's move that is not legal.
    #[error("`{0}` is not a legal move here")]
    NotLegalHere(String),
    /// A stored personal puzzle whose best move is not accepted.
    #[error("the best move is not accepted")]
    BestNotAccepted,
}

/// A move of the file that the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPuzzleMove {
    /// A solution move that cannot be played.
    #[error("move {number} ({mv}): {reason}")]
    Solution {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// The rules' reason.
        reason: MoveError,
    },
    /// Accepted squares that are not legal at their step.
    #[error("step {step}: {} not legal (legal: {})", square_list(*.illegal), square_list(*.legal))]
    Accepted {
        /// The step, from 1.
        step: usize,
        /// The accepted squares that are not legal.
        illegal: SquareSet,
        /// The legal moves.
        legal: SquareSet,
    },
}

/// What the engine finds against what the file states.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Disproof {
    /// The themes the engine's facts give are others.
    #[error("the engine's facts give {}; the file says {}", theme_names(.computed), theme_names(.stated))]
    Themes {
        /// The engine's themes.
        computed: Vec<Theme>,
        /// The file's themes.
        stated: Vec<Theme>,
    },
    /// A search that prefers a move the file does not accept.
    #[error("at depth {depth} the search prefers {top}, not {}", square_list(*.accepted))]
    SearchPrefers {
        /// The search depth.
        depth: u32,
        /// The search's move.
        top: Square,
        /// The file's accepted moves.
        accepted: SquareSet,
    },
    /// A searched answer less far ahead than the margin.
    #[error("at depth {depth} {top} is not {margin} discs ahead of every other move")]
    SearchLead {
        /// The search depth.
        depth: u32,
        /// The search's move.
        top: Square,
        /// The file's margin.
        margin: i32,
    },
    /// A searched value far from the file's.
    #[error("at depth {depth} the search values {top} at {value:+}, not {stated:+}")]
    SearchValue {
        /// The search depth.
        depth: u32,
        /// The search's move.
        top: Square,
        /// The search's value.
        value: i32,
        /// The file's value.
        stated: i32,
    },
    /// A step whose accepted set is not the solver's.
    #[error(
        "step {step}: the solver's {} are {} (best value {value:+}); the file accepts {}",
        if *.winning { "winning moves" } else { "best moves" },
        square_list(*.found),
        square_list(*.accepted)
    )]
    StepMoves {
        /// The step, from 1.
        step: usize,
        /// Whether the set is of winning moves (a win puzzle) rather than best ones.
        winning: bool,
        /// The solver's moves.
        found: SquareSet,
        /// The step's best value.
        value: i32,
        /// The file's accepted moves.
        accepted: SquareSet,
    },
    /// An exact value other than the file's.
    #[error("the exact value is {value:+}, not {stated:+}")]
    ExactValue {
        /// The solver's value.
        value: i32,
        /// The file's value.
        stated: i32,
    },
    /// A margin the best move left out does not have.
    #[error(
        "the best move left out is not worth exactly {target:+} (value {value:+} minus margin {margin}){}",
        if .above.is_empty() {
            ": every one is worth less".to_string()
        } else {
            format!(": {} worth more", square_list(*.above))
        }
    )]
    Margin {
        /// What the best move left out should be worth.
        target: i32,
        /// The puzzle's value.
        value: i32,
        /// The file's margin.
        margin: i32,
        /// Moves left out that are worth more than the target.
        above: SquareSet,
    },
    /// A win puzzle that is not a win, or leaves a winning move out.
    #[error(
        "a win puzzle needs a win ({value:+}) and no winning move left out (next best {target:+})"
    )]
    NotAWin {
        /// The puzzle's value.
        value: i32,
        /// The value of the best move left out.
        target: i32,
    },
    /// A solution move that loses value.
    #[error("move {number} ({square}) is not a best move: the best keeps {expected:+} for {side}")]
    NotBest {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        square: Square,
        /// The value the best move keeps.
        expected: i32,
        /// The side that plays it.
        side: Color,
    },
    /// A solution line that ends with another score.
    #[error("the line ends {score:+}, not {expected:+}")]
    LineEnds {
        /// The final score.
        score: i32,
        /// The score the line should end with.
        expected: i32,
    },
}

fn theme_names(themes: &[Theme]) -> String {
    if themes.is_empty() {
        "none".to_string()
    } else {
        themes
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Short-hand for building errors inside one puzzle.
pub(super) struct Ctx<'a> {
    pub(super) file: &'a str,
    pub(super) id: Option<&'a str>,
    pub(super) errors: Vec<PuzzleError>,
}

impl Ctx<'_> {
    pub(super) fn err(&mut self, field: &str, problem: PuzzleProblem) {
        self.errors
            .push(PuzzleError::new(self.file, self.id, Some(field), problem));
    }
    pub(super) fn invalid(&mut self, field: &str, what: InvalidPuzzle) {
        self.err(field, PuzzleProblem::Invalid(what));
    }
}
