//! Named, explainable features of a position, computed with bitboard operations.
//!
//! Each feature is what the strategy texts talk about: mobility, potential mobility,
//! frontier discs, corners, X- and C-squares next to an empty corner, stable discs,
//! edge structure (anchors, unbalanced edges, wedges), parity of the empty regions,
//! and the disc count.
//!
//! **Parity regions.** A region is a maximal set of empty squares connected through
//! king-move adjacency (sides and corners). A region is *odd* when it holds an odd
//! number of squares; the side that moves last in an odd region usually gains there.

use super::bits::{
    COL_A, COL_H, CORNER_NEIGHBOURS, CORNERS, EDGES, NOT_A, NOT_H, ROW_1, ROW_8, full_lines,
    neighbours,
};
use super::board::{Board, flips, legal_moves};

/// Number of legal moves of the owner of `p`.
#[inline]
pub fn mobility(p: u64, o: u64) -> u32 {
    legal_moves(p, o).count_ones()
}

/// Potential mobility of the owner of `p`: empty squares next to an opposing disc.
#[inline]
pub fn potential_mobility(p: u64, o: u64) -> u32 {
    (neighbours(o) & !(p | o)).count_ones()
}

/// Frontier discs of `discs`: those next to at least one empty square.
#[inline]
pub fn frontier_discs(discs: u64, empty: u64) -> u64 {
    discs & neighbours(empty)
}

/// Corners held by `discs`.
#[inline]
pub fn corners(discs: u64) -> u64 {
    discs & CORNERS
}

/// X-squares (b2, g2, b7, g7) held by `discs` whose corner is empty.
#[inline]
pub fn risky_x_squares(discs: u64, empty: u64) -> u64 {
    let mut out = 0;
    for (corner, x, _) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            out |= discs & x;
        }
    }
    out
}

/// C-squares (a2, b1, g1, h2, a7, b8, g8, h7) held by `discs` whose corner is empty.
#[inline]
pub fn risky_c_squares(discs: u64, empty: u64) -> u64 {
    let mut out = 0;
    for (corner, _, c) in CORNER_NEIGHBOURS {
        if empty & corner != 0 {
            out |= discs & c;
        }
    }
    out
}

