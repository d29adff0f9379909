//! Which evaluation a search uses: the trained pattern evaluation (the default) or
//! the named-feature one (`eval`, the one the tutor explains its verdicts with).

use super::board::Board;
use super::eval::Weights;
use super::pattern::{PatternWeights, shipped};
use std::sync::Arc;

/// An evaluation for the search, in hundredths of a disc, side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub enum Evaluator {
    /// The named-feature evaluation with these weights.
    Features(Box<Weights>),
    /// The pattern evaluation with these weights.
    Patterns(Arc<PatternWeights>),
}

impl Evaluator {
    /// The shipped pattern evaluation.
    pub fn patterns() -> Evaluator {
        Evaluator::Patterns(shipped())
    }

    /// The shipped named-feature evaluation.
    pub fn features() -> Evaluator {
        Evaluator::Features(Box::default())
    }

    /// The value of `board` for the side to move.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> i32 {
        match self {
            Evaluator::Features(w) => w.evaluate(board),
            Evaluator::Patterns(w) => w.evaluate(board),
        }
    }

    /// The value of `board` when the numbers of legal moves of the side to move
    /// (`mp`) and of the opponent (`mo`) are known: the same as `evaluate`.
    #[inline]
    pub fn evaluate_with_mobility(&self, board: &Board, mp: u32, mo: u32) -> i32 {
        match self {
            Evaluator::Features(w) => w.evaluate(board),
            Evaluator::Patterns(w) => w.evaluate_with_mobility(board, mp, mo),
        }
    }
}

impl Default for Evaluator {
    /// The evaluation engines play and analyze with.
    fn default() -> Self {
        Evaluator::patterns()
    }
}
