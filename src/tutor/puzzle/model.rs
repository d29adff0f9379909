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
    /// Every move loses: the move that loses by the least.
    LeastLoss,
}

impl Goal {
    /// The name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Best => "best",
            Goal::Win => "win",
            Goal::Line => "line",
            Goal::LeastLoss => "least-loss",
        }
    }

    /// Reads a goal name.
    pub fn parse(text: &str) -> Option<Goal> {
        [Goal::Best, Goal::Win, Goal::Line, Goal::LeastLoss]
            .into_iter()
            .find(|g| g.name() == text)
    }

    /// The task in words, for the puzzle screen.
    pub const fn task(self) -> &'static str {
        match self {
            Goal::Best => "Find the best move.",
            Goal::Win => "Find a winning move.",
            Goal::Line => "Find the best move, then keep finding it against the best defence.",
            Goal::LeastLoss => "Every move loses here: find the one that loses by the least.",
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
/// move (the "key move") against the other legal moves, or of the position; the
/// definitions below are the code's ([`super::themes_of`]), word for word:
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The key move takes a corner; or the mover has no corner move now, and after
    /// the key move the opponent has a reply and every reply leaves the mover, to
    /// move, a corner move.
    Corner,
    /// The key move makes at least 4 more of the mover's discs stable, and at least
    /// 2 more than any other legal move does (`engine::features::stable_discs`).
    StableDiscs,
    /// The key move is an X-square next to an empty corner.
    XSquare,
    /// The key move is a C-square next to an empty corner.
    CSquare,
    /// The key move is a wedge: on an edge, with both of its neighbours along the edge
    /// still the opponent's after the move (`engine::features::is_wedge`).
    Wedge,
    /// The key move is on an edge (not a corner) while at least one legal move is
    /// off the edges.
    Edge,
    /// The key move leaves the opponent at least one move and at least 2 fewer than
    /// any other legal move leaves it.
    Mobility,
    /// The key move (not a corner) flips no frontier disc while another legal move
    /// would.
    QuietMove,
    /// After the key move the mover has at least 2 fewer frontier discs (discs next
    /// to an empty square) than after any other legal move.
    Frontier,
    /// The key move leaves the opponent without a move (the game goes on, the mover
    /// plays again) while another legal move would not.
    Tempo,
    /// At most 20 empties, two or more regions: the key move plays into an odd region
    /// while another legal move is in an even one.
    Parity,
    /// The key move (not a corner) is played on an edge where the opponent has an
    /// unbalanced edge (one run of its discs that takes exactly one C-square, both
    /// corners empty, no disc of the mover there: `engine::features::unbalanced_edges`):
    /// it attacks that edge.
    UnbalancedEdge,
    /// The Stoner trap: the key move is an X-square next to an empty corner that the
    /// opponent cannot take right after it, and along an edge through that corner the
    /// opponent has an unbalanced edge whose C-square is at the far end; or the key
    /// move is on the edge of an unbalanced edge of the opponent, next to its open
    /// end, the mover holds the X-square by the corner at that end, and the mover then
    /// has a move on a corner of that edge (as if to move again).
    StonerTrap,
    /// Evaporation: at least 24 empties, the key move (not a corner) flips no more
    /// discs than any other legal move, and some legal move flips more.
    Evaporation,
    /// Access: at most 24 empties; after the key move an empty region holds a move of
    /// the mover (as if to move again) and none of the opponent's, while after some
    /// other legal move no region does.
    Access,
    /// A sacrifice: the key move gives the opponent a corner move it did not have,
    /// while another legal move gives none.
    Sacrifice,
    /// Exact value 64: the opponent ends with no disc.
    WipeOut,
    /// Proved by the exact solver.
    ExactEndgame,
}

impl Theme {
    /// Every theme, in order.
    pub const ALL: [Theme; 18] = [
        Theme::Corner,
        Theme::StableDiscs,
        Theme::XSquare,
        Theme::CSquare,
        Theme::Wedge,
        Theme::Edge,
        Theme::Mobility,
        Theme::QuietMove,
        Theme::Frontier,
        Theme::Tempo,
        Theme::Parity,
        Theme::UnbalancedEdge,
        Theme::StonerTrap,
        Theme::Evaporation,
        Theme::Access,
        Theme::Sacrifice,
        Theme::WipeOut,
        Theme::ExactEndgame,
    ];

    /// The name used in files (and the progress store).
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Corner => "corner",
            Theme::StableDiscs => "stable-discs",
            Theme::XSquare => "x-square",
            Theme::CSquare => "c-square",
            Theme::Wedge => "wedge",
            Theme::Edge => "edge",
            Theme::Mobility => "mobility",
            Theme::QuietMove => "quiet-move",
            Theme::Frontier => "frontier",
            Theme::Tempo => "tempo",
            Theme::Parity => "parity",
            Theme::UnbalancedEdge => "unbalanced-edge",
            Theme::StonerTrap => "stoner-trap",
            Theme::Evaporation => "evaporation",
            Theme::Access => "access",
            Theme::Sacrifice => "sacrifice",
            Theme::WipeOut => "wipe-out",
            Theme::ExactEndgame => "exact-endgame",
        }
    }

    /// The name for people.
    pub const fn label(self) -> &'static str {
        match self {
            Theme::Corner => "Corner",
            Theme::StableDiscs => "Stable discs",
            Theme::XSquare => "X-square",
            Theme::CSquare => "C-square",
            Theme::Wedge => "Wedge",
            Theme::Edge => "Edge",
            Theme::Mobility => "Mobility",
            Theme::QuietMove => "Quiet move",
            Theme::Frontier => "Frontier",
            Theme::Tempo => "Tempo",
            Theme::Parity => "Parity",
            Theme::UnbalancedEdge => "Unbalanced edge",
            Theme::StonerTrap => "Stoner trap",
            Theme::Evaporation => "Evaporation",
            Theme::Access => "Access",
            Theme::Sacrifice => "Sacrifice",
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
