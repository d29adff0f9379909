//! The pattern families and how a position's configurations become table indices.
//!
//! A configuration of `n` squares is a base-3 number: digit `i` is the state of the
//! family's `i`-th square (0 empty, 1 the side to move's, 2 the opponent's). Every
//! family is read on the board turned by each of its symmetries, so all its instances
//! share one table; the fast readers below work on rows and diagonals of the turned
//! bitboards, and `SQUARES` lists the same squares for the slow reference in the tests.

use super::super::symmetry;

/// The pattern families, in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// An edge with its two X-squares: a1..h1, b2, g2.
    EdgeX,
    /// Row 2 (a2..h2) and its images.
    Row2,
    /// Row 3.
    Row3,
    /// Row 4.
    Row4,
    /// The corner's 3×3 block: a1 b1 c1 / a2 b2 c2 / a3 b3 c3.
    Corner3x3,
    /// The corner's 2×5 block: a1..e1 / a2..e2.
    Corner2x5,
    /// The long diagonal a1..h8.
    Diag8,
    /// The diagonal b1..h7 (seven squares).
    Diag7,
    /// The diagonal c1..h6.
    Diag6,
    /// The diagonal d1..h5.
    Diag5,
    /// The diagonal e1..h4.
    Diag4,
}

/// Every family, in table order.
pub const FAMILIES: [Family; 11] = [
    Family::EdgeX,
    Family::Row2,
    Family::Row3,
    Family::Row4,
    Family::Corner3x3,
    Family::Corner2x5,
    Family::Diag8,
    Family::Diag7,
    Family::Diag6,
    Family::Diag5,
    Family::Diag4,
];

/// Number of pattern instances on a board (all families, all symmetric images).
pub const INSTANCES: usize = 46;

impl Family {
    /// Squares in the configuration.
    #[allow(clippy::len_without_is_empty)] // a pattern always has squares
    pub const fn len(self) -> usize {
        match self {
            Family::EdgeX => 10,
            Family::Row2 | Family::Row3 | Family::Row4 | Family::Diag8 => 8,
            Family::Corner3x3 => 9,
            Family::Corner2x5 => 10,
            Family::Diag7 => 7,
            Family::Diag6 => 6,
            Family::Diag5 => 5,
            Family::Diag4 => 4,
        }
    }

    /// Number of configurations: 3 to the power of `len`.
    pub const fn size(self) -> usize {
        3usize.pow(self.len() as u32)
    }

