//! The course: the lesson list (completion and stars), and the step player (text,
//! board, prompt, feedback) that resumes where the learner left off.

use super::board_view::{BoardView, board_screen, board_with};
use super::shell::{show_progress_notice, state, with_progress};
use super::size_guard::SizeGuard;
use super::worker::Job;
use super::worker::lock;
use super::wrap_text::push_lines;
use crate::engine::players::choose_move;
use crate::engine::search::Searcher;
use crate::engine::{Game, Move, Position, Square};
use crate::tutor::content::load_lessons;
use crate::tutor::lesson::{
    GoalStatus, Lesson, NextAction, Question, Read, Step, StepAttempts, Verdict,
};
use cursive::Cursive;

use cursive::traits::*;
use cursive::views::{Dialog, EditView, LinearLayout, OnEventView, SelectView, TextView};
use std::sync::{Arc, Mutex};

mod answer;
mod finish;
mod list;
mod playout;

use answer::AnswerField;
use finish::{open_lesson_game, open_lesson_puzzles, report_save_error, settle, show_finished};

pub use list::open_list;
use playout::play_out_move;

/// Name of the lesson list.
pub const LIST: &str = "lesson-list";
/// Name of the step board.
pub const BOARD: &str = "lesson-board";
/// Name of the step text panel.
pub const PANEL: &str = "lesson-panel";
/// Name of the answer box of questions.
pub const ANSWER: &str = "lesson-answer";

use crate::tutor::models::lesson::{ANSWER_KEYS, STEP_KEYS, StepAction};
use crate::tutor::screen::{BOARD_KEYS, footer};

fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

/// A play-out in progress.
struct PlayOutGame {
    game: Game,
    busy: bool,
    job: Option<Job>,
    /// The goal was missed: the final board stays until the learner asks to retry.
    spoiled: bool,
}

struct State {
    lesson: Lesson,
    index: usize,
    attempts: StepAttempts,
    feedback: Vec<String>,
    shown: Position,
    last: Option<Square>,
    flips: Vec<Square>,
    play: Option<PlayOutGame>,
    /// The stars once the lesson is finished (its last step done).
    finished: Option<u8>,
}

type Shared = Arc<Mutex<State>>;

impl State {
    fn step(&self) -> &Step {
        &self.lesson.steps[self.index]
    }

    fn done(&self) -> bool {
        !self.step().is_interactive() || self.attempts.is_done()
    }

    /// Sets up the board for the current step.
    fn enter_step(&mut self) {
        self.attempts = StepAttempts::default();
        self.feedback.clear();
        self.play = None;
        self.last = None;
        self.flips.clear();
        let step = self.lesson.steps[self.index].clone();
        let setup_pos = step
            .setup()
            .map(|s| s.position)
            .unwrap_or_else(Position::start);
        self.shown = setup_pos;
        if let Some(setup) = step.setup() {
            self.last = setup.last_move;
        }
        match &step {
            Step::Read(Read { play, .. }) | Step::Question(Question { play, .. }) => {
                if let Some(sq) = *play
                    && let Ok(next) = setup_pos.play(Move::Place(sq))
                {
                    self.flips = setup_pos.board.flips(sq).into_iter().collect();
                    self.last = Some(sq);
                    self.shown = next;
                }
            }
            Step::PlayOut(_) => {
                self.play = Some(PlayOutGame {
                    game: Game::new(setup_pos),
                    busy: false,
                    job: None,
                    spoiled: false,
                });
            }
            Step::FindMove(_) => {}
        }
    }
}

