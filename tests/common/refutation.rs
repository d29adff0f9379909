//! An independent check of a refutation, written without the refutation module's
//! own checks: every gain it states is recounted on the board at the end of its line
//! (corner owners, legal moves and what squares they are, stable discs with the
//! engine's function, empty regions by a flood fill of our own), its line is replayed
//! legally, and its cost is the difference of the engine's values.
#![allow(dead_code)]

use othello_tutor::engine::analysis::{AnalysisOptions, best_and_played};
use othello_tutor::engine::features::stable_discs;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Move, Position, Square};
use othello_tutor::tutor::refutation::{Gain, Line, Reason, Refutation, Verified};
use othello_tutor::tutor::values::StatedValue;

/// Shallow but honest settings for the content-wide checks: exact near the end.
pub const SHALLOW: AnalysisOptions = AnalysisOptions {
    depth: 6,
    exact_empties: 12,
    time: None,
    selective: None,
    smoothed: true,
};

fn replay(start: Position, moves: &[Move]) -> Vec<Position> {
    let mut out = vec![start];
    let mut p = start;
    for (i, mv) in moves.iter().enumerate() {
        p = p
            .play(*mv)
            .unwrap_or_else(|e| panic!("move {i} ({mv}) of the line is illegal: {e}"));
        out.push(p);
    }
    out
}

fn moves_of(p: &Position, c: Color) -> Vec<Square> {
    let b = if p.to_move == c {
        p.board
    } else {
        p.board.pass()
    };
    b.legal_moves().into_iter().collect()
}

const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

fn sq(s: &str) -> Square {
    Square::parse(s).expect("a square")
}

/// Whether `s` is an X- or C-square (king-move neighbour of a corner, not a corner)
/// next to an empty corner of `p`.
fn next_to_empty_corner(p: &Position, s: Square) -> bool {
    CORNERS.iter().map(|c| sq(c)).any(|c| {
        p.disc_at(c).is_none()
            && s != c
            && (s.col() - c.col()).abs() <= 1
            && (s.row() - c.row()).abs() <= 1
    })
}

