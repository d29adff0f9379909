//! What a line wins, in the strategy texts' words, as facts checked on the board: a
//! corner taken, an edge wedge, a squeeze that leaves the other side only X- and
//! C-squares, a forced pass, stable discs, parity, mobility taken away, a side
//! outnumbered in moves.
//!
//! A [`Gain`] is a claim; [`Gain::verify`] checks it on the line it is made of and
//! hands back a [`Verified`] gain, the only thing that has a sentence
//! ([`Verified::sentence`]): a gain the board does not bear out is never said.
//! [`gains_on`] finds the gains a line bears out at one of its plies.

use super::line::Line;
use crate::engine::bits::{CORNER_NEIGHBOURS, CORNERS, EDGES};
use crate::engine::features::{empty_regions, is_wedge, stable_discs};
use crate::engine::{Color, Move, Square, SquareSet};
use crate::tutor::explain::{plural, square_list};

/// The fewest stable discs a line must add for the gain to be named.
pub const STABLE_GAIN_MIN: u32 = 4;
/// A squeeze leaves the squeezed side at most this many moves.
pub const SQUEEZE_MAX_MOVES: u32 = 4;
/// Mobility taken away is named when the side's moves fall by at least this many…
pub const MOBILITY_DROP_MIN: u32 = 3;
/// …to at most this many.
pub const MOBILITY_LEFT_MAX: u32 = 3;
/// Parity is named only at or below this many empty squares.
pub const PARITY_EMPTIES_MAX: u32 = 16;
/// Being outnumbered in moves is named when the side to move has at most this many
/// moves (fewer than when the line began)…
pub const OUTNUMBERED_MOVES_MAX: u32 = 6;
/// …and the other side at least this many more, and at least twice as many.
pub const OUTNUMBERED_BY_MIN: u32 = 5;

/// What a line wins for one side (the beneficiary) against the other (the victim).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gain {
    /// The beneficiary takes this corner in the line. `opened`: the line's first move
    /// made it playable for the beneficiary (it was not before).
    Corner {
        /// The corner.
        square: Square,
        /// Whether the line's first move opened it.
        opened: bool,
    },
    /// The beneficiary wedges in on an edge: a move between two of the victim's discs
    /// along the edge that they cannot take back along it.
    EdgeWedge(Square),
    /// The victim is left with a few moves, all X- or C-squares next to empty corners.
    Squeeze {
        /// The victim's legal moves.
        moves: SquareSet,
    },
    /// The victim has no move and must pass (the game goes on).
    Pass,
    /// The beneficiary's stable discs rise from `before` to `after`.
    StableDiscs {
        /// Before the line.
        before: u32,
        /// At the end of the line shown.
        after: u32,
    },
    /// Near the end, every empty region is even with the victim to move: the
    /// beneficiary can answer in each region and get its last move.
    Parity {
        /// The empty regions.
        regions: u32,
    },
    /// The victim's legal moves fall from `before` to `after`.
    Mobility {
        /// Before the line (as if it were the victim's turn).
        before: u32,
        /// At the end of the line shown.
        after: u32,
    },
    /// The victim, to move, has few moves ([`OUTNUMBERED_MOVES_MAX`] at most, fewer
    /// than before the line) and the beneficiary far more (at least
    /// [`OUTNUMBERED_BY_MIN`] more, and at least twice as many).
    Outnumbered {
        /// The victim's moves before the line.
        before: u32,
        /// The victim's moves at the end of the line shown.
        victim: u32,
        /// The beneficiary's moves there (as if it were its turn).
        beneficiary: u32,
    },
}

/// Why a claimed gain does not hold on the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GainError {
    /// The line shown does not reach the ply the gain is checked at.
    #[error("the line has no ply {0}")]
    NoSuchPly(usize),
    /// The board does not bear the claim out.
    #[error("not on the board: {0}")]
    NotOnBoard(String),
}

/// A gain checked on the board at the end of a line: the only source of its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    gain: Gain,
    beneficiary: Color,
    /// The line's first move (to say which move opened a corner).
    first: Option<Square>,
}

