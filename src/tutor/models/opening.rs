//! The opening rehearsal's model: one named line played from the learner's side, the
//! engine's book answers, a move off the line with the book's move and values, the
//! line's move shown on request, and the review schedule once the line is played
//! through. No terminal code, no search (the answers come from the book).
//!
//! ```
//! use othello_tutor::tutor::models::opening::OpeningScreen;
//! use othello_tutor::tutor::openings::{RehearsalSetup, OpeningProgress, embedded};
//! use othello_tutor::tutor::screen::BoardModel;
//!
//! let line = embedded().find("Tiger").unwrap().clone();
//! let screen = OpeningScreen::new(RehearsalSetup::new(line.clone(), 1), OpeningProgress::default(), 0);
//! assert!(screen.shown().panel.starts_with(&line.name));
//! ```

use crate::engine::{Color, Move, Square};
use crate::tutor::leitner::QueueChange;
use crate::tutor::openings::{
    Attempt, Miss, OpeningProgress, Rehearsal, RehearsalSetup, Reply, embedded,
};
use crate::tutor::screen::{
    Applied, Binding, BoardModel, BoardScene, Context, Effect, Key, ProgressChange, Route,
    ScreenId, Shown, Ticket,
};
use rand::{RngExt, SeedableRng};

use super::NoWork;

type Effects = Vec<Effect<NoWork>>;

/// The opening rehearsal's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningAction {
    /// Show the line's move (it counts as a miss).
    Show,
    /// The next line (due reviews first).
    Next,
    /// This line again.
    Again,
    /// Side lines on or off (the line starts over).
    SideLines,
    /// The list of lines.
    List,
    /// Back to the menu.
    Leave,
}

