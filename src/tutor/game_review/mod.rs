//! Whole-game analysis: every move of both sides valued and graded as the practice
//! feedback grades a move, with each side's accuracy per phase, the value after each
//! move (for a graph) and the biggest swings. No terminal code; the review screen
//! and `othello-tutor review` show it.
//!
//! How a move is valued, first that applies:
//! 1. a grade the game already has (a practice game's feedback) is kept;
//! 2. in a book position, the opening book's verdict
//!    ([`crate::tutor::feedback::grade_from_book`]), as practice grades it;
//! 3. at [`FEEDBACK_EXACT_EMPTIES`] empties or fewer, exact: every position from
//!    there to the end is solved once, and a move's values are the position's
//!    (the best) and the next position's (the played move), the very numbers the
//!    practice feedback proves;
//! 4. otherwise [`crate::tutor::settings::grading_values`], the practice feedback's
//!    own search.
//!
//! The phases, by the empty squares before the move: the **opening** has
//! [`OPENING_MIN_EMPTIES`] or more (moves 1–20 of a game from the start), the
//! **endgame** [`ENDGAME_MAX_EMPTIES`] or fewer, where the feedback is exact (moves
//! 39–60), and the **midgame** lies between (moves 21–38).

mod analyze;

pub use analyze::{Progress, analyze_game};

use crate::engine::{Color, Game, Move};
use crate::tutor::feedback::{Feedback, Grade};
pub use crate::tutor::settings::FEEDBACK_EXACT_EMPTIES;
use std::fmt;

/// The opening: moves played with at least this many empty squares.
pub const OPENING_MIN_EMPTIES: u32 = 41;
/// The endgame: moves played with at most this many empty squares (the feedback's
/// exact-solve threshold).
pub const ENDGAME_MAX_EMPTIES: u32 = FEEDBACK_EXACT_EMPTIES;
/// How many swings `othello-tutor review` lists.
pub const SWINGS_LISTED: usize = 10;

/// A part of the game, by the empty squares before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// [`OPENING_MIN_EMPTIES`] empties or more.
    Opening,
    /// Between the opening and the endgame.
    Midgame,
    /// [`ENDGAME_MAX_EMPTIES`] empties or fewer.
    Endgame,
}

impl Phase {
    /// The three phases in game order.
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Midgame, Phase::Endgame];

    /// The phase of a move played with `empties` empty squares.
    pub fn of_empties(empties: u32) -> Phase {
        if empties >= OPENING_MIN_EMPTIES {
            Phase::Opening
        } else if empties <= ENDGAME_MAX_EMPTIES {
            Phase::Endgame
        } else {
            Phase::Midgame
        }
    }

    /// The phase's name.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Midgame => "midgame",
            Phase::Endgame => "endgame",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A game to analyze: the record and the grades it already has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewInput {
    /// The game.
    pub game: Game,
    /// Grades already given, by move index (shorter than the game, or `None`, where
    /// a move has none).
    pub known: Vec<Option<Feedback>>,
}

impl ReviewInput {
    /// A game with no grades yet.
    pub fn new(game: Game) -> ReviewInput {
        ReviewInput {
            game,
            known: Vec::new(),
        }
    }
}

/// One move of the game, valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// Index of the move in the game (0-based, passes counted).
    pub index: usize,
    /// The move's number as every screen shows it ([`Game::move_number`]).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Empty squares before the move.
    pub empties: u32,
    /// The verdict (`None` for a pass, or a move not valued yet).
    pub feedback: Option<Feedback>,
    /// Whether the verdict was given during the game rather than by this analysis.
    pub reused: bool,
}

impl MoveReview {
    /// The move number shown ([`Game::move_number`]).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The move's phase.
    pub fn phase(&self) -> Phase {
        Phase::of_empties(self.empties)
    }

    /// The grade, once valued.
    pub fn grade(&self) -> Option<Grade> {
        self.feedback.as_ref().map(|f| f.grade)
    }

    /// Discs lost against the best move (0 for a pass or a move not valued).
    pub fn loss(&self) -> i32 {
        self.feedback.as_ref().map_or(0, |f| f.loss)
    }

    /// The value after the move in discs, from Black's view (the played move's
    /// value, turned to Black's side).
    pub fn value_for_black(&self) -> Option<i32> {
        let f = self.feedback.as_ref()?;
        Some(match self.color {
            Color::Black => f.played_value,
            Color::White => -f.played_value,
        })
    }

    /// Whether the move is valued (a pass needs no value).
    pub fn is_done(&self) -> bool {
        self.feedback.is_some() || self.mv == Move::Pass
    }

    /// How the value was found: "book", "exact" or "depth D" ("" for a pass).
    pub fn basis(&self) -> String {
        match &self.feedback {
            None => String::new(),
            Some(f) if f.grade == Grade::Book || f.book.is_some() => "book".into(),
            Some(f) if f.exact => "exact".into(),
            Some(f) => format!("depth {}", f.depth),
        }
    }
}

