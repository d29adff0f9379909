//! A game in progress: the position, the moves so far, undo, and the game
//! record.
//!
//! # Record format
//!
//! One line per move, in order: the mover's letter (`W` or `B`), a space,
//! and the move, `x,y` for a placement or `x,y-x,y` for a phase-2 move
//! (coordinates are signed; the first White piece is on `0,0`; `y` grows
//! upwards). A run appears as consecutive lines of the same letter. A
//! finished record ends with the result line: `White +k`, `Black +k` or
//! `Draw`. Example:
//!
//! ```text
//! W 0,0
//! B 1,0
//! W 0,1
//! B 1,-1
//! ...
//! W -1,1-2,2
//! Black +3
//! ```

use super::cell::{Color, PotentialMove};
use super::error::{IllegalMove, PotentialError};
use super::position::{GameResult, Position};

/// A game: the starting position, the moves played, and the current
/// position, with undo.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<(Color, PotentialMove)>,
}

impl Game {
    /// A new game with `pieces_per_side` pieces per side.
    pub fn new(pieces_per_side: usize) -> Result<Game, PotentialError> {
        Ok(Game::from_position(Position::new(pieces_per_side)?))
    }

    /// A game that starts from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` always holds the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The moves played so far, with their movers.
    pub fn moves(&self) -> &[(Color, PotentialMove)] {
        &self.moves
    }

    /// The last move played, with its mover.
    pub fn last_move(&self) -> Option<(Color, PotentialMove)> {
        self.moves.last().copied()
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: PotentialMove) -> Result<(), IllegalMove> {
        let mut next = self.position().clone();
        let mover = next.to_move();
        next.play(mv)?;
        self.positions.push(next);
        self.moves.push((mover, mv));
        Ok(())
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.moves.pop();
        self.positions.pop();
        true
    }

    /// The final result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.position().result()
    }

    /// The game record (see the module documentation), with the result line
    /// when the game is over.
    pub fn record(&self) -> String {
        let mut out = String::new();
        for (color, mv) in &self.moves {
            out.push(color.letter());
            out.push(' ');
            out.push_str(&mv.to_string());
            out.push('\n');
        }
        if let Some(r) = self.result() {
            out.push_str(&r.to_string());
            out.push('\n');
        }
        out
    }

    /// Replays a record (see the module documentation) from the start of a
    /// game with `pieces_per_side` pieces per side, checking every move and
    /// the result line if there is one.
    pub fn from_record(pieces_per_side: usize, record: &str) -> Result<Game, PotentialError> {
        let mut game = Game::new(pieces_per_side)?;
        for (i, raw) in record.lines().enumerate() {
            let line = raw.trim();
            let bad = |reason: String| PotentialError::BadRecord {
                line: i + 1,
                reason,
            };
            if line.is_empty() {
                continue;
            }
            if let Some(r) = game.result() {
                if line == r.to_string() {
                    continue;
                }
                return Err(bad(format!(
                    "the game ended {r}, but the record says `{line}`"
                )));
            }
            let (side, mv) = line
                .split_once(' ')
                .ok_or_else(|| bad(format!("expected `W move` or `B move`, got `{line}`")))?;
            let to_move = game.position().to_move();
            if side != to_move.letter().to_string() {
                return Err(bad(format!(
                    "it is {to_move}'s move, but the line is for `{side}`"
                )));
            }
            let mv: PotentialMove = mv.parse()?;
            game.play(mv).map_err(|e| bad(format!("{mv}: {e}")))?;
        }
        Ok(game)
    }
}
