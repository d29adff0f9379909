//! The three phases of a game, by the empty squares on the board: the one place
//! their boundaries are written. Every record of the coach keeps the empties of its
//! position, and its phase is read from them here.
//!
//! ```
//! use othello_tutor::tutor::coach::Phase;
//! assert_eq!(Phase::of_empties(60), Phase::Opening);
//! assert_eq!(Phase::of_empties(41), Phase::Opening);
//! assert_eq!(Phase::of_empties(40), Phase::Midgame);
//! assert_eq!(Phase::of_empties(21), Phase::Midgame);
//! assert_eq!(Phase::of_empties(20), Phase::Endgame);
//! ```

use std::fmt;

/// The fewest empty squares of an opening position: the first 19 moves of a game
/// from the initial position are its opening.
pub const OPENING_MIN_EMPTIES: u32 = 41;
/// The most empty squares of an endgame position: the last 20 moves, where the
/// course's parity and exact counting apply.
pub const ENDGAME_MAX_EMPTIES: u32 = 20;

/// A phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// At least [`OPENING_MIN_EMPTIES`] empty squares.
    Opening,
    /// Between the opening and the endgame.
    Midgame,
    /// At most [`ENDGAME_MAX_EMPTIES`] empty squares.
    Endgame,
}

impl Phase {
    /// Every phase, in the order of a game.
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Midgame, Phase::Endgame];

    /// The phase of a position with `empties` empty squares (the position a move is
    /// played from, a puzzle's or a lesson step's position).
    pub const fn of_empties(empties: u32) -> Phase {
        if empties >= OPENING_MIN_EMPTIES {
            Phase::Opening
        } else if empties > ENDGAME_MAX_EMPTIES {
            Phase::Midgame
        } else {
            Phase::Endgame
        }
    }

    /// The phase's name ("opening", "midgame", "endgame").
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Midgame => "midgame",
            Phase::Endgame => "endgame",
        }
    }

    /// The phase's name for a heading ("Opening").
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Opening => "Opening",
            Phase::Midgame => "Midgame",
            Phase::Endgame => "Endgame",
        }
    }

    /// Its place in [`Phase::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Phase::Opening => 0,
            Phase::Midgame => 1,
            Phase::Endgame => 2,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
