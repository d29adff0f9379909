//! Practice games: choose colour, opponent and start; play with the board; the engine
//! replies off the UI thread; every learner move is graded with the reasons; hints,
//! undo and redo, resign, passes, the game-over summary, the review, save and load.

use super::board_view::{BoardView, OnSquare, board_screen};
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::lock;
use super::worker::{Engine, Job};
use crate::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use crate::engine::eval::UNITS_PER_DISC;
use crate::engine::players::{MAX_LEVEL, Player, Strategy, level_settings};
use crate::engine::search::{Limits, Searcher};
use crate::engine::{Color, Move, Position, Square};
use crate::tutor::feedback::{Feedback, Grade, grade_move, summary_line};
use crate::tutor::openings::random_xot;
use crate::tutor::practice::{Practice, Seat, Setup};
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{
    Checkbox, Dialog, EditView, LinearLayout, OnEventView, RadioGroup, SelectView, TextView,
};
use std::sync::{Arc, Mutex};

/// Name of the practice board view.
pub const BOARD: &str = "practice-board";
/// Name of the side panel.
pub const PANEL: &str = "practice-panel";
/// Name of the status line under the board.
pub const STATUS: &str = "practice-status";

const KEYS: &str = "Play: arrows/hjkl + Enter, click, or type f5 Enter.  t hint  m markers\n\
u undo  r redo  s best move  i feedback on/off  n new  x resign  w save  o open\n\
v review  a mistakes to puzzles  F1 help  Esc/q menu";

/// How the engine grades the learner's moves.
pub const FEEDBACK_ANALYSIS: AnalysisOptions = AnalysisOptions {
    depth: 8,
    exact_empties: 16,
    time: None,
};

/// How the engine values every move for a hint.
pub const HINT_ANALYSIS: AnalysisOptions = AnalysisOptions {
    depth: 10,
    exact_empties: 18,
    time: None,
};

/// What the engine is busy with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Busy {
    Idle,
    Grading,
    Replying,
    Hinting,
}

struct State {
    practice: Practice,
    busy: Busy,
    job: Option<Job>,
    log: Vec<String>,
    show_best: bool,
    hint: Option<Vec<MoveValue>>,
    last_reply: Option<(Color, Square, i32, bool)>,
    summary_shown: bool,
}

type Shared = Arc<Mutex<State>>;

/// Opens the setup dialog (colour, opponent, start, feedback).
pub fn open_setup(siv: &mut Cursive) {
    let mut colour = RadioGroup::new();
    let mut start = RadioGroup::new();
    let mut opponents = SelectView::<Strategy>::new().autojump();
    let mut list = vec![
        Strategy::Greedy,
        Strategy::StaticSquares,
        Strategy::MobilityOnly,
    ];
    list.extend((1..=MAX_LEVEL).map(Strategy::Engine));
    for s in list {
        opponents.add_item(format!("{:<31}{}", s.name(), s.description()), s);
    }
    opponents.set_selection(5);
    let colour_for_submit = colour.clone();
    let start_for_submit = start.clone();
    opponents
        .set_on_submit(move |s, _| start_from_dialog(s, &colour_for_submit, &start_for_submit));
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("You play: "))
                .child(colour.button(Some(Color::Black), "Black (moves first)  "))
                .child(colour.button(Some(Color::White), "White  "))
                .child(colour.button(None, "two players at this keyboard")),
        )
        .child(TextView::new("Opponent (Enter on it starts the game):"))
        .child(opponents.with_name("opponent").scrollable().max_height(9))
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("Start: "))
                .child(start.button(0u8, "initial position  "))
                .child(start.button(1u8, "random opening (XOT)  "))
                .child(start.button(2u8, "this one:")),
        )
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("Transcript or OBF: "))
                .child(EditView::new().with_name("start-text").fixed_width(52)),
        )
        .child(
            LinearLayout::horizontal()
                .child(Checkbox::new().checked().with_name("feedback"))
                .child(TextView::new(" grade my moves as I play (feedback)")),
        )
        .child(TextView::new(
            "Tab/arrows: move   Space: choose   Enter on an opponent: start   Esc: back",
        ));
    let colour = Arc::new(colour);
    let start = Arc::new(start);
    siv.add_layer(
        Dialog::around(body)
            .title("Practice: new game")
            .button("Start", move |s| start_from_dialog(s, &colour, &start))
            .button("Back", |s| {
                s.pop_layer();
            })
            .wrap_with(OnEventView::new)
            .on_event(Key::Esc, |s| {
                s.pop_layer();
            }),
    );
    let _ = siv.focus_name("opponent");
}

