//! The Storm and Streak screens' model: the run's puzzles one after another, the
//! clock (Storm, read from the times the interface hands in), the score, a Storm
//! miss valued as engine work for the near-miss rule, and the best score kept in the
//! progress when the run ends. Once the run is over, each miss can be refuted in turn
//! (the refutation key, then the line keys step through it), as in the trainer.
//! Unrated. No terminal code.
//!
//! ```
//! use othello_tutor::tutor::models::runs::{RunAction, RunScreen};
//! use othello_tutor::tutor::progress::ModeRecords;
//! use othello_tutor::tutor::puzzle::timed::RunMode;
//! use othello_tutor::tutor::content::load_puzzles;
//! use othello_tutor::tutor::screen::BoardModel;
//!
//! let (screen, _) = RunScreen::new(RunMode::Storm, load_puzzles().unwrap(), ModeRecords::default(), 0);
//! assert!(screen.shown().panel.starts_with("3:00 left"));
//! ```

use super::puzzles::{Done, NearMiss, Work};
use crate::engine::{Move, Position, Square};
use crate::tutor::models::asked::{Asked, Press};
use crate::tutor::progress::ModeRecords;
use crate::tutor::puzzle::Puzzle;
use crate::tutor::puzzle::timed::{
    Played, Run, RunEnd, RunMode, STORM_NEAR_MISS_PENALTY, STORM_PENALTY, STORM_SECONDS,
};
use crate::tutor::refutation::RefuteTask;
use crate::tutor::screen::{
    Applied, Binding, BoardModel, BoardScene, Context, Effect, JobSlot, Key, ProgressChange, Route,
    ScreenId, Shown, Ticket, Verdict,
};
use crate::tutor::text::push_lines;

type Effects = Vec<Effect<Work>>;

/// The run screens' actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunAction {
    /// A new run.
    Restart,
    /// Once the run is over: the refutation of the next miss (or back to the run's
    /// summary while one is shown).
    Refutation,
    /// One move back through the refutation shown.
    LineBack,
    /// One move forward through the refutation shown.
    LineForward,
    /// Back to the puzzle trainer.
    Leave,
}

/// The run screens' keys.
pub const RUN_KEYS: &[Binding<RunAction>] = &[
    Binding {
        keys: &[Key::Char('n')],
        action: RunAction::Restart,
        footer: "new run",
        help: "start a new run (the one under way is dropped)",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: RunAction::Refutation,
        footer: "refutation",
        help: "once the run is over: the refutation of your next miss, and why the solution is right (again: back to the summary)",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: RunAction::LineBack,
        footer: "",
        help: "one move back through the refutation shown",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: RunAction::LineForward,
        footer: "",
        help: "one move forward through the refutation shown",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: RunAction::Leave,
        footer: "puzzles",
        help: "back to the puzzle trainer",
    },
];

/// A finished run's record: the best before it and whether it beat it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    best_before: u32,
    new_best: bool,
}

/// A Storm or Streak run's state and flow.
#[derive(Clone, Debug)]
pub struct RunScreen {
    mode: RunMode,
    puzzles: Vec<Puzzle>,
    run: Run,
    /// The time (seconds) the run began.
    started: u64,
    /// The time of the last action or tick.
    now: u64,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    lines: Vec<String>,
    /// The records as saved.
    records: ModeRecords,
    /// Set once the run's end is saved.
    record: Option<Record>,
    /// The run's end was handed to the progress (once).
    saving: bool,
    /// The move waiting for its near-miss value.
    judged: Option<Square>,
    /// The run's misses: each wrong move with the position it was played in.
    misses: Vec<(Position, Square)>,
    /// The miss the refutation key refutes next (an index into `misses`).
    next_miss: usize,
    /// The refutation asked for.
    refutation: Asked,
    job: JobSlot,
}

/// How a refutation's line is stepped, as the run's key table says it.
const LINE_KEYS: &str = "[ and ]";

