//! The final run as a longest-path search: the runner moves alone until no
//! move is left, and each move scores a point. Every move lowers the
//! position potential Φ by at least 1 and a connected group keeps
//! Φ ≥ 5(M − 1), so `Φ − 5(M − 1)` bounds the run from above.

use std::collections::HashMap;

use super::board::Board;
use super::canonical::canonical_hash;
use super::cell::{Color, PotentialMove};
use super::movegen::{Analysis, StepInfo};

/// The outcome of a run search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunPlan {
    /// The longest run found.
    pub length: u32,
    /// The first move of that run (`None` when the runner cannot move).
    pub first: Option<PotentialMove>,
    /// True when the search finished within its budget, so `length` is the
    /// true maximum.
    pub exact: bool,
}

/// Upper bound on the number of moves left: `Φ − 5(M − 1)`.
pub fn run_upper_bound(board: &Board) -> u32 {
    let m = board.len() as u32;
    board.potential().saturating_sub(5 * m.saturating_sub(1))
}

/// Picks the move that spends the least potential (ties: first generated).
fn greedy_step(a: &Analysis, runner: Color, buf: &mut Vec<StepInfo>) -> Option<PotentialMove> {
    buf.clear();
    a.steps_into(runner, buf);
    buf.iter()
        .max_by_key(|s| (s.delta, std::cmp::Reverse(s.piece)))
        .map(|s| s.mv)
}

/// The length of the run made by always spending the least potential: a
/// fast lower bound on the longest run.
pub fn greedy_run_length(board: &Board, runner: Color) -> u32 {
    greedy_run_capped(board, runner, u32::MAX)
}

/// Like [`greedy_run_length`], but stops counting at `cap` moves.
pub fn greedy_run_capped(board: &Board, runner: Color, cap: u32) -> u32 {
    let mut b = board.clone();
    let mut a = Analysis::default();
    let mut buf = Vec::new();
    let mut length = 0;
    while length < cap {
        a.recompute(&b);
        match greedy_step(&a, runner, &mut buf) {
            Some(PotentialMove::Step { from, to }) => {
                b.relocate(from, to);
                length += 1;
            }
            _ => break,
        }
    }
    length
}

struct Solver {
    runner: Color,
    budget: u64,
    nodes: u64,
    exact: bool,
    memo: HashMap<u64, u32>,
    analyses: Vec<Analysis>,
    lists: Vec<Vec<StepInfo>>,
}

impl Solver {
    fn dfs(&mut self, board: &mut Board, ply: usize) -> (u32, Option<PotentialMove>) {
        self.nodes += 1;
        if self.analyses.len() <= ply {
            self.analyses.push(Analysis::default());
            self.lists.push(Vec::new());
        }
        self.analyses[ply].recompute(board);
        let mut steps = std::mem::take(&mut self.lists[ply]);
        steps.clear();
        self.analyses[ply].steps_into(self.runner, &mut steps);
        if steps.is_empty() {
            self.lists[ply] = steps;
            return (0, None);
        }
        let key = canonical_hash(board).0;
        if ply > 0
            && let Some(&v) = self.memo.get(&key)
        {
            self.lists[ply] = steps;
            return (v, None);
        }
        if self.nodes >= self.budget {
            self.exact = false;
            self.lists[ply] = steps;
            let length = greedy_run_length(board, self.runner);
            // Each greedy step costs about as much as a node.
            self.nodes += u64::from(length);
            return (length, None);
        }
        // Cheapest moves first: they keep the most potential for later.
        steps.sort_by_key(|s| (std::cmp::Reverse(s.delta), s.piece));
        let bound = run_upper_bound(board);
        let mut best = (0, None);
        for s in &steps {
            let PotentialMove::Step { from, to } = s.mv else {
                continue;
            };
            board.relocate(from, to);
            let (v, _) = self.dfs(board, ply + 1);
            board.relocate(to, from);
            if v + 1 > best.0 || best.1.is_none() {
                best = (v + 1, Some(s.mv));
            }
            if best.0 >= bound || self.nodes >= self.budget {
                break;
            }
        }
        self.memo.insert(key, best.0);
        self.lists[ply] = steps;
        best
    }
}

/// Searches for the longest run `runner` can make from `board`, expanding
/// at most about `node_budget` positions (beyond that, branches are finished
/// greedily). Deterministic for a given board and budget.
pub fn longest_run(board: &Board, runner: Color, node_budget: u64) -> RunPlan {
    let mut solver = Solver {
        runner,
        budget: node_budget.max(1),
        nodes: 0,
        exact: true,
        memo: HashMap::new(),
        analyses: Vec::new(),
        lists: Vec::new(),
    };
    let mut b = board.clone();
    let (length, first) = solver.dfs(&mut b, 0);
    RunPlan {
        length,
        first,
        exact: solver.exact,
    }
}
