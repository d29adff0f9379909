//! The evaluator: a phase-dependent weighted sum of named features, in disc units,
//! with a breakdown the tutor can put into words.
//!
//! Every term is "side to move minus opponent" (parity and tempo are single values
//! for the side to move). The weights depend on the number of empty squares: one set
//! per phase of four empties, tuned by `othello-lab tune` (see [`crate::engine::tune`]) and stored
//! in `weights.rs`.

use super::bits::{CORNER_NEIGHBOURS, CORNERS, EDGES, neighbours};
use super::board::{Board, legal_moves};
use super::features::{region_counts, stable_discs, unbalanced_edges, wedge_moves};
use super::weights::WEIGHTS;

/// Internal evaluation units per disc.
pub const UNITS_PER_DISC: i32 = 100;

/// The named terms of the evaluation, in the order of the weight tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Legal moves (side to move minus opponent).
    Mobility,
    /// Empty squares next to opposing discs.
    PotentialMobility,
    /// Discs next to an empty square (fewer is better).
    Frontier,
    /// Corners held.
    Corners,
    /// X-squares held next to an empty corner.
    XSquares,
    /// C-squares held next to an empty corner.
    CSquares,
    /// Discs that can never be flipped.
    Stable,
    /// Unbalanced edges held.
    UnbalancedEdges,
    /// Wedge moves available.
    Wedges,
    /// Odd empty regions, counted for the side to move when the empties are odd.
    Parity,
    /// Disc count.
    Discs,
    /// The constant value of having the move.
    Tempo,
}

/// The largest value the evaluation gives, in hundredths of a disc: 63 discs, an odd
/// margin that no finished game has, below the wipe-out's 64, so that an estimate is
/// never shown as a proved result.
pub const MAX_EVAL: i32 = 63 * UNITS_PER_DISC;

/// Number of terms.
pub const TERM_COUNT: usize = 12;

/// The terms in weight-table order.
pub const TERMS: [Term; TERM_COUNT] = [
    Term::Mobility,
    Term::PotentialMobility,
    Term::Frontier,
    Term::Corners,
    Term::XSquares,
    Term::CSquares,
    Term::Stable,
    Term::UnbalancedEdges,
    Term::Wedges,
    Term::Parity,
    Term::Discs,
    Term::Tempo,
];

/// Number of phases (one per four empty squares).
pub const PHASES: usize = 16;

impl Term {
    /// A short lowercase name, as used in explanations and the tuner's output.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Mobility => "mobility",
            Term::PotentialMobility => "potential mobility",
            Term::Frontier => "frontier",
            Term::Corners => "corners",
            Term::XSquares => "x-squares",
            Term::CSquares => "c-squares",
            Term::Stable => "stable discs",
            Term::UnbalancedEdges => "unbalanced edges",
            Term::Wedges => "wedges",
            Term::Parity => "parity",
            Term::Discs => "discs",
            Term::Tempo => "tempo",
        }
    }
}

/// The phase of a position with `empties` empty squares.
#[inline]
pub const fn phase(empties: u32) -> usize {
    let p = (empties / 4) as usize;
    if p < PHASES { p } else { PHASES - 1 }
}

/// The raw term values of `board` (side to move minus opponent).
#[inline]
pub fn term_values(board: &Board) -> [i32; TERM_COUNT] {
    let (p, o) = (board.player, board.opponent);
    let empty = !(p | o);
    let near_empty = neighbours(empty);
    let mob_p = legal_moves(p, o).count_ones() as i32;
    let mob_o = legal_moves(o, p).count_ones() as i32;
    let pot_p = (neighbours(o) & empty).count_ones() as i32;
    let pot_o = (neighbours(p) & empty).count_ones() as i32;
    let front = (p & near_empty).count_ones() as i32 - (o & near_empty).count_ones() as i32;
    let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    let (mut xs, mut cs) = (0i32, 0i32);
    for (corner, x, c) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            xs += (p & x).count_ones() as i32 - (o & x).count_ones() as i32;
            cs += (p & c).count_ones() as i32 - (o & c).count_ones() as i32;
        }
    }
    let edge_discs = (p | o) & EDGES;
    let (stable, unbalanced, wedges) = if edge_discs == 0 {
        (0, 0, 0)
    } else {
        (
            stable_discs(p, o).count_ones() as i32 - stable_discs(o, p).count_ones() as i32,
            unbalanced_edges(p, o) as i32 - unbalanced_edges(o, p) as i32,
            wedge_moves(p, o).count_ones() as i32 - wedge_moves(o, p).count_ones() as i32,
        )
    };
    let empties = empty.count_ones();
    let parity = if empties <= 24 {
        let (_, odd) = region_counts(empty);
        if empties % 2 == 1 {
            odd as i32
        } else {
            -(odd as i32)
        }
    } else if empties % 2 == 1 {
        1
    } else {
        -1
    };
    [
        mob_p - mob_o,
        pot_p - pot_o,
        front,
        corners,
        xs,
        cs,
        stable,
        unbalanced,
        wedges,
        parity,
        board.disc_difference(),
        1,
    ]
}

/// A table of weights: `0[phase][term]`, in hundredths of a disc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub [[i32; TERM_COUNT]; PHASES]);

/// The shipped weights (tuned by `othello-lab tune`).
pub static DEFAULT_WEIGHTS: Weights = Weights(WEIGHTS);

impl Default for Weights {
    fn default() -> Self {
        DEFAULT_WEIGHTS.clone()
    }
}

impl Weights {
    /// The evaluation of `board` for the side to move, in hundredths of a disc.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> i32 {
        let values = term_values(board);
        let weights = &self.0[phase(board.empty_count())];
        let mut total = 0;
        for i in 0..TERM_COUNT {
            total += values[i] * weights[i];
        }
        total.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// The evaluation of `board` for the side to move with the shipped weights, in
/// hundredths of a disc.
#[inline]
pub fn evaluate(board: &Board) -> i32 {
    DEFAULT_WEIGHTS.evaluate(board)
}

/// One term of a breakdown: its raw value and its contribution in discs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contribution {
    /// The term.
    pub term: Term,
    /// Its raw value (side to move minus opponent).
    pub value: i32,
    /// What it adds to the evaluation, in discs.
    pub discs: f64,
}

/// The evaluation split into its terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// The whole evaluation in discs (side to move's view).
    pub total: f64,
    /// Each term's part.
    pub terms: Vec<Contribution>,
}

/// The evaluation of `board` with each term's contribution.
pub fn breakdown(board: &Board) -> Breakdown {
    let values = term_values(board);
    let weights = &WEIGHTS[phase(board.empty_count())];
    let terms: Vec<Contribution> = TERMS
        .iter()
        .enumerate()
        .map(|(i, &term)| Contribution {
            term,
            value: values[i],
            discs: (values[i] * weights[i]) as f64 / UNITS_PER_DISC as f64,
        })
        .collect();
    Breakdown {
        total: evaluate(board) as f64 / UNITS_PER_DISC as f64,
        terms,
    }
}
