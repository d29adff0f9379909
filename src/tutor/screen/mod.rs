//! What every screen's model shares, with no terminal behind it: which screen it is
//! ([`ScreenId`]), its key table ([`Binding`]), its one job slot ([`JobSlot`]), the
//! [`Effect`]s it asks the interface for, and the plain data a board screen shows
//! ([`BoardScene`], [`Verdict`], [`Shown`]).
//!
//! A screen's model takes the learner's actions (keys, chosen squares, typed text,
//! answers to a confirmation) and the results of engine work, and says what to show.
//! The interface only maps keys to actions, draws what the model says and runs the
//! work the model asks for.

pub mod answer;
pub mod id;
pub mod job;
pub mod keys;
pub mod route;

pub use answer::{AnswerKey, TypedAnswer};
pub use id::ScreenId;
pub use job::{EngineTask, JobSlot, Ticket};
pub use keys::{BOARD_KEYS, Binding, GLOBAL_KEYS, Key, action_for, footer, help_lines};
pub use route::{PotentialOptions, PuzzleMode, Route};

use crate::engine::{Position, Square};
use crate::tutor::lesson::StepAttempts;
use crate::tutor::puzzle_progress::{AttemptOutcome, PuzzleProgress};

/// Whether the user asked for no colour: the `NO_COLOR` convention (set and not
/// empty). The one place the variable is read; the screens' options default to it.
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// What a board screen draws on its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardScene {
    /// The position shown.
    pub position: Position,
    /// The last move, marked.
    pub last: Option<Square>,
    /// The discs the last move flipped, marked.
    pub flips: Vec<Square>,
    /// Short labels on squares (hint values).
    pub labels: Vec<(Square, String)>,
    /// Squares the screen points at.
    pub highlights: Vec<Square>,
    /// Whether the legal moves are marked.
    pub markers: bool,
}

impl BoardScene {
    /// `position` with its last move and the discs it flipped marked, and the legal
    /// moves.
    pub fn marked(position: Position, last: Option<Square>, flips: Vec<Square>) -> BoardScene {
        BoardScene {
            last,
            flips,
            ..BoardScene::plain(position)
        }
    }

    /// `position` with nothing marked but its legal moves.
    pub fn plain(position: Position) -> BoardScene {
        BoardScene {
            position,
            last: None,
            flips: Vec::new(),
            labels: Vec::new(),
            highlights: Vec::new(),
            markers: true,
        }
    }
}

/// Whether the learner's last action was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Right (✓).
    Right,
    /// Wrong (✗).
    Wrong,
    /// Neither: what happened ("Taken back", "Nothing to undo").
    Info,
}

/// The result of the learner's last action, shown on a line of its own that is always
/// in sight (never scrolled away with the panel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Right, wrong or neither.
    pub mark: Mark,
    /// What to say.
    pub text: String,
}

impl Verdict {
    /// A verdict that says what happened.
    pub fn info(text: impl Into<String>) -> Verdict {
        Verdict {
            mark: Mark::Info,
            text: text.into(),
        }
    }

    /// A right answer.
    pub fn right(text: impl Into<String>) -> Verdict {
        Verdict {
            mark: Mark::Right,
            text: text.into(),
        }
    }

    /// A wrong answer.
    pub fn wrong(text: impl Into<String>) -> Verdict {
        Verdict {
            mark: Mark::Wrong,
            text: text.into(),
        }
    }

    /// The verdict as shown: "✓ ", "✗ " or nothing, then the text.
    ///
    /// ```
    /// use othello_tutor::tutor::screen::Verdict;
    /// assert_eq!(Verdict::right("solved").line(), "✓ solved");
    /// assert_eq!(Verdict::info("Taken back.").line(), "Taken back.");
    /// ```
    pub fn line(&self) -> String {
        match self.mark {
            Mark::Right => format!("✓ {}", self.text),
            Mark::Wrong => format!("✗ {}", self.text),
            Mark::Info => self.text.clone(),
        }
    }
}

