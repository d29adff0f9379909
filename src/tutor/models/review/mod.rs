//! The game review's model: every move of both sides valued in the background (the
//! whole-game analysis of [`crate::tutor::game_review`], its results arriving one by
//! one, cancellable and resumable), the move shown, the biggest swings in order, each
//! side's accuracy and the opening's name. No terminal code: the interface runs the
//! analysis the model asks for and draws [`ReviewScreen::shown`].
//!
//! ```
//! use othello_tutor::tutor::game_review::ReviewInput;
//! use othello_tutor::tutor::models::review::{ReviewAction, ReviewScreen, ReviewEffect};
//!
//! let game = othello_tutor::engine::notation::parse_transcript("f5d6c3").unwrap();
//! let (mut screen, effects) = ReviewScreen::new(ReviewInput { game, known: Vec::new() });
//! assert!(matches!(effects.as_slice(), [ReviewEffect::Analyze(..)]));
//! screen.act(ReviewAction::First);
//! assert_eq!(screen.shown().current, 0);
//! ```

pub mod text;

use crate::engine::{Color, Move, Position, Square};
use crate::tutor::feedback::Grade;
use crate::tutor::game_review::{GameReview, MoveReview, ReviewInput};
use crate::tutor::screen::{Binding, JobSlot, Key, Ticket};
use std::time::{Duration, Instant};

/// The review's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// The start position.
    First,
    /// The last position.
    Last,
    /// The swing above in the list.
    SwingUp,
    /// The swing below in the list.
    SwingDown,
    /// Stop the analysis.
    Cancel,
    /// Go on with the analysis.
    GoOn,
    /// Back to the screen that opened the review.
    Leave,
}

/// The review's keys.
pub const REVIEW_KEYS: &[Binding<ReviewAction>] = &[
    Binding {
        keys: &[Key::Left],
        action: ReviewAction::Back,
        footer: "",
        help: "one move back (or click the graph)",
    },
    Binding {
        keys: &[Key::Right],
        action: ReviewAction::Forward,
        footer: "",
        help: "one move forward (or click the graph)",
    },
    Binding {
        keys: &[Key::Home],
        action: ReviewAction::First,
        footer: "",
        help: "the start position",
    },
    Binding {
        keys: &[Key::End],
        action: ReviewAction::Last,
        footer: "",
        help: "the last position",
    },
    Binding {
        keys: &[Key::Up],
        action: ReviewAction::SwingUp,
        footer: "",
        help: "the swing above in the list (or click one)",
    },
    Binding {
        keys: &[Key::Down],
        action: ReviewAction::SwingDown,
        footer: "",
        help: "the swing below in the list (or click one)",
    },
    Binding {
        keys: &[Key::Char('c')],
        action: ReviewAction::Cancel,
        footer: "cancel",
        help: "stop valuing the moves (g goes on from where it stopped)",
    },
    Binding {
        keys: &[Key::Char('g')],
        action: ReviewAction::GoOn,
        footer: "go on",
        help: "value the moves not valued yet",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: ReviewAction::Leave,
        footer: "back",
        help: "back to the screen that opened the review",
    },
];

/// What the footer says before the table's keys.
pub const REVIEW_LEAD: &str = "Left/Right, Home/End or click the graph: step; Up/Down or click: swings; graph: ? inaccuracy x mistake X blunder";

/// What the review asks the interface to do.
#[derive(Debug)]
pub enum ReviewEffect {
    /// Value the moves of this input (the ticket marks its results).
    Analyze(Ticket, Box<ReviewInput>),
    /// Close the review.
    Close,
}

/// Everything the review shows, as plain data.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewShown {
    /// The position shown.
    pub position: Position,
    /// The move that led to it, marked.
    pub last: Option<Square>,
    /// The discs it flipped.
    pub flips: Vec<Square>,
    /// Each move's value for Black, where known.
    pub values: Vec<Option<i32>>,
    /// Each move's grade mark on the graph.
    pub marks: Vec<Option<char>>,
    /// Moves shown (0: the start).
    pub current: usize,
    /// The lines under the board: the move, the position, the accuracies, the state.
    pub details: String,
    /// The biggest swings: label and move index, biggest first.
    pub swings: Vec<(String, usize)>,
    /// The swing of the move shown, if it is one.
    pub selected: Option<usize>,
}

