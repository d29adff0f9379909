//! The endgame drill's model: a position of a few empties; the learner types the final
//! score with best play (`+4`, `-2` or `34-30`) and Enter, or plays it out on the board
//! against the exact solver (whose solves are engine work); then the solver's score
//! and best line (`[` and `]` step through it). A play-out that lost discs can be
//! refuted at its costliest move (`refute`). Unrated; the answers are counted in the
//! progress. No terminal code.
//!
//! ```
//! use othello_tutor::tutor::models::drill::{DrillAction, DrillScreen};
//! use othello_tutor::tutor::progress::ModeRecords;
//! use othello_tutor::tutor::content::load_puzzles;
//! use othello_tutor::tutor::screen::{BoardModel, Effect};
//!
//! let (screen, effects) = DrillScreen::new(&load_puzzles().unwrap(), ModeRecords::default(), 7);
//! // The first position is solved as engine work before it takes answers.
//! assert!(matches!(effects.as_slice(), [Effect::Run(..)]));
//! assert!(screen.shown().panel.contains("Setting up"));
//! ```

mod refute;
mod sentences;

pub use sentences::play_line;
use sentences::verdict_lines;

use crate::engine::search::Searcher;
use crate::engine::{Move, Position, Square};
use crate::tutor::models::asked::Asked;
use crate::tutor::progress::ModeRecords;
use crate::tutor::puzzle::Puzzle;
use crate::tutor::puzzle::drill::{Drill, PlayOut, Round, line_text};
use crate::tutor::refutation::{Refutation, RefuteError, RefuteTask};
use crate::tutor::screen::{
    AnswerKey, Applied, BOARD_KEYS, Binding, BoardModel, BoardScene, Context, Effect, EngineTask,
    JobSlot, Key, ProgressChange, Route, ScreenId, Shown, Ticket, TypedAnswer,
};
use crate::tutor::text::push_lines;

type Effects = Vec<Effect<DrillTask>>;

/// The drill's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillAction {
    /// The next position.
    Next,
    /// One move back through the best line.
    LineBack,
    /// One move forward through the best line.
    LineForward,
    /// The refutation of the costliest move of a lost play-out (again: hide it).
    Refutation,
    /// Back to the puzzle trainer.
    Leave,
}

/// The drill's keys.
pub const DRILL_KEYS: &[Binding<DrillAction>] = &[
    Binding {
        keys: &[Key::Char('n')],
        action: DrillAction::Next,
        footer: "next position",
        help: "the next position",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: DrillAction::Refutation,
        footer: "refutation",
        help: "after a play-out that lost discs: the refutation of your costliest move, and why the best move is right (again: hide it)",
    },
    Binding {
        keys: &[Key::Char('[')],
        action: DrillAction::LineBack,
        footer: "",
        help: "one move back through the solver's best line (once answered), or through the refutation while it is shown",
    },
    Binding {
        keys: &[Key::Char(']')],
        action: DrillAction::LineForward,
        footer: "",
        help: "one move forward through the solver's best line (once answered), or through the refutation while it is shown",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: DrillAction::Leave,
        footer: "puzzles",
        help: "back to the puzzle trainer",
    },
];

/// How the drill takes answers, as its footer and help say it.
pub const DRILL_ANSWER_KEYS: &str =
    "the score: type it (+4, -2 or 34-30), Enter; [ ] the best line";

/// What a typed score holds.
const SCORE_CHARS: &str = "0123456789+-:";

/// The drill's engine work: a position solved to start a round, or the solver's
/// replies to a move played out.
#[derive(Clone, Debug)]
pub enum DrillTask {
    /// Solve `position` for a new round.
    Deal(Position),
    /// Play `square` in `round`, then the solver's replies.
    Play {
        /// The round (handed back with the move played).
        round: Box<Round>,
        /// The learner's move.
        square: Square,
    },
    /// Refute the costliest of a play-out's moves.
    Refute(RefuteTask),
}

