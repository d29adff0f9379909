//! The lesson screen's model: one lesson's steps (reading, find-move, question,
//! play-out), the learner's tries on each, the feedback, the stars once the last step
//! is done, and the "well done" choices. No terminal code: the interface draws
//! [`LessonScreen::shown`] and hands the learner's keys, squares and typed answers in.
//!
//! ```
//! use othello_tutor::tutor::content::load_lessons;
//! use othello_tutor::tutor::models::lesson::{LessonScreen, StepAction};
//! use othello_tutor::tutor::screen::{BoardModel, Context};
//! use othello_tutor::engine::Square;
//!
//! let lesson = load_lessons().unwrap().remove(0);
//! let (mut screen, _) = LessonScreen::new(lesson, 0);
//! let cx = Context { cursor: Square::A1, now: 0 };
//! screen.act(StepAction::Back, cx);
//! assert_eq!(screen.shown().verdict.unwrap().text, "This is the lesson's first step.");
//! ```

pub mod keys;
pub mod panel;
mod playout;
mod refute;

pub use keys::{ANSWER_KEYS, LIST_KEYS, ListAction, STEP_KEYS, StepAction};
pub use playout::Reply;
pub use refute::{Done, Work};

use crate::engine::{Game, Position, Square};
use crate::tutor::course::{lesson_game, lesson_game_setup, lesson_puzzles};
use crate::tutor::lesson::{Lesson, NextAction, Step, StepAttempts, Verdict as StepVerdict};
use crate::tutor::models::asked::Asked;
use crate::tutor::screen::{
    Answer, AnswerKey, Applied, Binding, BoardModel, BoardScene, Context, Effect, JobSlot, Key,
    ProgressChange, Route, ScreenId, Shown, Ticket, TypedAnswer, Verdict,
};

type Effects = Vec<Effect<Work>>;

/// A play-out in progress.
#[derive(Clone, Debug)]
struct PlayOutGame {
    game: Game,
    /// The goal was missed: the final board stays until the learner asks to retry.
    spoiled: bool,
}

/// What the "well done" dialog offers, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Puzzles,
    Game,
    Openings,
    Lessons,
}

/// The lesson screen's state and flow.
#[derive(Clone, Debug)]
pub struct LessonScreen {
    lesson: Lesson,
    index: usize,
    attempts: StepAttempts,
    /// What the learner's last action brought: the verdict first (✓ or ✗ or what a
    /// key did), then the explanation, the hint or the answer.
    feedback: Vec<String>,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    play: Option<PlayOutGame>,
    job: JobSlot,
    /// The stars once the lesson is finished (its last step done and counted).
    finished: Option<u8>,
    /// The finish was asked of the progress file (once).
    settling: bool,
    /// The "well done" dialog's choices while it is open.
    offered: Vec<Next>,
    /// The answer being typed to a question.
    typed: TypedAnswer,
    /// The learner's wrong moves of this step that a refutation is made of (the
    /// latest wrong find-move answer, or a missed play-out's moves).
    missed: Vec<(Position, Square)>,
    /// The refutation asked for.
    refutation: Asked,
}

/// What a question's typed answer holds: a number, or an option's number.
const ANSWER_CHARS: &str = "0123456789-";
/// What the answer to a question whose choices are squares holds: an option's
/// number or a square's name (`g1`), typed in the answer line rather than on the
/// board, so that a name is never read as a number.
const SQUARE_ANSWER_CHARS: &str = "0123456789abcdefghABCDEFGH";

