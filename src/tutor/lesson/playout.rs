//! Play-out proofs: the learner's moves that force a play-out goal against every
//! reply (the solver for `win`, an exhaustive search of the replies for the others).

use super::EXACT_MAX_EMPTIES;
use super::model::{Goal, PlayOut};
use crate::engine::bits::CORNERS;
use crate::engine::endgame::{SolveError, Solver};
use crate::engine::features::stable_discs;
use crate::engine::{Color, Position, Square, SquareSet};

/// Why a goal could not be proved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// A win goal on a position the solver does not take.
    #[error("a win goal needs at most {EXACT_MAX_EMPTIES} empties (found {0})")]
    TooManyEmpties(u32),
    /// The solver stopped.
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// The exhaustive search of the replies ran out of its budget.
    #[error("the proof of the goal needs more than {PROOF_NODES} positions")]
    OverBudget,
}

/// Node budget of the exhaustive proof of a play-out goal.
const PROOF_NODES: u64 = 5_000_000;

impl PlayOut {
    /// The learner's moves from the step's position that still force the goal against
    /// every reply (the solver for `win`, an exhaustive search of the replies for the
    /// others). Empty when the goal cannot be forced.
    pub fn forcing_moves(&self, solver: &mut Solver) -> Result<SquareSet, ProofError> {
        let pos = self.setup.position;
        let learner = self.learner();
        match self.goal {
            Goal::Win { margin } => {
                let empties = pos.board.empty_count();
                if empties > EXACT_MAX_EMPTIES {
                    return Err(ProofError::TooManyEmpties(empties));
                }
                let mut out = SquareSet::EMPTY;
                for sq in pos.legal_moves() {
                    let child = pos.board.play_unchecked(sq);
                    let s = solver.solve_score(&child)?;
                    if -s.score >= margin {
                        out.0 |= sq.bit();
                    }
                }
                Ok(out)
            }
            _ => {
                let mut budget = PROOF_NODES;
                let mut out = SquareSet::EMPTY;
                for sq in pos.legal_moves() {
                    if self.forced_after(&pos, sq, learner, 1, &mut budget)? {
                        out.0 |= sq.bit();
                    }
                }
                Ok(out)
            }
        }
    }

    /// Whether the learner, having just played `sq` in `pos` as its `n`-th move, can
    /// force the goal.
    fn forced_after(
        &self,
        pos: &Position,
        sq: Square,
        learner: Color,
        n: u32,
        budget: &mut u64,
    ) -> Result<bool, ProofError> {
        if *budget == 0 {
            return Err(ProofError::OverBudget);
        }
        *budget -= 1;
        let next = pos.play_unchecked(sq);
        let them = learner.opposite();
        let within = match self.goal {
            Goal::TakeCorner { within } => {
                if sq.bit() & CORNERS != 0 {
                    return Ok(true);
                }
                within
            }
            Goal::LimitMobility { max, within } => {
                if next.board.legal_moves().len() > max {
                    return Ok(false);
                }
                if n >= within {
                    return Ok(true);
                }
                within
            }
            Goal::Stable { count, within } => {
                if stable_discs(next.discs(learner), next.discs(them)).count_ones() >= count {
                    return Ok(true);
                }
                within
            }
            Goal::Win { .. } => return Ok(false),
        };
        if n >= within {
            return Ok(false);
        }
        // The opponent replies (or passes); then the learner must have a good move.
        let replies: Vec<Position> = if next.is_game_over() {
            return Ok(matches!(self.goal, Goal::LimitMobility { .. }));
        } else if next.must_pass() {
            vec![next.pass()]
        } else {
            next.legal_moves()
                .into_iter()
                .map(|r| next.play_unchecked(r))
                .collect()
        };
        for reply in replies {
            let mut me = reply;
            // The learner may have to pass (the opponent then moves again).
            let ok = loop {
                if me.is_game_over() {
                    break matches!(self.goal, Goal::LimitMobility { .. });
                }
                if me.to_move == learner && !me.must_pass() {
                    let mut any = false;
                    for m in me.legal_moves() {
                        if self.forced_after(&me, m, learner, n + 1, budget)? {
                            any = true;
                            break;
                        }
                    }
                    break any;
                }
                if me.to_move == learner {
                    me = me.pass();
                    continue;
                }
                // The opponent to move again after a learner pass: every reply must work.
                let mut all = true;
                for r in me.legal_moves() {
                    let after = me.play_unchecked(r);
                    if after.is_game_over() {
                        if !matches!(self.goal, Goal::LimitMobility { .. }) {
                            all = false;
                        }
                        continue;
                    }
                    let mut good = false;
                    if after.to_move == learner && !after.must_pass() {
                        for m in after.legal_moves() {
                            if self.forced_after(&after, m, learner, n + 1, budget)? {
                                good = true;
                                break;
                            }
                        }
                    }
                    if !good {
                        all = false;
                        break;
                    }
                }
                break all;
            };
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
