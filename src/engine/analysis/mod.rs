//! The value of every legal move, best first: for hints, feedback and checking answers.
//! Exact (by the solver) at or below a number of empties, a depth-limited search above.
//!
//! The values repeat: each move is valued by its own search of the position after it,
//! turned to a canonical orientation (see [`symmetry`]), with fresh tables and
//! ordering statistics. So a position gets the same values whatever was searched
//! before, the eight symmetric images of a position get the same values, and the
//! number of threads the moves are spread over never changes a number.
//!
//! **A value stated "at depth d" is the 1:2:1 mean of the searches to depths d − 2,
//! d − 1 and d** (in plies counting the move; at depth 2 the mean of depths 1 and 2;
//! an exact value is itself). A search that ends on the side to move's ply reads
//! higher than one that ends on the opponent's, so the raw value of one depth zigzags
//! as the depth grows. Any two neighbouring depths have one of each, and so have the
//! weights 1:2:1 (a bias that alternates with the depth cancels: 1 − 2 + 1 = 0); the
//! three depths also average out more of the search's own noise than two. Iterative
//! deepening has searched depths d − 1 and d − 2 anyway, so the mean costs nothing;
//! the price is a value that follows a deeper search's news half a ply later than
//! the two-depth mean did. Measured with [`super::swing::measure_stated`] on 100
//! positions of 30–40 empties and 100 of 41–50 empties from the engine's own games
//! (`consistency::positions_in`, seeds 501 and 502; not the measuring sets), the mean
//! |s(d) − s(d+1)| of the stated best value over depths 8–13: two depths' mean 0.57
//! and 0.45 discs, the 1:2:1 mean 0.49 and 0.37. On the measuring sets afterwards
//! (`othello-lab bench --quality FILE --swing`): dev-mid 0.54 → 0.45, dev-early 0.40 →
//! 0.35, dev-late 0.76 → 0.64 (the raw single-depth swing there: 1.06, 0.70, 1.37).

mod grade;

pub use grade::{best_and_played, exact_grade_within, prepare_grade};

use super::board::{Board, Move};
use super::eval::UNITS_PER_DISC;
use super::mpc::Confidence;
use super::pool::{self, PoolError};
use super::search::{Limits, SearchError, Searcher};
use super::square::Square;
use super::symmetry;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How to value the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Search depth when not exact.
    pub depth: u32,
    /// Solve exactly at or below this many empties.
    pub exact_empties: u32,
    /// Optional time limit: the deepest finished iteration is returned.
    pub time: Option<Duration>,
    /// Multi-ProbCut with this confidence in the midgame search (the exact solver is
    /// never selective); `None`: the caller's searcher's selectivity (usually none).
    pub selective: Option<Confidence>,
    /// State a searched value as the 1:2:1 mean of the searches to `depth − 2`,
    /// `depth − 1` and `depth` ([`stated_value`]; the tutor's values, see the module's
    /// doc). `false`: the one depth's value, as the puzzle proofs' null-window tests
    /// of a fixed search need it.
    pub smoothed: bool,
}

impl AnalysisOptions {
    /// A full-width search of `depth` plies, never exact before the end, no time
    /// limit, each value that one depth's: the values of a fixed search, as the
    /// puzzle proofs use.
    pub const fn fixed_depth(depth: u32) -> AnalysisOptions {
        AnalysisOptions {
            depth,
            exact_empties: 0,
            time: None,
            selective: None,
            smoothed: false,
        }
    }
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            depth: 10,
            exact_empties: 20,
            time: None,
            selective: None,
            smoothed: true,
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

/// Threads an analysis uses when the caller names none (set once, at start-up).
static DEFAULT_THREADS: OnceLock<usize> = OnceLock::new();

/// Sets the threads that [`analyze`] spreads the moves over (0: see
/// [`default_threads`]). The command line's `--threads` sets it once at start-up; a
/// later call changes nothing.
pub fn set_default_threads(threads: usize) {
    let _ = DEFAULT_THREADS.set(threads);
}

/// The threads [`analyze`] uses: as set by [`set_default_threads`], else those of
/// the rayon pool the caller runs in (a batch's), else the machine's cores.
pub fn default_threads() -> usize {
    match DEFAULT_THREADS.get() {
        Some(&n) if n > 0 => n,
        _ if rayon::current_thread_index().is_some() => rayon::current_num_threads(),
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// A panic in the search of one move, carried to the caller once, with the move
/// named: the analysis' error type ([`SearchError`]) says only that it stopped, and
/// its callers (the interface's worker, the `nboard` engine) report a panic as an
/// internal error. No second panic message is printed (the hook has printed the
/// first).
fn carry_panic(e: PoolError, what: impl FnOnce(usize) -> String) -> ! {
    let message = match e {
        PoolError::Panicked { index, message } => format!("{}: {message}", what(index)),
        other => other.to_string(),
    };
    std::panic::resume_unwind(Box::new(message))
}

/// Values every legal move of `board`, best first (ties by square, a1 first). A forced
/// pass gives one entry; a finished game gives none. The moves are spread over
/// [`default_threads`] threads; see [`analyze_with_threads`].
///
/// `searcher`'s tables are not used for the values (each move gets a fresh searcher
/// with `searcher`'s evaluation and selectivity, so that the values repeat); its stop
/// flag is watched: raising it stops every thread. Stopped, or out of time (`options.time` is one deadline for
/// every move), it returns the values at the deepest depth that every move finished,
/// or an error if one of them finished none. Only fixed settings (no time limit)
/// give values that repeat.
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
    analyze_with_threads(searcher, board, options, default_threads())
}

/// What one search values: a move, or the forced pass.
#[derive(Clone, Copy)]
enum Job {
    Place(Square),
    Pass,
}

impl std::fmt::Display for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Place(sq) => write!(f, "valuing {sq}"),
            Job::Pass => write!(f, "valuing the pass"),
        }
    }
}

