//! The analysis board's model: a game (pasted, opened from the library, or the start)
//! stepped through, every move of the position shown valued at the settings of
//! [`crate::tutor::settings::ANALYSIS`] (the numbers `othello-tutor analyze` prints),
//! moves played on the board starting a variation that `r` leaves.

use crate::engine::analysis::MoveValue;
use crate::engine::notation;
use crate::engine::search::{SearchError, Searcher};
use crate::engine::{Game, Move, Position, Square};
use crate::tutor::explain::{explain_move, illegal_reason};
use crate::tutor::game_review::ReviewInput;
use crate::tutor::screen::{
    Binding, BoardModel, BoardScene, Context, Effect, EngineTask, JobSlot, Key, Route, ScreenId,
    Shown, Ticket, Verdict,
};
use crate::tutor::settings;

/// The analysis board's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Paste or open a position or a game.
    Paste,
    /// Edit the position shown in the editor.
    Edit,
    /// One position back.
    Back,
    /// One position forward.
    Forward,
    /// The first position.
    First,
    /// The last position.
    Last,
    /// Back to the main line from a variation.
    MainLine,
    /// Why the move under the cursor is good or bad.
    Why,
    /// Legal-move markers on or off.
    Markers,
    /// The whole-game review of the main line.
    Review,
    /// Leave the screen.
    Leave,
}

/// The analysis board's keys: its bindings, footer and help.
pub const KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Char('p')],
        action: Action::Paste,
        footer: "paste",
        help: "paste a transcript, an OBF line or a GGF game, or give a file name",
    },
    Binding {
        keys: &[Key::Char('s')],
        action: Action::Edit,
        footer: "edit",
        help: "set up the position shown in the position editor",
    },
    Binding {
        keys: &[Key::Char('['), Key::PageUp],
        action: Action::Back,
        footer: "back",
        help: "one position back",
    },
    Binding {
        keys: &[Key::Char(']'), Key::PageDown],
        action: Action::Forward,
        footer: "forward",
        help: "one position forward",
    },
    Binding {
        keys: &[Key::Home],
        action: Action::First,
        footer: "first",
        help: "the game's first position",
    },
    Binding {
        keys: &[Key::End],
        action: Action::Last,
        footer: "last",
        help: "the game's last position",
    },
    Binding {
        keys: &[Key::Char('r')],
        action: Action::MainLine,
        footer: "main line",
        help: "leave a variation: back to the main line where it branched",
    },
    Binding {
        keys: &[Key::Char('w')],
        action: Action::Why,
        footer: "why",
        help: "why the move under the cursor is good or bad",
    },
    Binding {
        keys: &[Key::Char('m')],
        action: Action::Markers,
        footer: "markers",
        help: "legal-move markers on or off",
    },
    Binding {
        keys: &[Key::Char('v')],
        action: Action::Review,
        footer: "review",
        help: "the whole-game review of the main line",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "leave",
        help: "leave (back to the library when opened from it, else the menu)",
    },
];

/// What the analysis board asks the engine for: every move of a position valued.
#[derive(Clone, Copy, Debug)]
pub struct ValueMoves {
    /// The position.
    pub position: Position,
}

impl EngineTask for ValueMoves {
    type Output = Result<Vec<MoveValue>, SearchError>;
    fn run(self, searcher: &mut Searcher) -> Self::Output {
        settings::analysis_values(searcher, &self.position.board)
    }
}

/// The analysis board.
#[derive(Clone, Debug)]
pub struct AnalysisBoard {
    /// The line shown: the main line, or a variation.
    game: Game,
    index: usize,
    /// While a variation is shown: the main line and the position it branched at.
    main: Option<(Game, usize)>,
    values: Option<Vec<MoveValue>>,
    slot: JobSlot,
    why: Option<Square>,
    verdict: Option<Verdict>,
    failed: bool,
    markers: bool,
    /// Whether leaving goes back to the screen beneath (the library) or the menu.
    back_to_caller: bool,
}

/// The effects of one action.
type Effects = Vec<Effect<ValueMoves>>;

impl AnalysisBoard {
    /// The board on `game`'s last position; `back_to_caller`: leaving goes back to the
    /// screen beneath instead of the menu. The effects start the first valuation.
    ///
    /// ```
    /// use othello_tutor::engine::{Game, Position};
    /// use othello_tutor::tutor::models::analysis::AnalysisBoard;
    /// use othello_tutor::tutor::screen::Effect;
    /// let (board, effects) = AnalysisBoard::open(Game::new(Position::start()), false);
    /// assert!(matches!(effects[0], Effect::Run(..))); // the four moves are being valued
    /// assert!(board.is_busy());
    /// ```
    pub fn open(game: Game, back_to_caller: bool) -> (AnalysisBoard, Effects) {
        let index = game.len();
        let mut board = AnalysisBoard {
            game,
            index,
            main: None,
            values: None,
            slot: JobSlot::default(),
            why: None,
            verdict: Some(Verdict::info(
                "p pastes a transcript, an OBF position or a GGF game.",
            )),
            failed: false,
            markers: true,
            back_to_caller,
        };
        let effects = board.value_position();
        (board, effects)
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        self.game.position_at(self.index)
    }

