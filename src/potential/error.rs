//! Typed errors: bad settings, bad set-ups and illegal moves.

use super::cell::{Cell, Color, ParseError};

/// A setting or input that the game cannot accept. `Display` is a one-line
/// reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PotentialError {
    /// Pieces per side must be between 3 and 25.
    #[error("pieces per side must be between 3 and 25, got {0}")]
    PiecesOutOfRange(usize),
    /// The AI level is not one of `random`, `greedy`, `search`.
    #[error("unknown level `{0}`: expected random, greedy or search")]
    UnknownLevel(String),
    /// A position given piece by piece breaks a rule of the set-up.
    #[error("bad position: {0}")]
    BadSetup(String),
    /// A game record line could not be read.
    #[error("record line {line}: {reason}")]
    BadRecord {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The computer player chose an illegal move (a bug, reported rather
    /// than panicking).
    #[error("internal error: {0}")]
    EngineFault(String),
    /// A move text could not be parsed.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// Why a move is not legal in the current position. `Display` explains it in
/// a sentence fit for the status line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A placement was offered after every piece is on the field.
    #[error("all pieces are placed: move a piece instead")]
    NotPlacing,
    /// A move was offered while pieces are still being placed.
    #[error("pieces are still being placed: place one next to the group")]
    StillPlacing,
    /// The first piece of the game goes on the centre.
    #[error("the first piece goes on the centre, 0,0")]
    NotCentre,
    /// The target cell already holds a piece.
    #[error("{0} is taken")]
    Occupied(Cell),
    /// A placement must touch the group.
    #[error("{0} touches no piece: place next to the group")]
    Detached(Cell),
    /// No piece stands on the origin of the move.
    #[error("there is no piece on {0}")]
    NoPiece(Cell),
    /// The piece belongs to the other side (or is frozen during a run).
    #[error("the piece on {cell} is {owner}'s, and it is {to_move}'s turn")]
    NotYours {
        /// The origin of the move.
        cell: Cell,
        /// Whose piece it is.
        owner: Color,
        /// Whose turn it is.
        to_move: Color,
    },
    /// Lifting the piece would split the group.
    #[error("the piece on {0} is bound: lifting it would split the group")]
    Bound(Cell),
    /// The piece's only neighbour is one oblique neighbour.
    #[error("the piece on {0} has no potential left (one corner neighbour only)")]
    NoPotential(Cell),
    /// The piece would land with no neighbour at all.
    #[error("{0} would leave the piece on its own")]
    Isolated(Cell),
    /// The target does not lower the piece's potential.
    #[error(
        "{to} gives {to_t} neighbours ({to_d} direct), not fewer than {from_t} ({from_d} direct) now"
    )]
    NotLower {
        /// The target cell.
        to: Cell,
        /// Neighbours the piece has now.
        from_t: u8,
        /// Direct neighbours it has now.
        from_d: u8,
        /// Neighbours it would have at the target.
        to_t: u8,
        /// Direct neighbours it would have at the target.
        to_d: u8,
    },
}