/// Opens a lesson at `at` (or where the learner left off).
pub fn open_lesson(siv: &mut Cursive, lesson: Lesson, at: Option<usize>) {
    let resume = with_progress(siv, |ps| {
        ps.progress
            .lesson(&lesson.id)
            .map(|p| p.current_step)
            .unwrap_or(0)
    });
    let index = at
        .unwrap_or(resume)
        .min(lesson.steps.len().saturating_sub(1));
    let plain = state(siv).options.plain;
    let shared: Shared = Arc::new(Mutex::new(State {
        lesson,
        index,
        attempts: StepAttempts::default(),
        feedback: Vec::new(),
        shown: Position::start(),
        last: None,
        flips: Vec::new(),
        play: None,
        finished: None,
    }));
    lock(&shared).enter_step();
    let board = board_with(Position::start(), plain, &shared, square_chosen);
    let answer = {
        let shared = shared.clone();
        AnswerField::new(EditView::new().on_submit(move |s, text| answer_given(s, &shared, text)))
            .with_name(ANSWER)
            .fixed_width(24)
    };
    let body = board_screen(
        board.with_name(BOARD),
        PANEL,
        "Lesson",
        LinearLayout::vertical()
            .child(
                LinearLayout::horizontal()
                    .child(TextView::new("Answer: "))
                    .child(answer),
            )
            .child(super::host::FooterView::new(|w| {
                footer(&format!("{BOARD_KEYS}; {ANSWER_KEYS}"), STEP_KEYS, w)
            })),
    );
    let mut keys = OnEventView::new(body);
    for binding in STEP_KEYS {
        let f: fn(&mut Cursive, &Shared) = match binding.action {
            StepAction::Next => next,
            StepAction::Back => previous,
            StepAction::Hint => hint,
            StepAction::ShowAnswer => show_answer,
            StepAction::Leave => leave,
        };
        for &key in binding.keys {
            let shared = shared.clone();
            keys.set_on_event(super::host::event_of(key), move |s| f(s, &shared));
        }
    }
    while siv.pop_layer().is_some() {}
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Lesson,
        SizeGuard::new(keys.full_screen()),
    );
    super::board_view::fit_boards(siv);
    refresh(siv, &shared);
}

fn refresh(siv: &mut Cursive, shared: &Shared) {
    settle(siv, shared);
    let (pos, last, flips, highlights, text, question, question_step, verdict) = {
        let st = lock(shared);
        let step = st.step();
        let (pos, last, flips) = match &st.play {
            Some(p) => {
                let (last, flips) = last_move_of(&p.game);
                (p.game.current(), last.or(st.last), flips)
            }
            None => (st.shown, st.last, st.flips.clone()),
        };
        (
            pos,
            last,
            flips,
            step.highlight().to_vec(),
            panel_text(&st),
            matches!(step, Step::Question(_)) && !st.attempts.is_done(),
            matches!(step, Step::Question(_)),
            verdict(&st.feedback),
        )
    };
    siv.call_on_name(BOARD, |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(pos, last, &flips);
        b.set_highlights(&highlights);
        b.set_cursor(c);
        // Legal-move markers would give away questions such as "how many moves".
        b.set_show_legal(!question_step);
    });
    siv.call_on_name(PANEL, |t: &mut crate::ui::wrap_text::WrapText| {
        t.set_content(text)
    });
    super::board_view::set_verdict(siv, PANEL, &verdict);
    if question {
        let _ = siv.focus_name(ANSWER);
    } else {
        let _ = siv.focus_name(BOARD);
    }
}

/// The verdict line: the first line of the latest feedback (✓ or ✗, or what the key
/// did) and any hint or answer asked for, in sight at every size (the panel keeps the
/// explanation).
fn verdict(feedback: &[String]) -> String {
    let mut parts: Vec<&str> = feedback.first().map(|l| l.as_str()).into_iter().collect();
    parts.extend(
        feedback
            .iter()
            .skip(1)
            .filter(|l| l.starts_with("Hint: ") || l.starts_with("The answer: "))
            .map(|l| l.as_str()),
    );
    parts.join(" ")
}

fn last_move_of(game: &Game) -> (Option<Square>, Vec<Square>) {
    match game.moves().last() {
        Some(&Move::Place(sq)) => {
            let before = game.position_at(game.len() - 1);
            (Some(sq), before.board.flips(sq).into_iter().collect())
        }
        _ => (None, Vec::new()),
    }
}

