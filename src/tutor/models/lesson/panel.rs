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
    if screen.job.busy() {
        out.push_str("\nThe opponent is thinking…\n");
    }
    push_lines(&mut out, &screen.feedback);
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
