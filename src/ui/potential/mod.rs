//! The "Potential" screen: a game of the second reference game against the
//! computer (or between two people at one keyboard).
//!
//! The board is a window onto the unbounded grid with the real signed
//! coordinates on its edges. The window stays where it is and only scrolls
//! when the group (or the cursor) leaves it. The rules live in
//! [`crate::potential`]; this module only draws and forwards input. The
//! computer thinks on its own thread and hands its move back through the
//! cursive callback sink; leaving the screen, undoing or starting a new game
//! cancels a search in progress.

use std::sync::{Arc, Mutex};

use cursive::direction::Direction;
use cursive::event::{Event, EventResult, Key, MouseButton, MouseEvent};
use cursive::style::{BaseColor, Color as TermColor, ColorStyle, Effect};
use cursive::view::{CannotFocus, Nameable, Resizable, View};
use cursive::views::{Dialog, LinearLayout, OnEventView, Panel, ScrollView, TextView};
use cursive::{Cursive, Printer, Vec2};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::worker::{self, Job, lock};
use crate::potential::ai::{Level, Player, SearchLimits};
use crate::potential::position::{MAX_PIECES_PER_SIDE, MIN_PIECES_PER_SIDE};
use crate::potential::rules_text::RULES_TEXT as RULES;
use crate::potential::{Analysis, Cell, Color, Game, IllegalMove, Phase, PotentialMove};

/// Name of the board view (for `call_on_name`).
pub const BOARD_NAME: &str = "potential-board";

pub use super::nav::PotentialOptions;

mod dialogs;
mod grid;
mod panel;

use dialogs::{ask_new_game, leave, show_rules, show_summary};
use grid::{BoardView, LinesView, WANT_COLS, WANT_ROWS};

const KEYS: &str = "arrows/hjkl cursor  Enter/Space/click place, pick up, put down  Esc drop\n\
u undo  n new game  o opponent  c swap sides  +/- pieces  r rules  q leave";

const RULES_KEYS: &str = "Up/Down/PgUp/PgDn: scroll   Esc/q: back to the game";

const SUMMARY_KEYS: &str = "Tab/arrows: choose   Enter: confirm   Esc: look at the board";

type Shared = Arc<Mutex<Screen>>;

/// Everything the screen knows; shared by its views and the AI callback.
struct Screen {
    game: Game,
    human: Color,
    opponent: Option<Level>,
    limits: SearchLimits,
    rng: StdRng,
    next_pieces: usize,
    cursor: Cell,
    selected: Option<Cell>,
    /// Top-left cell of the window (smallest x, largest y).
    view_origin: Cell,
    /// Columns and rows of cells in the window.
    view_cells: (usize, usize),
    message: String,
    thinking: bool,
    /// The computer's search in progress, if any.
    job: Option<Job>,
    summary_shown: bool,
    no_color: bool,
}

impl Screen {
    fn computer_to_move(&self) -> bool {
        let pos = self.game.position();
        self.opponent.is_some() && !pos.is_over() && pos.to_move() != self.human
    }

    fn in_progress(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.position().is_over()
    }