/// What the drill's engine work hands back.
#[derive(Clone, Debug)]
pub enum DrillOutput {
    /// A new round, or why the position could not be solved.
    Dealt(Result<Box<Round>, String>),
    /// The round after the move, and what the move did.
    Played(Box<Round>, Result<PlayOut, String>),
    /// The refutation, or why there is none.
    Refuted(Box<Result<Refutation, RefuteError>>),
}

impl EngineTask for DrillTask {
    type Output = DrillOutput;

    fn run(self, searcher: &mut Searcher) -> DrillOutput {
        match self {
            DrillTask::Deal(position) => DrillOutput::Dealt(
                Round::new(position, searcher.solver())
                    .map(Box::new)
                    .map_err(|e| e.to_string()),
            ),
            DrillTask::Play { mut round, square } => {
                let result = round
                    .play(square, searcher.solver())
                    .map_err(|e| e.to_string());
                DrillOutput::Played(round, result)
            }
            DrillTask::Refute(task) => DrillOutput::Refuted(Box::new(task.run(searcher))),
        }
    }
}

/// The endgame drill's state and flow.
#[derive(Clone, Debug)]
pub struct DrillScreen {
    drill: Drill,
    round: Option<Round>,
    typed: TypedAnswer,
    /// Which position of the drill this is (1-based).
    number: usize,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    /// Moves of the best line shown while stepping through it.
    viewing: Option<usize>,
    lines: Vec<String>,
    records: ModeRecords,
    /// The refutation of a lost play-out, asked for.
    refutation: Asked,
    job: JobSlot,
}

impl DrillScreen {
    /// The drill over the endgame positions of `puzzles` in the order `seed` decides,
    /// with the saved `records`; its first position is solved first (the effects).
    pub fn new(puzzles: &[Puzzle], records: ModeRecords, seed: u64) -> (DrillScreen, Effects) {
        let mut screen = DrillScreen {
            drill: Drill::new(puzzles, seed),
            round: None,
            typed: TypedAnswer::default(),
            number: 1,
            shown: Position::start(),
            last: None,
            flips: Vec::new(),
            viewing: None,
            lines: Vec::new(),
            records,
            refutation: Asked::Not,
            job: JobSlot::default(),
        };
        let effects = screen.deal();
        (screen, effects)
    }

    /// The round on the board, once solved.
    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// Sets up the drill's current position (solved as engine work).
    fn deal(&mut self) -> Effects {
        self.typed.clear();
        self.viewing = None;
        self.last = None;
        self.flips.clear();
        self.lines.clear();
        self.round = None;
        self.refutation = Asked::Not;
        match self.drill.current() {
            Some(pos) => {
                self.shown = pos;
                let ticket = self.job.start();
                vec![Effect::Run(ticket, DrillTask::Deal(pos))]
            }
            None => {
                self.job.cancel();
                self.lines
                    .push("No endgame position to drill: the puzzle set has none.".into());
                Vec::new()
            }
        }
    }

    /// Whether typed characters go to the answer (not yet played out, not over).
    fn takes_answer(&self) -> bool {
        !self.job.busy()
            && self
                .round
                .as_ref()
                .is_some_and(|r| r.verdict().is_none() && r.played().is_empty())
    }

    fn submit(&mut self, text: &str) -> Effects {
        self.lines.clear();
        let Some(round) = self.round.as_mut() else {
            return Vec::new();
        };
        let mover = round.learner();
        match round.answer(text) {
            Err(e) => {
                self.lines.push(e.to_string());
                Vec::new()
            }
            Ok(None) => {
                self.lines
                    .push("This position is answered: n gives the next one.".into());
                Vec::new()
            }
            Ok(Some(v)) => {
                self.lines = verdict_lines(&v, mover);
                vec![Effect::Progress(ProgressChange::DrillAnswered {
                    right: v.right,
                })]
            }
        }
    }

