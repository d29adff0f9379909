//! The checked puzzle model: a [`Puzzle`] of [`Step`]s, its [`Goal`], [`Proof`] and
//! [`Theme`]s.

use crate::engine::{Color, Move, Position, Square, SquareSet};
use std::fmt;

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
    /// The key move is a wedge: on an edge, with both of its neighbours along the edge
    /// still the opponent's after the move (`engine::features::is_wedge`).
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

/// The `source.generator` of the personal puzzles made from the learner's games.
pub const PERSONAL_GENERATOR: &str = "practice";

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

    /// Whether it is a personal puzzle, made from a mistake in the learner's own game.
    pub fn is_personal(&self) -> bool {
        self.source.generator == PERSONAL_GENERATOR
    }

    /// "Themes: Corner, Parity" for the screen, or `None` when the puzzle has no theme
    /// (a personal puzzle may have none): no empty "Themes:" line.
    pub fn themes_line(&self) -> Option<String> {
        if self.themes.is_empty() {
            return None;
        }
        let labels: Vec<&str> = self.themes.iter().map(|t| t.label()).collect();
        Some(format!("Themes: {}", labels.join(", ")))
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
}

/// The colour's name in files.
pub(super) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The position after a move or a pass.
pub(super) fn plays(pos: &Position, mv: Move) -> Position {
    match mv {
        Move::Place(sq) => pos.play_unchecked(sq),
        Move::Pass => pos.pass(),
    }
}