/// A grade's mark on the value graph.
pub fn mark(grade: Grade) -> Option<char> {
    match grade {
        Grade::Inaccuracy => Some('?'),
        Grade::Mistake => Some('x'),
        Grade::Blunder => Some('X'),
        _ => None,
    }
}

/// The game review's state and flow.
#[derive(Clone, Debug)]
pub struct ReviewScreen {
    review: GameReview,
    /// The grades the game came with, kept as such when the analysis goes on.
    given: Vec<bool>,
    current: usize,
    job: JobSlot,
    started: Instant,
    elapsed: Option<Duration>,
    /// What the last key did, cleared by the next key.
    message: String,
}

impl ReviewScreen {
    /// The review of `input`'s game, showing its last position; the analysis starts
    /// at once (the effects).
    pub fn new(input: ReviewInput) -> (ReviewScreen, Vec<ReviewEffect>) {
        let review = GameReview::unvalued(&input.game);
        let given = (0..review.moves.len())
            .map(|i| matches!(input.known.get(i), Some(Some(_))))
            .collect();
        let current = review.moves.len();
        let mut screen = ReviewScreen {
            review,
            given,
            current,
            job: JobSlot::default(),
            started: Instant::now(),
            elapsed: None,
            message: String::new(),
        };
        let effects = screen.start(input);
        (screen, effects)
    }

    /// The review so far.
    pub fn review(&self) -> &GameReview {
        &self.review
    }

    /// The ticket of the analysis waited for.
    pub fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn start(&mut self, input: ReviewInput) -> Vec<ReviewEffect> {
        let ticket = self.job.start();
        self.started = Instant::now();
        self.elapsed = None;
        vec![ReviewEffect::Analyze(ticket, Box::new(input))]
    }

    /// A move valued by the analysis with `ticket` (a stale one is refused).
    pub fn valued(&mut self, ticket: Ticket, m: MoveReview) {
        if self.job.wanted() == Some(ticket) {
            self.store(m);
        }
    }

    /// The analysis with `ticket` finished.
    pub fn finished(&mut self, ticket: Ticket, review: GameReview) {
        if !self.job.accept(ticket) {
            return;
        }
        self.elapsed = Some(self.started.elapsed());
        for m in review.moves {
            if m.feedback.is_some() {
                self.store(m);
            }
        }
    }

    /// The analysis with `ticket` failed (the interface has reported and logged it).
    pub fn failed(&mut self, ticket: Ticket) {
        if self.job.accept(ticket) {
            self.message = "The analysis stopped on an internal error.".into();
        }
    }

    /// Keeps a valued move, marked as the game's own grade where it was one.
    fn store(&mut self, mut m: MoveReview) {
        m.reused = self.given.get(m.index).copied().unwrap_or(false);
        self.review.set(m);
    }

    /// Shows the position after move `n` (0: the start).
    pub fn show_move(&mut self, n: usize) {
        self.current = n.min(self.review.moves.len());
        self.message.clear();
    }

    fn swing_order(&self) -> Vec<usize> {
        self.review.swings().into_iter().map(|m| m.index).collect()
    }

    /// The next (or previous) move of the swings list: the first one when the move
    /// shown is not in the list.
    fn swing_step(&mut self, down: bool) {
        let order = self.swing_order();
        if order.is_empty() {
            self.message = "No swing to show yet.".into();
            return;
        }
        let here = self
            .current
            .checked_sub(1)
            .and_then(|i| order.iter().position(|&m| m == i));
        let at = match here {
            None => 0,
            Some(p) if down => (p + 1).min(order.len() - 1),
            Some(p) => p.saturating_sub(1),
        };
        if here == Some(at) {
            self.message = if down {
                "The last swing of the list.".into()
            } else {
                "The first swing of the list.".into()
            };
            return;
        }
        self.show_move(order[at] + 1);
    }

