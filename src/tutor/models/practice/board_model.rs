//! The practice screen as the board host drives it ([`BoardModel`]): the keys'
//! actions, the learner's square, the engine's results, the dialogs' answers, the
//! progress saved, and what the screen shows.

use super::{
    Action, Asking, Busy, Effects, GAME_OVER_KEYS, KEYS, Output, PracticeScreen, Reply, Task, panel,
};
use crate::engine::{Color, Move, Square};
use crate::tutor::practice::Seat;
use crate::tutor::saved_games::games_dir;
use crate::tutor::screen::{
    Answer, Applied, Binding, BoardModel, BoardScene, Context, Effect, ProgressChange, Route,
    ScreenId, Shown, Ticket, Verdict,
};
use crate::tutor::text::count;

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
                if self.busy == Busy::Grading {
                    // The last move's grade is cancelled: it is graded when replayed.
                    let last = self.practice.game().len().checked_sub(1);
                    self.regrade = last.filter(|&i| self.practice.feedback_at(i).is_none());
                }
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
            // The board shows the refutation's line: the move is for the game, whose
            // board comes back with it (s shows the refutation again).
            self.refutation = crate::tutor::models::asked::Asked::Not;
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
                stage,
            } => self.graded(before, sq, index, values.ok(), refutation, stage),
            Output::Prepared => Vec::new(),
            Output::Studied { index, result } => {
                let r = match result {
                    Ok(r) => r,
                    // Stopped: taken up again at the next turn.
                    Err(crate::tutor::refutation::RefuteError::Stopped) => return Vec::new(),
                    // None to find (the search sees no loss): not tried again.
                    Err(_) => {
                        self.unrefutable.insert(index);
                        return self.go_on();
                    }
                };
                // Still the game's move (not taken back meanwhile).
                if index < self.practice.game().len()
                    && self.practice.feedback_at(index).map(|f| f.played) == Some(r.wrong)
                    && r.position() == self.practice.game().position_at(index)
                {
                    self.refutations.insert(index, r.clone());
                    // The best-move key shows it at once when it is the latest.
                    if self.refuted.as_ref().is_none_or(|(at, _)| *at < index) {
                        self.refuted = Some((index, r));
                    }
                    // Then the next one, if any.
                    return self.go_on();
                }
                Vec::new()
            }
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
            if self.refutation.fail() {
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
            .map(|v| crate::tutor::models::value_labels(&position, v))
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
