//! A game position with its phase, and the rules that move it on: placing,
//! moving, the stuck test and the final run.

use std::fmt;

use super::board::Board;
use super::cell::{Cell, Color, PotentialMove};
use super::error::{IllegalMove, PotentialError};
use super::movegen::Analysis;

/// Fewest pieces per side (6 on the field in all).
pub const MIN_PIECES_PER_SIDE: usize = 3;
/// Most pieces per side (50 on the field in all).
pub const MAX_PIECES_PER_SIDE: usize = 25;
/// The usual game: a 24-piece draughts set, 12 per side.
pub const DEFAULT_PIECES_PER_SIDE: usize = 12;

/// Checks a pieces-per-side setting.
pub fn check_pieces_per_side(n: usize) -> Result<(), PotentialError> {
    if (MIN_PIECES_PER_SIDE..=MAX_PIECES_PER_SIDE).contains(&n) {
        Ok(())
    } else {
        Err(PotentialError::PiecesOutOfRange(n))
    }
}

/// The final result: who won and by how many points (the length of the
/// winner's run), or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    score: i32,
}

impl GameResult {
    /// A draw.
    pub const DRAW: GameResult = GameResult { score: 0 };

    /// A win for `winner` by `points`.
    pub fn win(winner: Color, points: u32) -> GameResult {
        let p = points as i32;
        GameResult {
            score: if winner == Color::White { p } else { -p },
        }
    }

    /// The signed score: positive when White won.
    pub fn white_score(self) -> i32 {
        self.score
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self.score.signum() {
            1 => Some(Color::White),
            -1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The margin in points (0 for a draw).
    pub fn points(self) -> u32 {
        self.score.unsigned_abs()
    }

    /// The result after adding a handicap to the receiving player's score
    /// (rule 10). An adjusted tie is a draw.
    pub fn with_handicap(self, handicap: Handicap) -> GameResult {
        let h = handicap.points as i32;
        GameResult {
            score: match handicap.receiver {
                Color::White => self.score + h,
                Color::Black => self.score - h,
            },
        }
    }
}

impl fmt::Display for GameResult {
    /// `White +k`, `Black +k` or `Draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(c) => write!(f, "{c} +{}", self.points()),
            None => f.write_str("Draw"),
        }
    }
}

/// Points agreed before the game and added to the weaker player's result at
/// the end (rule 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Handicap {
    /// The player who receives the points.
    pub receiver: Color,
    /// How many points.
    pub points: u32,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Phase 1: pieces go from the hands onto the field.
    Placing,
    /// Phase 2: the sides take turns moving pieces.
    Moving,
    /// The side to move in phase 2 was stuck: the other side (the runner)
    /// now moves alone, one point per move, while the stuck side's pieces
    /// stay frozen.
    Run {
        /// The side making the run.
        runner: Color,
        /// Moves made in the run so far.
        points: u32,
    },
    /// The game has ended.
    Over(GameResult),
}

/// A position: the pieces, the side to move, the phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    pieces_per_side: u8,
    to_move: Color,
    phase: Phase,
}

impl Position {
    /// The empty field at the start of a game with `pieces_per_side` pieces
    /// per side (3 to 25).
    pub fn new(pieces_per_side: usize) -> Result<Position, PotentialError> {
        check_pieces_per_side(pieces_per_side)?;
        Ok(Position {
            board: Board::new(),
            pieces_per_side: pieces_per_side as u8,
            to_move: Color::White,
            phase: Phase::Placing,
        })
    }

    /// A position given piece by piece, for tests, puzzles and analysis.
    ///
    /// The pieces must form one group, with at most `pieces_per_side` of
    /// each color. While pieces remain in hand the phase is placing and the
    /// side to move follows from the counts (White when they are equal,
    /// Black when White has one more); `to_move` must agree. With every piece
    /// on the field the phase is moving with `to_move` to play, and the
    /// stuck test is applied at once (which may start the run or end the
    /// game).
    pub fn from_pieces(
        pieces_per_side: usize,
        pieces: &[(Cell, Color)],
        to_move: Color,
    ) -> Result<Position, PotentialError> {
        check_pieces_per_side(pieces_per_side)?;
        let bad = |s: String| Err(PotentialError::BadSetup(s));
        let board = Board::from_pieces(pieces)?;
        for color in [Color::White, Color::Black] {
            if board.count(color) > pieces_per_side {
                return bad(format!("more than {pieces_per_side} {color} pieces"));
            }
        }
        let mut pos = Position {
            board,
            pieces_per_side: pieces_per_side as u8,
            to_move,
            phase: Phase::Placing,
        };
        if pos.board.len() < 2 * pieces_per_side {
            let (w, b) = (pos.board.count(Color::White), pos.board.count(Color::Black));
            let expected = if w == b {
                Color::White
            } else if w == b + 1 {
                Color::Black
            } else {
                return bad(format!(
                    "{w} White and {b} Black pieces cannot arise by alternate placing"
                ));
            };
            if expected != to_move {
                return bad(format!("with these pieces placed it is {expected}'s turn"));
            }
        } else {
            pos.phase = Phase::Moving;
            pos.settle();
        }
        Ok(pos)
    }

    /// The pieces on the field.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Pieces each side starts with.
    pub fn pieces_per_side(&self) -> usize {
        usize::from(self.pieces_per_side)
    }

