//! What the practice screen writes: the panel beside the board (seats, opening, move
//! number, the computer's last move, the latest grade, the hint, the log), the status
//! line (the latest event and whose turn it is) and the Open dialog's rows.

use super::{Busy, PracticeScreen};
use crate::engine::Color;
use crate::engine::analysis::MoveValue;
use crate::tutor::feedback::{Feedback, Grade};
use crate::tutor::feedback::{summary_line, value_words};
use crate::tutor::library::GameEntry;
use crate::tutor::practice::{Practice, Seat};

fn disc(color: Color) -> &'static str {
    match color {
        Color::Black => "●",
        Color::White => "○",
    }
}

/// "accuracy 80%", or "accuracy —" when nothing was graded.
pub(super) fn accuracy(percent: u32, graded: usize) -> String {
    if graded == 0 {
        "accuracy —".into()
    } else {
        format!("accuracy {percent}%")
    }
}

/// The learner's latest graded move still in the game: its index and grade.
pub(super) fn latest_feedback(practice: &Practice) -> Option<(usize, &Feedback)> {
    (0..practice.game().len())
        .rev()
        .find_map(|i| practice.feedback_at(i).map(|fb| (i, fb)))
}

/// The hint in one line (the values also stand on the board), best first.
pub(super) fn hint_line(values: &[MoveValue]) -> String {
    let basis = match values.first() {
        Some(v) if v.exact => "exact".to_string(),
        Some(v) => format!("depth {}", v.depth),
        None => String::new(),
    };
    let listed: Vec<String> = values
        .iter()
        .map(|v| format!("{} {:+}", v.mv, v.discs()))
        .collect();
    format!("Hint ({basis}): {}", listed.join("  "))
}

/// The latest event above the line that says whose turn it is.
pub(super) fn status(screen: &PracticeScreen) -> String {
    // The latest event, unless the verdict line under the board already says it (a
    // blank line then, so the screen does not jump).
    let latest = screen.log.last().cloned().unwrap_or_default();
    let said = screen.verdict.as_ref().map(|v| v.line()) == Some(latest.clone());
    let latest = if said { String::new() } else { latest };
    format!("{latest}\n{}", turn(screen))
}

fn turn(screen: &PracticeScreen) -> String {
    let p = &screen.practice;
    let pos = p.position();
    if p.is_over() {
        return p
            .summary()
            .map(|s| format!("Game over. {}", s.line()))
            .unwrap_or_default();
    }
    let side = format!("{} {}", pos.to_move, disc(pos.to_move));
    match screen.busy {
        Busy::Grading => "Grading your move…".into(),
        Busy::Replying => format!("{side}: {} is thinking…", p.seat_to_move().name()),
        Busy::Hinting => "Valuing every move for a hint…".into(),
        Busy::Puzzles => "Turning your mistakes into puzzles…".into(),
        Busy::Refuting => "Working out the refutation…".into(),
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

/// The panel beside the board.
pub(super) fn text(screen: &PracticeScreen) -> String {
    let p = &screen.practice;
    let setup = p.setup();
    let pos = p.position();
    let mut out = String::new();
    let seat = |c: Color| match setup.seat(c) {
        Seat::Human => format!("{c} {}: you", disc(c)),
        Seat::Computer(strategy) => format!("{c} {}: {}", disc(c), strategy.name()),
    };
    out.push_str(&format!("{}\n{}\n", seat(Color::Black), seat(Color::White)));
    out.push_str(&format!("Start: {}\n", setup.start_name));
    if let Some(name) = p.opening_name() {
        out.push_str(&format!("Opening: {name}\n"));
    }
    let (b, w) = pos.score_counts();
    let number = p.game().move_number(p.game().len());
    out.push_str(&format!("Move {number}   Black {b} - {w} White\n"));
    // The computer's reply, while it is the move the learner answers (or has just
    // answered); an older one would read as news.
    if let Some(r) = screen.last_reply
        && r.index + 2 >= p.game().len()
        && r.index < p.game().len()
    {
        let (color, sq, value) = (r.color, r.square, r.value);
        // A book or exact value is a fact; the opponent's own search estimate is not
        // shown, so the only searched value on screen is the grade's (two depths
        // would give the same position two values).
        let basis = if r.book {
            Some("book")
        } else if r.exact {
            Some("exact")
        } else {
            None
        };
        match basis {
            Some(basis) => out.push_str(&format!(
                "{color} played {sq} ({value:+} for {color}, {basis})\n"
            )),
            None => out.push_str(&format!("{color} played {sq}.\n")),
        }
    }
    out.push_str(&format!(
        "Feedback: {}\n",
        if setup.feedback {
            "on"
        } else {
            "off (test yourself)"
        }
    ));
    let refutation = screen.refutation.panel_lines(super::refute::LINE_KEYS);
    if let Some((index, fb)) = latest_feedback(p)
        && !refutation.is_empty()
    {
        // The grade and the best move, then the refutation in place of the bullets.
        out.push_str(&format!(
            "\nMove {}, {}\nBest: {} ({})\n",
            p.game().move_number(index),
            summary_line(fb),
            fb.best,
            value_words(fb, fb.best_value)
        ));
        crate::tutor::text::push_lines(&mut out, &refutation);
    } else if let Some((index, fb)) = latest_feedback(p) {
        out.push('\n');
        out.push_str(&feedback_text(
            fb,
            screen.show_best,
            p.game().move_number(index),
        ));
    }
    if let Some(values) = &screen.hint {
        out.push_str(&format!("\n{}\n", hint_line(values)));
    }
    crate::tutor::text::push_lines(&mut out, &screen.log);
    out
}

fn feedback_text(fb: &Feedback, show_best: bool, number: usize) -> String {
    let mut out = format!("Move {number}, {}", summary_line(fb));
    out.push('\n');
    for why in fb.why_played.iter().take(4) {
        out.push_str(&format!("  · {why}\n"));
    }
    // A best move (or a book move that is the book's best) needs no "Best:" line.
    if fb.grade == Grade::Best || fb.best == fb.played {
        return out;
    }
    if show_best || !fb.grade.is_error() {
        out.push_str(&format!(
            "Best: {} ({})\n",
            fb.best,
            value_words(fb, fb.best_value)
        ));
        for why in fb.difference.iter().chain(fb.why_best.iter()).take(5) {
            out.push_str(&format!("  · {why}\n"));
        }
    } else {
        out.push_str("u: take it back and look again   s: the refutation and the best move\n");
    }
    out
}

/// A saved game's line in the Open dialog: the library's columns, 68 wide.
pub(super) fn open_row(g: &GameEntry) -> String {
    match &g.problem {
        Some(p) => open_row_text([&g.name, &g.date, &format!("unreadable: {p}"), "", "", ""]),
        None => open_row_text([
            &g.name,
            &g.date,
            &g.players(),
            &g.result,
            &g.moves.to_string(),
            g.opening.as_deref().unwrap_or("-"),
        ]),
    }
}

/// Six cells in the Open dialog's columns.
pub(super) fn open_row_text(cells: [&str; 6]) -> String {
    let cut = |s: &str, n: usize| -> String {
        if s.chars().count() > n {
            let mut t: String = s.chars().take(n - 1).collect();
            t.push('…');
            t
        } else {
            s.to_string()
        }
    };
    format!(
        "{:<16} {:<10} {:<16} {:>6} {:>5} {}",
        cut(cells[0], 16),
        cut(cells[1], 10),
        cut(cells[2], 16),
        cut(cells[3], 6),
        cut(cells[4], 5),
        cut(cells[5], 10)
    )
    .trim_end()
    .to_string()
}
