//! How a grade is put in words, on every screen that states one: its values, its
//! loss and its one-line summary ([`summary_line`]). A searched value at the limit
//! of the engine's evaluation ([`SEARCH_LIMIT`]) is not a number. The evaluation stops
//! there, so a search that reaches it only says "this many or more": such a value is
//! stated as the bound it is ("-63 or worse"), a loss measured against it as a least
//! loss ("loses 11 discs or more"), and a best move as a game that looks lost or won.
//! A proved (exact) value is the final margin and is stated as it is.

use super::{Feedback, Grade, plain_line};
pub use crate::tutor::values::SEARCH_LIMIT;

/// Whether `v`, a value of the grade `fb`, is a searched value at the evaluation's
/// limit (a book's value or a proved one never is).
fn at_limit(fb: &Feedback, v: i32) -> bool {
    !fb.exact && fb.grade != Grade::Book && v.abs() >= SEARCH_LIMIT
}

/// A value of the grade `fb` in words: the number ("-12"), or at the limit the bound
/// it is ("-63 or worse", "+63 or better").
pub fn value_words(fb: &Feedback, v: i32) -> String {
    if !at_limit(fb, v) {
        format!("{v:+}")
    } else if v < 0 {
        format!("-{SEARCH_LIMIT} or worse")
    } else {
        format!("+{SEARCH_LIMIT} or better")
    }
}

/// Whether the grade's loss is only a least loss: the move played is at the limit at
/// the bottom or the best move at the top (either could be further off), and they
/// are not both at the limit on the same side (where nothing tells them apart).
fn least_loss(fb: &Feedback) -> bool {
    let (played, best) = (fb.played_value, fb.best_value);
    let both = at_limit(fb, played) && at_limit(fb, best) && played.signum() == best.signum();
    let low = at_limit(fb, played) && played < 0;
    let high = at_limit(fb, best) && best > 0;
    !both && (low || high)
}

/// The loss of the grade `fb` against the best move, as the review lists it: "-11",
/// or "-11 or more" when it is a least loss.
pub fn loss_words(fb: &Feedback) -> String {
    if least_loss(fb) {
        format!("-{} or more", fb.loss)
    } else {
        format!("-{}", fb.loss)
    }
}

/// The grade in one line, as every screen states it: "d3: mistake, loses 6 discs
/// (-4 against +2 for c4, depth 12)"; a searched value at the limit stated as the
/// bound it is.
pub fn summary_line(fb: &Feedback) -> String {
    let (played, best) = (at_limit(fb, fb.played_value), at_limit(fb, fb.best_value));
    if !played && !best {
        return plain_line(fb);
    }
    let basis = format!("depth {}", fb.depth);
    let line = if fb.grade == Grade::Best || fb.best == fb.played {
        let looks = if fb.played_value < 0 { "lost" } else { "won" };
        format!(
            "{}: best move; the game looks {looks} ({}, {basis})",
            fb.played,
            value_words(fb, fb.played_value)
        )
    } else if least_loss(fb) {
        format!(
            "{}: {}, loses {} discs or more ({} against {} for {}, {basis})",
            fb.played,
            fb.grade,
            fb.loss,
            value_words(fb, fb.played_value),
            value_words(fb, fb.best_value),
            fb.best
        )
    } else {
        // Both at the limit, on the same side: the search cannot tell them apart.
        format!(
            "{}: {}; {} and {} are both {} ({basis}): the search cannot tell them apart",
            fb.played,
            fb.grade,
            fb.played,
            fb.best,
            value_words(fb, fb.played_value)
        )
    };
    match fb.book.as_ref().and_then(|b| b.main_line) {
        Some(sq) => format!("{line}; out of book: the main line continues {sq}"),
        None => line,
    }
}