fn start_from_dialog(
    siv: &mut Cursive,
    colour: &RadioGroup<Option<Color>>,
    start: &RadioGroup<u8>,
) {
    let opponent = siv
        .call_on_name("opponent", |v: &mut SelectView<Strategy>| {
            v.selection().map(|s| *s)
        })
        .flatten()
        .unwrap_or(Strategy::Engine(3));
    let feedback = siv
        .call_on_name("feedback", |c: &mut Checkbox| c.is_checked())
        .unwrap_or(true);
    let text = siv
        .call_on_name("start-text", |e: &mut EditView| e.get_content().to_string())
        .unwrap_or_default();
    let choice = *colour.selection();
    let mut setup = if choice.is_none() {
        Setup {
            black: Seat::Human,
            white: Seat::Human,
            start: Position::start(),
            start_name: "the initial position".into(),
            feedback,
        }
    } else {
        Setup::against(choice.unwrap_or(Color::Black), opponent)
    };
    setup.feedback = feedback;
    match *start.selection() {
        1 => {
            let (name, pos) = random_xot(&mut rand::rng());
            setup.start = pos;
            setup.start_name = format!("the XOT opening {name}");
        }
        2 => match crate::engine::notation::parse_position(&text) {
            Ok(pos) if !pos.is_game_over() => {
                setup.start = pos;
                setup.start_name = "a pasted position".into();
            }
            Ok(_) => {
                siv.add_layer(Dialog::info("That position is already finished."));
                return;
            }
            Err(e) => {
                siv.add_layer(Dialog::info(format!("That start cannot be read: {e}")));
                return;
            }
        },
        _ => {}
    }
    siv.pop_layer();
    open_game(siv, setup);
}

/// Opens a game with `setup` (the tests call this directly).
pub fn open_game(siv: &mut Cursive, setup: Setup) {
    open_practice(siv, Practice::new(setup));
}

fn open_practice(siv: &mut Cursive, practice: Practice) {
    let app = state(siv);
    let plain = app.options.plain;
    let shared: Shared = Arc::new(Mutex::new(State {
        practice,
        busy: Busy::Idle,
        job: None,
        log: Vec::new(),
        show_best: false,
        hint: None,
        last_reply: None,
        summary_shown: false,
    }));
    let mut board = BoardView::new(lock(&shared).practice.position(), plain);
    let on_square: OnSquare = {
        let shared = shared.clone();
        Arc::new(move |s: &mut Cursive, sq: Square| human_move(s, &shared, sq))
    };
    board.set_on_square(on_square);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Game",
        LinearLayout::vertical()
            .child(TextView::new("").with_name(STATUS))
            .child(TextView::new(KEYS)),
    );
    let mut keys = OnEventView::new(body);
    let bind = |keys: &mut OnEventView<LinearLayout>, c: char, f: fn(&mut Cursive, &Shared)| {
        let shared = shared.clone();
        keys.set_on_event(c, move |s| f(s, &shared));
    };
    bind(&mut keys, 't', hint);
    bind(&mut keys, 'm', toggle_markers);
    bind(&mut keys, 'u', undo);
    bind(&mut keys, 'r', redo);
    bind(&mut keys, 's', show_best);
    bind(&mut keys, 'i', toggle_feedback);
    bind(&mut keys, 'n', new_game);
    bind(&mut keys, 'x', resign);
    bind(&mut keys, 'w', save_dialog);
    bind(&mut keys, 'o', open_dialog);
    bind(&mut keys, 'v', review);
    bind(&mut keys, 'a', add_personal_puzzles);
    bind(&mut keys, 'q', leave);
    {
        let shared = shared.clone();
        keys.set_on_event(Key::Esc, move |s| leave(s, &shared));
    }
    siv.add_fullscreen_layer(SizeGuard::new(keys.full_screen()));
    super::board_view::fit_boards(siv);
    let _ = siv.focus_name(BOARD);
    log(&shared, "New game. Black moves first.");
    refresh(siv, &shared);
    continue_game(siv, &shared);
}