    /// Whether the moves are being valued.
    pub fn is_busy(&self) -> bool {
        self.slot.busy()
    }

    /// The values of the moves of the position shown, once found.
    pub fn values(&self) -> Option<&[MoveValue]> {
        self.values.as_deref()
    }

    /// The verdict line.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Starts valuing the position shown (forgetting the previous values).
    fn value_position(&mut self) -> Effects {
        self.values = None;
        self.why = None;
        self.failed = false;
        self.slot.cancel();
        let position = self.position();
        if position.is_game_over() {
            return Vec::new();
        }
        vec![Effect::Run(self.slot.start(), ValueMoves { position })]
    }

    fn step_to(&mut self, index: usize, at_end: &str) -> Effects {
        if index == self.index {
            self.verdict = Some(Verdict::info(at_end));
            return Vec::new();
        }
        self.index = index;
        self.verdict = None;
        self.value_position()
    }

    /// Loads a game (pasted or opened), showing its last position.
    pub fn load(&mut self, game: Game) -> Effects {
        self.index = game.len();
        self.game = game;
        self.main = None;
        self.verdict = Some(Verdict::info("Loaded: [ and ] step through the moves."));
        self.value_position()
    }

    fn panel(&self) -> String {
        let pos = self.position();
        let mut out = String::new();
        let (b, w) = pos.score_counts();
        match &self.main {
            None => out.push_str("Main line\n"),
            Some((_, at)) => {
                out.push_str(&format!("Variation from position {at} (r: main line)\n"))
            }
        }
        out.push_str(&format!(
            "Position {} of {}   Black {b} - {w} White\n",
            self.index,
            self.game.len()
        ));
        if pos.is_game_over() {
            out.push_str("The game is over.\n");
        } else if pos.must_pass() {
            out.push_str(&format!("{} has no move and must pass.\n", pos.to_move));
        } else {
            out.push_str(&format!("{} to move.\n", pos.to_move));
        }
        out.push_str(&format!("Opening: {}\n", self.opening_name()));
        match &self.values {
            None if self.slot.busy() => out.push_str("\nValuing every move…\n"),
            None if self.failed => out.push_str("\nThe engine could not value this position.\n"),
            None => {}
            Some(values) => {
                out.push_str(&format!(
                    "\nSearched {} plies deep (a value is {}), exact at {} empties or fewer.\n",
                    settings::ANALYSIS_DEPTH,
                    settings::mean_of_depths(settings::ANALYSIS_DEPTH),
                    settings::ANALYSIS_EXACT_EMPTIES
                ));
                out.push_str("Every move, best first (discs for the mover):\n");
                for v in values {
                    let stated = crate::tutor::values::StatedValue::of(&pos, v);
                    let basis = stated.basis();
                    let line: Vec<String> =
                        v.pv.iter()
                            .skip(1)
                            .take(5)
                            .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                            .collect();
                    out.push_str(&format!(
                        "  {} {:+} {basis}  {}\n",
                        v.mv,
                        stated.discs,
                        line.join(" ")
                    ));
                }
                let focus = self.why.or_else(|| {
                    values.first().and_then(|v| match v.mv {
                        Move::Place(sq) => Some(sq),
                        Move::Pass => None,
                    })
                });
                if let Some(sq) = focus {
                    out.push_str(&format!("\nWhy {sq}:\n"));
                    for line in explain_move(&pos, sq) {
                        out.push_str(&format!("  · {line}\n"));
                    }
                }
            }
        }
        out
    }

    /// The named opening of the line shown, up to the position shown: the deepest
    /// named position it has passed through (and whether the position itself is it).
    fn opening_name(&self) -> String {
        let names = crate::tutor::openings::embedded();
        let boards: Vec<crate::engine::Board> = self.game.positions()
            [..=self.index.min(self.game.len())]
            .iter()
            .map(|p| p.board)
            .collect();
        let here = boards.last().and_then(|b| names.name_of(b));
        match (here, crate::tutor::openings::opening_along(&boards)) {
            (Some(o), _) => o.name.clone(),
            (None, Some(name)) => format!("{name} (left its named line)"),
            (None, None) => crate::tutor::openings::NO_OPENING.into(),
        }
    }
}

impl BoardModel for AnalysisBoard {
    type Action = Action;
    type Task = ValueMoves;

    fn id(&self) -> ScreenId {
        ScreenId::Analyze
    }