impl LessonScreen {
    /// The lesson opened at step `index` (clamped to its steps), and what to do at
    /// once (a lesson whose only step reads is finished on opening).
    pub fn new(lesson: Lesson, index: usize) -> (LessonScreen, Effects) {
        let index = index.min(lesson.steps.len().saturating_sub(1));
        let mut screen = LessonScreen {
            lesson,
            index,
            attempts: StepAttempts::default(),
            feedback: Vec::new(),
            shown: Position::start(),
            last: None,
            flips: Vec::new(),
            play: None,
            job: JobSlot::default(),
            finished: None,
            settling: false,
            offered: Vec::new(),
            typed: TypedAnswer::default(),
            missed: Vec::new(),
            refutation: Asked::Not,
        };
        screen.enter_step();
        let effects = screen.settle();
        (screen, effects)
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The step shown (0-based).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The current step's tries so far.
    pub fn attempts(&self) -> StepAttempts {
        self.attempts
    }

    /// The stars, once the lesson is finished.
    pub fn finished(&self) -> Option<u8> {
        self.finished
    }

    fn step(&self) -> &Step {
        &self.lesson.steps[self.index]
    }

    /// Whether the current step is answered (or only reads).
    pub fn done(&self) -> bool {
        !self.step().is_interactive() || self.attempts.is_done()
    }

    /// The board shown: the play-out's game, or the step's position.
    pub fn position(&self) -> Position {
        match &self.play {
            Some(p) => p.game.current(),
            None => self.shown,
        }
    }

    /// Sets up the board for the current step.
    fn enter_step(&mut self) {
        self.attempts = StepAttempts::default();
        self.typed.clear();
        self.missed.clear();
        self.refutation = Asked::Not;
        self.feedback.clear();
        self.play = None;
        self.job.cancel();
        self.last = None;
        self.flips.clear();
        let step = self.step().clone();
        let setup = step
            .setup()
            .map(|s| s.position)
            .unwrap_or_else(Position::start);
        // The board the step's facts are checked on is the board shown.
        let (shown, played) = step.shown();
        self.shown = shown;
        self.last = step.setup().and_then(|s| s.last_move);
        if let Some(sq) = played {
            self.flips = setup.board.flips(sq).into_iter().collect();
            self.last = Some(sq);
        }
        if let Step::PlayOut(_) = &step {
            self.play = Some(PlayOutGame {
                game: Game::new(setup),
                spoiled: false,
            });
        }
    }

    /// Finishes the lesson as soon as its last step is done (answered or shown), so
    /// that leaving then keeps it finished.
    fn settle(&mut self) -> Effects {
        if self.finished.is_some()
            || self.settling
            || !self.done()
            || self.index + 1 < self.lesson.steps.len()
        {
            return Vec::new();
        }
        self.settling = true;
        let tries = self.step().is_interactive().then_some(self.attempts);
        let record = crate::tutor::coach::lesson_record(&self.lesson, self.index, tries, true);
        vec![
            Effect::Progress(ProgressChange::Coach(Box::new(
                crate::tutor::coach::CoachEvent::Lesson(record),
            ))),
            Effect::Progress(ProgressChange::LessonFinish {
                lesson: self.lesson.id.clone(),
                tries,
                interactive: self.lesson.interactive_count() as u32,
            }),
        ]
    }

    fn say(&mut self, line: impl Into<String>) {
        self.feedback = vec![line.into()];
    }

    /// Puts "this step is answered" first in the feedback (once), keeping what the
    /// answer brought (its explanation) beneath.
    fn answered_notice(&mut self) {
        const NOTICE: &str = "This step is answered: n goes on.";
        if self.feedback.first().map(String::as_str) != Some(NOTICE) {
            self.feedback.insert(0, NOTICE.into());
        }
    }

    /// Shows the outcome of an answer to `step`, in the order the learner needs it.
    fn respond(&mut self, action: NextAction, verdict: &StepVerdict, step: &Step) {
        let (answer, explain, hint) = answer_of(step);
        let why = verdict.why.iter().map(|w| format!("  · {w}"));
        self.feedback.clear();
        match action {
            NextAction::Solved => {
                self.feedback.push("✓ Right.".into());
                self.feedback.push(explain);
            }
            NextAction::Retry => {
                self.feedback.push("✗ Not right.".into());
                self.feedback.extend(why);
                self.feedback
                    .push("Look again and try once more (i: hint).".into());
            }
            NextAction::RetryWithHint => {
                self.feedback.push("✗ Still not right.".into());
                self.feedback.extend(why);
                self.feedback.push(format!("Hint: {hint}"));
            }
            NextAction::Reveal => {
                self.feedback.push("✗ Not right.".into());
                self.feedback.extend(why);
                self.feedback.push(format!("The answer: {answer}"));
                self.feedback.extend(verdict.reveal.iter().cloned());
                self.feedback.push(explain);
            }
        }
    }

    fn find_move(&mut self, sq: Square) -> Effects {
        let Step::FindMove(fm) = self.step().clone() else {
            return Vec::new();
        };
        if self.attempts.is_done() {
            self.answered_notice();
            return Vec::new();
        }
        let verdict = fm.judge(sq, None);
        if !verdict.legal {
            self.feedback = verdict.why.clone();
            return Vec::new();
        }
        let action = self.attempts.record(verdict.correct);
        let step = self.step().clone();
        self.respond(action, &verdict, &step);
        if !verdict.correct {
            self.missed = vec![(fm.setup.position, sq)];
            self.refutation = Asked::Not;
            self.feedback.push(REFUTATION_OFFER.into());
        }
        if verdict.correct {
            let before = fm.setup.position;
            self.flips = before.board.flips(sq).into_iter().collect();
            self.last = Some(sq);
            self.shown = before.play_unchecked(sq);
        }
        self.settle()
    }

    fn answer(&mut self, text: &str) -> Effects {
        let Step::Question(q) = self.step().clone() else {
            self.say("Nothing to answer here: this step asks for no number.");
            return Vec::new();
        };
        if self.attempts.is_done() {
            self.answered_notice();
            return Vec::new();
        }
        let given = panel::resolve_answer(&q, text);
        let verdict = q.judge(&given);
        let action = self.attempts.record(verdict.correct);
        let step = self.step().clone();
        self.respond(action, &verdict, &step);
        self.settle()
    }

    fn next(&mut self) -> Effects {
        if !self.done() {
            self.say("Answer first, or press s to see the answer.");
            return Vec::new();
        }
        if self.index + 1 >= self.lesson.steps.len() {
            return match self.finished {
                Some(stars) => self.offer(stars),
                None => self.settle(),
            };
        }
        let tries = self.step().is_interactive().then_some(self.attempts);
        let change = ProgressChange::LessonStep {
            lesson: self.lesson.id.clone(),
            tries,
            resume: self.index + 1,
        };
        let mut effects = Vec::new();
        if tries.is_some() {
            let record = crate::tutor::coach::lesson_record(&self.lesson, self.index, tries, false);
            effects.push(Effect::Progress(ProgressChange::Coach(Box::new(
                crate::tutor::coach::CoachEvent::Lesson(record),
            ))));
        }
        self.index += 1;
        self.enter_step();
        effects.push(Effect::Progress(change));
        effects.extend(self.settle());
        effects
    }

    fn back(&mut self) -> Effects {
        if self.index == 0 {
            self.say("This is the lesson's first step.");
            return Vec::new();
        }
        self.index -= 1;
        self.enter_step();
        Vec::new()
    }

    fn hint(&mut self) {
        let text = match self.step() {
            Step::FindMove(f) => Some(f.hint()),
            Step::Question(q) => Some(q.hint()),
            Step::PlayOut(p) => Some(p.hint()),
            Step::Read(_) => None,
        };
        match text {
            None => self.say("No hint here: this step only reads (n goes on)."),
            Some(_) if self.attempts.is_done() => self.answered_notice(),
            Some(t) => {
                self.attempts.take_hint();
                self.feedback.push(format!("Hint: {t}"));
            }
        }
    }

    fn show_answer(&mut self) -> Effects {
        if !self.step().is_interactive() {
            self.say("Nothing to show: this step only reads (n goes on).");
            return Vec::new();
        }
        if self.attempts.is_done() {
            self.answered_notice();
            return Vec::new();
        }
        self.attempts.give_up();
        self.job.cancel();
        let (answer, explain, _) = answer_of(self.step());
        self.feedback = vec![format!("The answer: {answer}"), explain];
        self.settle()
    }

    /// The "well done" dialog: the lesson's puzzles, a game, the opening trainer
    /// (after the opening lesson) or the list.
    fn offer(&mut self, stars: u8) -> Effects {
        let lesson = &self.lesson;
        let openings = lesson.concepts.iter().any(|c| c == "opening");
        self.offered = vec![Next::Puzzles, Next::Game];
        let mut items = vec![
            "its puzzles, easiest first (p)".to_string(),
            format!("a game: {} (g)", lesson_game(lesson).task),
        ];
        let mut keys = vec![Some(Key::Char('p')), Some(Key::Char('g'))];
        if openings {
            self.offered.push(Next::Openings);
            items.push("the named opening lines, in the opening trainer (o)".into());
            keys.push(Some(Key::Char('o')));
        }
        self.offered.push(Next::Lessons);
        items.push("back to the lessons (Esc)".into());
        keys.push(None);
        vec![Effect::Choose {
            title: "Well done".into(),
            text: format!(
                "{}\n\nLesson finished: {} ({stars} of 3 stars).\n\nPractise it now:",
                lesson.title,
                panel::stars_text(stars)
            ),
            items,
            keys,
            input: None,
        }]
    }

    fn leave(&mut self) -> Effects {
        self.job.cancel();
        vec![Effect::Go(Route::Lessons(Some(self.lesson.id.clone())))]
    }
}

/// A step's answer as said, its explanation and its hint.
fn answer_of(step: &Step) -> (String, String, String) {
    match step {
        Step::FindMove(f) => (f.answer_text(), f.explain.clone(), f.hint()),
        Step::Question(q) => (q.answer.to_string(), q.explain.clone(), q.hint()),
        Step::PlayOut(p) => (p.hint(), p.explain.clone(), p.hint()),
        Step::Read(_) => (String::new(), String::new(), String::new()),
    }
}

impl BoardModel for LessonScreen {
    type Action = StepAction;
    type Task = Work;