/// The opening rehearsal's keys.
pub const OPENING_KEYS: &[Binding<OpeningAction>] = &[
    Binding {
        keys: &[Key::Char('s')],
        action: OpeningAction::Show,
        footer: "show the move",
        help: "show the line's move here (marked; it counts as a miss)",
    },
    Binding {
        keys: &[Key::Char('n')],
        action: OpeningAction::Next,
        footer: "next line",
        help: "the next line (due reviews first)",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: OpeningAction::Again,
        footer: "again",
        help: "this line again from the start",
    },
    Binding {
        keys: &[Key::Char('i')],
        action: OpeningAction::SideLines,
        footer: "side lines",
        help: "side lines on or off: the engine sometimes answers with another good book move (the line starts over)",
    },
    Binding {
        keys: &[Key::Char('o')],
        action: OpeningAction::List,
        footer: "the list",
        help: "back to the list of lines",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: OpeningAction::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// The opening rehearsal's state and flow.
pub struct OpeningScreen {
    rehearsal: Rehearsal,
    /// What the latest event said (replaced by the next event).
    lines: Vec<String>,
    /// Squares marked on the board (the line's move after a miss).
    marks: Vec<Square>,
    /// The finished rehearsal was handed to the progress.
    recorded: bool,
    /// The openings' progress as last saved.
    progress: OpeningProgress,
    now: u64,
    rng: rand::rngs::StdRng,
}

fn disc(color: Color) -> &'static str {
    match color {
        Color::Black => "●",
        Color::White => "○",
    }
}

impl OpeningScreen {
    /// A rehearsal of `setup`'s line with the saved `progress`, at `now`; when the engine
    /// has the first move, it plays it.
    pub fn new(setup: RehearsalSetup, progress: OpeningProgress, now: u64) -> OpeningScreen {
        let seed = setup.seed;
        let mut screen = OpeningScreen {
            rehearsal: Rehearsal::new(setup.clone()),
            lines: Vec::new(),
            marks: Vec::new(),
            recorded: false,
            progress,
            now,
            rng: rand::rngs::StdRng::seed_from_u64(seed),
        };
        screen.restart(setup, Vec::new());
        screen
    }

    /// The rehearsal.
    pub fn rehearsal(&self) -> &Rehearsal {
        &self.rehearsal
    }

    fn restart(&mut self, setup: RehearsalSetup, mut lines: Vec<String>) {
        self.rehearsal = Rehearsal::new(setup);
        if let Some(r) = self.rehearsal.engine_reply() {
            lines.push(reply_text(&self.rehearsal, r));
        }
        self.lines = lines;
        self.marks.clear();
        self.recorded = false;
    }

    fn played(&mut self, sq: Square) -> Effects {
        self.marks.clear();
        match self.rehearsal.try_move(sq) {
            Attempt::Right(sq) => {
                self.lines = vec![format!("✓ {sq}: right.")];
                if let Some(r) = self.rehearsal.engine_reply() {
                    let text = reply_text(&self.rehearsal, r);
                    self.lines.push(text);
                }
            }
            Attempt::Wrong(miss) => {
                self.lines = miss_text(&self.rehearsal, &miss);
                self.marks = vec![miss.expected];
            }
            Attempt::NotPlayable if self.rehearsal.is_finished() => {
                self.lines = vec!["The line is played through: n next line, r again.".into()];
            }
            Attempt::NotPlayable => {
                self.lines = vec![format!("{sq} is not a legal move here.")];
            }
        }
        self.finish_if_done()
    }

    /// A finished rehearsal is recorded once: the line's result and its next review.
    fn finish_if_done(&mut self) -> Effects {
        if self.recorded || !self.rehearsal.is_finished() {
            return Vec::new();
        }
        self.recorded = true;
        let clean = !self.rehearsal.missed();
        let moves: Vec<String> = self
            .rehearsal
            .game()
            .moves()
            .iter()
            .filter_map(|m| match m {
                Move::Place(sq) => Some(sq.to_string()),
                Move::Pass => None,
            })
            .collect();
        let verdict = if clean {
            "Played through without a miss."
        } else {
            "Played through, with a miss."
        };
        self.lines.push(String::new());
        self.lines
            .push(format!("{verdict} The moves: {}.", moves.join(" ")));
        vec![Effect::Progress(ProgressChange::OpeningRehearsed {
            name: self.rehearsal.setup().opening.name.clone(),
            clean,
            now: self.now,
        })]
    }

    fn show_move(&mut self) {
        match self.rehearsal.reveal() {
            Some(sq) if self.rehearsal.learner_to_move() => {
                self.lines = vec![format!(
                    "The line plays {sq} here (marked). Shown moves count as a miss."
                )];
                self.marks = vec![sq];
            }
            _ => self.lines = vec!["Nothing to show: the line is played through.".into()],
        }
    }

    fn next_line(&mut self) -> Effects {
        let current = self.rehearsal.setup().opening.name.clone();
        let side_lines = self.rehearsal.setup().side_lines;
        // Not the same line twice in a row unless it is the only candidate.
        let mut chosen = self.progress.next_line(embedded(), self.now, &mut self.rng);
        for _ in 0..4 {
            match chosen {
                Some(o) if o.name == current => {
                    chosen = self.progress.next_line(embedded(), self.now, &mut self.rng)
                }
                _ => break,
            }
        }
        let Some(opening) = chosen else {
            self.lines = vec!["No other line to rehearse.".into()];
            return Vec::new();
        };
        let mut setup = RehearsalSetup::new(opening.clone(), self.rng.random::<u64>());
        setup.side_lines = side_lines;
        self.restart(setup, Vec::new());
        self.finish_if_done()
    }

    fn panel(&self) -> String {
        let d = &self.rehearsal;
        let o = &d.setup().opening;
        let you = d.setup().learner;
        let (done, total) = d.progress();
        let mut out = format!("{}\n", o.name);
        if !o.aliases.is_empty() {
            out.push_str(&format!("also called {}\n", o.aliases.join(", ")));
        }
        let stage = if d.is_finished() {
            "line complete".to_string()
        } else {
            format!("move {} of {total}", done + 1)
        };
        out.push_str(&format!(
            "Family: {}   {} moves\nYou play {you} {}   {stage}\nSide lines: {}\n",
            o.family,
            total,
            disc(you),
            if d.setup().side_lines { "on" } else { "off" }
        ));
        let record = match self.progress.line(&o.name) {
            Some(r) if r.rehearsals == 1 => format!("Rehearsed once, {} without a miss", r.clean),
            Some(r) => format!(
                "Rehearsed {} times, {} without a miss",
                r.rehearsals, r.clean
            ),
            None => "A new line".to_string(),
        };
        out.push_str(&format!(
            "{record} · {} due for review\n",
            crate::tutor::text::count(self.progress.due_count(self.now), "line")
        ));
        if let Some(name) = embedded().name_of(&d.position().board)
            && name.name != o.name
        {
            out.push_str(&format!("On the board: {}\n", name.name));
        }
        out.push('\n');
        if !d.is_finished() && d.learner_to_move() && self.lines.is_empty() {
            out.push_str(&format!("Your move, {you}.\n"));
        }
        for l in &self.lines {
            out.push_str(l);
            out.push('\n');
        }
        if !d.is_finished() && d.learner_to_move() && !self.lines.is_empty() {
            out.push_str(&format!("Your move, {you}.\n"));
        }
        out
    }
}

fn reply_text(rehearsal: &Rehearsal, r: Reply) -> String {
    let engine = rehearsal.setup().learner.opposite();
    let value = r
        .value
        .map(|v| format!(" (book {v:+} for {engine})"))
        .unwrap_or_default();
    if r.side_line {
        format!(
            "{engine} leaves the named line for a side line of the book: {}{value}.",
            r.square
        )
    } else if rehearsal.game().len() == 1 {
        format!("{engine} opens with {}{value}.", r.square)
    } else {
        format!("{engine} answers {}{value}.", r.square)
    }
}

fn miss_text(rehearsal: &Rehearsal, m: &Miss) -> Vec<String> {
    let you = rehearsal.setup().learner;
    let what = if rehearsal.on_line() {
        format!("the {} plays", rehearsal.setup().opening.name)
    } else {
        "the book plays".to_string()
    };
    let mut out = vec![format!(
        "✗ {} is not the line: here {what} {}.",
        m.played, m.expected
    )];
    let sound = matches!((m.expected_value, m.played_value), (Some(e), Some(p)) if e - p <= 1);
    out.push(match (m.expected_value, m.played_value) {
        (Some(e), Some(p)) => {
            let verdict = if sound {
                format!("{} is sound too, but it is another line.", m.played)
            } else {
                format!("{} is weaker.", m.played)
            };
            format!(
                "Book values for {you}: {} {e:+}, {} {p:+}. {verdict}",
                m.expected, m.played
            )
        }
        (Some(e), None) => format!(
            "Book value for {you}: {} {e:+}; {} is not in the book.",
            m.expected, m.played
        ),
        (None, _) => format!("{} is not in the book.", m.played),
    });
    match &m.leads_to {
        Some(name) => out.push(format!("{} would lead to the {name}.", m.played)),
        None => out.push(format!("{} leads to no named opening.", m.played)),
    }
    out.push(format!(
        "Play {} (marked) to go on; the line will come back tomorrow.",
        m.expected
    ));
    out
}

impl BoardModel for OpeningScreen {
    type Action = OpeningAction;
    type Task = NoWork;

    fn id(&self) -> ScreenId {
        ScreenId::OpeningRehearsal
    }

    fn keys(&self) -> &'static [Binding<OpeningAction>] {
        OPENING_KEYS
    }

    fn act(&mut self, action: OpeningAction, context: Context) -> Effects {
        self.now = context.now;
        let setup = self.rehearsal.setup().clone();
        match action {
            OpeningAction::Show => {
                self.show_move();
                Vec::new()
            }
            OpeningAction::Next => self.next_line(),
            OpeningAction::Again => {
                let setup = RehearsalSetup {
                    seed: setup.seed.wrapping_add(1),
                    ..setup
                };
                self.restart(setup, vec!["The line again, from the start.".into()]);
                self.finish_if_done()
            }
            OpeningAction::SideLines => {
                let on = !setup.side_lines;
                let note = if on {
                    "Side lines on: the engine sometimes answers with another good book move. The line starts over."
                } else {
                    "Side lines off: the engine keeps to the named line. The line starts over."
                };
                self.restart(
                    RehearsalSetup {
                        side_lines: on,
                        ..setup
                    },
                    vec![note.to_string()],
                );
                self.finish_if_done()
            }
            OpeningAction::List => vec![Effect::Go(Route::Openings(Some(setup.opening.name)))],
            OpeningAction::Leave => vec![Effect::Go(Route::Menu)],
        }
    }

    fn choose(&mut self, square: Square, context: Context) -> Effects {
        self.now = context.now;
        self.played(square)
    }

    fn finished(&mut self, _ticket: Ticket, _output: ()) -> Effects {
        Vec::new()
    }

    fn failed(&mut self, _ticket: Ticket) -> Effects {
        Vec::new()
    }

    fn progress_saved(&mut self, applied: Applied, error: Option<String>) -> Effects {
        if let Applied::Opening(done) = applied {
            let (change, progress) = *done;
            self.progress = progress;
            self.lines.push(match change {
                QueueChange::ToFirstBox => "It comes back tomorrow.".to_string(),
                QueueChange::MovedUp(level) => {
                    let days = crate::tutor::leitner::BOX_DAYS[level.min(4)];
                    format!("It comes back in {days} days.")
                }
                QueueChange::Learned => "Learned: it leaves the review queue.".to_string(),
                QueueChange::Unchanged => {
                    "Its review was not due yet; the schedule stays.".to_string()
                }
            });
        }
        if let Some(e) = error {
            self.lines
                .push(format!("Your progress could not be saved: {e}"));
        }
        self.lines
            .push("n: the next line (due reviews first)   r: this line again".into());
        Vec::new()
    }

    fn wanted(&self) -> Option<Ticket> {
        None
    }

    fn shown(&self) -> Shown {
        let game = self.rehearsal.game();
        let (last, flips) = match game.moves().last() {
            Some(&Move::Place(sq)) => {
                let before = game.position_at(game.len() - 1);
                (Some(sq), before.board.flips(sq).into_iter().collect())
            }
            _ => (None, Vec::new()),
        };
        Shown {
            board: BoardScene {
                position: self.rehearsal.position(),
                last,
                flips,
                labels: Vec::new(),
                highlights: self.marks.clone(),
                markers: true,
            },
            title: "Opening trainer".into(),
            panel: self.panel(),
            verdict: super::verdict_of(&self.lines, |_| false),
            status: String::new(),
            input: None,
        }
    }
}