    fn play(&mut self, sq: Square) -> Effects {
        if self.job.busy() {
            self.lines = vec!["The solver is thinking: a moment.".into()];
            return Vec::new();
        }
        let Some(round) = self.round.clone() else {
            return Vec::new();
        };
        if round.verdict().is_some() {
            self.lines = vec!["This position is answered: n gives the next one.".into()];
            return Vec::new();
        }
        if !round.position().board.is_legal(sq) {
            // Said at once (no solve needed).
            self.lines = vec![crate::tutor::explain::illegal_reason(&round.position(), sq)];
            return Vec::new();
        }
        self.typed.clear();
        self.lines.clear();
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            DrillTask::Play {
                round: Box::new(round),
                square: sq,
            },
        )]
    }

    fn played(
        &mut self,
        before: Round,
        round: Round,
        sq: Square,
        result: Result<PlayOut, String>,
    ) -> Effects {
        let mover = round.learner();
        let start = before.position();
        self.shown = round.position();
        self.round = Some(round);
        match result {
            Err(e) => {
                self.lines.push(format!("The solver stopped: {e}."));
                Vec::new()
            }
            Ok(PlayOut::Illegal(why)) => {
                self.lines.push(why);
                Vec::new()
            }
            Ok(PlayOut::Done) => {
                self.lines
                    .push("This position is answered: n gives the next one.".into());
                Vec::new()
            }
            Ok(PlayOut::Going(replies)) => {
                self.mark_last(&start, sq, &replies);
                self.lines.push(play_line(&start, sq, &replies));
                self.lines
                    .push("Playing it out against perfect defence: your move.".into());
                Vec::new()
            }
            Ok(PlayOut::Over(replies, v)) => {
                self.mark_last(&start, sq, &replies);
                let line = play_line(&start, sq, &replies);
                self.lines = verdict_lines(&v, mover);
                self.lines.insert(1, line);
                vec![Effect::Progress(ProgressChange::DrillAnswered {
                    right: v.right,
                })]
            }
        }
    }

    /// Marks the last disc placed: the solver's last reply, else the learner's.
    fn mark_last(&mut self, before: &Position, sq: Square, replies: &[Move]) {
        let mut pos = *before;
        let mut last = (pos, sq);
        pos = pos.play_unchecked(sq);
        for mv in replies {
            match *mv {
                Move::Place(r) => {
                    last = (pos, r);
                    pos = pos.play_unchecked(r);
                }
                Move::Pass => pos = pos.pass(),
            }
        }
        self.last = Some(last.1);
        self.flips = last.0.board.flips(last.1).into_iter().collect();
    }

    /// Steps through the solver's line once the position is answered.
    fn step_line(&mut self, by: i32) {
        let Some(round) = &self.round else {
            self.lines = vec!["The position is being set up: a moment.".into()];
            return;
        };
        let Some(v) = round.verdict() else {
            self.lines = vec!["The best line is shown once you have answered.".into()];
            return;
        };
        let len = v.line.len() as i32;
        let k = (self.viewing.map_or(0, |k| k as i32) + by).clamp(0, len) as usize;
        if self.viewing == Some(k) {
            self.lines = vec![if by > 0 {
                "That is the end of the best line: [ goes back.".into()
            } else {
                "That is the start of the best line: ] goes forward.".into()
            }];
            return;
        }
        let mut pos = round.start();
        self.last = None;
        self.flips.clear();
        for mv in v.line.iter().take(k) {
            match *mv {
                Move::Place(sq) => {
                    self.last = Some(sq);
                    self.flips = pos.board.flips(sq).into_iter().collect();
                    pos = pos.play_unchecked(sq);
                }
                Move::Pass => pos = pos.pass(),
            }
        }
        self.viewing = Some(k);
        self.shown = pos;
    }

    fn panel(&self) -> String {
        let records = self.records;
        let mut out = format!(
            "Position {} · right {} of {} · unrated\n\n",
            self.number, records.drill_right, records.drill_tried
        );
        match &self.round {
            None if self.job.busy() => out.push_str("Setting up the position (the solver)…\n"),
            None => {}
            Some(r) => {
                let start = r.start();
                let mover = start.to_move;
                if r.played().is_empty() {
                    out.push_str(&format!(
                        "{mover} to play, {} empty squares.\n",
                        start.board.empty_count()
                    ));
                } else {
                    out.push_str(&format!(
                        "You play {mover} from {} empty squares; the solver defends.\n",
                        start.board.empty_count()
                    ));
                }
                if self.takes_answer() {
                    out.push_str(&format!(
                        "What is the final score with best play, for {mover}? Type the margin \
                         (+4, -2) or the final discs, Black first (34-30), then Enter; or play \
                         it out on the board against perfect defence.\n"
                    ));
                }
                if self.job.busy() {
                    out.push_str("The solver is replying…\n");
                }
                if self.refutable() && self.refutation.view().is_none() {
                    out.push_str(
                        "r: the refutation of your costliest move, and why the best move is right.\n",
                    );
                }
                if let (Some(k), Some(v)) = (self.viewing, r.verdict()) {
                    out.push_str(&format!(
                        "The best line, move {k} of {}: {}\n",
                        v.line.len(),
                        line_text(&v.line[..k])
                    ));
                }
            }
        }
        push_lines(&mut out, &self.lines);
        push_lines(&mut out, &self.refutation.panel_lines(refute::LINE_KEYS));
        out
    }
}

