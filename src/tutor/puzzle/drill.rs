//! The endgame drill: a position with [`MIN_EMPTIES`] to [`MAX_EMPTIES`] empty
//! squares; the learner states the final score with best play (a margin such as
//! `+4` or `-2`, or the final discs as `34-30`, Black first), or plays it out move by
//! move against the exact solver's perfect defence. Afterwards the solver's score and
//! its best line are shown. Unrated.
//!
//! The positions come from the exact puzzles: each puzzle's position, or the first
//! position along its solution line, that has 6 to 14 empties and a move for the
//! side to move ([`drill_positions`]); a seed shuffles their order ([`Drill`]).

use super::model::{Proof, Puzzle, plays};
use crate::engine::endgame::{SolveError, Solver};
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::explain::illegal_reason;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// The fewest empties of a drill position.
pub const MIN_EMPTIES: u32 = 6;
/// The most empties of a drill position.
pub const MAX_EMPTIES: u32 = 14;

/// Why a typed score was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// Nothing typed.
    #[error("type a score first: a margin such as +4 or -2, or the discs such as 34-30")]
    Empty,
    /// Not a margin nor two disc counts.
    #[error("`{0}` is not a score: type a margin such as +4 or -2, or the discs such as 34-30")]
    NotAScore(String),
    /// An odd margin: with the empty squares going to the winner it is always even.
    #[error("{0:+} is odd, but a final margin is always even (empty squares go to the winner)")]
    Odd(i32),
    /// Beyond ±64.
    #[error("{0:+} is more than 64 discs")]
    TooLarge(i32),
    /// Two counts that are not a final result.
    #[error(
        "{0}-{1} is not a final result: the discs add up to 64 (empty squares go to the winner)"
    )]
    NotFinal(u32, u32),
}

/// Reads a typed final score as the margin of `mover` (the side to move): `+4`,
/// `4`, `-2`, `0`, or Black's and White's final discs such as `34-30` (Black first,
/// adding up to 64; an equal split such as `32-32` is a draw).
pub fn parse_score(text: &str, mover: Color) -> Result<i32, ScoreError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Err(ScoreError::Empty);
    }
    let bad = || ScoreError::NotAScore(text.trim().to_string());
    let body = t.strip_prefix('+').unwrap_or(&t);
    if let Some((b, w)) = body.split_once(['-', ':']).filter(|(b, _)| !b.is_empty()) {
        let b: u32 = b.parse().map_err(|_| bad())?;
        let w: u32 = w.parse().map_err(|_| bad())?;
        if b + w > 64 || (b + w != 64 && b != w) {
            return Err(ScoreError::NotFinal(b, w));
        }
        let black = b as i32 - w as i32;
        return Ok(match mover {
            Color::Black => black,
            Color::White => -black,
        });
    }
    let margin: i32 = t.parse().map_err(|_| bad())?;
    if margin.abs() > 64 {
        return Err(ScoreError::TooLarge(margin));
    }
    if margin % 2 != 0 {
        return Err(ScoreError::Odd(margin));
    }
    Ok(margin)
}

/// The drill's positions from `puzzles`: for each exact puzzle, the first position
/// of its solution line (its own position first) with 6 to 14 empties and a move for
/// the side to move; each position once, in the puzzles' order.
pub fn drill_positions(puzzles: &[Puzzle]) -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for p in puzzles.iter().filter(|p| p.proof == Proof::Exact) {
        let mut pos = p.position;
        let mut found = None;
        for mv in std::iter::once(None).chain(p.solution.iter().map(Some)) {
            if let Some(&mv) = mv {
                pos = plays(&pos, mv);
            }
            let e = pos.board.empty_count();
            if e < MIN_EMPTIES {
                break;
            }
            if e <= MAX_EMPTIES && !pos.legal_moves().is_empty() {
                found = Some(pos);
                break;
            }
        }
        if let Some(pos) = found.filter(|f| !out.contains(f)) {
            out.push(pos);
        }
    }
    out
}

/// The drill's sequence of positions, shuffled by a seed.
#[derive(Clone, Debug)]
pub struct Drill {
    positions: Vec<Position>,
    index: usize,
}

impl Drill {
    /// The drill over `puzzles`' positions (see [`drill_positions`]), in an order
    /// decided by `seed`.
    pub fn new(puzzles: &[Puzzle], seed: u64) -> Drill {
        let mut positions = drill_positions(puzzles);
        positions.shuffle(&mut StdRng::seed_from_u64(seed));
        Drill {
            positions,
            index: 0,
        }
    }

