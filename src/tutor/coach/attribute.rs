//! Which concept a practice mistake is put down to: only one that a checked fact of
//! the move or of its refutation names, never a guess. The facts are those the
//! practice grade already computes: the moves' facts ([`move_facts`], the source of
//! the grade's sentences) and the gains of the refutation made from the grade's own
//! values (each verified on the board by [`crate::tutor::refutation::gain`]).
//!
//! The rules, tried in this order; the first that holds names the concept:
//!
//! 1. **Corners.** The refutation's reply takes a corner the mistake opened, or the
//!    mistake lets the opponent take a corner the better move does not: an
//!    *X-square* when the mistake is the X-square next to that corner, a *C-square*
//!    when it is the C-square, else *corner*. The better move takes a corner and the
//!    mistake takes none, or the better move takes away a corner the opponent could
//!    take after the mistake: *corner*. Further off: the mistake is the X- or
//!    C-square next to an empty corner, the engine's whole line after it (the
//!    grade's principal variation, [`GradeLines`]) has the opponent take that
//!    corner, and its line after the better move does not as far: *X-square* or
//!    *C-square*.
//! 2. **What the refutation wins** for the opponent and the better move's line
//!    does not give it as well, its weightiest gain first: a corner (*corner*), a
//!    forced pass (*tempo*), a squeeze to X- and C-squares (*mobility*), an edge
//!    wedge (*wedge*), stable discs (*stable discs*), parity in every region
//!    (*parity*), the learner's moves cut down (*mobility*).
//! 3. **What tells the moves apart** ([`crate::tutor::explain::contrast`]'s facts):
//!    the better move leaves the opponent without a move and the mistake does not
//!    (*tempo*); the mistake makes an unbalanced edge and the better move does not
//!    (*edge*); the better move is a wedge and the mistake is not (*wedge*); in the
//!    endgame the mistake plays into an even region and the better move into an odd
//!    one (*parity*); the mistake flips more frontier discs than the better move and
//!    the opponent's moves rise after it (*frontier*); the mistake leaves the
//!    opponent at least [`MOBILITY_GAP`] more moves than the better move
//!    (*mobility*); the better move ends with at least [`STABLE_GAP`] more stable
//!    discs (*stable discs*).
//! 4. **What the better move's line wins** for the learner, further off: a corner
//!    (*corner*), or a gain named as in rule 2.
//! 5. Otherwise: *other*.

use super::Phase;
use super::concept::Concept;
use crate::engine::analysis::MoveValue;
use crate::engine::bits::CORNERS;
use crate::engine::{Move, Position, Square};
use crate::tutor::explain::{MoveFacts, move_facts, plural};
use crate::tutor::feedback::Feedback;
use crate::tutor::puzzle::Theme;
use crate::tutor::refutation::{Gain, Line, Reason, Refutation, Verified, gains_on};

/// Rule 3: the mistake leaves the opponent at least this many more moves than the
/// better move (as [`crate::tutor::explain::contrast`] says it).
pub const MOBILITY_GAP: u32 = 2;
/// Rule 3: the better move ends with at least this many more stable discs (as
/// [`crate::tutor::explain::contrast`] says it).
pub const STABLE_GAP: u32 = 2;

/// The concept a mistake is put down to, and the checked fact that names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribution {
    /// The concept.
    pub concept: Concept,
    /// The fact, in words ("b2 is an X-square next to the empty a1 corner: White
    /// takes the a1 corner, which b2 opened."); empty for "other".
    pub fact: String,
}

impl Attribution {
    fn of(theme: Theme, fact: String) -> Attribution {
        Attribution {
            concept: Concept::Theme(theme),
            fact,
        }
    }

    /// A mistake no checked fact explains.
    pub fn other() -> Attribution {
        Attribution {
            concept: Concept::Other,
            fact: String::new(),
        }
    }
}

/// The engine's whole lines behind a grade, each played out on the board from the
/// position before the move: its principal variation after the move played and
/// after the best move, as the grade's search gave them (the refutation keeps only
/// their first plies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeLines {
    /// The line after the move played, that move first.
    pub played: Line,
    /// The line after the best move, that move first.
    pub best: Line,
}

impl GradeLines {
    /// The lines of the grade `fb` of a move played in `pos`, from the values that
    /// graded it; `None` when a line is missing or does not start with its move.
    pub fn of(pos: &Position, fb: &Feedback, values: &[MoveValue]) -> Option<GradeLines> {
        let line = |sq: Square| {
            let v = values.iter().find(|v| v.mv == Move::Place(sq))?;
            let line = Line::from_pv(*pos, &v.pv);
            (line.moves().first() == Some(&Move::Place(sq))).then_some(line)
        };
        Some(GradeLines {
            played: line(fb.played)?,
            best: line(fb.best)?,
        })
    }