    fn cancel_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.thinking = false;
    }

    fn new_game(&mut self) {
        self.cancel_search();
        // next_pieces is kept within range by the +/- keys.
        if let Ok(game) = Game::new(self.next_pieces) {
            self.game = game;
        }
        self.selected = None;
        self.cursor = Cell::ORIGIN;
        self.summary_shown = false;
        self.centre_on(Cell::ORIGIN);
        self.message = if self.computer_to_move() {
            "New game. The computer opens.".to_string()
        } else {
            "New game. White places the first piece on 0,0.".to_string()
        };
    }

    fn centre_on(&mut self, c: Cell) {
        let (cols, rows) = self.view_cells;
        self.view_origin = Cell::new(c.x - (cols / 2) as i16, c.y + (rows / 2) as i16);
    }

    /// Scrolls the window just enough to show the group with a margin of
    /// one cell (or centres it when it does not fit), then keeps the cursor
    /// inside.
    fn follow_group(&mut self) {
        let (cols, rows) = (self.view_cells.0 as i16, self.view_cells.1 as i16);
        if cols == 0 || rows == 0 {
            return;
        }
        let (lo, hi) = self
            .game
            .position()
            .board()
            .bounding_box()
            .unwrap_or((Cell::ORIGIN, Cell::ORIGIN));
        let (lo, hi) = (lo.offset(-1, -1), hi.offset(1, 1));
        let mut o = self.view_origin;
        if hi.x - lo.x + 1 > cols {
            o.x = (lo.x + hi.x) / 2 - cols / 2;
        } else if lo.x < o.x {
            o.x = lo.x;
        } else if hi.x > o.x + cols - 1 {
            o.x = hi.x - cols + 1;
        }
        if hi.y - lo.y + 1 > rows {
            o.y = (lo.y + hi.y) / 2 + rows / 2;
        } else if hi.y > o.y {
            o.y = hi.y;
        } else if lo.y < o.y - rows + 1 {
            o.y = lo.y + rows - 1;
        }
        self.view_origin = o;
        self.cursor.x = self.cursor.x.clamp(o.x, o.x + cols - 1);
        self.cursor.y = self.cursor.y.clamp(o.y - rows + 1, o.y);
    }

    /// Scrolls the window by one step when the cursor leaves it.
    fn follow_cursor(&mut self) {
        let (cols, rows) = (self.view_cells.0 as i16, self.view_cells.1 as i16);
        let c = self.cursor;
        let o = &mut self.view_origin;
        if c.x < o.x {
            o.x = c.x;
        } else if c.x > o.x + cols - 1 {
            o.x = c.x - cols + 1;
        }
        if c.y > o.y {
            o.y = c.y;
        } else if c.y < o.y - rows + 1 {
            o.y = c.y + rows - 1;
        }
    }

    /// The cell shown at window column `col`, row `row`.
    fn cell_at(&self, col: usize, row: usize) -> Cell {
        Cell::new(
            self.view_origin.x + col as i16,
            self.view_origin.y - row as i16,
        )
    }

    /// Enter, Space or a click on the cursor cell. Returns true when a move
    /// was played.
    fn act(&mut self) -> bool {
        let pos = self.game.position().clone();
        if pos.is_over() {
            self.message = "The game is over: n starts a new one, u takes moves back.".into();
            return false;
        }
        if self.computer_to_move() {
            self.message = "The computer is thinking; wait for its move.".into();
            return false;
        }
        let me = pos.to_move();
        let here = self.cursor;
        if pos.phase() == Phase::Placing {
            return self.try_play(PotentialMove::Place(here));
        }
        match self.selected {
            Some(from) if from == here => {
                self.selected = None;
                self.message = format!("Put the piece on {here} back down.");
                false
            }
            Some(from) if pos.board().piece_at(here) != Some(me) => {
                let played = self.try_play(PotentialMove::Step { from, to: here });
                if played {
                    self.selected = None;
                }
                played
            }
            _ => {
                match pos.board().piece_at(here) {
                    None => {
                        self.message = format!("{here} is empty: pick one of your pieces first.");
                    }
                    Some(owner) if owner != me => {
                        self.message =
                            format!("The piece on {here} is {owner}'s; {me} is to move.");
                    }
                    Some(_) => {
                        let targets = pos.targets_of(here);
                        if targets.is_empty() {
                            self.selected = None;
                            self.message = why_stuck(&pos, here);
                        } else {
                            self.selected = Some(here);
                            self.message = format!(
                                "Picked up {here}: {} place{} marked * (Esc drops it).",
                                targets.len(),
                                if targets.len() == 1 { "" } else { "s" }
                            );
                        }
                    }
                }
                false
            }
        }
    }

    fn try_play(&mut self, mv: PotentialMove) -> bool {
        let mover = self.game.position().to_move();
        let before = self.game.position().phase();
        match self.game.play(mv) {
            Ok(()) => {
                self.message = format!("{mover} played {mv}. {}", self.transition_note(before))
                    .trim_end()
                    .to_string();
                self.follow_group();
                true
            }
            Err(e) => {
                self.message = format!("Not allowed: {e}.");
                false
            }
        }
    }

    /// A sentence about a phase change caused by the last move.
    fn transition_note(&self, before: Phase) -> String {
        let pos = self.game.position();
        match (before, pos.phase()) {
            (Phase::Placing, Phase::Moving) => {
                "All pieces are down: White moves first.".to_string()
            }
            (Phase::Placing | Phase::Moving, Phase::Run { runner, .. }) => format!(
                "{} cannot move: {runner} now moves alone, a point a move.",
                runner.opponent()
            ),
            (_, Phase::Over(r)) => format!("Game over: {r}."),
            _ => String::new(),
        }
    }

    fn undo(&mut self) {
        self.cancel_search();
        if self.game.moves().is_empty() {
            self.message = "Nothing to take back.".into();
            return;
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
        self.message = format!(
            "Took back {undone} move{}.",
            if undone == 1 { "" } else { "s" }
        );
    }
}