fn panel_text(st: &State) -> String {
    let l = &st.lesson;
    let mut out = format!(
        "{}\nStep {} of {}\n\n",
        l.title,
        st.index + 1,
        l.steps.len()
    );
    let step = st.step();
    let (text, prompt) = match step {
        Step::Read(r) => (Some(r.text.clone()), None),
        Step::FindMove(f) => (f.text.clone(), Some(f.prompt.clone())),
        Step::Question(q) => {
            let mut prompt = q.prompt.clone();
            let options = answer::options(q);
            if !options.is_empty() {
                prompt.push_str("\nType the number of your answer, then Enter:");
                for (i, o) in options.iter().enumerate() {
                    prompt.push_str(&format!("\n   {} {o}", i + 1));
                }
            } else {
                prompt.push_str("\nType the number, then Enter.");
            }
            (q.text.clone(), Some(prompt))
        }
        Step::PlayOut(p) => (p.text.clone(), Some(p.prompt.clone())),
    };
    if let Some(t) = text {
        out.push_str(&t);
        out.push_str("\n\n");
    }
    if let Some(p) = prompt {
        out.push_str(&format!("» {p}\n"));
    }
    if let Some(p) = &st.play
        && p.busy
    {
        out.push_str("\nThe opponent is thinking…\n");
    }
    push_lines(&mut out, &st.feedback);
    if let Some(stars) = st.finished {
        out.push_str(&format!(
            "\nLesson finished: {} (saved). n: what to practise next\n",
            stars_text(stars)
        ));
    } else if st.done() {
        out.push_str("\nn: next step\n");
    }
    out
}

/// Shows the outcome of an answer, in the order the learner needs it.
fn respond(
    st: &mut State,
    action: NextAction,
    verdict: &Verdict,
    explain: &str,
    answer: String,
    hint: String,
) {
    st.feedback.clear();
    match action {
        NextAction::Solved => {
            st.feedback.push("✓ Right.".into());
            st.feedback.push(explain.to_string());
        }
        NextAction::Retry => {
            st.feedback.push("✗ Not right.".into());
            st.feedback
                .extend(verdict.why.iter().map(|w| format!("  · {w}")));
            st.feedback
                .push("Look again and try once more (i: hint).".into());
        }
        NextAction::RetryWithHint => {
            st.feedback.push("✗ Still not right.".into());
            st.feedback
                .extend(verdict.why.iter().map(|w| format!("  · {w}")));
            st.feedback.push(format!("Hint: {hint}"));
        }
        NextAction::Reveal => {
            st.feedback.push("✗ Not right.".into());
            st.feedback
                .extend(verdict.why.iter().map(|w| format!("  · {w}")));
            st.feedback.push(format!("The answer: {answer}"));
            st.feedback.extend(verdict.reveal.iter().cloned());
            st.feedback.push(explain.to_string());
        }
    }
}

fn square_chosen(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let step = lock(shared).step().clone();
    match step {
        Step::FindMove(fm) => {
            {
                let mut st = lock(shared);
                if st.attempts.is_done() {
                    st.feedback.push("This step is done: n goes on.".into());
                } else {
                    let verdict = fm.judge(sq, None);
                    if !verdict.legal {
                        st.feedback = verdict.why.clone();
                    } else {
                        let action = st.attempts.record(verdict.correct);
                        let answer = fm.answer_text();
                        respond(&mut st, action, &verdict, &fm.explain, answer, fm.hint());
                        if verdict.correct {
                            let before = fm.setup.position;
                            st.flips = before.board.flips(sq).into_iter().collect();
                            st.last = Some(sq);
                            st.shown = before.play_unchecked(sq);
                        }
                    }
                }
            }
            refresh(siv, shared);
        }
        Step::Question(q) => {
            // Questions whose choices are squares can be answered on the board.
            if q.choices
                .iter()
                .any(|c| c.eq_ignore_ascii_case(&sq.to_string()))
            {
                answer_given(siv, shared, &sq.to_string());
            } else {
                lock(shared).feedback =
                    vec!["Type the answer in the box below, then Enter.".into()];
                refresh(siv, shared);
            }
        }
        Step::PlayOut(_) => play_out_move(siv, shared, sq),
        Step::Read(_) => {
            lock(shared).feedback = vec!["Nothing to play here: n goes on.".into()];
            refresh(siv, shared);
        }
    }
}

