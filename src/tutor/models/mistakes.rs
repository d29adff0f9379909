//! The "learn from your mistakes" screen's model: the mistakes of one practice game
//! asked back one by one as "find a better move" on the position before the move,
//! nothing of the answer shown first; each answer judged as engine work, as practice
//! grades ([`crate::tutor::mistakes`]). A right answer (book, best or good) takes the
//! mistake out of the queue; a wrong one shows its refutation (stepped with the line
//! keys) and puts the mistake in the spaced review as a personal puzzle. Every answer
//! is recorded for the coach. No terminal code.
//!
//! ```
//! use othello_tutor::engine::{Position, Square};
//! use othello_tutor::tutor::feedback::Grade;
//! use othello_tutor::tutor::mistakes::{MistakeRun, OpenedFrom};
//! use othello_tutor::tutor::models::mistakes::MistakesScreen;
//! use othello_tutor::tutor::personal::GradedMistake;
//! use othello_tutor::tutor::screen::BoardModel;
//!
//! let sq = |t: &str| Square::parse(t).unwrap();
//! let mistake = GradedMistake {
//!     position: Position::start(), played: sq("d3"), grade: Grade::Mistake, best: sq("f5"),
//!     best_value: 0, played_value: -6, exact: false, depth: 14, number: 1, game: String::new(),
//! };
//! let run = MistakeRun { mistakes: vec![mistake], opponent: "Greedy".into(), from: OpenedFrom::Coach };
//! let screen = MistakesScreen::new(run, 1500.0);
//! assert!(screen.shown().panel.contains("Find a better move"));
//! assert!(!screen.shown().panel.contains("f5"));
//! ```

use crate::engine::Square;
use crate::engine::search::Searcher;
use crate::tutor::coach::{CoachEvent, RelearnRecord};
use crate::tutor::explain::illegal_reason;
use crate::tutor::feedback::GOOD_MAX_LOSS;
use crate::tutor::feedback::summary_line;
use crate::tutor::mistakes::{JudgeError, Judged, MistakeRun, OpenedFrom, judge};
use crate::tutor::models::asked::Asked;
use crate::tutor::personal::GradedMistake;
use crate::tutor::screen::{
    Applied, Binding, BoardModel, BoardScene, Context, Effect, EngineTask, JobSlot, Key,
    ProgressChange, Route, ScreenId, Shown, Ticket,
};
use crate::tutor::text::{count, count_with, push_lines};

/// The screen's engine work: judging an answer.
#[derive(Clone, Debug)]
pub struct JudgeTask {
    /// The mistake asked back.
    pub mistake: Box<GradedMistake>,
    /// The learner's answer.
    pub answer: Square,
    /// The learner's puzzle rating (a personal puzzle starts there).
    pub rating: f64,
    /// The time.
    pub now: u64,
}

impl EngineTask for JudgeTask {
    type Output = Result<Judged, JudgeError>;

    fn run(self, searcher: &mut Searcher) -> Result<Judged, JudgeError> {
        judge(searcher, &self.mistake, self.answer, self.rating, self.now)
    }
}

type Effects = Vec<Effect<JudgeTask>>;

/// The screen's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MistakesAction {
    /// On to the next mistake (once this one is answered).
    Next,
    /// After a wrong answer: the refutation, or the position again (a toggle).
    Refutation,
    /// One move back through the refutation's line.
    LineBack,
    /// One move on through the refutation's line.
    LineForward,
    /// Back where the screen was opened from.
    Leave,
}

/// The screen's keys.
pub const MISTAKES_KEYS: &[Binding<MistakesAction>] = &[
    Binding {
        keys: &[Key::Char('n')],
        action: MistakesAction::Next,
        footer: "next mistake",
        help: "once you have answered: the next of your mistakes",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: MistakesAction::Refutation,
        footer: "refutation",
        help: "after a wrong answer: its refutation on the board, or the position again",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: MistakesAction::LineBack,
        footer: "line back",
        help: "one move back through the refutation's line",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: MistakesAction::LineForward,
        footer: "line on",
        help: "one move on through the refutation's line, then the better move's",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: MistakesAction::Leave,
        footer: "back",
        help: "back to the game (or the coach) you came from",
    },
];

