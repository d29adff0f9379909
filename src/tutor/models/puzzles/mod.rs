//! The puzzle trainer's model: which puzzle is served (a due review first, else one
//! near the learner's rating, a theme, easier or harder; or a lesson's own puzzles in
//! order), the learner's moves judged (a wrong one valued off the interface's thread
//! for the near-miss rule), the engine's replies in a line, the result recorded in the
//! saved progress, and the solution to step through. No terminal code.
//!
//! ```
//! use othello_tutor::tutor::models::puzzles::{Action, PuzzleScreen};
//! use othello_tutor::tutor::content::load_puzzles;
//! use othello_tutor::tutor::puzzle_progress::PuzzleProgress;
//! use othello_tutor::tutor::screen::{BoardModel, Context};
//! use othello_tutor::engine::Square;
//!
//! let puzzles = load_puzzles().unwrap();
//! let (mut screen, _) = PuzzleScreen::new(puzzles, PuzzleProgress::default(), None, 0);
//! let cx = Context { cursor: Square::A1, now: 0 };
//! screen.act(Action::SolutionForward, cx);
//! assert_eq!(
//!     screen.shown().verdict.unwrap().text,
//!     "[ and ] step through the solution once the puzzle is over."
//! );
//! ```

pub mod keys;
mod panel;
mod refute;
mod serve;

pub use keys::{Action, KEYS};
pub use refute::{Done, Work};
pub use serve::{choose, solution_position};

use crate::engine::search::Searcher;
use crate::engine::{Move, Position, Square};
use crate::tutor::course::LessonRun;
use crate::tutor::explain::plural;
use crate::tutor::models::asked::Asked;
use crate::tutor::puzzle::{Focus, Puzzle, Theme};
use crate::tutor::puzzle_progress::PuzzleProgress;
use crate::tutor::rating::{NEAR_MISS_DISCS, Outcome};
use crate::tutor::screen::{
    Answer, Applied, Binding, BoardModel, BoardScene, Context, Effect, EngineTask, JobSlot, Key,
    ProgressChange, PuzzleMode, Route, ScreenId, Shown, Ticket, Verdict,
};

type Effects = Vec<Effect<Work>>;

/// Where the puzzle on the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Solving,
    /// A wrong move is being valued (the near-miss rule).
    Judging(Square),
    Solved,
    Failed,
}

/// The engine work of the trainer: whether a wrong move is a near miss (within
/// [`NEAR_MISS_DISCS`] of the best with perfect play).
#[derive(Clone, Debug)]
pub struct NearMiss {
    /// The puzzle.
    pub puzzle: Box<Puzzle>,
    /// The step the move was played at.
    pub step: usize,
    /// The move.
    pub played: Square,
}

impl EngineTask for NearMiss {
    type Output = bool;

    fn run(self, searcher: &mut Searcher) -> bool {
        self.puzzle
            .is_near_miss(self.step, self.played, searcher.solver())
    }
}

/// The unrated modes, in the menu's order, with their line.
pub const MODES: [(PuzzleMode, &str); 3] = [
    (
        PuzzleMode::Storm,
        "1  Storm    as many as you can in 3 minutes; a miss costs 10 s",
    ),
    (
        PuzzleMode::Streak,
        "2  Streak   puzzles of rising rating until the first miss",
    ),
    (
        PuzzleMode::EndgameDrill,
        "3  Endgame  state the final score of a 6-14 empties endgame",
    ),
];

/// What an open dialog's answer means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asking {
    Nothing,
    Modes,
    RunOver,
}

