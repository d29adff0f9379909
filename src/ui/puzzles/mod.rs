//! The puzzle trainer: serves a puzzle near the learner's rating (reviews first when
//! due; a theme filter; easier or harder), judges each move, continues `line` puzzles
//! with the engine's replies, then shows right or wrong, the solution line and the
//! why, and updates both ratings (Glicko-2), the streak and the review queue. A lesson
//! can also open a fixed run of its own puzzles with a pass mark.
//!
//! `m` opens the unrated modes: Storm and Streak (`runs`) and the endgame drill
//! (`drill`); `modes` is their menu.

mod drill;
mod modes;
mod runs;

pub use drill::open as open_drill;
pub use modes::open_mode;
pub use runs::open as open_run;

use super::board_view::{BoardView, board_screen, board_with};
use super::nav::{self, Route};
use super::shell::{now, show_progress_notice, state, with_progress};
use super::size_guard::SizeGuard;
use super::worker::lock;
use super::wrap_text::push_lines;
use crate::engine::endgame::Solver;
use crate::engine::{Move, Position, Square};
use crate::tutor::course::LessonRun;
use crate::tutor::explain::plural;
use crate::tutor::puzzle::{Puzzle, Theme, load_puzzles};
use crate::tutor::rating::NEAR_MISS_DISCS;
use crate::tutor::rating::Outcome;
use crate::tutor::review::PuzzleProgress;
use cursive::Cursive;

use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, TextView};
use std::sync::{Arc, Mutex};

/// Name of the puzzle board.
pub const BOARD: &str = "puzzle-board";
/// Name of the puzzle panel.
pub const PANEL: &str = "puzzle-panel";

use crate::tutor::models::puzzles::{Action, KEYS};
use crate::tutor::screen::{BOARD_KEYS, footer};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Solving,
    Solved,
    Failed,
}

struct State {
    puzzles: Vec<Puzzle>,
    current: Option<Puzzle>,
    step: usize,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    phase: Phase,
    /// Position in the solution line while stepping through it.
    viewing: Option<usize>,
    lines: Vec<String>,
    theme: Option<Theme>,
    /// Rating offset for easier (-) or harder (+) puzzles.
    offset: f64,
    run: Option<LessonRun>,
    run_index: usize,
    run_solved: usize,
}

type Shared = Arc<Mutex<State>>;

/// The board's marks of one move: the square played and the discs it flipped.
#[derive(Clone, Debug, Default)]
struct SolutionMarks {
    last: Option<Square>,
    flips: Vec<Square>,
}

impl SolutionMarks {
    /// The marks of `sq` played in `pos`.
    fn of(pos: &Position, sq: Square) -> SolutionMarks {
        SolutionMarks {
            last: Some(sq),
            flips: pos.board.flips(sq).into_iter().collect(),
        }
    }
}

/// Table size (MB) of the solver that values a wrong move for the near-miss rule.
const NEAR_MISS_TABLE_MB: usize = 4;

/// The puzzle to serve: a due review first, else a puzzle not tried yet whose rating
/// is nearest the learner's plus `offset`, else the nearest one not waiting in review.
pub fn choose<'a>(
    progress: &PuzzleProgress,
    puzzles: &'a [Puzzle],
    now: u64,
    theme: Option<Theme>,
    offset: f64,
) -> Option<&'a Puzzle> {
    if offset == 0.0 {
        return progress.next_puzzle(puzzles, now, theme);
    }
    let fits = |p: &&Puzzle| theme.is_none_or(|t| p.has_theme(t));
    for entry in progress.review.due(now) {
        if let Some(p) = puzzles.iter().filter(fits).find(|p| p.id == entry.id) {
            return Some(p);
        }
    }
    let target = progress.learner().rating + offset;
    let distance = |p: &Puzzle| (progress.puzzle_rating(p).rating - target).abs();
    let pick = |list: Vec<&'a Puzzle>| {
        list.into_iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id)))
    };
    let fresh: Vec<&Puzzle> = puzzles
        .iter()
        .filter(fits)
        .filter(|p| !progress.attempted(&p.id))
        .collect();
    if fresh.is_empty() {
        pick(
            puzzles
                .iter()
                .filter(fits)
                .filter(|p| !progress.review.contains(&p.id))
                .collect(),
        )
    } else {
        pick(fresh)
    }
}