    /// Whether these are the lines of `fb` in `pos`.
    fn of_grade(&self, pos: &Position, fb: &Feedback) -> bool {
        let starts =
            |l: &Line, sq: Square| l.start() == *pos && l.moves().first() == Some(&Move::Place(sq));
        starts(&self.played, fb.played) && starts(&self.best, fb.best)
    }
}

/// The concept of the graded move `fb` played in `pos`, with the refutation made
/// from the grade's values and the grade's whole `lines` when there are (those of
/// another move or another position are ignored). A move graded best or good is
/// not a mistake: it is put down to "other" with no fact.
pub fn attribute(
    pos: &Position,
    fb: &Feedback,
    refutation: Option<&Refutation>,
    lines: Option<&GradeLines>,
) -> Attribution {
    if !fb.grade.is_error() || fb.best == fb.played {
        return Attribution::other();
    }
    let (Some(a), Some(b)) = (move_facts(pos, fb.played), move_facts(pos, fb.best)) else {
        return Attribution::other();
    };
    let refutation = refutation.filter(|r| r.wrong == fb.played && r.position() == *pos);
    let lines = lines.filter(|l| l.of_grade(pos, fb));
    corners(&a, &b, refutation)
        .or_else(|| lines.and_then(|l| corner_in_line(&a, l)))
        .or_else(|| refutation.and_then(refutation_gain))
        .or_else(|| contrast(&a, &b, pos))
        .or_else(|| refutation.and_then(better_gain))
        .unwrap_or_else(Attribution::other)
}

/// The corner family of a corner `c` the mistake `a` gives: X-square, C-square or
/// corner, with the clause that says so.
fn corner_kind(a: &MoveFacts, c: Square) -> (Theme, String) {
    let sq = a.square;
    if a.x_square_of == Some(c) {
        (
            Theme::XSquare,
            format!("{sq} is an X-square next to the empty {c} corner"),
        )
    } else if a.c_square_of == Some(c) {
        (
            Theme::CSquare,
            format!("{sq} is a C-square next to the empty {c} corner"),
        )
    } else {
        (Theme::Corner, format!("{sq} opens the {c} corner"))
    }
}

/// Rule 1.
fn corners(a: &MoveFacts, b: &MoveFacts, r: Option<&Refutation>) -> Option<Attribution> {
    let them = a.mover.opposite();
    if let Some(r) = r {
        for g in &r.gains {
            if let Gain::Corner {
                square,
                opened: true,
            } = g.gain()
            {
                let (theme, clause) = corner_kind(a, square);
                return Some(Attribution::of(
                    theme,
                    format!("{clause}: {}", g.sentence()),
                ));
            }
        }
    }
    if let Some(&c) = a
        .corners_given
        .iter()
        .find(|c| !b.corners_given.contains(c))
    {
        let (theme, clause) = corner_kind(a, c);
        let better = if b.takes_corner == Some(c) {
            format!("{c} takes it first")
        } else {
            format!("after {} it cannot", b.square)
        };
        return Some(Attribution::of(
            theme,
            format!("{clause}: after it {them} can take the {c} corner; {better}."),
        ));
    }
    if let (Some(c), None) = (b.takes_corner, a.takes_corner) {
        return Some(Attribution::of(
            Theme::Corner,
            format!("{c} takes a corner; {} does not.", a.square),
        ));
    }
    let r = r?;
    r.reasons.iter().find_map(|reason| match reason {
        Reason::Prevents { square, .. } if square.bit() & CORNERS != 0 => {
            Some(Attribution::of(Theme::Corner, reason.sentence()))
        }
        _ => None,
    })
}

/// Rule 1, further off: the mistake `a` is the X- or C-square next to an empty
/// corner; the engine's line after it has the opponent take that corner (checked on
/// the board), and its line after the better move reaches as far without it.
fn corner_in_line(a: &MoveFacts, lines: &GradeLines) -> Option<Attribution> {
    let c = a.x_square_of.or(a.c_square_of)?;
    let them = a.mover.opposite();
    let end = lines.played.ply_of(c, them)?;
    [true, false].into_iter().find_map(|opened| {
        Gain::Corner { square: c, opened }
            .verify(&lines.played, end, them)
            .ok()
    })?;
    if lines.best.moves().len() <= end || lines.best.ply_of(c, them).is_some_and(|i| i <= end) {
        return None;
    }
    let (theme, clause) = corner_kind(a, c);
    let better = lines.best.truncated(end + 1);
    Some(Attribution::of(
        theme,
        format!(
            "{clause}: in the engine's line after it ({}) {them} takes the {c} corner; in its line after {} ({}) it does not.",
            lines.played.truncated(end + 1).text(),
            better.moves()[0],
            better.text()
        ),
    ))
}

/// The concept a gain other than a corner names.
fn gain_theme(g: Gain) -> Option<Theme> {
    Some(match g {
        Gain::Corner { .. } => return None,
        Gain::Pass => Theme::Tempo,
        Gain::Squeeze { .. } | Gain::Mobility { .. } | Gain::Outnumbered { .. } => Theme::Mobility,
        Gain::EdgeWedge(_) => Theme::Wedge,
        Gain::StableDiscs { .. } => Theme::StableDiscs,
        Gain::Parity { .. } => Theme::Parity,
    })
}

