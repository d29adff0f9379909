//! Move-path counting from a position (perft), the standard check of a move generator.
//!
//! Convention: a pass is a ply, and a game that ended before the depth counts as one leaf.
//! The last ply is counted without being played (bulk counting).

use super::board::{Board, legal_moves};
use super::square::Square;
use crate::engine::cpu_dispatch::cpu_dispatch;

/// The number of move paths of length `depth` from `board` (see the module doc).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(board.player, board.opponent, depth)
}

cpu_dispatch! {
    fn perft_inner / perft_inner_v3 / perft_inner_plain (p: u64, o: u64, depth: u32) -> u64 {
        let mut moves = legal_moves(p, o);
        if depth == 1 {
            return (moves.count_ones() as u64).max(1);
        }
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return 1;
            }
            return perft_inner(o, p, depth - 1);
        }
        let board = Board {
            player: p,
            opponent: o,
        };
        let mut total = 0;
        if depth == 2 {
            while moves != 0 {
                let sq = Square::from_index_unchecked(moves.trailing_zeros());
                moves &= moves - 1;
                let child = board.play_unchecked(sq);
                let n = legal_moves(child.player, child.opponent).count_ones() as u64;
                total += n.max(1);
            }
            return total;
        }
        while moves != 0 {
            let sq = Square::from_index_unchecked(moves.trailing_zeros());
            moves &= moves - 1;
            let child = board.play_unchecked(sq);
            total += perft_inner(child.player, child.opponent, depth - 1);
        }
        total
    }
}
