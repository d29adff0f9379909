//! The solver's search with the table: principal-variation search and null-window
//! search, with enhanced transposition and stability cut-offs.

use super::order::MoveList;
use super::shallow::solve_shallow;
use super::shared_table::hash;
use super::{BUSY_EMPTIES, ETC_EMPTIES, INF, SHALLOW_EMPTIES, Solver, TABLE_EMPTIES};
use crate::engine::board::{flips, legal_moves};
use crate::engine::cpu_dispatch::cpu_dispatch;

use super::last::final_score;

impl Solver {
    cpu_dispatch! {
        /// Principal-variation search in (`alpha`, `beta`).
        pub(super) fn pvs / pvs_v3 / pvs_plain (&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        let mut alpha = alpha;
            if empties <= SHALLOW_EMPTIES {
                return solve_shallow(&mut self.nodes, p, o, alpha, beta, false);
            }
            if beta - alpha <= 1 {
                return self.nws(p, o, alpha, empties, false);
            }
            self.nodes += 1;
            if self.poll() {
                return 0;
            }
            let moves = legal_moves(p, o);
            if moves == 0 {
                if legal_moves(o, p) == 0 {
                    return final_score(p, o);
                }
                return -self.pvs(o, p, -beta, -alpha, empties);
            }
            let hint = self.table_at(empties).probe(p, o).map(|e| e.best).unwrap_or(64);
            let mut list = MoveList::new();
            list.generate(p, o, moves);
            list.score(0, p, o, hint, empties);
            let alpha0 = alpha;
            let mut best = -INF;
            let mut best_sq = 64u8;
            for k in 0..list.len() {
                let m = list.pick(k);
                let (cp, co) = m.child(p, o);
                let score = if k == 0 {
                    -self.pvs(cp, co, -beta, -alpha, empties - 1)
                } else {
                    let mut s = -self.nws(cp, co, -alpha - 1, empties - 1, false);
                    if s > alpha && s < beta && !self.stopped {
                        s = -self.pvs(cp, co, -beta, -alpha, empties - 1);
                    }
                    s
                };
                if self.stopped {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_sq = m.sq;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
            self.table_at(empties)
                .store(p, o, empties as u8, (alpha0, beta), best, best_sq);
            best

        }
    }

    cpu_dispatch! {
        /// Null-window search: is the value above `alpha`? Returns a fail-soft bound.
        pub(super) fn nws / nws_v3 / nws_plain (&mut self, p: u64, o: u64, alpha: i32, empties: u32, passed: bool) -> i32 {
            if empties <= SHALLOW_EMPTIES {
                return solve_shallow(&mut self.nodes, p, o, alpha, alpha + 1, passed);
            }
            self.nodes += 1;
            if self.poll() {
                return 0;
            }
            let beta = alpha + 1;
            // Stability cut-off: the opponent's stable discs cap our score.
            if let Some(upper) = super::stability_cut(p, o, alpha) {
                return upper;
            }
            let mut hint = 64;
            let tabled = empties >= TABLE_EMPTIES;
            let entry = if tabled { self.table_at(empties).probe(p, o) } else { None };
            if let Some(e) = entry {
                if e.lower as i32 >= beta {
                    return e.lower as i32;
                }
                if e.upper as i32 <= alpha {
                    return e.upper as i32;
                }
                hint = e.best;
            }
            if let Some(bound) = self.probcut(p, o, alpha, empties) {
                return bound;
            }
            let cuts_before = self.selective_cuts;
            let moves = legal_moves(p, o);
            if moves == 0 {
                if passed || legal_moves(o, p) == 0 {
                    return final_score(p, o);
                }
                return -self.nws(o, p, -beta, empties, true);
            }
            // With other threads on the table, this node is marked as being searched, and
            // a move (but the first) into a position another thread is searching waits
            // until the other moves are done (simplified ABDADA).
            let busy = self.shared && empties >= BUSY_EMPTIES;
            let h = if busy { hash(p, o) } else { 0 };
            let mut best = -INF;
            let mut best_sq = 64u8;
            let mut rest = moves;
            // The table's move first, alone: at a cut node it almost always cuts off,
            // and the other moves' flips are then never computed.
            if hint < 64 && moves & (1u64 << hint) != 0 {
                if busy {
                    self.table.mark_busy(h);
                }
                let f = flips(p, o, hint as usize);
                let score = -self.nws(o ^ f, p ^ f ^ (1u64 << hint), -beta, empties - 1, false);
                if self.stopped {
                    if busy {
                        self.table.unmark_busy(h);
                    }
                    return 0;
                }
                best = score;
                best_sq = hint;
                rest &= !(1u64 << hint);
            }
            let tried_hint = best_sq < 64;
            let mut list = MoveList::new();
            if best < beta {
                list.generate(p, o, rest);
            }
            // The children are looked up in the table (enhanced transposition
            // cut-off) only without a table move: with one, fetching their buckets
            // costs more than the rare cut-off saves.
            let etc = empties >= ETC_EMPTIES && hint >= 64;
            if etc {
                // Fetch the children's entries while the moves are ordered.
                for m in list.as_slice() {
                    let (cp, co) = m.child(p, o);
                    self.table_at(empties - 1).prefetch(cp, co);
                }
            }
            if list.len() > 1 {
                list.score(0, p, o, hint, empties);
            }
            if etc {
                for m in list.as_slice() {
                    let (cp, co) = m.child(p, o);
                    if let Some(e) = self.table_at(empties - 1).probe(cp, co)
                        && -(e.upper as i32) >= beta
                    {
                        let score = -(e.upper as i32);
                        self.table_at(empties)
                            .store(p, o, empties as u8, (alpha, beta), score, m.sq);
                        return score;
                    }
                }
            }
            if busy && !tried_hint {
                self.table.mark_busy(h);
            }
            let mut deferred = 0u64;
            for k in 0..list.len() {
                if best >= beta {
                    break;
                }
                let m = list.pick(k);
                let (cp, co) = m.child(p, o);
                // Past the first move the node is likely to search them all: fetch the
                // next child's bucket while this one is searched.
                let nth = k + tried_hint as usize;
                if nth > 0 && k + 1 < list.len() && empties > TABLE_EMPTIES {
                    let next = list.pick(k + 1);
                    let (np, no) = next.child(p, o);
                    self.table_at(empties - 1).prefetch(np, no);
                }
                if busy && nth > 0 && self.table.is_busy(hash(cp, co)) {
                    deferred |= 1 << k;
                    continue;
                }
                let score = -self.nws(cp, co, -beta, empties - 1, false);
                if self.stopped {
                    break;
                }
                if score > best {
                    best = score;
                    best_sq = m.sq;
                }
            }
            while deferred != 0 && best < beta && !self.stopped {
                let k = deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                let m = list.as_slice()[k];
                let (cp, co) = m.child(p, o);
                let score = -self.nws(cp, co, -beta, empties - 1, false);
                if score > best && !self.stopped {
                    best = score;
                    best_sq = m.sq;
                }
            }
            if busy {
                self.table.unmark_busy(h);
            }
            if self.stopped {
                return 0;
            }
            if tabled {
                self.store_node(p, o, empties, (alpha, beta), best, best_sq, cuts_before);
            }
            best

        }
    }
}