/// Rule 2: the refutation's weightiest gain that names a concept and that the
/// better move's line does not give the opponent as well ([`also_after_better`]),
/// said with the line it is checked at the end of. A corner the line takes that the
/// mistake did not open (rule 1 has those) names *corner*.
fn refutation_gain(r: &Refutation) -> Option<Attribution> {
    r.gains.iter().find_map(|g| {
        if also_after_better(r, g) {
            return None;
        }
        let theme = match g.gain() {
            Gain::Corner { .. } => Theme::Corner,
            other => gain_theme(other)?,
        };
        Some(Attribution::of(
            theme,
            format!("After {}: {}", r.line.text(), g.sentence()),
        ))
    })
}

/// Whether the better move's line, as far as the refutation's, gives the opponent
/// the gain `g` too, so that it does not tell the two moves apart: the same corner
/// taken, the same kind of gain borne out (a pass, a squeeze, a wedge, parity,
/// moves cut down), or stable discs within [`STABLE_GAP`] of as many. In the late
/// middle game every move adds to the side ahead's stable discs; only more than
/// the better move would give counts against the mistake.
fn also_after_better(r: &Refutation, g: &Verified) -> bool {
    let line = &r.better_line;
    let n = r.line.moves().len().min(line.moves().len());
    if n == 0 {
        return false;
    }
    let them = g.beneficiary();
    if let Gain::Corner { square, .. } = g.gain() {
        return line.ply_of(square, them).is_some();
    }
    gains_on(line, n - 1, them)
        .iter()
        .any(|h| match (g.gain(), h.gain()) {
            (Gain::StableDiscs { after: a, .. }, Gain::StableDiscs { after: b, .. }) => {
                b + STABLE_GAP > a
            }
            (a, b) => std::mem::discriminant(&a) == std::mem::discriminant(&b),
        })
}

/// Rule 4: the weightiest gain of the better move's line, a corner included.
fn better_gain(r: &Refutation) -> Option<Attribution> {
    r.reasons.iter().find_map(|reason| {
        let Reason::Gains(g) = reason else {
            return None;
        };
        let theme = gain_theme(g.gain()).unwrap_or(Theme::Corner);
        Some(Attribution::of(
            theme,
            format!("After {}: {}", r.better_line.text(), g.sentence()),
        ))
    })
}

/// Rule 3: the facts that tell the mistake `a` from the better move `b`.
fn contrast(a: &MoveFacts, b: &MoveFacts, pos: &Position) -> Option<Attribution> {
    let them = a.mover.opposite();
    let (wrong, better) = (a.square, b.square);
    if b.opponent_must_pass && !b.ends_game && !a.opponent_must_pass {
        return Some(Attribution::of(
            Theme::Tempo,
            format!("After {better} {them} has no move and must pass; after {wrong} it has one."),
        ));
    }
    if a.makes_unbalanced_edge && !b.makes_unbalanced_edge {
        return Some(Attribution::of(
            Theme::Edge,
            format!("{wrong} makes an unbalanced edge; {better} does not."),
        ));
    }
    if b.wedge && !a.wedge {
        return Some(Attribution::of(
            Theme::Wedge,
            format!("{better} is a wedge on the edge; {wrong} is not."),
        ));
    }
    let endgame = Phase::of_empties(pos.board.empty_count()) == Phase::Endgame;
    if endgame && !a.odd_region() && b.odd_region() {
        return Some(Attribution::of(
            Theme::Parity,
            format!(
                "{wrong} plays into an even region ({}); {better} into an odd one ({}).",
                plural(a.region_size, "empty square", "empty squares"),
                plural(b.region_size, "empty square", "empty squares")
            ),
        ));
    }
    let (fa, fb) = (a.frontier_flipped.len(), b.frontier_flipped.len());
    if fa > fb && a.their_moves_after > a.their_moves_before {
        return Some(Attribution::of(
            Theme::Frontier,
            format!(
                "{wrong} flips {} ({} for {better}), and after it {them} has {} (up from {}).",
                plural(fa, "frontier disc", "frontier discs"),
                fb,
                plural(a.their_moves_after, "move", "moves"),
                a.their_moves_before
            ),
        ));
    }
    if a.their_moves_after >= b.their_moves_after + MOBILITY_GAP {
        return Some(Attribution::of(
            Theme::Mobility,
            format!(
                "{wrong} leaves {them} {}, {better} only {}.",
                plural(a.their_moves_after, "move", "moves"),
                b.their_moves_after
            ),
        ));
    }
    if b.stable_after >= a.stable_after + STABLE_GAP {
        return Some(Attribution::of(
            Theme::StableDiscs,
            format!(
                "{better} ends with {} stable discs, {wrong} with {}.",
                b.stable_after, a.stable_after
            ),
        ));
    }
    None
}