impl Verified {
    /// The gain.
    pub fn gain(&self) -> Gain {
        self.gain
    }

    /// Who wins it.
    pub fn beneficiary(&self) -> Color {
        self.beneficiary
    }

    /// The gain in a few words, for a one-line summary ("White takes the a1 corner").
    pub fn short(&self) -> String {
        let me = self.beneficiary;
        let them = me.opposite();
        match self.gain {
            Gain::Corner { square, .. } => format!("{me} takes the {square} corner"),
            Gain::EdgeWedge(sq) => format!("{me} wedges in at {sq}"),
            Gain::Squeeze { .. } => format!("{them} is left only X- and C-squares"),
            Gain::Pass => format!("{them} must pass"),
            Gain::StableDiscs { after, .. } => {
                format!("{me} has {}", plural(after, "stable disc", "stable discs"))
            }
            Gain::Parity { .. } => format!("{me} keeps the last move in every region"),
            Gain::Mobility { after, .. } => {
                format!("{them} is left {}", plural(after, "move", "moves"))
            }
            Gain::Outnumbered {
                victim,
                beneficiary,
                ..
            } => format!("{them} is outnumbered in moves, {victim} to {beneficiary}"),
        }
    }

    /// The gain in words, from the facts checked.
    pub fn sentence(&self) -> String {
        let me = self.beneficiary;
        let them = me.opposite();
        match self.gain {
            Gain::Corner { square, opened } => match (opened, self.first) {
                (true, Some(first)) => {
                    format!("{me} takes the {square} corner, which {first} opened.")
                }
                _ => format!("{me} takes the {square} corner: a disc there can never be flipped."),
            },
            Gain::EdgeWedge(sq) => format!(
                "{me} wedges in at {sq}, between two {} discs on the edge: it cannot be taken back along the edge.",
                them.name().to_lowercase()
            ),
            Gain::Squeeze { moves } => {
                let n = moves.len();
                let (only, all) = if n == 1 {
                    ("only one move", "an X- or C-square next to an empty corner")
                } else {
                    ("only", "all X- or C-squares next to empty corners")
                };
                let count = if n == 1 {
                    String::new()
                } else {
                    format!(" {n} moves")
                };
                format!(
                    "{them} is squeezed: {only}{count} left ({}), {all}.",
                    square_list(moves)
                )
            }
            Gain::Pass => format!("{them} has no move and must pass: {me} moves again."),
            Gain::StableDiscs { before, after } => format!(
                "{me} has {} (up from {before}).",
                plural(after, "stable disc", "stable discs")
            ),
            Gain::Parity { regions } => {
                let even = if regions == 1 {
                    "the one empty region left is even".to_string()
                } else if regions == 2 {
                    "both empty regions are even".to_string()
                } else {
                    format!("all {regions} empty regions are even")
                };
                format!(
                    "Parity: {them} is to move and {even}, so {me} can answer in the same region and get the last move there."
                )
            }
            Gain::Mobility { before, after } => format!(
                "{them} is left with {} (down from {before}).",
                plural(after, "move", "moves")
            ),
            Gain::Outnumbered {
                before,
                victim,
                beneficiary,
            } => format!(
                "{them} is short of moves: {} (down from {before}) to {me}'s {beneficiary}.",
                plural(victim, "move", "moves")
            ),
        }
    }
}

/// The corner, X- and C-squares next to each empty corner of a board with `empty`
/// squares empty.
fn risky_squares(empty: u64) -> u64 {
    CORNER_NEIGHBOURS
        .iter()
        .filter(|(corner, _, _)| empty & corner != 0)
        .fold(0, |acc, (_, x, c)| acc | x | c)
}

impl Gain {
    /// How much the gain weighs when choosing what to show (higher first).
    pub fn weight(self) -> u32 {
        match self {
            Gain::Corner { .. } => 7,
            Gain::Pass => 6,
            Gain::Squeeze { .. } => 5,
            Gain::EdgeWedge(_) => 4,
            Gain::StableDiscs { .. } => 3,
            Gain::Parity { .. } => 2,
            Gain::Mobility { .. } => 1,
            Gain::Outnumbered { .. } => 1,
        }
    }

