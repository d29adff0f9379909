//! The exact endgame solver: the final disc margin with perfect play.
//!
//! MTD(f) (`mtd`) from a shallow search's guess (`guess`), then null-window alpha-beta (PVS on
//! the principal variation) with transposition tables keyed by the full board (a
//! large one, lockless and shareable between threads: `shared_table`, and near the
//! end a small one of the solver's own: "The two tables" below), enhanced transposition and
//! stability cut-offs (`search`); the table's move first, then fastest-first ordering
//! (fewest opponent replies; an evaluation search far from the end, deeper nearer the
//! root; odd quadrants first near the end) (`order`); a table-free search in parity order
//! over the last six empties (`shallow`) and hand-written solvers for the last four,
//! the last move scored by counting its flips (`last`). Far from the end, selective
//! passes (ProbCut on a shallow evaluation search) fill the table with best moves
//! before the exact search (`presearch`).
//!
//! # Where the time goes, and what did not help (issue 39, December 2026)
//!
//! `perf` on FFO #40–#49, one thread (563 M nodes, 23–26 s on the shared 2-core
//! machine): the null-window search itself 32% (a third of it the table look-ups of
//! the children for the enhanced transposition cut-off, which miss the cache even
//! after the prefetch), the last two, three and four squares 23%, the table-free
//! search 12%, the evaluation in the move ordering 8.5%, legal moves 7%, stable discs
//! 5%, move scoring 5%. Three positions (#45, #48, #49: 24–26 empties) take 80% of
//! the time. Each of these, changed alone and measured on the same machine in the same
//! session, stayed within the run-to-run noise (about ±5%) or lost: child look-ups from
//! 11 or 13 empties instead of 9; no prefetch; the table-free search from 6 or 7
//! empties (17% and 57% more nodes); the evaluation in the ordering from 12 or 15
//! empties; odd-quadrant ordering to 10 or 14 empties; the table from 9 empties; the
//! evaluation search in the ordering from 16 or 20 empties, or 4 plies deep from 22 or
//! 24; the busy marks (ABDADA) from 10 or 16 empties; on two threads, the second
//! thread starting the exact search without the selective passes (17% more nodes),
//! or the table from 10 empties (2–3% faster, within the noise); the last square
//! not counting the opponent's flips where the score with it empty is already at
//! most alpha (0.99×, 3 pairs, December 6th). Two threads take
//! 0.57–0.65 of one thread's time (14.0 s against 23.1 s in the last `bench`); two
//! one-thread solves run side by side lose nothing, so the loss is the threads' shared
//! table, not the machine.
//!
//! # The score alone (December 6th)
//!
//! Most callers want the score, or the score and the best move: the exact labels of
//! training, the puzzles' proofs, the lessons' answers, the review's exact values,
//! the FFO figures other engines publish. [`Solver::solve_score`] (and
//! `parallel_solve::score_parallel_with` / `score_each_with`) reads only the line's
//! first move, so it names the same move as `solve` without the proofs further down
//! the line. FFO #40–#49, one thread: **581,507,272 nodes against 644,720,884**
//! (0.902×; node counts are exact and repeat). Times on this session's machine,
//! `othello-lab bench --only ffo --threads 2`, three runs with the training job
//! stopped, each run timing the score alone on one thread, on two, and the solve with
//! its line on one: 29.5–41.0 s, 17.8–22.5 s and 33.3–38.3 s (the machine's speed
//! moved by a quarter from run to run, so the node count is the figure to trust).
//!
//! # The two tables
//!
//! Most of the table's traffic is near the end: positions of 8 to 10 empties are
//! looked up and stored far more often than deeper ones, and the enhanced
//! transposition cut-off looks up every child of a node of 9 or more. In one large
//! table (32 MB in the benchmark) each of those look-ups waited for memory: `perf` on
//! FFO #40–#49 put 40% of the null-window search's own time on the first word of the
//! children's buckets, even after their prefetch. So positions of `TABLE_EMPTIES`
//! to `NEAR_EMPTIES` empties now go to a small table of each solver's own (2 MB, the
//! size of one core's second-level cache here), and only deeper ones to the large
//! table, which the threads of a parallel solve share. The near end's entries are
//! cheap to prove again, so losing more of them to replacement costs few nodes, and a
//! thread's own table is never written by the other thread (in the shared table each
//! such write took the cache line from the other core).
//!
//! Measured on FFO #40–#49 (session 14, a training job at the lowest priority on the
//! other core), `farm-bench -n 3`, this build against the one before:
//! - one thread (`othello-lab bench --only ffo --threads 1`): 21.7 s against 24.5 s
//!   (median, 0.886×), 650 M nodes against 640 M;
//! - two threads (`--threads 2`, the figure it prints): 14.2–14.8 s against
//!   16.3–17.4 s, 26.5–28.0 s of CPU time against 30.6–32.9 s; that is 0.54–0.56 of
//!   the old build's one-thread time in the same runs (25.1–26.7 s).
//!
//! Tried on one thread, one run each: a near table of 0.5, 1 or 4 MB, or up to 9, 11 or
//! 12 empties (21.5–22.2 s; to 12 empties, 695 M nodes); one large table of 4, 8 or 16
//! MB instead (at 4 MB 32 Mn/s but 736 M nodes, 22.9 s; at 8 MB 21.8 s); the table from
//! 7 empties (610 M nodes but 22.2 s).
//!
//! # Against the build of December 4th
//!
//! Measured against a build of December 4th (3bd248c: 648,120,057 nodes, the table's
//! line, no near table), in the same runs (`farm-bench -n 3`, session 15): one thread
//! 22.2–22.5 s against 21.6–22.6 s (0.99×), two threads 13.8–14.1 s against 13.8–14.9 s
//! (0.63 of that build's one-thread time). The repeatable line (above) cost what the
//! near table, the huge pages and the table's move searched before the others were
//! generated have won back since (the dispatcher inlined into the fast copies,
//! `cpu_dispatch`, and the selective passes' even tests together 0.98×, within the
//! noise). Where the nodes went, one thread (644.7 M): the selective passes
//! 139 M, the exact MTD(f) passes 443 M (#45 alone 164 M, and the last pass of #49,
//! proving the score is not higher, 75 M), reading the line 63 M (#45 and #49 about
//! 30 M each). The null-window nodes that fail high do so on their first move in
//! 97–99% of cases at every count of empties from 6 to 24: the ordering leaves little
//! to gain there, and the time is in the cost of each node (the last five squares 42%).
//!
//! Again on December 7th, on a newer project machine (2 MB of second-level cache a
//! core), with the shared-pair pattern weights (which order the moves), the training
//! job paused, `othello-tutor solve FFO40-49 --threads N` under `farm-bench -n 3
//! --vs` against f3ef3e5 (December 4th) on one thread: one thread **0.94×** (0.92–0.98;
//! 21.0–22.7 s against 22.1–23.5 s; 600,318,228 nodes against 648,120,057); two
//! threads **0.587×** that build's one-thread time (0.571–0.594; 12.7–14.1 s against
//! 22.9–24.0 s). On the machine of the day before the same comparisons read 1.08× and
//! 0.666×: the ratios move with the machine.

