//! Move lists of the solver's nodes and their fastest-first ordering.

use super::{EVAL_ORDER_EMPTIES, PARITY_ORDER_EMPTIES, SHALLOW_ORDER_EMPTIES};
use crate::engine::bits::{CORNERS, QUADRANTS, neighbours};
use crate::engine::board::{Board, MAX_MOVES, flips, legal_moves};
use crate::engine::cpu_dispatch::cpu_dispatch;
use crate::engine::pattern::shipped_ref;
use crate::engine::square::Square;
use arrayvec::ArrayVec;

/// One legal move: its square, the discs it flips and its ordering key (lower first).
#[derive(Clone, Copy)]
pub(super) struct Scored {
    pub flipped: u64,
    pub sq: u8,
    pub key: i32,
}

impl Scored {
    /// The board after the move, seen from the opponent: (player, opponent).
    #[inline(always)]
    pub fn child(&self, p: u64, o: u64) -> (u64, u64) {
        (o ^ self.flipped, p ^ self.flipped ^ (1u64 << self.sq))
    }
}

/// The legal moves of a node.
///
/// An [`ArrayVec`]: room for any position's moves (`MAX_MOVES`) on the stack, the
/// slots past its length left unwritten (zeroing them at every node of the solver
/// would cost a few per cent of its speed).
pub(super) struct MoveList {
    moves: ArrayVec<Scored, MAX_MOVES>,
}

/// The union of the quadrants holding an odd number of empty squares.
#[inline]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
        }
    }

    /// Adds the moves in `moves` (legal for `p` against `o`), with their flips,
    /// unordered (filled in place: a returned list would be copied).
    #[inline(always)]
    pub fn generate(&mut self, p: u64, o: u64, mut moves: u64) {
        while moves != 0 {
            let sq = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            self.moves.push(Scored {
                flipped: flips(p, o, sq as usize),
                sq,
                key: 0,
            });
        }
    }

    cpu_dispatch! {
        /// Gives the moves from slot `from` on their ordering keys: the table's move
        /// first, then the moves that leave the opponent the fewest replies (corners
        /// counted twice) and the fewest squares to aim at, corners and odd regions
        /// first near the end; far from the end the evaluation also counts.
        pub fn score / score_v3 / score_plain (&mut self, from: usize, p: u64, o: u64, hint: u8, empties: u32)  {
            let odd = if empties <= PARITY_ORDER_EMPTIES {
                odd_quadrants(!(p | o))
            } else {
                0
            };
            for m in &mut self.as_mut_slice()[from..] {
                let bit = 1u64 << m.sq;
                m.key = if m.sq == hint {
                    -1_000_000
                } else {
                    let (cp, co) = m.child(p, o);
                    let their = legal_moves(cp, co);
                    let pot = (neighbours(co) & !(cp | co)).count_ones() as i32;
                    let mut key = their.count_ones() as i32 * 64
                        + (their & CORNERS).count_ones() as i32 * 64
                        + pot * 16;
                    if empties >= SHALLOW_ORDER_EMPTIES {
                        key += opponent_best_reply(cp, co, order_search_depth(empties));
                    } else if empties >= EVAL_ORDER_EMPTIES {
                        let child = Board {
                            player: cp,
                            opponent: co,
                        };
                        // The child's mobility is known: only the other side's is counted.
                        let theirs = legal_moves(co, cp).count_ones();
                        key += shipped_ref().evaluate_with_mobility(&child, their.count_ones(), theirs)
                            * 15
                            / 100;
                    }
                    if bit & CORNERS != 0 {
                        key -= 32;
                    }
                    if odd & bit != 0 {
                        key -= 24;
                    }
                    key
                };
            }

        }
    }

    /// Moves the lowest-keyed move from `i` on to slot `i` and returns it.
    #[inline(always)]
    pub fn pick(&mut self, i: usize) -> Scored {
        let m = self.as_mut_slice();
        let mut b = i;
        for j in i + 1..m.len() {
            if m[j].key < m[b].key {
                b = j;
            }
        }
        m.swap(i, b);
        m[i]
    }

    /// The number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The moves written so far.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Scored] {
        &self.moves
    }

    /// The moves written so far, to reorder.
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Scored] {
        &mut self.moves
    }
}

/// How deep the evaluation search that orders the moves of a node with `empties`
/// empties looks past each move (measured on FFO #40-#49: deeper near the root saves
/// more nodes than it costs).
#[inline]
fn order_search_depth(empties: u32) -> u32 {
    match empties {
        e if e >= 22 => 3,
        e if e >= 19 => 2,
        _ => 1,
    }
}

/// The side to move's value by the evaluation, `depth` plies deep (alpha-beta; used
/// to order moves far from the end, where it is worth its cost).
fn opponent_best_reply(p: u64, o: u64, depth: u32) -> i32 {
    eval_search(p, o, depth, -100_000, 100_000)
}

cpu_dispatch! {
    /// The side to move's value by the evaluation, `depth` plies deep, in the window
    /// (`alpha`, `beta`) (fail-soft: a bound outside it).
    pub(super) fn eval_search / eval_search_v3 / eval_search_plain (p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
    let mut alpha = alpha;
        let b = Board {
            player: p,
            opponent: o,
        };
        let mut moves = legal_moves(p, o);
        if depth == 0 || moves == 0 {
            return shipped_ref().evaluate(&b);
        }
        let mut best = -100_000;
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let c = b.play_unchecked(Square::from_index_unchecked(sq));
            let v = -eval_search(c.player, c.opponent, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