/// The selectivity of the searches for `options`: theirs, else `searcher`'s.
fn selectivity(
    searcher: &Searcher,
    options: &AnalysisOptions,
) -> Option<(Arc<super::mpc::Table>, f32)> {
    options
        .selective
        .map(Confidence::selectivity)
        .or_else(|| searcher.selectivity())
}

/// Table sizes (midgame, solver) of the searcher that values one move: large enough
/// for the work that `options` ask for, small enough that a fresh one is cheap. The
/// values do not depend on them.
fn table_megabytes(options: &AnalysisOptions) -> (usize, usize) {
    let midgame = match options.depth {
        0..=6 => 1,
        7..=9 => 4,
        _ => 8,
    };
    let solver = match options.exact_empties.max(options.depth) {
        0..=12 => 1,
        13..=16 => 4,
        17..=20 => 8,
        _ => 16,
    };
    (midgame, solver)
}

/// [`analyze`] with the moves spread over `threads` threads (at least one; see
/// [`pool`]), each valuing one move at a time with its own fresh searcher; the
/// results are combined in a fixed order, so any thread count gives the same values
/// and lines. A panic in one move's search reaches the caller as a panic naming the
/// move.
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, analyze_with_threads};
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::engine::search::Searcher;
/// let board = parse_transcript("f5d6c3d3c4").expect("legal").current().board;
/// let options = AnalysisOptions { depth: 4, exact_empties: 0, time: None, selective: None, smoothed: true };
/// let mut searcher = Searcher::new(1, 1);
/// let one = analyze_with_threads(&mut searcher, &board, options, 1).expect("not stopped");
/// let two = analyze_with_threads(&mut searcher, &board, options, 2).expect("not stopped");
/// assert_eq!(one, two);
/// ```
pub fn analyze_with_threads(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
    threads: usize,
) -> Result<Vec<MoveValue>, SearchError> {
    let per_job = job_values(searcher, board, options, threads)?;
    if per_job.is_empty() {
        return Ok(Vec::new());
    }
    combine(per_job)
}

/// The values of [`analyze_with_threads`] at every depth that every move finished,
/// shallowest first: entry `k` holds the values (best first) that an analysis to
/// depth `k + 1` states (each move's values at each depth come from one iterative
/// search, and a fresh search to a depth finds the same). A move valued exactly, or
/// a forced pass, has one value only, so the list then has one entry. Empty for a
/// finished game. `bench --quality --swing` measures with it how much the stated
/// best value moves with the depth.
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, analyze, analyze_by_depth};
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::engine::search::Searcher;
/// let board = parse_transcript("f5d6c3").expect("legal").current().board;
/// let options = AnalysisOptions { depth: 5, exact_empties: 0, time: None, selective: None, smoothed: true };
/// let mut searcher = Searcher::new(1, 1);
/// let by_depth = analyze_by_depth(&mut searcher, &board, options, 1).expect("not stopped");
/// assert_eq!(by_depth.len(), 5);
/// let at_4 = AnalysisOptions { depth: 4, ..options };
/// assert_eq!(by_depth[3], analyze(&mut searcher, &board, at_4).expect("not stopped"));
/// ```
pub fn analyze_by_depth(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
    threads: usize,
) -> Result<Vec<Vec<MoveValue>>, SearchError> {
    let per_job = job_values(searcher, board, options, threads)?;
    let common = per_job.iter().map(Vec::len).min().unwrap_or(0);
    if common == 0 && !per_job.is_empty() {
        return Err(SearchError::Stopped);
    }
    (1..=common)
        .map(|k| {
            let at_k = per_job.iter().map(|v| v[..k].to_vec()).collect();
            combine(at_k)
        })
        .collect()
}

