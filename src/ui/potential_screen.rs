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
use crate::potential::{Analysis, Cell, Color, Game, IllegalMove, Phase, PotentialMove};

/// Name of the board view (for `call_on_name`).
pub const BOARD_NAME: &str = "potential-board";

pub use super::nav::PotentialOptions;

const KEYS: &str = "arrows/hjkl cursor  Enter/Space/click place, pick up, put down  Esc drop\n\
u undo  n new game  o opponent  c swap sides  +/- pieces  r rules  q leave";

const RULES_KEYS: &str = "Up/Down/PgUp/PgDn: scroll   Esc/q: back to the game";

const SUMMARY_KEYS: &str = "Tab/arrows: choose   Enter: confirm   Esc: look at the board";

const RULES: &str = "\
POTENTIAL

A game for two on a grid with no edges. White and Black each hold the same \
number of pieces: 12 each is the usual game, 6 each is a short one, and \
anything from 3 to 25 each is allowed.

Two cells are neighbours when they touch along a side (direct neighbours) \
or only at a corner (diagonal neighbours). Color plays no part in this: \
every piece counts, whoever owns it.

1. Building the group. White puts the first piece on the centre, 0,0. \
Then the players take turns putting one piece each on any empty cell that \
touches at least one piece already down, of either color. When all pieces \
are down they form one connected group.

2. Moving. White moves first again. On your turn you pick up one of your \
own pieces and put it down on any empty cell (it does not have to be near), \
following three conditions:
  - Keep the group whole. If taking the piece away would cut the group in \
two, the piece is bound and cannot move at all, not even to a cell that \
would join the parts again.
  - Land next to the group: the new cell must touch at least one other \
piece.
  - Lose potential: at the new cell the piece must have fewer neighbours \
than where it stands now, or the same number with fewer of them direct. \
The cell it leaves does not count as a neighbour of the new cell.

A piece that touches just one other piece, at a corner, can never move: it \
has no potential left. Every move lowers the total potential of the group, \
so the game always ends.

3. The end. If it is your turn and none of your pieces can move (each is \
bound or out of potential), you lose. Your opponent then keeps moving alone, \
as many times as possible, one point per move; your pieces stay where they \
are even if they could move again. That count is the winning margin. If \
the opponent cannot move even once, the game is drawn.

4. Handicap. Before the game the players may agree to add some points to \
the weaker player's result at the end.

ON THE SCREEN

The numbers along the edges are the real coordinates: x to the right, y \
upwards, with 0,0 where the first piece went. A move is written x,y-x,y.

  O X   White and Black pieces
  o x   pieces that cannot move now (bound or out of potential)
  [ ]   the cursor        < >   the piece you picked up
  ( )   the last piece placed or moved, and : the cell it left
  *     where the picked-up piece may go
  +     where you may place a piece

