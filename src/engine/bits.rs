//! Bitboard constants and shifts shared by the engine's modules.

/// Every square but column a.
pub const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but column h.
pub const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Column a.
pub const COL_A: u64 = 0x0101_0101_0101_0101;
/// Column h.
pub const COL_H: u64 = 0x8080_8080_8080_8080;
/// Row 1.
pub const ROW_1: u64 = 0x0000_0000_0000_00FF;
/// Row 8.
pub const ROW_8: u64 = 0xFF00_0000_0000_0000;
/// The four edges.
pub const EDGES: u64 = COL_A | COL_H | ROW_1 | ROW_8;
/// The four corners a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The X-squares b2, g2, b7, g7 (diagonally next to a corner).
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The C-squares a2, b1, g1, h2, a7, b8, g8, h7 (next to a corner along an edge).
pub const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The quadrants a1-d4, e1-h4, a5-d8, e5-h8 (used for parity).
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The square next to each corner, diagonally (X) and along the edges (C), per corner
/// in the order a1, h1, a8, h8.
pub const CORNER_NEIGHBOURS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
];

/// Squares (occupied or not) next to at least one square of `bits`, by king moves.
#[inline]
pub fn neighbours(bits: u64) -> u64 {
    let h = ((bits << 1) & NOT_A) | ((bits >> 1) & NOT_H);
    let row = bits | h;
    h | (row << 8) | (row >> 8)
}

/// Squares whose line in one direction pair (given by `shift` and the columns to mask)
/// is completely occupied, for the four axes: returns (horizontal, vertical, a1-h8
/// diagonal, h1-a8 diagonal).
pub fn full_lines(occupied: u64) -> [u64; 4] {
    // Rows.
    let mut h = occupied;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let full_h = (h & COL_A).wrapping_mul(0xFF);
    // Columns.
    let mut v = occupied;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let full_v = (v & ROW_1).wrapping_mul(COL_A);
    // Diagonals, by filling towards each end.
    let full_d9 = ray_full(occupied, 9, NOT_A, ROW_1 | COL_A)
        & ray_full_down(occupied, 9, NOT_H, ROW_8 | COL_H);
    let full_d7 = ray_full(occupied, 7, NOT_H, ROW_1 | COL_H)
        & ray_full_down(occupied, 7, NOT_A, ROW_8 | COL_A);
    [full_h, full_v, full_d9, full_d7]
}

/// Occupied squares whose ray towards lower indices (step `shift`) is all occupied.
#[inline]
fn ray_full(occ: u64, shift: u32, wrap_mask: u64, boundary: u64) -> u64 {
    let mut f = occ & boundary;
    for _ in 0..7 {
        f |= occ & (f << shift) & wrap_mask;
    }
    f
}

/// Occupied squares whose ray towards higher indices (step `shift`) is all occupied.
#[inline]
fn ray_full_down(occ: u64, shift: u32, wrap_mask: u64, boundary: u64) -> u64 {
    let mut f = occ & boundary;
    for _ in 0..7 {
        f |= occ & (f >> shift) & wrap_mask;
    }
    f
}
