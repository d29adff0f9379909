//! The opening trainer's rehearsal: the learner plays one side of a named line against the
//! engine, which answers with the line's moves (and, when asked, with the book's side
//! lines). A move off the line is not played: the rehearsal says what the line plays, the
//! book's value of both moves, and the name of the opening the move would lead to.
//!
//! The line is written from f5; the rehearsal follows it in whichever of the four
//! orientations of the start position the game takes (a learner who opens d3 rehearses
//! the same line turned to match).

use super::BOOK_MARGIN;
use super::named::{NamedOpening, embedded};
use crate::engine::book::{self, Book, BookMove};
use crate::engine::{Board, Color, Game, Move, Position, Square, symmetry};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How a rehearsal is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RehearsalSetup {
    /// The line to rehearse.
    pub opening: NamedOpening,
    /// The side the learner plays.
    pub learner: Color,
    /// Whether the engine may answer with the book's other good moves (side lines)
    /// instead of the line's move.
    pub side_lines: bool,
    /// Seeds the engine's choices (orientation, side lines), so a rehearsal can repeat.
    pub seed: u64,
}

impl RehearsalSetup {
    /// The usual setup: the learner plays the side that makes the line's last move
    /// (the move the opening is named for), the engine keeps to the line.
    pub fn new(opening: NamedOpening, seed: u64) -> RehearsalSetup {
        let learner = if opening.moves.len() % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        RehearsalSetup {
            opening,
            learner,
            side_lines: false,
            seed,
        }
    }
}

/// What the book says about a move that left the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    /// The move the learner tried (not played).
    pub played: Square,
    /// The move the line (or, off the named line, the book) plays here.
    pub expected: Square,
    /// The book's value of the expected move for the learner, in discs, if known.
    pub expected_value: Option<i32>,
    /// The book's value of the tried move for the learner, in discs, if it has one.
    pub played_value: Option<i32>,
    /// The named opening the tried move leads to, if any.
    pub leads_to: Option<String>,
}

/// The outcome of the learner's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The line's move (or a book move, off the named line): it is played.
    Right(Square),
    /// Off the line: not played; what the line plays instead.
    Wrong(Miss),
    /// Not a legal move, or not the learner's turn, or the rehearsal is over.
    NotPlayable,
}

/// The engine's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move played.
    pub square: Square,
    /// Whether it left the named line for one of the book's side lines.
    pub side_line: bool,
    /// Its book value for the engine, in discs, if known.
    pub value: Option<i32>,
}

/// A rehearsal in progress.
#[derive(Debug)]
pub struct Rehearsal {
    setup: RehearsalSetup,
    game: Game,
    /// The symmetry that turns the line (written from f5) into this game's moves;
    /// fixed by the first move.
    orientation: Option<usize>,
    /// Whether every move so far followed the named line.
    on_line: bool,
    /// Whether the learner tried a move off the line (or asked to see the move).
    missed: bool,
    rng: StdRng,
}

/// The symmetries that leave the start position unchanged (the four orientations of
/// every opening line).
pub fn start_symmetries() -> Vec<usize> {
    let start = Board::start();
    (0..symmetry::SYMMETRIES)
        .filter(|&s| symmetry::board(&start, s) == start)
        .collect()
}

impl Rehearsal {
    /// A new rehearsal from the start position; when the engine has the first move, it
    /// does not play it until [`Rehearsal::engine_reply`].
    pub fn new(setup: RehearsalSetup) -> Rehearsal {
        let rng = StdRng::seed_from_u64(setup.seed);
        Rehearsal {
            setup,
            game: Game::new(Position::start()),
            orientation: None,
            on_line: true,
            missed: false,
            rng,
        }
    }

