//! The solver's first guess: a shallow alpha-beta search on the evaluation.

use crate::engine::board::{Board, MAX_MOVES};
use crate::engine::cpu_dispatch::cpu_dispatch;
use crate::engine::pattern::shipped_ref;
use crate::engine::square::Square;

/// At and above this remaining depth, children are ordered by their evaluation.
const ORDER_DEPTH: u32 = 3;

cpu_dispatch! {
    /// Alpha-beta on the evaluation (centi-discs), `depth` plies deep.
    fn negamax / negamax_v3 / negamax_plain (b: &Board, depth: u32, alpha: i32, beta: i32) -> i32 {
    let mut alpha = alpha;
        let moves = b.legal_moves_bits();
        if moves == 0 {
            if b.pass().legal_moves_bits() == 0 {
                return b.final_score() * 100;
            }
            return -negamax(&b.pass(), depth, -beta, -alpha);
        }
        if depth == 0 {
            return shipped_ref().evaluate(b);
        }
        let mut children = [(0i32, Board::start()); MAX_MOVES];
        let mut n = 0;
        let mut m = moves;
        while m != 0 && n < children.len() {
            let sq = Square::from_index_unchecked(m.trailing_zeros());
            m &= m - 1;
            let c = b.play_unchecked(sq);
            let key = if depth >= ORDER_DEPTH {
                shipped_ref().evaluate(&c)
            } else {
                0
            };
            children[n] = (key, c);
            n += 1;
        }
        children[..n].sort_unstable_by_key(|c| c.0);
        let mut best = -100_000;
        for (_, c) in &children[..n] {
            let s = -negamax(c, depth - 1, -beta, -alpha);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A quick estimate of the final margin of `board` (side to move's view): a
/// `depth`-ply search on the evaluation, rounded to an even number of discs (final
/// scores are always even).
pub(super) fn guess(board: &Board, depth: u32) -> i32 {
    let v = negamax(board, depth.min(board.empty_count()), -100_000, 100_000);
    ((v as f64 / 200.0).round() as i32 * 2).clamp(-64, 64)
}
