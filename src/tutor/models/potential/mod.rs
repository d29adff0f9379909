//! The Potential screen's model: a game of the second reference game against the
//! computer (or between two people at one keyboard). It holds the game (placing and
//! moving, undo, a new game, the opponent, the sides, the pieces of the next game),
//! the cursor, the picked-up piece and the window onto the unbounded grid; it takes
//! the learner's actions and the computer's moves (engine work handed back with a
//! ticket, stale ones refused) and says what to show. No terminal code.

pub mod keys;
mod panel;
pub mod scene;
pub mod window;
mod work;

pub use keys::{CURSOR_KEYS, POTENTIAL_KEYS, PotentialAction};
pub use panel::glyph_name;
pub use scene::{Frame, Grid, GridCell, Mark};
pub use window::Window;
pub use work::ComputerMove;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::potential::ai::{Level, SearchLimits};
use crate::potential::position::{MAX_PIECES_PER_SIDE, MIN_PIECES_PER_SIDE};
use crate::potential::rules_text::RULES_TEXT;
use crate::potential::{Cell, Color, Game, Phase, PotentialError, PotentialMove};
use crate::tutor::screen::{Effect, JobSlot, PotentialOptions, Ticket, Verdict};
use crate::tutor::text::count;

/// What the model asks the interface for.
pub type Effects = Vec<Effect<ComputerMove>>;

/// The title of the rules' dialog.
pub const RULES_TITLE: &str = "Potential: the rules";

/// A dialog the screen has open (its answer comes back to the model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// "Leave this game?"
    Leave,
    /// "Start a new game?"
    NewGame,
    /// The game-over summary, which offers a new game.
    Summary,
    /// The rules.
    Rules,
}

impl Dialog {
    /// The dialog's title.
    pub fn title(self) -> &'static str {
        match self {
            Dialog::Leave => "Leave Potential",
            Dialog::NewGame => "New game",
            Dialog::Summary => "Game over",
            Dialog::Rules => RULES_TITLE,
        }
    }
}

/// Everything the Potential screen shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotentialShown {
    /// The board.
    pub grid: Grid,
    /// The side panel's lines.
    pub panel: Vec<String>,
    /// The line under the board: what the last action did, or why it could not.
    pub verdict: Verdict,
}

/// The Potential screen's state and flow.
///
/// ```
/// use othello_tutor::tutor::models::potential::{PotentialAction, PotentialScreen};
/// use othello_tutor::tutor::screen::PotentialOptions;
///
/// let options = PotentialOptions { opponent: None, ..PotentialOptions::default() };
/// let mut screen = PotentialScreen::new(&options)?;
/// screen.act(PotentialAction::Select); // White's first piece, on 0,0
/// assert_eq!(screen.shown().verdict.text, "White played 0,0.");
/// # Ok::<(), othello_tutor::potential::PotentialError>(())
/// ```
#[derive(Debug)]
pub struct PotentialScreen {
    game: Game,
    human: Color,
    opponent: Option<Level>,
    limits: SearchLimits,
    rng: StdRng,
    next_pieces: usize,
    cursor: Cell,
    selected: Option<Cell>,
    window: Window,
    message: Verdict,
    job: JobSlot,
    dialog: Option<Dialog>,
    /// Whether the message is a key's refusal while the dialog is open.
    refused_in_dialog: bool,
    /// Whether the summary of the finished game was offered (undo takes it back).
    summary_shown: bool,
}

impl PotentialScreen {
    /// A new game with `options` (the pieces kept within the rules' range). If the
    /// computer opens, [`PotentialScreen::start`] asks for its move.
    pub fn new(options: &PotentialOptions) -> Result<PotentialScreen, PotentialError> {
        let pieces = options
            .pieces
            .clamp(MIN_PIECES_PER_SIDE, MAX_PIECES_PER_SIDE);
        let seed = options.seed.unwrap_or_else(|| rand::rng().random());
        let mut screen = PotentialScreen {
            game: Game::new(pieces)?,
            human: options.human,
            opponent: options.opponent,
            limits: options.limits,
            rng: StdRng::seed_from_u64(seed),
            next_pieces: pieces,
            cursor: Cell::ORIGIN,
            selected: None,
            window: Window::default(),
            message: Verdict::info(""),
            job: JobSlot::default(),
            dialog: None,
            refused_in_dialog: false,
            summary_shown: false,
        };
        screen.message = Verdict::info(if screen.computer_to_move() {
            "The computer opens on 0,0."
        } else {
            "White places the first piece on 0,0: press Enter or click it."
        });
        Ok(screen)
    }