/// The puzzle trainer's state and flow.
#[derive(Clone, Debug)]
pub struct PuzzleScreen {
    puzzles: Vec<Puzzle>,
    /// The saved puzzle progress, as the last change left it.
    progress: PuzzleProgress,
    current: Option<Puzzle>,
    step: usize,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    phase: Phase,
    /// Moves of the solution shown while stepping through it.
    viewing: Option<usize>,
    /// What the last action brought: the verdict first, then the details.
    lines: Vec<String>,
    focus: Option<Focus>,
    /// Rating offset for easier (-) or harder (+) puzzles.
    offset: f64,
    run: Option<LessonRun>,
    run_index: usize,
    run_solved: usize,
    job: JobSlot,
    asking: Asking,
    /// Puzzles skipped unsolved in this session.
    skipped: Vec<String>,
    /// The time of the last action (for due reviews on the panel).
    now: u64,
    /// The learner's wrong move on this puzzle and the position it was played in.
    missed: Option<(Position, Square)>,
    /// The refutation asked for.
    refutation: Asked,
}

impl PuzzleScreen {
    /// The trainer over `puzzles` (the embedded and the personal ones) with the saved
    /// `progress`; with `run`, a lesson's puzzles in order. Serves the first puzzle.
    pub fn new(
        puzzles: Vec<Puzzle>,
        progress: PuzzleProgress,
        run: Option<LessonRun>,
        now: u64,
    ) -> (PuzzleScreen, Effects) {
        let mut screen = PuzzleScreen {
            puzzles,
            progress,
            current: None,
            step: 0,
            shown: Position::start(),
            last: None,
            flips: Vec::new(),
            phase: Phase::Solving,
            viewing: None,
            lines: Vec::new(),
            focus: None,
            offset: 0.0,
            run,
            run_index: 0,
            run_solved: 0,
            job: JobSlot::default(),
            asking: Asking::Nothing,
            skipped: Vec::new(),
            now,
            missed: None,
            refutation: Asked::Not,
        };
        let effects = screen.serve(now);
        (screen, effects)
    }

    /// The trainer over `puzzles` with the saved `progress`, serving the puzzles of
    /// `focus` only (the learner may change the theme): the coach's link to a
    /// concept.
    pub fn on_focus(
        puzzles: Vec<Puzzle>,
        progress: PuzzleProgress,
        focus: Focus,
        now: u64,
    ) -> (PuzzleScreen, Effects) {
        let (mut screen, _) = PuzzleScreen::new(Vec::new(), progress, None, now);
        screen.puzzles = puzzles;
        screen.focus = Some(focus);
        let effects = screen.serve(now);
        (screen, effects)
    }

    /// The puzzle on the board.
    pub fn current(&self) -> Option<&Puzzle> {
        self.current.as_ref()
    }

    /// The puzzle progress as the screen last saw it saved.
    pub fn progress(&self) -> &PuzzleProgress {
        &self.progress
    }

    /// Serves the next puzzle (or ends a lesson's run).
    fn serve(&mut self, now: u64) -> Effects {
        self.now = now;
        self.job.cancel();
        let chosen: Option<Puzzle> = match &self.run {
            Some(run) => run
                .ids
                .get(self.run_index)
                .and_then(|id| self.puzzles.iter().find(|p| &p.id == id))
                .cloned(),
            None => {
                // Puzzles skipped unsolved wait until every other one was served.
                let pool: Vec<Puzzle> = self
                    .puzzles
                    .iter()
                    .filter(|p| !self.skipped.contains(&p.id))
                    .cloned()
                    .collect();
                choose(&self.progress, &pool, now, self.focus, self.offset)
                    .or_else(|| {
                        self.skipped.clear();
                        choose(&self.progress, &self.puzzles, now, self.focus, self.offset)
                    })
                    .cloned()
            }
        };
        let run_over = self.run.is_some() && chosen.is_none();
        self.lines.clear();
        self.phase = Phase::Solving;
        self.step = 0;
        self.viewing = None;
        self.missed = None;
        self.refutation = Asked::Not;
        self.last = None;
        self.flips.clear();
        match chosen {
            Some(p) => {
                self.shown = p.position;
                if p.is_personal() {
                    self.lines
                        .push("From your own game: you missed this move there (unrated).".into());
                } else if self
                    .progress
                    .review
                    .get(&p.id)
                    .is_some_and(|e| e.due <= now)
                {
                    self.lines
                        .push("A review: you missed this one before.".into());
                }
                self.current = Some(p);
            }
            None => {
                self.current = None;
                if !run_over {
                    self.lines
                        .push("No puzzle fits this choice: t changes the theme.".into());
                }
            }
        }
        if run_over {
            return self.finish_run();
        }
        Vec::new()
    }