/// Everything a board screen shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The board.
    pub board: BoardScene,
    /// The panel's title.
    pub title: String,
    /// The panel beside the board (it may scroll).
    pub panel: String,
    /// The verdict line (always in sight); `None` leaves it empty.
    pub verdict: Option<Verdict>,
    /// A full-width line under the board (an OBF line, a score), whole at 80 columns.
    pub status: String,
    /// The typed answer's line ("Your answer: +4_") while the screen asks for one
    /// (see [`BoardModel::answer_key`]).
    pub input: Option<String>,
}

/// What a model asks the interface to do after an action.
#[derive(Debug)]
pub enum Effect<T> {
    /// Run engine work; its output comes back with the ticket.
    Run(Ticket, T),
    /// Open another screen.
    Go(Route),
    /// Close this screen (back to the one beneath it, or the menu).
    Close,
    /// Ask for a line of text; the answer comes back to the model.
    AskText {
        /// The dialog's title.
        title: String,
        /// What to type.
        prompt: String,
        /// The text the field starts with.
        initial: String,
    },
    /// Ask a yes/no question; the answer comes back to the model.
    Confirm {
        /// The question.
        text: String,
        /// The label of the button that says yes.
        yes: String,
        /// The label of the button that says no.
        no: String,
    },
    /// Ask for one of a list (and, with `input`, or a typed line); the answer comes
    /// back to the model as an [`Answer`].
    Choose {
        /// The dialog's title.
        title: String,
        /// The text above the list.
        text: String,
        /// The items.
        items: Vec<String>,
        /// A key for each item that chooses it at once (`None`: Enter or a click only).
        keys: Vec<Option<Key>>,
        /// The prompt of a line of text under the list, if the dialog has one.
        input: Option<String>,
    },
    /// Change the learner's saved progress; the outcome comes back to the model.
    Progress(ProgressChange),
    /// Show a text in a dialog the learner closes (a long report, an OBF line to copy).
    Show {
        /// The dialog's title.
        title: String,
        /// The text.
        text: String,
    },
}

/// The context of a key action on a board screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The board's cursor.
    pub cursor: Square,
    /// The time, in seconds since 1970 (fixed by the tests).
    pub now: u64,
}

/// The answer to an [`Effect::Choose`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The item at this index.
    Item(usize),
    /// The typed line.
    Text(String),
    /// The dialog was closed.
    Cancel,
}

/// A change to the learner's saved progress that a screen asks for.
#[derive(Clone, Debug)]
pub enum ProgressChange {
    /// Personal puzzles for the review queue (those already there are skipped).
    AddPersonal {
        /// The puzzles.
        puzzles: Vec<crate::tutor::personal::PersonalPuzzle>,
        /// The time they are added.
        now: u64,
    },
    /// A lesson goes on to step `resume` (0-based); `tries` are the finished
    /// interactive step's tries (none for a reading step).
    LessonStep {
        /// The lesson's id.
        lesson: String,
        /// The step's tries.
        tries: Option<StepAttempts>,
        /// The step to resume at.
        resume: usize,
    },
    /// A puzzle's result: the ratings, the streak, the review queue and the coach's
    /// record of the attempt.
    PuzzleResult {
        /// The puzzle.
        puzzle: Box<crate::tutor::puzzle::Puzzle>,
        /// How it went.
        outcome: crate::tutor::rating::Outcome,
        /// The time.
        now: u64,
    },
    /// A lesson's puzzles were played through: the score of the run.
    LessonPuzzles {
        /// The lesson's id.
        lesson: String,
        /// Puzzles solved.
        solved: u32,
        /// Puzzles served.
        total: u32,
    },
    /// A Storm or Streak run ended with `score` puzzles solved.
    RunFinished {
        /// Which run.
        mode: crate::tutor::puzzle::timed::RunMode,
        /// Puzzles solved.
        score: u32,
    },
    /// An endgame drill position was answered.
    DrillAnswered {
        /// Whether the answer was right.
        right: bool,
    },
    /// An opening line was rehearsed through: its result and next review.
    OpeningRehearsed {
        /// The line's name.
        name: String,
        /// Whether it was played without a miss.
        clean: bool,
        /// The time.
        now: u64,
    },
    /// A record for the coach's learner profile (a graded practice game, a lesson
    /// answer) or today's plan.
    Coach(Box<crate::tutor::coach::CoachEvent>),
    /// A rated practice game ended: the learner's playing strength moves
    /// ([`crate::tutor::strength::learner`]).
    PracticeResult {
        /// The opponent.
        opponent: crate::engine::players::Strategy,
        /// The learner's result.
        result: crate::tutor::coach::GameResult,
        /// When it ended.
        at: u64,
    },
    /// A lesson's last step is done: its run is finished and its stars counted.
    LessonFinish {
        /// The lesson's id.
        lesson: String,
        /// The last step's tries (none for a reading step).
        tries: Option<StepAttempts>,
        /// How many interactive steps the lesson has.
        interactive: u32,
    },
}