/// The accuracy of a set of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accuracy {
    /// Moves graded.
    pub graded: usize,
    /// Of those, book, best or good moves.
    pub best_or_good: usize,
    /// Discs lost in all.
    pub total_loss: i32,
}

impl Accuracy {
    /// Percentage of graded moves that were book, best or good (as the practice
    /// summary counts), `None` with no move graded.
    pub fn percent(&self) -> Option<u32> {
        (100 * self.best_or_good)
            .checked_div(self.graded)
            .map(|p| p as u32)
    }

    /// Mean discs lost a move, `None` with no move graded.
    pub fn mean_loss(&self) -> Option<f64> {
        (self.graded > 0).then(|| f64::from(self.total_loss) / self.graded as f64)
    }

    /// "87% (13/15, 9 discs lost)" or "-" when nothing was graded.
    pub fn describe(&self) -> String {
        match self.percent() {
            None => "-".into(),
            Some(p) => format!(
                "{p}% ({}/{}, {} lost)",
                self.best_or_good, self.graded, self.total_loss
            ),
        }
    }
}

/// A whole game valued move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    /// The game.
    pub game: Game,
    /// Every move, in game order.
    pub moves: Vec<MoveReview>,
}

impl GameReview {
    /// A review with no move valued yet (passes need none).
    pub fn unvalued(game: &Game) -> GameReview {
        let positions = game.positions();
        let moves = game
            .moves()
            .iter()
            .enumerate()
            .map(|(index, &mv)| MoveReview {
                index,
                number: game.move_number(index),
                color: positions[index].to_move,
                mv,
                empties: positions[index].board.empty_count(),
                feedback: None,
                reused: false,
            })
            .collect();
        GameReview {
            game: game.clone(),
            moves,
        }
    }

    /// Stores a valued move (one the analysis reported).
    pub fn set(&mut self, m: MoveReview) {
        if let Some(slot) = self.moves.get_mut(m.index) {
            *slot = m;
        }
    }

    /// Whether every move is valued.
    pub fn is_complete(&self) -> bool {
        self.moves.iter().all(MoveReview::is_done)
    }

    /// Moves valued so far and moves to value (passes left out).
    pub fn counts(&self) -> (usize, usize) {
        let placed = self.moves.iter().filter(|m| m.mv != Move::Pass);
        let done = placed.clone().filter(|m| m.feedback.is_some()).count();
        (done, placed.count())
    }

    /// The accuracy of `color`'s moves, in `phase` or in the whole game (`None`).
    pub fn accuracy(&self, color: Color, phase: Option<Phase>) -> Accuracy {
        let mut a = Accuracy::default();
        for m in &self.moves {
            if m.color != color || phase.is_some_and(|p| m.phase() != p) {
                continue;
            }
            let Some(f) = &m.feedback else { continue };
            a.graded += 1;
            a.total_loss += f.loss;
            if matches!(f.grade, Grade::Book | Grade::Best | Grade::Good) {
                a.best_or_good += 1;
            }
        }
        a
    }

    /// The swings: the moves that lost discs, the biggest loss first (ties in game
    /// order). A move's swing is its loss: how far it moved the game's value against
    /// the side that played it.
    pub fn swings(&self) -> Vec<&MoveReview> {
        let mut out: Vec<&MoveReview> = self.moves.iter().filter(|m| m.loss() > 0).collect();
        out.sort_by_key(|m| (std::cmp::Reverse(m.loss()), m.index));
        out
    }

    /// The value after each move in discs, from Black's view (a pass keeps the value
    /// before it; `None` where not valued yet).
    pub fn values_for_black(&self) -> Vec<Option<i32>> {
        let mut out = Vec::with_capacity(self.moves.len());
        let mut previous = None;
        for m in &self.moves {
            let v = if m.mv == Move::Pass {
                previous
            } else {
                m.value_for_black()
            };
            out.push(v);
            previous = v;
        }
        out
    }

    /// The named opening the game is in after `moves` moves: the deepest named
    /// position it has passed through.
    pub fn opening_after(&self, moves: usize) -> Option<String> {
        crate::tutor::openings::opening_upto(&self.game, Some(moves))
    }

    /// One line for a move: "23. White e3 -4 mistake, loses 6 (best f2 +2, exact)".
    pub fn move_line(&self, m: &MoveReview) -> String {
        let head = format!("{}. {} {}", m.number(), m.color, m.mv);
        match &m.feedback {
            None if m.mv == Move::Pass => format!("{head} (no move)"),
            None => format!("{head} (not valued yet)"),
            Some(f) => {
                let v = m.value_for_black().unwrap_or(0);
                let best = if f.loss > 0 {
                    format!(", best {} {:+}", f.best, f.best_value)
                } else {
                    String::new()
                };
                let loss = if f.loss > 0 {
                    format!(" -{}", f.loss)
                } else {
                    String::new()
                };
                format!("{head} {v:+} {}{loss}{best} ({})", f.grade, m.basis())
            }
        }
    }
}