The side panel shows the phase, whose turn it is, pieces still in hand, the \
group's potential, how many pieces each side can move, the score of a run, \
and the neighbour count of the cell under the cursor.";

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

    fn panel_lines(&self) -> Vec<String> {
        let pos = self.game.position();
        let a = pos.analysis();
        let who = |c: Color| match self.opponent {
            None => String::new(),
            Some(_) if c == self.human => " (you)".to_string(),
            Some(_) => " (computer)".to_string(),
        };
        let mut lines = vec![
            format!("{} per side", pos.pieces_per_side()),
            match self.opponent {
                Some(level) => format!("You {}, vs {}", glyph_name(self.human), level.name()),
                None => "Two players".to_string(),
            },
            format!(
                "Phase: {}",
                match pos.phase() {
                    Phase::Placing => "placing".to_string(),
                    Phase::Moving => "moving".to_string(),
                    Phase::Run { runner, .. } => format!("{runner}'s run"),
                    Phase::Over(_) => "game over".to_string(),
                }
            ),
        ];
        if pos.is_over() {
            lines.push("To move: nobody".into());
        } else {
            let t = pos.to_move();
            let thinking = if self.thinking { ", thinking" } else { "" };
            lines.push(format!("To move: {t}{}{thinking}", who(t)));
        }
        lines.push(format!(
            "In hand: W {}  B {}",
            pos.in_hand(Color::White),
            pos.in_hand(Color::Black)
        ));
        lines.push(format!("Potential: {}", pos.potential()));
        if pos.phase() == Phase::Placing {
            lines.push("Movable: (after placing)".into());
        } else {
            lines.push(format!(
                "Movable: W {}  B {}",
                a.movable_count(Color::White),
                a.movable_count(Color::Black)
            ));
        }
        lines.push(match pos.phase() {
            Phase::Run { runner, points } => format!("Run: {runner} {points} pt"),
            Phase::Over(r) => format!("Result: {r}"),
            _ => "Run: not yet".into(),
        });
        lines.push(match self.game.last_move() {
            Some((c, mv)) => format!("Last: {} {mv}", c.letter()),
            None => "Last: none".into(),
        });
        lines.extend(self.cursor_lines(&a));
        lines.push("O X pieces  o x stuck".into());
        lines.push("[ ] cursor  < > picked".into());
        lines.push("( ) last : left  * to".into());
        lines.push(format!("Next game: {} (+/-)", self.next_pieces));
        lines
    }

    fn cursor_lines(&self, a: &Analysis) -> Vec<String> {
        let pos = self.game.position();
        let c = self.cursor;
        match pos.board().piece_at(c) {
            Some(owner) => {
                let info = a.pieces().iter().find(|p| p.cell == c);
                let (t, d, state) = match info {
                    Some(p) => (
                        p.t,
                        p.d,
                        if pos.phase() == Phase::Placing {
                            "placed"
                        } else if p.bound {
                            "bound"
                        } else if p.key() <= 5 {
                            "no potential"
                        } else {
                            "can move"
                        },
                    ),
                    None => (0, 0, "?"),
                };
                vec![
                    format!("At {c}: {owner}"),
                    format!(" {t} nbrs, {d} direct"),
                    format!(" key {}, {state}", 5 * t + d),
                ]
            }
            None => {
                let (t, d) = pos.board().neighbour_counts(c, self.selected);
                let note = match self.selected {
                    Some(from) if pos.check(PotentialMove::Step { from, to: c }).is_ok() => {
                        "a legal target"
                    }
                    Some(_) => "not a target",
                    None if pos.phase() == Phase::Placing && t > 0 => "you may place here",
                    None => "empty",
                };
                vec![
                    format!("At {c}: empty"),
                    format!(" {t} nbrs, {d} direct"),
                    format!(" {note}"),
                ]
            }
        }
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
struct BoardView {
    shared: Shared,
}

const LABEL_COLS: usize = 4;
const CELL_COLS: usize = 3;
const WANT_COLS: usize = 15;
const WANT_ROWS: usize = 15;

impl BoardView {
    fn cell_under(&self, rel: Vec2) -> Option<Cell> {
        if rel.x < LABEL_COLS || rel.y < 1 {
            return None;
        }
        let st = lock(&self.shared);
        let (col, row) = ((rel.x - LABEL_COLS) / CELL_COLS, rel.y - 1);
        if col >= st.view_cells.0 || row >= st.view_cells.1 {
            return None;
        }
        Some(st.cell_at(col, row))
    }

    fn move_cursor(&mut self, dx: i16, dy: i16) -> EventResult {
        let mut st = lock(&self.shared);
        st.cursor = st.cursor.offset(dx, dy);
        st.follow_cursor();
        EventResult::Consumed(None)
    }

    fn act(&mut self) -> EventResult {
        let played = lock(&self.shared).act();
        if played {
            let shared = self.shared.clone();
            EventResult::with_cb(move |s| after_change(s, &shared))
        } else {
            EventResult::Consumed(None)
        }
    }
}

impl View for BoardView {
    fn draw(&self, printer: &Printer) {
        let st = lock(&self.shared);
        let pos = st.game.position();
        let a = pos.analysis();
        let (cols, rows) = st.view_cells;
        let placing = pos.phase() == Phase::Placing;
        let my_turn = !st.computer_to_move() && !pos.is_over();
        let targets: Vec<Cell> = st.selected.map(|s| pos.targets_of(s)).unwrap_or_default();
        let last = st.game.last_move().map(|(_, m)| m);
        let plain = st.no_color;

        for col in 0..cols {
            let x = st.view_origin.x + col as i16;
            let label = if (-9..=99).contains(&x) {
                format!("{x:>2} ")
            } else {
                format!("{x:>3}")
            };
            printer.print((LABEL_COLS + col * CELL_COLS, 0), &label);
        }
        for row in 0..rows {
            let y = st.view_origin.y - row as i16;
            printer.print((0, row + 1), &format!("{y:>3} "));
            for col in 0..cols {
                let cell = st.cell_at(col, row);
                let piece = pos.board().piece_at(cell);
                let glyph = match piece {
                    Some(color) => {
                        let stuck = !placing
                            && a.pieces()
                                .iter()
                                .find(|p| p.cell == cell)
                                .is_some_and(|p| !p.is_movable());
                        match (color, stuck) {
                            (Color::White, false) => 'O',
                            (Color::White, true) => 'o',
                            (Color::Black, false) => 'X',
                            (Color::Black, true) => 'x',
                        }
                    }
                    None if targets.contains(&cell) => '*',
                    None if last.and_then(|m| m.origin()) == Some(cell) => ':',
                    None if placing
                        && my_turn
                        && (pos.board().is_empty() && cell == Cell::ORIGIN
                            || pos.board().neighbour_counts(cell, None).0 > 0) =>
                    {
                        '+'
                    }
                    None => '.',
                };
                let (l, r) = if cell == st.cursor {
                    ('[', ']')
                } else if Some(cell) == st.selected {
                    ('<', '>')
                } else if last.map(|m| m.target()) == Some(cell) {
                    ('(', ')')
                } else {
                    (' ', ' ')
                };
                let at = (LABEL_COLS + col * CELL_COLS, row + 1);
                let text = format!("{l}{glyph}{r}");
                if plain {
                    printer.print(at, &text);
                    continue;
                }
                let board = TermColor::Dark(BaseColor::Green);
                let front = match piece {
                    Some(Color::White) => TermColor::Light(BaseColor::White),
                    Some(Color::Black) => TermColor::Dark(BaseColor::Black),
                    None if glyph == '*' || glyph == '+' => TermColor::Light(BaseColor::Yellow),
                    None => TermColor::Dark(BaseColor::Black),
                };
                printer.with_color(ColorStyle::new(front, board), |p| {
                    if cell == st.cursor && printer.focused {
                        p.with_effect(Effect::Reverse, |p| p.print(at, &text));
                    } else if piece.is_some() {
                        p.with_effect(Effect::Bold, |p| p.print(at, &text));
                    } else {
                        p.print(at, &text);
                    }
                });
            }
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let want = Vec2::new(LABEL_COLS + CELL_COLS * WANT_COLS, 1 + WANT_ROWS);
        want.zip_map(constraint, |w, c| w.min(c).max(1))
    }

    fn layout(&mut self, size: Vec2) {
        let cols = size.x.saturating_sub(LABEL_COLS) / CELL_COLS;
        let rows = size.y.saturating_sub(1);
        let mut st = lock(&self.shared);
        if st.view_cells != (cols, rows) {
            let first = st.view_cells == (0, 0);
            st.view_cells = (cols, rows);
            if first {
                st.centre_on(Cell::ORIGIN);
            }
            st.follow_group();
        }
    }

    fn take_focus(&mut self, _: Direction) -> Result<EventResult, CannotFocus> {
        Ok(EventResult::Consumed(None))
    }

    fn on_event(&mut self, event: Event) -> EventResult {
        match event {
            Event::Key(Key::Left) | Event::Char('h') => self.move_cursor(-1, 0),
            Event::Key(Key::Right) | Event::Char('l') => self.move_cursor(1, 0),
            Event::Key(Key::Up) | Event::Char('k') => self.move_cursor(0, 1),
            Event::Key(Key::Down) | Event::Char('j') => self.move_cursor(0, -1),
            Event::Key(Key::Enter) | Event::Char(' ') => self.act(),
            Event::Key(Key::Esc) => {
                let mut st = lock(&self.shared);
                match st.selected.take() {
                    Some(c) => {
                        st.message = format!("Put the piece on {c} back down.");
                        EventResult::Consumed(None)
                    }
                    None => EventResult::Ignored,
                }
            }
            Event::Mouse {
                offset,
                position,
                event: MouseEvent::Press(MouseButton::Left),
            } => match position
                .checked_sub(offset)
                .and_then(|rel| self.cell_under(rel))
            {
                Some(cell) => {
                    lock(&self.shared).cursor = cell;
                    self.act()
                }
                None => EventResult::Ignored,
            },
            Event::Mouse {
                event: MouseEvent::WheelUp,
                ..
            } => {
                lock(&self.shared).view_origin.y += 1;
                EventResult::Consumed(None)
            }
            Event::Mouse {
                event: MouseEvent::WheelDown,
                ..
            } => {
                lock(&self.shared).view_origin.y -= 1;
                EventResult::Consumed(None)
            }
            _ => EventResult::Ignored,
        }
    }
}

/// Lines of text drawn from the shared state on every frame.
struct LinesView {
    shared: Shared,
    lines: fn(&Screen) -> Vec<String>,
    width: usize,
}

impl LinesView {
    fn wrapped(&self, width: usize) -> Vec<String> {
        let st = lock(&self.shared);
        let mut out = Vec::new();
        for line in (self.lines)(&st) {
            let mut current = String::new();
            for word in line.split(' ') {
                let len = current.chars().count();
                if len > 0 && len + 1 + word.chars().count() > width {
                    out.push(std::mem::take(&mut current));
                }
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(word);
            }
            out.push(current);
        }
        out
    }
}

impl View for LinesView {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.wrapped(printer.size.x.max(1)).iter().enumerate() {
            printer.print((0, i), line);
        }
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        let width = self.width.min(constraint.x).max(1);
        Vec2::new(width, self.wrapped(width).len().max(1))
    }
}

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
    siv.add_layer(screen.full_screen());
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

fn leave(s: &mut Cursive, shared: &Shared) {
    if !lock(shared).in_progress() {
        close(s, shared);
        return;
    }
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(
        "Leave this game? It will be lost.\n\nEnter: choose   Tab/arrows: switch   Esc: stay",
    ))
    .title("Leave Potential")
    .button("Leave", move |s| {
        s.pop_layer();
        close(s, &a);
    })
    .button("Stay", |s| {
        s.pop_layer();
    });
    s.add_layer(OnEventView::new(dialog).on_event(Key::Esc, |s| {
        s.pop_layer();
    }));
}

