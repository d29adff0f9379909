//! Cells of the unbounded grid, the two colors, and the neighbour relation.

use std::fmt;
use std::str::FromStr;

/// A point of the unbounded grid. The first White piece stands at `(0, 0)`;
/// `x` grows to the right and `y` grows upwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, signed.
    pub x: i16,
    /// Row, signed, upwards.
    pub y: i16,
}

/// The eight king-move offsets: the four direct ones (sharing a side) first,
/// then the four oblique ones (sharing a corner only).
pub const NEIGHBOUR_OFFSETS: [(i16, i16); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// How two cells touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// Not neighbours (or the same cell).
    None,
    /// They share a side.
    Direct,
    /// They share a corner only.
    Oblique,
}

impl Cell {
    /// The centre, where White's first piece goes.
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    /// The cell at `(x, y)`.
    pub const fn new(x: i16, y: i16) -> Cell {
        Cell { x, y }
    }

    /// This cell shifted by `(dx, dy)`.
    pub const fn offset(self, dx: i16, dy: i16) -> Cell {
        Cell {
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// The eight neighbours, direct ones first.
    pub fn neighbours(self) -> [Cell; 8] {
        NEIGHBOUR_OFFSETS.map(|(dx, dy)| self.offset(dx, dy))
    }

    /// How `self` and `other` touch.
    pub fn adjacency(self, other: Cell) -> Adjacency {
        let dx = (i32::from(self.x) - i32::from(other.x)).abs();
        let dy = (i32::from(self.y) - i32::from(other.y)).abs();
        match (dx, dy) {
            (1, 0) | (0, 1) => Adjacency::Direct,
            (1, 1) => Adjacency::Oblique,
            _ => Adjacency::None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Why a piece of text is not a cell or a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The text is not of the form `x,y` with two signed integers.
    #[error("`{0}` is not a cell: expected `x,y` with signed integers, e.g. `-1,2`")]
    BadCell(String),
    /// The text is neither `x,y` nor `x,y-x,y`.
    #[error("`{0}` is not a move: expected `x,y` (placement) or `x,y-x,y` (move)")]
    BadMove(String),
}

impl FromStr for Cell {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Cell, ParseError> {
        let bad = || ParseError::BadCell(s.to_string());
        let (x, y) = s.trim().split_once(',').ok_or_else(bad)?;
        let x = x.trim().parse::<i16>().map_err(|_| bad())?;
        let y = y.trim().parse::<i16>().map_err(|_| bad())?;
        Ok(Cell { x, y })
    }
}

/// One of the two sides. White places first and moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that opens both phases.
    #[default]
    White,
    /// The second side.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as used in game records.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// 0 for White, 1 for Black (for tables indexed by color).
    pub const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A move of either phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PotentialMove {
    /// Phase 1: put a piece from the hand on an empty cell. Written `x,y`.
    Place(Cell),
    /// Phase 2: lift the piece on `from` and put it on `to`. Written `x,y-x,y`.
    Step {
        /// The cell the piece leaves.
        from: Cell,
        /// The cell the piece lands on.
        to: Cell,
    },
}

impl PotentialMove {
    /// The cell a piece lands on.
    pub fn target(self) -> Cell {
        match self {
            PotentialMove::Place(c) => c,
            PotentialMove::Step { to, .. } => to,
        }
    }

    /// The cell a piece leaves, for a phase-2 move.
    pub fn origin(self) -> Option<Cell> {
        match self {
            PotentialMove::Place(_) => None,
            PotentialMove::Step { from, .. } => Some(from),
        }
    }
}

impl fmt::Display for PotentialMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PotentialMove::Place(c) => write!(f, "{c}"),
            PotentialMove::Step { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

impl FromStr for PotentialMove {
    type Err = ParseError;

    /// Parses `x,y` or `x,y-x,y`. The separating `-` is the first one that
    /// follows a digit, so negative coordinates need no brackets:
    /// `-1,-1--2,-1` is the move from `(-1,-1)` to `(-2,-1)`.
    fn from_str(s: &str) -> Result<PotentialMove, ParseError> {
        let text = s.trim();
        let bad = || ParseError::BadMove(s.to_string());
        let bytes = text.as_bytes();
        let split = (1..bytes.len()).find(|&i| bytes[i] == b'-' && bytes[i - 1].is_ascii_digit());
        match split {
            None => text
                .parse::<Cell>()
                .map(PotentialMove::Place)
                .map_err(|_| bad()),
            Some(i) => {
                let from = text[..i].parse::<Cell>().map_err(|_| bad())?;
                let to = text[i + 1..].parse::<Cell>().map_err(|_| bad())?;
                Ok(PotentialMove::Step { from, to })
            }
        }
    }
}
