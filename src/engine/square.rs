//! Squares of the board: `a1 = 0 … h8 = 63`, rows 1–8 top to bottom, columns a–h.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares. Bit `i` of a bitboard is square `i`,
/// `i = 8 * (row - 1) + column`, so a1 = 0, h1 = 7, a2 = 8, h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square (expected a column a-h and a row 1-8, like f5)")]
pub struct SquareParseError {
    /// The text that was offered.
    pub text: String,
}

impl Square {
    /// a1, the top-left corner.
    pub const A1: Square = Square(0);
    /// h1, the top-right corner.
    pub const H1: Square = Square(7);
    /// a8, the bottom-left corner.
    pub const A8: Square = Square(56);
    /// h8, the bottom-right corner.
    pub const H8: Square = Square(63);
    /// The four corners.
    pub const CORNERS: [Square; 4] = [Square::A1, Square::H1, Square::A8, Square::H8];

    /// The square with index `i` (0..64), or `None`.
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    /// The square at a column (0 = a) and row (0 = row 1), or `None` when off the board.
    pub const fn from_coords(col: i32, row: i32) -> Option<Square> {
        if col >= 0 && col < 8 && row >= 0 && row < 8 {
            Some(Square((row * 8 + col) as u8))
        } else {
            None
        }
    }

    /// The square of index `i`; the caller guarantees `i < 64`.
    #[inline]
    pub const fn from_index_unchecked(i: u32) -> Square {
        debug_assert!(i < 64);
        Square(i as u8)
    }

    /// Index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Column 0..8 (0 = a).
    #[inline]
    pub const fn col(self) -> i32 {
        (self.0 % 8) as i32
    }

    /// Row 0..8 (0 = row 1, the top row).
    #[inline]
    pub const fn row(self) -> i32 {
        (self.0 / 8) as i32
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The lowercase name, such as `f5`.
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Reads a square name, case-insensitive (`F5` and `f5` are the same square).
    pub fn parse(text: &str) -> Result<Square, SquareParseError> {
        let err = || SquareParseError {
            text: text.to_string(),
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let col = bytes[0].to_ascii_lowercase();
        let row = bytes[1];
        if !(b'a'..=b'h').contains(&col) || !(b'1'..=b'8').contains(&row) {
            return Err(err());
        }
        Ok(Square((row - b'1') * 8 + (col - b'a')))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = (b'a' + self.0 % 8) as char;
        let row = (b'1' + self.0 / 8) as char;
        write!(f, "{col}{row}")
    }
}

impl FromStr for Square {
    type Err = SquareParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

/// A set of squares as a bitboard, iterable in index order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        SquareSet(iter.into_iter().fold(0, |acc, sq| acc | sq.bit()))
    }
}

/// Iterator over the squares of a bitboard, lowest index first.
#[derive(Clone, Debug)]
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}