fn log(shared: &Shared, msg: impl Into<String>) {
    let mut st = lock(shared);
    st.log.push(msg.into());
    let n = st.log.len();
    if n > 6 {
        st.log.drain(..n - 6);
    }
}

fn cancel_job(st: &mut State) {
    if let Some(job) = st.job.take() {
        job.cancel();
    }
    st.busy = Busy::Idle;
}

fn disc(color: Color) -> &'static str {
    match color {
        Color::Black => "●",
        Color::White => "○",
    }
}

/// Redraws the board, status line and panel from the state.
fn refresh(siv: &mut Cursive, shared: &Shared) {
    let (pos, last, flips, labels, status, panel) = {
        let st = lock(shared);
        let p = &st.practice;
        let pos = p.position();
        let (last, flips) = p.last_flips();
        let labels: Vec<(Square, String)> = st
            .hint
            .iter()
            .flatten()
            .filter_map(|v| match v.mv {
                Move::Place(sq) => Some((sq, format!("{:+}", v.discs()))),
                Move::Pass => None,
            })
            .collect();
        (pos, last, flips, labels, status_text(&st), panel_text(&st))
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let cursor = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_labels(&labels);
        b.set_cursor(cursor);
    });
    siv.call_on_name(STATUS, |t: &mut TextView| t.set_content(status));
    siv.call_on_name(PANEL, |t: &mut TextView| t.set_content(panel));
}

/// The latest event (a pass, an illegal move, the engine's move…) above the line that
/// says whose turn it is, so that a notice is never overwritten before it is read.
fn status_text(st: &State) -> String {
    let latest = st.log.last().cloned().unwrap_or_default();
    format!("{latest}\n{}", turn_text(st))
}

fn turn_text(st: &State) -> String {
    let p = &st.practice;
    let pos = p.position();
    if p.is_over() {
        return p
            .summary()
            .map(|s| format!("Game over. {}", s.line()))
            .unwrap_or_default();
    }
    let side = format!("{} {}", pos.to_move, disc(pos.to_move));
    match st.busy {
        Busy::Grading => "Grading your move…".into(),
        Busy::Replying => format!("{side}: {} is thinking…", p.seat_to_move().name()),
        Busy::Hinting => "Valuing every move for a hint…".into(),
        Busy::Idle if p.human_to_move() => {
            let moves: Vec<String> = pos
                .legal_moves()
                .into_iter()
                .map(|s| s.to_string())
                .collect();
            format!("Your move, {side}. Legal: {}", moves.join(" "))
        }
        Busy::Idle => format!("{side} to move."),
    }
}

