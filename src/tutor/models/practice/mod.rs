//! The practice screen's model: the game ([`Practice`]), whose turn it is and what the
//! engine is busy with, the grade of the learner's last move (the verdict line), the
//! events of the game (the panel's log), hints, the best move, undo and redo, saving
//! and opening games (with the players the file names), resigning, the game-over
//! choices and the learner's mistakes as puzzles.
//!
//! Here: the screen's state, the game going on (passes, the computer's turn, the
//! learner's move). Beside it: `board_model` (the keys' actions, the engine's
//! results and the dialogs' answers, as the board host drives the screen),
//! `over` (the game-over dialog and the reviews), `after` (learning from the
//! mistakes, the rated result), `files` (saving and opening games), `grade`
//! (the grade's verdict line), `refute` (the refutation), `panel` (what the
//! panel and the status line say), `keys`, `setup` and `work`.

mod after;
mod board_model;
mod files;
mod grade;
mod keys;
mod over;
mod panel;
mod refute;
mod setup;
mod work;

pub use keys::{Action, GAME_OVER_KEYS, KEYS, OverAction};
pub use setup::{
    SETUP_KEYS, SETUP_LEAD, SetupAction, SetupError, SetupForm, StartChoice, opponents,
};
pub use work::{GradeStage, Output, Task};

use crate::engine::analysis::MoveValue;
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::explain::illegal_reason;
use crate::tutor::practice::{Practice, Seat, Setup};
use crate::tutor::screen::{Context, Effect, JobSlot, Verdict};
use grade::grade_verdict;
use std::path::PathBuf;

/// What the practice screen needs from outside the game.
#[derive(Clone, Debug, Default)]
pub struct Env {
    /// The learner's data directory (saved games live in its `games` folder), if any.
    pub data_dir: Option<PathBuf>,
    /// The learner's puzzle rating (the rating personal puzzles start at).
    pub rating: f64,
    /// The time the screen opens, in seconds since 1970.
    pub now: u64,
    /// How long a grade waits for its exact values before it grades by a search and
    /// works them out afterwards ([`crate::tutor::settings::GRADING_WAIT`] on the
    /// screen; `None`: always waits, so that a grade never depends on the clock).
    pub grading_wait: Option<std::time::Duration>,
}

/// What the engine is busy with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    /// Nothing.
    Idle,
    /// Grading the learner's move.
    Grading,
    /// Choosing the computer's move.
    Replying,
    /// Valuing every move for a hint.
    Hinting,
    /// Turning the learner's mistakes into puzzles.
    Puzzles,
    /// Working out the refutation of the learner's mistake.
    Refuting,
}

/// The computer's latest move, as the panel reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reply {
    index: usize,
    color: Color,
    square: Square,
    value: i32,
    exact: bool,
    book: bool,
}

/// The dialog the model waits for an answer from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Asking {
    Nothing,
    Resign,
    Leave,
    Save,
    Open(Vec<PathBuf>),
    Review(Vec<usize>),
    GameOver,
}

/// The practice screen.
#[derive(Clone, Debug)]
pub struct PracticeScreen {
    practice: Practice,
    slot: JobSlot,
    busy: Busy,
    log: Vec<String>,
    verdict: Option<Verdict>,
    show_best: bool,
    hint: Option<Vec<MoveValue>>,
    last_reply: Option<Reply>,
    summary_shown: bool,
    markers: bool,
    asking: Asking,
    env: Env,
    /// The time of the learner's latest action (seconds since 1970).
    now: u64,
    /// The refutation of a graded move (its index in the game), once made.
    refuted: Option<(usize, crate::tutor::refutation::Refutation)>,
    /// The refutation asked for with the best-move key.
    refutation: crate::tutor::models::asked::Asked,
    /// Every refutation made of a graded move, by its index in the game: the coach
    /// puts the game's mistakes down to concepts with them.
    refutations: std::collections::BTreeMap<usize, crate::tutor::refutation::Refutation>,
    /// Book-graded mistakes whose refutation found none (not tried again).
    unrefutable: std::collections::BTreeSet<usize>,
    /// The learner's move whose grade was cancelled when it was taken back (by its
    /// index in the game): graded when it is replayed.
    regrade: Option<usize>,
    /// The grading search's whole lines of each graded move, by its index in the
    /// game: the coach reads a corner given further off in them.
    lines: std::collections::BTreeMap<usize, crate::tutor::coach::GradeLines>,
    /// The game was recorded in the coach's profile (once, when it first ended).
    coached: bool,
    /// The game counts for the learner's playing strength when it ends (it was
    /// started on this screen: see [`PracticeScreen::rateable`]).
    rateable: bool,
    /// Its result was counted (once, when it first ended).
    rated: bool,
}

