//! Selective passes before the exact search: MTD(f) with shallow-search cut-offs
//! (ProbCut), which fill the table with best moves cheaply and give a better first
//! guess. Nodes whose value depends on a selective cut-off store only their best move
//! (never a bound), so the exact search that follows stays exact.

use super::{SolveError, Solver};
use crate::engine::board::Board;

/// At and above this many empties, `Solver::solve` runs the selective passes first.
pub(super) const PRESEARCH_EMPTIES: u32 = 20;
/// At and above this many empties, a selective pass tries its cut-off at a node.
const PROBCUT_EMPTIES: u32 = 10;
/// The selective passes' margins, in hundredths of a disc (measured on FFO #40-#49:
/// three passes of growing margin save more nodes than one or two).
///
/// The last margin was 20 discs until December 8th. Node counts of the whole solve
/// (one thread) with the last margin at 14, 16, 18 and 20 discs: FFO #40-#49 410 M,
/// 393 M, 397 M and 399 M (between 392 and 420 M for every set of margins tried
/// there: a flat ground); FFO #53-#55 (28-29 empties, not used to choose before)
/// 7.93 G, 8.12 G, 8.46 G and 8.89 G, falling with the margin. 16 discs: the fewest
/// on the first set and 0.91 of 20's on the harder one.
const MARGINS: [i32; 3] = [800, 1200, 1600];

impl Solver {
    /// Runs the selective passes from `guess`; returns the last pass's score (the
    /// exact search's next guess).
    pub(super) fn presearch(&mut self, board: &Board, guess: i32) -> Result<i32, SolveError> {
        let mut g = guess;
        for m in MARGINS {
            self.cut_margin = m;
            let r = self.mtd(board, g);
            self.cut_margin = 0;
            g = r?;
        }
        Ok(g)
    }

    /// The selective cut-off of a null-window node at `alpha` with `empties` empties:
    /// `Some(bound)` when a shallow evaluation search (1 to 3 plies, deeper further
    /// from the end) clears the window by the margin; always `None` in the exact search.
    #[inline]
    pub(super) fn probcut(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        if self.cut_margin == 0 || empties < PROBCUT_EMPTIES {
            return None;
        }
        let depth = match empties {
            e if e >= 20 => 3,
            e if e >= 16 => 2,
            _ => 1,
        };
        // Two null-window tests: at least the margin above the window, or below it.
        let high = (alpha + 1) * 100 + self.cut_margin;
        if super::order::eval_search(p, o, depth, high - 1, high) >= high {
            self.selective_cuts += 1;
            return Some(alpha + 1);
        }
        let low = alpha * 100 - self.cut_margin;
        if super::order::eval_search(p, o, depth, low, low + 1) <= low {
            self.selective_cuts += 1;
            return Some(alpha);
        }
        None
    }
}