    /// The symmetries whose images are this family's instances.
    pub const fn symmetries(self) -> &'static [usize] {
        match self {
            Family::EdgeX | Family::Row2 | Family::Row3 | Family::Row4 => &[0, 1, 4, 5],
            Family::Corner3x3 => &[0, 1, 2, 3],
            Family::Corner2x5 => &[0, 1, 2, 3, 4, 5, 6, 7],
            Family::Diag8 => &[0, 2],
            Family::Diag7 | Family::Diag6 | Family::Diag5 | Family::Diag4 => &[0, 4, 2, 1],
        }
    }

    /// The base instance's squares, digit by digit (square index, a1 = 0, h8 = 63).
    pub fn squares(self) -> Vec<usize> {
        match self {
            Family::EdgeX => vec![0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
            Family::Row2 => (8..16).collect(),
            Family::Row3 => (16..24).collect(),
            Family::Row4 => (24..32).collect(),
            Family::Corner3x3 => vec![0, 1, 2, 8, 9, 10, 16, 17, 18],
            Family::Corner2x5 => vec![0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
            Family::Diag8 => (0..8).map(|r| r * 9).collect(),
            Family::Diag7 => diagonal(1),
            Family::Diag6 => diagonal(2),
            Family::Diag5 => diagonal(3),
            Family::Diag4 => diagonal(4),
        }
    }

    /// The digit permutation that maps the base instance onto itself (its own
    /// symmetry), if any: configurations related by it share one weight.
    pub fn self_symmetry(self) -> Option<Vec<usize>> {
        match self {
            Family::EdgeX => Some(vec![7, 6, 5, 4, 3, 2, 1, 0, 9, 8]),
            Family::Corner3x3 => Some(vec![0, 3, 6, 1, 4, 7, 2, 5, 8]),
            Family::Corner2x5 => None,
            f => Some((0..f.len()).rev().collect()),
        }
    }
}

fn diagonal(k: usize) -> Vec<usize> {
    (0..8 - k).map(|r| r * 8 + r + k).collect()
}

/// `TERNARY[x]`: the bits of `x` (up to 10) read as base-3 digits 0/1.
static TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut x = 0;
    while x < 1024 {
        let (mut v, mut p, mut b) = (0u16, 1u16, 0);
        while b < 10 {
            if x >> b & 1 != 0 {
                v += p;
            }
            p *= 3;
            b += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

#[inline]
fn tern(pb: u64, ob: u64) -> u32 {
    TERNARY[pb as usize] as u32 + 2 * TERNARY[ob as usize] as u32
}

const DIAG_MUL: u64 = 0x0101_0101_0101_0101;

#[inline]
fn diag_bits(b: u64, k: u32) -> u64 {
    let mask =
        (0x8040_2010_0804_0201u64 << k) & !(0x0101_0101_0101_0101u64.wrapping_mul((1 << k) - 1));
    ((b & mask).wrapping_mul(DIAG_MUL) >> 56) >> k
}

/// The configuration of `family`'s base instance on the (turned) board `p`, `o`.
#[inline]
pub fn read(family: Family, p: u64, o: u64) -> u32 {
    match family {
        Family::EdgeX => {
            let f = |b: u64| (b & 0xFF) | ((b >> 1) & 0x100) | ((b >> 5) & 0x200);
            tern(f(p), f(o))
        }
        Family::Row2 => tern((p >> 8) & 0xFF, (o >> 8) & 0xFF),
        Family::Row3 => tern((p >> 16) & 0xFF, (o >> 16) & 0xFF),
        Family::Row4 => tern((p >> 24) & 0xFF, (o >> 24) & 0xFF),
        Family::Corner3x3 => {
            let f = |b: u64| (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0);
            tern(f(p), f(o))
        }
        Family::Corner2x5 => {
            let f = |b: u64| (b & 0x1F) | ((b >> 3) & 0x3E0);
            tern(f(p), f(o))
        }
        Family::Diag8 => tern(diag_bits(p, 0), diag_bits(o, 0)),
        Family::Diag7 => tern(diag_bits(p, 1), diag_bits(o, 1)),
        Family::Diag6 => tern(diag_bits(p, 2), diag_bits(o, 2)),
        Family::Diag5 => tern(diag_bits(p, 3), diag_bits(o, 3)),
        Family::Diag4 => tern(diag_bits(p, 4), diag_bits(o, 4)),
    }
}

/// Every instance's configuration of the position (`p` to move, `o` the opponent), in
/// table order: family by family, each family's symmetries in `Family::symmetries`
/// order. Each entry is `(family number, configuration)`.
#[inline]
pub fn read_all(p: u64, o: u64, out: &mut [(u8, u32); INSTANCES]) {
    let mut turned = [(0u64, 0u64); symmetry::SYMMETRIES];
    for (s, t) in turned.iter_mut().enumerate() {
        *t = (symmetry::apply(p, s), symmetry::apply(o, s));
    }
    let mut n = 0;
    for (f, &family) in FAMILIES.iter().enumerate() {
        for &s in family.symmetries() {
            let (tp, to) = turned[s];
            out[n] = (f as u8, read(family, tp, to));
            n += 1;
        }
    }
}

/// The sum of `table[offsets[f] + configuration]` over every instance of every family
/// `f` (the same instances as `read_all`, unrolled for the search's hot path).
#[inline(always)]
pub fn sum_all(p: u64, o: u64, table: &[i16], offsets: &[usize; FAMILIES.len()]) -> i32 {
    let turn = |b: u64| {
        let t = symmetry::transpose(b);
        let h = symmetry::mirror_horizontal(b);
        let th = symmetry::mirror_horizontal(t);
        [
            b,
            b.swap_bytes(),
            h,
            h.swap_bytes(),
            t,
            t.swap_bytes(),
            th,
            th.swap_bytes(),
        ]
    };
    let (ps, os) = (turn(p), turn(o));
    let mut total = 0i32;
    macro_rules! family {
        ($f:expr, [$($s:expr),*]) => {
            $( total += table[offsets[$f as usize] + read($f, ps[$s], os[$s]) as usize] as i32; )*
        };
    }
    family!(Family::EdgeX, [0, 1, 4, 5]);
    family!(Family::Row2, [0, 1, 4, 5]);
    family!(Family::Row3, [0, 1, 4, 5]);
    family!(Family::Row4, [0, 1, 4, 5]);
    family!(Family::Corner3x3, [0, 1, 2, 3]);
    family!(Family::Corner2x5, [0, 1, 2, 3, 4, 5, 6, 7]);
    family!(Family::Diag8, [0, 2]);
    family!(Family::Diag7, [0, 4, 2, 1]);
    family!(Family::Diag6, [0, 4, 2, 1]);
    family!(Family::Diag5, [0, 4, 2, 1]);
    family!(Family::Diag4, [0, 4, 2, 1]);
    total
}

/// The slow reference reader: the configuration of `family`'s instance under symmetry
/// `s`, square by square.
pub fn read_slow(family: Family, s: usize, p: u64, o: u64) -> u32 {
    let inv = symmetry::inverse(s);
    let mut index = 0u32;
    for &sq in family.squares().iter().rev() {
        let real = symmetry::apply_square(sq, inv);
        let cell = if p >> real & 1 != 0 {
            1
        } else if o >> real & 1 != 0 {
            2
        } else {
            0
        };
        index = index * 3 + cell;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_count() {
        let n: usize = FAMILIES.iter().map(|f| f.symmetries().len()).sum();
        assert_eq!(n, INSTANCES);
        for f in FAMILIES {
            assert_eq!(f.squares().len(), f.len(), "{f:?}");
        }
    }

    #[test]
    fn fast_readers_agree_with_square_by_square() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..300 {
            let a = next();
            let b = next() & !a;
            let mut out = [(0u8, 0u32); INSTANCES];
            read_all(a, b, &mut out);
            let mut n = 0;
            for family in FAMILIES {
                for &s in family.symmetries() {
                    assert_eq!(out[n].1, read_slow(family, s, a, b), "{family:?} sym {s}");
                    n += 1;
                }
            }
        }
    }

    #[test]
    fn instances_cover_distinct_squares() {
        // Each family's instances are distinct square sets.
        for family in FAMILIES {
            let mut sets: Vec<u64> = family
                .symmetries()
                .iter()
                .map(|&s| {
                    let inv = symmetry::inverse(s);
                    family
                        .squares()
                        .iter()
                        .map(|&sq| 1u64 << symmetry::apply_square(sq, inv))
                        .fold(0, |a, b| a | b)
                })
                .collect();
            sets.sort();
            sets.dedup();
            assert_eq!(sets.len(), family.symmetries().len(), "{family:?}");
        }
    }
}
