//! Why the better move is right, shown by the line that follows it: what it wins
//! (the same verified gains as a refutation, for the learner), the reply it takes
//! away, and, where a feature speaks against it, that the engine still values it
//! higher. When the lines win nothing the board can show, the facts that tell the
//! two moves apart ([`crate::tutor::explain::contrast`], as practice feedback says
//! them) and the moves each side has after the two replies; when not even those
//! differ, the reason says so rather than invent one.

use super::gain::{GainError, Verified, gains_on, moves_of};
use super::line::Line;
use crate::engine::bits::CORNERS;
use crate::engine::{Color, Move, Square};
use crate::tutor::explain::{contrast, describe_sentences, drawback_clause, move_facts};
use crate::tutor::text::count;

/// The moves compared after the two replies tell the moves apart when the learner's
/// lead in moves (its moves less the opponent's) is at least this much larger after
/// the better move's reply…
pub const MOBILITY_LEAD_MIN: i32 = 4;
/// …and the learner has at least this many more moves there.
pub const MOBILITY_MORE_MIN: u32 = 2;

/// The moves each side has after a move and the reply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesAfter {
    /// The move.
    pub mv: Square,
    /// The opponent's reply.
    pub reply: Square,
    /// The learner's (the mover's) legal moves after the reply.
    pub mine: u32,
    /// The opponent's, as if it were its turn.
    pub theirs: u32,
}

impl MovesAfter {
    /// The moves each side has after the first two moves of `line`, when both are
    /// placements and the line's mover is to move again.
    pub fn of(line: &Line) -> Option<MovesAfter> {
        let (Some(Move::Place(mv)), Some(Move::Place(reply))) =
            (line.moves().first(), line.moves().get(1))
        else {
            return None;
        };
        let me = line.start().to_move;
        let after = line.after(1);
        if after.to_move != me || after.is_game_over() {
            return None;
        }
        Some(MovesAfter {
            mv: *mv,
            reply: *reply,
            mine: moves_of(&after, me).len(),
            theirs: moves_of(&after, me.opposite()).len(),
        })
    }

    /// The learner's moves less the opponent's.
    pub fn lead(&self) -> i32 {
        self.mine as i32 - self.theirs as i32
    }
}

/// One reason the better move is right, checked on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The better move's line wins this for the learner.
    Gains(Verified),
    /// After the better move the opponent cannot play `square` (the reply, or the
    /// corner, the wrong move let it have).
    Prevents {
        /// The square the opponent can no longer play.
        square: Square,
        /// The move it replaces.
        wrong: Square,
        /// The better move.
        better: Square,
        /// The opponent.
        them: Color,
    },
    /// A fact of the two moves themselves that tells them apart (one of
    /// [`crate::tutor::explain::contrast`]'s sentences, as practice feedback says it).
    Contrast(String),
    /// After the better move and its reply the learner has more moves, and a larger
    /// lead in moves, than after the wrong move and its reply.
    Moves {
        /// The learner.
        me: Color,
        /// After the wrong move and the reply.
        wrong: MovesAfter,
        /// After the better move and its reply.
        better: MovesAfter,
    },
    /// Neither line wins anything the board shows and no fact of the two moves tells
    /// them apart: the difference is the engine's value over the whole line.
    NoSingleFact {
        /// The difference in words ("a few discs", "2 discs").
        by: String,
        /// Whether the values are proved.
        exact: bool,
        /// The wrong move.
        wrong: Square,
        /// The better move.
        better: Square,
    },
    /// A feature speaks against the better move (the clause says which); the engine
    /// still values it higher than the wrong move, by `by` (words with precision).
    Despite {
        /// The drawback, as a clause ("d3 flips 3 frontier discs (…)").
        clause: String,
        /// The difference in words ("about 10 discs", "12 discs").
        by: String,
        /// The wrong move.
        wrong: Square,
    },
}

impl Reason {
    /// The reason in words.
    pub fn sentence(&self) -> String {
        match self {
            Reason::Gains(v) => v.sentence(),
            Reason::Prevents {
                square,
                wrong,
                better,
                them,
            } => {
                if square.bit() & CORNERS != 0 {
                    format!(
                        "After {better} {them} cannot take the {square} corner, as it could after {wrong}."
                    )
                } else {
                    format!(
                        "After {better} {them} cannot answer {square}, the reply that refutes {wrong}."
                    )
                }
            }
            Reason::Contrast(text) => text.clone(),
            Reason::Moves { me, wrong, better } => {
                let them = me.opposite();
                format!(
                    "After {} {} {me} has {} to {them}'s {}; after {} {}, {} to {}.",
                    wrong.mv,
                    wrong.reply,
                    count(wrong.mine as usize, "move"),
                    wrong.theirs,
                    better.mv,
                    better.reply,
                    better.mine,
                    better.theirs
                )
            }
            Reason::NoSingleFact {
                by,
                exact,
                wrong,
                better,
            } => {
                let basis = if *exact {
                    "the exact solve"
                } else {
                    "the engine's search"
                };
                format!(
                    "No one fact on the board tells {better} from {wrong} in these lines; {basis}, reading further, values {better} {by} higher."
                )
            }
            Reason::Despite { clause, by, wrong } => {
                // The clauses open with a square's name or "After": lower-case it here.
                let clause = match clause.strip_prefix("After ") {
                    Some(rest) => format!("after {rest}"),
                    None => clause.clone(),
                };
                format!("True, {clause}; still, the engine values it {by} above {wrong}.")
            }
        }
    }
}

