//! Canonical forms: the rules do not change under translation or under the
//! eight symmetries of the square, so positions that differ only by those
//! share one canonical form and one hash (for the transposition table).

use super::board::Board;
use super::cell::{Cell, Color, PotentialMove};

/// One of the eight symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `(x, y)`.
    Identity,
    /// Quarter turn anticlockwise: `(−y, x)`.
    Rotate90,
    /// Half turn: `(−x, −y)`.
    Rotate180,
    /// Quarter turn clockwise: `(y, −x)`.
    Rotate270,
    /// Mirror in the vertical axis: `(−x, y)`.
    MirrorX,
    /// Mirror in the horizontal axis: `(x, −y)`.
    MirrorY,
    /// Mirror in the diagonal: `(y, x)`.
    Diagonal,
    /// Mirror in the anti-diagonal: `(−y, −x)`.
    AntiDiagonal,
}

impl Symmetry {
    /// All eight symmetries.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorX,
        Symmetry::MirrorY,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The image of `c`.
    pub fn apply(self, c: Cell) -> Cell {
        let (x, y) = (c.x, c.y);
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (-y, x),
            Symmetry::Rotate180 => (-x, -y),
            Symmetry::Rotate270 => (y, -x),
            Symmetry::MirrorX => (-x, y),
            Symmetry::MirrorY => (x, -y),
            Symmetry::Diagonal => (y, x),
            Symmetry::AntiDiagonal => (-y, -x),
        };
        Cell { x, y }
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }
}

/// A map from board coordinates to canonical coordinates: apply the
/// symmetry, then subtract `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The symmetry applied first.
    pub symmetry: Symmetry,
    /// Subtracted after the symmetry, so that the smallest x and y are 0.
    pub offset: Cell,
}

impl Frame {
    /// Board cell → canonical cell.
    pub fn to_canonical(self, c: Cell) -> Cell {
        let t = self.symmetry.apply(c);
        Cell::new(t.x - self.offset.x, t.y - self.offset.y)
    }

    /// Canonical cell → board cell.
    pub fn from_canonical(self, c: Cell) -> Cell {
        self.symmetry
            .inverse()
            .apply(Cell::new(c.x + self.offset.x, c.y + self.offset.y))
    }

    /// A move in board coordinates → the same move in canonical coordinates.
    pub fn move_to_canonical(self, mv: PotentialMove) -> PotentialMove {
        match mv {
            PotentialMove::Place(c) => PotentialMove::Place(self.to_canonical(c)),
            PotentialMove::Step { from, to } => PotentialMove::Step {
                from: self.to_canonical(from),
                to: self.to_canonical(to),
            },
        }
    }

    /// A move in canonical coordinates → the same move in board coordinates.
    pub fn move_from_canonical(self, mv: PotentialMove) -> PotentialMove {
        match mv {
            PotentialMove::Place(c) => PotentialMove::Place(self.from_canonical(c)),
            PotentialMove::Step { from, to } => PotentialMove::Step {
                from: self.from_canonical(from),
                to: self.from_canonical(to),
            },
        }
    }
}

/// A 64-bit mixer (the SplitMix64 finaliser).
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn piece_hash(c: Cell, color: Color) -> u64 {
    mix64(((c.x as u16 as u64) << 17) | ((c.y as u16 as u64) << 1) | color.index() as u64)
}

fn offset_for(board: &Board, s: Symmetry) -> Cell {
    let mut lo = Cell::new(i16::MAX, i16::MAX);
    for (c, _) in board.pieces() {
        let t = s.apply(c);
        lo.x = lo.x.min(t.x);
        lo.y = lo.y.min(t.y);
    }
    lo
}

/// The hash of the pieces, the same for every translation and symmetry of
/// them, with the frame that maps this board onto the canonical image.
/// (An order-free sum of mixed cell codes over each of the eight
/// normalised images; the smallest sum wins.)
pub fn canonical_hash(board: &Board) -> (u64, Frame) {
    let mut best = (
        u64::MAX,
        Frame {
            symmetry: Symmetry::Identity,
            offset: Cell::ORIGIN,
        },
    );
    if board.is_empty() {
        return (0, best.1);
    }
    for s in Symmetry::ALL {
        let offset = offset_for(board, s);
        let frame = Frame {
            symmetry: s,
            offset,
        };
        let h = board.pieces().fold(0u64, |acc, (c, col)| {
            acc.wrapping_add(piece_hash(frame.to_canonical(c), col))
        });
        if h < best.0 {
            best = (h, frame);
        }
    }
    best
}

/// The canonical form itself: the sorted piece list of the smallest of the
/// eight normalised images (smallest x and y are 0). Two boards have the same
/// canonical pieces iff they differ by a translation and a symmetry.
pub fn canonical_pieces(board: &Board) -> Vec<(Cell, Color)> {
    let mut best: Option<Vec<(Cell, Color)>> = None;
    for s in Symmetry::ALL {
        let frame = Frame {
            symmetry: s,
            offset: offset_for(board, s),
        };
        let mut image: Vec<(Cell, Color)> = board
            .pieces()
            .map(|(c, col)| (frame.to_canonical(c), col))
            .collect();
        image.sort();
        if best.as_ref().is_none_or(|b| image < *b) {
            best = Some(image);
        }
    }
    best.unwrap_or_default()
}
