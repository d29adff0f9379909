//! The midgame search: iterative deepening negamax with principal-variation search,
//! aspiration windows, a transposition table, move ordering (table move, killers,
//! history, the evaluation of the position after the move), depth, node and time
//! limits, and a stop flag. It hands over to the exact solver when the search reaches
//! the end of the game.
//!
//! # Move ordering above the frontier (issue 39, December 7th)
//!
//! A node two plies above the leaves orders its moves without the evaluation: the
//! table's move, then the fewest replies left to the opponent (corners counted twice),
//! killers and history (`node::CHEAP_ORDER_DEPTH`). Its children are frontier nodes,
//! which evaluate every move of theirs anyway, so evaluating each child once more only
//! to order them cost more than the better order saved: `perf` on a 23-empty grade
//! put 52% of the time in the evaluation of children. Measured with `farm-bench -n 3`
//! against the build before (554cb47), one thread, the training job stopped:
//! `othello-lab bench --only midgame --threads 1`, depth 12 on ten positions at 36
//! empties, mean 0.77–0.93 s against 1.24–1.50 s (whole run 0.68×); the hint at the
//! same positions (Multi-ProbCut) 0.33–0.48 s against 0.43–0.57 s. Ordering the
//! nodes three plies above the leaves the same way too made the depth-12 search a
//! further 0.87× but the hints 1.1× slower (the selective probes search shallow, and
//! there the evaluation's order pays): not kept.

use super::board::{Board, MAX_MOVES, flips, legal_moves};
use super::endgame::Solver;
use super::eval::{UNITS_PER_DISC, Weights};
use super::evaluator::Evaluator;
use super::mpc;
use super::pattern::PatternState;
use super::square::Square;
use super::table::Table;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod node;

/// Above any reachable score, in evaluation units.
const INF: i32 = 100 * UNITS_PER_DISC;
/// Half-width of the first aspiration window, in evaluation units.
const ASPIRATION: i32 = 3 * UNITS_PER_DISC;
/// Nodes between two looks at the stop flag, the node limit and the clock.
pub const POLL_INTERVAL: u64 = 4096;
/// Deepest search supported.
pub const MAX_DEPTH: u32 = 60;
/// Room for the plies of the deepest search: a search of depth `d` plays at most `d`
/// moves, with at most one pass before each of them and one after the last (a second
/// pass in a row ends the game), so it never goes deeper than ply `2 d + 1`.
const MAX_PLY: usize = 2 * MAX_DEPTH as usize + 2;

/// The discs `sq` flips for `p` and the position after it, seen from the new side to
/// move (as `Board::play_unchecked`, keeping the flips for the pattern update).
#[inline(always)]
fn child_after(p: u64, o: u64, sq: u8) -> (u64, Board) {
    let f = flips(p, o, sq as usize);
    (
        f,
        Board {
            player: o ^ f,
            opponent: p ^ f ^ (1u64 << sq),
        },
    )
}

/// The size of each of the interface's engine tables (midgame and solver), in MB,
/// and the default of `--table-mb`.
pub const TABLE_MB: usize = 48;

/// What bounds a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Stop after this much time (the last finished iteration is returned).
    pub time: Option<Duration>,
    /// At or below this many empties, solve exactly instead.
    pub exact_empties: u32,
}

impl Limits {
    /// A fixed-depth search, exact at or below `exact_empties` empties.
    pub const fn depth(depth: u32, exact_empties: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            time: None,
            exact_empties,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move found (`None` if the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// Its value for the side to move, in hundredths of a disc (exact results are
    /// whole discs times 100).
    pub score: i32,
    /// Whether the score is the proved final margin.
    pub exact: bool,
    /// Depth of the last finished iteration (the number of empties when exact).
    pub depth: u32,
    /// The expected line (`None` entries are passes).
    pub pv: Vec<Option<Square>>,
    /// Positions searched.
    pub nodes: u64,
}

/// The searcher: tables, ordering statistics and limits. Reuse it between moves.
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    solver: Solver,
    stop: Arc<AtomicBool>,
    stopped: bool,
    nodes: u64,
    node_limit: u64,
    /// The node count at which `poll` next looks at the flag, the limit and the clock.
    next_poll: u64,
    deadline: Option<Instant>,
    history: [i32; 64],
    killers: [[u8; 2]; MAX_PLY],
    pv: Vec<[u8; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    weights: Evaluator,
    /// The pattern configurations of the position at each ply of the current line.
    states: Vec<PatternState>,
    /// The ordered children of every node on the current line, one list above another:
    /// (move, ordering key, the child's player and opponent discs).
    move_stack: Vec<(u8, i32, u64, u64)>,
    /// Multi-ProbCut: the calibration and the confidence `t` (off when `None`).
    selectivity: Option<(Arc<mpc::Table>, f32)>,
    /// The last search's finished iterations: (depth, score for the side to move, the
    /// line's first move).
    iterations: Vec<(u32, i32, Option<Square>)>,
    /// Work a caller keeps with this searcher from one call to the next (the board's
    /// side of a grade, worked out ahead: `analysis::prepare_grade`).
    kept: Option<Box<dyn std::any::Any + Send>>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(48, 48)
    }
}

/// Why a search did not return a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Stopped before even the first iteration finished.
    #[error("the search was stopped before it found a move")]
    Stopped,
}