/// How the refutation's line is stepped, as the key table says it.
const LINE_KEYS: &str = "[ and ]";

/// Where the current mistake stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Waiting for an answer.
    Asking,
    /// The answer is being judged.
    Judging(Square),
    /// Answered: the judgement.
    Answered(Box<Judged>),
    /// Every mistake was asked.
    Done,
}

/// How one mistake went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MistakeResult {
    /// Found a move within the tolerance: out of the queue.
    Solved,
    /// Missed: into the spaced review.
    Missed,
}

/// The "learn from your mistakes" screen.
#[derive(Clone, Debug)]
pub struct MistakesScreen {
    run: MistakeRun,
    current: usize,
    stage: Stage,
    results: Vec<MistakeResult>,
    refutation: Asked,
    lines: Vec<String>,
    rating: f64,
    job: JobSlot,
    /// Personal puzzles added to the review queue so far.
    queued: usize,
    /// When the answer being judged was played (seconds since the epoch).
    answered_at: u64,
}

impl MistakesScreen {
    /// The screen on `run`'s mistakes; `rating`: the learner's puzzle rating.
    pub fn new(run: MistakeRun, rating: f64) -> MistakesScreen {
        let stage = if run.mistakes.is_empty() {
            Stage::Done
        } else {
            Stage::Asking
        };
        MistakesScreen {
            run,
            current: 0,
            stage,
            results: Vec::new(),
            refutation: Asked::Not,
            lines: Vec::new(),
            rating,
            job: JobSlot::default(),
            queued: 0,
            answered_at: 0,
        }
    }

    /// The mistake asked now (none once every one was asked).
    pub fn mistake(&self) -> Option<&GradedMistake> {
        match self.stage {
            Stage::Done => None,
            _ => self.run.mistakes.get(self.current),
        }
    }

    /// How each answered mistake went, in order.
    pub fn results(&self) -> &[MistakeResult] {
        &self.results
    }

    /// Whether every mistake was asked.
    pub fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The refutation shown after a wrong answer.
    pub fn refutation(&self) -> &Asked {
        &self.refutation
    }

    /// The position of the mistake asked (or the last one's).
    fn position(&self) -> crate::engine::Position {
        self.run
            .mistakes
            .get(self.current)
            .or(self.run.mistakes.last())
            .map_or_else(crate::engine::Position::start, |m| m.position)
    }

    /// Personal puzzles this screen put in the review queue.
    pub fn queued(&self) -> usize {
        self.queued
    }

    fn solved_count(&self) -> usize {
        self.results
            .iter()
            .filter(|r| **r == MistakeResult::Solved)
            .count()
    }

    fn answered(&mut self, judged: Judged, now: u64) -> Effects {
        let Some(m) = self.run.mistakes.get(self.current).cloned() else {
            return Vec::new();
        };
        let fb = &judged.feedback;
        let solved = judged.solved();
        let mut effects = vec![Effect::Progress(ProgressChange::Coach(Box::new(
            CoachEvent::Relearned(RelearnRecord {
                seq: 0,
                at: now,
                position: crate::engine::notation::to_obf(&m.position),
                played: m.played.to_string(),
                answer: judged.answer.to_string(),
                solved,
            }),
        )))];
        self.lines.clear();
        if solved {
            self.results.push(MistakeResult::Solved);
            self.lines.push(format!("✓ {}", summary_line(fb)));
            self.lines.push(format!(
                "In the game you played {}, graded {} worse than {}. This mistake leaves the queue.",
                m.played,
                count(m.loss() as usize, "disc"),
                m.best
            ));
            self.refutation = Asked::Not;
        } else {
            self.results.push(MistakeResult::Missed);
            self.lines.push(format!("✗ {}", summary_line(fb)));
            match judged.refutation.clone() {
                Some(r) => {
                    let line = self.refutation.settle(r);
                    if let Asked::Unavailable(_) = self.refutation {
                        self.lines.push(line);
                    }
                }
                None => self.refutation = Asked::Not,
            }
            match judged.puzzle.clone() {
                Some(p) => effects.push(Effect::Progress(ProgressChange::AddPersonal {
                    puzzles: vec![p],
                    now,
                })),
                None => self.lines.push(
                    "The engine's second look no longer confirms the game's mistake: it is not put in your review."
                        .into(),
                ),
            }
        }
        self.stage = Stage::Answered(Box::new(judged));
        effects
    }