    /// The side whose turn it is (the runner during a run).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Pieces `color` still has to place.
    pub fn in_hand(&self, color: Color) -> usize {
        self.pieces_per_side() - self.board.count(color)
    }

    /// The final result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The position potential Φ = 5·E + D.
    pub fn potential(&self) -> u32 {
        self.board.potential()
    }

    /// Bound pieces, keys, frontier: the tables behind move generation.
    pub fn analysis(&self) -> Analysis {
        Analysis::new(&self.board)
    }

    /// Every legal move for the side to move.
    pub fn legal_moves(&self) -> Vec<PotentialMove> {
        match self.phase {
            Phase::Placing => Analysis::new(&self.board).placements(),
            Phase::Moving | Phase::Run { .. } => Analysis::new(&self.board).steps(self.to_move),
            Phase::Over(_) => Vec::new(),
        }
    }

    /// The legal targets of the piece on `from` for the side to move (empty
    /// when it is not that side's piece, or it cannot move).
    pub fn targets_of(&self, from: Cell) -> Vec<Cell> {
        let mut out = Vec::new();
        if !matches!(self.phase, Phase::Moving | Phase::Run { .. }) {
            return out;
        }
        let Some(i) = self.board.index_at(from) else {
            return out;
        };
        if self.board.color_of(i) != self.to_move {
            return out;
        }
        let a = Analysis::new(&self.board);
        let mut steps = Vec::new();
        a.piece_steps_into(i, &mut steps);
        out.extend(steps.iter().map(|s| s.mv.target()));
        out
    }

    /// Whether `mv` is legal, and if not, why.
    pub fn check(&self, mv: PotentialMove) -> Result<(), IllegalMove> {
        match (self.phase, mv) {
            (Phase::Over(_), _) => Err(IllegalMove::GameOver),
            (Phase::Placing, PotentialMove::Place(cell)) => self.check_placement(cell),
            (Phase::Placing, PotentialMove::Step { .. }) => Err(IllegalMove::StillPlacing),
            (_, PotentialMove::Place(_)) => Err(IllegalMove::NotPlacing),
            (_, PotentialMove::Step { from, to }) => self.check_step(from, to),
        }
    }

    fn check_placement(&self, cell: Cell) -> Result<(), IllegalMove> {
        if self.board.is_empty() {
            return if cell == Cell::ORIGIN {
                Ok(())
            } else {
                Err(IllegalMove::NotCentre)
            };
        }
        if self.board.is_occupied(cell) {
            return Err(IllegalMove::Occupied(cell));
        }
        if self.board.neighbour_counts(cell, None).0 == 0 {
            return Err(IllegalMove::Detached(cell));
        }
        Ok(())
    }

    fn check_step(&self, from: Cell, to: Cell) -> Result<(), IllegalMove> {
        let Some(i) = self.board.index_at(from) else {
            return Err(IllegalMove::NoPiece(from));
        };
        let owner = self.board.color_of(i);
        if owner != self.to_move {
            return Err(IllegalMove::NotYours {
                cell: from,
                owner,
                to_move: self.to_move,
            });
        }
        let a = Analysis::new(&self.board);
        let p = a.pieces()[i];
        if p.bound {
            return Err(IllegalMove::Bound(from));
        }
        if p.key() <= 5 {
            return Err(IllegalMove::NoPotential(from));
        }
        if self.board.is_occupied(to) {
            return Err(IllegalMove::Occupied(to));
        }
        let (t, d) = self.board.neighbour_counts(to, Some(from));
        if t == 0 {
            return Err(IllegalMove::Isolated(to));
        }
        if 5 * t + d >= p.key() {
            return Err(IllegalMove::NotLower {
                to,
                from_t: p.t,
                from_d: p.d,
                to_t: t,
                to_d: d,
            });
        }
        Ok(())
    }

    /// Plays `mv` if it is legal, then applies the phase rules: the end of
    /// placing, the stuck test for the side to move, the start and end of
    /// the run.
    pub fn play(&mut self, mv: PotentialMove) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            PotentialMove::Place(cell) => {
                self.board.add(cell, self.to_move);
                self.to_move = self.to_move.opponent();
                if self.board.len() == 2 * self.pieces_per_side() {
                    self.phase = Phase::Moving;
                    self.settle();
                }
            }
            PotentialMove::Step { from, to } => {
                self.board.relocate(from, to);
                match self.phase {
                    Phase::Run { runner, points } => {
                        self.phase = Phase::Run {
                            runner,
                            points: points + 1,
                        };
                        self.settle();
                    }
                    _ => {
                        self.to_move = self.to_move.opponent();
                        self.settle();
                    }
                }
            }
        }
        Ok(())
    }

    /// Applies the stuck test to the side to move.
    fn settle(&mut self) {
        let a = Analysis::new(&self.board);
        match self.phase {
            Phase::Moving => {
                if !a.has_move(self.to_move) {
                    let runner = self.to_move.opponent();
                    self.to_move = runner;
                    self.phase = Phase::Run { runner, points: 0 };
                    if !a.has_move(runner) {
                        self.phase = Phase::Over(GameResult::DRAW);
                    }
                }
            }
            Phase::Run { runner, points } => {
                if !a.has_move(runner) {
                    self.phase = Phase::Over(GameResult::win(runner, points));
                }
            }
            Phase::Placing | Phase::Over(_) => {}
        }
    }
}
