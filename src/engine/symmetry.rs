//! The eight symmetries of the board (the dihedral group of the square) on bitboards,
//! and the canonical orientation of a position.
//!
//! Symmetry `s` (0..8) is built from three reflections: bit 2 transposes (a1-h8
//! diagonal) first, then bit 0 flips the rows (row 1 ↔ row 8), then bit 1 mirrors the
//! columns (column a ↔ column h).

use super::board::Board;
use super::square::Square;

/// Number of symmetries.
pub const SYMMETRIES: usize = 8;

/// Row 1 ↔ row 8.
#[inline]
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Column a ↔ column h.
#[inline]
pub const fn mirror_horizontal(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((b & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Reflection in the a1-h8 diagonal (b1 ↔ a2).
#[inline]
pub const fn transpose(mut b: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The image of the bitboard `b` under symmetry `s` (0..8).
#[inline]
pub const fn apply(b: u64, s: usize) -> u64 {
    let b = if s & 4 != 0 { transpose(b) } else { b };
    let b = if s & 1 != 0 { flip_vertical(b) } else { b };
    if s & 2 != 0 { mirror_horizontal(b) } else { b }
}

/// The square index `sq` (0..64) moved by symmetry `s`.
#[inline]
pub const fn apply_square(sq: usize, s: usize) -> usize {
    apply(1u64 << sq, s).trailing_zeros() as usize
}

/// The square `sq` moved by symmetry `s`.
#[inline]
pub const fn square(sq: Square, s: usize) -> Square {
    Square::from_index_unchecked(apply_square(sq.index(), s) as u32)
}

/// The symmetry that undoes `s`.
#[inline]
pub const fn inverse(s: usize) -> usize {
    // Transpose first, then reflections: undoing reverses the order, and a transpose
    // after a flip is a transpose before the other flip.
    if s & 4 != 0 {
        let (v, h) = (s & 1, (s >> 1) & 1);
        4 | (v << 1) | h
    } else {
        s
    }
}

/// The image of `board` under symmetry `s`.
#[inline]
pub const fn board(board: &Board, s: usize) -> Board {
    Board {
        player: apply(board.player, s),
        opponent: apply(board.opponent, s),
    }
}

/// The canonical orientation of `board`: of its eight images, the one with the smallest
/// (player, opponent) bits, and the symmetry that gives it. Images of one position have
/// the same canonical form.
///
/// ```
/// use othello_tutor::engine::{Board, Square, symmetry};
/// let start = Board::start();
/// let f5 = start.play(Square::parse("f5").unwrap()).unwrap();
/// let d3 = start.play(Square::parse("d3").unwrap()).unwrap();
/// assert_eq!(symmetry::canonical(&f5).0, symmetry::canonical(&d3).0);
/// ```
pub fn canonical(b: &Board) -> (Board, usize) {
    let mut best = *b;
    let mut best_s = 0;
    for s in 1..SYMMETRIES {
        let image = board(b, s);
        if (image.player, image.opponent) < (best.player, best.opponent) {
            best = image;
            best_s = s;
        }
    }
    (best, best_s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow reference: move every square by its coordinates.
    fn slow(b: u64, s: usize) -> u64 {
        let mut out = 0;
        for sq in 0..64 {
            if b >> sq & 1 == 0 {
                continue;
            }
            let (mut c, mut r) = (sq % 8, sq / 8);
            if s & 4 != 0 {
                std::mem::swap(&mut c, &mut r);
            }
            if s & 1 != 0 {
                r = 7 - r;
            }
            if s & 2 != 0 {
                c = 7 - c;
            }
            out |= 1u64 << (r * 8 + c);
        }
        out
    }

    #[test]
    fn bit_tricks_agree_with_coordinates() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for s in 0..SYMMETRIES {
                assert_eq!(apply(x, s), slow(x, s), "symmetry {s}");
            }
        }
        // b1 (bit 1) goes to a2 (bit 8) under the transpose.
        assert_eq!(transpose(1 << 1), 1 << 8);
    }

    #[test]
    fn inverse_undoes() {
        let b = 0x0123_4567_89AB_CDEFu64;
        for s in 0..SYMMETRIES {
            assert_eq!(apply(apply(b, s), inverse(s)), b, "symmetry {s}");
        }
    }

    #[test]
    fn eight_distinct_images() {
        // An asymmetric set: a1, b1, c1, a2.
        let b = 0b111 | (1 << 8);
        let mut images: Vec<u64> = (0..SYMMETRIES).map(|s| apply(b, s)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }
}
