//! The nodes of the search: the principal-variation search, the frontier nodes one
//! ply above the leaves, Multi-ProbCut and the periodic look at the limits.

use super::*;
use crate::engine::cpu_dispatch::cpu_dispatch;

/// At and below this remaining depth, moves are ordered without the evaluation.
const CHEAP_ORDER_DEPTH: u32 = 2;

impl Searcher {
    #[inline]
    pub(super) fn poll(&mut self) -> bool {
        // Every POLL_INTERVAL nodes or so (a frontier node counts all its children at
        // once, so the count can step over a multiple of it).
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if self.stop.load(Ordering::Relaxed)
                || self.nodes + self.solver.nodes() >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    cpu_dispatch! {
        /// A node one ply above the leaves: every child is evaluated once, no ordering.
        pub(super) fn frontier_node / frontier_node_v3 / frontier_node_plain (&mut self, p: u64, o: u64, moves: u64, alpha: i32, beta: i32, ply: usize) -> i32 {
        let mut moves = moves;
            let mut best = -INF;
            let mut best_sq = 64u8;
            while moves != 0 {
                let sq = moves.trailing_zeros() as u8;
                moves &= moves - 1;
                self.nodes += 1;
                let (f, child) = child_after(p, o, sq);
                let mine = legal_moves(child.player, child.opponent);
                let theirs = legal_moves(child.opponent, child.player);
                let score = if mine == 0 && theirs == 0 {
                    -child.final_score() * UNITS_PER_DISC
                } else {
                    -self.evaluate_child(ply, sq, f, &child, mine.count_ones(), theirs.count_ones())
                };
                if score > best {
                    best = score;
                    best_sq = sq;
                    if score >= beta {
                        break;
                    }
                }
            }
            if best > alpha {
                self.pv[ply][0] = best_sq;
                self.pv_len[ply] = 1;
            }
            best

        }
    }

    cpu_dispatch! {
        /// The evaluation of `child`, the position after the move `sq` (flipping `f`) from
        /// the position at `ply`, whose sides have `mp` and `mo` legal moves.
        pub(super) fn evaluate_child / evaluate_child_v3 / evaluate_child_plain (&self, ply: usize, sq: u8, f: u64, child: &Board, mp: u32, mo: u32) -> i32 {
            match &self.weights {
                Evaluator::Patterns(w) => {
                    let mine = self.states[ply].child_mine(sq as u32, f);
                    w.evaluate_configs(&mine, child.empty_count(), mp, mo)
                }
                other => other.evaluate(child),
            }

        }
    }

    cpu_dispatch! {
        /// Multi-ProbCut's test at a node: `Some(beta)` or `Some(alpha)` when the shallow
        /// search predicts, with confidence `t`, that the deep one fails high or low.
        #[allow(clippy::too_many_arguments)]
        pub(super) fn probcut / probcut_v3 / probcut_plain (&mut self, p: u64, o: u64, alpha: i32, beta: i32, cut: mpc::Cut, t: f32, ply: usize) -> Option<i32> {
            let margin = t * cut.sigma;
            let limit = INF / 2;
            if beta < limit {
                let bound = ((beta as f32 + margin - cut.b) / cut.a).ceil() as i32;
                if bound < limit {
                    let v = self.pvs(p, o, bound - 1, bound, cut.shallow, ply);
                    if self.stopped {
                        return Some(0);
                    }
                    if v >= bound {
                        return Some(beta);
                    }
                }
            }
            if alpha > -limit {
                let bound = ((alpha as f32 - margin - cut.b) / cut.a).floor() as i32;
                if bound > -limit {
                    let v = self.pvs(p, o, bound, bound + 1, cut.shallow, ply);
                    if self.stopped {
                        return Some(0);
                    }
                    if v <= bound {
                        return Some(alpha);
                    }
                }
            }
            None

        }
    }

    cpu_dispatch! {
        pub(super) fn pvs / pvs_v3 / pvs_plain (&mut self, p: u64, o: u64, alpha: i32, beta: i32, depth: u32, ply: usize) -> i32 {
        let mut alpha = alpha;
            self.pv_len[ply] = 0;
            let board = Board {
                player: p,
                opponent: o,
            };
            let empties = board.empty_count();
            if depth >= empties {
                // The search reaches the end of the game: solve it exactly.
                let lo = (alpha.div_euclid(UNITS_PER_DISC)).max(-64);
                let hi = (beta.div_euclid(UNITS_PER_DISC) + 1).min(64);
                return match self.solver.exact_in_window(&board, lo, hi) {
                    Ok(s) => {
                        self.pv_len[ply] = 0;
                        s * UNITS_PER_DISC
                    }
                    Err(_) => {
                        self.stopped = true;
                        0
                    }
                };
            }
            self.nodes += 1;
            if self.poll() {
                return 0;
            }
            if depth == 0 {
                return self.weights.evaluate(&board);
            }
            let moves = legal_moves(p, o);
            if moves == 0 {
                if legal_moves(o, p) == 0 {
                    return board.final_score() * UNITS_PER_DISC;
                }
                self.states[ply + 1] = self.states[ply].after_pass();
                let s = -self.pvs(o, p, -beta, -alpha, depth, ply + 1);
                self.pv[ply][0] = 64;
                let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply][1..n + 1].copy_from_slice(&tail[0][..n]);
                self.pv_len[ply] = n + 1;
                return s;
            }
            if depth == 1 {
                return self.frontier_node(p, o, moves, alpha, beta, ply);
            }
            let alpha0 = alpha;
            let mut hint = 64u8;
            if let Some(e) = self.table.probe(p, o) {
                hint = e.best;
                if e.depth as u32 >= depth && ply > 0 {
                    let (lo, hi) = (e.lower as i32, e.upper as i32);
                    if lo >= beta {
                        return lo;
                    }
                    if hi <= alpha {
                        return hi;
                    }
                    if lo == hi {
                        return lo;
                    }
                }
            }
            if ply > 0 && depth >= mpc::MIN_DEPTH {
                let cut = self
                    .selectivity
                    .as_ref()
                    .and_then(|(table, t)| table.get(empties, depth).map(|c| (c, *t)));
                if let Some((cut, t)) = cut
                    && let Some(v) = self.probcut(p, o, alpha, beta, cut, t, ply)
                {
                    return v;
                }
            }
            // Order the moves.
            // The children go on the shared move stack (above the callers' lists), which
            // costs no zeroing of a full-size list at every node.
            let base = self.move_stack.len();
            let mut m = moves;
            let killers = self.killers[ply];
            while m != 0 {
                let sq = m.trailing_zeros() as u8;
                m &= m - 1;
                let (f, child) = child_after(p, o, sq);
                let key = if sq == hint {
                    1 << 30
                } else {
                    let value = if depth <= CHEAP_ORDER_DEPTH {
                        // Above the frontier: the opponent's fewest replies first
                        // (corners counted twice); the frontier evaluates every child
                        // anyway.
                        let theirs = legal_moves(child.player, child.opponent);
                        let corners = (theirs & crate::engine::bits::CORNERS).count_ones();
                        -((theirs.count_ones() + corners) as i32) * 100
                    } else {
                        let mp = legal_moves(child.player, child.opponent).count_ones();
                        let mo = legal_moves(child.opponent, child.player).count_ones();
                        -self.evaluate_child(ply, sq, f, &child, mp, mo)
                    };
                    let killer = if killers.contains(&sq) { 50 } else { 0 };
                    value + killer + self.history[sq as usize].min(100_000) / 1000
                };
                self.move_stack
                    .push((sq, key, child.player, child.opponent));
            }
            let n = self.move_stack.len() - base;
            self.move_stack[base..].sort_unstable_by_key(|e| -e.1);
            let mut best = -INF;
            let mut best_sq = 64u8;
            for k in 0..n {
                let (sq, _, cp, co) = self.move_stack[base + k];
                // The mover's discs after the move are its old ones, the flips and `sq`.
                self.states[ply + 1] = self.states[ply].after_move(sq as u32, co ^ p ^ (1u64 << sq));
                let score = if k == 0 {
                    -self.pvs(cp, co, -beta, -alpha, depth - 1, ply + 1)
                } else {
                    let mut s = -self.pvs(cp, co, -alpha - 1, -alpha, depth - 1, ply + 1);
                    if s > alpha && s < beta && !self.stopped {
                        s = -self.pvs(cp, co, -beta, -alpha, depth - 1, ply + 1);
                    }
                    s
                };
                if self.stopped {
                    self.move_stack.truncate(base);
                    return 0;
                }
                if score > best {
                    best = score;
                    best_sq = sq;
                    if score > alpha {
                        alpha = score;
                        // Record the line.
                        self.pv[ply][0] = sq;
                        let len = self.pv_len[ply + 1].min(MAX_PLY - 1);
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply][1..len + 1].copy_from_slice(&tail[0][..len]);
                        self.pv_len[ply] = len + 1;
                        if score >= beta {
                            let slot = &mut self.killers[ply];
                            if slot[0] != sq {
                                slot[1] = slot[0];
                                slot[0] = sq;
                            }
                            self.history[sq as usize] += (depth * depth) as i32 * 16;
                            break;
                        }
                    }
                }
            }
            self.move_stack.truncate(base);
            self.table
                .store(p, o, depth as u8, (alpha0, beta), best, best_sq);
            best

        }
    }
}
