//! A practice game: who plays each colour, the moves with undo and redo, the feedback
//! on every learner move, passes, resignation, the summary and the post-game review,
//! saving and loading. No terminal code; the screen drives it.

use super::feedback::{Feedback, Grade};
use crate::engine::notation::{self, GgfGame, NotationError};
use crate::engine::players::Strategy;
use crate::engine::{Color, Game, Move, MoveError, Position, Square};

/// Who sits on one side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at the keyboard.
    Human,
    /// The computer, playing a strategy.
    Computer(Strategy),
}

impl Seat {
    /// The seat a saved game's player name stands for: "You" for the learner, a
    /// strategy's name for the computer.
    pub fn from_name(name: &str) -> Option<Seat> {
        if name.trim() == "You" {
            return Some(Seat::Human);
        }
        Strategy::from_name(name).map(Seat::Computer)
    }

    /// A name for the panel and saved games.
    pub fn name(self) -> String {
        match self {
            Seat::Human => "You".into(),
            Seat::Computer(s) => s.name(),
        }
    }
}

/// How a practice game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Black's seat.
    pub black: Seat,
    /// White's seat.
    pub white: Seat,
    /// Where the game starts.
    pub start: Position,
    /// How the start was chosen, for the panel ("initial position", an opening…).
    pub start_name: String,
    /// Moves played from `start` before the game begins, part of its record (a
    /// pasted transcript): the game then carries the line's opening name everywhere.
    pub line: Vec<Move>,
    /// Whether the learner's moves are graded as they are played.
    pub feedback: bool,
}

impl Setup {
    /// The learner plays `color` against `opponent` from the initial position, with feedback.
    pub fn against(color: Color, opponent: Strategy) -> Setup {
        let (black, white) = match color {
            Color::Black => (Seat::Human, Seat::Computer(opponent)),
            Color::White => (Seat::Computer(opponent), Seat::Human),
        };
        Setup {
            black,
            white,
            start: Position::start(),
            start_name: "the initial position".into(),
            line: Vec::new(),
            feedback: true,
        }
    }

    /// The seat of `color`.
    pub fn seat(&self, color: Color) -> Seat {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Practice {
    setup: Setup,
    game: Game,
    /// Moves taken back, the next to replay last, each with the grade it had.
    redo: Vec<(Move, Option<Feedback>)>,
    feedback: Vec<Option<Feedback>>,
    resigned: Option<Color>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Black's discs with the empty squares given to the winner.
    pub black: u32,
    /// White's discs with the empty squares given to the winner.
    pub white: u32,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// The side that resigned, if one did.
    pub resigned: Option<Color>,
}

impl Summary {
    /// One line such as "White wins 44-20" or "Black resigned; White wins".
    pub fn line(&self) -> String {
        match (self.resigned, self.winner) {
            (Some(r), _) => format!("{r} resigned: {} wins.", r.opposite()),
            (None, Some(w)) => {
                let (a, b) = match w {
                    Color::Black => (self.black, self.white),
                    Color::White => (self.white, self.black),
                };
                format!(
                    "{w} wins {a}-{b} (Black {} - {} White).",
                    self.black, self.white
                )
            }
            (None, None) => format!("A draw, {}-{}.", self.black, self.white),
        }
    }
}

/// One graded learner move, for the review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewItem {
    /// Index of the move in the game (0-based, passes counted), for jumping there.
    pub index: usize,
    /// The move number shown to the learner (1-based, passes counted).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The verdict.
    pub feedback: Feedback,
}

/// The review of a finished (or abandoned) game for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Moves graded inaccuracy or worse, in game order.
    pub errors: Vec<ReviewItem>,
    /// Graded moves in all.
    pub graded: usize,
    /// Of those, how many were book, best or good moves.
    pub best_or_good: usize,
    /// Total discs lost.
    pub total_loss: i32,
}

impl Review {
    /// Percentage of graded moves that were book, best or good (100 with none graded).
    pub fn accuracy(&self) -> u32 {
        (100 * self.best_or_good)
            .checked_div(self.graded)
            .map_or(100, |a| a as u32)
    }
}

/// Why a saved game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The text is neither a transcript nor a GGF game.
    #[error("{0}")]
    Notation(#[from] NotationError),
}