/// What a [`ProgressChange`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Applied {
    /// What a puzzle's result changed, and the puzzle progress after it.
    Attempt(Box<(AttemptOutcome, PuzzleProgress)>),
    /// How many items it added.
    Added(usize),
    /// The modes' records after a run or a drill answer, with the best score before
    /// the run and whether the run beat it.
    Records {
        /// The records now.
        records: crate::tutor::progress::ModeRecords,
        /// The run's best before it.
        best_before: u32,
        /// Whether the run set a new best.
        new_best: bool,
    },
    /// What a rehearsed opening line's result did to its review, and the openings'
    /// progress after it.
    Opening(
        Box<(
            crate::tutor::leitner::QueueChange,
            crate::tutor::openings::OpeningProgress,
        )>,
    ),
    /// The stars a finished lesson earned.
    Stars(u8),
    /// What a rated game did to the learner's playing strength (`None`: the opponent
    /// is not rated).
    Rated(Option<crate::tutor::strength::RatedGame>),
    /// It was done.
    Done,
}

impl ProgressChange {
    /// Makes the change in `progress` (the caller saves it).
    pub fn apply(self, progress: &mut crate::tutor::progress::Progress) -> Applied {
        match self {
            ProgressChange::AddPersonal { puzzles, now } => {
                Applied::Added(progress.puzzles.add_personal(puzzles, now))
            }
            ProgressChange::PuzzleResult {
                puzzle,
                outcome,
                now,
            } => {
                let review = progress
                    .puzzles
                    .review
                    .get(&puzzle.id)
                    .is_some_and(|e| e.due <= now);
                let result = progress.puzzles.record_result(&puzzle, outcome, now);
                let record = crate::tutor::coach::puzzle_record(
                    &puzzle,
                    outcome,
                    review,
                    result.rated,
                    result.learner_after.rating,
                    now,
                );
                progress
                    .coach
                    .record(crate::tutor::coach::CoachEvent::Puzzle(record));
                Applied::Attempt(Box::new((result, progress.puzzles.clone())))
            }
            ProgressChange::Coach(event) => {
                progress.coach.record(*event);
                Applied::Done
            }
            ProgressChange::LessonPuzzles {
                lesson,
                solved,
                total,
            } => {
                progress.lesson_mut(&lesson).puzzle_score = Some((solved, total));
                Applied::Done
            }
            ProgressChange::RunFinished { mode, score } => {
                use crate::tutor::puzzle::timed::RunMode;
                let m = &mut progress.modes;
                let best_before = match mode {
                    RunMode::Storm => m.storm_best,
                    RunMode::Streak => m.streak_best,
                };
                let new_best = match mode {
                    RunMode::Storm => m.finish_storm(score),
                    RunMode::Streak => m.finish_streak(score),
                };
                Applied::Records {
                    records: *m,
                    best_before,
                    new_best,
                }
            }
            ProgressChange::DrillAnswered { right } => {
                progress.modes.record_drill(right);
                Applied::Records {
                    records: progress.modes,
                    best_before: 0,
                    new_best: false,
                }
            }
            ProgressChange::OpeningRehearsed { name, clean, now } => {
                let change = progress.openings.record(&name, clean, now);
                Applied::Opening(Box::new((change, progress.openings.clone())))
            }
            ProgressChange::LessonStep {
                lesson,
                tries,
                resume,
            } => {
                let lp = progress.lesson_mut(&lesson);
                if let Some(tries) = tries {
                    lp.record(&tries);
                }
                lp.advance(resume);
                Applied::Done
            }
            ProgressChange::PracticeResult {
                opponent,
                result,
                at,
            } => Applied::Rated(
                crate::tutor::strength::LevelRatings::shipped()
                    .and_then(|table| progress.strength.record(opponent, result, at, table)),
            ),
            ProgressChange::LessonFinish {
                lesson,
                tries,
                interactive,
            } => {
                let lp = progress.lesson_mut(&lesson);
                if let Some(tries) = tries {
                    lp.record(&tries);
                }
                Applied::Stars(lp.finish(interactive))
            }
        }
    }
}

