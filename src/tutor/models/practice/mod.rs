//! The practice screen's model: the game ([`Practice`]), whose turn it is and what the
//! engine is busy with, the grade of the learner's last move (the verdict line), the
//! events of the game (the panel's log), hints, the best move, undo and redo, saving
//! and opening games (with the players the file names), resigning, the game-over
//! choices and the learner's mistakes as puzzles.

mod after;
mod keys;
mod panel;
mod refute;
mod setup;
mod work;

pub use keys::{Action, GAME_OVER_KEYS, KEYS, OverAction};
pub use setup::{
    SETUP_KEYS, SETUP_LEAD, SetupAction, SetupError, SetupForm, StartChoice, opponents,
};
pub use work::{Output, Task};

use crate::engine::analysis::MoveValue;
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::explain::illegal_reason;
use crate::tutor::feedback::{Feedback, Grade, summary_line};
use crate::tutor::library::Library;
use crate::tutor::practice::{Practice, Seat, Setup};
use crate::tutor::saved_games::{games_dir, save_game};
use crate::tutor::screen::{
    Answer, Applied, Binding, BoardModel, BoardScene, Context, Effect, JobSlot, Mark,
    ProgressChange, Route, ScreenId, Shown, Ticket, Verdict,
};
use crate::tutor::settings::FEEDBACK_EXACT_EMPTIES;
use crate::tutor::text::count;
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
        if self.practice.is_over() {
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

    /// While the learner thinks, near the end, the engine prepares the grade of the
    /// coming move (the learner is not kept waiting: any action replaces it).
    fn prepare_grade(&mut self) -> Effects {
        let position = self.practice.position();
        let near_end = position.board.empty_count() <= FEEDBACK_EXACT_EMPTIES;
        if !self.practice.setup().feedback || !near_end {
            return Vec::new();
        }
        vec![Effect::Run(self.slot.start(), Task::Prepare { position })]
    }

    fn game_over(&mut self) -> Effects {
        if self.summary_shown {
            return Vec::new();
        }
        self.summary_shown = true;
        let Some(summary) = self.practice.summary() else {
            return Vec::new();
        };
        let mut text = format!("{}\n", summary.line());
        for color in [Color::Black, Color::White] {
            if self.practice.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = self.practice.review(color);
            if r.graded > 0 {
                text.push_str(&format!(
                    "\n{color}: {}, {} of {} best or good, {} lost, {}",
                    panel::accuracy(r.accuracy(), r.graded),
                    r.best_or_good,
                    count(r.graded, "graded move"),
                    count(r.total_loss.max(0) as usize, "disc"),
                    count(r.errors.len(), "error")
                ));
            }
        }
        self.asking = Asking::GameOver;
        let mut effects = Vec::new();
        if !self.coached
            && let Some(record) = crate::tutor::coach::game_record(
                &self.practice,
                &self.refutations,
                &self.lines,
                self.now,
            )
        {
            self.coached = true;
            effects.push(Effect::Progress(ProgressChange::Coach(Box::new(
                crate::tutor::coach::CoachEvent::Game(record),
            ))));
        }
        effects.extend(self.rated_result());
        effects.push(Effect::Choose {
            title: "Game over".into(),
            text,
            items: GAME_OVER_KEYS
                .iter()
                .map(|b| format!("{}  {}: {}", b.keys_label(), b.footer, b.help))
                .collect(),
            keys: GAME_OVER_KEYS
                .iter()
                .map(|b| b.keys.first().copied())
                .collect(),
            input: None,
        });
        effects
    }

    fn over_action(&mut self, action: OverAction) -> Effects {
        let now = self.now;
        match action {
            OverAction::Review => self.review(),
            OverAction::WholeGame => self.whole_game(),
            OverAction::NewGame => self.act(Action::NewGame, context(now)),
            OverAction::Puzzles => self.act(Action::Puzzles, context(now)),
            OverAction::Mistakes => self.learn_mistakes(),
            OverAction::Board => Vec::new(),
        }
    }

    fn whole_game(&mut self) -> Effects {
        let input = self.practice.review_input();
        if input.game.is_empty() {
            self.tell("No move played yet: nothing to review.");
            return Vec::new();
        }
        vec![Effect::Go(Route::Review(Box::new(input)))]
    }

    fn review(&mut self) -> Effects {
        let mut header = String::new();
        let mut items = Vec::new();
        let mut indices = Vec::new();
        for color in [Color::Black, Color::White] {
            if self.practice.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = self.practice.review(color);
            header.push_str(&format!(
                "{color}: {}, {} of {} best or good, {} lost\n",
                panel::accuracy(r.accuracy(), r.graded),
                r.best_or_good,
                count(r.graded, "graded move"),
                count(r.total_loss.max(0) as usize, "disc"),
            ));
            for item in r.errors {
                let fb = &item.feedback;
                let why = fb
                    .difference
                    .first()
                    .or(fb.why_played.first())
                    .cloned()
                    .unwrap_or_default();
                items.push(format!(
                    "Move {} {} {}: {}, -{} (best {} {:+}). {why}",
                    item.number, item.color, fb.played, fb.grade, fb.loss, fb.best, fb.best_value
                ));
                indices.push(item.index);
            }
        }
        if items.is_empty() {
            header.push_str("No inaccuracies, mistakes or blunders among the graded moves.\n");
        } else {
            header.push_str("Enter or a click: back to the position before that move.\n");
        }
        items.push("g  the whole game: every move of both sides valued".into());
        items.push("l  learn from your mistakes: each asked back as \"find a better move\"".into());
        let mut keys = vec![None; indices.len()];
        keys.push(Some(crate::tutor::screen::Key::Char('g')));
        keys.push(Some(crate::tutor::screen::Key::Char('l')));
        self.asking = Asking::Review(indices);
        vec![Effect::Choose {
            title: "Review".into(),
            text: header,
            items,
            keys,
            input: None,
        }]
    }

    fn open_dialog(&mut self) -> Effects {
        let saved = self
            .env
            .data_dir
            .as_deref()
            .map(|d| Library::in_data_dir(d).entries())
            .unwrap_or_default();
        let shown: Vec<_> = saved.iter().take(200).collect();
        let text = if shown.is_empty() {
            "No saved games yet (w saves the game you play).".to_string()
        } else {
            format!(
                "Saved games, newest first (Enter opens one; 6 Library manages them):\n{}",
                panel::open_row_text(["Name", "Date", "Players", "Result", "Moves", "Opening"])
            )
        };
        self.asking = Asking::Open(shown.iter().map(|g| g.path.clone()).collect());
        vec![Effect::Choose {
            title: "Open a game".into(),
            text,
            items: shown.iter().map(|g| panel::open_row(g)).collect(),
            keys: vec![None; shown.len()],
            input: Some(
                "Or a file name, or a pasted transcript, GGF or OBF (Enter opens it):".into(),
            ),
        }]
    }

    /// Opens a file, or a pasted game, in place of the current game, with the players
    /// the file names (else this game's seats).
    fn open_text(&mut self, text: &str) -> Effects {
        let content = std::fs::read_to_string(text.trim()).unwrap_or_else(|_| text.to_string());
        let (black, white) = (self.practice.setup().black, self.practice.setup().white);
        match Practice::load_named(&content, black, white) {
            Ok(p) => {
                self.stop_work();
                let env = Env {
                    now: self.now,
                    ..self.env.clone()
                };
                let (screen, effects) = PracticeScreen::open(p, env);
                *self = screen;
                effects
            }
            Err(e) => {
                self.verdict = Some(Verdict::wrong(format!("Cannot open it: {e}")));
                Vec::new()
            }
        }
    }

    fn save_to(&mut self, path: &str) -> Effects {
        let path = path.trim();
        if path.is_empty() {
            self.verdict = Some(Verdict::wrong("Type a name to save the game under."));
            return Vec::new();
        }
        let mut whole = self.practice.clone();
        while whole.redo() > 0 {}
        match save_game(
            std::path::Path::new(path),
            &whole.transcript(),
            &whole.ggf(),
        ) {
            Ok(()) => self.tell(format!("Saved to {path}.txt and {path}.ggf")),
            Err(e) => {
                let line = format!("Could not save: {e}");
                self.event(line.clone());
                self.verdict = Some(Verdict::wrong(line));
            }
        }
        Vec::new()
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
        self.start(Busy::Grading, Task::Grade { before, sq, index })
    }
}

