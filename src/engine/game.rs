//! A game record: a start position and the moves played from it, passes included.

use super::board::{Move, MoveError, Position};

/// A game: where it started and every move since, with passes written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    current: Position,
}

impl Game {
    /// A game with no moves yet, from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            current: start,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The moves played so far, passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the last move.
    pub fn current(&self) -> Position {
        self.current
    }

    /// Number of moves played (passes included).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.current = self.current.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a placement, first passing for the side to move when it has no move
    /// (the implied pass of transcripts).
    pub fn play_with_implied_pass(&mut self, mv: Move) -> Result<(), MoveError> {
        if matches!(mv, Move::Place(_)) && self.current.must_pass() {
            self.play(Move::Pass)?;
        }
        self.play(mv)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.current = self.position_at(self.moves.len());
        Some(mv)
    }

    /// The position after the first `n` moves (clamped to the game's length).
    pub fn position_at(&self, n: usize) -> Position {
        let mut pos = self.start;
        for mv in &self.moves[..n.min(self.moves.len())] {
            pos = match *mv {
                Move::Place(sq) => pos.play_unchecked(sq),
                Move::Pass => pos.pass(),
            };
        }
        pos
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        out.push(pos);
        for mv in &self.moves {
            pos = match *mv {
                Move::Place(sq) => pos.play_unchecked(sq),
                Move::Pass => pos.pass(),
            };
            out.push(pos);
        }
        out
    }

    /// The number shown for the move at `index` (0-based): 1 for the first move from
    /// the initial position; a game from a later position goes on from the discs on
    /// its board (a start with 14 discs: its first move is move 11); passes count.
    ///
    /// ```
    /// use othello_tutor::engine::notation::parse_transcript;
    /// use othello_tutor::engine::Game;
    /// let game = parse_transcript("f5d6c3").expect("legal");
    /// assert_eq!(game.move_number(0), 1);
    /// let later = Game::new(game.current());
    /// assert_eq!(later.move_number(0), 4);
    /// ```
    pub fn move_number(&self, index: usize) -> usize {
        (61 - self.start.board.empty_count().min(60)) as usize + index
    }

    /// Cuts the game back to its first `n` moves.
    pub fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
        self.current = self.position_at(n);
    }
}