fn panel_text(st: &State) -> String {
    let p = &st.practice;
    let setup = p.setup();
    let pos = p.position();
    let mut out = String::new();
    let seat = |c: Color| {
        let s = setup.seat(c);
        match s {
            Seat::Human => format!("{c} {}: you", disc(c)),
            Seat::Computer(strategy) => format!("{c} {}: {}", disc(c), strategy.name()),
        }
    };
    out.push_str(&format!("{}\n{}\n", seat(Color::Black), seat(Color::White)));
    out.push_str(&format!("Start: {}\n", setup.start_name));
    let (b, w) = pos.score_counts();
    // The move number as in a game from the start: one more than the discs placed.
    let number = 61 - pos.board.empty_count().min(60);
    out.push_str(&format!("Move {number}   Black {b} - {w} White\n"));
    if let Some((color, sq, value, exact)) = st.last_reply {
        let basis = if exact { "exact" } else { "estimate" };
        out.push_str(&format!(
            "{color} played {sq} ({value:+} for {color}, {basis})\n"
        ));
    }
    out.push_str(&format!(
        "Feedback: {}\n",
        if setup.feedback {
            "on"
        } else {
            "off (test yourself)"
        }
    ));
    // The verdict on the learner's latest graded move.
    let latest = (0..p.game().len()).rev().find_map(|i| p.feedback_at(i));
    if let Some(fb) = latest {
        out.push('\n');
        out.push_str(&feedback_text(fb, st.show_best));
    }
    if let Some(values) = &st.hint {
        out.push_str("\nHint, best first:\n");
        for v in values.iter().take(8) {
            let basis = if v.exact {
                "exact".to_string()
            } else {
                format!("d{}", v.depth)
            };
            out.push_str(&format!("  {} {:+} {basis}\n", v.mv, v.discs()));
        }
    }
    if !st.log.is_empty() {
        out.push('\n');
        for l in &st.log {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

fn feedback_text(fb: &Feedback, show_best: bool) -> String {
    let mut out = summary_line(fb);
    out.push('\n');
    for why in fb.why_played.iter().take(4) {
        out.push_str(&format!("  · {why}\n"));
    }
    if fb.grade == Grade::Best {
        return out;
    }
    if show_best || !fb.grade.is_error() {
        out.push_str(&format!("Best: {} ({:+})\n", fb.best, fb.best_value));
        for why in fb.difference.iter().chain(fb.why_best.iter()).take(5) {
            out.push_str(&format!("  · {why}\n"));
        }
    } else {
        out.push_str("u: take it back and look again   s: show the best move\n");
    }
    out
}

/// The learner chose `sq`.
fn human_move(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let played = {
        let mut st = lock(shared);
        if st.practice.is_over() {
            drop(st);
            log(shared, "The game is over: n starts a new one.");
            refresh(siv, shared);
            return;
        }
        if !st.practice.human_to_move() || st.busy == Busy::Replying || st.busy == Busy::Grading {
            drop(st);
            log(shared, "Wait: it is not your turn yet.");
            refresh(siv, shared);
            return;
        }
        let before = st.practice.position();
        match st.practice.play(Move::Place(sq)) {
            Ok(()) => {
                cancel_job(&mut st);
                st.hint = None;
                st.show_best = false;
                let index = st.practice.game().len() - 1;
                Some((before, index, st.practice.setup().feedback))
            }
            Err(_) => None,
        }
    };
    match played {
        None => {
            let pos = lock(shared).practice.position();
            log(shared, crate::tutor::explain::illegal_reason(&pos, sq));
            refresh(siv, shared);
        }
        Some((before, index, true)) => {
            log(shared, format!("{} plays {sq}.", before.to_move));
            grade(siv, shared, before, index, sq);
        }
        Some((before, _, false)) => {
            log(shared, format!("{} plays {sq}.", before.to_move));
            refresh(siv, shared);
            continue_game(siv, shared);
        }
    }
}

/// Grades the learner's move at `index` (played from `before`) off the UI thread,
/// then goes on with the game.
fn grade(siv: &mut Cursive, shared: &Shared, before: Position, index: usize, sq: Square) {
    run_job(
        siv,
        shared,
        Busy::Grading,
        move |searcher| analyze(searcher, &before.board, FEEDBACK_ANALYSIS),
        move |st, result| {
            if let Ok(values) = result
                && let Some(fb) = grade_move(&before, sq, &values)
            {
                st.practice.set_feedback_at(index, fb);
            }
            None
        },
        true,
    );
}

/// Runs `work` on the engine thread as the screen's one job, marked `busy`; when it
/// ends (and is still the current job), `apply` updates the state and may return a
/// line for the log; then the screen is redrawn and, if `then_continue`, the game
/// goes on (passes, the computer's move, the end).
fn run_job<R: Send + 'static>(
    siv: &mut Cursive,
    shared: &Shared,
    busy: Busy,
    work: impl FnOnce(&mut Searcher) -> R + Send + 'static,
    apply: impl FnOnce(&mut State, R) -> Option<String> + Send + 'static,
    then_continue: bool,
) {
    let engine: Engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let shared2 = shared.clone();
    let shared3 = shared.clone();
    let failed = move |s: &mut Cursive| {
        {
            let mut st = lock(&shared3);
            st.job = None;
            st.busy = Busy::Idle;
        }
        log(
            &shared3,
            "The engine failed on this position: undo or start a new game.",
        );
        refresh(s, &shared3);
    };
    let done = move |s: &mut Cursive, job: &Job, result| {
        let line = {
            let mut st = lock(&shared2);
            if st.job.as_ref().map(|j| j.id) != Some(job.id) {
                return;
            }
            st.job = None;
            st.busy = Busy::Idle;
            apply(&mut st, result)
        };
        if let Some(line) = line {
            log(&shared2, line);
        }
        refresh(s, &shared2);
        if then_continue {
            continue_game(s, &shared2);
        }
    };
    let job = engine.spawn(&sink, work, done, failed);
    {
        let mut st = lock(shared);
        st.job = Some(job);
        st.busy = busy;
    }
    refresh(siv, shared);
}

/// Plays forced passes, starts the computer's reply if it is its turn, and shows the
/// summary at the end.
fn continue_game(siv: &mut Cursive, shared: &Shared) {
    loop {
        let passed = lock(shared).practice.pass_if_forced();
        match passed {
            Some(color) => log(
                shared,
                format!(
                    "{color} has no legal move and passes; {} plays again.",
                    color.opposite()
                ),
            ),
            None => break,
        }
    }
    let (over, computer) = {
        let st = lock(shared);
        let p = &st.practice;
        let computer = match p.seat_to_move() {
            Seat::Computer(s) if !p.is_over() && st.busy == Busy::Idle => Some(s),
            _ => None,
        };
        (p.is_over(), computer)
    };
    refresh(siv, shared);
    if over {
        show_summary(siv, shared);
        return;
    }
    if let Some(strategy) = computer {
        reply(siv, shared, strategy);
    }
}

/// The computer's move, searched off the UI thread.
fn reply(siv: &mut Cursive, shared: &Shared, strategy: Strategy) {
    let pos = lock(shared).practice.position();
    run_job(
        siv,
        shared,
        Busy::Replying,
        move |searcher| choose_move(searcher, &pos, strategy),
        move |st, result: Option<(Square, i32, bool)>| {
            let (sq, value, exact) = result?;
            st.practice.play(Move::Place(sq)).ok()?;
            st.last_reply = Some((pos.to_move, sq, value, exact));
            Some(format!("{} plays {sq}.", pos.to_move))
        },
        true,
    );
}

/// The computer's choice with its value (whole discs, mover's view) and exactness.
pub(crate) fn choose_move(
    searcher: &mut Searcher,
    pos: &Position,
    strategy: Strategy,
) -> Option<(Square, i32, bool)> {
    match strategy {
        Strategy::Engine(level) => {
            let (depth, exact, time) = level_settings(level);
            let limits = Limits {
                depth,
                nodes: u64::MAX,
                time,
                exact_empties: exact,
            };
            let r = searcher.search(&pos.board, limits).ok()?;
            let value = (r.score as f64 / UNITS_PER_DISC as f64).round() as i32;
            r.best.map(|sq| (sq, value, r.exact))
        }
        simple => {
            let mut player = Player::new(simple);
            let sq = player.choose(&pos.board, &mut rand::rng())?;
            // A quick estimate of the chosen move, for the panel.
            let child = pos.board.play_unchecked(sq);
            let v = searcher
                .search(&child, Limits::depth(4, 12))
                .map(|r| -(r.score as f64 / UNITS_PER_DISC as f64).round() as i32)
                .unwrap_or(0);
            Some((sq, v, false))
        }
    }
}

fn show_summary(siv: &mut Cursive, shared: &Shared) {
    let text = {
        let mut st = lock(shared);
        if st.summary_shown {
            return;
        }
        st.summary_shown = true;
        let p = &st.practice;
        let Some(summary) = p.summary() else { return };
        let mut text = format!("{}\n", summary.line());
        for color in [Color::Black, Color::White] {
            if p.setup().seat(color) == Seat::Human {
                let r = p.review(color);
                if r.graded > 0 {
                    text.push_str(&format!(
                        "\n{color}: accuracy {}% ({} of {} moves best or good), {} discs lost, {} errors",
                        r.accuracy(),
                        r.best_or_good,
                        r.graded,
                        r.total_loss,
                        r.errors.len()
                    ));
                }
            }
        }
        text
    };
    let (s1, s2, s3, s4) = (
        shared.clone(),
        shared.clone(),
        shared.clone(),
        shared.clone(),
    );
    siv.add_layer(
        Dialog::around(TextView::new(text))
            .title("Game over")
            .button("Review (v)", move |s| {
                s.pop_layer();
                review(s, &s1);
            })
            .button("New game (n)", move |s| {
                s.pop_layer();
                new_game(s, &s2);
            })
            .button("Mistakes to puzzles (a)", {
                let s5 = shared.clone();
                move |s| {
                    s.pop_layer();
                    add_personal_puzzles(s, &s5);
                }
            })
            .button("Look at the board (Esc)", |s| {
                s.pop_layer();
            })
            .wrap_with(OnEventView::new)
            .on_event('a', {
                let s6 = shared.clone();
                move |s| {
                    s.pop_layer();
                    add_personal_puzzles(s, &s6);
                }
            })
            .on_event('v', move |s| {
                s.pop_layer();
                review(s, &s3);
            })
            .on_event('n', move |s| {
                s.pop_layer();
                new_game(s, &s4);
            })
            .on_event(Key::Esc, |s| {
                s.pop_layer();
            }),
    );
}

/// Turns the learner's graded mistakes into personal puzzles (off the UI thread: each
/// is re-analysed) and puts them in the review queue.
fn add_personal_puzzles(siv: &mut Cursive, shared: &Shared) {
    let practice = lock(shared).practice.clone();
    let humans: Vec<Color> = [Color::Black, Color::White]
        .into_iter()
        .filter(|&c| practice.setup().seat(c) == Seat::Human)
        .collect();
    let t = super::shell::now(siv);
    let rating = super::shell::with_progress(siv, |ps| ps.progress.puzzles.rating);
    let engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let s2 = shared.clone();
    log(shared, "Turning your mistakes into puzzles…");
    refresh(siv, shared);
    let job = engine.spawn(
        &sink,
        move |searcher: &mut Searcher| {
            humans
                .iter()
                .flat_map(|&c| {
                    crate::tutor::review::personal_puzzles(&practice, c, searcher, rating, t)
                })
                .collect::<Vec<_>>()
        },
        move |s: &mut Cursive, _job: &Job, found| {
            let (added, error) = super::shell::with_progress(s, |ps| {
                let n = ps.progress.puzzles.add_personal(found, t);
                (n, ps.save().err())
            });
            let msg = match error {
                Some(e) => format!("Your mistakes could not be saved: {e}"),
                None if added == 0 => "No new mistakes to add (graded moves only).".into(),
                None => format!("{added} mistakes are now puzzles in your review queue."),
            };
            log(&s2, msg);
            refresh(s, &s2);
        },
        {
            let s3 = shared.clone();
            move |s: &mut Cursive| {
                log(&s3, "Your mistakes could not be turned into puzzles.");
                refresh(s, &s3);
            }
        },
    );
    let _ = job;
}

fn hint(siv: &mut Cursive, shared: &Shared) {
    let pos = {
        let st = lock(shared);
        if !st.practice.human_to_move() || st.busy != Busy::Idle {
            drop(st);
            log(shared, "A hint is for your own turn.");
            refresh(siv, shared);
            return;
        }
        st.practice.position()
    };
    run_job(
        siv,
        shared,
        Busy::Hinting,
        move |searcher| analyze(searcher, &pos.board, HINT_ANALYSIS),
        |st, result| {
            if let Ok(values) = result {
                st.hint = Some(values);
            }
            None
        },
        false,
    );
}

fn toggle_markers(siv: &mut Cursive, _shared: &Shared) {
    siv.call_on_name(BOARD, |b: &mut BoardView| b.set_show_legal(!b.show_legal()));
}

fn undo(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        cancel_job(&mut st);
        st.hint = None;
        st.show_best = false;
        st.summary_shown = false;
        st.last_reply = None;
        if st.practice.undo() == 0 {
            drop(st);
            log(shared, "Nothing to take back.");
        } else {
            drop(st);
            log(shared, "Taken back.");
        }
    }
    refresh(siv, shared);
    continue_game(siv, shared);
}

fn redo(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        cancel_job(&mut st);
        st.hint = None;
        if st.practice.redo() == 0 {
            drop(st);
            log(shared, "Nothing to replay.");
        }
    }
    refresh(siv, shared);
    continue_game(siv, shared);
}

