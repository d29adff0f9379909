//! `othello-lab train --consistency WEIGHTS`: how often a search with these weights
//! changes its mind two plies deeper, and how far its even and odd depths read apart.
//! A diagnostic for trained weights (the book check's agreement rests on it).

use super::{UserError, outln};
use othello_tutor::engine::Board;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::search::{Limits, Searcher};
use rand::{RngExt, SeedableRng};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What to measure.
pub struct ConsistencyConfig {
    /// Positions measured.
    pub positions: usize,
    /// The shallower pair's first depth (the deeper pair is two plies deeper).
    pub depth: u32,
    /// Seed of the positions.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
}

/// Distinct positions of 40 to 54 empties with at least two moves: 4 to 8 random
/// moves from the start, then a depth-3 search's moves with one random move in ten
/// (the shipped evaluation plays them, whatever weights are measured).
pub(super) fn positions(count: usize, seed: u64) -> Vec<Board> {
    positions_in(count, seed, 40..55)
}

/// As [`positions`], with a number of empties in `empties` (fewer than `count` when
/// fewer distinct positions come up: near the start there are only a few).
pub(super) fn positions_in(count: usize, seed: u64, empties: std::ops::Range<u32>) -> Vec<Board> {
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

/// Each move's value: the sum of its values searched to `depth` and `depth + 1` (twice
/// their mean), a fresh table for each search so values repeat.
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

/// One position: whether the shallow pair's best move is among the deep pair's best,
/// the even-minus-odd root values (`depth` and `depth + 1`), and the best values'
/// difference between the pairs (twice the means').
fn measure(searcher: &mut Searcher, board: &Board, depth: u32) -> Option<(bool, i32, i32)> {
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
    Some((agrees, even - odd, (best_shallow - best_deep).abs()))
}

/// Measures the weights in `path` and prints one line.
pub fn run(path: &Path, config: &ConsistencyConfig) -> Result<(), UserError> {
    let weights = Arc::new(super::train::read_weights(path)?);
    if config.depth < 1 || config.positions == 0 {
        return Err(UserError(
            "--consistency needs a depth of at least 1 and at least one position".into(),
        ));
    }
    let boards = positions(config.positions, config.seed);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16, 4);
                searcher.set_evaluator(Evaluator::Patterns(weights.clone()));
                while let Some(board) = boards.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Some(r) = measure(&mut searcher, board, config.depth)
                        && let Ok(mut v) = results.lock()
                    {
                        v.push(r);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let n = results.len().max(1) as f64;
    let agreeing = results.iter().filter(|r| r.0).count();
    let swing = results.iter().map(|r| r.1 as f64).sum::<f64>() / n / 100.0;
    let diff = results.iter().map(|r| r.2 as f64).sum::<f64>() / n / 200.0;
    let d = config.depth;
    outln!(
        "consistency: {} positions, best move at depths {d}/{} (their mean) against {}/{}: agrees in {:.1}% ({agreeing} of {}), best value moves {diff:.2} discs; even/odd swing (depth {d} minus {}) {swing:+.2} discs",
        results.len(),
        d + 1,
        d + 2,
        d + 3,
        100.0 * agreeing as f64 / n,
        results.len(),
        d + 1
    );
    // The swing over the four depths from the pair's first one (see `swing`).
    let s = super::swing::measure(
        &boards,
        d.max(2),
        d.max(2) + 3,
        &Evaluator::Patterns(weights.clone()),
        config.threads,
    )?;
    outln!("{}", s.line(d.max(2), d.max(2) + 3));
    Ok(())
}
