//! The review screen's words: the line on the move shown, the accuracies, the
//! analysis's state and the swings list's labels.

use crate::engine::{Color, Move, Position};
use crate::tutor::feedback::Grade;
use crate::tutor::game_review::{GameReview, MoveReview, Phase};

/// The line on move `current` (1-based; 0 is the start position).
pub fn move_line(review: &GameReview, current: usize) -> String {
    let total = review.moves.len();
    let Some(m) = current.checked_sub(1).and_then(|i| review.moves.get(i)) else {
        let start = review.game.start();
        return format!("Start ({total} moves): {} to move.", start.to_move);
    };
    let head = format!("Move {}/{total} {} {}", m.number(), m.color, m.mv);
    let Some(f) = &m.feedback else {
        return if m.mv == Move::Pass {
            format!("{head}: no legal move.")
        } else {
            format!("{head}: not valued yet.")
        };
    };
    let value = m.value_for_black().unwrap_or(0);
    let verdict = match f.grade {
        Grade::Book => "book move".to_string(),
        Grade::Best => "best move".to_string(),
        g => format!("{g}, loses {} (best {} {:+})", f.loss, f.best, f.best_value),
    };
    let graded = if m.reused { ", graded in the game" } else { "" };
    format!(
        "{head}: {verdict}; {value:+} for Black, {}{graded}.",
        m.basis()
    )
}

/// The opening's name, the score and the side to move at `pos` (after `moves` moves).
pub fn position_line(review: &GameReview, moves: usize, pos: &Position) -> String {
    let opening = review
        .opening_after(moves)
        .unwrap_or_else(|| crate::tutor::openings::NO_OPENING.into());
    let (b, w) = pos.score_counts();
    let turn = if pos.is_game_over() {
        "game over".to_string()
    } else {
        format!("{} to move", pos.to_move)
    };
    format!("Opening: {opening}   Black {b} - {w} White, {turn}")
}

/// "Black 82%: opening 100%, midgame 66%, endgame 80%; 39 discs lost".
pub fn accuracy_line(review: &GameReview, color: Color) -> String {
    let all = review.accuracy(color, None);
    let percent = |p: Option<u32>| p.map_or("-".to_string(), |p| format!("{p}%"));
    let phases: Vec<String> = Phase::ALL
        .iter()
        .map(|&p| format!("{p} {}", percent(review.accuracy(color, Some(p)).percent())))
        .collect();
    format!(
        "{color:<5} {:>4}: {}; {} discs lost",
        percent(all.percent()),
        phases.join(", "),
        all.total_loss
    )
}

/// A swing in the list: "45 Black a1: blunder -12 (best b7, exact)".
pub fn swing_label(m: &MoveReview) -> String {
    match &m.feedback {
        Some(f) => format!(
            "{:>2} {} {}: {} -{} (best {}, {})",
            m.number(),
            m.color,
            m.mv,
            f.grade,
            f.loss,
            f.best,
            m.basis()
        ),
        None => format!("{} {} {}", m.number(), m.color, m.mv),
    }
}