impl Practice {
    /// A new game.
    pub fn new(setup: Setup) -> Practice {
        let mut game = Game::new(setup.start);
        for &mv in &setup.line {
            if game.play_with_implied_pass(mv).is_err() {
                break;
            }
        }
        let n = game.len();
        Practice {
            game,
            setup,
            redo: Vec::new(),
            feedback: vec![None; n],
            resigned: None,
        }
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Turns move grading on or off.
    pub fn set_feedback(&mut self, on: bool) {
        self.setup.feedback = on;
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.game.current()
    }

    /// The seat whose turn it is.
    pub fn seat_to_move(&self) -> Seat {
        self.setup.seat(self.position().to_move)
    }

    /// Whether a person is to move (and the game is not over).
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.seat_to_move() == Seat::Human
    }

    /// Whether the game has ended (by the rules or a resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.position().is_game_over()
    }

    /// Plays a move for the side to move (checked); forgets the redo list.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.resigned.is_some() {
            return Err(MoveError::GameOver);
        }
        self.game.play(mv)?;
        self.feedback.truncate(self.game.len() - 1);
        self.feedback.push(None);
        self.redo.clear();
        Ok(())
    }

    /// If the side to move has no move but the game goes on, passes for it and
    /// returns the colour that passed.
    pub fn pass_if_forced(&mut self) -> Option<Color> {
        let pos = self.position();
        if !self.is_over() && pos.must_pass() {
            let color = pos.to_move;
            self.play(Move::Pass).ok()?;
            Some(color)
        } else {
            None
        }
    }

    /// Stores the verdict on the move at `index`.
    pub fn set_feedback_at(&mut self, index: usize, feedback: Feedback) {
        if index < self.feedback.len() {
            self.feedback[index] = Some(feedback);
        }
    }

    /// The opening book's verdict on the move at `index` (see
    /// [`super::feedback::grade_from_book`]), when it was played in a book position:
    /// a screen can store it with [`Practice::set_feedback_at`] and skip the search.
    pub fn book_feedback_at(&self, index: usize) -> Option<Feedback> {
        let Some(&Move::Place(sq)) = self.game.moves().get(index) else {
            return None;
        };
        let positions = self.game.positions();
        let earlier: Vec<crate::engine::Board> =
            positions[..index].iter().map(|p| p.board).collect();
        super::feedback::grade_from_book(&positions[index], sq, &earlier)
    }

    /// The verdict on the move at `index`, if graded.
    pub fn feedback_at(&self, index: usize) -> Option<&Feedback> {
        self.feedback.get(index).and_then(Option::as_ref)
    }

    /// The verdicts given so far, by move index (`None` where a move has none).
    pub fn grades(&self) -> &[Option<Feedback>] {
        &self.feedback
    }

    /// The game with its verdicts, for the whole-game review.
    pub fn review_input(&self) -> super::game_review::ReviewInput {
        super::game_review::ReviewInput {
            game: self.game.clone(),
            known: self.feedback.clone(),
        }
    }

    /// The last move and its index.
    pub fn last_move(&self) -> Option<(usize, Move)> {
        let n = self.game.len();
        self.game.moves().last().map(|&m| (n - 1, m))
    }

    /// Takes back moves until a person is to move again, at least one move; returns
    /// how many moves were taken back. The moves can be replayed with `redo`.
    pub fn undo(&mut self) -> usize {
        self.resigned = None;
        let mut taken = 0;
        while let Some(mv) = self.game.undo() {
            let grade = self.feedback.get(self.game.len()).cloned().flatten();
            self.redo.push((mv, grade));
            self.feedback.truncate(self.game.len());
            taken += 1;
            let pos = self.position();
            if self.setup.seat(pos.to_move) == Seat::Human && !matches!(mv, Move::Pass) {
                break;
            }
        }
        taken
    }

    /// Replays moves taken back by `undo`, up to the next turn of a person; returns how
    /// many were replayed.
    pub fn redo(&mut self) -> usize {
        let mut n = 0;
        while let Some((mv, grade)) = self.redo.pop() {
            if self.game.play(mv).is_err() {
                self.redo.clear();
                break;
            }
            // A replayed move keeps the grade it was given.
            self.feedback.push(grade);
            n += 1;
            if self.human_to_move() {
                break;
            }
        }
        n
    }

    /// The side to move gives up.
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.resigned = Some(self.position().to_move);
        }
    }

    /// The result, once the game is over.
    pub fn summary(&self) -> Option<Summary> {
        if !self.is_over() {
            return None;
        }
        let pos = self.position();
        let (black, white) = pos.final_counts();
        let winner = match self.resigned {
            Some(r) => Some(r.opposite()),
            None => match black.cmp(&white) {
                std::cmp::Ordering::Greater => Some(Color::Black),
                std::cmp::Ordering::Less => Some(Color::White),
                std::cmp::Ordering::Equal => None,
            },
        };
        Some(Summary {
            black,
            white,
            winner,
            resigned: self.resigned,
        })
    }

    /// The review of `color`'s graded moves.
    pub fn review(&self, color: Color) -> Review {
        let positions = self.game.positions();
        let mut errors = Vec::new();
        let (mut graded, mut good, mut loss) = (0, 0, 0);
        for (i, fb) in self.feedback.iter().enumerate() {
            let Some(fb) = fb else { continue };
            if positions[i].to_move != color {
                continue;
            }
            graded += 1;
            loss += fb.loss;
            if matches!(fb.grade, Grade::Book | Grade::Best | Grade::Good) {
                good += 1;
            } else {
                errors.push(ReviewItem {
                    index: i,
                    number: self.game.move_number(i),
                    color,
                    feedback: fb.clone(),
                });
            }
        }
        Review {
            errors,
            graded,
            best_or_good: good,
            total_loss: loss,
        }
    }

    /// The named opening the game has passed through (the deepest one), if any.
    pub fn opening_name(&self) -> Option<String> {
        super::openings::opening_of_game(&self.game)
    }

    /// The moves as a transcript (passes implied).
    pub fn transcript(&self) -> String {
        notation::to_transcript(self.game.moves())
    }

    /// The game as GGF, with the seats as player names and the result when finished.
    pub fn ggf(&self) -> String {
        let mut record = GgfGame::new(
            self.game.clone(),
            &self.setup.black.name(),
            &self.setup.white.name(),
        );
        record.place = Some("othello-tutor".into());
        record.result = notation::ggf_result(&self.position());
        record.comment = self.opening_name().map(|name| format!("Opening: {name}"));
        notation::to_ggf(&record)
    }

    /// A game loaded from a transcript (from the initial position), a GGF game, or an
    /// OBF position, with the given seats; moves are replayed and checked.
    pub fn load(text: &str, black: Seat, white: Seat) -> Result<Practice, LoadError> {
        Practice::load_with_players(text, black, white, false)
    }

    /// [`Practice::load`], except that a GGF game's players, when they are names this
    /// program writes ("You", a strategy's name), give the seats; `black` and `white`
    /// are the seats otherwise. A GGF game whose players are other names (an imported
    /// game) is for two people at the keyboard.
    pub fn load_named(text: &str, black: Seat, white: Seat) -> Result<Practice, LoadError> {
        Practice::load_with_players(text, black, white, true)
    }

    fn load_with_players(
        text: &str,
        mut black: Seat,
        mut white: Seat,
        named: bool,
    ) -> Result<Practice, LoadError> {
        let t = text.trim();
        let game = if t.starts_with('(') {
            let record = notation::parse_ggf(t)?;
            if named {
                black = Seat::from_name(&record.black).unwrap_or(Seat::Human);
                white = Seat::from_name(&record.white).unwrap_or(Seat::Human);
            }
            record.game
        } else {
            match notation::parse_obf(t) {
                Ok(rec) => Game::new(rec.position),
                Err(_) => notation::parse_transcript(t)?,
            }
        };
        let setup = Setup {
            black,
            white,
            start: game.start(),
            start_name: "a loaded game".into(),
            line: Vec::new(),
            feedback: true,
        };
        let n = game.len();
        Ok(Practice {
            setup,
            game,
            redo: Vec::new(),
            feedback: vec![None; n],
            resigned: None,
        })
    }

    /// The squares flipped by the last move (empty for a pass or at the start).
    pub fn last_flips(&self) -> (Option<Square>, Vec<Square>) {
        let n = self.game.len();
        match self.game.moves().last() {
            Some(&Move::Place(sq)) => {
                let before = self.game.position_at(n - 1);
                (Some(sq), before.board.flips(sq).into_iter().collect())
            }
            _ => (None, Vec::new()),
        }
    }
}

/// The opponent the dialog offers first: the last game's (by its name), else engine
/// level 3.
pub fn first_opponent(last: Option<&str>) -> crate::engine::players::Strategy {
    last.and_then(crate::engine::players::Strategy::from_name)
        .unwrap_or(crate::engine::players::Strategy::Engine(3))
}