//!
//! # The stability cut-off near the end (December 7th, evening)
//!
//! The cut-off on the opponent's stable discs (`stability_cut`) was tried only in
//! the null-window search, from 6 empties up. Counting stable discs there cut 20% of
//! the nodes of 6 empties where it was tried, 5% at 10 and almost none from 14 up, so
//! it was tried nearer the end as well: in the table-free search at 5 empties and in
//! the four-square solver. FFO #40–#49, one thread (`othello-tutor solve FILE
//! --threads 1`, `farm-bench -n 3 --vs`, the training job paused, each step against
//! the one before): at 5 empties 558 M nodes instead of 600 M, 0.973× the time (pairs
//! 0.96–0.99); at 4 empties too 454 M, 0.963×; at 3 empties too 428 M nodes but the
//! same time (1.00×: not kept). The count of stable discs then took 14% of the time,
//! most of it in finding the full diagonals one square at a time; they are now found
//! by spreading the empty squares along the diagonals in three doubling steps
//! (`bits::full_lines`): 0.985×. Stopping the count as soon as it has enough discs
//! for the cut-off measured 1.01× (not kept). Starting the count from the runs of
//! discs along the edges from a corner (which the growth found one square a step):
//! the same discs, 0.984×.
//!
//! Against December 4th's build (f3ef3e5), same runs: one thread 18.7–18.9 s against
//! 21.0–21.2 s, **0.891×** (454,412,024 nodes against 648,120,057); two threads
//! 11.5–12.1 s, **0.545×** that build's one-thread time.
//!
//! `othello-tutor solve` printed only each position's score and best move but read
//! the whole line; it now solves for the score alone (`Solver::solve_score`, the
//! same moves and scores): one thread 17.2–17.5 s against December 4th's `solve`
//! 21.7–22.0 s, **0.796×** (399,387,875 nodes), before the edge runs above.
//!
//! All of it (ed2f073) against December 4th's `solve`, in the same runs: one thread
//! 16.4–16.6 s against 21.4–22.2 s, **0.759×** (pairs 0.739–0.772); two threads
//! 10.4–11.6 s, **0.468×** that build's one-thread time. Like for like, with the
//! line (`othello-lab bench`'s third FFO figure): 18.6 s and 454 M nodes, about
//! 0.85× that build's 21.4–22.2 s. Tried after
//! the edge runs and not kept: the stability cut-off at 3 empties again (374 M nodes,
//! 1.03×), the evaluation in the ordering from 14 empties (434 M nodes, 1.01×), the
//! table-free search's moves in one pass over a precomputed order (1.02×).
//!
//! The last selective pass's margin at 16 discs instead of 20 (December 8th,
//! `presearch::MARGINS`): 392,677,236 nodes; one thread 18.4–18.6 s against
//! December 4th's 23.8–24.6 s in the same runs, **0.762×** (pairs 0.745–0.774), on a
//! day the machine ran both builds about 10% slower than the day before; against the
//! build before it (d7ddb4e, 399 M nodes), same day, **0.967×** (pairs 0.930–0.998;
//! 18.0–18.9 s against 19.0–19.5 s).
//!
//! On endgames none of this was measured on, FFO #50–#52 (with #49 before them:
//! lines 11–14 of `src/data/fforum-40-59.obf`, one run each, one thread): 775 M
//! nodes and 40.4 s against that build's 1,515 M and 58.5 s (0.69×; #51 alone
//! 426 M nodes and 23.7 s against 978 M and 37.1 s).

