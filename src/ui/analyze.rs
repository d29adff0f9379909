//! The analysis board: paste a position (transcript or OBF) or load a game, step
//! through it, see every move's value and why. Moves played on the board start a
//! variation from the position shown.

use super::board_view::{BoardView, board_screen, board_with, value_labels};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::Job;
use super::worker::lock;
use crate::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use crate::engine::notation;
use crate::engine::search::Searcher;
use crate::engine::{Game, Move, Position, Square};
use crate::tutor::explain::explain_move;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the analysis board view.
pub const BOARD: &str = "analyze-board";
/// Name of the analysis panel.
pub const PANEL: &str = "analyze-panel";

const KEYS: &str = "p paste/open a position or game  s edit this position  [ ] PgUp/PgDn: step\n\
Enter, click or type f5: play a move (a variation)  r: main line  Home/End\n\
w: why the cursor square   m markers   v review the game   F1 help   Esc/q ";

/// How deep the analysis board looks.
pub const ANALYSIS: AnalysisOptions = AnalysisOptions {
    depth: 10,
    exact_empties: 18,
    time: None,
    selective: None,
};

struct State {
    /// The line shown: the main line, or a variation.
    game: Game,
    index: usize,
    /// While a variation is shown: the main line and the position it branched at.
    main: Option<(Game, usize)>,
    values: Option<Vec<MoveValue>>,
    job: Option<Job>,
    why: Option<Square>,
    message: String,
    /// Whether Esc goes back to the screen beneath (the library) instead of the menu.
    back: bool,
}

type Shared = Arc<Mutex<State>>;

/// Opens the analysis board on the initial position.
pub fn open(siv: &mut Cursive) {
    open_game(siv, Game::new(Position::start()));
}

/// Opens the analysis board on `position` (a game that starts there).
pub fn open_at(siv: &mut Cursive, position: Position) {
    open_game(siv, Game::new(position));
}

/// Opens the analysis board on `game`, showing its last position.
pub fn open_game(siv: &mut Cursive, game: Game) {
    open_game_with(siv, game, false);
}

/// Opens the analysis board on `game` on top of the screen that asks for it (the
/// library): Esc goes back to that screen.
pub fn open_game_over(siv: &mut Cursive, game: Game) {
    open_game_with(siv, game, true);
}

fn open_game_with(siv: &mut Cursive, game: Game, to_caller: bool) {
    let plain = state(siv).options.plain;
    let index = game.len();
    let shared: Shared = Arc::new(Mutex::new(State {
        game,
        index,
        main: None,
        values: None,
        job: None,
        why: None,
        message: "Press p to paste a transcript, an OBF position or a GGF game.".into(),
        back: to_caller,
    }));
    let start = Position::start();
    let board = board_with(start, plain, &shared, play);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Analysis",
        LinearLayout::vertical().child(TextView::new(format!(
            "{KEYS}{}",
            if to_caller { "back" } else { "menu" }
        ))),
    );
    let mut keys = OnEventView::new(body);
    let bind = |keys: &mut OnEventView<LinearLayout>,
                e: cursive::event::Event,
                f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_event(e, move |s| f(s, &shared));
    };
    use cursive::event::Event;
    bind(&mut keys, Event::Char('['), back);
    bind(&mut keys, Event::Char(']'), forward);
    bind(&mut keys, Event::Key(Key::PageUp), back);
    bind(&mut keys, Event::Key(Key::PageDown), forward);
    bind(&mut keys, Event::Key(Key::Home), first);
    bind(&mut keys, Event::Key(Key::End), last);
    bind(&mut keys, Event::Char('p'), paste);
    bind(&mut keys, Event::Char('r'), main_line);
    bind(&mut keys, Event::Char('w'), why_cursor);
    bind(&mut keys, Event::Char('m'), markers);
    bind(&mut keys, Event::Char('v'), review_game);
    bind(&mut keys, Event::Char('s'), edit_position);
    bind(&mut keys, Event::Char('q'), leave);
    bind(&mut keys, Event::Key(Key::Esc), leave);
    siv.add_fullscreen_layer(SizeGuard::new(keys.full_screen()));
    super::board_view::fit_boards(siv);
    let _ = siv.focus_name(BOARD);
    show(siv, &shared);
}

fn cancel(st: &mut State) {
    if let Some(j) = st.job.take() {
        j.cancel();
    }
}