/// The embedded and personal puzzle sets, or `None` after showing why they could not
/// be loaded (the first five problems).
fn loaded_puzzles(siv: &mut Cursive) -> Option<Vec<Puzzle>> {
    match load_puzzles() {
        Ok(p) => Some(p),
        Err(errors) => {
            let text: Vec<String> = errors.iter().take(5).map(|e| e.to_string()).collect();
            crate::ui::size_guard::add_layer(
                siv,
                Dialog::info(format!(
                    "The puzzles could not be loaded:\n{}",
                    text.join("\n")
                )),
            );
            None
        }
    }
}

/// Opens the trainer; with `run`, serves that lesson's puzzles in order instead.
pub fn open(siv: &mut Cursive, run: Option<LessonRun>) {
    let Some(mut puzzles) = loaded_puzzles(siv) else {
        return;
    };
    puzzles.extend(with_progress(siv, |ps| {
        ps.progress.puzzles.personal_puzzles()
    }));
    let plain = state(siv).options.plain;
    let shared: Shared = Arc::new(Mutex::new(State {
        puzzles,
        current: None,
        step: 0,
        shown: Position::start(),
        last: None,
        flips: Vec::new(),
        phase: Phase::Solving,
        viewing: None,
        lines: Vec::new(),
        theme: None,
        offset: 0.0,
        run,
        run_index: 0,
        run_solved: 0,
    }));
    let start = Position::start();
    let board = board_with(start, plain, &shared, played);
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Puzzle",
        LinearLayout::vertical().child(super::host::FooterView::new(|w| {
            footer(BOARD_KEYS, KEYS, w)
        })),
    );
    let mut keys = OnEventView::new(body);
    for binding in KEYS {
        let f: fn(&mut Cursive, &Shared) = match binding.action {
            Action::Next => next,
            Action::Easier => easier,
            Action::Harder => harder,
            Action::Theme => cycle_theme,
            Action::SolutionBack => view_back,
            Action::SolutionForward => view_forward,
            Action::Modes => |s, _| modes::show_menu(s),
            Action::Leave => |s, _| super::nav::menu(s),
        };
        for &key in binding.keys {
            let shared = shared.clone();
            keys.set_on_event(super::host::event_of(key), move |s| f(s, &shared));
        }
    }
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Puzzles,
        SizeGuard::new(keys.full_screen()),
    );
    super::board_view::fit_boards(siv);
    next(siv, &shared);
    show_progress_notice(siv);
}

/// Serves the next puzzle.
fn next(siv: &mut Cursive, shared: &Shared) {
    let t = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.puzzles.clone());
    let finished_run = {
        let mut st = lock(shared);
        let chosen: Option<Puzzle> = match &st.run {
            Some(run) => run
                .ids
                .get(st.run_index)
                .and_then(|id| st.puzzles.iter().find(|p| &p.id == id))
                .cloned(),
            None => choose(&progress, &st.puzzles, t, st.theme, st.offset).cloned(),
        };
        let finished = st.run.is_some() && chosen.is_none();
        st.lines.clear();
        st.phase = Phase::Solving;
        st.step = 0;
        st.viewing = None;
        st.last = None;
        st.flips.clear();
        match chosen {
            Some(p) => {
                st.shown = p.position;
                if progress.review.get(&p.id).is_some_and(|e| e.due <= t) {
                    st.lines
                        .push("A review: you missed this one before.".into());
                }
                st.current = Some(p);
            }
            None => {
                st.current = None;
                if !finished {
                    st.lines
                        .push("No puzzle fits this choice: t changes the theme.".into());
                }
            }
        }
        finished
    };
    if finished_run {
        finish_run(siv, shared);
        return;
    }
    refresh(siv, shared);
}

fn finish_run(siv: &mut Cursive, shared: &Shared) {
    let (run, solved) = {
        let st = lock(shared);
        (st.run.clone(), st.run_solved)
    };
    let Some(run) = run else { return };
    let total = run.ids.len();
    let passed = solved >= run.pass_mark;
    let save = with_progress(siv, |ps| {
        let lp = ps.progress.lesson_mut(&run.lesson_id);
        lp.puzzle_score = Some((solved as u32, total as u32));
        ps.save().err()
    });
    if let Some(e) = save {
        with_progress(siv, |ps| {
            ps.notice = Some(format!("Progress could not be saved: {e}"))
        });
    }
    let lesson_id = run.lesson_id.clone();
    let verdict = if passed {
        "Passed."
    } else {
        "Not passed yet: the lesson's puzzles can be tried again from the lesson list (z)."
    };
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(TextView::new(format!(
            "{}\n\nYou solved {solved} of {total} (pass mark {}). {verdict}",
            run.title, run.pass_mark
        )))
        .title("Lesson puzzles")
        .button("Back to the lessons", move |s| {
            nav::go(s, Route::Lessons(Some(lesson_id.clone())))
        }),
    );
    show_progress_notice(siv);
}