    fn step(&mut self, to: i64) {
        let total = self.review.moves.len() as i64;
        let n = to.clamp(0, total) as usize;
        if n == self.current {
            self.message = if to > total || n == total as usize {
                "The last position.".into()
            } else {
                "The start position.".into()
            };
            return;
        }
        self.show_move(n);
    }

    /// A key's action.
    pub fn act(&mut self, action: ReviewAction) -> Vec<ReviewEffect> {
        match action {
            ReviewAction::Back => self.step(self.current as i64 - 1),
            ReviewAction::Forward => self.step(self.current as i64 + 1),
            ReviewAction::First => self.step(0),
            ReviewAction::Last => self.step(self.review.moves.len() as i64),
            ReviewAction::SwingUp => self.swing_step(false),
            ReviewAction::SwingDown => self.swing_step(true),
            ReviewAction::Cancel => {
                self.message = if self.job.busy() {
                    self.job.cancel();
                    "Analysis cancelled: g goes on from where it stopped.".into()
                } else {
                    "Nothing is running.".into()
                };
            }
            ReviewAction::GoOn => {
                if self.job.busy() {
                    self.message = "The analysis is running.".into();
                } else if self.review.is_complete() {
                    self.message = "Every move is valued.".into();
                } else {
                    self.message.clear();
                    let input = ReviewInput {
                        game: self.review.game.clone(),
                        known: self
                            .review
                            .moves
                            .iter()
                            .map(|m| m.feedback.clone())
                            .collect(),
                    };
                    return self.start(input);
                }
            }
            ReviewAction::Leave => {
                self.job.cancel();
                return vec![ReviewEffect::Close];
            }
        }
        Vec::new()
    }

    /// What to show.
    pub fn shown(&self) -> ReviewShown {
        let game = &self.review.game;
        let position = game.position_at(self.current);
        let (last, flips) = match self.current.checked_sub(1).map(|i| game.moves()[i]) {
            Some(Move::Place(sq)) => {
                let before = game.position_at(self.current - 1);
                (Some(sq), before.board.flips(sq).into_iter().collect())
            }
            _ => (None, Vec::new()),
        };
        let swings: Vec<(String, usize)> = self
            .review
            .swings()
            .into_iter()
            .map(|m| (text::swing_label(m), m.index))
            .collect();
        let selected = self
            .current
            .checked_sub(1)
            .and_then(|i| swings.iter().position(|&(_, m)| m == i));
        ReviewShown {
            position,
            last,
            flips,
            values: self.review.values_for_black(),
            marks: self
                .review
                .moves
                .iter()
                .map(|m| m.grade().and_then(mark))
                .collect(),
            current: self.current,
            details: self.details(&position),
            swings,
            selected,
        }
    }

    fn details(&self, pos: &Position) -> String {
        let review = &self.review;
        let (done, total) = review.counts();
        let status = match (self.job.busy(), self.elapsed) {
            (true, _) => format!(
                "Valuing every move… {done} of {total} ({:.0} s; c: cancel)",
                self.started.elapsed().as_secs_f64()
            ),
            (false, Some(t)) if review.is_complete() => {
                format!("All {total} moves valued in {:.1} s.", t.as_secs_f64())
            }
            (false, _) if review.is_complete() => format!("All {total} moves valued."),
            (false, _) => format!("{done} of {total} moves valued: g values the rest."),
        };
        let status = if self.message.is_empty() {
            status
        } else {
            format!("{status}  {}", self.message)
        };
        format!(
            "{}\n{}\n{}\n{}\n{status}",
            text::move_line(review, self.current),
            text::position_line(review, self.current, pos),
            text::accuracy_line(review, Color::Black),
            text::accuracy_line(review, Color::White),
        )
    }
}