impl RunScreen {
    /// A run of `mode` over `puzzles` begun at `now` (its queue's seed), with the
    /// saved `records`.
    pub fn new(
        mode: RunMode,
        puzzles: Vec<Puzzle>,
        records: ModeRecords,
        now: u64,
    ) -> (RunScreen, Effects) {
        let mut screen = RunScreen {
            mode,
            run: Run::new(mode, &[], 0),
            puzzles,
            started: now,
            now,
            shown: Position::start(),
            last: None,
            flips: Vec::new(),
            lines: Vec::new(),
            records,
            record: None,
            saving: false,
            judged: None,
            misses: Vec::new(),
            next_miss: 0,
            refutation: Asked::Not,
            job: JobSlot::default(),
        };
        screen.start(now);
        let effects = screen.save_if_over();
        (screen, effects)
    }

    /// The run.
    pub fn run(&self) -> &Run {
        &self.run
    }

    fn start(&mut self, now: u64) {
        self.run = Run::new(self.mode, &self.puzzles, now);
        self.started = now;
        self.now = now;
        self.shown = self.run.position().unwrap_or_else(Position::start);
        self.last = None;
        self.flips.clear();
        self.lines.clear();
        self.record = None;
        self.saving = false;
        self.judged = None;
        self.misses.clear();
        self.next_miss = 0;
        self.refutation = Asked::Not;
        self.job.cancel();
    }

    fn elapsed(&self) -> u64 {
        self.now.saturating_sub(self.started)
    }

    /// Saves the run's end once it is over.
    fn save_if_over(&mut self) -> Effects {
        if !self.run.is_over() || self.saving {
            return Vec::new();
        }
        self.saving = true;
        vec![Effect::Progress(ProgressChange::RunFinished {
            mode: self.mode,
            score: self.run.solved(),
        })]
    }

    fn mark(&mut self, pos: &Position, sq: Square) {
        self.last = Some(sq);
        self.flips = pos.board.flips(sq).into_iter().collect();
    }

    fn unmark(&mut self) {
        self.last = None;
        self.flips.clear();
    }

    fn played(&mut self, sq: Square, now: u64) -> Effects {
        self.now = now;
        let before = self.run.position();
        let streak = self.run.solved();
        let result = self.run.try_move(self.elapsed(), sq);
        self.lines.clear();
        match result {
            Played::Illegal(why) => self.lines.push(why),
            Played::Over => self.lines.push(self.over_line()),
            Played::Right { reply } => {
                let mid = before.map_or(self.shown, |b| b.play_unchecked(sq));
                let text = match reply {
                    Move::Place(r) => {
                        self.mark(&mid, r);
                        format!("{} replies {r}.", mid.to_move)
                    }
                    Move::Pass => {
                        match before {
                            Some(b) => self.mark(&b, sq),
                            None => self.unmark(),
                        }
                        "The opponent must pass.".to_string()
                    }
                };
                self.lines
                    .push(format!("✓ {sq} is right. {text} Find the next move."));
            }
            Played::Solved => {
                self.unmark();
                self.lines.push(format!("✓ {sq}: solved! The next one."));
            }
            Played::Judge { step } => {
                self.judged = Some(sq);
                if let Some(b) = before {
                    self.misses.push((b, sq));
                }
                self.lines.push(format!("✗ {sq} is not it."));
                let Some(puzzle) = self.run.current().cloned() else {
                    return Vec::new();
                };
                let ticket = self.job.start();
                return vec![Effect::Run(
                    ticket,
                    Work::Own(NearMiss {
                        puzzle: Box::new(puzzle),
                        step,
                        played: sq,
                    }),
                )];
            }
            Played::Missed { solution, .. } => {
                if let Some(b) = before {
                    self.misses.push((b, sq));
                }
                self.unmark();
                self.lines
                    .push(format!("✗ {sq} is not it. The streak ends at {streak}."));
                self.lines.push(format!("The solution was {solution}."));
            }
        }
        if let Some(p) = self.run.position() {
            self.shown = p;
        }
        self.save_if_over()
    }