    fn next(&mut self) -> Effects {
        match self.stage {
            Stage::Asking => {
                self.lines =
                    vec!["Play your answer first: a move on the board (n then goes on).".into()];
            }
            Stage::Judging(_) => {
                self.lines = vec!["Your answer is being judged: a moment.".into()];
            }
            Stage::Answered(_) => {
                self.refutation = Asked::Not;
                self.current += 1;
                self.lines.clear();
                self.stage = if self.current < self.run.mistakes.len() {
                    Stage::Asking
                } else {
                    Stage::Done
                };
            }
            Stage::Done => {
                self.lines = vec!["That was the last of them: Esc goes back.".into()];
            }
        }
        Vec::new()
    }

    fn toggle_refutation(&mut self) {
        let judged = match &self.stage {
            Stage::Answered(j) if !j.solved() => j,
            _ => {
                self.lines = vec!["r shows the refutation of a wrong answer.".into()];
                return;
            }
        };
        match &self.refutation {
            Asked::Shown(_) => {
                self.refutation = Asked::Not;
                self.lines = vec!["The position again: r shows the refutation.".into()];
            }
            _ => {
                if let Some(r) = judged.refutation.clone() {
                    let line = self.refutation.settle(r);
                    self.lines = vec![line];
                }
            }
        }
    }

    fn step_line(&mut self, forward: bool) {
        let Some(view) = self.refutation.view_mut() else {
            self.lines = vec![
                "[ and ] step through a refutation: one is shown after a wrong answer.".into(),
            ];
            return;
        };
        let moved = if forward { view.forward() } else { view.back() };
        let caption = view.caption();
        self.lines = vec![if moved {
            caption
        } else if forward {
            "That is the end of the line: [ goes back.".into()
        } else {
            "That is the position before your answer: ] goes on.".into()
        }];
    }

    fn leave(&mut self) -> Effects {
        self.job.cancel();
        match self.run.from {
            OpenedFrom::Practice => vec![Effect::Close],
            OpenedFrom::Coach => vec![Effect::Go(Route::Coach)],
        }
    }

    fn heading(&self) -> String {
        let n = self.run.mistakes.len();
        let mut out = format!(
            "Mistake {} of {n} · vs {}\nSolved {} · to review {}\n\n",
            (self.current + 1).min(n),
            self.run.opponent,
            self.solved_count(),
            self.results.len() - self.solved_count()
        );
        if let Some(m) = self.mistake() {
            out.push_str(&format!(
                "Move {}, {} to play.\nIn the game you played {}: {} ({}).\n",
                m.number,
                m.position.to_move,
                m.played,
                m.grade,
                count(m.loss() as usize, "disc") + " lost"
            ));
        }
        out
    }

    fn panel(&self) -> String {
        let mut out = self.heading();
        match &self.stage {
            Stage::Asking => out.push_str(&format!(
                "Find a better move: one that loses at most {} against the best counts.\n",
                count(GOOD_MAX_LOSS as usize, "disc")
            )),
            Stage::Judging(sq) => out.push_str(&format!("Judging {sq}…\n")),
            Stage::Answered(j) if j.solved() => {
                out.push_str("n: the next mistake\n");
            }
            Stage::Answered(_) => {
                out.push_str("It goes into your spaced review (Puzzles).\nn: the next mistake\n");
            }
            Stage::Done => {
                let (solved, missed) = (
                    self.solved_count(),
                    self.results.len() - self.solved_count(),
                );
                if self.run.mistakes.is_empty() {
                    out.push_str("No inaccuracy, mistake or blunder of yours in this game.\n");
                } else {
                    out.push_str(&format!(
                        "Done: you found a better move for {solved} of {}.\n",
                        count(self.run.mistakes.len(), "mistake")
                    ));
                    if missed > 0 {
                        out.push_str(&format!(
                            "{} into your spaced review: Puzzles brings {} back.\n",
                            count_with(missed, "mistake went", "mistakes went"),
                            if missed == 1 { "it" } else { "them" }
                        ));
                    }
                }
                out.push_str("Esc: back\n");
            }
        }
        // The first line is the verdict, shown under the board.
        push_lines(&mut out, self.lines.get(1..).unwrap_or_default());
        push_lines(&mut out, &self.refutation.panel_lines(LINE_KEYS));
        out
    }
}