fn glyph_name(c: Color) -> &'static str {
    match c {
        Color::White => "White O",
        Color::Black => "Black X",
    }
}

/// Why the piece on `cell` (the mover's own) has no move.
fn why_stuck(pos: &crate::potential::Position, cell: Cell) -> String {
    let a = pos.analysis();
    match a.pieces().iter().find(|p| p.cell == cell) {
        Some(p) if p.bound => {
            format!("The piece on {cell} is bound: lifting it would split the group.")
        }
        Some(p) if !p.is_movable() => format!(
            "The piece on {cell} has no potential: {} neighbour{}, {} direct.",
            p.t,
            if p.t == 1 { "" } else { "s" },
            p.d
        ),
        _ => format!("The piece on {cell} has no move."),
    }
}

/// The board: a window onto the grid with coordinates on the edges.
fn status_lines(st: &Screen) -> Vec<String> {
    vec![st.message.clone()]
}

/// Opens the Potential screen with the default settings (12 per side, you
/// play White against the search level): pushes it as a new layer. Esc or
/// `q` leaves it (asking first if a game is in progress); `r` shows the
/// rules.
pub fn open(siv: &mut Cursive) {
    open_with(siv, PotentialOptions::default());
}

/// Opens the Potential screen with `options` (see [`open`]).
pub fn open_with(siv: &mut Cursive, options: PotentialOptions) {
    let pieces = options
        .pieces
        .clamp(MIN_PIECES_PER_SIDE, MAX_PIECES_PER_SIDE);
    let game = match Game::new(pieces) {
        Ok(g) => g,
        Err(_) => return,
    };
    let seed = options.seed.unwrap_or_else(|| rand::rng().random());
    let shared: Shared = Arc::new(Mutex::new(Screen {
        game,
        human: options.human,
        opponent: options.opponent,
        limits: options.limits,
        rng: StdRng::seed_from_u64(seed),
        next_pieces: pieces,
        cursor: Cell::ORIGIN,
        selected: None,
        view_origin: Cell::new(-(WANT_COLS as i16) / 2, WANT_ROWS as i16 / 2),
        view_cells: (0, 0),
        message: String::new(),
        thinking: false,
        job: None,
        summary_shown: false,
        no_color: options.plain,
    }));
    {
        let mut st = lock(&shared);
        st.message = if st.computer_to_move() {
            "The computer opens on 0,0.".to_string()
        } else {
            "White places the first piece on 0,0: press Enter or click it.".to_string()
        };
    }

    let board = BoardView {
        shared: shared.clone(),
    }
    .with_name(BOARD_NAME);
    let panel = LinesView {
        shared: shared.clone(),
        lines: Screen::panel_lines,
        width: 26,
    };
    let status = LinesView {
        shared: shared.clone(),
        lines: status_lines,
        width: 200,
    };
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(board)
                .child(TextView::new(" "))
                .child(panel),
        )
        .child(status)
        .child(TextView::new(KEYS));
    let (s1, s2, s3, s4, s5, s6, s7, s8) = (
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
    );
    let screen = OnEventView::new(Panel::new(body).title("Potential"))
        .on_event('q', move |s| leave(s, &s1))
        .on_event(Key::Esc, move |s| leave(s, &s2))
        .on_event('u', move |s| {
            lock(&s3).undo();
            after_change(s, &s3);
        })
        .on_event('n', move |s| ask_new_game(s, &s4))
        .on_event('r', show_rules)
        .on_event('o', move |s| {
            {
                let mut st = lock(&s5);
                st.cancel_search();
                st.opponent = match st.opponent {
                    Some(Level::Search) => None,
                    None => Some(Level::Random),
                    Some(Level::Random) => Some(Level::Greedy),
                    Some(Level::Greedy) => Some(Level::Search),
                };
                st.message = match st.opponent {
                    Some(l) => format!("Opponent: {} ({}).", l.name(), l.describe()),
                    None => "Two players: each side is played at this keyboard.".to_string(),
                };
            }
            after_change(s, &s5);
        })
        .on_event('c', move |s| {
            {
                let mut st = lock(&s6);
                st.cancel_search();
                st.human = st.human.opponent();
                st.message = format!("You now play {}.", glyph_name(st.human));
            }
            after_change(s, &s6);
        })
        .on_event('+', move |_| change_pieces(&s7, 1))
        .on_event('-', move |_| change_pieces(&s8, -1));
    crate::ui::layer::add_dialog_screen(
        siv,
        crate::tutor::screen::ScreenId::Potential,
        screen.full_screen(),
    );
    after_change(siv, &shared);
}