mod guess;
mod last;
mod line;
mod mtd;
mod order;
mod presearch;
mod search;
mod shallow;
mod shared_table;

pub use shared_table::{Bounds, SharedTable};

pub(crate) use line::{WHOLE_LINE, read_line};

use super::board::{Board, legal_moves};
use super::square::Square;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Above any reachable score.
const INF: i32 = 65;
/// At and below this many empties, the search runs without the table.
const SHALLOW_EMPTIES: u32 = 5;
/// At and below this many empties, moves into odd quadrants are tried first.
const PARITY_ORDER_EMPTIES: u32 = 12;
/// At and above this many empties, the null-window search looks its positions up in the
/// table and stores them (below, a table access costs more than the transpositions and
/// the table's move save: measured on FFO #40-#49).
const TABLE_EMPTIES: u32 = 8;
/// At and below this many empties (and from `TABLE_EMPTIES` up), positions go to the
/// solver's own small table (`Solver::near`) rather than the large shared one.
const NEAR_EMPTIES: u32 = 10;
/// The size of the solver's own table, in MB: the second-level cache of one core of
/// this project's machine, so its look-ups rarely wait for memory (0.5 to 4 MB measured
/// within the noise of each other).
const NEAR_TABLE_MB: usize = 2;
/// At and above this many empties, children are looked up in the table before searching
/// (enhanced transposition cut-off; children with fewer empties are not stored).
const ETC_EMPTIES: u32 = TABLE_EMPTIES + 1;