fn answer_given(siv: &mut Cursive, shared: &Shared, text: &str) {
    {
        let mut st = lock(shared);
        let Step::Question(q) = st.step().clone() else {
            return;
        };
        if st.attempts.is_done() {
            st.feedback.push("This step is done: n goes on.".into());
        } else if text.trim().is_empty() {
            st.feedback = vec!["Type an answer first.".into()];
        } else {
            let options = answer::options(&q);
            let given = match text.trim().parse::<usize>() {
                Ok(n) if !options.is_empty() && (1..=options.len()).contains(&n) => {
                    options[n - 1].clone()
                }
                _ => text.trim().to_string(),
            };
            let verdict = q.judge(&given);
            let action = st.attempts.record(verdict.correct);
            respond(
                &mut st,
                action,
                &verdict,
                &q.explain,
                q.answer.to_string(),
                q.hint(),
            );
        }
    }
    siv.call_on_name(ANSWER, |e: &mut AnswerField| e.clear());
    refresh(siv, shared);
}

fn cancel(st: &mut State) {
    if let Some(play) = st.play.as_mut()
        && let Some(job) = play.job.take()
    {
        job.cancel();
        play.busy = false;
    }
}

fn next(siv: &mut Cursive, shared: &Shared) {
    let (done, lesson_id, interactive, attempts, index, count) = {
        let st = lock(shared);
        (
            st.done(),
            st.lesson.id.clone(),
            st.step().is_interactive(),
            st.attempts,
            st.index,
            st.lesson.steps.len(),
        )
    };
    if !done {
        lock(shared).feedback = vec!["Answer first, or press s to see the answer.".into()];
        refresh(siv, shared);
        return;
    }
    if index + 1 >= count {
        if let Some(stars) = settle(siv, shared) {
            show_finished(siv, shared, stars);
        }
        return;
    }
    let save_error = with_progress(siv, |ps| {
        let lp = ps.progress.lesson_mut(&lesson_id);
        if interactive {
            lp.record(&attempts);
        }
        lp.advance(index + 1);
        ps.save().err()
    });
    report_save_error(siv, save_error);
    {
        let mut st = lock(shared);
        cancel(&mut st);
        st.index += 1;
        st.enter_step();
    }
    refresh(siv, shared);
    show_progress_notice(siv);
}

fn previous(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        if st.index == 0 {
            st.feedback = vec!["This is the lesson's first step.".into()];
            drop(st);
            refresh(siv, shared);
            return;
        }
        cancel(&mut st);
        st.index -= 1;
        st.enter_step();
    }
    refresh(siv, shared);
}

fn hint(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        let text = match st.step() {
            Step::FindMove(f) => Some(f.hint()),
            Step::Question(q) => Some(q.hint()),
            Step::PlayOut(p) => Some(p.hint()),
            Step::Read(_) => None,
        };
        match text {
            None => st.feedback = vec!["No hint here: this step only reads (n goes on).".into()],
            Some(_) if st.attempts.is_done() => answered_notice(&mut st.feedback),
            Some(t) => {
                st.attempts.take_hint();
                st.feedback.push(format!("Hint: {t}"));
            }
        }
    }
    refresh(siv, shared);
}

/// Puts "this step is answered" first in the feedback (once), keeping what the
/// answer brought (its explanation) beneath.
fn answered_notice(feedback: &mut Vec<String>) {
    const NOTICE: &str = "This step is answered: n goes on.";
    if feedback.first().map(String::as_str) != Some(NOTICE) {
        feedback.insert(0, NOTICE.into());
    }
}

fn show_answer(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        if !st.step().is_interactive() {
            st.feedback = vec!["Nothing to show: this step only reads (n goes on).".into()];
            drop(st);
            refresh(siv, shared);
            return;
        }
        if st.attempts.is_done() {
            answered_notice(&mut st.feedback);
            drop(st);
            refresh(siv, shared);
            return;
        }
        st.attempts.give_up();
        let (answer, explain) = match st.step() {
            Step::FindMove(f) => (f.answer_text(), f.explain.clone()),
            Step::Question(q) => (q.answer.to_string(), q.explain.clone()),
            Step::PlayOut(p) => (p.hint(), p.explain.clone()),
            Step::Read(_) => return,
        };
        cancel(&mut st);
        st.feedback = vec![format!("The answer: {answer}"), explain];
    }
    refresh(siv, shared);
}

fn leave(siv: &mut Cursive, shared: &Shared) {
    let id = {
        let mut st = lock(shared);
        cancel(&mut st);
        st.lesson.id.clone()
    };
    open_list(siv, Some(&id));
}
