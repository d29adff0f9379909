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
#[inline(always)]
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
    // Diagonals: a diagonal is full unless an empty square lies on it, so the empty
    // squares are spread along each diagonal both ways (three doubling steps a way)
    // and what they reach is not full.
    let empty = !occupied;
    let full_d9 = occupied & !(spread_up(empty, 9, NOT_A) | spread_down(empty, 9, NOT_H));
    let full_d7 = occupied & !(spread_up(empty, 7, NOT_H) | spread_down(empty, 7, NOT_A));
    [full_h, full_v, full_d9, full_d7]
}

/// `from` spread towards higher indices by steps of `shift`, any number of steps
/// (`into`: the squares a step may land on without wrapping round the board).
#[inline(always)]
pub(crate) fn spread_up(from: u64, shift: u32, into: u64) -> u64 {
    let mut f = from;
    let mut m = into;
    f |= m & (f << shift);
    m &= m << shift;
    f |= m & (f << (2 * shift));
    m &= m << (2 * shift);
    f |= m & (f << (4 * shift));
    f
}

/// `from` spread towards lower indices by steps of `shift` (see `spread_up`).
#[inline(always)]
pub(crate) fn spread_down(from: u64, shift: u32, into: u64) -> u64 {
    let mut f = from;
    let mut m = into;
    f |= m & (f >> shift);
    m &= m >> shift;
    f |= m & (f >> (2 * shift));
    m &= m >> (2 * shift);
    f |= m & (f >> (4 * shift));
    f
}

/// Bit masks of the rays leaving each square, per direction.
/// Directions 0..4 go to higher indices (E, SW, S, SE); 4..8 to lower ones (W, NE, N, NW).
/// Each square's eight masks fill one 64-byte line, so that the vector `flips` loads
/// each half in one go.
#[repr(C, align(64))]
struct Rays([[u64; 8]; 64]);

static RAYS: Rays = Rays(build_rays());