fn close(s: &mut Cursive, shared: &Shared) {
    lock(shared).cancel_search();
    s.pop_layer();
}

fn ask_new_game(s: &mut Cursive, shared: &Shared) {
    if !lock(shared).in_progress() {
        lock(shared).new_game();
        after_change(s, shared);
        return;
    }
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(
        "Start a new game? This one will be lost.\n\nEnter: choose   Tab/arrows: switch   Esc: keep playing",
    ))
    .title("New game")
    .button("New game", move |s| {
        s.pop_layer();
        lock(&a).new_game();
        after_change(s, &a);
    })
    .button("Keep playing", |s| {
        s.pop_layer();
    });
    s.add_layer(OnEventView::new(dialog).on_event(Key::Esc, |s| {
        s.pop_layer();
    }));
}

fn show_rules(s: &mut Cursive) {
    let text = LinearLayout::vertical()
        .child(ScrollView::new(TextView::new(RULES)).full_height())
        .child(TextView::new(RULES_KEYS));
    let layer = OnEventView::new(Panel::new(text).title("Potential: the rules").max_width(84))
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        })
        .on_event('q', |s| {
            s.pop_layer();
        });
    s.add_layer(layer);
}

fn show_summary(s: &mut Cursive, shared: &Shared) {
    let text = {
        let st = lock(shared);
        let pos = st.game.position();
        let Some(result) = pos.result() else {
            return;
        };
        let placements = st
            .game
            .moves()
            .iter()
            .filter(|(_, m)| matches!(m, PotentialMove::Place(_)))
            .count();
        let steps = st.game.moves().len() - placements;
        let verdict = match (result.winner(), st.opponent) {
            (None, _) => "Nobody could move: a draw.".to_string(),
            (Some(w), Some(_)) if w == st.human => {
                format!(
                    "You win by {} point{}.",
                    result.points(),
                    plural(result.points())
                )
            }
            (Some(w), Some(_)) => format!(
                "The computer ({w}) wins by {} point{}.",
                result.points(),
                plural(result.points())
            ),
            (Some(w), None) => format!(
                "{w} wins by {} point{}.",
                result.points(),
                plural(result.points())
            ),
        };
        let loser = result.winner().map(|w| w.opponent());
        let stuck = match loser {
            Some(l) => format!("{l} ran out of moves; the run scored {}.", result.points()),
            None => "The side to move was stuck, and so was the other side.".to_string(),
        };
        format!(
            "Result: {result}\n{verdict}\n{stuck}\n\n{placements} placements, {steps} moves, final potential {}.\n\n{SUMMARY_KEYS}",
            pos.potential()
        )
    };
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(text))
        .title("Game over")
        .button("New game", move |s| {
            s.pop_layer();
            lock(&a).new_game();
            after_change(s, &a);
        })
        .button("Look at the board", |s| {
            s.pop_layer();
        });
    s.add_layer(OnEventView::new(dialog).on_event(Key::Esc, |s| {
        s.pop_layer();
    }));
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}