    fn settled(&mut self, near: bool) -> Effects {
        let Some(sq) = self.judged.take() else {
            return Vec::new();
        };
        match self.run.settle_miss(self.elapsed(), near) {
            Played::Missed {
                penalty, solution, ..
            } => {
                self.unmark();
                let cost = if near {
                    format!(" A near miss (within 2 discs of the best): -{penalty} s.")
                } else {
                    format!(" -{penalty} s.")
                };
                self.lines = vec![
                    format!("✗ {sq} is not it.{cost}"),
                    format!("The solution was {solution}."),
                ];
            }
            _ => self.lines = vec![format!("✗ {sq} is not it. Time's up.")],
        }
        if let Some(p) = self.run.position() {
            self.shown = p;
        }
        self.save_if_over()
    }

    /// Why the run ended.
    fn end_why(&self) -> &'static str {
        match self.run.end() {
            Some(RunEnd::TimeUp) => "Time's up!",
            Some(RunEnd::Missed) => "Streak over.",
            _ => "You played every puzzle of the run.",
        }
    }

    fn over_line(&self) -> String {
        format!("This {} is over: n starts a new run.", self.mode.label())
    }

    /// The refutation key: once the run is over, the refutation of the next miss as
    /// engine work; while one is shown (or could not be made), back to the summary.
    fn refutation(&mut self) -> Effects {
        match self.refutation.press() {
            Press::Hidden => {
                let next = if self.next_miss == 0 {
                    "r starts again from your first miss".to_string()
                } else {
                    format!(
                        "r refutes your next miss ({} of {})",
                        self.next_miss + 1,
                        self.misses.len()
                    )
                };
                self.lines = vec![format!("Back to the summary: {next}.")];
                return Vec::new();
            }
            Press::Busy => {
                self.lines = vec!["The refutation is being worked out: a moment.".into()];
                return Vec::new();
            }
            Press::Ask => {}
        }
        if !self.run.is_over() {
            self.lines = vec![format!(
                "Your misses are refuted once the {} is over (r then shows them one by one).",
                self.mode.label()
            )];
            return Vec::new();
        }
        if self.judged.is_some() {
            self.lines = vec!["Your last move is being judged: a moment.".into()];
            return Vec::new();
        }
        let Some(&(position, wrong)) = self.misses.get(self.next_miss) else {
            self.lines = vec![
                "No miss to refute: you solved every puzzle you played. n starts a new run.".into(),
            ];
            return Vec::new();
        };
        self.refutation = Asked::Working;
        self.lines = vec![format!(
            "Working out the refutation of {wrong} (miss {} of {})…",
            self.next_miss + 1,
            self.misses.len()
        )];
        self.next_miss = (self.next_miss + 1) % self.misses.len();
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            Work::Refute(RefuteTask::one(position, wrong)),
        )]
    }

    /// `[` or `]`: one move through the refutation shown.
    fn step_line(&mut self, forward: bool) {
        let Some(view) = self.refutation.view_mut() else {
            self.lines =
                vec!["[ and ] step through a refutation: r shows one once the run is over.".into()];
            return;
        };
        let moved = if forward { view.forward() } else { view.back() };
        let caption = view.caption();
        self.lines = vec![if moved {
            caption
        } else if forward {
            "That is the end of the line: [ goes back, r back to the summary.".into()
        } else {
            "That is the position before your move: ] goes on.".into()
        }];
    }

    fn panel(&self) -> String {
        let run = &self.run;
        let mut out = String::new();
        match self.mode {
            RunMode::Storm => {
                let left = run.time_left(self.elapsed()).unwrap_or(0);
                out.push_str(&format!(
                    "{} left · solved {} · missed {} · best {}\n",
                    clock_text(left),
                    run.solved(),
                    run.missed(),
                    self.records.storm_best
                ));
                out.push_str(&format!(
                    "Solve as many as you can in {}; a miss costs {STORM_PENALTY} s, a near miss {STORM_NEAR_MISS_PENALTY} s. Unrated.\n",
                    clock_text(STORM_SECONDS)
                ));
            }
            RunMode::Streak => {
                out.push_str(&format!(
                    "Streak {} · best {}\n",
                    run.solved(),
                    self.records.streak_best
                ));
                out.push_str("Puzzles of rising rating until the first miss. Unrated.\n");
            }
        }
        out.push('\n');
        if let Some(p) = run.current().filter(|_| !run.is_over()) {
            let (n, len) = run.number();
            out.push_str(&format!("Puzzle {n} of {len} · rating {}\n", p.rating));
            out.push_str(&format!(
                "{} to play. {}\n",
                p.position.to_move,
                p.goal.task()
            ));
            if p.steps.len() > 1 {
                out.push_str(&format!("Move {} of {}.\n", run.step() + 1, p.steps.len()));
            }
            if self.judged.is_some() {
                out.push_str("Judging your move…\n");
            }
        } else {
            let score = run.solved();
            out.push_str(&format!(
                "{} You solved {score} and missed {}.\n",
                self.end_why(),
                run.missed()
            ));
            match self.record {
                Some(r) if r.new_best => out.push_str(&format!(
                    "A new best: {score} (it was {}).\n",
                    r.best_before
                )),
                Some(r) => out.push_str(&format!("Your best: {}.\n", r.best_before)),
                None => {}
            }
            if !self.misses.is_empty() && self.refutation.view().is_none() {
                out.push_str(&format!(
                    "r: the refutation of your misses, one by one ({}).\n",
                    crate::tutor::text::count_with(self.misses.len(), "miss", "misses")
                ));
            }
            out.push_str("n: a new run   Esc/q: back to the puzzles\n");
        }
        push_lines(&mut out, &self.lines);
        push_lines(&mut out, &self.refutation.panel_lines(LINE_KEYS));
        out
    }
}