    /// Whether the gain is a state of the board at the end of the line (moves left,
    /// a pass, stable discs, parity) rather than a move played in it (a corner, a
    /// wedge).
    pub fn is_state(self) -> bool {
        !matches!(self, Gain::Corner { .. } | Gain::EdgeWedge(_))
    }

    /// Checks the gain for `beneficiary` on `line` up to and with ply `end` (the
    /// line's moves `0..=end`); the [`Verified`] gain it gives is the one source of
    /// the gain's sentence.
    pub fn verify(
        self,
        line: &Line,
        end: usize,
        beneficiary: Color,
    ) -> Result<Verified, GainError> {
        if end >= line.moves().len() {
            return Err(GainError::NoSuchPly(end));
        }
        let start = line.start();
        let victim = beneficiary.opposite();
        let last = line.after(end);
        let fail = |what: String| Err(GainError::NotOnBoard(what));
        match self {
            Gain::Corner { square, opened } => {
                let played = line.ply_of(square, beneficiary).is_some_and(|i| i <= end);
                if square.bit() & CORNERS == 0
                    || start.disc_at(square).is_some()
                    || last.disc_at(square) != Some(beneficiary)
                    || !played
                {
                    return fail(format!("{beneficiary} does not take {square} in the line"));
                }
                // Opened: not playable for the beneficiary before the first move,
                // playable right after it.
                let could_before = moves_of(&start, beneficiary).contains(square);
                let can_after = moves_of(&line.after(0), beneficiary).contains(square);
                if opened != (!could_before && can_after && line.before(0).to_move == victim) {
                    return fail(format!("the first move did not open {square}"));
                }
            }
            Gain::EdgeWedge(sq) => {
                let wedged = (0..=end).any(|i| {
                    let before = line.before(i);
                    line.moves()[i] == Move::Place(sq)
                        && before.to_move == beneficiary
                        && sq.bit() & EDGES != 0
                        && is_wedge(before.board.player, before.board.opponent, sq.index())
                });
                if !wedged {
                    return fail(format!(
                        "{sq} is not a wedge of {beneficiary}'s in the line"
                    ));
                }
            }
            Gain::Squeeze { moves } => {
                let actual = moves_of(&last, victim);
                if last.to_move != victim
                    || last.is_game_over()
                    || actual != moves
                    || moves.is_empty()
                    || moves.len() > SQUEEZE_MAX_MOVES
                    || moves.0 & !risky_squares(last.board.empty()) != 0
                {
                    return fail(format!(
                        "{victim} is not squeezed to {}",
                        square_list(moves)
                    ));
                }
            }
            Gain::Pass => {
                if last.to_move != victim || !last.must_pass() {
                    return fail(format!("{victim} does not have to pass"));
                }
            }
            Gain::StableDiscs { before, after } => {
                let count = |p: &crate::engine::Position| {
                    stable_discs(p.discs(beneficiary), p.discs(victim)).count_ones()
                };
                if count(&start) != before
                    || count(&last) != after
                    || after < before + STABLE_GAIN_MIN
                {
                    return fail(format!(
                        "{beneficiary}'s stable discs do not go {before} → {after}"
                    ));
                }
            }
            Gain::Parity { regions } => {
                let empties = last.board.empty();
                let all = empty_regions(empties);
                let odd_before = empty_regions(start.board.empty())
                    .iter()
                    .any(|r| r.count_ones() % 2 == 1);
                if last.to_move != victim
                    || last.is_game_over()
                    || last.must_pass()
                    || empties.count_ones() > PARITY_EMPTIES_MAX
                    || all.len() as u32 != regions
                    || all.iter().any(|r| r.count_ones() % 2 == 1)
                    || !odd_before
                    || start.to_move != victim
                {
                    return fail(format!(
                        "the regions are not all even with {victim} to move"
                    ));
                }
            }
            Gain::Mobility { before, after } => {
                let b = moves_of(&start, victim).len();
                let a = moves_of(&last, victim).len();
                if b != before
                    || a != after
                    || last.to_move != victim
                    || a == 0
                    || a > MOBILITY_LEFT_MAX
                    || b < a + MOBILITY_DROP_MIN
                {
                    return fail(format!("{victim}'s moves do not fall {before} → {after}"));
                }
            }
            Gain::Outnumbered {
                before,
                victim: v,
                beneficiary: b,
            } => {
                let had = moves_of(&start, victim).len();
                let (now, theirs) = (
                    moves_of(&last, victim).len(),
                    moves_of(&last, beneficiary).len(),
                );
                if had != before
                    || now != v
                    || theirs != b
                    || last.to_move != victim
                    || last.is_game_over()
                    || now == 0
                    || now >= had
                    || now > OUTNUMBERED_MOVES_MAX
                    || theirs < now + OUTNUMBERED_BY_MIN
                    || theirs < 2 * now
                {
                    return fail(format!("{victim} is not outnumbered {v} to {b} in moves"));
                }
            }
        }
        Ok(Verified {
            gain: self,
            beneficiary,
            first: match line.moves().first() {
                Some(Move::Place(sq)) => Some(*sq),
                _ => None,
            },
        })
    }
}