/// Every job's values, one per finished depth (see [`value_job`]), in the order of
/// the moves; empty for a finished game.
fn job_values(
    searcher: &mut Searcher,
    board: &Board,
    options: AnalysisOptions,
    threads: usize,
) -> Result<Vec<Vec<MoveValue>>, SearchError> {
    let moves = board.legal_moves();
    let jobs: Vec<Job> = if moves.is_empty() {
        if board.pass().legal_moves_bits() == 0 {
            return Ok(Vec::new());
        }
        vec![Job::Pass]
    } else {
        moves.into_iter().map(Job::Place).collect()
    };
    if searcher.stop_requested() {
        return Err(SearchError::Stopped);
    }
    let deadline = options.time.map(|t| Instant::now() + t);
    // The caller's flag stops every move's search; a move that finished no depth
    // (stopped, or out of time) fails the whole analysis, so the moves not started
    // yet are skipped.
    let stop = searcher.stop_flag();
    let failed = AtomicBool::new(false);
    let (megabytes, solver_megabytes) = table_megabytes(&options);
    let (evaluator, selectivity) = (
        searcher.evaluator().clone(),
        selectivity(searcher, &options),
    );
    let values = pool::map(threads, &jobs, |_, &job| {
        if failed.load(Ordering::Relaxed) {
            return Vec::new();
        }
        let mut worker = Searcher::new(megabytes, solver_megabytes);
        worker.set_evaluator(evaluator.clone());
        worker.set_selectivity(selectivity.clone());
        worker.set_stop_flag(stop.clone());
        let values = value_job(&mut worker, board, job, &options, deadline);
        if values.is_empty() {
            failed.store(true, Ordering::Relaxed);
        }
        values
    });
    Ok(values.unwrap_or_else(|e| carry_panic(e, |i| jobs[i].to_string())))
}

/// The move whose value a grade of a move on `board` compares with when the search
/// is selective and not exact (see [`best_and_played`]): the move a fresh search of
/// the board at `options` picks; `None` when the values are exact or full-width (the
/// best value is then the largest of the moves' values) or the board has no move.
pub fn picked_move(
    searcher: &Searcher,
    board: &Board,
    options: AnalysisOptions,
) -> Result<Option<Square>, SearchError> {
    let revalue =
        selectivity(searcher, &options).is_some() && board.empty_count() > options.exact_empties;
    if !revalue || board.legal_moves_bits() == 0 {
        return Ok(None);
    }
    let (megabytes, solver_megabytes) = table_megabytes(&options);
    let mut root = Searcher::new(megabytes, solver_megabytes);
    root.set_evaluator(searcher.evaluator().clone());
    root.set_selectivity(selectivity(searcher, &options));
    let (canon, sym) = symmetry::canonical(board);
    let r = root.search(&canon, Limits::depth(options.depth, options.exact_empties))?;
    Ok(r.best
        .map(|sq| symmetry::square(sq, symmetry::inverse(sym))))
}

/// The value stated from the raw values of depths 1, 2, … of one search, deepest
/// last: the 1:2:1 mean of the last three (the mean of both with two, the value itself
/// with one; see the module's doc), rounded toward zero. Empty: 0.
///
/// ```
/// use othello_tutor::engine::analysis::stated_value;
/// // (300 + 2 × 100 + 500) / 4
/// assert_eq!(stated_value(&[300, 100, 500]), 250);
/// assert_eq!(stated_value(&[100, 300]), 200);
/// assert_eq!(stated_value(&[-700]), -700);
/// ```
pub fn stated_value(raw: &[i32]) -> i32 {
    match raw {
        [] => 0,
        [v] => *v,
        [a, b] => (a + b) / 2,
        [.., a, b, c] => (a + 2 * b + c) / 4,
    }
}