fn change_pieces(shared: &Shared, delta: isize) {
    let mut st = lock(shared);
    let n = st.next_pieces.saturating_add_signed(delta);
    st.next_pieces = n.clamp(MIN_PIECES_PER_SIDE, MAX_PIECES_PER_SIDE);
    st.message = format!(
        "The next game will have {} pieces per side (n starts it).",
        st.next_pieces
    );
}

/// After any change of the game: show the summary at the end, or let the
/// computer move if it is its turn.
fn after_change(s: &mut Cursive, shared: &Shared) {
    let over = {
        let mut st = lock(shared);
        let over = st.game.position().is_over() && !st.summary_shown;
        if over {
            st.summary_shown = true;
        }
        over
    };
    if over {
        show_summary(s, shared);
        return;
    }
    start_computer(s, shared);
}

fn start_computer(s: &mut Cursive, shared: &Shared) {
    let mut st = lock(shared);
    if st.thinking || !st.computer_to_move() {
        return;
    }
    let Some(level) = st.opponent else {
        return;
    };
    st.thinking = true;
    let position = st.game.position().clone();
    let limits = st.limits;
    let seed = st.rng.random();
    drop(st);
    let (done_shared, failed_shared) = (shared.clone(), shared.clone());
    let job = worker::spawn(
        s.cb_sink(),
        move |job: &Job| {
            let mut player = Player::new(level, limits, seed);
            let flag = job.cancel_flag();
            player.choose(&position, Some(flag.as_ref()))
        },
        move |s: &mut Cursive, job: &Job, mv| computer_moved(s, &done_shared, job, mv),
        move |s: &mut Cursive| {
            {
                let mut st = lock(&failed_shared);
                st.thinking = false;
                st.job = None;
                st.message = "The computer failed to find a move: undo or start a new game.".into();
            }
            after_change(s, &failed_shared);
        },
    );
    lock(shared).job = Some(job);
}

fn computer_moved(s: &mut Cursive, shared: &Shared, job: &Job, mv: Option<PotentialMove>) {
    {
        let mut st = lock(shared);
        if st.job.as_ref().map(|j| j.id) != Some(job.id) || !st.thinking {
            return;
        }
        st.thinking = false;
        st.job = None;
        let Some(mv) = mv else {
            return;
        };
        let mover = st.game.position().to_move();
        let before = st.game.position().phase();
        match st.game.play(mv) {
            Ok(()) => {
                let note = st.transition_note(before);
                st.message = format!("The computer ({mover}) played {mv}. {note}")
                    .trim_end()
                    .to_string();
                if let Some(sel) = st.selected
                    && st.game.position().board().piece_at(sel) != Some(st.human)
                {
                    st.selected = None;
                }
                st.follow_group();
            }
            Err(e) => {
                let e: IllegalMove = e;
                st.message = format!("The computer tried {mv}, which is not allowed: {e}.");
                return;
            }
        }
    }
    after_change(s, shared);
}
