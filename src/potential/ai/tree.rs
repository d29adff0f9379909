//! The search level's tree search: negamax alpha-beta with a transposition table,
//! killer and history ordering, and a stuck side valued by the opponent's run.

use super::*;

#[derive(Clone, Copy)]
struct Candidate {
    mv: PotentialMove,
    order: i32,
}

pub(super) struct Searcher<'a> {
    pub(super) board: Board,
    n: usize,
    tt: &'a mut [TtEntry],
    weights: Weights,
    limits: SearchLimits,
    start: Instant,
    cancel: Option<&'a AtomicBool>,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    analyses: Vec<Analysis>,
    lists: Vec<Vec<Candidate>>,
    steps: Vec<StepInfo>,
    killers: Vec<[Option<PotentialMove>; 2]>,
    history: Vec<i32>,
    runs: HashMap<u64, u32>,
}

impl<'a> Searcher<'a> {
    /// A search of `board` (`n` pieces a side) with the player's table and limits.
    pub(super) fn new(
        board: Board,
        n: usize,
        tt: &'a mut [TtEntry],
        weights: Weights,
        limits: SearchLimits,
        cancel: Option<&'a AtomicBool>,
    ) -> Self {
        Searcher {
            board,
            n,
            tt,
            weights,
            limits,
            start: Instant::now(),
            cancel,
            nodes: 0,
            aborted: false,
            analyses: Vec::new(),
            lists: Vec::new(),
            steps: Vec::new(),
            killers: Vec::new(),
            history: vec![0; 4096],
            runs: HashMap::new(),
        }
    }
}

impl Searcher<'_> {
    fn check_limits(&mut self) {
        if self.nodes >= self.limits.max_nodes {
            self.aborted = true;
        }
        if self.nodes & 255 == 0 {
            if let Some(t) = self.limits.time
                && self.start.elapsed() >= t
            {
                self.aborted = true;
            }
            if let Some(c) = self.cancel
                && c.load(Ordering::Relaxed)
            {
                self.aborted = true;
            }
        }
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.analyses.len() <= ply + 1 {
            self.analyses.push(Analysis::default());
            self.lists.push(Vec::new());
            self.killers.push([None; 2]);
        }
    }

    /// Value of a node whose side to move is stuck (phase 2, analyzed at
    /// `ply`): the opponent's run, or 0 for a draw. The run is estimated
    /// greedily (at most [`RUN_CAP`] moves, each counted as a node) and
    /// remembered for the rest of the search.
    fn stuck_value(&mut self, ply: usize, to_move: Color) -> i32 {
        let runner = to_move.opponent();
        if !self.analyses[ply].has_move(runner) {
            return 0;
        }
        let key = canonical_hash(&self.board).0 ^ side_key(runner, self.n);
        let length = match self.runs.get(&key) {
            Some(&l) => l,
            None => {
                let l = greedy_run_capped(&self.board, runner, RUN_CAP);
                self.nodes += u64::from(l);
                self.runs.insert(key, l);
                l
            }
        };
        -win_score(length.max(1))
    }

    pub(super) fn negamax(
        &mut self,
        ply: usize,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        to_move: Color,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        self.ensure_ply(ply);
        self.analyses[ply].recompute(&self.board);
        let placing = self.board.len() < 2 * self.n;
        if !placing && !self.analyses[ply].has_move(to_move) {
            return self.stuck_value(ply, to_move);
        }
        if depth == 0 {
            return evaluate(&self.analyses[ply], to_move, &self.weights);
        }

        let (hash, frame) = canonical_hash(&self.board);
        let key = hash ^ side_key(to_move, self.n);
        let slot = (key as usize) & ((1 << TT_BITS) - 1);
        let entry = self.tt[slot];
        let mut tt_move = None;
        if entry.key == key {
            if u32::from(entry.depth) >= depth {
                let v = entry.value;
                match entry.flag {
                    EXACT => return v,
                    LOWER if v >= beta => return v,
                    UPPER if v <= alpha => return v,
                    _ => {}
                }
            }
            tt_move = entry.mv.map(|m| frame.move_from_canonical(m));
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        self.generate(ply, placing, to_move, &mut list);
        self.order(ply, depth, to_move, tt_move, &mut list);

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for c in &list {
            make(&mut self.board, c.mv, to_move);
            let v = -self.negamax(ply + 1, depth - 1, -beta, -alpha, to_move.opponent());
            unmake(&mut self.board, c.mv);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(c.mv);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply];
                if k[0] != Some(c.mv) {
                    k[1] = k[0];
                    k[0] = Some(c.mv);
                }
                self.history[move_slot(c.mv)] += (depth * depth) as i32;
                break;
            }
        }
        self.lists[ply] = list;
        if !self.aborted {
            let flag = if best <= alpha0 {
                UPPER
            } else if best >= beta {
                LOWER
            } else {
                EXACT
            };
            self.store(slot, key, best, depth, flag, best_move, frame);
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        slot: usize,
        key: u64,
        value: i32,
        depth: u32,
        flag: u8,
        mv: Option<PotentialMove>,
        frame: Frame,
    ) {
        self.tt[slot] = TtEntry {
            key,
            value,
            depth: depth.min(255) as u8,
            flag,
            mv: mv.map(|m| frame.move_to_canonical(m)),
        };
    }

    fn generate(&mut self, ply: usize, placing: bool, to_move: Color, list: &mut Vec<Candidate>) {
        list.clear();
        let a = &self.analyses[ply];
        if placing {
            if self.board.is_empty() {
                list.push(Candidate {
                    mv: PotentialMove::Place(crate::potential::cell::Cell::ORIGIN),
                    order: 0,
                });
            }
            list.extend(a.frontier().iter().map(|f| Candidate {
                mv: PotentialMove::Place(f.cell),
                order: 0,
            }));
        } else {
            self.steps.clear();
            a.steps_into(to_move, &mut self.steps);
            list.extend(self.steps.iter().map(|s| Candidate {
                mv: s.mv,
                order: i32::from(s.delta),
            }));
        }
    }

    /// Orders `list` best first: the table move, then (deep enough) by a
    /// one-ply evaluation, or else killers and history.
    fn order(
        &mut self,
        ply: usize,
        depth: u32,
        to_move: Color,
        tt_move: Option<PotentialMove>,
        list: &mut [Candidate],
    ) {
        let killers = self.killers[ply];
        let shallow = depth >= 2 && list.len() > 1;
        for c in list.iter_mut() {
            if Some(c.mv) == tt_move {
                c.order = i32::MAX;
                continue;
            }
            if shallow {
                make(&mut self.board, c.mv, to_move);
                let a = &mut self.analyses[ply + 1];
                a.recompute(&self.board);
                let them = to_move.opponent();
                c.order = if self.board.len() == 2 * self.n && !a.has_move(them) {
                    WIN_SCORE
                } else {
                    -evaluate(a, them, &self.weights)
                };
                unmake(&mut self.board, c.mv);
            } else {
                let bonus = if Some(c.mv) == killers[0] {
                    1 << 24
                } else if Some(c.mv) == killers[1] {
                    1 << 23
                } else {
                    0
                };
                c.order += bonus + self.history[move_slot(c.mv)] * 16;
            }
        }
        list.sort_by_key(|c| std::cmp::Reverse(c.order));
    }
}