/// Shows the position at the current index and starts its analysis.
fn show(siv: &mut Cursive, shared: &Shared) {
    let pos = {
        let mut st = lock(shared);
        cancel(&mut st);
        st.values = None;
        st.why = None;
        st.game.position_at(st.index)
    };
    refresh(siv, shared);
    if pos.is_game_over() {
        return;
    }
    let engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let s2 = shared.clone();
    let job = engine.spawn(
        &sink,
        move |searcher: &mut Searcher| analyze(searcher, &pos.board, ANALYSIS),
        move |s: &mut Cursive, job: &Job, result| {
            {
                let mut st = lock(&s2);
                if st.job.as_ref().map(|j| j.id) != Some(job.id) {
                    return;
                }
                st.job = None;
                if let Ok(values) = result {
                    st.values = Some(values);
                }
            }
            refresh(s, &s2);
        },
        {
            let s3 = shared.clone();
            move |s: &mut Cursive| {
                {
                    let mut st = lock(&s3);
                    st.job = None;
                    st.message = "The engine could not value this position.".into();
                }
                refresh(s, &s3);
            }
        },
    );
    lock(shared).job = Some(job);
    refresh(siv, shared);
}

fn refresh(siv: &mut Cursive, shared: &Shared) {
    let (pos, last, flips, labels, text) = {
        let st = lock(shared);
        let pos = st.game.position_at(st.index);
        let (last, flips) = match st.index.checked_sub(1).map(|i| st.game.moves()[i]) {
            Some(Move::Place(sq)) => {
                let before = st.game.position_at(st.index - 1);
                (
                    Some(sq),
                    before.board.flips(sq).into_iter().collect::<Vec<_>>(),
                )
            }
            _ => (None, Vec::new()),
        };
        let labels = st.values.as_deref().map(value_labels).unwrap_or_default();
        (pos, last, flips, labels, panel_text(&st, &pos))
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_labels(&labels);
        b.set_cursor(c);
    });
    siv.call_on_name(PANEL, |t: &mut crate::ui::wrap_text::WrapText| {
        t.set_content(text)
    });
}

fn panel_text(st: &State, pos: &Position) -> String {
    let mut out = String::new();
    let (b, w) = pos.score_counts();
    match &st.main {
        None => out.push_str("Main line\n"),
        Some((_, at)) => out.push_str(&format!("Variation from position {at} (r: main line)\n")),
    }
    out.push_str(&format!(
        "Position {} of {}   Black {b} - {w} White\n",
        st.index,
        st.game.len()
    ));
    if pos.is_game_over() {
        out.push_str("The game is over.\n");
    } else if pos.must_pass() {
        out.push_str(&format!("{} has no move and must pass.\n", pos.to_move));
    } else {
        out.push_str(&format!("{} to move.\n", pos.to_move));
    }
    out.push_str(&format!("OBF: {}\n", notation::to_obf(pos)));
    out.push_str(&format!("Opening: {}\n", opening_name(st)));
    match &st.values {
        None if st.job.is_some() => out.push_str("\nValuing every move…\n"),
        None => {}
        Some(values) => {
            out.push_str("\nEvery move, best first (discs for the mover):\n");
            for v in values {
                let basis = if v.exact {
                    "exact".to_string()
                } else {
                    format!("depth {}", v.depth)
                };
                let line: Vec<String> =
                    v.pv.iter()
                        .skip(1)
                        .take(5)
                        .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                        .collect();
                out.push_str(&format!(
                    "  {} {:+} {basis}  {}\n",
                    v.mv,
                    v.discs(),
                    line.join(" ")
                ));
            }
            let focus = st.why.or_else(|| {
                values.first().and_then(|v| match v.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => None,
                })
            });
            if let Some(sq) = focus {
                out.push_str(&format!("\nWhy {sq}:\n"));
                for line in explain_move(pos, sq) {
                    out.push_str(&format!("  · {line}\n"));
                }
            }
        }
    }
    if !st.message.is_empty() {
        out.push_str(&format!("\n{}\n", st.message));
    }
    out
}

/// The named opening of the line shown, up to the position shown: the deepest named
/// position it has passed through (and whether the position itself is that one).
fn opening_name(st: &State) -> String {
    let names = crate::tutor::openings::embedded();
    let boards: Vec<crate::engine::Board> = st.game.positions()[..=st.index.min(st.game.len())]
        .iter()
        .map(|p| p.board)
        .collect();
    let here = boards.last().and_then(|b| names.name_of(b));
    match (here, names.deepest_along(&boards)) {
        (Some(o), _) => o.name.clone(),
        (None, Some(o)) => format!("{} (left its named line)", o.name),
        (None, None) => "none named".into(),
    }
}