fn show_best(siv: &mut Cursive, shared: &Shared) {
    lock(shared).show_best = true;
    refresh(siv, shared);
}

fn toggle_feedback(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        let on = !st.practice.setup().feedback;
        st.practice.set_feedback(on);
    }
    refresh(siv, shared);
}

fn new_game(siv: &mut Cursive, shared: &Shared) {
    cancel_job(&mut lock(shared));
    siv.pop_layer();
    open_setup(siv);
}

fn resign(siv: &mut Cursive, shared: &Shared) {
    let s1 = shared.clone();
    siv.add_layer(
        Dialog::text("Resign this game?")
            .button("Resign", move |s| {
                s.pop_layer();
                {
                    let mut st = lock(&s1);
                    cancel_job(&mut st);
                    st.practice.resign();
                }
                refresh(s, &s1);
                show_summary(s, &s1);
            })
            .button("Keep playing", |s| {
                s.pop_layer();
            }),
    );
}

fn leave(siv: &mut Cursive, shared: &Shared) {
    let in_progress = {
        let st = lock(shared);
        !st.practice.is_over() && !st.practice.game().is_empty()
    };
    let s1 = shared.clone();
    let go = move |s: &mut Cursive| {
        cancel_job(&mut lock(&s1));
        super::nav::menu(s);
    };
    if in_progress {
        siv.add_layer(
            Dialog::text("Leave this game? It is not saved (w saves it).")
                .button("Leave", go)
                .button("Stay", |s| {
                    s.pop_layer();
                }),
        );
    } else {
        go(siv);
    }
}

