//! The value of every legal move, best first: for hints, feedback and checking answers.
//! Exact (by the solver) at or below a number of empties, a depth-limited search above.

use super::board::{Board, Move};
use super::eval::UNITS_PER_DISC;
use super::search::{Limits, SearchError, Searcher};
use super::square::Square;
use std::time::Duration;

/// How to value the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Search depth when not exact.
    pub depth: u32,
    /// Solve exactly at or below this many empties.
    pub exact_empties: u32,
    /// Optional time limit: the deepest finished iteration is returned.
    pub time: Option<Duration>,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            depth: 10,
            exact_empties: 20,
            time: None,
        }
    }
}

/// One move's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (a pass only when it is forced).
    pub mv: Move,
    /// Value for the side to move, in hundredths of a disc; exact values are whole
    /// discs times 100.
    pub score: i32,
    /// Whether the value is the proved final margin.
    pub exact: bool,
    /// Depth searched (plies, counting the move itself), or the empties when exact.
    pub depth: u32,
    /// The expected line, starting with the move (`None` entries are passes).
    pub pv: Vec<Option<Square>>,
}

impl MoveValue {
    /// The value rounded to whole discs.
    pub fn discs(&self) -> i32 {
        (self.score as f64 / UNITS_PER_DISC as f64).round() as i32
    }
}

/// Values every legal move of `board`, best first. A forced pass gives one entry;
/// a finished game gives none. Stops (returning the last finished depth, or an error
/// if none finished) when the searcher's stop flag is raised or the time runs out.
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::Board;
/// let mut searcher = Searcher::new(1, 1);
/// let options = AnalysisOptions { depth: 3, ..AnalysisOptions::default() };
/// let values = analyze(&mut searcher, &Board::start(), options).expect("not stopped");
/// assert_eq!(values.len(), 4); // d3, c4, f5, e6: symmetric, so equal in value
/// assert!(values.iter().all(|v| v.score == values[0].score && !v.exact));
/// ```
pub fn analyze(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
) -> Result<Vec<MoveValue>, SearchError> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        if board.pass().legal_moves_bits() == 0 {
            return Ok(Vec::new());
        }
        let limits = Limits {
            depth: options.depth,
            nodes: u64::MAX,
            time: options.time,
            exact_empties: options.exact_empties,
        };
        let r = searcher.search(&board.pass(), limits)?;
        let mut pv = vec![None];
        pv.extend(r.pv);
        return Ok(vec![MoveValue {
            mv: Move::Pass,
            score: -r.score,
            exact: r.exact,
            depth: r.depth,
            pv,
        }]);
    }
    let empties = board.empty_count();
    if empties <= options.exact_empties {
        return analyze_exact(searcher, board, options);
    }
    let limits = Limits {
        depth: options.depth,
        nodes: u64::MAX,
        time: options.time,
        exact_empties: 0,
    };
    searcher.start(&limits);
    let max_depth = options.depth.clamp(1, empties);
    let mut values: Vec<MoveValue> = Vec::new();
    let mut previous: Vec<(Square, i32)> = moves.into_iter().map(|sq| (sq, 0)).collect();
    for depth in 1..=max_depth {
        let mut current = Vec::with_capacity(previous.len());
        let mut lines = Vec::with_capacity(previous.len());
        for &(sq, guess) in &previous {
            let window = 2 * UNITS_PER_DISC;
            let (mut lo, mut hi) = if depth >= 3 {
                (guess - window, guess + window)
            } else {
                (-100 * UNITS_PER_DISC, 100 * UNITS_PER_DISC)
            };
            let score = loop {
                let Some(s) = searcher.value_after(board, sq, depth, lo, hi) else {
                    break None;
                };
                if s <= lo {
                    lo -= 8 * UNITS_PER_DISC;
                } else if s >= hi {
                    hi += 8 * UNITS_PER_DISC;
                } else {
                    break Some(s);
                }
            };
            let Some(score) = score else {
                return finish(values);
            };
            current.push((sq, score));
            let mut pv = vec![Some(sq)];
            pv.extend(searcher.last_child_line());
            pv.truncate(board.legal_prefix(&pv));
            lines.push(pv);
        }
        let exact = depth >= empties;
        values = current
            .iter()
            .zip(lines)
            .map(|(&(sq, score), pv)| MoveValue {
                mv: Move::Place(sq),
                score,
                exact,
                depth,
                pv,
            })
            .collect();
        values.sort_by_key(|v| -v.score);
        previous = values
            .iter()
            .map(|v| match v.mv {
                Move::Place(sq) => (sq, v.score),
                Move::Pass => unreachable!("placements only"),
            })
            .collect();
    }
    finish(values)
}

fn finish(values: Vec<MoveValue>) -> Result<Vec<MoveValue>, SearchError> {
    if values.is_empty() {
        Err(SearchError::Stopped)
    } else {
        Ok(values)
    }
}

fn analyze_exact(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
) -> Result<Vec<MoveValue>, SearchError> {
    let limits = Limits {
        depth: 60,
        nodes: u64::MAX,
        time: options.time,
        exact_empties: 64,
    };
    searcher.start(&limits);
    let empties = board.empty_count();
    let mut values = Vec::new();
    for sq in board.legal_moves() {
        let child = board.play_unchecked(sq);
        let solver = searcher.solver();
        let sol = solver.solve(&child).map_err(|_| SearchError::Stopped)?;
        let mut pv = vec![Some(sq)];
        pv.extend(sol.pv);
        values.push(MoveValue {
            mv: Move::Place(sq),
            score: -sol.score * UNITS_PER_DISC,
            exact: true,
            depth: empties,
            pv,
        });
    }
    values.sort_by_key(|v| -v.score);
    Ok(values)
}