/// Checks that after `better` (played from `line`'s start) the opponent cannot play
/// `square`, which it could play after the wrong move (`refuted`'s first move).
pub fn verify_prevents(better: &Line, refuted: &Line, square: Square) -> Result<Reason, GainError> {
    let (Some(Move::Place(b)), Some(Move::Place(w))) =
        (better.moves().first(), refuted.moves().first())
    else {
        return Err(GainError::NoSuchPly(0));
    };
    let mover = better.start().to_move;
    let them = mover.opposite();
    let after_better = better.after(0);
    let after_wrong = refuted.after(0);
    let open_after_wrong = moves_of(&after_wrong, them).contains(square);
    let open_after_better = moves_of(&after_better, them).contains(square);
    if better.start() != refuted.start() || !open_after_wrong || open_after_better || square == *b {
        return Err(GainError::NotOnBoard(format!(
            "{square} is not taken away by {b} from {them}"
        )));
    }
    Ok(Reason::Prevents {
        square,
        wrong: *w,
        better: *b,
        them,
    })
}

/// The most plies of the better move's line searched for what it wins.
pub const BETTER_LINE_PLIES: usize = 7;

/// The moves compared after the two replies, when they tell the better move from
/// the wrong one (see [`MOBILITY_LEAD_MIN`]).
pub fn moves_reason(better: &Line, refuted: &Line) -> Option<Reason> {
    let (w, b) = (MovesAfter::of(refuted)?, MovesAfter::of(better)?);
    (better.start() == refuted.start()
        && b.lead() - w.lead() >= MOBILITY_LEAD_MIN
        && b.mine >= w.mine + MOBILITY_MORE_MIN)
        .then_some(Reason::Moves {
            me: better.start().to_move,
            wrong: w,
            better: b,
        })
}

/// The better move's reasons and the line shown with them: what it takes away from
/// the reply that refutes the wrong move (`feared`: the corner or reply square), what
/// its own line wins (the weightiest gain, at the earliest ply), and a drawback that
/// the values outweigh; when neither line wins anything, the facts that tell the two
/// moves apart, or that none does. `by` is the cost of the wrong move in words,
/// `exact` whether it is proved.
pub fn reasons(
    full: &Line,
    refuted: &Line,
    feared: Option<Square>,
    by: &str,
    exact: bool,
) -> (Line, Vec<Reason>) {
    let mut out = Vec::new();
    if let Some(sq) = feared
        && let Ok(r) = verify_prevents(full, refuted, sq)
    {
        out.push(r);
    }
    let mover = full.start().to_move;
    let mut best: Option<(usize, Vec<Verified>)> = None;
    for end in 0..full.moves().len().min(BETTER_LINE_PLIES) {
        if full.before(end).to_move != mover {
            continue;
        }
        let gains = gains_on(full, end, mover);
        let weight = gains.first().map_or(0, |g| g.gain().weight());
        if weight
            > best
                .as_ref()
                .and_then(|(_, g)| g.first())
                .map_or(0, |g| g.gain().weight())
        {
            best = Some((end, gains));
        }
    }
    let shown = match &best {
        Some((end, _)) => full.truncated(end + 1),
        None => full.truncated(2),
    };
    if let Some((_, gains)) = best {
        out.extend(gains.into_iter().take(2).map(Reason::Gains));
    }
    let (Some(Move::Place(better)), Some(Move::Place(wrong))) =
        (full.moves().first(), refuted.moves().first())
    else {
        return (shown, out);
    };
    if out.is_empty() {
        out.extend(
            contrast(&full.start(), *wrong, *better)
                .into_iter()
                .take(2)
                .map(Reason::Contrast),
        );
        out.extend(moves_reason(full, refuted));
        // The moves compared are named in the sentence: the line shown is the reply.
    }
    if out.is_empty() {
        out.push(Reason::NoSingleFact {
            by: by.to_string(),
            exact,
            wrong: *wrong,
            better: *better,
        });
        return (shown, out);
    }
    // A drawback of the move, said only beside what outweighs it.
    if let Some(facts) = move_facts(&full.start(), *better) {
        let clause = describe_sentences(&facts)
            .iter()
            .find_map(|s| drawback_clause(&facts, s));
        // Not when a contrast already says how the two moves compare on the topic.
        let said = |word: &str| {
            out.iter()
                .any(|r| matches!(r, Reason::Contrast(t) if t.contains(word)))
        };
        let repeated = |clause: &str| {
            ["frontier", "moves", "stable", "corner", "region", "edge"]
                .iter()
                .any(|w| clause.contains(w) && said(w))
        };
        if let Some(clause) = clause
            && !repeated(&clause)
        {
            out.push(Reason::Despite {
                clause,
                by: by.to_string(),
                wrong: *wrong,
            });
        }
    }
    (shown, out)
}