impl BoardModel for DrillScreen {
    type Action = DrillAction;
    type Task = DrillTask;

    fn id(&self) -> ScreenId {
        ScreenId::EndgameDrill
    }

    fn keys(&self) -> &'static [Binding<DrillAction>] {
        DRILL_KEYS
    }

    fn lead(&self) -> String {
        format!("{BOARD_KEYS}; {DRILL_ANSWER_KEYS}")
    }

    fn act(&mut self, action: DrillAction, _context: Context) -> Effects {
        match action {
            DrillAction::Next => {
                self.drill.advance();
                self.number += 1;
                self.deal()
            }
            DrillAction::LineBack => {
                self.step(-1);
                Vec::new()
            }
            DrillAction::LineForward => {
                self.step(1);
                Vec::new()
            }
            DrillAction::Refutation => self.refutation(),
            DrillAction::Leave => {
                self.job.cancel();
                vec![Effect::Go(Route::Puzzles(None))]
            }
        }
    }

    fn choose(&mut self, square: Square, _context: Context) -> Effects {
        self.play(square)
    }

    fn finished(&mut self, ticket: Ticket, output: DrillOutput) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        match output {
            DrillOutput::Dealt(Ok(round)) => {
                self.shown = round.start();
                self.round = Some(*round);
                Vec::new()
            }
            DrillOutput::Dealt(Err(e)) => {
                self.lines = vec![format!("The solver stopped: {e}. n: the next position.")];
                Vec::new()
            }
            DrillOutput::Played(round, result) => {
                let Some(before) = self.round.clone() else {
                    return Vec::new();
                };
                let sq = match round.played().get(before.played().len()) {
                    Some(Move::Place(sq)) => *sq,
                    _ => return Vec::new(),
                };
                self.played(before, *round, sq, result)
            }
            DrillOutput::Refuted(result) => {
                self.refuted(*result);
                Vec::new()
            }
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        if self.refutation.fail() {
            self.lines = vec!["The refutation could not be worked out.".into()];
        } else {
            self.lines = vec!["The solver stopped. n: the next position.".into()];
        }
        Vec::new()
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Applied::Records { records, .. } = applied {
            self.records = records;
        }
        if let Some(e) = error {
            self.lines
                .push(format!("Your progress could not be saved: {e}"));
        }
        Vec::new()
    }

    fn answer_key(&mut self, key: AnswerKey) -> Option<Effects> {
        if !self.takes_answer() {
            return None;
        }
        match self.typed.key(key, SCORE_CHARS) {
            (false, _) => None,
            (true, Some(text)) => Some(self.submit(&text)),
            (true, None) => Some(Vec::new()),
        }
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
            title: "Endgame drill".into(),
            panel: self.panel(),
            verdict: super::verdict_of(&self.lines, |l| l.starts_with("You play ")),
            status: String::new(),
            input: self
                .takes_answer()
                .then(|| format!("Your answer: {}_", self.typed.text())),
        }
    }
}