type Effects = Vec<Effect<Task>>;

/// How many events the panel's log keeps.
const LOG_LINES: usize = 6;

impl PracticeScreen {
    /// The screen on `practice`; the effects go on with the game (the computer's first
    /// move when it starts).
    pub fn open(practice: Practice, env: Env) -> (PracticeScreen, Effects) {
        let mut screen = PracticeScreen {
            practice,
            slot: JobSlot::default(),
            busy: Busy::Idle,
            log: Vec::new(),
            verdict: None,
            show_best: false,
            hint: None,
            last_reply: None,
            summary_shown: false,
            markers: true,
            asking: Asking::Nothing,
            refuted: None,
            refutation: crate::tutor::models::asked::Asked::Not,
            refutations: std::collections::BTreeMap::new(),
            unrefutable: std::collections::BTreeSet::new(),
            regrade: None,
            lines: std::collections::BTreeMap::new(),
            coached: false,
            rateable: false,
            rated: false,
            now: env.now,
            env,
        };
        let pos = screen.practice.position();
        let number = screen
            .practice
            .game()
            .move_number(screen.practice.game().len());
        let opening = if !screen.practice.game().is_empty() {
            format!("Game loaded at move {number}: {} to move.", pos.to_move)
        } else if pos == Position::start() {
            "New game. Black moves first.".to_string()
        } else {
            format!(
                "New game from {} (move {number}): {} to move.",
                screen.practice.setup().start_name,
                pos.to_move
            )
        };
        screen.event(opening);
        screen.rateable = PracticeScreen::rateable(&screen.practice);
        let effects = screen.go_on();
        (screen, effects)
    }

    /// A new game with `setup`.
    pub fn new_game(setup: Setup, env: Env) -> (PracticeScreen, Effects) {
        PracticeScreen::open(Practice::new(setup), env)
    }

    /// The game.
    pub fn practice(&self) -> &Practice {
        &self.practice
    }

    /// What the engine is busy with.
    pub fn busy(&self) -> Busy {
        self.busy
    }

    /// The events of the game, oldest first (the panel's log).
    pub fn log(&self) -> &[String] {
        &self.log
    }

    fn event(&mut self, line: impl Into<String>) {
        self.log.push(line.into());
        let n = self.log.len();
        if n > LOG_LINES {
            self.log.drain(..n - LOG_LINES);
        }
    }

    /// Says what happened after the learner's action (the verdict line and the log).
    fn tell(&mut self, line: impl Into<String>) {
        let line = line.into();
        self.verdict = Some(Verdict::info(line.clone()));
        self.event(line);
    }

    fn stop_work(&mut self) {
        self.slot.cancel();
        self.busy = Busy::Idle;
        // A refutation is of a board that is about to change.
        self.refutation = crate::tutor::models::asked::Asked::Not;
    }

    fn start(&mut self, busy: Busy, task: Task) -> Effects {
        self.busy = busy;
        vec![Effect::Run(self.slot.start(), task)]
    }

    /// Plays forced passes, then the computer's move when it is its turn, or the
    /// game-over choices at the end.
    fn go_on(&mut self) -> Effects {
        while let Some(color) = self.practice.pass_if_forced() {
            self.event(format!(
                "{color} has no legal move and passes; {} plays again.",
                color.opposite()
            ));
        }
        if self.busy == Busy::Idle
            && let Some((index, before, sq)) = self.replayed_ungraded()
        {
            self.regrade = None;
            return self.grade(before, sq, index);
        }
        if self.practice.is_over() {
            // The summary and the coach's record count the grades: those given
            // meanwhile by a search are made exact first.
            if !self.summary_shown
                && self.busy == Busy::Idle
                && let Some((index, before, sq)) = self.unconfirmed_grade()
            {
                self.busy = Busy::Grading;
                return vec![Effect::Run(
                    self.slot.start(),
                    Task::Confirm { before, sq, index },
                )];
            }
            return self.game_over();
        }
        match self.practice.seat_to_move() {
            Seat::Computer(strategy) if self.busy == Busy::Idle => {
                let position = self.practice.position();
                self.start(Busy::Replying, Task::Reply { position, strategy })
            }
            Seat::Human if self.busy == Busy::Idle => self.prepare_grade(),
            _ => Vec::new(),
        }
    }

