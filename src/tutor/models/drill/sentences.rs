//! The drill's sentences: a verdict, and a play-out's moves with each pass named by
//! the side that passes.

use crate::engine::{Color, Move, Position, Square};
use crate::tutor::puzzle::drill::Verdict as DrillVerdict;

/// The final discs (Black, White) of a margin seen by `mover`.
fn counts(margin: i32, mover: Color) -> (i32, i32) {
    let black = match mover {
        Color::Black => margin,
        Color::White => -margin,
    };
    ((64 + black) / 2, (64 - black) / 2)
}

/// The verdict in sentences.
pub(super) fn verdict_lines(v: &DrillVerdict, mover: Color) -> Vec<String> {
    let (b, w) = counts(v.best, mover);
    let best = format!("{:+} with best play ({b}-{w}, Black first)", v.best);
    let first = match (v.right, v.stated, v.reached) {
        (true, Some(_), _) => format!("✓ Right: {mover} scores {best}."),
        (false, Some(s), _) => format!("✗ You said {s:+}; {mover} scores {best}."),
        (true, None, _) => format!("✓ You kept the best result: {best}."),
        (false, None, r) => format!(
            "✗ You reached {:+}; {mover} scores {best}.",
            r.unwrap_or_default()
        ),
    };
    vec![
        first,
        format!("The solver's best line: {}", v.line_text()),
        "[ and ] step through it; n: the next position.".into(),
    ]
}

/// "You play g7; White plays h8; Black must pass; White plays a7." — each pass named
/// by the side that passes.
pub fn play_line(before: &Position, sq: Square, replies: &[Move]) -> String {
    let learner = before.to_move;
    let mut pos = before.play_unchecked(sq);
    let mut parts = vec![format!("You play {sq}")];
    for mv in replies {
        match *mv {
            Move::Place(r) => {
                parts.push(format!("{} plays {r}", pos.to_move));
                pos = pos.play_unchecked(r);
            }
            Move::Pass => {
                parts.push(if pos.to_move == learner {
                    "you must pass".to_string()
                } else {
                    format!("{} must pass", pos.to_move)
                });
                pos = pos.pass();
            }
        }
    }
    format!("{}.", parts.join("; "))
}
