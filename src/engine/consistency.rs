//! How consistent a search with given weights is: how often its best move changes
//! two plies deeper, how far the best value moves, and how far its even and odd
//! depths read apart. A diagnostic for trained weights (the book check's agreement
//! rests on it), run by `othello-lab consistency WEIGHTS`; no I/O.
//!
//! The positions ([`positions_in`]) are self-play positions: 4 to 8 random moves from
//! the start, then a depth-3 search's moves (the shipped evaluation, whatever weights
//! are measured) with one random move in ten, kept when distinct and with at least
//! two moves. Each position ([`measure`]) values every move by the sum of its
//! searches to depths D and D + 1 (twice their mean, as the book values its leaves),
//! then again at D + 2 and D + 3, a cleared table for each search so values repeat.
//!
//! ```
//! use othello_tutor::engine::consistency::{measure, positions};
//! use othello_tutor::engine::evaluator::Evaluator;
//! use othello_tutor::engine::pattern::PatternWeights;
//! use othello_tutor::engine::search::Searcher;
//! // Zero weights value every move 0 at every depth: every move is a best one.
//! let mut searcher = Searcher::new(1, 1);
//! searcher.set_evaluator(Evaluator::Patterns(PatternWeights::zero().into()));
//! let board = positions(1, 3)[0];
//! let m = measure(&mut searcher, &board, 1).expect("measured");
//! assert!(m.agrees && m.even_minus_odd == 0 && m.best_moved == 0);
//! ```
//!
//! # The shipped weights' figures
//!
//! `othello-lab consistency WEIGHTS [--depth D] [--positions N] [--seed S]` measures how settled a search with those weights is: on N positions
//! (default 300) of 40 to 54 empties, reached by 4 to 8 random moves from the start
//! and then depth-3 play with a random move one time in ten, how often the best move
//! by the mean of depths D and D + 1 (default 6 and 7) is still a best one by the mean
//! of D + 2 and D + 3, how far the best value moves, and the even/odd swing (the mean
//! of the depth-D minus the depth-(D + 1) value of the position). The shipped weights:
//! 80.7% (242 of 300), 0.81 discs, +2.23 discs.

use crate::engine::Board;
use crate::engine::evaluator::Evaluator;
use crate::engine::pool::{self, PoolError};
use crate::engine::search::{Limits, Searcher};
use rand::{RngExt, SeedableRng};

/// Distinct positions of 40 to 54 empties with at least two moves (see the module's
/// doc), the same for the same seed.
pub fn positions(count: usize, seed: u64) -> Vec<Board> {
    positions_in(count, seed, 40..55)
}

/// As [`positions`], with a number of empties in `empties` (fewer than `count` when
/// fewer distinct positions come up: near the start there are only a few).
pub fn positions_in(count: usize, seed: u64, empties: std::ops::Range<u32>) -> Vec<Board> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ 0x636f_6e73);
    let mut searcher = Searcher::new(4, 4);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    // Near the start there are only a few distinct positions: give up after this
    // many tries and keep those found.
    let mut tries = 0;
    while out.len() < count && tries < 200 * count.max(1) {
        tries += 1;
        let random_plies = rng.random_range(4..9);
        let target = rng.random_range(empties.clone());
        let mut board = Board::start();
        let mut ply = 0;
        while board.empty_count() > target && !board.is_game_over() {
            if board.must_pass() {
                board = board.pass();
                continue;
            }
            let moves: Vec<_> = board.legal_moves().into_iter().collect();
            let square = if ply < random_plies || rng.random_range(0..100) < 10 {
                moves[rng.random_range(0..moves.len())]
            } else {
                searcher.clear();
                match searcher.search(&board, Limits::depth(3, 0)) {
                    Ok(r) => r.best.unwrap_or(moves[0]),
                    Err(_) => moves[0],
                }
            };
            board = board.play_unchecked(square);
            ply += 1;
        }
        if board.empty_count() == target
            && board.legal_moves().len() >= 2
            && seen.insert((board.player, board.opponent))
        {
            out.push(board);
        }
    }
    out
}

/// Each move's value: the sum of its values searched to `depth - 1` and `depth` (twice
/// their mean), a cleared table for each search so values repeat.
fn move_values(searcher: &mut Searcher, board: &Board, depth: u32) -> Option<Vec<(u8, i32)>> {
    let mut out = Vec::new();
    for square in board.legal_moves() {
        let child = board.play_unchecked(square);
        let mut sum = 0;
        for d in [depth - 1, depth] {
            searcher.clear();
            sum -= searcher.search(&child, Limits::depth(d, 0)).ok()?.score;
        }
        out.push((square.index() as u8, sum));
    }
    Some(out)
}

