//! The pieces on the field: which cell holds which color.
//!
//! The field is unbounded, but the pieces always form one connected group of
//! at most [`MAX_PIECES`] pieces, so the group and its ring of neighbours span
//! fewer than 64 columns and 64 rows. The board therefore keeps a 64 × 64
//! torus of piece indices (cell `(x, y)` lives in slot `(x mod 64, y mod 64)`)
//! and checks every hit against the piece's true cell, which makes lookups
//! O(1) without ever re-centring.

use super::cell::{Cell, Color, NEIGHBOUR_OFFSETS};
use super::error::PotentialError;

/// The most pieces a board holds: 25 per side.
pub const MAX_PIECES: usize = 50;

const SIDE: usize = 64;
const EMPTY: u8 = u8::MAX;

fn slot(c: Cell) -> usize {
    ((c.y as usize & (SIDE - 1)) << 6) | (c.x as usize & (SIDE - 1))
}

/// The pieces on the field, with O(1) lookup by cell.
#[derive(Clone)]
pub struct Board {
    grid: [u8; SIDE * SIDE],
    cells: [Cell; MAX_PIECES],
    colors: [Color; MAX_PIECES],
    len: usize,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.pieces()).finish()
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they hold the same pieces on the same cells
    /// (piece order does not matter).
    fn eq(&self, other: &Board) -> bool {
        self.len == other.len && self.pieces().all(|(c, col)| other.piece_at(c) == Some(col))
    }
}

impl Eq for Board {}

impl Board {
    /// An empty field.
    pub fn new() -> Board {
        Board {
            grid: [EMPTY; SIDE * SIDE],
            cells: [Cell::ORIGIN; MAX_PIECES],
            colors: [Color::White; MAX_PIECES],
            len: 0,
        }
    }

    /// A board holding `pieces`, which must stand on distinct cells and form
    /// one group (at most [`MAX_PIECES`]).
    pub fn from_pieces(pieces: &[(Cell, Color)]) -> Result<Board, PotentialError> {
        let bad = |s: String| Err(PotentialError::BadSetup(s));
        if pieces.len() > MAX_PIECES {
            return bad(format!("more than {MAX_PIECES} pieces"));
        }
        let mut board = Board::new();
        for &(cell, color) in pieces {
            if board.is_occupied(cell) {
                return bad(format!("two pieces on {cell}"));
            }
            if !board.can_hold(cell) {
                return bad(format!("{cell} is too far from the other pieces"));
            }
            board.add(cell, color);
        }
        if !board.is_connected() {
            return bad("the pieces do not form one group".to_string());
        }
        Ok(board)
    }

    /// Number of pieces on the field.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no piece has been placed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The piece index on `cell`, if any.
    #[inline]
    pub(crate) fn index_at(&self, cell: Cell) -> Option<usize> {
        let i = self.grid[slot(cell)];
        if i != EMPTY && self.cells[i as usize] == cell {
            Some(i as usize)
        } else {
            None
        }
    }

    /// True when `cell` holds a piece.
    #[inline]
    pub fn is_occupied(&self, cell: Cell) -> bool {
        self.index_at(cell).is_some()
    }

    /// The color of the piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Color> {
        self.index_at(cell).map(|i| self.colors[i])
    }

    /// Cell of piece number `i` (`i < len()`); piece numbers follow placement order.
    #[inline]
    pub(crate) fn cell_of(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// Color of piece number `i`.
    #[inline]
    pub(crate) fn color_of(&self, i: usize) -> Color {
        self.colors[i]
    }

    /// Every piece with its color, in placement order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Color)> + '_ {
        (0..self.len).map(|i| (self.cells[i], self.colors[i]))
    }

    /// Number of pieces of `color` on the field.
    pub fn count(&self, color: Color) -> usize {
        self.colors[..self.len]
            .iter()
            .filter(|&&c| c == color)
            .count()
    }

    /// `(t, d)` for `cell`: how many of its neighbours are occupied, and how
    /// many of those are direct, ignoring the piece on `excluding` if given.
    pub fn neighbour_counts(&self, cell: Cell, excluding: Option<Cell>) -> (u8, u8) {
        let mut t = 0;
        let mut d = 0;
        for (k, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
            let n = cell.offset(dx, dy);
            if Some(n) != excluding && self.is_occupied(n) {
                t += 1;
                if k < 4 {
                    d += 1;
                }
            }
        }
        (t, d)
    }

    /// The potential of the position: `5·E + D`, where `E` counts adjacent
    /// pairs and `D` counts directly adjacent pairs.
    pub fn potential(&self) -> u32 {
        let mut total = 0u32;
        for i in 0..self.len {
            let (t, d) = self.neighbour_counts(self.cells[i], None);
            total += 5 * u32::from(t) + u32::from(d);
        }
        total / 2
    }

    /// The smallest box holding every piece, as (lower-left, upper-right).
    pub fn bounding_box(&self) -> Option<(Cell, Cell)> {
        let mut it = self.cells[..self.len].iter();
        let first = *it.next()?;
        let (mut lo, mut hi) = (first, first);
        for c in it {
            lo.x = lo.x.min(c.x);
            lo.y = lo.y.min(c.y);
            hi.x = hi.x.max(c.x);
            hi.y = hi.y.max(c.y);
        }
        Some((lo, hi))
    }

    /// True when the pieces form one group under king-move adjacency
    /// (an empty board counts as connected).
    pub fn is_connected(&self) -> bool {
        if self.len == 0 {
            return true;
        }
        let mut seen = [false; MAX_PIECES];
        let mut stack = vec![0usize];
        seen[0] = true;
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            for n in self.cells[i].neighbours() {
                if let Some(j) = self.index_at(n)
                    && !seen[j]
                {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        reached == self.len
    }

    /// Whether `cell` could take a new piece without clashing with the
    /// storage: it is empty and its slot is free.
    pub(crate) fn can_hold(&self, cell: Cell) -> bool {
        self.len < MAX_PIECES && self.grid[slot(cell)] == EMPTY
    }

    /// Puts a new piece on `cell` with no rule check. The caller makes sure
    /// the cell is free ([`Board::can_hold`]).
    pub(crate) fn add(&mut self, cell: Cell, color: Color) {
        debug_assert!(self.can_hold(cell));
        self.grid[slot(cell)] = self.len as u8;
        self.cells[self.len] = cell;
        self.colors[self.len] = color;
        self.len += 1;
    }

    /// Takes back the most recently added piece.
    pub(crate) fn remove_last(&mut self) {
        debug_assert!(self.len > 0);
        self.len -= 1;
        self.grid[slot(self.cells[self.len])] = EMPTY;
    }

    /// Moves the piece on `from` to `to` with no rule check.
    pub(crate) fn relocate(&mut self, from: Cell, to: Cell) {
        let i = self.grid[slot(from)];
        debug_assert!(i != EMPTY && self.cells[i as usize] == from);
        debug_assert!(self.grid[slot(to)] == EMPTY);
        self.grid[slot(from)] = EMPTY;
        self.grid[slot(to)] = i;
        self.cells[i as usize] = to;
    }
}