    /// The current position (`None` when there is none at all).
    pub fn current(&self) -> Option<Position> {
        self.positions.get(self.index).copied()
    }

    /// Goes to the next position (round again after the last).
    pub fn advance(&mut self) {
        if !self.positions.is_empty() {
            self.index = (self.index + 1) % self.positions.len();
        }
    }

    /// How many positions the drill has.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
}

/// How a drill round ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer was right: the exact score stated, or the best result kept
    /// when played out.
    pub right: bool,
    /// The margin stated (typed answers).
    pub stated: Option<i32>,
    /// The margin reached (played out).
    pub reached: Option<i32>,
    /// The solver's score with best play, the learner's view.
    pub best: i32,
    /// The solver's best line from the start position.
    pub line: Vec<Move>,
}

impl Verdict {
    /// The solver's line as text, such as `a1 b2 pass c3`.
    pub fn line_text(&self) -> String {
        line_text(&self.line)
    }
}

/// A move list as text.
pub fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a move played out did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayOut {
    /// Illegal: why (not played).
    Illegal(String),
    /// Played; the solver answered with these moves (passes included); the learner
    /// is to move again.
    Going(Vec<Move>),
    /// Played, and the game is over (after the solver's moves).
    Over(Vec<Move>, Verdict),
    /// The round was already over.
    Done,
}

/// One drill position: the solver's answer, and the learner's answer or play-out.
#[derive(Clone, Debug)]
pub struct Round {
    start: Position,
    best: i32,
    line: Vec<Move>,
    now: Position,
    played: Vec<Move>,
    verdict: Option<Verdict>,
}

impl Round {
    /// A round on `start`, solved exactly by `solver` (fast at 14 empties or fewer).
    pub fn new(start: Position, solver: &mut Solver) -> Result<Round, SolveError> {
        let s = solver.solve(&start.board)?;
        let line =
            s.pv.iter()
                .map(|m| m.map_or(Move::Pass, Move::Place))
                .collect();
        Ok(Round {
            start,
            best: s.score,
            line,
            now: start,
            played: Vec::new(),
            verdict: None,
        })
    }

    /// The start position (the learner to move).
    pub fn start(&self) -> Position {
        self.start
    }

    /// The position now (the start until a move is played out).
    pub fn position(&self) -> Position {
        self.now
    }

    /// The moves played out so far, both sides', passes included.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// The learner's colour.
    pub fn learner(&self) -> Color {
        self.start.to_move
    }

    /// The verdict, once the round is over.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Checks a typed final score (see [`parse_score`]) against the solver's; the
    /// round is then over. A round being played out, or over, takes no answer.
    pub fn answer(&mut self, text: &str) -> Result<Option<Verdict>, ScoreError> {
        if self.verdict.is_some() || !self.played.is_empty() {
            return Ok(None);
        }
        let stated = parse_score(text, self.learner())?;
        let v = Verdict {
            right: stated == self.best,
            stated: Some(stated),
            reached: None,
            best: self.best,
            line: self.line.clone(),
        };
        self.verdict = Some(v.clone());
        Ok(Some(v))
    }

    /// Plays `sq` for the learner, then the solver's best replies (and forced passes)
    /// until the learner is to move again or the game is over.
    pub fn play(&mut self, sq: Square, solver: &mut Solver) -> Result<PlayOut, SolveError> {
        if self.verdict.is_some() {
            return Ok(PlayOut::Done);
        }
        if !self.now.board.is_legal(sq) {
            return Ok(PlayOut::Illegal(illegal_reason(&self.now, sq)));
        }
        self.now = self.now.play_unchecked(sq);
        self.played.push(Move::Place(sq));
        let mut replies = Vec::new();
        while !self.now.is_game_over() {
            if self.now.must_pass() {
                self.now = self.now.pass();
                self.played.push(Move::Pass);
                replies.push(Move::Pass);
                continue;
            }
            if self.now.to_move == self.learner() {
                return Ok(PlayOut::Going(replies));
            }
            let s = solver.solve_score(&self.now.board)?;
            let Some(best) = s.best else { break };
            self.now = self.now.play_unchecked(best);
            self.played.push(Move::Place(best));
            replies.push(Move::Place(best));
        }
        let reached = self.now.to_black_view(self.now.board.final_score());
        let reached = match self.learner() {
            Color::Black => reached,
            Color::White => -reached,
        };
        let v = Verdict {
            right: reached == self.best,
            stated: None,
            reached: Some(reached),
            best: self.best,
            line: self.line.clone(),
        };
        self.verdict = Some(v.clone());
        Ok(PlayOut::Over(replies, v))
    }
}