impl Searcher {
    /// A searcher with a midgame table of `table_mb` MB and a solver table of `solver_mb` MB.
    pub fn new(table_mb: usize, solver_mb: usize) -> Searcher {
        let stop = Arc::new(AtomicBool::new(false));
        let mut solver = Solver::new(solver_mb);
        solver.set_stop_flag(stop.clone());
        Searcher {
            table: Table::with_megabytes(table_mb),
            solver,
            stop,
            stopped: false,
            nodes: 0,
            node_limit: u64::MAX,
            next_poll: 0,
            deadline: None,
            history: [0; 64],
            killers: [[64; 2]; MAX_PLY],
            pv: vec![[64u8; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            weights: Evaluator::default(),
            states: vec![PatternState::new(0, 0); MAX_PLY + 1],
            move_stack: Vec::with_capacity(MAX_MOVES * MAX_PLY),
            selectivity: None,
            iterations: Vec::new(),
            kept: None,
        }
    }

    /// Uses `weights` for the evaluation from now on (the tuner does).
    pub fn set_weights(&mut self, weights: Weights) {
        self.set_evaluator(Evaluator::Features(Box::new(weights)));
    }

    /// Uses `evaluator` from now on (and forgets the table, whose values it made).
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        self.weights = evaluator;
        self.table.clear();
        self.kept = None;
    }

    /// Prunes forward with Multi-ProbCut at confidence `t` (in standard deviations of
    /// the shallow search's error; larger is safer and slower), or searches every move
    /// (`None`, the default). Forgets the table, whose values were made otherwise.
    pub fn set_selectivity(&mut self, selectivity: Option<(Arc<mpc::Table>, f32)>) {
        self.selectivity = selectivity;
        self.table.clear();
        self.kept = None;
    }

    /// The Multi-ProbCut setting (see `set_selectivity`).
    pub fn selectivity(&self) -> Option<(Arc<mpc::Table>, f32)> {
        self.selectivity.clone()
    }

    /// Whether this searcher's stop flag is raised.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The flag that stops this searcher (and its solver) when raised: work done on
    /// its behalf by other searchers (the analysis' moves) watches the same flag.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// What a caller kept with this searcher ([`Searcher::keep`]), if it is a `T`.
    /// Forgotten when the evaluation or the selectivity changes.
    pub(crate) fn kept<T: 'static>(&self) -> Option<&T> {
        self.kept.as_ref()?.downcast_ref()
    }

    /// Keeps `work` with this searcher for a later call (the last one only).
    pub(crate) fn keep<T: std::any::Any + Send>(&mut self, work: Option<T>) {
        self.kept = work.map(|w| Box::new(w) as Box<dyn std::any::Any + Send>);
    }

    /// The evaluation this searcher uses.
    pub fn evaluator(&self) -> &Evaluator {
        &self.weights
    }