    fn keys(&self) -> &'static [Binding<Action>] {
        KEYS
    }

    fn act(&mut self, action: Action, context: Context) -> Effects {
        match action {
            Action::Paste => vec![Effect::AskText {
                title: "Open a position".into(),
                prompt: "Paste a transcript (f5d6c3…), an OBF line or a GGF game, or a file name:"
                    .into(),
                initial: String::new(),
            }],
            Action::Edit => {
                self.slot.cancel();
                vec![
                    Effect::Close,
                    Effect::Go(Route::Editor(Some(self.position()))),
                ]
            }
            Action::Back => self.step_to(
                self.index.saturating_sub(1),
                "This is the first position of the game.",
            ),
            Action::Forward => self.step_to(
                (self.index + 1).min(self.game.len()),
                "This is the last position of the game.",
            ),
            Action::First => self.step_to(0, "This is the first position of the game."),
            Action::Last => self.step_to(self.game.len(), "This is the last position of the game."),
            Action::MainLine => match self.main.take() {
                Some((game, at)) => {
                    self.game = game;
                    self.index = at;
                    self.verdict = Some(Verdict::info(format!(
                        "Back on the main line at position {at}."
                    )));
                    self.value_position()
                }
                None => {
                    self.verdict = Some(Verdict::info("This is the main line."));
                    Vec::new()
                }
            },
            Action::Why => {
                let sq = context.cursor;
                let pos = self.position();
                if !pos.board.is_legal(sq) {
                    self.verdict = Some(Verdict::wrong(illegal_reason(&pos, sq)));
                } else if self.values.is_none() {
                    self.why = Some(sq);
                    self.verdict = Some(Verdict::info(format!(
                        "Why {sq}: shown once every move is valued."
                    )));
                } else {
                    self.why = Some(sq);
                    self.verdict = Some(Verdict::info(format!("Why {sq}: in the panel.")));
                }
                Vec::new()
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
            Action::Review => {
                let game = match &self.main {
                    Some((main, _)) => main.clone(),
                    None => self.game.clone(),
                };
                if game.is_empty() {
                    self.verdict = Some(Verdict::info("No moves to review: p opens a game first."));
                    return Vec::new();
                }
                vec![Effect::Go(Route::Review(Box::new(ReviewInput::new(game))))]
            }
            Action::Leave => {
                self.slot.cancel();
                if self.back_to_caller {
                    vec![Effect::Close]
                } else {
                    vec![Effect::Go(Route::Menu)]
                }
            }
        }
    }

    fn choose(&mut self, sq: Square, _context: Context) -> Effects {
        let pos = self.position();
        if !pos.board.is_legal(sq) {
            self.verdict = Some(Verdict::wrong(illegal_reason(&pos, sq)));
            return Vec::new();
        }
        let index = self.index;
        if self.game.moves().get(index) == Some(&Move::Place(sq)) {
            // The line's own next move: step along it.
            self.index += 1;
            self.verdict = None;
        } else {
            if index < self.game.len() && self.main.is_none() {
                // Leaving the main line: keep it to come back to.
                self.main = Some((self.game.clone(), index));
            }
            self.game.truncate(index);
            if self.game.play_with_implied_pass(Move::Place(sq)).is_err() {
                self.verdict = Some(Verdict::wrong(illegal_reason(&pos, sq)));
                return Vec::new();
            }
            self.index = self.game.len();
            self.verdict = Some(Verdict::info(match self.main {
                Some(_) => format!("Variation: {sq} played. r goes back to the main line."),
                None => format!("{sq} played."),
            }));
        }
        self.value_position()
    }

    fn finished(&mut self, ticket: Ticket, output: <ValueMoves as EngineTask>::Output) -> Effects {
        if !self.slot.accept(ticket) {
            return Vec::new();
        }
        match output {
            Ok(values) => self.values = Some(values),
            Err(_) => self.failed = true,
        }
        Vec::new()
    }

    fn failed(&mut self, ticket: Ticket) -> Effects {
        if self.slot.accept(ticket) {
            self.failed = true;
        }
        Vec::new()
    }

    fn text_entered(&mut self, text: Option<String>) -> Effects {
        let Some(text) = text else {
            return Vec::new();
        };
        match crate::tutor::files::read_game_input(&text) {
            Ok(game) => self.load(game),
            Err(e) => vec![Effect::AskText {
                title: "Open a position".into(),
                prompt: format!(
                    "Cannot read it: {e}\nPaste a transcript, an OBF line or a GGF game, or a file name:"
                ),
                initial: text,
            }],
        }
    }

    fn wanted(&self) -> Option<Ticket> {
        self.slot.wanted()
    }

    fn shown(&self) -> Shown {
        let position = self.position();
        let (last, flips) = match self.index.checked_sub(1).map(|i| self.game.moves()[i]) {
            Some(Move::Place(sq)) => {
                let before = self.game.position_at(self.index - 1);
                (Some(sq), before.board.flips(sq).into_iter().collect())
            }
            _ => (None, Vec::new()),
        };
        let labels = self
            .values
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
            title: "Analysis".into(),
            panel: self.panel(),
            verdict: self.verdict.clone(),
            status: format!("OBF: {}", notation::to_obf(&position)),
            input: None,
        }
    }
}