/// At and above this many empties, move ordering also uses the evaluation.
const EVAL_ORDER_EMPTIES: u32 = 13;
/// Depth of the evaluation search that gives the solver its first guess.
const GUESS_DEPTH: u32 = 8;
/// At and above this many empties, move ordering uses an evaluation search (one ply
/// past each move, more further from the end: `order::order_search_depth`).
const SHALLOW_ORDER_EMPTIES: u32 = 18;
/// At and above this many empties, a parallel solve marks the positions being searched
/// and a thread defers the moves into the others' (ABDADA).
const BUSY_EMPTIES: u32 = 12;

/// The stability cut-off: an upper bound of the value of (`p`, `o`) at most
/// `alpha` when the opponent has enough stable discs to keep the score there.
#[inline(always)]
fn stability_cut(p: u64, o: u64, alpha: i32) -> Option<i32> {
    // Cheap first: even all the opponent's discs would not be enough.
    if alpha < 64 - 2 * o.count_ones() as i32 {
        return None;
    }
    let upper = 64 - 2 * super::features::stable_discs(o, p).count_ones() as i32;
    (upper <= alpha).then_some(upper)
}

/// Why a solve did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stop flag was raised or the node limit was reached.
    #[error("the search was stopped")]
    Stopped,
}

/// The exact solver, with its own transposition table or one shared with other
/// solvers (`sharing`).
#[derive(Debug)]
pub struct Solver {
    table: Arc<SharedTable>,
    /// The positions of `TABLE_EMPTIES` to `NEAR_EMPTIES` empties: this solver's own
    /// small table (see "The two tables" above).
    near: SharedTable,
    /// Whether other threads search with the same table (then the positions being
    /// searched are marked in it, and a thread defers the moves into them).
    shared: bool,
    /// A second stop flag (the parallel solve's "another thread finished").
    abort: Option<Arc<AtomicBool>>,
    nodes: u64,
    /// In a selective pass (`presearch`), the margin in hundredths of a disc by which
    /// a shallow evaluation search must clear the window to cut a node off; 0 in the
    /// exact search.
    cut_margin: i32,
    /// Selective cut-offs made so far: a node whose count changed during its search
    /// has an inexact value and stores only its best move.
    selective_cuts: u64,
    node_limit: u64,
    /// The node count at which `poll` next looks at the flag, the limit and the clock.
    next_poll: u64,
    stop: Arc<AtomicBool>,
    stopped: bool,
    deadline: Option<std::time::Instant>,
}

/// The outcome of a solve: exact score (side to move's view), best move, line, nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final disc margin with perfect play, from the side to move's view.
    pub score: i32,
    /// The best move (`None` if the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// A principal variation (`None` entries are passes).
    pub pv: Vec<Option<Square>>,
    /// Positions searched.
    pub nodes: u64,
}

impl Solution {
    /// The score and best move alone.
    pub fn scored(&self) -> Scored {
        Scored {
            score: self.score,
            best: self.best,
            nodes: self.nodes,
        }
    }
}

/// The outcome of a solve without its line ([`Solver::solve_score`]): exact score
/// (side to move's view), best move, nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The final disc margin with perfect play, from the side to move's view.
    pub score: i32,
    /// The best move (`None` if the side to move must pass or the game is over): the
    /// first move of the line [`Solver::solve`] reads.
    pub best: Option<Square>,
    /// Positions searched.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(48)
    }
}

impl Solver {
    /// A solver with a table of about `table_mb` megabytes.
    pub fn new(table_mb: usize) -> Solver {
        Solver::with_table(Arc::new(SharedTable::with_megabytes(table_mb)), false)
    }

    /// A solver that searches with `table`, shared with other solvers: those of other
    /// threads searching at the same time when `parallel` (the caller then starts each
    /// new search with `SharedTable::new_search`), or solvers taking turns.
    pub fn sharing(table: Arc<SharedTable>, parallel: bool) -> Solver {
        Solver::with_table(table, parallel)
    }