const fn build_rays() -> [[u64; 8]; 64] {
    // (dcol, drow) for E, SW, S, SE (index increases by 1, 7, 8, 9), then the opposites.
    let dirs: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = dirs[d];
            let mut c = (sq % 8) as i32 + dc;
            let mut r = (sq / 8) as i32 + dr;
            let mut mask = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                mask |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `board::flips` ray by ray.
#[inline(always)]
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
pub(crate) fn flips_scalar(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS.0[sq];
    let mut f = 0u64;
    // Rays towards higher indices: the first non-opponent square is the lowest set bit.
    for mask in &rays[..4] {
        let x = !o & mask;
        let outflank = x & x.wrapping_neg() & p;
        f |= outflank.wrapping_sub((outflank != 0) as u64) & mask;
    }
    // Rays towards lower indices: the first non-opponent square is the highest set bit.
    for mask in &rays[4..] {
        let x = !o & mask;
        let outflank = (0x8000_0000_0000_0000u64 >> (x | 1).leading_zeros()) & p & mask;
        f |= (outflank << 1).wrapping_neg() & mask;
    }
    f
}

/// `board::flips` with the four rays of each half in one AVX2 register: towards higher
/// indices the first non-opponent square is the lowest set bit (`x & -x`); towards
/// lower indices the non-opponent squares are smeared down the ray (steps of 1, 2 and
/// 4 squares), so that the highest of them is the one whose upper neighbour on the ray
/// is not smeared, and the opponent's run above it is the rest of the ray.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn flips_avx2(p: u64, o: u64, sq: usize) -> u64 {
    use std::arch::x86_64::*;
    let rays = &RAYS.0[sq & 63];
    // SAFETY: AVX2 is enabled at compile time (the cfg above); the two loads read the
    // 32-byte halves of a 64-byte aligned row of `RAYS`.
    unsafe {
        let up = _mm256_load_si256(rays.as_ptr().cast());
        let down = _mm256_load_si256(rays.as_ptr().add(4).cast());
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_set1_epi64x(o as i64);
        let zero = _mm256_setzero_si256();
        // The index steps of the directions, in the order of `RAYS`.
        let step = _mm256_set_epi64x(9, 8, 7, 1);
        let x = _mm256_andnot_si256(oo, up);
        let first = _mm256_and_si256(x, _mm256_sub_epi64(zero, x));
        let run = _mm256_and_si256(_mm256_add_epi64(first, _mm256_set1_epi64x(-1)), up);
        let bracketed = _mm256_cmpeq_epi64(_mm256_and_si256(first, pp), zero);
        let f_up = _mm256_andnot_si256(bracketed, run);
        let x = _mm256_andnot_si256(oo, down);
        let mut smear = _mm256_or_si256(x, _mm256_srlv_epi64(x, step));
        smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, _mm256_slli_epi64(step, 1)));
        smear = _mm256_or_si256(smear, _mm256_srlv_epi64(smear, _mm256_slli_epi64(step, 2)));
        smear = _mm256_and_si256(smear, down);
        let first = _mm256_andnot_si256(_mm256_srlv_epi64(smear, step), smear);
        let run = _mm256_andnot_si256(smear, down);
        let bracketed = _mm256_cmpeq_epi64(_mm256_and_si256(first, pp), zero);
        let f_down = _mm256_andnot_si256(bracketed, run);
        let f = _mm256_or_si256(f_up, f_down);
        let h = _mm_or_si128(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1));
        let h = _mm_or_si128(h, _mm_unpackhi_epi64(h, h));
        _mm_cvtsi128_si64(h) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator of random bitboards from `seed`.
    fn xorshift(mut s: u64) -> impl FnMut() -> u64 {
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn vector_flips_match_the_ray_by_ray_flips() {
        // The vector flips need AVX2: on a CPU without it there is nothing to compare
        // (the program then runs the ray-by-ray flips alone).
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for _ in 0..200_000 {
            let (a, b, c, d) = (next(), next(), next(), next());
            let sq = (next() % 64) as usize;
            let bit = 1u64 << sq;
            // Boards from sparse to nearly full, so that long runs come up too.
            let p = a & (b | c) & !bit;
            let o = !a & (c | d) & !bit;
            // SAFETY: the CPU has AVX2 (checked above).
            assert_eq!(
                unsafe { flips_avx2(p, o, sq) },
                flips_scalar(p, o, sq),
                "{p:#x} {o:#x} {sq}"
            );
        }
    }

    /// Square by square: the squares of each of the four lines through `sq`.
    fn line_through(sq: usize, (dc, dr): (i32, i32)) -> u64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut line = 1u64 << sq;
        for sign in [-1, 1] {
            let (mut x, mut y) = (c + sign * dc, r + sign * dr);
            while (0..8).contains(&x) && (0..8).contains(&y) {
                line |= 1u64 << (y * 8 + x);
                x += sign * dc;
                y += sign * dr;
            }
        }
        line
    }

    #[test]
    fn full_lines_match_a_square_by_square_check() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        // Row, column, a1-h8 diagonal, h1-a8 diagonal, as full_lines returns them.
        let axes = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        for k in 0..20_000 {
            // From nearly empty to a single empty square, and the full board.
            let occupied = match k % 4 {
                0 => next() & next(),
                1 => next() | next(),
                2 => !(1u64 << (next() % 64)) & !(1u64 << (next() % 64)),
                _ => !(next() & next() & next()) | if k % 40 == 3 { u64::MAX } else { 0 },
            };
            let got = full_lines(occupied);
            for (axis, &dir) in axes.iter().enumerate() {
                let mut expected = 0u64;
                for sq in 0..64 {
                    let line = line_through(sq, dir);
                    if line & !occupied == 0 {
                        expected |= 1u64 << sq;
                    }
                }
                assert_eq!(got[axis], expected, "{occupied:#x} axis {axis}");
            }
        }
    }
}