    /// The setup.
    pub fn setup(&self) -> &RehearsalSetup {
        &self.setup
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position on the board.
    pub fn position(&self) -> Position {
        self.game.current()
    }

    /// Whether the learner tried a move off the line (or asked to be shown the move).
    pub fn missed(&self) -> bool {
        self.missed
    }

    /// Whether every move so far followed the named line (not a side line).
    pub fn on_line(&self) -> bool {
        self.on_line
    }

    /// Moves played and the line's length.
    pub fn progress(&self) -> (usize, usize) {
        (self.game.len(), self.setup.opening.moves.len())
    }

    /// Whether the rehearsal is over: the line is played to its end, or (after a side
    /// line) the book has nothing more to say.
    pub fn is_finished(&self) -> bool {
        let n = self.game.len();
        if n >= self.setup.opening.moves.len() {
            return true;
        }
        !self.on_line && self.book_moves().is_empty()
    }

    /// Whether the learner is to move (and the rehearsal goes on).
    pub fn learner_to_move(&self) -> bool {
        !self.is_finished() && self.position().to_move == self.setup.learner
    }

    /// The line's next move in this game's orientation, while on the line and once
    /// the orientation is fixed (before the first move, the f5 form).
    fn line_move(&self) -> Option<Square> {
        if !self.on_line {
            return None;
        }
        let sq = *self.setup.opening.moves.get(self.game.len())?;
        Some(symmetry::square(sq, self.orientation.unwrap_or(0)))
    }

    fn book_moves(&self) -> Vec<BookMove> {
        shipped_book().map_or_else(Vec::new, |b| b.lookup(&self.position().board))
    }

    /// The move the learner should play now: the line's move, or off the named line
    /// the book's best (preferring one that stays in the book).
    pub fn expected(&self) -> Option<Square> {
        if self.is_finished() {
            return None;
        }
        if let Some(sq) = self.line_move() {
            return Some(sq);
        }
        let book = shipped_book()?;
        let moves = self.book_moves();
        let board = self.position().board;
        moves
            .iter()
            .find(|m| book.contains(&board.play_unchecked(m.square)))
            .or(moves.first())
            .map(|m| m.square)
    }

    /// Marks the rehearsal missed (the learner asked to see the move) and returns the move.
    pub fn reveal(&mut self) -> Option<Square> {
        let sq = self.expected()?;
        self.missed = true;
        Some(sq)
    }

    fn accepts(&self, sq: Square) -> bool {
        if self.on_line {
            if self.game.is_empty() && self.orientation.is_none() {
                let first = self.setup.opening.moves.first().copied();
                return first.is_some_and(|f| {
                    start_symmetries()
                        .into_iter()
                        .any(|s| symmetry::square(f, s) == sq)
                });
            }
            return self.line_move() == Some(sq);
        }
        // Off the named line: the move the book stays in, or any book move within
        // the book margin of the best.
        if self.expected() == Some(sq) {
            return true;
        }
        let moves = self.book_moves();
        let Some(best) = moves.first() else {
            return false;
        };
        moves
            .iter()
            .any(|m| m.square == sq && best.value - m.value <= BOOK_MARGIN)
    }

    /// The learner's move: played when it is the line's (or a book) move; otherwise
    /// not played, and the miss says what to play.
    pub fn try_move(&mut self, sq: Square) -> Attempt {
        if !self.learner_to_move() || !self.position().legal_moves().contains(sq) {
            return Attempt::NotPlayable;
        }
        if self.accepts(sq) {
            self.play(sq);
            return Attempt::Right(sq);
        }
        self.missed = true;
        let board = self.position().board;
        let moves = self.book_moves();
        let value_of = |s: Square| moves.iter().find(|m| m.square == s).map(BookMove::discs);
        let Some(expected) = self.expected() else {
            return Attempt::NotPlayable;
        };
        Attempt::Wrong(Miss {
            played: sq,
            expected,
            expected_value: value_of(expected),
            played_value: value_of(sq),
            leads_to: embedded()
                .name_of(&board.play_unchecked(sq))
                .map(|o| o.name.clone()),
        })
    }

    fn play(&mut self, sq: Square) {
        if self.orientation.is_none() {
            let first = self.setup.opening.moves.first().copied();
            self.orientation = start_symmetries()
                .into_iter()
                .find(|&s| first.is_some_and(|f| symmetry::square(f, s) == sq));
        }
        if self.on_line && self.line_move() != Some(sq) {
            self.on_line = false;
        }
        // Checked by the callers: a legal move of the side to move.
        let _ = self.game.play(Move::Place(sq));
        // No line passes, but a side line might reach a forced pass.
        if !self.game.current().is_game_over() && self.game.current().must_pass() {
            let _ = self.game.play(Move::Pass);
        }
    }

    /// The engine plays its answer when it is its turn: the line's move, or (with
    /// side lines on, one time in three, when the book has another move within its
    /// margin) a side line; off the named line, a book move within the margin.
    /// `None` when it is not the engine's turn or the rehearsal is over.
    pub fn engine_reply(&mut self) -> Option<Reply> {
        if self.is_finished() || self.position().to_move == self.setup.learner {
            return None;
        }
        let moves = self.book_moves();
        let best = moves.first().map(|m| m.value);
        let close: Vec<BookMove> = moves
            .iter()
            .copied()
            .filter(|m| best.is_some_and(|b| b - m.value <= BOOK_MARGIN))
            .collect();
        let line = if self.game.is_empty() && self.orientation.is_none() {
            // The engine opens: one of the four orientations at random.
            let s = start_symmetries();
            let first = *self.setup.opening.moves.first()?;
            Some(symmetry::square(
                first,
                s[self.rng.random_range(0..s.len())],
            ))
        } else {
            self.line_move()
        };
        let square = match line {
            Some(l) => {
                let others: Vec<&BookMove> = close.iter().filter(|m| m.square != l).collect();
                if self.setup.side_lines && !others.is_empty() && self.rng.random_range(0..3) == 0 {
                    others[self.rng.random_range(0..others.len())].square
                } else {
                    l
                }
            }
            None if !close.is_empty() => close[self.rng.random_range(0..close.len())].square,
            None => return None,
        };
        let side_line = self.on_line && line != Some(square);
        let value = moves.iter().find(|m| m.square == square).map(|m| m.discs());
        self.play(square);
        Some(Reply {
            square,
            side_line,
            value,
        })
    }
}

fn shipped_book() -> Option<&'static Book> {
    book::shipped().ok()
}