    fn with_table(table: Arc<SharedTable>, shared: bool) -> Solver {
        Solver {
            table,
            near: SharedTable::with_megabytes(NEAR_TABLE_MB),
            shared,
            abort: None,
            nodes: 0,
            cut_margin: 0,
            selective_cuts: 0,
            node_limit: u64::MAX,
            next_poll: 0,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            deadline: None,
        }
    }

    /// Uses `stop` as the cancel flag: raising it makes the running solve return
    /// `SolveError::Stopped` promptly.
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Also stops when `flag` is raised (besides the stop flag).
    pub fn set_abort_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.abort = flag;
    }

    /// Stops when `deadline` passes (`None`: no time limit).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    /// Stops after about `limit` more nodes per call.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// The solver's table (shared: other solvers may search with it, see
    /// [`Solver::sharing`]).
    pub fn table(&self) -> Arc<SharedTable> {
        self.table.clone()
    }

    /// Nodes searched since the last reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table's contents (a shared table is left to the others: this
    /// solver takes a new one of the same size).
    pub fn clear(&mut self) {
        self.near.clear();
        match Arc::get_mut(&mut self.table) {
            Some(t) => t.clear(),
            None => {
                self.table = Arc::new(SharedTable::with_megabytes(self.table.megabytes()));
                self.shared = false;
            }
        }
    }

    fn begin(&mut self) {
        self.nodes = 0;
        self.next_poll = 0;
        self.stopped = false;
        self.near.new_search();
        if !self.shared {
            self.table.new_search();
        }
    }

    /// The table that holds positions of `empties` empties.
    #[inline(always)]
    fn table_at(&self, empties: u32) -> &SharedTable {
        if empties <= NEAR_EMPTIES {
            &self.near
        } else {
            &self.table
        }
    }

    /// The first guess of `solve`: a shallow search on the evaluation.
    pub fn first_guess(board: &Board) -> i32 {
        guess::guess(board, GUESS_DEPTH)
    }

    /// The exact score of `board` (side to move's view), its best move and a line.
    ///
    /// It starts from a guess (a depth-8 search on the evaluation) and closes in on the
    /// exact value with null-window searches (MTD(f)); from `PRESEARCH_EMPTIES` on,
    /// selective passes first fill the table with best moves and refine the guess
    /// (`presearch`; they store no bound, so the result stays exact).
    ///
    /// ```
    /// use othello_tutor::engine::endgame::Solver;
    /// use othello_tutor::engine::notation::parse_obf;
    /// // FFO endgame #1: Black to play wins by 18 with g8.
    /// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    /// let board = parse_obf(ffo_1).expect("OBF").position.board;
    /// let solution = Solver::new(4).solve(&board).expect("not stopped");
    /// assert_eq!((solution.score, solution.best.map(|s| s.to_string())), (18, Some("g8".into())));
    /// assert_eq!(board.legal_prefix(&solution.pv), solution.pv.len());
    /// ```
    pub fn solve(&mut self, board: &Board) -> Result<Solution, SolveError> {
        self.solve_to(board, WHOLE_LINE)
    }

    /// The exact score by a series of null-window searches starting from `guess`
    /// (MTD(f)); final scores are even, so each test asks "at least g?" for an even g.
    pub fn solve_from_guess(&mut self, board: &Board, guess: i32) -> Result<Solution, SolveError> {
        let score = self.score_from_guess(board, guess)?;
        self.with_line(board, score, WHOLE_LINE)
    }

    /// The exact score alone, as `solve` finds it: from `PRESEARCH_EMPTIES` on, the
    /// selective passes first (they store no bound), then MTD(f) from their score.
    pub fn score_with_presearch(&mut self, board: &Board, guess: i32) -> Result<i32, SolveError> {
        self.begin();
        let mut g = guess;
        if board.empty_count() >= presearch::PRESEARCH_EMPTIES {
            g = self.presearch(board, g)?;
        }
        self.mtd(board, g)
    }

    /// The exact score alone, by MTD(f) from `guess` (see `solve_from_guess`).
    pub fn score_from_guess(&mut self, board: &Board, guess: i32) -> Result<i32, SolveError> {
        self.begin();
        self.mtd(board, guess)
    }

    /// Stores a null-window node's result: its bound and move, or only its move when
    /// the value rests on a selective cut-off made since `cuts_before` (the passes
    /// before the exact search store no bound).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn store_node(
        &self,
        p: u64,
        o: u64,
        empties: u32,
        window: (i32, i32),
        best: i32,
        best_sq: u8,
        cuts_before: u64,
    ) {
        let table = self.table_at(empties);
        if self.selective_cuts == cuts_before {
            table.store(p, o, empties as u8, window, best, best_sq);
        } else {
            table.store_hint(p, o, empties as u8, best_sq);
        }
    }

    /// Win/loss/draw only: the score is clamped to -1, 0 or +1 (faster than exact).
    pub fn solve_wld(&mut self, board: &Board) -> Result<Solution, SolveError> {
        let mut s = self.solve_window(board, -1, 1)?;
        s.score = s.score.signum();
        Ok(s)
    }

    /// Solves with the window (`alpha`, `beta`); a score outside it is only a bound.
    pub fn solve_window(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
    ) -> Result<Solution, SolveError> {
        self.begin();
        let (p, o) = (board.player, board.opponent);
        let empties = board.empty_count();
        let score = self.pvs(p, o, alpha, beta, empties);
        if self.stopped {
            return Err(SolveError::Stopped);
        }
        let clamped = score.clamp(alpha, beta);
        let pv = if score > alpha && score < beta {
            self.with_line(board, score, WHOLE_LINE)?.pv
        } else {
            Vec::new()
        };
        let best = pv.first().copied().flatten().or_else(|| {
            let e = self.table_at(empties).probe(p, o)?;
            Square::new(e.best).filter(|sq| legal_moves(p, o) & sq.bit() != 0)
        });
        Ok(Solution {
            score: clamped,
            best,
            pv,
            nodes: self.nodes,
        })
    }

    /// Exact score of `board` after the side to move plays `sq` (side to move's view
    /// before the move), or a bound outside (`alpha`, `beta`).
    pub fn score_after(
        &mut self,
        board: &Board,
        sq: Square,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, SolveError> {
        self.begin();
        let child = board.play_unchecked(sq);
        let s = -self.pvs(
            child.player,
            child.opponent,
            -beta,
            -alpha,
            child.empty_count(),
        );
        if self.stopped {
            Err(SolveError::Stopped)
        } else {
            Ok(s)
        }
    }

    /// The exact value of `board` in the window (`alpha`, `beta`) (a bound outside it),
    /// continuing the current search: the table generation and node count carry on.
    pub fn exact_in_window(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, SolveError> {
        self.stopped = false;
        let score = self.pvs(
            board.player,
            board.opponent,
            alpha,
            beta,
            board.empty_count(),
        );
        if self.stopped {
            Err(SolveError::Stopped)
        } else {
            Ok(score)
        }
    }

    /// Sets the node count back to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.next_poll = 0;
    }

    /// Whether the exact value of `board` is at most `bound` (a new search: the node
    /// count starts at zero). Stops, with `Err(Stopped)`, when a flag is raised.
    pub fn value_at_most(&mut self, board: &Board, bound: i32) -> Result<bool, SolveError> {
        self.begin();
        self.at_most(board, bound)
    }

    #[inline(always)]
    fn poll(&mut self) -> bool {
        // Every 1024 nodes or so (the small solvers count their nodes without polling,
        // so the count can step over a multiple of it).
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + 1024;
            if self.stop.load(Ordering::Relaxed)
                || self
                    .abort
                    .as_ref()
                    .is_some_and(|a| a.load(Ordering::Relaxed))
                || self.nodes >= self.node_limit
                || self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }
}