/// The legal moves of `color` in `pos`, as if it were its turn.
pub fn moves_of(pos: &crate::engine::Position, color: Color) -> SquareSet {
    if pos.to_move == color {
        pos.board.legal_moves()
    } else {
        pos.board.opponent_moves()
    }
}

/// The gains for `beneficiary` that `line` bears out at ply `end` (its moves
/// `0..=end`), verified, the weightiest first.
pub fn gains_on(line: &Line, end: usize, beneficiary: Color) -> Vec<Verified> {
    if end >= line.moves().len() {
        return Vec::new();
    }
    let victim = beneficiary.opposite();
    let start = line.start();
    let last = line.after(end);
    let mut candidates = Vec::new();
    for i in 0..=end {
        let before = line.before(i);
        if before.to_move != beneficiary {
            continue;
        }
        if let Move::Place(sq) = line.moves()[i] {
            if sq.bit() & CORNERS != 0 {
                candidates.push(Gain::Corner {
                    square: sq,
                    opened: true,
                });
                candidates.push(Gain::Corner {
                    square: sq,
                    opened: false,
                });
            }
            candidates.push(Gain::EdgeWedge(sq));
        }
    }
    let victim_moves = moves_of(&last, victim);
    candidates.push(Gain::Squeeze {
        moves: victim_moves,
    });
    candidates.push(Gain::Pass);
    let stable = |p: &crate::engine::Position| {
        stable_discs(p.discs(beneficiary), p.discs(victim)).count_ones()
    };
    candidates.push(Gain::StableDiscs {
        before: stable(&start),
        after: stable(&last),
    });
    candidates.push(Gain::Parity {
        regions: empty_regions(last.board.empty()).len() as u32,
    });
    candidates.push(Gain::Mobility {
        before: moves_of(&start, victim).len(),
        after: victim_moves.len(),
    });
    candidates.push(Gain::Outnumbered {
        before: moves_of(&start, victim).len(),
        victim: victim_moves.len(),
        beneficiary: moves_of(&last, beneficiary).len(),
    });
    let mut out: Vec<Verified> = candidates
        .into_iter()
        .filter_map(|g| g.verify(line, end, beneficiary).ok())
        .collect();
    // A squeeze says more than the mobility it takes away, and moves left say
    // more than a count beside the other side's.
    if out.iter().any(|v| matches!(v.gain, Gain::Squeeze { .. })) {
        out.retain(|v| !matches!(v.gain, Gain::Mobility { .. }));
    }
    if out
        .iter()
        .any(|v| matches!(v.gain, Gain::Squeeze { .. } | Gain::Mobility { .. }))
    {
        out.retain(|v| !matches!(v.gain, Gain::Outnumbered { .. }));
    }
    out.sort_by_key(|v| std::cmp::Reverse(v.gain.weight()));
    out.dedup_by_key(|v| v.gain);
    out
}