/// Discs of `own` that can never be flipped (a sound lower bound of the stable discs).
///
/// A disc is counted stable when, on each of the four lines through it (row, column,
/// two diagonals), the line is completely filled, or the next square on one side is
/// off the board or already counted stable with the same colour. Starting from no disc
/// and growing to a fixpoint, this finds corners, filled lines and the stability that
/// spreads from them; every disc it counts is truly unflippable.
pub fn stable_discs(own: u64, opp: u64) -> u64 {
    let [fh, fv, fd9, fd7] = full_lines(own | opp);
    // Squares with no neighbour on one side of each axis.
    let wall_h = COL_A | COL_H;
    let wall_v = ROW_1 | ROW_8;
    let wall_d = wall_h | wall_v;
    let mut stable = 0u64;
    loop {
        let h = fh | wall_h | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = fv | wall_v | (stable << 8) | (stable >> 8);
        let d9 = fd9 | wall_d | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let d7 = fd7 | wall_d | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = own & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The eight squares of each edge, as (mask, squares in order along the edge).
const EDGE_LINES: [[u8; 8]; 4] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [56, 57, 58, 59, 60, 61, 62, 63],
    [0, 8, 16, 24, 32, 40, 48, 56],
    [7, 15, 23, 31, 39, 47, 55, 63],
];

/// Edges where `own` has an unbalanced edge: its discs on the edge form one run that
/// takes exactly one C-square, both corners are empty, and `opp` has no disc on that
/// edge (a run of five such as b1–f1 is the classic case). Returns the number of edges.
pub fn unbalanced_edges(own: u64, opp: u64) -> u32 {
    let mut n = 0;
    for line in EDGE_LINES {
        let bit = |i: usize| 1u64 << line[i];
        let mine: u32 = (0..8)
            .filter(|&i| own & bit(i) != 0)
            .fold(0, |m, i| m | 1 << i);
        let theirs = (0..8).any(|i| opp & bit(i) != 0);
        if theirs || mine & 0x81 != 0 || mine == 0 {
            continue;
        }
        // One contiguous run?
        let run = mine >> mine.trailing_zeros();
        if run & (run + 1) != 0 {
            continue;
        }
        let c1 = mine & 0x02 != 0;
        let c2 = mine & 0x40 != 0;
        if c1 != c2 {
            n += 1;
        }
    }
    n
}

/// Wedge moves of the owner of `p`: legal moves on an edge square (not a corner) whose
/// two neighbours along that edge are both opposing discs.
pub fn wedge_moves(p: u64, o: u64) -> u64 {
    let moves = legal_moves(p, o) & EDGES & !CORNERS;
    let mut out = 0;
    for line in EDGE_LINES {
        for i in 1..7 {
            let sq = 1u64 << line[i];
            if moves & sq != 0 && o & (1u64 << line[i - 1]) != 0 && o & (1u64 << line[i + 1]) != 0 {
                out |= sq;
            }
        }
    }
    out
}

/// Edge anchors of `own`: its stable discs on the edges, corners included.
#[inline]
pub fn edge_anchors(own: u64, opp: u64) -> u64 {
    stable_discs(own, opp) & EDGES
}

/// The empty regions (king-move connected groups of empty squares), largest first.
pub fn empty_regions(empty: u64) -> Vec<u64> {
    let mut regions = Vec::new();
    let mut left = empty;
    while left != 0 {
        let mut region = left & left.wrapping_neg();
        loop {
            let grown = (region | neighbours(region)) & empty;
            if grown == region {
                break;
            }
            region = grown;
        }
        regions.push(region);
        left &= !region;
    }
    regions.sort_by_key(|r| std::cmp::Reverse(r.count_ones()));
    regions
}

/// The number of empty regions and how many of them are odd, without allocating.
pub fn region_counts(empty: u64) -> (u32, u32) {
    let (mut regions, mut odd) = (0, 0);
    let mut left = empty;
    while left != 0 {
        let mut region = left & left.wrapping_neg();
        loop {
            let grown = (region | neighbours(region)) & empty;
            if grown == region {
                break;
            }
            region = grown;
        }
        regions += 1;
        odd += region.count_ones() & 1;
        left &= !region;
    }
    (regions, odd)
}

/// The empty region that contains the square `sq`, or 0 if `sq` is not empty.
pub fn region_of(empty: u64, sq: u64) -> u64 {
    if empty & sq == 0 {
        return 0;
    }
    let mut region = sq;
    loop {
        let grown = (region | neighbours(region)) & empty;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The features of one side of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Legal moves.
    pub mobility: u32,
    /// Empty squares next to an opposing disc.
    pub potential_mobility: u32,
    /// Own discs next to an empty square.
    pub frontier: u32,
    /// Corners held.
    pub corners: u32,
    /// X-squares held next to an empty corner.
    pub x_squares: u32,
    /// C-squares held next to an empty corner.
    pub c_squares: u32,
    /// Discs that can never be flipped.
    pub stable: u32,
    /// Stable discs on the edges.
    pub edge_anchors: u32,
    /// Unbalanced edges.
    pub unbalanced_edges: u32,
    /// Wedge moves available.
    pub wedges: u32,
    /// Discs on the board.
    pub discs: u32,
}

impl SideFeatures {
    /// The features of the owner of `own` against `opp`.
    pub fn of(own: u64, opp: u64) -> SideFeatures {
        let empty = !(own | opp);
        let stable = stable_discs(own, opp);
        SideFeatures {
            mobility: mobility(own, opp),
            potential_mobility: potential_mobility(own, opp),
            frontier: frontier_discs(own, empty).count_ones(),
            corners: corners(own).count_ones(),
            x_squares: risky_x_squares(own, empty).count_ones(),
            c_squares: risky_c_squares(own, empty).count_ones(),
            stable: stable.count_ones(),
            edge_anchors: (stable & EDGES).count_ones(),
            unbalanced_edges: unbalanced_edges(own, opp),
            wedges: wedge_moves(own, opp).count_ones(),
            discs: own.count_ones(),
        }
    }
}

/// The features of both sides of a board, and of its empty squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// The side to move.
    pub player: SideFeatures,
    /// The other side.
    pub opponent: SideFeatures,
    /// Number of empty squares.
    pub empties: u32,
    /// Number of empty regions.
    pub regions: u32,
    /// Number of empty regions with an odd number of squares.
    pub odd_regions: u32,
}

impl Features {
    /// Computes every feature of `board`.
    pub fn of(board: &Board) -> Features {
        let empty = board.empty();
        let (regions, odd_regions) = region_counts(empty);
        Features {
            player: SideFeatures::of(board.player, board.opponent),
            opponent: SideFeatures::of(board.opponent, board.player),
            empties: empty.count_ones(),
            regions,
            odd_regions,
        }
    }
}

/// The discs a move on `sq` flips that were frontier discs before the move
/// (a "quiet" move flips none, or few, of them).
pub fn frontier_flips(board: &Board, sq: u64) -> u64 {
    let f = flips(board.player, board.opponent, sq.trailing_zeros() as usize);
    f & neighbours(board.empty() & !sq)
}
