//! The last four empty squares: solvers without the table, move ordering or move
//! generation, and the last move scored by counting its flips on the four lines
//! through the square (every other square of the board is taken, so every square of
//! those lines that is not the mover's is the opponent's).

use super::INF;
use crate::engine::board::{Board, flips};
use crate::engine::cpu_dispatch::cpu_dispatch;

/// Column a.
const COL_A: u64 = 0x0101_0101_0101_0101;

/// `COUNT_FLIP[x][line]`: the discs flipped by a disc placed at position `x` of a full
/// line whose other squares are the mover's where `line` has a bit and the opponent's
/// elsewhere (positions past the end of a short line are never the mover's, so they
/// flip nothing).
static COUNT_FLIP: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards position 0.
            let mut i = x as i32 - 1;
            while i >= 0 && line & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                n += x as i32 - 1 - i;
            }
            // Towards position 7.
            let mut j = x + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                n += (j - x - 1) as i32;
            }
            t[x][line] = n as u8;
            line += 1;
        }
        x += 1;
    }
    t
};

/// The two diagonals through each square (a1-h8 direction, then h1-a8 direction).
static DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            let (dc, dr) = (c + k, r + k);
            if dc >= 0 && dc < 8 && dr >= 0 && dr < 8 {
                t[sq][0] |= 1u64 << (dr * 8 + dc);
            }
            let (ac, ar) = (c + k, r - k);
            if ac >= 0 && ac < 8 && ar >= 0 && ar < 8 {
                t[sq][1] |= 1u64 << (ar * 8 + ac);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// The discs flipped when the owner of `p` plays `sq`, the last empty square (every
/// other square not in `p` is the opponent's).
#[inline(always)]
pub(super) fn count_last_flip(p: u64, sq: u8) -> i32 {
    let (x, y) = ((sq & 7) as usize, (sq >> 3) as usize);
    let row = (p >> (sq & 56)) as u8 as usize;
    let col = (((p >> x) & COL_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let [d1, d2] = DIAGONALS[sq as usize];
    let diag = ((p & d1).wrapping_mul(COL_A) >> 56) as usize;
    let anti = ((p & d2).wrapping_mul(COL_A) >> 56) as usize;
    let t = &COUNT_FLIP;
    (t[x][row] as i32) + (t[y][col] as i32) + (t[x][diag] as i32) + (t[x][anti] as i32)
}

/// The exact score with one empty square `sq` left, for the owner of `p`.
#[inline(always)]
pub(super) fn last_one(p: u64, sq: u8) -> i32 {
    let discs = p.count_ones() as i32;
    let n = count_last_flip(p, sq);
    if n != 0 {
        return 2 * (discs + n + 1) - 64;
    }
    let o = !p & !(1u64 << sq);
    let m = count_last_flip(o, sq);
    if m != 0 {
        return 2 * (discs - m) - 64;
    }
    // Nobody can play it: it goes to the winner (63 discs: no draw).
    if 2 * discs > 63 {
        2 * discs - 62
    } else {
        2 * discs - 64
    }
}

/// The final margin with the empty squares given to the winner, for the owner of `p`.
#[inline]
pub(super) fn final_score(p: u64, o: u64) -> i32 {
    Board {
        player: p,
        opponent: o,
    }
    .final_score()
}

/// The king-move neighbours of each square.
static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1u64 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// The discs `p` flips by playing `sq` against `o`, skipping the work when no
/// opposing disc touches `sq`.
#[inline(always)]
pub(super) fn flips_near(p: u64, o: u64, sq: u8) -> u64 {
    if NEIGHBOURS[sq as usize] & o == 0 {
        0
    } else {
        flips(p, o, sq as usize)
    }
}

cpu_dispatch! {
    /// Two empty squares `a` and `b`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solve_2 / solve_2_v3 / solve_2_plain (nodes: &mut u64, p: u64, o: u64, alpha: i32, beta: i32, a: u8, b: u8, passed: bool) -> i32 {
        *nodes += 1;
        let mut best = -INF;
        let f = flips_near(p, o, a);
        if f != 0 {
            *nodes += 1;
            best = -last_one(o ^ f, b);
            if best >= beta {
                return best;
            }
        }
        let f = flips_near(p, o, b);
        if f != 0 {
            *nodes += 1;
            let score = -last_one(o ^ f, a);
            if score > best {
                best = score;
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -solve_2(nodes, o, p, -beta, -alpha.max(best), a, b, true)
    }
}

cpu_dispatch! {
    /// Three empty squares, in the order to try them.
    pub(super) fn solve_3 / solve_3_v3 / solve_3_plain (nodes: &mut u64, p: u64, o: u64, alpha: i32, beta: i32, sq: [u8; 3], passed: bool) -> i32 {
    let mut alpha = alpha;
        *nodes += 1;
        let mut best = -INF;
        for i in 0..3 {
            let x = sq[i];
            let f = flips_near(p, o, x);
            if f == 0 {
                continue;
            }
            let (a, b) = match i {
                0 => (sq[1], sq[2]),
                1 => (sq[0], sq[2]),
                _ => (sq[0], sq[1]),
            };
            let score = -solve_2(
                nodes,
                o ^ f,
                p ^ f ^ (1u64 << x),
                -beta,
                -alpha,
                a,
                b,
                false,
            );
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -solve_3(nodes, o, p, -beta, -alpha, sq, true)
    }
}

cpu_dispatch! {
    /// Four empty squares, in the order to try them.
    pub(super) fn solve_4 / solve_4_v3 / solve_4_plain (nodes: &mut u64, p: u64, o: u64, alpha: i32, beta: i32, sq: [u8; 4], passed: bool) -> i32 {
    let mut alpha = alpha;
        *nodes += 1;
        if let Some(upper) = super::stability_cut(p, o, alpha) {
            return upper;
        }
        let mut best = -INF;
        for i in 0..4 {
            let x = sq[i];
            let f = flips_near(p, o, x);
            if f == 0 {
                continue;
            }
            let rest = match i {
                0 => [sq[1], sq[2], sq[3]],
                1 => [sq[0], sq[2], sq[3]],
                2 => [sq[0], sq[1], sq[3]],
                _ => [sq[0], sq[1], sq[2]],
            };
            let score = -solve_3(
                nodes,
                o ^ f,
                p ^ f ^ (1u64 << x),
                -beta,
                -alpha,
                rest,
                false,
            );
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -solve_4(nodes, o, p, -beta, -alpha, sq, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn counted_flips_match_the_flip_generator() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..20_000 {
            let sq = rng.random_range(0..64u8);
            let p = rng.random::<u64>() & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            let expected = flips(p, o, sq as usize).count_ones() as i32;
            assert_eq!(count_last_flip(p, sq), expected, "{p:#x} {sq}");
        }
    }

    #[test]
    fn the_last_move_is_scored_like_a_played_out_game() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(8);
        for _ in 0..20_000 {
            let sq = rng.random_range(0..64u8);
            // Mostly one colour, so that passes and unplayable squares come up too.
            let p = (rng.random::<u64>() | rng.random::<u64>()) & !(1u64 << sq);
            let p = if rng.random::<bool>() {
                p
            } else {
                !p & !(1u64 << sq)
            };
            let o = !p & !(1u64 << sq);
            let b = Board {
                player: p,
                opponent: o,
            };
            let expected = if flips(p, o, sq as usize) != 0 {
                -b.play_unchecked(crate::engine::Square::from_index_unchecked(sq as u32))
                    .final_score()
            } else if flips(o, p, sq as usize) != 0 {
                b.pass()
                    .play_unchecked(crate::engine::Square::from_index_unchecked(sq as u32))
                    .final_score()
            } else {
                b.final_score()
            };
            assert_eq!(last_one(p, sq), expected, "{p:#x} {sq}");
        }
    }
}
