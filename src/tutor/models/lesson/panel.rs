//! The lesson panel's text: the lesson and step, the step's text and prompt, the
//! numbered options of a question, and the feedback.

use super::LessonScreen;
use crate::tutor::lesson::{Ask, Question, Step};
use crate::tutor::text::push_lines;

/// Three stars, `stars` of them filled.
pub fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

/// The options a question is answered from, by number: its choices, or the words a
/// winner or next-to-move question takes. Empty for a number question.
pub fn options(q: &Question) -> Vec<String> {
    if !q.choices.is_empty() {
        return q.choices.clone();
    }
    let words: &[&str] = match q.ask {
        Ask::Winner => &["Black", "White", "Draw"],
        Ask::NextToMove => &["Black", "White", "Nobody"],
        _ => &[],
    };
    words.iter().map(|w| w.to_string()).collect()
}

/// The answer a learner typed, read as they meant it: a choice's square (`g1`) or
/// word (`white`) is that choice; an option's number (`3`) is the option; anything
/// else is judged as typed (a number question's number, a mistyped choice).
///
/// ```
/// use othello_tutor::tutor::content::load_lessons;
/// use othello_tutor::tutor::lesson::Step;
/// use othello_tutor::tutor::models::lesson::panel::resolve_answer;
/// let lessons = load_lessons().expect("lessons");
/// let q = lessons.iter().flat_map(|l| &l.steps).find_map(|s| match s {
///     Step::Question(q) if q.choices.len() > 1 => Some(q.clone()),
///     _ => None,
/// }).expect("a choice question");
/// let last = q.choices.len();
/// assert_eq!(resolve_answer(&q, &last.to_string()), q.choices[last - 1]);
/// assert_eq!(resolve_answer(&q, &q.choices[last - 1].to_uppercase()), q.choices[last - 1]);
/// ```
pub fn resolve_answer(q: &Question, typed: &str) -> String {
    let typed = typed.trim();
    let options = options(q);
    if let Some(o) = options.iter().find(|o| o.eq_ignore_ascii_case(typed)) {
        return o.clone();
    }
    match typed.parse::<usize>() {
        Ok(n) if (1..=options.len()).contains(&n) => options[n - 1].clone(),
        _ => typed.to_string(),
    }
}

/// The panel's text.
pub(super) fn text(screen: &LessonScreen) -> String {
    let l = screen.lesson();
    let mut out = format!(
        "{}\nStep {} of {}\n\n",
        l.title,
        screen.index() + 1,
        l.steps.len()
    );
    let (text, prompt) = match &l.steps[screen.index()] {
        Step::Read(r) => (Some(r.text.clone()), None),
        Step::FindMove(f) => (f.text.clone(), Some(f.prompt.clone())),
        Step::Question(q) => {
            let mut prompt = q.prompt.clone();
            let options = options(q);
            if !options.is_empty() {
                prompt.push_str(if q.ask.is_square_choice() {
                    "\nType the number or the square of your answer, then Enter:"
                } else {
                    "\nType the number of your answer, then Enter:"
                });
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
    if screen.job.busy() && screen.refutation == crate::tutor::models::asked::Asked::Not {
        out.push_str("\nThe opponent is thinking…\n");
    }
    push_lines(&mut out, &screen.feedback);
    push_lines(
        &mut out,
        &screen.refutation.panel_lines(super::refute::LINE_KEYS),
    );
    if let Some(stars) = screen.finished() {
        out.push_str(&format!(
            "\nLesson finished: {} (saved). n: what to practise next\n",
            stars_text(stars)
        ));
    } else if screen.done() {
        out.push_str("\nn: next step\n");
    }
    out
}