/// A board screen's model: the learner's actions in, what to show out.
pub trait BoardModel: Send + 'static {
    /// The actions of the screen's keys.
    type Action: Copy + std::fmt::Debug + Send + Sync + 'static;
    /// The engine work the screen asks for.
    type Task: EngineTask;
    /// Which screen this is.
    fn id(&self) -> ScreenId;
    /// The screen's key table.
    fn keys(&self) -> &'static [Binding<Self::Action>];
    /// What the footer says before the table's keys (how the board takes squares).
    fn lead(&self) -> String {
        BOARD_KEYS.to_string()
    }
    /// A key's action.
    fn act(&mut self, action: Self::Action, context: Context) -> Vec<Effect<Self::Task>>;
    /// A square chosen on the board (Enter, a click, a typed name).
    fn choose(&mut self, square: Square, context: Context) -> Vec<Effect<Self::Task>>;
    /// The output of the work with `ticket` (stale outputs are the model's to refuse,
    /// with its [`JobSlot`]).
    fn finished(
        &mut self,
        ticket: Ticket,
        output: <Self::Task as EngineTask>::Output,
    ) -> Vec<Effect<Self::Task>>;
    /// The work with `ticket` failed (the interface has reported and logged it).
    fn failed(&mut self, ticket: Ticket) -> Vec<Effect<Self::Task>>;
    /// The answer to an [`Effect::AskText`] (`None`: cancelled).
    fn text_entered(&mut self, text: Option<String>) -> Vec<Effect<Self::Task>> {
        let _ = text;
        Vec::new()
    }
    /// The answer to an [`Effect::Confirm`].
    fn confirmed(&mut self, yes: bool) -> Vec<Effect<Self::Task>> {
        let _ = yes;
        Vec::new()
    }
    /// The answer to an [`Effect::Choose`].
    fn chosen(&mut self, answer: Answer) -> Vec<Effect<Self::Task>> {
        let _ = answer;
        Vec::new()
    }
    /// The outcome of an [`Effect::Progress`]: what the change did, and why it could
    /// not be saved, if it could not.
    fn progress_saved(
        &mut self,
        applied: Applied,
        error: Option<String>,
    ) -> Vec<Effect<Self::Task>> {
        let _ = (applied, error);
        Vec::new()
    }
    /// Whether the board is edited rather than played on: letters are the screen's
    /// keys, the cursor's moves are told ([`BoardModel::cursor_moved`]) and a right
    /// click empties a square ([`BoardModel::erase`]).
    fn editing(&self) -> bool {
        false
    }
    /// The board's cursor moved to `square` (editing boards).
    fn cursor_moved(&mut self, square: Square) -> Vec<Effect<Self::Task>> {
        let _ = square;
        Vec::new()
    }
    /// `square` was right-clicked (editing boards).
    fn erase(&mut self, square: Square) -> Vec<Effect<Self::Task>> {
        let _ = square;
        Vec::new()
    }
    /// Whether the screen shows a clock: the interface then calls [`BoardModel::tick`]
    /// four times a second while the screen is open.
    fn ticking(&self) -> bool {
        false
    }
    /// The clock moved on to `now` (seconds since 1970).
    fn tick(&mut self, now: u64) -> Vec<Effect<Self::Task>> {
        let _ = now;
        Vec::new()
    }
    /// A key of a typed answer (a character, Backspace, Enter), before the board
    /// sees it: `None` when the screen does not take it now (the board then does).
    /// Characters come only while the board is not in the middle of a square's name.
    fn answer_key(&mut self, key: AnswerKey) -> Option<Vec<Effect<Self::Task>>> {
        let _ = key;
        None
    }
    /// The ticket of the work the model waits for (the interface cancels any other).
    fn wanted(&self) -> Option<Ticket>;
    /// What to show.
    fn shown(&self) -> Shown;
}
