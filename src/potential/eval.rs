//! The static evaluation of a position for the search and the greedy level.
//!
//! The game is "whoever runs out of moves first loses, and the other side
//! then scores a run", so the evaluation counts what keeps a side moving:
//! pieces that can move (by the key theorem, not bound and above `(1, 0)`),
//! the number of moves, and the potential those pieces can still spend.

use super::cell::Color;
use super::movegen::Analysis;

/// Weights of the evaluation terms (per unit of the difference between the
/// side to move and the other side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per movable piece.
    pub movable: i32,
    /// Per legal move.
    pub mobility: i32,
    /// Per point of reserve, Σ (key − 5) over movable pieces.
    pub reserve: i32,
    /// Per bound piece (subtracted).
    pub bound: i32,
    /// Bonus for having the move.
    pub tempo: i32,
}

/// The weights the AI plays with.
pub const DEFAULT_WEIGHTS: Weights = Weights {
    movable: 60,
    mobility: 2,
    reserve: 8,
    bound: 10,
    tempo: 20,
};

/// Scores above this magnitude are game results, not estimates.
pub const WIN_SCORE: i32 = 1_000_000;

/// The score of a finished game for the side that wins by `points`
/// (negate for the loser; a draw scores 0).
pub fn win_score(points: u32) -> i32 {
    WIN_SCORE + points as i32
}

/// The evaluation of an analyzed position from `me`'s point of view, `me`
/// being the side to move.
pub fn evaluate(a: &Analysis, me: Color, w: &Weights) -> i32 {
    let them = me.opponent();
    let movable = a.movable_count(me) as i32 - a.movable_count(them) as i32;
    let mobility = a.mobility(me) as i32 - a.mobility(them) as i32;
    let reserve = a.reserve(me) as i32 - a.reserve(them) as i32;
    let bound = a.bound_count(me) as i32 - a.bound_count(them) as i32;
    w.movable * movable + w.mobility * mobility + w.reserve * reserve - w.bound * bound + w.tempo
}