fn games_dir(siv: &mut Cursive) -> std::path::PathBuf {
    let app = state(siv);
    let base = app
        .options
        .data_dir
        .clone()
        .or_else(|| {
            directories::ProjectDirs::from("", "", "othello-tutor")
                .map(|d| d.data_dir().to_path_buf())
        })
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    base.join("games")
}

fn save_dialog(siv: &mut Cursive, shared: &Shared) {
    let dir = games_dir(siv);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let default = dir.join(format!("game-{stamp}")).display().to_string();
    let s1 = shared.clone();
    siv.add_layer(
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(
                    "Save as (two files are written: NAME.txt, the transcript, and NAME.ggf):",
                ))
                .child(
                    EditView::new()
                        .content(default)
                        .with_name("save-path")
                        .fixed_width(70),
                ),
        )
        .title("Save the game")
        .button("Save", move |s| {
            let path = s
                .call_on_name("save-path", |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            let (transcript, ggf) = {
                let st = lock(&s1);
                (st.practice.transcript(), st.practice.ggf())
            };
            s.pop_layer();
            let result = write_atomic(&format!("{path}.txt"), &format!("{transcript}\n"))
                .and_then(|_| write_atomic(&format!("{path}.ggf"), &format!("{ggf}\n")));
            match result {
                Ok(()) => log(&s1, format!("Saved to {path}.txt and {path}.ggf")),
                Err(e) => log(&s1, format!("Could not save: {e}")),
            }
            refresh(s, &s1);
        })
        .button("Cancel", |s| {
            s.pop_layer();
        }),
    );
}