fn context(now: u64) -> Context {
    Context {
        cursor: Square::A1,
        now,
    }
}

/// The verdict line of a grade: ✓ for a book, best or good move, ✗ for an error.
fn grade_verdict(fb: &Feedback) -> Verdict {
    let mark = match fb.grade {
        Grade::Book | Grade::Best | Grade::Good => Mark::Right,
        _ if fb.grade.is_error() => Mark::Wrong,
        _ => Mark::Info,
    };
    Verdict {
        mark,
        text: summary_line(fb),
    }
}

impl BoardModel for PracticeScreen {
    type Action = Action;
    type Task = Task;

    fn id(&self) -> ScreenId {
        ScreenId::Practice
    }

    fn keys(&self) -> &'static [Binding<Action>] {
        KEYS
    }

    fn act(&mut self, action: Action, context: Context) -> Effects {
        self.now = context.now;
        match action {
            Action::Hint => {
                if !self.practice.human_to_move() || self.busy != Busy::Idle {
                    self.tell("A hint is for your own turn.");
                    return Vec::new();
                }
                if self.practice.is_over() {
                    self.tell("The game is over: no hint.");
                    return Vec::new();
                }
                self.verdict = Some(Verdict::info("Valuing every move for a hint…"));
                let position = self.practice.position();
                self.start(Busy::Hinting, Task::Hint { position })
            }
            Action::Markers => {
                self.markers = !self.markers;
                self.verdict = Some(Verdict::info(if self.markers {
                    "Legal moves marked (+)."
                } else {
                    "Legal-move markers off (m turns them on)."
                }));
                Vec::new()
            }
            Action::Undo => {
                self.stop_work();
                self.hint = None;
                self.show_best = false;
                self.summary_shown = false;
                // The computer's reply stays known: the panel shows it only while it
                // is on the board, so a redo brings its line back.
                if self.practice.undo() == 0 {
                    self.tell("Nothing to take back.");
                } else {
                    self.tell("Taken back.");
                }
                self.go_on()
            }
            Action::Redo => {
                self.stop_work();
                self.hint = None;
                match self.practice.redo() {
                    0 => self.tell("Nothing to replay."),
                    n => self.tell(format!("Replayed {}.", count(n, "move"))),
                }
                self.go_on()
            }
            Action::ShowBest => self.show_best(),
            Action::LineBack => {
                self.step_line(false);
                Vec::new()
            }
            Action::LineForward => {
                self.step_line(true);
                Vec::new()
            }
            Action::Feedback => {
                let on = !self.practice.setup().feedback;
                self.practice.set_feedback(on);
                self.tell(if on {
                    "Feedback on: your moves are graded."
                } else {
                    "Feedback off: a test-yourself game."
                });
                Vec::new()
            }
            Action::NewGame => {
                self.stop_work();
                vec![Effect::Close, Effect::Go(Route::PracticeSetup)]
            }
            Action::Resign => {
                if self.practice.is_over() {
                    self.tell("The game is over: n starts a new one.");
                    return Vec::new();
                }
                self.asking = Asking::Resign;
                vec![Effect::Confirm {
                    text: "Resign this game?".into(),
                    yes: "Resign".into(),
                    no: "Keep playing".into(),
                }]
            }
            Action::Save => {
                let Some(dir) = self.env.data_dir.as_deref().map(games_dir) else {
                    self.verdict = Some(Verdict::wrong(
                        "There is no data directory to save games in.",
                    ));
                    return Vec::new();
                };
                self.asking = Asking::Save;
                vec![Effect::AskText {
                    title: "Save the game".into(),
                    prompt:
                        "Save as (two files are written: NAME.txt, the transcript, and NAME.ggf):"
                            .into(),
                    initial: dir
                        .join(format!("game-{}", context.now))
                        .display()
                        .to_string(),
                }]
            }
            Action::Open => self.open_dialog(),
            Action::Review => self.review(),
            Action::Puzzles => {
                if self.busy != Busy::Idle {
                    self.tell("Wait until the engine has finished, then z again.");
                    return Vec::new();
                }
                let humans: Vec<Color> = [Color::Black, Color::White]
                    .into_iter()
                    .filter(|&c| self.practice.setup().seat(c) == Seat::Human)
                    .collect();
                self.tell("Turning your mistakes into puzzles…");
                let task = Task::Personal {
                    practice: Box::new(self.practice.clone()),
                    humans,
                    rating: self.env.rating,
                    now: context.now,
                };
                self.start(Busy::Puzzles, task)
            }
            Action::Leave => {
                if !self.practice.is_over() && !self.practice.game().is_empty() {
                    self.asking = Asking::Leave;
                    return vec![Effect::Confirm {
                        text: "Leave this game? It is not saved (w saves it).".into(),
                        yes: "Leave".into(),
                        no: "Stay".into(),
                    }];
                }
                self.stop_work();
                vec![Effect::Go(Route::Menu)]
            }
        }
    }

    fn choose(&mut self, square: Square, _context: Context) -> Effects {
        if self.refutation.view().is_some() {
            // The board shows the refutation's line, not the game: back to the game.
            self.refutation = crate::tutor::models::asked::Asked::Not;
            self.tell("Refutation hidden: the game's board is back (s shows it again).");
            return Vec::new();
        }
        self.learner_move(square)
    }

    fn finished(&mut self, ticket: Ticket, output: Output) -> Effects {
        if !self.slot.accept(ticket) {
            return Vec::new();
        }
        self.busy = Busy::Idle;
        match output {
            Output::Graded {
                before,
                sq,
                index,
                values,
                refutation,
            } => {
                if let Some(r) = &refutation {
                    self.refutations.insert(index, r.clone());
                }
                self.refuted = refutation.map(|r| (index, r));
                let values = values.ok();
                match values
                    .as_deref()
                    .and_then(|v| crate::tutor::feedback::grade_move(&before, sq, v))
                {
                    Some(fb) => {
                        self.verdict = Some(grade_verdict(&fb));
                        match values
                            .as_deref()
                            .and_then(|v| crate::tutor::coach::GradeLines::of(&before, &fb, v))
                        {
                            Some(lines) => self.lines.insert(index, lines),
                            None => self.lines.remove(&index),
                        };
                        self.practice.set_feedback_at(index, fb);
                    }
                    None => self.tell(format!("{sq} could not be graded.")),
                }
                self.go_on()
            }
            Output::Prepared => Vec::new(),
            Output::Refuted { index, result } => self.refuted(index, result),
            Output::Replied { position, choice } => {
                let Some(c) = choice else {
                    self.event("The engine found no move.");
                    return Vec::new();
                };
                if self.practice.position() != position
                    || self.practice.play(Move::Place(c.square)).is_err()
                {
                    return Vec::new();
                }
                self.last_reply = Some(Reply {
                    index: self.practice.game().len() - 1,
                    color: position.to_move,
                    square: c.square,
                    value: c.value,
                    exact: c.exact,
                    book: c.book,
                });
                self.event(format!("{} plays {}.", position.to_move, c.square));
                self.go_on()
            }
            Output::Hinted(values) => {
                match values {
                    Ok(values) => {
                        self.verdict = Some(Verdict::info(panel::hint_line(&values)));
                        self.hint = Some(values);
                    }
                    Err(_) => self.tell("The hint was not finished."),
                }
                Vec::new()
            }
            Output::Personal { puzzles, now } => {
                vec![Effect::Progress(ProgressChange::AddPersonal {
                    puzzles,
                    now,
                })]
            }
        }
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if self.slot.accept(ticket) {
            self.busy = Busy::Idle;
            if self.refutation == crate::tutor::models::asked::Asked::Working {
                self.refutation =
                    crate::tutor::models::asked::Asked::Unavailable("the engine failed".into());
                self.tell("The refutation could not be worked out.");
                return self.go_on();
            }
            let line = "The engine failed on this position: undo or start a new game.";
            self.event(line);
            self.verdict = Some(Verdict::wrong(line));
        }
        Vec::new()
    }

    fn text_entered(&mut self, text: Option<String>) -> Effects {
        let asking = std::mem::replace(&mut self.asking, Asking::Nothing);
        match (asking, text) {
            (Asking::Save, Some(path)) => self.save_to(&path),
            _ => Vec::new(),
        }
    }

    fn confirmed(&mut self, yes: bool) -> Effects {
        let asking = std::mem::replace(&mut self.asking, Asking::Nothing);
        match (asking, yes) {
            (Asking::Resign, true) => {
                self.stop_work();
                self.practice.resign();
                self.tell("You resigned.");
                self.go_on()
            }
            (Asking::Leave, true) => {
                self.stop_work();
                vec![Effect::Go(Route::Menu)]
            }
            _ => Vec::new(),
        }
    }

    fn chosen(&mut self, answer: Answer) -> Effects {
        let asking = std::mem::replace(&mut self.asking, Asking::Nothing);
        match (asking, answer) {
            (Asking::GameOver, Answer::Item(i)) => match GAME_OVER_KEYS.get(i) {
                Some(b) => self.over_action(b.action),
                None => Vec::new(),
            },
            (Asking::Open(paths), Answer::Item(i)) => match paths.get(i) {
                Some(path) => self.open_text(&path.display().to_string()),
                None => Vec::new(),
            },
            (Asking::Open(_), Answer::Text(text)) => self.open_text(&text),
            (Asking::Review(indices), Answer::Item(i)) => match indices.get(i) {
                Some(&index) => {
                    self.stop_work();
                    self.summary_shown = true;
                    while self.practice.game().len() > index {
                        if self.practice.undo() == 0 {
                            break;
                        }
                    }
                    self.show_best = true;
                    self.hint = None;
                    self.tell(format!(
                        "Back before move {}: r replays the game forward.",
                        self.practice.game().move_number(index)
                    ));
                    Vec::new()
                }
                // The items after the mistakes: the whole game, then learning from them.
                None if i == indices.len() => self.whole_game(),
                None => self.learn_mistakes(),
            },
            _ => Vec::new(),
        }
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        let added = match applied {
            Applied::Added(n) => n,
            Applied::Rated(Some(g)) if error.is_none() => {
                let what = match g.result {
                    crate::tutor::coach::GameResult::Won => "a win",
                    crate::tutor::coach::GameResult::Drawn => "a draw",
                    crate::tutor::coach::GameResult::Lost => "a loss",
                };
                self.event(format!(
                    "Your playing strength: {:.0} → {:.0} after {what} against {} (rated {:.0}).",
                    g.before, g.after, g.opponent, g.opponent_rating
                ));
                return Vec::new();
            }
            _ => {
                // The game's record for the coach.
                if let Some(e) = error {
                    self.event(format!("Your game could not be saved for the coach: {e}"));
                }
                return Vec::new();
            }
        };
        match (error, added) {
            (Some(e), _) => {
                let line = format!("Your mistakes could not be saved: {e}");
                self.event(line.clone());
                self.verdict = Some(Verdict::wrong(line));
            }
            (None, 0) => self.tell("No new mistakes to add (graded moves only)."),
            (None, n) => self.tell(format!(
                "{} now in your review queue.",
                crate::tutor::text::count_with(n, "mistake is a puzzle", "mistakes are puzzles")
            )),
        }
        Vec::new()
    }

    fn wanted(&self) -> Option<Ticket> {
        self.slot.wanted()
    }

    fn shown(&self) -> Shown {
        if let Some(board) = self.refutation.scene() {
            return Shown {
                board,
                title: "Game".into(),
                panel: panel::text(self),
                verdict: self.verdict.clone(),
                status: panel::status(self),
                input: None,
            };
        }
        let position = self.practice.position();
        let (last, flips) = self.practice.last_flips();
        let labels = self
            .hint
            .as_deref()
            .map(|v| super::value_labels(&position, v))
            .unwrap_or_default();
        Shown {
            board: BoardScene {
                position,
                last,
                flips,
                labels,
                highlights: Vec::new(),
                markers: self.markers,
            },
            title: "Game".into(),
            panel: panel::text(self),
            verdict: self.verdict.clone(),
            status: panel::status(self),
            input: None,
        }
    }
}