    fn id(&self) -> ScreenId {
        ScreenId::Lesson
    }

    fn keys(&self) -> &'static [Binding<StepAction>] {
        STEP_KEYS
    }

    fn lead(&self) -> String {
        format!("{}; {ANSWER_KEYS}", crate::tutor::screen::BOARD_KEYS)
    }

    fn act(&mut self, action: StepAction, _context: Context) -> Effects {
        match action {
            StepAction::Refutation => self.refutation(),
            StepAction::LineBack => {
                self.step_line(false);
                Vec::new()
            }
            StepAction::LineForward => {
                self.step_line(true);
                Vec::new()
            }
            StepAction::Next => self.next(),
            StepAction::Back => self.back(),
            StepAction::Hint => {
                self.hint();
                Vec::new()
            }
            StepAction::ShowAnswer => self.show_answer(),
            StepAction::Leave => self.leave(),
        }
    }

    fn choose(&mut self, square: Square, _context: Context) -> Effects {
        if self.refutation.view().is_some() {
            // The board shows the refutation's line: the move is for the step, whose
            // board comes back with it (r shows the refutation again).
            self.refutation = Asked::Not;
        }
        match self.step().clone() {
            Step::FindMove(_) => self.find_move(square),
            Step::Question(q) => {
                // Questions whose choices are squares can be answered on the board.
                if q.choices
                    .iter()
                    .any(|c| c.eq_ignore_ascii_case(&square.to_string()))
                {
                    self.answer(&square.to_string())
                } else {
                    self.say("Type the answer, then Enter.");
                    Vec::new()
                }
            }
            Step::PlayOut(_) => self.play_out(square),
            Step::Read(_) => {
                self.say("Nothing to play here: n goes on.");
                Vec::new()
            }
        }
    }

