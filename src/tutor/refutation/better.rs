//! Why the better move is right, shown by the line that follows it: what it wins
//! (the same verified gains as a refutation, for the learner), the reply it takes
//! away, and, where a feature speaks against it, that the engine still values it
//! higher.

use super::gain::{GainError, Verified, gains_on, moves_of};
use super::line::Line;
use crate::engine::bits::CORNERS;
use crate::engine::{Color, Move, Square};
use crate::tutor::explain::{describe_sentences, drawback_clause, move_facts};

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

/// The better move's reasons and the line shown with them: what it takes away from
/// the reply that refutes the wrong move (`feared`: the corner or reply square), what
/// its own line wins (the weightiest gain, at the earliest ply), and a drawback that
/// the values outweigh. `by` is the cost of the wrong move in words.
pub fn reasons(
    full: &Line,
    refuted: &Line,
    feared: Option<Square>,
    by: &str,
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
    // A drawback of the move, said only beside what outweighs it.
    if !out.is_empty()
        && let (Some(Move::Place(b)), Some(Move::Place(w))) =
            (full.moves().first(), refuted.moves().first())
        && let Some(facts) = move_facts(&full.start(), *b)
    {
        let clause = describe_sentences(&facts)
            .iter()
            .find_map(|s| drawback_clause(&facts, s));
        if let Some(clause) = clause {
            out.push(Reason::Despite {
                clause,
                by: by.to_string(),
                wrong: *w,
            });
        }
    }
    (shown, out)
}