    /// What the screen asks for when it opens: the computer's first move if it opens.
    pub fn start(&mut self) -> Effects {
        self.after_change()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// The picked-up piece's cell.
    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    /// The window onto the grid.
    pub fn window(&self) -> Window {
        self.window
    }

    /// The dialog open, if any.
    pub fn dialog(&self) -> Option<Dialog> {
        self.dialog
    }

    /// Why the key just pressed did nothing while a dialog is open, for the dialog to
    /// show (it may hide the verdict line).
    pub fn dialog_note(&self) -> Option<String> {
        (self.refused_in_dialog && self.dialog.is_some()).then(|| self.message.line())
    }

    /// Whether the computer is thinking (its move is waited for).
    pub fn thinking(&self) -> bool {
        self.job.busy()
    }

    /// The ticket of the computer's move waited for (the interface cancels any other).
    pub fn wanted(&self) -> Option<Ticket> {
        self.job.wanted()
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Verdict::info(text);
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.message = Verdict::wrong(text);
    }

    fn computer_to_move(&self) -> bool {
        let pos = self.game.position();
        self.opponent.is_some() && !pos.is_over() && pos.to_move() != self.human
    }

    fn in_progress(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.position().is_over()
    }

    /// A key's action.
    pub fn act(&mut self, action: PotentialAction) -> Effects {
        use PotentialAction as A;
        if let Some(dialog) = self.dialog {
            self.refuse(match dialog {
                Dialog::Rules => "Close the rules first: Esc or q.",
                Dialog::Summary => "The game is over: Enter starts a new one, Esc shows the board.",
                Dialog::Leave | Dialog::NewGame => {
                    "Answer the question first: Enter chooses, Esc keeps playing."
                }
            });
            self.refused_in_dialog = true;
            return Vec::new();
        }
        match action {
            A::Left => self.move_cursor(-1, 0),
            A::Right => self.move_cursor(1, 0),
            A::Up => self.move_cursor(0, 1),
            A::Down => self.move_cursor(0, -1),
            A::Select => self.select(),
            A::Back => match self.selected.take() {
                Some(c) => {
                    self.say(format!("Put the piece on {c} back down."));
                    Vec::new()
                }
                None => self.leave(),
            },
            A::Undo => self.undo(),
            A::NewGame => {
                if self.in_progress() {
                    self.ask(
                        Dialog::NewGame,
                        "Start a new game? This one will be lost.",
                        "New game",
                        "Keep playing",
                    )
                } else {
                    self.new_game()
                }
            }
            A::Opponent => {
                self.job.cancel();
                self.opponent = match self.opponent {
                    Some(Level::Search) => None,
                    None => Some(Level::Random),
                    Some(Level::Random) => Some(Level::Greedy),
                    Some(Level::Greedy) => Some(Level::Search),
                };
                let text = match self.opponent {
                    Some(l) => format!("Opponent: {} ({}).", l.name(), l.describe()),
                    None => "Two players: each side is played at this keyboard.".to_string(),
                };
                self.say(text);
                self.after_change()
            }
            A::SwapSides => {
                self.job.cancel();
                self.human = self.human.opponent();
                self.selected = None;
                self.say(format!("You now play {}.", glyph_name(self.human)));
                self.after_change()
            }
            A::MorePieces => self.change_pieces(1),
            A::FewerPieces => self.change_pieces(-1),
            A::Rules => {
                self.dialog = Some(Dialog::Rules);
                self.refused_in_dialog = false;
                vec![Effect::Show {
                    title: RULES_TITLE.into(),
                    text: RULES_TEXT.into(),
                }]
            }
            A::Leave => self.leave(),
        }
    }

    /// A click on `cell`: the cursor goes there and it is chosen (as Enter).
    pub fn click(&mut self, cell: Cell) -> Effects {
        if self.dialog.is_some() {
            return self.act(PotentialAction::Select);
        }
        self.cursor = cell;
        self.select()
    }

    /// The mouse wheel: the window `dy` rows up (down when negative), the cursor kept
    /// in sight.
    pub fn scroll(&mut self, dy: i16) {
        self.window.scroll(dy);
        self.cursor = self.window.clamp(self.cursor);
    }

    /// The board has room for `cols` × `rows` cells: the window takes that size and
    /// scrolls to keep the group in sight.
    pub fn resize(&mut self, cols: usize, rows: usize) {
        if self.window.size() != (cols, rows) {
            self.window = self.window.resized(cols, rows);
            self.follow_group();
        }
    }

    /// The answer to the question of an [`Effect::Confirm`] (the dialog is closed).
    pub fn confirmed(&mut self, yes: bool) -> Effects {
        let dialog = self.dialog.take();
        self.refused_in_dialog = false;
        match (dialog, yes) {
            (Some(Dialog::Leave), true) => self.close(),
            (Some(Dialog::NewGame | Dialog::Summary), true) => self.new_game(),
            (Some(Dialog::Summary), false) => {
                self.say("The final position: n starts a new game, u takes moves back.");
                Vec::new()
            }
            (Some(Dialog::Leave | Dialog::NewGame), false) => {
                self.say("Go on with the game.");
                self.after_change()
            }
            (Some(Dialog::Rules) | None, _) => Vec::new(),
        }
    }

    /// The rules' dialog was closed.
    pub fn rules_closed(&mut self) -> Effects {
        if self.dialog != Some(Dialog::Rules) {
            return Vec::new();
        }
        self.dialog = None;
        self.refused_in_dialog = false;
        self.after_change()
    }

    /// The computer's move for `ticket` (refused when it is not the one waited for).
    pub fn finished(&mut self, ticket: Ticket, mv: Option<PotentialMove>) -> Effects {
        if !self.job.accept(ticket) {
            return Vec::new();
        }
        let Some(mv) = mv else {
            self.refuse("The computer found no move: u takes a move back, n starts a new game.");
            return Vec::new();
        };
        let mover = self.game.position().to_move();
        let before = self.game.position().phase();
        if let Err(e) = self.game.play(mv) {
            self.refuse(format!(
                "The computer tried {mv}, which is not allowed: {e}."
            ));
            return Vec::new();
        }
        let note = panel::transition_note(before, self.game.position());
        self.say(
            format!("The computer ({mover}) played {mv}. {note}")
                .trim_end()
                .to_string(),
        );
        if let Some(sel) = self.selected
            && self.game.position().board().piece_at(sel) != Some(self.human)
        {
            self.selected = None;
        }
        self.follow_group();
        self.after_change()
    }

    /// The computer's search for `ticket` failed (the interface has reported it).
    pub fn failed(&mut self, ticket: Ticket) -> Effects {
        if self.job.accept(ticket) {
            self.refuse(
                "The computer failed to find a move: u takes a move back, n starts a new game.",
            );
        }
        Vec::new()
    }

    fn ask(&mut self, dialog: Dialog, text: &str, yes: &str, no: &str) -> Effects {
        self.dialog = Some(dialog);
        self.refused_in_dialog = false;
        vec![Effect::Confirm {
            text: text.into(),
            yes: yes.into(),
            no: no.into(),
        }]
    }

    fn leave(&mut self) -> Effects {
        if self.in_progress() {
            self.ask(
                Dialog::Leave,
                "Leave this game? It will be lost.",
                "Leave",
                "Stay",
            )
        } else {
            self.close()
        }
    }

    fn close(&mut self) -> Effects {
        self.job.cancel();
        vec![Effect::Close]
    }

    fn move_cursor(&mut self, dx: i16, dy: i16) -> Effects {
        self.cursor = self.cursor.offset(dx, dy);
        self.window.reveal(self.cursor);
        Vec::new()
    }

    fn change_pieces(&mut self, delta: isize) -> Effects {
        let n = self
            .next_pieces
            .saturating_add_signed(delta)
            .clamp(MIN_PIECES_PER_SIDE, MAX_PIECES_PER_SIDE);
        if n == self.next_pieces {
            let bound = if delta > 0 { "most" } else { "fewest" };
            self.refuse(format!(
                "{n} pieces per side is the {bound} a game can have."
            ));
        } else {
            self.next_pieces = n;
            self.say(format!(
                "The next game will have {n} pieces per side (n starts it)."
            ));
        }
        Vec::new()
    }

    fn new_game(&mut self) -> Effects {
        self.job.cancel();
        // next_pieces is kept within range by change_pieces.
        if let Ok(game) = Game::new(self.next_pieces) {
            self.game = game;
        }
        self.selected = None;
        self.cursor = Cell::ORIGIN;
        self.summary_shown = false;
        let (cols, rows) = self.window.size();
        self.window = Window::centred(Cell::ORIGIN, cols, rows);
        self.say(if self.computer_to_move() {
            "New game. The computer opens."
        } else {
            "New game. White places the first piece on 0,0."
        });
        self.after_change()
    }

    /// Enter, Space or a click on the cursor's cell.
    fn select(&mut self) -> Effects {
        let pos = self.game.position().clone();
        if pos.is_over() {
            self.refuse("The game is over: n starts a new one, u takes moves back.");
            return Vec::new();
        }
        if self.job.busy() {
            self.refuse("The computer is thinking: wait for its move.");
            return Vec::new();
        }
        if self.computer_to_move() {
            self.refuse("It is the computer's move, and it found none: u takes a move back.");
            return Vec::new();
        }
        let me = pos.to_move();
        let here = self.cursor;
        if pos.phase() == Phase::Placing {
            return self.play(PotentialMove::Place(here));
        }
        match self.selected {
            Some(from) if from == here => {
                self.selected = None;
                self.say(format!("Put the piece on {here} back down."));
                Vec::new()
            }
            Some(from) if pos.board().piece_at(here) != Some(me) => {
                self.play(PotentialMove::Step { from, to: here })
            }
            _ => {
                match pos.board().piece_at(here) {
                    None => self.refuse(format!("{here} is empty: pick one of your pieces first.")),
                    Some(owner) if owner != me => self.refuse(format!(
                        "The piece on {here} is {owner}'s; {me} is to move."
                    )),
                    Some(_) => {
                        let targets = pos.targets_of(here);
                        if targets.is_empty() {
                            self.selected = None;
                            self.refuse(panel::why_stuck(&pos, here));
                        } else {
                            self.selected = Some(here);
                            self.say(format!(
                                "Picked up {here}: {} marked * (Esc drops it).",
                                count(targets.len(), "place")
                            ));
                        }
                    }
                }
                Vec::new()
            }
        }
    }

    fn play(&mut self, mv: PotentialMove) -> Effects {
        let mover = self.game.position().to_move();
        let before = self.game.position().phase();
        match self.game.play(mv) {
            Ok(()) => {
                self.selected = None;
                let note = panel::transition_note(before, self.game.position());
                self.say(
                    format!("{mover} played {mv}. {note}")
                        .trim_end()
                        .to_string(),
                );
                self.follow_group();
                self.after_change()
            }
            Err(e) => {
                self.refuse(format!("Not allowed: {e}."));
                Vec::new()
            }
        }
    }

    fn undo(&mut self) -> Effects {
        self.job.cancel();
        if self.game.moves().is_empty() {
            self.refuse("Nothing to take back.");
            return Vec::new();
        }
        let mut undone = 0;
        while self.game.undo() {
            undone += 1;
            if self.opponent.is_none() || !self.computer_to_move() {
                break;
            }
        }
        self.selected = None;
        self.summary_shown = false;
        self.follow_group();
        self.say(format!("Took back {}.", count(undone, "move")));
        self.after_change()
    }

    /// After any change of the game: the summary once the game is over, or the
    /// computer's move when it is its turn.
    fn after_change(&mut self) -> Effects {
        if self.game.position().is_over() {
            // The summary waits for an open dialog to close.
            if self.summary_shown || self.dialog.is_some() {
                return Vec::new();
            }
            self.summary_shown = true;
            let text = self.summary().unwrap_or_default();
            return self.ask(Dialog::Summary, &text, "New game", "Look at the board");
        }
        if self.job.busy() || !self.computer_to_move() {
            return Vec::new();
        }
        let Some(level) = self.opponent else {
            return Vec::new();
        };
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            ComputerMove {
                position: self.game.position().clone(),
                level,
                limits: self.limits,
                seed: self.rng.random(),
            },
        )]
    }

    /// Scrolls the window to show the group with a margin, then keeps the cursor in it.
    fn follow_group(&mut self) {
        let (lo, hi) = self
            .game
            .position()
            .board()
            .bounding_box()
            .unwrap_or((Cell::ORIGIN, Cell::ORIGIN));
        self.window.follow(lo, hi);
        self.cursor = self.window.clamp(self.cursor);
    }

    /// What to show.
    pub fn shown(&self) -> PotentialShown {
        PotentialShown {
            grid: self.grid(),
            panel: self.panel_lines(),
            verdict: self.message.clone(),
        }
    }
}