/// Writes a file atomically: a temporary file beside it, then a rename.
fn write_atomic(path: &str, text: &str) -> std::io::Result<()> {
    let path = std::path::Path::new(path);
    if let Some(parent) = path.parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)?;
    }
    let tmp = path.with_extension("tmp-write");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

fn open_dialog(siv: &mut Cursive, shared: &Shared) {
    let s1 = shared.clone();
    siv.add_layer(
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(
                    "A file to open (.txt transcript or .ggf), or paste a transcript, GGF or OBF:",
                ))
                .child(EditView::new().with_name("open-text").fixed_width(70)),
        )
        .title("Open a game")
        .button("Open", move |s| {
            let text = s
                .call_on_name("open-text", |e: &mut EditView| e.get_content().to_string())
                .unwrap_or_default();
            let content = match std::fs::read_to_string(text.trim()) {
                Ok(c) => c,
                Err(_) => text.clone(),
            };
            let (black, white) = {
                let st = lock(&s1);
                (st.practice.setup().black, st.practice.setup().white)
            };
            match Practice::load(&content, black, white) {
                Ok(p) => {
                    cancel_job(&mut lock(&s1));
                    s.pop_layer();
                    s.pop_layer();
                    open_practice(s, p);
                }
                Err(e) => {
                    s.add_layer(Dialog::info(format!("Cannot open it: {e}")));
                }
            }
        })
        .button("Cancel", |s| {
            s.pop_layer();
        }),
    );
}

