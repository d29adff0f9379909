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
    neighbours, spread_down, spread_up,
};
use super::board::{Board, flips, legal_moves};
use crate::engine::cpu_dispatch::cpu_dispatch;

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

cpu_dispatch! {
    /// Discs of `own` that can never be flipped (a sound lower bound of the stable discs).
    ///
    /// A disc is counted stable when, on each of the four lines through it (row, column,
    /// two diagonals), the line is completely filled, or the next square on one side is
    /// off the board or already counted stable with the same colour. Starting from no disc
    /// and growing to a fixpoint, this finds corners, filled lines and the stability that
    /// spreads from them; every disc it counts is truly unflippable.
    pub fn stable_discs / stable_discs_v3 / stable_discs_plain (own: u64, opp: u64) -> u64 {
        let occupied = own | opp;
        // Without a corner of its own, a side's first stable disc needs a full row or
        // column through it (an edge disc needs its full edge, an inner disc all four of
        // its lines full), so without one there is none at all.
        if own & CORNERS == 0 && !has_full_row_or_column(occupied) {
            return 0;
        }
        let [fh, fv, fd9, fd7] = full_lines(occupied);
        // Squares with no neighbour on one side of each axis.
        let wall_h = COL_A | COL_H;
        let wall_v = ROW_1 | ROW_8;
        let wall_d = wall_h | wall_v;
        // Start from the runs of own discs along an edge from an own corner (each is
        // stable, and the growth below would find them one square a step).
        let corners = own & CORNERS;
        let on_rows = own & (ROW_1 | ROW_8);
        let on_cols = own & (COL_A | COL_H);
        let mut stable = corners
            | spread_up(corners & COL_A, 1, on_rows & NOT_A)
            | spread_down(corners & COL_H, 1, on_rows & NOT_H)
            | spread_up(corners & ROW_1, 8, on_cols)
            | spread_down(corners & ROW_8, 8, on_cols);
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
}

/// Whether some row or column is completely occupied.
#[inline]
fn has_full_row_or_column(occupied: u64) -> bool {
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    (h & COL_A) != 0 || (v & ROW_1) != 0
}

/// For each 8-bit edge pattern of one side: whether it is an unbalanced run (one
/// contiguous run that takes exactly one C-square and no corner).
static UNBALANCED_RUN: [bool; 256] = {
    let mut t = [false; 256];
    let mut m = 1usize;
    while m < 256 {
        let corners = m & 0x81 != 0;
        let run = m >> m.trailing_zeros();
        let contiguous = run & (run + 1) == 0;
        let c1 = m & 0x02 != 0;
        let c2 = m & 0x40 != 0;
        t[m] = !corners && contiguous && c1 != c2;
        m += 1;
    }
    t
};

/// The four edges of a bitboard as 8-bit patterns (row 1, row 8, column a, column h;
/// the columns' bit order is reversed, which no edge test here depends on).
#[inline]
fn edge_patterns(b: u64) -> [usize; 4] {
    const MAGIC: u64 = 0x0102_0408_1020_4080;
    [
        (b & 0xFF) as usize,
        (b >> 56) as usize,
        ((b & COL_A).wrapping_mul(MAGIC) >> 56) as usize,
        (((b >> 7) & COL_A).wrapping_mul(MAGIC) >> 56) as usize,
    ]
}

/// Edges where `own` has an unbalanced edge: its discs on the edge form one run that
/// takes exactly one C-square, both corners are empty, and `opp` has no disc on that
/// edge (a run of five such as b1–f1 is the classic case). Returns the number of edges.
#[inline]
pub fn unbalanced_edges(own: u64, opp: u64) -> u32 {
    let mine = edge_patterns(own);
    let theirs = edge_patterns(opp);
    (0..4)
        .filter(|&i| theirs[i] == 0 && UNBALANCED_RUN[mine[i]])
        .count() as u32
}

/// Edge gaps the owner of `p` can play: legal moves on an edge square (not a corner)
/// whose two neighbours along that edge are opposing discs *before* the move. This is
/// the evaluator's cheap count of wedge chances; whether a move there is a wedge once
/// played (its flips included) is [`is_wedge`], the one definition the tutor shows.
#[inline]
pub fn wedge_moves(p: u64, o: u64) -> u64 {
    let rows = (o << 1) & (o >> 1) & (ROW_1 | ROW_8);
    let cols = (o << 8) & (o >> 8) & (COL_A | COL_H);
    let gaps = (rows | cols) & !CORNERS & !(p | o);
    if gaps == 0 {
        return 0;
    }
    legal_moves(p, o) & gaps
}

/// The two neighbours of the edge square `bit` along its edge; 0 for a corner or a
/// square off the edges.
#[inline]
fn along_edge(bit: u64) -> u64 {
    if bit & CORNERS != 0 {
        0
    } else if bit & (ROW_1 | ROW_8) != 0 {
        (bit << 1) | (bit >> 1)
    } else if bit & (COL_A | COL_H) != 0 {
        (bit << 8) | (bit >> 8)
    } else {
        0
    }
}

/// Whether the owner of `p` playing square `sq` (0 = a1 … 63 = h8) makes a wedge: a
/// legal move on an edge square, not a corner, after which both of the new disc's
/// neighbours along that edge are still the opponent's. It is judged on the board
/// *after* the move, flips included: a move that flips one of those neighbours (a4
/// played beside a white a3 that it flanks against a black a2) is not a wedge.
#[inline]
pub fn is_wedge(p: u64, o: u64, sq: usize) -> bool {
    let bit = 1u64 << sq;
    let along = along_edge(bit);
    if along == 0 || (p | o) & bit != 0 {
        return false;
    }
    let flipped = flips(p, o, sq);
    flipped != 0 && o & !flipped & along == along
}

/// The wedge moves of the owner of `p`: every legal move for which [`is_wedge`] holds.
pub fn wedges(p: u64, o: u64) -> u64 {
    let mut out = 0;
    let mut left = wedge_moves(p, o);
    while left != 0 {
        let sq = left.trailing_zeros() as usize;
        if is_wedge(p, o, sq) {
            out |= 1 << sq;
        }
        left &= left - 1;
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
