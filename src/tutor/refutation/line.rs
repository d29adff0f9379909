//! A line of moves from a position, every move checked legal on the way: the
//! engine's principal variation as the learner steps through it.

use crate::engine::{Color, Move, Position, Square};

/// Moves from a start position, each legal where it is played (a pass only when it
/// is forced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    start: Position,
    moves: Vec<Move>,
    /// The position before each move, and after the last one.
    boards: Vec<Position>,
}

impl Line {
    /// The longest legal beginning of `pv` (as the engine writes a principal
    /// variation: `None` is a pass) played from `start`.
    ///
    /// ```
    /// use othello_tutor::engine::{Move, Position, Square};
    /// use othello_tutor::tutor::refutation::Line;
    /// let f5 = Square::parse("f5").unwrap();
    /// let a1 = Square::parse("a1").unwrap();
    /// let line = Line::from_pv(Position::start(), &[Some(f5), Some(a1)]);
    /// assert_eq!(line.moves(), &[Move::Place(f5)]); // a1 is not legal: cut there
    /// ```
    pub fn from_pv(start: Position, pv: &[Option<Square>]) -> Line {
        let mut line = Line {
            start,
            moves: Vec::new(),
            boards: vec![start],
        };
        for mv in pv {
            let mv = match mv {
                Some(sq) => Move::Place(*sq),
                None => Move::Pass,
            };
            if !line.push(mv) {
                break;
            }
        }
        line
    }

    /// Plays `mv` at the end of the line if it is legal there; whether it was.
    pub fn push(&mut self, mv: Move) -> bool {
        let last = self.end();
        match last.play(mv) {
            Ok(next) => {
                self.moves.push(mv);
                self.boards.push(next);
                true
            }
            Err(_) => false,
        }
    }

    /// The first `n` moves of the line.
    pub fn truncated(&self, n: usize) -> Line {
        let n = n.min(self.moves.len());
        Line {
            start: self.start,
            moves: self.moves[..n].to_vec(),
            boards: self.boards[..=n].to_vec(),
        }
    }

    /// The position the line starts from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before move `i` (`i` = the number of moves: the end).
    pub fn before(&self, i: usize) -> Position {
        self.boards[i.min(self.moves.len())]
    }

    /// The position after move `i`.
    pub fn after(&self, i: usize) -> Position {
        self.before(i + 1)
    }

    /// The ply at which `color` plays `square` in the line, if it does.
    pub fn ply_of(&self, square: Square, color: Color) -> Option<usize> {
        (0..self.moves.len())
            .find(|&i| self.moves[i] == Move::Place(square) && self.before(i).to_move == color)
    }

    /// The position at the end of the line.
    pub fn end(&self) -> Position {
        self.boards[self.moves.len()]
    }

    /// The moves as text: "b2 a1 c1".
    pub fn text(&self) -> String {
        self.moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
