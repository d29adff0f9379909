//! The puzzle trainer's panel: the learner's rating and queue, the lesson run, the
//! puzzle and its task, and once it is over the solution and the why.

use super::{Phase, PuzzleScreen};
use crate::engine::Square;
use crate::tutor::puzzle::Focus;
use crate::tutor::text::push_lines;

/// The panel's text.
pub(super) fn text(screen: &PuzzleScreen) -> String {
    let progress = &screen.progress;
    let mut out = String::new();
    let me = progress.learner();
    out.push_str(&format!(
        "Rating {:.0} ±{:.0} · streak {} (best {})\n",
        me.rating, me.deviation, progress.streak, progress.best_streak
    ));
    out.push_str(&format!(
        "Reviews: {} due, {} queued · theme: {} · {}\n",
        progress.review.due_count(screen.now),
        progress.review.len(),
        screen.focus.map_or_else(|| "any".to_string(), Focus::label),
        match screen.offset {
            o if o < 0.0 => "easier",
            o if o > 0.0 => "harder",
            _ => "your level",
        }
    ));
    if let Some(run) = &screen.run {
        out.push_str(&format!(
            "Lesson puzzles: {} ({} of {}, solved {}, pass mark {})\n",
            run.title,
            (screen.run_index + 1).min(run.ids.len()),
            run.ids.len(),
            screen.run_solved,
            run.pass_mark
        ));
    }
    out.push('\n');
    if let Some(p) = &screen.current {
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
            out.push_str(&format!("Move {} of {}.\n", screen.step + 1, p.steps.len()));
        }
        // A refutation shown takes the solution's place (r brings it back).
        if matches!(screen.phase, Phase::Solved | Phase::Failed)
            && screen.refutation.view().is_none()
        {
            out.push_str(&format!("\nSolution: {}\n", p.solution_text()));
            out.push_str(&format!("Why: {}\n", p.why));
            out.push_str("[ and ] step through the solution; n: next puzzle.\n");
            if screen.missed.is_some() && screen.refutation.view().is_none() {
                out.push_str("r: the refutation of your move, and why the solution is right.\n");
            }
        }
    }
    if matches!(screen.phase, super::Phase::Judging(_)) {
        out.push_str("\nJudging your move…\n");
    }
    push_lines(&mut out, &screen.lines);
    push_lines(
        &mut out,
        &screen.refutation.panel_lines(super::refute::LINE_KEYS),
    );
    out
}

/// Why a move other than the solution's counts: what the puzzle accepts it for.
pub(super) fn accepted_note(
    p: &crate::tutor::puzzle::Puzzle,
    sq: Square,
    answer: Square,
) -> String {
    if p.is_personal() {
        format!(
            "The solution is {answer}, the best move of your game; {sq} is accepted too, as the engine puts it no more than {} below {answer}.",
            crate::tutor::text::count(crate::tutor::feedback::GOOD_MAX_LOSS as usize, "disc")
        )
    } else {
        format!("The solution is {answer}; {sq} is accepted too, as the puzzle's proof allows.")
    }
}