    /// While the learner thinks, the engine works ahead (the learner is not kept
    /// waiting: any action replaces the work, which comes back at the next turn):
    /// first the refutation of a mistake the opening book graded (a book grade has
    /// no search line; the coach's record of the game reads the refutation), then the
    /// groundwork of the coming move's grade (near the end the exact solves, before it
    /// the board's search: see `prepare_grading`).
    fn prepare_grade(&mut self) -> Effects {
        if let Some((index, before, sq)) = self.unconfirmed_grade() {
            return vec![Effect::Run(
                self.slot.start(),
                Task::Confirm { before, sq, index },
            )];
        }
        if let Some((index, before, sq)) = self.unrefuted_book_mistake() {
            return vec![Effect::Run(
                self.slot.start(),
                Task::Study { before, sq, index },
            )];
        }
        if !self.practice.setup().feedback {
            return Vec::new();
        }
        let position = self.practice.position();
        vec![Effect::Run(self.slot.start(), Task::Prepare { position })]
    }

    /// The learner's move taken back while it was being graded, once it is replayed
    /// and still has no grade (feedback on): its index, the position before it and
    /// the move.
    fn replayed_ungraded(&self) -> Option<(usize, Position, Square)> {
        let index = self.regrade?;
        let game = self.practice.game();
        if index >= game.len()
            || !self.practice.setup().feedback
            || self.practice.feedback_at(index).is_some()
        {
            return None;
        }
        match game.moves()[index] {
            Move::Place(sq) => Some((index, game.position_at(index), sq)),
            Move::Pass => None,
        }
    }

    /// The earliest move graded meanwhile by a search whose exact grade is still to
    /// come ([`crate::tutor::feedback::Feedback::interim`]): its index, the position before it and the move.
    /// A move taken back is not on the board; replayed, it is again.
    fn unconfirmed_grade(&self) -> Option<(usize, Position, Square)> {
        (0..self.practice.game().len()).find_map(|i| {
            let fb = self.practice.feedback_at(i).filter(|fb| fb.interim)?;
            Some((i, self.practice.game().position_at(i), fb.played))
        })
    }

    /// The earliest learner's move graded a mistake by the opening book that has no
    /// refutation yet: its index, the position before it and the move.
    fn unrefuted_book_mistake(&self) -> Option<(usize, Position, Square)> {
        if !self.practice.setup().feedback {
            return None;
        }
        (0..self.practice.game().len()).find_map(|i| {
            let fb = self.practice.feedback_at(i)?;
            if fb.book.is_none()
                || !fb.grade.is_error()
                || self.refutations.contains_key(&i)
                || self.unrefutable.contains(&i)
            {
                return None;
            }
            Some((i, self.practice.game().position_at(i), fb.played))
        })
    }

    /// The learner's move `sq`.
    fn learner_move(&mut self, sq: Square) -> Effects {
        if self.practice.is_over() {
            self.tell("The game is over: n starts a new one.");
            return Vec::new();
        }
        if !self.practice.human_to_move() || matches!(self.busy, Busy::Replying | Busy::Grading) {
            self.tell("Wait: it is not your turn yet.");
            return Vec::new();
        }
        let before = self.practice.position();
        if self.practice.play(Move::Place(sq)).is_err() {
            self.verdict = Some(Verdict::wrong(illegal_reason(&before, sq)));
            return Vec::new();
        }
        self.stop_work();
        self.hint = None;
        self.show_best = false;
        let index = self.practice.game().len() - 1;
        if self.regrade.is_some_and(|i| i >= index) {
            // Another move now stands where the taken-back one was.
            self.regrade = None;
        }
        self.event(format!("{} plays {sq}.", before.to_move));
        if !self.practice.setup().feedback {
            self.verdict = Some(Verdict::info(format!("{} plays {sq}.", before.to_move)));
            return self.go_on();
        }
        // In the opening book the book's verdict stands; no search is needed.
        if let Some(fb) = self.practice.book_feedback_at(index) {
            self.verdict = Some(grade_verdict(&fb));
            self.practice.set_feedback_at(index, fb);
            return self.go_on();
        }
        self.verdict = Some(Verdict::info(format!("{sq} played: grading it…")));
        self.grade(before, sq, index)
    }

    /// Grades the learner's move `sq`, the move at `index`, played from `before`.
    fn grade(&mut self, before: Position, sq: Square, index: usize) -> Effects {
        let wait = self.env.grading_wait;
        self.start(
            Busy::Grading,
            Task::Grade {
                before,
                sq,
                index,
                wait,
            },
        )
    }
}

fn context(now: u64) -> Context {
    Context {
        cursor: Square::A1,
        now,
    }
}