impl BoardModel for MistakesScreen {
    type Action = MistakesAction;
    type Task = JudgeTask;

    fn id(&self) -> ScreenId {
        ScreenId::Mistakes
    }

    fn keys(&self) -> &'static [Binding<MistakesAction>] {
        MISTAKES_KEYS
    }

    fn act(&mut self, action: MistakesAction, _context: Context) -> Effects {
        match action {
            MistakesAction::Next => self.next(),
            MistakesAction::Refutation => {
                self.toggle_refutation();
                Vec::new()
            }
            MistakesAction::LineBack => {
                self.step_line(false);
                Vec::new()
            }
            MistakesAction::LineForward => {
                self.step_line(true);
                Vec::new()
            }
            MistakesAction::Leave => self.leave(),
        }
    }

    fn choose(&mut self, square: Square, context: Context) -> Effects {
        match self.stage {
            Stage::Asking => {}
            Stage::Judging(_) => {
                self.lines = vec!["Your answer is being judged: a moment.".into()];
                return Vec::new();
            }
            Stage::Answered(_) => {
                self.lines = vec!["You have answered this one: n goes on to the next.".into()];
                return Vec::new();
            }
            Stage::Done => {
                self.lines = vec!["That was the last of them: Esc goes back.".into()];
                return Vec::new();
            }
        }
        let Some(m) = self.mistake().cloned() else {
            return Vec::new();
        };
        if !m.position.board.is_legal(square) {
            self.lines = vec![format!("✗ {}", illegal_reason(&m.position, square))];
            return Vec::new();
        }
        self.stage = Stage::Judging(square);
        self.answered_at = context.now;
        self.lines = vec![format!("{square} played: judging it as practice grades…")];
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            JudgeTask {
                mistake: Box::new(m),
                answer: square,
                rating: self.rating,
                now: context.now,
            },
        )]
    }

    fn finished(&mut self, ticket: Ticket, output: Result<Judged, JudgeError>) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match output {
            Ok(judged) => self.answered(judged, self.answered_at),
            Err(e) => {
                self.stage = Stage::Asking;
                self.lines = vec![format!(
                    "Your answer could not be judged ({e}): play it again."
                )];
                Vec::new()
            }
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if self.job.accept(ticket) {
            self.stage = Stage::Asking;
            self.lines = vec!["The engine failed on your answer: play it again.".into()];
        }
        Vec::new()
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Some(e) = error {
            self.lines
                .push(format!("Your progress could not be saved: {e}"));
        } else if let Applied::Added(n) = applied {
            self.queued += n;
            if n == 0 {
                self.lines
                    .push("It was already in your review queue.".to_string());
            }
        }
        Vec::new()
    }

    fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn shown(&self) -> Shown {
        let board = self
            .refutation
            .scene()
            .unwrap_or_else(|| match &self.stage {
                Stage::Done => BoardScene {
                    markers: false,
                    ..BoardScene::plain(self.position())
                },
                Stage::Answered(j) => BoardScene {
                    highlights: vec![j.answer],
                    markers: false,
                    ..BoardScene::plain(self.position())
                },
                _ => BoardScene::plain(self.position()),
            });
        Shown {
            board,
            title: "Learn from your mistakes".into(),
            panel: self.panel(),
            verdict: super::verdict_of(&self.lines, |_| false),
            status: String::new(),
            input: None,
        }
    }
}