fn review(siv: &mut Cursive, shared: &Shared) {
    let (items, header) = {
        let st = lock(shared);
        let p = &st.practice;
        let mut items = Vec::new();
        let mut header = String::new();
        for color in [Color::Black, Color::White] {
            if p.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = p.review(color);
            header.push_str(&format!(
                "{color}: accuracy {}% ({} of {} graded moves best or good), {} discs lost\n",
                r.accuracy(),
                r.best_or_good,
                r.graded,
                r.total_loss
            ));
            for item in r.errors {
                let fb = &item.feedback;
                let why = fb
                    .difference
                    .first()
                    .or(fb.why_played.first())
                    .cloned()
                    .unwrap_or_default();
                items.push((
                    format!(
                        "Move {} {} {}: {}, -{} (best {} {:+}). {why}",
                        item.number,
                        item.color,
                        fb.played,
                        fb.grade,
                        fb.loss,
                        fb.best,
                        fb.best_value
                    ),
                    item.index,
                ));
            }
        }
        (items, header)
    };
    let mut list = SelectView::<usize>::new();
    if items.is_empty() {
        list.add_item(
            "No inaccuracies, mistakes or blunders among the graded moves.",
            usize::MAX,
        );
    }
    for (label, index) in items {
        list.add_item(label, index);
    }
    let s1 = shared.clone();
    list.set_on_submit(move |s, &index| {
        if index == usize::MAX {
            return;
        }
        s.pop_layer();
        {
            let mut st = lock(&s1);
            cancel_job(&mut st);
            st.summary_shown = true;
            while st.practice.game().len() > index {
                if st.practice.undo() == 0 {
                    break;
                }
            }
            st.show_best = true;
        }
        log(
            &s1,
            format!(
                "Back before move {}: r replays the game forward.",
                index + 1
            ),
        );
        refresh(s, &s1);
    });
    siv.add_layer(
        Dialog::around(
            LinearLayout::vertical()
                .child(TextView::new(header))
                .child(list.scrollable().max_height(12))
                .child(TextView::new(
                    "Enter/click: go back to that position   Esc: close",
                )),
        )
        .title("Review")
        .button("Close", |s| {
            s.pop_layer();
        })
        .wrap_with(OnEventView::new)
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}