/// The values at the deepest depth every job finished, best first, ties by square.
fn combine(per_job: Vec<Vec<MoveValue>>) -> Result<Vec<MoveValue>, SearchError> {
    let common = per_job.iter().map(Vec::len).min().unwrap_or(0);
    if common == 0 {
        return Err(SearchError::Stopped);
    }
    let mut values: Vec<MoveValue> = per_job
        .into_iter()
        .map(|mut v| v.swap_remove(common - 1))
        .collect();
    values.sort_by_key(|v| {
        let square = match v.mv {
            Move::Place(sq) => sq.index() as i32,
            Move::Pass => -1,
        };
        (-v.score, square)
    });
    Ok(values)
}

/// Limits that end at `deadline` (if any).
fn limits_until(depth: u32, exact_empties: u32, deadline: Option<Instant>) -> Limits {
    Limits {
        depth,
        nodes: u64::MAX,
        time: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        exact_empties,
    }
}

/// A line found in the orientation `sym`, turned back to the board's.
fn line_back(line: &[Option<Square>], sym: usize) -> Vec<Option<Square>> {
    let back = symmetry::inverse(sym);
    line.iter()
        .map(|m| m.map(|sq| symmetry::square(sq, back)))
        .collect()
}

/// The values of one job, one per finished depth, deepest last (one entry for an
/// exact value or a pass); empty if stopped before any finished.
fn value_job(
    searcher: &mut Searcher,
    board: &Board,
    job: Job,
    options: &AnalysisOptions,
    deadline: Option<Instant>,
) -> Vec<MoveValue> {
    let empties = board.empty_count();
    match job {
        Job::Pass => {
            let (child, sym) = symmetry::canonical(&board.pass());
            let limits = limits_until(options.depth, options.exact_empties, deadline);
            let Ok(r) = searcher.search(&child, limits) else {
                return Vec::new();
            };
            let mut pv = vec![None];
            pv.extend(line_back(&r.pv, sym));
            pv.truncate(board.legal_prefix(&pv));
            // Stated the way a move's value is (an exact value is itself).
            let score = if options.smoothed && !r.exact {
                let raw: Vec<i32> = searcher.iterations().iter().map(|it| it.1).collect();
                stated_value(&raw)
            } else {
                r.score
            };
            vec![MoveValue {
                mv: Move::Pass,
                score: -score,
                exact: r.exact,
                depth: r.depth,
                pv,
            }]
        }
        Job::Place(sq) if empties <= options.exact_empties => {
            let (child, sym) = symmetry::canonical(&board.play_unchecked(sq));
            searcher.start(&limits_until(60, 64, deadline));
            let Ok(sol) = searcher.solver().solve(&child) else {
                return Vec::new();
            };
            let mut pv = vec![Some(sq)];
            pv.extend(line_back(&sol.pv, sym));
            pv.truncate(board.legal_prefix(&pv));
            vec![MoveValue {
                mv: Move::Place(sq),
                score: -sol.score * UNITS_PER_DISC,
                exact: true,
                depth: empties,
                pv,
            }]
        }
        Job::Place(sq) => {
            // Search the child in its canonical orientation: turn the board and the
            // move by the symmetry that makes the child canonical.
            let (_, sym) = symmetry::canonical(&board.play_unchecked(sq));
            let turned = symmetry::board(board, sym);
            let turned_sq = symmetry::square(sq, sym);
            searcher.start(&limits_until(options.depth, 0, deadline));
            let max_depth = options.depth.clamp(1, empties);
            let mut out = Vec::new();
            let mut raw: Vec<i32> = Vec::new();
            for depth in 1..=max_depth {
                let window = 2 * UNITS_PER_DISC;
                let guess = raw.last().copied().unwrap_or(0);
                let (mut lo, mut hi) = if depth >= 3 {
                    (guess - window, guess + window)
                } else {
                    (-100 * UNITS_PER_DISC, 100 * UNITS_PER_DISC)
                };
                // Re-search until the value is inside the window: then it is the
                // depth's value, whatever the window was.
                let score = loop {
                    let Some(s) = searcher.value_after(&turned, turned_sq, depth, lo, hi) else {
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
                let Some(score) = score else { break };
                let exact = depth >= empties;
                // The value stated at a depth mixes it with the two before (see the
                // module's doc): an exact value is itself.
                raw.push(score);
                let stated = if options.smoothed && !exact {
                    stated_value(&raw)
                } else {
                    score
                };
                let mut pv = vec![Some(sq)];
                pv.extend(line_back(&searcher.last_child_line(), sym));
                pv.truncate(board.legal_prefix(&pv));
                out.push(MoveValue {
                    mv: Move::Place(sq),
                    score: stated,
                    exact,
                    depth,
                    pv,
                });
            }
            out
        }
    }
}