    fn finished(&mut self, ticket: Ticket, output: Done) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match output {
            Done::Own(choice) => self.replied(choice),
            Done::Refuted(result) => self.refuted(*result),
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        if self.refutation.fail() {
            self.say("The refutation could not be worked out.");
        } else {
            if let Some(play) = self.play.as_mut() {
                play.spoiled = true;
            }
            self.say("The opponent could not reply: Enter or a click sets the position up again.");
        }
        Vec::new()
    }

    fn chosen(&mut self, answer: Answer) -> Effects {
        let offered = std::mem::take(&mut self.offered);
        let next = match answer {
            Answer::Item(i) => offered.get(i).copied().unwrap_or(Next::Lessons),
            Answer::Text(_) | Answer::Cancel => Next::Lessons,
        };
        match next {
            Next::Puzzles => {
                let puzzles = crate::tutor::content::load_puzzles().unwrap_or_default();
                match lesson_puzzles(&self.lesson, &puzzles) {
                    Some(run) => vec![Effect::Go(Route::Puzzles(Some(run)))],
                    None => {
                        self.say("No puzzle practises this lesson yet.");
                        Vec::new()
                    }
                }
            }
            Next::Game => vec![Effect::Go(Route::Practice(Box::new(lesson_game_setup(
                &self.lesson,
            ))))],
            Next::Openings => vec![Effect::Go(Route::Openings(None))],
            Next::Lessons => self.leave(),
        }
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Applied::Stars(stars) = applied {
            self.finished = Some(stars);
        }
        if let Some(e) = error {
            self.feedback
                .push(format!("Your progress could not be saved: {e}"));
        }
        Vec::new()
    }