/// One position's measure (hundredths of a disc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The shallow pair's best move is among the deep pair's best.
    pub agrees: bool,
    /// The root's value at depth D minus its value at D + 1.
    pub even_minus_odd: i32,
    /// How far the best value moves between the pairs (twice the means').
    pub best_moved: i32,
}

/// One position: the best move at depths `depth` and `depth + 1` against `depth + 2`
/// and `depth + 3`, with `searcher`'s evaluation (see the module's doc). `None` when a
/// search stops.
pub fn measure(searcher: &mut Searcher, board: &Board, depth: u32) -> Option<Measured> {
    let shallow = move_values(searcher, board, depth)?;
    let deep = move_values(searcher, board, depth + 2)?;
    let best_shallow = shallow.iter().map(|v| v.1).max()?;
    let best_deep = deep.iter().map(|v| v.1).max()?;
    let chosen = shallow.iter().find(|v| v.1 == best_shallow)?.0;
    let agrees = deep.iter().any(|v| v.0 == chosen && v.1 == best_deep);
    searcher.clear();
    let even = searcher.search(board, Limits::depth(depth, 0)).ok()?.score;
    searcher.clear();
    let odd = searcher
        .search(board, Limits::depth(depth + 1, 0))
        .ok()?
        .score;
    Some(Measured {
        agrees,
        even_minus_odd: even - odd,
        best_moved: (best_shallow - best_deep).abs(),
    })
}

/// The measures of many positions, summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Consistency {
    /// Positions measured.
    pub positions: usize,
    /// Positions whose best move agrees.
    pub agreeing: usize,
    /// Mean even − odd value at the root, in discs.
    pub even_minus_odd: f64,
    /// Mean move of the best value between the pairs, in discs.
    pub best_moved: f64,
}

impl Consistency {
    /// The share of positions whose best move agrees, in per cent.
    pub fn agreement_percent(&self) -> f64 {
        100.0 * self.agreeing as f64 / self.positions.max(1) as f64
    }
}

/// Measures every board of `boards` at `depth` (≥ 1) with `evaluator` on `threads`
/// threads (a board whose search stops is left out); an error names the board whose
/// measure panicked (see [`pool`]).
pub fn measure_all(
    boards: &[Board],
    depth: u32,
    evaluator: &Evaluator,
    threads: usize,
) -> Result<Consistency, PoolError> {
    let measured = pool::map(threads, boards, |_, board| {
        let mut searcher = Searcher::new(16, 4);
        searcher.set_evaluator(evaluator.clone());
        measure(&mut searcher, board, depth.max(1))
    })?;
    let results: Vec<Measured> = measured.into_iter().flatten().collect();
    let n = results.len().max(1) as f64;
    Ok(Consistency {
        positions: results.len(),
        agreeing: results.iter().filter(|r| r.agrees).count(),
        even_minus_odd: results.iter().map(|r| r.even_minus_odd as f64).sum::<f64>() / n / 100.0,
        best_moved: results.iter().map(|r| r.best_moved as f64).sum::<f64>() / n / 200.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pattern::PatternWeights;

    #[test]
    fn positions_are_distinct_in_range_and_repeat() {
        let boards = positions(12, 5);
        assert_eq!(boards.len(), 12);
        assert_eq!(boards, positions(12, 5));
        assert!(
            boards
                .iter()
                .all(|b| (40..55).contains(&b.empty_count()) && b.legal_moves().len() >= 2)
        );
        let distinct: std::collections::HashSet<_> =
            boards.iter().map(|b| (b.player, b.opponent)).collect();
        assert_eq!(distinct.len(), 12);
        // Near the start only a few exist: fewer than asked, all distinct.
        let early = positions_in(50, 1, 59..60);
        assert!(!early.is_empty() && early.len() < 50, "{}", early.len());
    }

    #[test]
    fn zero_weights_agree_everywhere_and_never_swing() {
        let zero = Evaluator::Patterns(PatternWeights::zero().into());
        let c = measure_all(&positions(4, 2), 2, &zero, 2).expect("measured");
        assert_eq!(c.positions, 4);
        assert_eq!(c.agreement_percent(), 100.0);
        assert_eq!((c.even_minus_odd, c.best_moved), (0.0, 0.0));
    }

    #[test]
    fn the_shipped_weights_are_measured_the_same_on_any_number_of_threads() {
        let boards = positions(3, 9);
        let one = measure_all(&boards, 2, &Evaluator::patterns(), 1);
        assert_eq!(one, measure_all(&boards, 2, &Evaluator::patterns(), 2));
        let one = one.expect("measured");
        assert_eq!(one.positions, 3);
    }
}