fn refresh(siv: &mut Cursive, shared: &Shared) {
    let now_s = now(siv);
    let progress = with_progress(siv, |ps| ps.progress.puzzles.clone());
    let (pos, last, flips, text, verdict) = {
        let st = lock(shared);
        let (pos, last, flips) = match (st.viewing, &st.current) {
            (Some(k), Some(p)) => solution_position(p, k),
            _ => (st.shown, st.last, st.flips.clone()),
        };
        (
            pos,
            last,
            flips,
            panel_text(&st, &progress, now_s),
            verdict(&st.lines),
        )
    };
    super::board_view::set_verdict(siv, PANEL, &verdict);
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_cursor(c);
    });
    siv.call_on_name(PANEL, |t: &mut crate::ui::wrap_text::WrapText| {
        t.set_content(text)
    });
}

/// The verdict line: the first line of the latest result (✓ or ✗ and the move) and
/// what it did to the ratings, in sight at every size (the panel keeps the details).
fn verdict(lines: &[String]) -> String {
    let mut parts: Vec<&str> = lines.first().map(|l| l.as_str()).into_iter().collect();
    parts.extend(
        lines
            .iter()
            .skip(1)
            .filter(|l| l.starts_with("Your rating") || l.starts_with("A replay"))
            .map(|l| l.as_str()),
    );
    parts.join(" ")
}

/// The position after the first `k` moves of the solution, with the last one marked.
fn solution_position(p: &Puzzle, k: usize) -> (Position, Option<Square>, Vec<Square>) {
    let mut pos = p.position;
    let mut last = None;
    let mut flips = Vec::new();
    for mv in p.solution.iter().take(k) {
        match *mv {
            Move::Place(sq) => {
                flips = pos.board.flips(sq).into_iter().collect();
                last = Some(sq);
                pos = pos.play_unchecked(sq);
            }
            Move::Pass => {
                pos = pos.pass();
                last = None;
                flips.clear();
            }
        }
    }
    (pos, last, flips)
}

fn panel_text(st: &State, progress: &PuzzleProgress, now: u64) -> String {
    let mut out = String::new();
    let me = progress.learner();
    out.push_str(&format!(
        "Rating {:.0} ±{:.0} · streak {} (best {})\n",
        me.rating, me.deviation, progress.streak, progress.best_streak
    ));
    out.push_str(&format!(
        "Reviews: {} due, {} queued · theme: {} · {}\n",
        progress.review.due_count(now),
        progress.review.len(),
        st.theme.map(|t| t.label()).unwrap_or("any"),
        match st.offset {
            o if o < 0.0 => "easier",
            o if o > 0.0 => "harder",
            _ => "your level",
        }
    ));
    if let Some(run) = &st.run {
        out.push_str(&format!(
            "Lesson puzzles: {} ({} of {}, solved {}, pass mark {})\n",
            run.title,
            (st.run_index + 1).min(run.ids.len()),
            run.ids.len(),
            st.run_solved,
            run.pass_mark
        ));
    }
    out.push('\n');
    if let Some(p) = &st.current {
        out.push_str(&format!(
            "Puzzle {}   rating {:.0}\n",
            p.id,
            progress.puzzle_rating(p).rating
        ));
        if let Some(themes) = p.themes_line() {
            out.push_str(&format!("{themes}\n"));
        }
        let side = p.position.to_move;
        out.push_str(&format!("{side} to play. {}\n", p.goal.task()));
        if p.steps.len() > 1 {
            out.push_str(&format!("Move {} of {}.\n", st.step + 1, p.steps.len()));
        }
        if st.phase != Phase::Solving {
            out.push_str(&format!("\nSolution: {}\n", p.solution_text()));
            out.push_str(&format!("Why: {}\n", p.why));
            out.push_str("[ and ] step through the solution; n: next puzzle.\n");
        }
    }
    push_lines(&mut out, &st.lines);
    out
}