    /// A lesson's run is over: its score saved, and the learner told.
    fn finish_run(&mut self) -> Effects {
        let Some(run) = self.run.clone() else {
            return Vec::new();
        };
        let total = run.ids.len();
        let solved = self.run_solved;
        let passed = solved >= run.pass_mark;
        let verdict = if passed {
            "Passed."
        } else {
            "Not passed yet: the lesson's puzzles can be tried again from the lesson list (z)."
        };
        self.lines = vec![format!("You solved {solved} of {total}. {verdict}")];
        self.asking = Asking::RunOver;
        vec![
            Effect::Progress(ProgressChange::LessonPuzzles {
                lesson: run.lesson_id.clone(),
                solved: solved as u32,
                total: total as u32,
            }),
            Effect::Choose {
                title: "Lesson puzzles".into(),
                text: format!(
                    "{}\n\nYou solved {solved} of {total} (pass mark {}). {verdict}",
                    run.title, run.pass_mark
                ),
                items: vec!["Back to the lessons".into()],
                keys: vec![None],
                input: None,
            },
        ]
    }

    fn say(&mut self, line: impl Into<String>) {
        self.lines = vec![line.into()];
    }

    fn played(&mut self, sq: Square, now: u64) -> Effects {
        self.now = now;
        let Some(p) = self.current.clone() else {
            self.say("No puzzle on the board: n serves one, t changes the theme.");
            return Vec::new();
        };
        match self.phase {
            Phase::Solving => {}
            Phase::Judging(_) => {
                self.say("Your move is being judged: a moment.");
                return Vec::new();
            }
            Phase::Solved | Phase::Failed => {
                self.say("This puzzle is over: n gives the next one.");
                return Vec::new();
            }
        }
        let j = p.judge(self.step, sq);
        if !j.legal {
            self.lines = j.why.clone();
            return Vec::new();
        }
        if j.correct {
            let before = p.steps[self.step].position;
            self.flips = before.board.flips(sq).into_iter().collect();
            self.last = Some(sq);
            self.shown = before.play_unchecked(sq);
            if self.step + 1 < p.steps.len() {
                // A line: the engine's reply, then the next move to find.
                let reply = p.steps[self.step].reply;
                self.step += 1;
                let reply_text = match reply {
                    Some(Move::Place(r)) => {
                        let mid = self.shown;
                        self.flips = mid.board.flips(r).into_iter().collect();
                        self.last = Some(r);
                        format!("{} replies {r}.", mid.to_move)
                    }
                    _ => "The opponent must pass.".to_string(),
                };
                self.shown = p.steps[self.step].position;
                self.say(format!("✓ {sq} is right. {reply_text} Find the next move."));
                return Vec::new();
            }
            self.phase = Phase::Solved;
            let answer = p.steps[self.step].answer;
            self.say(if sq == answer {
                format!("✓ {sq}: solved!")
            } else {
                format!("✓ {sq}: solved! {}", panel::accepted_note(&p, sq, answer))
            });
            return self.record(p, Outcome::Solved);
        }
        let mut lines = vec![format!("✗ {sq} is not it.")];
        lines.extend(j.why.iter().map(|w| format!("  · {w}")));
        self.lines = lines;
        self.phase = Phase::Judging(sq);
        self.missed = Some((p.steps[self.step].position, sq));
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            Work::Own(NearMiss {
                puzzle: Box::new(p),
                step: self.step,
                played: sq,
            }),
        )]
    }

    /// The result of the puzzle, for the saved progress.
    fn record(&mut self, puzzle: Puzzle, outcome: Outcome) -> Effects {
        if self.run.is_some() {
            self.run_index += 1;
            if outcome.solved() {
                self.run_solved += 1;
            }
        }
        vec![Effect::Progress(ProgressChange::PuzzleResult {
            puzzle: Box::new(puzzle),
            outcome,
            now: self.now,
        })]
    }

    fn step_solution(&mut self, forward: bool) {
        if self.refutation.view().is_some() {
            self.step_line(forward);
            return;
        }
        if matches!(self.phase, Phase::Solving | Phase::Judging(_)) {
            self.say("[ and ] step through the solution once the puzzle is over.");
            return;
        }
        let len = self.current.as_ref().map_or(0, |p| p.solution.len());
        let before = self.board();
        self.viewing = Some(if forward {
            self.viewing.map_or(1, |k| k + 1).min(len)
        } else {
            self.viewing.unwrap_or(0).saturating_sub(1)
        });
        if self.board() == before {
            self.say(if forward {
                "That is the end of the solution: [ goes back."
            } else {
                "That is the puzzle's start: ] goes forward."
            });
        }
    }

    fn modes(&mut self) -> Effects {
        self.asking = Asking::Modes;
        vec![Effect::Choose {
            title: "Puzzle modes (unrated)".into(),
            text: String::new(),
            items: MODES.iter().map(|(_, line)| line.to_string()).collect(),
            keys: (0..MODES.len())
                .map(|i| Some(Key::Char(char::from(b'1' + i as u8))))
                .collect(),
            input: None,
        }]
    }

    /// The board: the puzzle, the refutation's board, or the solution after
    /// `viewing` moves.
    fn board(&self) -> BoardScene {
        if let Some(board) = self.refutation.scene() {
            return board;
        }
        let (position, last, flips) = match (self.viewing, &self.current) {
            (Some(k), Some(p)) => solution_position(p, k),
            _ => (self.shown, self.last, self.flips.clone()),
        };
        BoardScene {
            position,
            last,
            flips,
            labels: Vec::new(),
            highlights: Vec::new(),
            markers: true,
        }
    }
}

