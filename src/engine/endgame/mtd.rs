//! The exact search's driver: MTD(f), a series of null-window searches closing in
//! on the score from a guess, whose first plies try the moves in the order the line
//! is read in.

use super::line::{ORDERED_MIN_EMPTIES, ORDERED_PLIES, line_order};
use super::{INF, SolveError, Solver};
use crate::engine::board::{Board, legal_moves};

impl Solver {
    /// MTD(f) from `guess`, continuing the current search.
    pub(super) fn mtd(&mut self, board: &Board, guess: i32) -> Result<i32, SolveError> {
        let (mut lower, mut upper) = (-64, 64);
        let mut g = (guess.clamp(-64, 64) / 2) * 2;
        while lower < upper {
            let mut beta = g.max(lower + 1);
            // The selective passes test even values only, like the exact ones (whose
            // scores are all even): their values are guesses for the exact search, and
            // a test per disc took more passes (FFO #40-#49: 645 M nodes against 650 M).
            if self.cut_margin > 0 && beta % 2 != 0 {
                if beta < upper {
                    beta += 1;
                } else if beta - 1 > lower {
                    beta -= 1;
                } else {
                    break;
                }
            }
            // beta is even or odd; a null window just below it.
            let s = self.ordered_nws(board, beta - 1, ORDERED_PLIES);
            if self.stopped {
                return Err(SolveError::Stopped);
            }
            if s < beta {
                upper = s;
            } else {
                lower = s;
            }
            g = s;
        }
        Ok(lower)
    }

    /// A null-window search of `board` at `alpha` whose first `plies` plies try the
    /// moves in the order the line is read in ([`line_order`]) rather than the
    /// table's move first: the passes that prove the score then prove it by the
    /// line's first moves, having shown the moves before them worse, so reading the
    /// line finds its first plies in the table.
    fn ordered_nws(&mut self, board: &Board, alpha: i32, plies: u32) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let empties = board.empty_count();
        let moves = legal_moves(p, o);
        if plies == 0 || moves == 0 || empties < ORDERED_MIN_EMPTIES {
            return self.nws(p, o, alpha, empties, false);
        }
        let beta = alpha + 1;
        if let Some(e) = self.table_at(empties).probe(p, o) {
            if e.lower as i32 >= beta {
                return e.lower as i32;
            }
            if e.upper as i32 <= alpha {
                return e.upper as i32;
            }
        }
        let cuts_before = self.selective_cuts;
        let (mut best, mut best_sq) = (-INF, 64u8);
        for q in line_order(board, moves) {
            let c = board.play_unchecked(q);
            let score = -self.ordered_nws(&c, -beta, plies - 1);
            if self.stopped {
                return best;
            }
            if score > best {
                best = score;
                best_sq = q.index() as u8;
                if score >= beta {
                    break;
                }
            }
        }
        self.store_node(p, o, empties, (alpha, beta), best, best_sq, cuts_before);
        best
    }
}