    fn answer_key(&mut self, key: AnswerKey) -> Option<Effects> {
        let asking = matches!(self.step(), Step::Question(_)) && !self.attempts.is_done();
        if !asking {
            return None;
        }
        let allowed = match self.step() {
            Step::Question(q) if q.ask.is_square_choice() => SQUARE_ANSWER_CHARS,
            _ => ANSWER_CHARS,
        };
        match self.typed.key(key, allowed) {
            (false, _) => None,
            (true, Some(text)) => Some(self.answer(&text)),
            (true, None) => Some(Vec::new()),
        }
    }

    fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn shown(&self) -> Shown {
        let step = self.step();
        let question = matches!(step, Step::Question(_));
        if let Some(board) = self.refutation.scene() {
            return Shown {
                board,
                title: "Lesson".into(),
                panel: panel::text(self),
                verdict: verdict(&self.feedback),
                status: String::new(),
                input: None,
            };
        }
        let (last, flips) = match &self.play {
            Some(p) => {
                let (last, flips) = playout::last_move_of(&p.game);
                (last.or(self.last), flips)
            }
            None => (self.last, self.flips.clone()),
        };
        Shown {
            board: BoardScene {
                position: self.position(),
                last,
                flips,
                labels: Vec::new(),
                highlights: step.highlight().to_vec(),
                // Legal-move markers would give away questions such as "how many moves".
                markers: !question,
            },
            title: "Lesson".into(),
            panel: panel::text(self),
            verdict: verdict(&self.feedback),
            status: String::new(),
            input: (question && !self.attempts.is_done())
                .then(|| format!("Answer: {}_", self.typed.text())),
        }
    }
}

/// What the feedback of a wrong move offers.
const REFUTATION_OFFER: &str = "r: the refutation: what the move costs, the reply that punishes it, and why the better move is right.";

/// The verdict line: the first line of the latest feedback (✓ or ✗, or what the key
/// did) and any hint or answer asked for, in sight at every size (the panel keeps the
/// explanation).
fn verdict(feedback: &[String]) -> Option<Verdict> {
    super::verdict_of(feedback, |l| {
        l.starts_with("Hint: ") || l.starts_with("The answer: ")
    })
}