impl PuzzleScreen {
    /// The near-miss rule's answer on the wrong move being judged.
    fn judged(&mut self, near: bool) -> Effects {
        let (Phase::Judging(sq), Some(p)) = (self.phase, self.current.clone()) else {
            return Vec::new();
        };
        self.phase = Phase::Failed;
        if near {
            self.lines.push(format!(
                "A near miss: {sq} is within {} of the best, so it counts as half a result for the ratings.",
                plural(NEAR_MISS_DISCS as u32, "disc", "discs")
            ));
        }
        let outcome = if near {
            Outcome::NearMiss
        } else {
            Outcome::Missed
        };
        self.record(p, outcome)
    }
}

impl BoardModel for PuzzleScreen {
    type Action = Action;
    type Task = Work;

    fn id(&self) -> ScreenId {
        ScreenId::Puzzles
    }

    fn keys(&self) -> &'static [Binding<Action>] {
        KEYS
    }

    fn act(&mut self, action: Action, context: Context) -> Effects {
        let now = context.now;
        match action {
            Action::Next | Action::Easier | Action::Harder | Action::Theme
                if matches!(self.phase, Phase::Judging(_)) =>
            {
                self.say("Your move is being judged: a moment.");
                Vec::new()
            }
            Action::Next => {
                let skipped = match (&self.current, self.phase) {
                    (Some(p), Phase::Solving) if self.run.is_none() => Some(p.id.clone()),
                    _ => None,
                };
                match skipped {
                    Some(id) => {
                        self.skipped.push(id.clone());
                        let effects = self.serve(now);
                        self.lines
                            .insert(0, format!("Puzzle {id} skipped (unrated)."));
                        effects
                    }
                    None => self.serve(now),
                }
            }
            Action::Easier => {
                self.offset = (self.offset - 200.0).max(-600.0);
                self.serve(now)
            }
            Action::Harder => {
                self.offset = (self.offset + 200.0).min(600.0);
                self.serve(now)
            }
            Action::Theme => {
                let all = Theme::ALL;
                // A temptation's set goes on with the first theme.
                self.focus = match self.focus {
                    None | Some(Focus::Tempted(_)) => Some(Focus::Theme(all[0])),
                    Some(Focus::Theme(t)) => all
                        .iter()
                        .position(|&x| x == t)
                        .and_then(|i| all.get(i + 1).copied())
                        .map(Focus::Theme),
                };
                self.serve(now)
            }
            Action::SolutionBack => {
                self.step_solution(false);
                Vec::new()
            }
            Action::SolutionForward => {
                self.step_solution(true);
                Vec::new()
            }
            Action::Refutation => self.refutation(),
            Action::Modes => self.modes(),
            Action::Leave => {
                self.job.cancel();
                vec![Effect::Go(Route::Menu)]
            }
        }
    }

    fn choose(&mut self, square: Square, context: Context) -> Effects {
        if self.refutation.view().is_some() {
            // The move is for the puzzle, whose board comes back with it.
            self.refutation = Asked::Not;
        }
        self.played(square, context.now)
    }

    fn finished(&mut self, ticket: Ticket, done: Done) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match done {
            Done::Own(near) => self.judged(near),
            Done::Refuted(result) => self.refuted(*result),
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        if self.refutation.fail() {
            self.say("The refutation could not be worked out.");
            return Vec::new();
        }
        // The near-miss rule could not be applied: the move counts as a plain miss.
        self.judged(false)
    }

    fn chosen(&mut self, answer: Answer) -> Effects {
        match std::mem::replace(&mut self.asking, Asking::Nothing) {
            Asking::Modes => match answer {
                Answer::Item(i) if i < MODES.len() => {
                    vec![Effect::Go(Route::PuzzleMode(MODES[i].0))]
                }
                _ => Vec::new(),
            },
            Asking::RunOver => {
                let id = self.run.as_ref().map(|r| r.lesson_id.clone());
                vec![Effect::Go(Route::Lessons(id))]
            }
            Asking::Nothing => Vec::new(),
        }
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Applied::Attempt(done) = applied {
            let (result, progress) = *done;
            self.progress = progress;
            let puzzle = self.current.clone();
            if result.rated {
                self.lines.push(format!(
                    "Your rating {:.0} → {:.0}; the puzzle's {:.0} → {:.0}.",
                    result.learner_before.rating,
                    result.learner_after.rating,
                    result.puzzle_before.rating,
                    result.puzzle_after.rating
                ));
                if let Some(theme) = puzzle.as_ref().and_then(|p| p.giveaway()) {
                    self.lines.push(format!(
                        "Its theme ({}) gives the answer away, so the ratings moved half as much.",
                        theme.label()
                    ));
                }
            } else {
                self.lines
                    .push("A replay of a puzzle you have seen: the ratings do not move.".into());
            }
            if self.phase == Phase::Failed {
                self.lines
                    .push("It goes into your review queue and comes back tomorrow.".into());
            }
        }
        if let Some(e) = error {
            self.lines
                .push(format!("Your progress could not be saved: {e}"));
        }
        Vec::new()
    }

    fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn shown(&self) -> Shown {
        Shown {
            board: self.board(),
            title: "Puzzle".into(),
            panel: panel::text(self),
            verdict: verdict(&self.lines),
            status: String::new(),
            input: None,
        }
    }
}

/// The verdict line: the first line of the latest result (✓ or ✗ and the move) and
/// what it did to the ratings, in sight at every size (the panel keeps the details).
fn verdict(lines: &[String]) -> Option<Verdict> {
    super::verdict_of(lines, |l| {
        l.starts_with("Your rating") || l.starts_with("A replay")
    })
}