/// Empty regions by a flood fill of 8-neighbours: their sizes.
fn regions(p: &Position) -> Vec<u32> {
    let empty: Vec<bool> = (0..64)
        .map(|i| p.disc_at(Square::new(i as u8).unwrap()).is_none())
        .collect();
    let mut seen = [false; 64];
    let mut out = Vec::new();
    for i in 0..64 {
        if !empty[i] || seen[i] {
            continue;
        }
        let mut stack = vec![i];
        seen[i] = true;
        let mut n = 0;
        while let Some(k) = stack.pop() {
            n += 1;
            let (r, c) = ((k / 8) as i32, (k % 8) as i32);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (nr, nc) = (r + dr, c + dc);
                    if (0..8).contains(&nr) && (0..8).contains(&nc) {
                        let j = (nr * 8 + nc) as usize;
                        if empty[j] && !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
        }
        out.push(n);
    }
    out
}

fn stable(p: &Position, c: Color) -> u32 {
    stable_discs(p.discs(c), p.discs(c.opposite())).count_ones()
}

/// Re-checks one verified gain of `line` for `who` on the boards of the line.
pub fn check_gain(line: &Line, g: &Verified, who: Color, label: &str) {
    let boards = replay(line.start(), line.moves());
    let (start, end) = (boards[0], *boards.last().unwrap());
    let them = who.opposite();
    assert_eq!(
        g.beneficiary(),
        who,
        "{label}: the gain is for the wrong side"
    );
    let sentence = g.sentence();
    match g.gain() {
        Gain::Corner { square, opened } => {
            assert!(CORNERS.contains(&square.to_string().as_str()), "{label}");
            assert!(
                start.disc_at(square).is_none(),
                "{label}: {square} was taken"
            );
            assert_eq!(end.disc_at(square), Some(who), "{label}: {sentence}");
            if opened {
                assert!(
                    !moves_of(&start, who).contains(&square),
                    "{label}: {sentence}"
                );
                assert!(
                    moves_of(&boards[1], who).contains(&square),
                    "{label}: {sentence}"
                );
            }
            assert!(
                sentence.contains(&square.to_string()),
                "{label}: {sentence}"
            );
        }
        Gain::EdgeWedge(s) => {
            let i = line
                .moves()
                .iter()
                .position(|m| *m == Move::Place(s))
                .unwrap_or_else(|| panic!("{label}: {s} is not in the line"));
            assert_eq!(boards[i].to_move, who, "{label}");
            let after = boards[i + 1];
            let along: Vec<(i32, i32)> = if s.row() == 0 || s.row() == 7 {
                vec![(s.col() - 1, s.row()), (s.col() + 1, s.row())]
            } else {
                assert!(
                    s.col() == 0 || s.col() == 7,
                    "{label}: {s} is not on an edge"
                );
                vec![(s.col(), s.row() - 1), (s.col(), s.row() + 1)]
            };
            for (c, r) in along {
                let n = Square::from_coords(c, r).expect("on the board");
                assert_eq!(after.disc_at(n), Some(them), "{label}: {sentence}");
            }
        }
        Gain::Squeeze { moves } => {
            assert_eq!(end.to_move, them, "{label}");
            let actual = moves_of(&end, them);
            assert_eq!(actual, moves.into_iter().collect::<Vec<_>>(), "{label}");
            assert!(!actual.is_empty() && actual.len() <= 4, "{label}");
            for s in actual {
                assert!(next_to_empty_corner(&end, s), "{label}: {s} in {sentence}");
                assert!(sentence.contains(&s.to_string()), "{label}: {sentence}");
            }
        }
        Gain::Pass => {
            assert_eq!(end.to_move, them, "{label}");
            assert!(moves_of(&end, them).is_empty(), "{label}: {sentence}");
            assert!(!moves_of(&end, who).is_empty(), "{label}: {sentence}");
        }
        Gain::StableDiscs { before, after } => {
            assert_eq!(stable(&start, who), before, "{label}: {sentence}");
            assert_eq!(stable(&end, who), after, "{label}: {sentence}");
            assert!(after > before, "{label}");
        }
        Gain::Parity { regions: n } => {
            let r = regions(&end);
            assert_eq!(end.to_move, them, "{label}");
            assert_eq!(r.len() as u32, n, "{label}: {sentence}");
            assert!(r.iter().all(|k| k % 2 == 0), "{label}: {r:?} {sentence}");
        }
        Gain::Outnumbered {
            before,
            victim,
            beneficiary,
        } => {
            assert_eq!(end.to_move, them, "{label}");
            assert_eq!(
                moves_of(&start, them).len() as u32,
                before,
                "{label}: {sentence}"
            );
            assert_eq!(
                moves_of(&end, them).len() as u32,
                victim,
                "{label}: {sentence}"
            );
            assert_eq!(
                moves_of(&end, who).len() as u32,
                beneficiary,
                "{label}: {sentence}"
            );
            assert!(victim < before && victim > 0, "{label}: {sentence}");
            assert!(
                beneficiary >= victim + 5 && beneficiary >= 2 * victim,
                "{label}: {sentence}"
            );
            assert!(victim <= 6, "{label}: {sentence}");
        }
        Gain::Mobility { before, after } => {
            assert_eq!(
                moves_of(&start, them).len() as u32,
                before,
                "{label}: {sentence}"
            );
            assert_eq!(end.to_move, them, "{label}");
            assert_eq!(
                moves_of(&end, them).len() as u32,
                after,
                "{label}: {sentence}"
            );
            assert!(after < before, "{label}");
        }
    }
}

/// Re-checks a whole refutation of `wrong` in `pos`, valued with `options`.
pub fn check_refutation(
    searcher: &mut Searcher,
    pos: &Position,
    wrong: Square,
    r: &Refutation,
    options: AnalysisOptions,
    label: &str,
) {
    let me = pos.to_move;
    assert_eq!(r.wrong, wrong, "{label}");
    assert_eq!(r.line.start(), *pos, "{label}");
    assert_eq!(r.line.moves().first(), Some(&Move::Place(wrong)), "{label}");
    assert_eq!(
        r.better_line.moves().first(),
        Some(&Move::Place(r.better)),
        "{label}"
    );
    // The cost is the difference of the engine's values of the two moves.
    let values = best_and_played(searcher, &pos.board, options, wrong).expect("not stopped");
    let value = |s: Square| {
        values
            .iter()
            .find(|v| v.mv == Move::Place(s))
            .map(|v| StatedValue::of(pos, v))
    };
    let (w, b) = (
        value(wrong).expect("valued"),
        value(r.better).expect("valued"),
    );
    assert_eq!(r.cost().discs, b.discs - w.discs, "{label}");
    assert!(r.cost().discs > 0, "{label}");
    assert_eq!(r.cost().exact, w.exact && b.exact, "{label}");
    let text = r.lines().join("\n");
    if r.cost().exact {
        assert!(text.contains("(exact)"), "{label}: {text}");
    } else {
        assert!(text.contains("by the engine's search"), "{label}: {text}");
    }
    for g in &r.gains {
        check_gain(&r.line, g, me.opposite(), label);
    }
    // A gain the better line wins some plies on is stated after that line, never as
    // if the better move itself won it.
    if r.better_line.moves().len() > 1 && r.reasons.iter().any(|x| matches!(x, Reason::Gains(_))) {
        let lines = r.lines();
        let line_at = lines
            .iter()
            .position(|l| *l == format!("Its line: {}", r.better_line.text()))
            .unwrap_or_else(|| panic!("{label}: the better line is not shown: {text}"));
        let first_gain = r
            .reasons
            .iter()
            .find(|x| matches!(x, Reason::Gains(_)))
            .map(|x| format!("  · {}", x.sentence()))
            .expect("a gain");
        let gain_at = lines.iter().position(|l| *l == first_gain).expect("stated");
        assert!(line_at < gain_at, "{label}: {text}");
    }
    assert!(
        !r.reasons.is_empty(),
        "{label}: the better move has no reason: {text}"
    );
    for reason in &r.reasons {
        match reason {
            Reason::Gains(g) => check_gain(&r.better_line, g, me, label),
            Reason::Prevents { square, .. } => {
                let after_wrong = pos.play_unchecked(wrong);
                let after_better = pos.play_unchecked(r.better);
                assert!(
                    moves_of(&after_wrong, me.opposite()).contains(square),
                    "{label}"
                );
                assert!(
                    !moves_of(&after_better, me.opposite()).contains(square),
                    "{label}"
                );
            }
            Reason::Contrast(text) => {
                assert!(
                    othello_tutor::tutor::explain::contrast(pos, wrong, r.better).contains(text),
                    "{label}: {text}"
                );
                check_contrast(pos, wrong, r.better, text, label);
            }
            Reason::Moves {
                me: who,
                wrong: w,
                better: b,
            } => {
                assert_eq!(*who, me, "{label}");
                for (m, line) in [(w, &r.line), (b, &r.better_line)] {
                    let played = replay(*pos, &[Move::Place(m.mv), Move::Place(m.reply)]);
                    assert_eq!(line.moves().get(1), Some(&Move::Place(m.reply)), "{label}");
                    let end = played[2];
                    assert_eq!(end.to_move, me, "{label}");
                    assert_eq!(moves_of(&end, me).len() as u32, m.mine, "{label}");
                    assert_eq!(
                        moves_of(&end, me.opposite()).len() as u32,
                        m.theirs,
                        "{label}"
                    );
                }
                assert_eq!((w.mv, b.mv), (wrong, r.better), "{label}");
                assert!(b.mine > w.mine, "{label}: {}", reason.sentence());
                assert!(
                    b.mine as i32 - b.theirs as i32 > w.mine as i32 - w.theirs as i32,
                    "{label}: {}",
                    reason.sentence()
                );
            }
            Reason::NoSingleFact { .. } => {
                assert_eq!(r.reasons.len(), 1, "{label}: {text}");
            }
            Reason::Despite { .. } => {
                assert!(
                    r.reasons
                        .iter()
                        .any(|x| !matches!(x, Reason::Despite { .. })),
                    "{label}: a drawback said with nothing to outweigh it"
                );
            }
        }
    }
}

/// Recounts on the board the numbers a contrast sentence of `wrong` against `better`
/// states (moves left to the opponent, frontier discs flipped, stable discs), each
/// from our own count.
fn check_contrast(pos: &Position, wrong: Square, better: Square, text: &str, label: &str) {
    let them = pos.to_move.opposite();
    let (a, b) = (pos.play_unchecked(wrong), pos.play_unchecked(better));
    let numbers: Vec<u32> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    if text.contains(" moves, ") || text.contains(" move, ") {
        let (na, nb) = (
            moves_of(&a, them).len() as u32,
            moves_of(&b, them).len() as u32,
        );
        assert!(
            numbers.contains(&na) && numbers.contains(&nb),
            "{label}: {text} ({na}, {nb})"
        );
        assert!(na >= nb + 2, "{label}: {text}");
    } else if text.contains("stable discs") {
        let me = pos.to_move;
        let (sa, sb) = (stable(&a, me), stable(&b, me));
        assert!(
            numbers.contains(&sa) && numbers.contains(&sb),
            "{label}: {text} ({sa}, {sb})"
        );
        assert!(sb >= sa + 2, "{label}: {text}");
    } else if text.contains("gives") && text.contains("corner") {
        let corners = |p: &Position| {
            moves_of(p, them)
                .into_iter()
                .filter(|s| CORNERS.contains(&s.to_string().as_str()))
                .collect::<Vec<_>>()
        };
        let given: Vec<Square> = corners(&a)
            .into_iter()
            .filter(|c| !moves_of(pos, them).contains(c))
            .collect();
        assert!(!given.is_empty(), "{label}: {text}");
        let before = moves_of(pos, them);
        assert!(
            corners(&b).iter().all(|c| before.contains(c)),
            "{label}: {text}"
        );
    }
}