fn played(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let t = now(siv);
    let outcome = {
        let mut st = lock(shared);
        let Some(p) = st.current.clone() else { return };
        if st.phase != Phase::Solving {
            st.lines = vec!["This puzzle is over: n gives the next one.".into()];
            None
        } else {
            let j = p.judge(st.step, sq);
            if !j.legal {
                st.lines = j.why.clone();
                None
            } else if j.correct {
                let before = p.steps[st.step].position;
                st.flips = before.board.flips(sq).into_iter().collect();
                st.last = Some(sq);
                st.shown = before.play_unchecked(sq);
                if st.step + 1 < p.steps.len() {
                    // A line: the engine's reply, then the next move to find.
                    let reply = p.steps[st.step].reply;
                    st.step += 1;
                    let next_pos = p.steps[st.step].position;
                    let reply_text = match reply {
                        Some(Move::Place(r)) => {
                            let mid = st.shown;
                            st.flips = mid.board.flips(r).into_iter().collect();
                            st.last = Some(r);
                            format!("{} replies {r}.", mid.to_move)
                        }
                        _ => "The opponent must pass.".to_string(),
                    };
                    st.shown = next_pos;
                    st.lines = vec![format!("✓ {sq} is right. {reply_text} Find the next move.")];
                    None
                } else {
                    st.phase = Phase::Solved;
                    st.lines = vec![format!("✓ {sq}: solved!")];
                    Some((p, Outcome::Solved, Vec::new()))
                }
            } else {
                st.phase = Phase::Failed;
                let mut lines = vec![format!("✗ {sq} is not it.")];
                lines.extend(j.why.iter().map(|w| format!("  · {w}")));
                let near = p.is_near_miss(st.step, sq, &mut Solver::new(NEAR_MISS_TABLE_MB));
                if near {
                    lines.push(format!(
                        "A near miss: {sq} is within {} of the best, so it counts as half a result for the ratings.",
                        plural(NEAR_MISS_DISCS as u32, "disc", "discs")
                    ));
                }
                st.lines = lines.clone();
                let outcome = if near {
                    Outcome::NearMiss
                } else {
                    Outcome::Missed
                };
                Some((p, outcome, lines))
            }
        }
    };
    if let Some((puzzle, outcome, _)) = outcome {
        let solved = outcome.solved();
        let (result, save) = with_progress(siv, |ps| {
            let r = ps.progress.puzzles.record_result(&puzzle, outcome, t);
            (r, ps.save().err())
        });
        {
            let mut st = lock(shared);
            if st.run.is_some() {
                st.run_index += 1;
                if solved {
                    st.run_solved += 1;
                }
            }
            if result.rated {
                st.lines.push(format!(
                    "Your rating {:.0} → {:.0}; the puzzle's {:.0} → {:.0}.",
                    result.learner_before.rating,
                    result.learner_after.rating,
                    result.puzzle_before.rating,
                    result.puzzle_after.rating
                ));
                if let Some(theme) = puzzle.giveaway() {
                    st.lines.push(format!(
                        "Its theme ({}) gives the answer away, so the ratings moved half as much.",
                        theme.label()
                    ));
                }
            } else {
                st.lines
                    .push("A replay of a puzzle you have seen: the ratings do not move.".into());
            }
            if !solved {
                st.lines
                    .push("It goes into your review queue and comes back tomorrow.".into());
            }
        }
        if let Some(e) = save {
            with_progress(siv, |ps| {
                ps.notice = Some(format!("Progress could not be saved: {e}"))
            });
            show_progress_notice(siv);
        }
    }
    refresh(siv, shared);
}

fn easier(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.offset = (st.offset - 200.0).max(-600.0);
    }
    next(siv, shared);
}

fn harder(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        st.offset = (st.offset + 200.0).min(600.0);
    }
    next(siv, shared);
}

fn cycle_theme(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        let all = Theme::ALL;
        st.theme = match st.theme {
            None => Some(all[0]),
            Some(t) => all
                .iter()
                .position(|&x| x == t)
                .and_then(|i| all.get(i + 1).copied()),
        };
    }
    next(siv, shared);
}

fn view_back(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        if st.phase == Phase::Solving {
            st.lines = vec!["[ and ] step through the solution once the puzzle is over.".into()];
            drop(st);
            refresh(siv, shared);
            return;
        }
        let k = st.viewing.unwrap_or(0);
        st.viewing = Some(k.saturating_sub(1));
    }
    refresh(siv, shared);
}

fn view_forward(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        if st.phase == Phase::Solving {
            st.lines = vec!["[ and ] step through the solution once the puzzle is over.".into()];
            drop(st);
            refresh(siv, shared);
            return;
        }
        let len = st.current.as_ref().map_or(0, |p| p.solution.len());
        let k = st.viewing.map_or(1, |k| k + 1);
        st.viewing = Some(k.min(len));
    }
    refresh(siv, shared);
}