    /// Uses `flag` as the cancel flag, for this searcher and its solver (a fresh flag
    /// per job lets a canceller stop exactly that job, whenever it starts).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.solver.set_stop_flag(flag.clone());
        self.stop = flag;
    }

    /// The exact solver this searcher hands over to.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// Forgets the tables' contents and the ordering statistics.
    pub fn clear(&mut self) {
        self.table.clear();
        self.solver.clear();
        self.history = [0; 64];
        self.killers = [[64; 2]; MAX_PLY];
    }

    fn begin(&mut self, limits: &Limits) {
        self.stopped = self.stop.load(Ordering::Relaxed);
        self.nodes = 0;
        self.next_poll = 0;
        self.solver.reset_nodes();
        self.node_limit = limits.nodes;
        self.deadline = limits.time.map(|t| Instant::now() + t);
        self.solver.set_deadline(self.deadline);
        self.table.new_search();
        for h in self.history.iter_mut() {
            *h /= 4;
        }
    }

    /// Each finished iteration of the last [`Searcher::search`]: its depth, its value for
    /// the side to move at the root and its line's first move (`None` at a pass; empty
    /// after an exact solve). A fresh searcher's iteration `d` has exactly the value and
    /// the move (when there is one) of a fresh searcher's search to depth `d`.
    pub fn iterations(&self) -> &[(u32, i32, Option<Square>)] {
        &self.iterations
    }

    /// Nodes searched so far by the last search (midgame and exact parts).
    pub fn nodes(&self) -> u64 {
        self.nodes + self.solver.nodes()
    }

    /// Searches `board` within `limits` (or until the stop flag is raised).
    pub fn search(&mut self, board: &Board, limits: Limits) -> Result<SearchResult, SearchError> {
        self.begin(&limits);
        self.iterations.clear();
        let empties = board.empty_count();
        let moves = board.legal_moves_bits();
        if moves == 0 {
            let pass = board.pass();
            if pass.legal_moves_bits() == 0 {
                return Ok(SearchResult {
                    best: None,
                    score: board.final_score() * UNITS_PER_DISC,
                    exact: true,
                    depth: 0,
                    pv: Vec::new(),
                    nodes: 0,
                });
            }
            let mut r = self.search(&pass, limits)?;
            r.score = -r.score;
            for it in &mut self.iterations {
                *it = (it.0, -it.1, None);
            }
            r.pv.insert(0, None);
            r.best = None;
            return Ok(r);
        }
        if empties <= limits.exact_empties {
            // A promised exact solve is bounded by the stop flag only, not the clock.
            self.solver.set_deadline(None);
            let sol = self.solver.solve(board).map_err(|_| SearchError::Stopped)?;
            return Ok(SearchResult {
                best: sol.best,
                score: sol.score * UNITS_PER_DISC,
                exact: true,
                depth: empties,
                pv: sol.pv,
                nodes: sol.nodes,
            });
        }
        let mut result: Option<SearchResult> = None;
        let max_depth = limits.depth.clamp(1, MAX_DEPTH).min(empties);
        let mut guess = self.weights.evaluate(board);
        self.states[0] = PatternState::new(board.player, board.opponent);
        for depth in 1..=max_depth {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let (mut lo, mut hi) = if depth >= 4 {
                (guess - ASPIRATION, guess + ASPIRATION)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.pvs(board.player, board.opponent, lo, hi, depth, 0);
                if self.stopped {
                    break None;
                }
                if s <= lo && lo > -INF {
                    lo = (lo - 4 * ASPIRATION).max(-INF);
                } else if s >= hi && hi < INF {
                    hi = (hi + 4 * ASPIRATION).min(INF);
                } else {
                    break Some(s);
                }
            };
            let Some(score) = score else { break };
            guess = score;
            let mut pv: Vec<Option<Square>> = self.pv[0][..self.pv_len[0]]
                .iter()
                .map(|&sq| Square::new(sq))
                .collect();
            pv.truncate(board.legal_prefix(&pv));
            let exact = depth >= empties;
            self.iterations
                .push((depth, score, pv.first().copied().flatten()));
            result = Some(SearchResult {
                best: pv.first().copied().flatten(),
                score,
                exact,
                depth,
                pv,
                nodes: self.nodes(),
            });
            if exact {
                break;
            }
        }
        match result {
            Some(mut r) => {
                if r.best.is_none() {
                    // A pass cannot start the line of a position with moves; fall back
                    // to the table's move.
                    r.best = self
                        .table
                        .probe(board.player, board.opponent)
                        .and_then(|e| Square::new(e.best))
                        .filter(|sq| moves & sq.bit() != 0)
                        .or_else(|| board.legal_moves().into_iter().next());
                    r.pv = vec![r.best];
                }
                r.nodes = self.nodes();
                Ok(r)
            }
            None => Err(SearchError::Stopped),
        }
    }

    /// The value of the position after `sq` (side to move's view before the move),
    /// searched to `depth` in the window (`alpha`, `beta`), or `None` if stopped.
    /// Continues the current search (used by analysis to value every move).
    pub fn value_after(
        &mut self,
        board: &Board,
        sq: Square,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let child = board.play_unchecked(sq);
        self.states[1] = PatternState::new(child.player, child.opponent);
        let s = -self.pvs(
            child.player,
            child.opponent,
            -beta,
            -alpha,
            depth.saturating_sub(1),
            1,
        );
        if self.stopped { None } else { Some(s) }
    }

    /// Prepares a series of `value_after` calls within `limits`.
    pub fn start(&mut self, limits: &Limits) {
        self.begin(limits);
    }

    /// The line found by the last `value_after` call, after its move.
    pub fn last_child_line(&self) -> Vec<Option<Square>> {
        self.pv[1][..self.pv_len[1]]
            .iter()
            .map(|&sq| Square::new(sq))
            .collect()
    }
}
