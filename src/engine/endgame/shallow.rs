//! Alpha-beta without the table a few empties from the end: the empty squares in a
//! fixed order (corners first, X-squares last), those of odd quadrants first.

use super::INF;
use super::last::{final_score, flips_near, solve_4};
use crate::engine::cpu_dispatch::cpu_dispatch;

/// Priority classes of the squares, lower first: corners, A- and B-squares, the
/// middle, C-squares, X-squares.
const CLASS: [u8; 64] = [
    0, 4, 1, 2, 2, 1, 4, 0, //
    4, 5, 3, 3, 3, 3, 5, 4, //
    1, 3, 2, 2, 2, 2, 3, 1, //
    2, 3, 2, 9, 9, 2, 3, 2, //
    2, 3, 2, 9, 9, 2, 3, 2, //
    1, 3, 2, 2, 2, 2, 3, 1, //
    4, 5, 3, 3, 3, 3, 5, 4, //
    0, 4, 1, 2, 2, 1, 4, 0, //
];

/// The squares of each class of `CLASS`, lowest class first (the centre, always
/// taken, in none).
const CLASS_MASKS: [u64; 6] = {
    let mut t = [0u64; 6];
    let mut sq = 0;
    while sq < 64 {
        if (CLASS[sq] as usize) < 6 {
            t[CLASS[sq] as usize] |= 1u64 << sq;
        }
        sq += 1;
    }
    t
};

/// The quadrant of each square, as a bit (a1-d4, e1-h4, a5-d8, e5-h8).
const QUADRANT_BIT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        t[sq] = 1 << ((c >= 4) as usize + 2 * (r >= 4) as usize);
        sq += 1;
    }
    t
};

/// The most empties the shallow search takes.
const MAX_SQUARES: usize = 8;

cpu_dispatch! {
    /// The exact value of (`p`, `o`) in (`alpha`, `beta`) (fail-soft), with at most
    /// `MAX_SQUARES` empty squares.
    pub(super) fn solve_shallow / solve_shallow_v3 / solve_shallow_plain (nodes: &mut u64, p: u64, o: u64, alpha: i32, beta: i32, passed: bool) -> i32 {
        let empty = !(p | o);
        let mut squares = [0u8; MAX_SQUARES];
        let mut n = 0;
        let mut parity = 0u8;
        // Class by class, each in square order.
        for mask in CLASS_MASKS {
            let mut e = empty & mask;
            while e != 0 && n < MAX_SQUARES {
                let sq = e.trailing_zeros() as u8;
                e &= e - 1;
                parity ^= QUADRANT_BIT[sq as usize];
                squares[n] = sq;
                n += 1;
            }
        }
        match n {
            0 => final_score(p, o),
            1 => {
                *nodes += 1;
                super::last::last_one(p, squares[0])
            }
            2 => super::last::solve_2(nodes, p, o, alpha, beta, squares[0], squares[1], passed),
            3 => {
                let s = by_parity::<3>(&squares, parity);
                super::last::solve_3(nodes, p, o, alpha, beta, s, passed)
            }
            _ => search(nodes, p, o, alpha, beta, squares, n, parity, passed),
        }
    }
}

/// The first `N` of `squares`, those of odd quadrants first.
#[inline(always)]
fn by_parity<const N: usize>(squares: &[u8], parity: u8) -> [u8; N] {
    let mut out = [0u8; N];
    let mut k = 0;
    for &sq in &squares[..N] {
        if parity & QUADRANT_BIT[sq as usize] != 0 {
            out[k] = sq;
            k += 1;
        }
    }
    for &sq in &squares[..N] {
        if parity & QUADRANT_BIT[sq as usize] == 0 {
            out[k] = sq;
            k += 1;
        }
    }
    out
}

cpu_dispatch! {
    /// Alpha-beta over the first `n` of `squares` (at least four, in priority order);
    /// `parity` has the bit of every quadrant with an odd number of empties.
    #[allow(clippy::too_many_arguments)]
    fn search / search_v3 / search_plain (nodes: &mut u64, p: u64, o: u64, alpha: i32, beta: i32, squares: [u8; MAX_SQUARES], n: usize, parity: u8, passed: bool) -> i32 {
    let mut alpha = alpha;
        if n == 4 {
            let s = by_parity::<4>(&squares, parity);
            return solve_4(nodes, p, o, alpha, beta, s, passed);
        }
        *nodes += 1;
        if let Some(upper) = super::stability_cut(p, o, alpha) {
            return upper;
        }
        let mut best = -INF;
        for odd_first in [true, false] {
            for i in 0..n {
                let sq = squares[i];
                let q = QUADRANT_BIT[sq as usize];
                if (parity & q != 0) != odd_first {
                    continue;
                }
                let f = flips_near(p, o, sq);
                if f == 0 {
                    continue;
                }
                let mut rest = squares;
                for j in i..MAX_SQUARES - 1 {
                    rest[j] = rest[j + 1];
                }
                let score = -search(
                    nodes,
                    o ^ f,
                    p ^ f ^ (1u64 << sq),
                    -beta,
                    -alpha,
                    rest,
                    n - 1,
                    parity ^ q,
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
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -search(nodes, o, p, -beta, -alpha, squares, n, parity, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::square::Square;
    use rand::{RngExt, SeedableRng};

    /// Plain minimax over every move to the end of the game.
    fn minimax(b: Board) -> i32 {
        let moves = b.legal_moves_bits();
        if moves == 0 {
            if b.pass().legal_moves_bits() == 0 {
                return b.final_score();
            }
            return -minimax(b.pass());
        }
        let mut best = -INF;
        let mut m = moves;
        while m != 0 {
            let sq = Square::from_index_unchecked(m.trailing_zeros());
            m &= m - 1;
            best = best.max(-minimax(b.play_unchecked(sq)));
        }
        best
    }

    /// A position `empties` squares from the end, by random play from the start.
    fn random_position(rng: &mut rand::rngs::StdRng, empties: u32) -> Option<Board> {
        let mut b = Board::start();
        while b.empty_count() > empties {
            let moves = b.legal_moves_bits();
            if moves == 0 {
                if b.pass().legal_moves_bits() == 0 {
                    return None;
                }
                b = b.pass();
                continue;
            }
            let k = rng.random_range(0..moves.count_ones());
            let mut m = moves;
            for _ in 0..k {
                m &= m - 1;
            }
            b = b.play_unchecked(Square::from_index_unchecked(m.trailing_zeros()));
        }
        Some(b)
    }

    #[test]
    fn the_shallow_search_agrees_with_minimax_in_every_window() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut checked = 0;
        while checked < 300 {
            let empties = rng.random_range(0..=MAX_SQUARES as u32 - 1);
            let Some(b) = random_position(&mut rng, empties) else {
                continue;
            };
            let exact = minimax(b);
            let mut nodes = 0;
            let (p, o) = (b.player, b.opponent);
            assert_eq!(solve_shallow(&mut nodes, p, o, -INF, INF, false), exact);
            for alpha in [exact - 3, exact - 2, exact - 1, exact, exact + 1, exact + 2] {
                let r = solve_shallow(&mut nodes, p, o, alpha, alpha + 1, false);
                if exact <= alpha {
                    assert!(r <= alpha && r >= exact, "{b:?} {alpha}: {r} vs {exact}");
                } else {
                    assert!(r > alpha && r <= exact, "{b:?} {alpha}: {r} vs {exact}");
                }
            }
            checked += 1;
        }
    }
}