/// Opens the whole-game review of the main line (every move of both sides valued).
fn review_game(siv: &mut Cursive, shared: &Shared) {
    let game = {
        let st = lock(shared);
        match &st.main {
            Some((main, _)) => main.clone(),
            None => st.game.clone(),
        }
    };
    if game.is_empty() {
        {
            let mut st = lock(shared);
            st.message = "No moves to review: p opens a game first.".into();
        }
        refresh(siv, shared);
        return;
    }
    super::nav::go(
        siv,
        super::nav::Route::Review(Box::new(crate::tutor::game_review::ReviewInput::new(game))),
    );
}

fn play(siv: &mut Cursive, shared: &Shared, sq: Square) {
    {
        let mut st = lock(shared);
        let pos = st.game.position_at(st.index);
        if !pos.board.is_legal(sq) {
            st.message = crate::tutor::explain::illegal_reason(&pos, sq);
            drop(st);
            refresh(siv, shared);
            return;
        }
        let index = st.index;
        if st.game.moves().get(index) == Some(&Move::Place(sq)) {
            // The line's own next move: step along it.
            st.index += 1;
            st.message.clear();
        } else {
            if index < st.game.len() && st.main.is_none() {
                // Leaving the main line: keep it to come back to.
                st.main = Some((st.game.clone(), index));
            }
            st.game.truncate(index);
            if st.game.play_with_implied_pass(Move::Place(sq)).is_ok() {
                st.index = st.game.len();
                st.message = match st.main {
                    Some(_) => format!("Variation: {sq} played. r goes back to the main line."),
                    None => format!("{sq} played."),
                };
            }
        }
    }
    show(siv, shared);
}

fn main_line(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        match st.main.take() {
            Some((game, at)) => {
                st.game = game;
                st.index = at;
                st.message = format!("Back on the main line at position {at}.");
            }
            None => st.message = "This is the main line.".into(),
        }
    }
    show(siv, shared);
}

fn back(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.index = st.index.saturating_sub(1);
        st.message.clear();
    }
    show(siv, shared);
}

fn forward(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.index = (st.index + 1).min(st.game.len());
        st.message.clear();
    }
    show(siv, shared);
}

fn first(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.index = 0;
        st.message.clear();
    }
    show(siv, shared);
}

fn last(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.index = st.game.len();
        st.message.clear();
    }
    show(siv, shared);
}

fn why_cursor(siv: &mut Cursive, shared: &Shared) {
    let cursor = siv
        .call_on_name(BOARD, |b: &mut BoardView| b.cursor())
        .unwrap_or(Square::A1);
    lock(shared).why = Some(cursor);
    refresh(siv, shared);
}

fn markers(siv: &mut Cursive, _shared: &Shared) {
    siv.call_on_name(BOARD, |b: &mut BoardView| b.set_show_legal(!b.show_legal()));
}

/// Opens the position editor on the position shown (this screen closes).
fn edit_position(siv: &mut Cursive, shared: &Shared) {
    let position = {
        let mut st = lock(shared);
        cancel(&mut st);
        st.game.position_at(st.index)
    };
    siv.pop_layer();
    super::nav::go(siv, super::nav::Route::Editor(Some(position)));
}

fn leave(siv: &mut Cursive, shared: &Shared) {
    let back = {
        let mut st = lock(shared);
        cancel(&mut st);
        st.back
    };
    if back {
        siv.pop_layer();
    } else {
        super::nav::menu(siv);
    }
}

fn open_input(s: &mut Cursive, shared: &Shared, text: &str) {
    match crate::tutor::files::read_game_input(text) {
        Ok(game) => {
            s.pop_layer();
            {
                let mut st = lock(shared);
                st.index = game.len();
                st.game = game;
                st.main = None;
                st.message = "Loaded: [ and ] step through the moves.".into();
            }
            show(s, shared);
        }
        Err(e) => {
            crate::ui::size_guard::add_layer(s, Dialog::info(format!("Cannot read it: {e}")));
        }
    }
}

fn paste(siv: &mut Cursive, shared: &Shared) {
    let shared = shared.clone();
    crate::ui::text_dialog::ask_text(
        siv,
        "Open a position",
        "Paste a transcript (f5d6c3…), an OBF line or a GGF game, or a file name:",
        "analyze-input",
        "",
        "Open",
        move |s, text| open_input(s, &shared, text),
    );
}
