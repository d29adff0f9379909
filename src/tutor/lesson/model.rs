//! The typed, checked lesson model: a [`Lesson`] of [`Step`]s whose positions are
//! parsed and legal and whose squares are [`Square`]s. The interactive steps share one
//! [`StepHeader`] (text, board, highlight, prompt, hint, explain).

use crate::engine::players::Strategy;
use crate::engine::{Color, Position, Square, SquareSet};
use crate::tutor::explain::plural;
use crate::tutor::facts::Fact;
use serde::Deserialize;
use std::fmt;
use std::ops::Deref;

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
    /// Number of steps.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// Number of steps that need an answer (find-move, question, play-out).
    pub fn interactive_count(&self) -> usize {
        self.steps.iter().filter(|s| s.is_interactive()).count()
    }
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

    /// The shared header of an interactive step; `None` for a read step.
    pub fn header(&self) -> Option<&StepHeader> {
        match self {
            Step::Read(_) => None,
            Step::FindMove(f) => Some(&f.header),
            Step::Question(q) => Some(&q.header),
            Step::PlayOut(p) => Some(&p.header),
        }
    }

    /// The position shown, if any.
    pub fn setup(&self) -> Option<&Setup> {
        match self {
            Step::Read(r) => r.setup.as_ref(),
            _ => self.header().map(|h| &h.setup),
        }
    }

    /// The facts its text states (`facts = [...]`), checked on [`Step::shown`].
    pub fn facts(&self) -> &[Fact] {
        match self {
            Step::Read(r) => &r.facts,
            _ => self.header().map_or(&[], |h| &h.facts),
        }
    }

    /// The board the step shows as it opens, with the move shown played on it (if
    /// any) and that move: a read step's `play` and a question's `move` are on the
    /// board, except the move of a `flips` question, which asks what the move will do
    /// and so shows the board before it.
    pub fn shown(&self) -> (Position, Option<Square>) {
        let setup = self.setup().map_or_else(Position::start, |s| s.position);
        let play = match self {
            Step::Read(r) => r.play,
            Step::Question(q) if q.ask != Ask::Flips => q.play,
            _ => None,
        };
        match play {
            Some(sq) if setup.board.is_legal(sq) => (setup.play_unchecked(sq), Some(sq)),
            _ => (setup, None),
        }
    }

    /// The squares to mark.
    pub fn highlight(&self) -> &[Square] {
        match self {
            Step::Read(r) => &r.highlight,
            _ => self.header().map_or(&[], |h| &h.highlight),
        }
    }
}

/// The fields every interactive step (find-move, question, play-out) has: the context,
/// the board, the marked squares, the prompt, the author's hint and the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepHeader {
    /// Context shown above the prompt.
    pub text: Option<String>,
    /// The position the step is about; the learner plays (or is asked about) it.
    pub setup: Setup,
    /// Squares to mark.
    pub highlight: Vec<Square>,
    /// What to do, or the question.
    pub prompt: String,
    /// The hint as written, if any (each step kind has a default).
    pub hint_text: Option<String>,
    /// Why, shown after the answer.
    pub explain: String,
    /// The facts the text, prompt and explanation state, checked on the board shown.
    pub facts: Vec<Fact>,
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
    /// The facts the text states, checked on the board shown.
    pub facts: Vec<Fact>,
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
}

/// Find the right move: the learner plays the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindMove {
    /// Text, board, prompt, hint and explanation.
    pub header: StepHeader,
    /// How the right moves are defined.
    pub check: Check,
    /// Discs a move may lose against the best and still count.
    pub tolerance: u32,
    /// The accepted moves (proved by `check-content`).
    pub moves: SquareSet,
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
    /// What tells the answer apart from the right one; names the right move, so show
    /// it only with the answer. The answer itself is not in it: the screen writes it
    /// once, from [`FindMove::answer_text`] or [`Question::answer`].
    pub reveal: Vec<String>,
    /// Discs lost against the best move, when the engine's values were given.
    pub loss: Option<i32>,
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

    pub(super) const fn needs_color(self) -> bool {
        matches!(
            self,
            Ask::Discs | Ask::StableDiscs | Ask::FrontierDiscs | Ask::FinalScore | Ask::ExactScore
        )
    }

    pub(super) const fn fixed_choices(self) -> Option<[&'static str; 3]> {
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
    /// Text, board (before `play`), prompt, hint and explanation.
    pub header: StepHeader,
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
}

impl Question {
    /// The position after `play` (if any): what the question is about.
    pub fn asked_position(&self) -> Position {
        match self.play {
            Some(sq) => self.setup.position.play_unchecked(sq),
            None => self.setup.position,
        }
    }
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
                "have {} within {}",
                plural(count, "stable disc", "stable discs"),
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

/// Play on from a position until a goal is met; the opponent's replies come from an
/// `engine::players::Player` with [`PlayOut::opponent`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOut {
    /// Text, start position (the learner plays the side to move), prompt, hint and
    /// explanation.
    pub header: StepHeader,
    /// The goal.
    pub goal: Goal,
    /// Who replies.
    pub opponent: Strategy,
}

impl PlayOut {
    /// The learner's colour.
    pub fn learner(&self) -> Color {
        self.setup.position.to_move
    }

    /// The opponent's strategy.
    pub fn opponent(&self) -> Strategy {
        self.opponent
    }
}

macro_rules! step_header {
    ($($step:ty),*) => {$(
        impl Deref for $step {
            type Target = StepHeader;

            /// The shared fields read as the step's own (`step.prompt`, `step.setup`).
            fn deref(&self) -> &StepHeader {
                &self.header
            }
        }
    )*};
}

step_header!(FindMove, Question, PlayOut);