/// "2:47".
fn clock_text(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

impl BoardModel for RunScreen {
    type Action = RunAction;
    type Task = Work;

    fn id(&self) -> ScreenId {
        ScreenId::PuzzleRun
    }

    fn keys(&self) -> &'static [Binding<RunAction>] {
        RUN_KEYS
    }

    fn act(&mut self, action: RunAction, context: Context) -> Effects {
        match action {
            RunAction::Restart => {
                self.start(context.now);
                self.lines = vec![format!("A new {}.", self.mode.label())];
                self.save_if_over()
            }
            RunAction::Refutation => self.refutation(),
            RunAction::LineBack => {
                self.step_line(false);
                Vec::new()
            }
            RunAction::LineForward => {
                self.step_line(true);
                Vec::new()
            }
            RunAction::Leave => {
                self.job.cancel();
                vec![Effect::Go(Route::Puzzles(None))]
            }
        }
    }

    fn choose(&mut self, square: Square, context: Context) -> Effects {
        self.played(square, context.now)
    }

    fn finished(&mut self, ticket: Ticket, done: Done) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match done {
            Done::Own(near) => self.settled(near),
            Done::Refuted(result) => {
                self.lines = vec![self.refutation.settle(*result)];
                Vec::new()
            }
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if self.refutation == Asked::Working {
            if self.job.accept(ticket) && self.refutation.fail() {
                self.lines = vec!["The refutation could not be worked out.".into()];
            }
            return Vec::new();
        }
        // Without its value the miss costs the full penalty.
        self.finished(ticket, Done::Own(false))
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Applied::Records {
            records,
            best_before,
            new_best,
        } = applied
        {
            self.records = records;
            self.record = Some(Record {
                best_before,
                new_best,
            });
        }
        if let Some(e) = error {
            self.lines
                .push(format!("Your progress could not be saved: {e}"));
        }
        Vec::new()
    }

    fn ticking(&self) -> bool {
        self.mode == RunMode::Storm
    }

    fn tick(&mut self, now: u64) -> Effects {
        self.now = now;
        if self.run.tick(self.elapsed()) {
            self.lines.clear();
        }
        self.save_if_over()
    }

    fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn shown(&self) -> Shown {
        Shown {
            board: self
                .refutation
                .scene()
                .unwrap_or_else(|| BoardScene::marked(self.shown, self.last, self.flips.clone())),
            title: self.mode.label().to_string(),
            panel: self.panel(),
            verdict: super::verdict_of(&self.lines, |_| false).or_else(|| {
                self.run.is_over().then(|| {
                    Verdict::info(format!(
                        "{} You solved {}: n starts a new run.",
                        self.end_why(),
                        self.run.solved()
                    ))
                })
            }),
            status: String::new(),
            input: None,
        }
    }
}
