//! Proving a lesson with the engine (`check-content`): every stated answer is
//! recomputed and compared.
//!
//! What is proved, step by step:
//! - `find-move`: the stated `moves` equal the set the check defines: a concept
//!   recomputed from the engine's features, or, for `best` and `exact`, every move
//!   within `tolerance` of the best by the exact solver (at most 20 empties; 22 with
//!   `--full`) or a search of depth 12 (14 with `--full`); for `moves`, each listed
//!   move is within `tolerance` of the best. The accepted set must leave out at least
//!   one legal move.
//! - `question`: the stated answer equals the one the engine computes.
//! - `play-out`: the goal can be forced against every reply.

use super::error::{Basis, ContentError, Invalid, Mismatch, Problem, Unproved};
use super::model::{Check, FindMove, Lesson, PlayOut, Question, Step};
use crate::engine::SquareSet;
use crate::engine::analysis::{AnalysisOptions, analyze};
use crate::engine::notation::parse_transcript;
use crate::engine::search::Searcher;
use crate::engine::{Board, Move, Position, Square};
use crate::tutor::explain::move_facts;
use crate::tutor::facts::{FactError, check_all};

/// How hard the engine works to prove the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofSettings {
    /// Search depth above `exact_empties`.
    pub depth: u32,
    /// Solve exactly at or below this many empties.
    pub exact_empties: u32,
}

impl ProofSettings {
    /// The settings of `check-content`: the solver at 20 empties or fewer, depth 12
    /// above.
    pub const QUICK: ProofSettings = ProofSettings {
        depth: 12,
        exact_empties: 20,
    };
    /// The settings of `check-content --full`: the solver at 22 empties or fewer,
    /// depth 14 above.
    pub const FULL: ProofSettings = ProofSettings {
        depth: 14,
        exact_empties: 22,
    };

    /// `FULL` or `QUICK`.
    pub const fn new(full: bool) -> ProofSettings {
        if full { Self::FULL } else { Self::QUICK }
    }
}

/// Proves every stated answer of a lesson with the engine; returns the problems.
pub fn prove_lesson(
    lesson: &Lesson,
    settings: ProofSettings,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(&str),
) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        let n = i + 1;
        progress(&format!("{}, step {n} ({})", lesson.file, step.kind_name()));
        let mut err = |field: &str, problem: Problem| {
            errors.push(ContentError::new(
                &lesson.file,
                Some(n),
                Some(field),
                problem,
            ));
        };
        match step {
            Step::Read(_) => {}
            Step::FindMove(fm) => prove_find_move(fm, settings, searcher, &mut err),
            Step::Question(q) => prove_question(q, searcher, &mut err),
            Step::PlayOut(p) => prove_play_out(p, searcher, &mut err),
        }
        for e in step_fact_errors(step) {
            err("facts", Problem::Fact(Box::new(e)));
        }
        for e in super::stated::text_claim_errors(step) {
            err("explain", Problem::Fact(Box::new(e)));
        }
        prove_value_facts(step, settings, searcher, &mut err);
    }
    errors
}

/// The boards of the line a step's position was given as (a transcript), in order;
/// `None` for a constructed position.
pub fn step_line(step: &Step) -> Option<Vec<Board>> {
    let setup = step.setup()?;
    let t = setup.source.trim();
    if t.eq_ignore_ascii_case("start") {
        return Some(vec![Board::start()]);
    }
    let game = parse_transcript(t).ok()?;
    let mut boards: Vec<Board> = game.positions().iter().map(|p| p.board).collect();
    let (shown, played) = step.shown();
    if played.is_some() {
        boards.push(shown.board);
    }
    Some(boards)
}

/// The stated facts of `step` that its board contradicts (those on the engine's
/// values are left to `check-content`); cheap, no search.
pub fn step_fact_errors(step: &Step) -> Vec<FactError> {
    let (shown, _) = step.shown();
    let line = step_line(step);
    check_all(step.facts(), &shown, line.as_deref())
}

/// Checks the facts of `step` on the engine's values, searched as the proof searches.
fn prove_value_facts(
    step: &Step,
    settings: ProofSettings,
    searcher: &mut Searcher,
    err: &mut dyn FnMut(&str, Problem),
) {
    let (shown, _) = step.shown();
    for fact in step.facts().iter().filter(|f| f.needs_values()) {
        let pos = match fact.board_of(&shown) {
            Ok(p) => p,
            Err(e) => {
                err("facts", Problem::Fact(Box::new(e)));
                continue;
            }
        };
        let options = AnalysisOptions {
            depth: settings.depth,
            exact_empties: settings.exact_empties,
            time: None,
            selective: None,
            smoothed: true,
        };
        let values = match analyze(searcher, &pos.board, options) {
            Ok(v) => v,
            Err(e) => {
                err("facts", Problem::NotProved(Unproved::EngineStopped(e)));
                continue;
            }
        };
        let mut value = |sq: Square| {
            values
                .iter()
                .find(|v| v.mv == Move::Place(sq))
                .map(|v| v.discs())
        };
        if let Err(e) = fact.check_values(&mut value) {
            err("facts", Problem::Fact(Box::new(e)));
        }
    }
}

/// The number behind a concept check for one legal move, to show in a mismatch.
fn concept_count(check: Check, pos: &Position, sq: Square) -> Option<u32> {
    let f = move_facts(pos, sq)?;
    match check {
        Check::MinOpponentMobility => Some(f.their_moves_after),
        Check::Quiet => Some(f.frontier_flipped.len()),
        Check::MaxStable => Some(f.stable_after),
        Check::MaxFlips => Some(f.flipped.len()),
        Check::Parity => Some(f.region_size),
        _ => None,
    }
}

fn prove_find_move(
    fm: &FindMove,
    settings: ProofSettings,
    searcher: &mut Searcher,
    err: &mut dyn FnMut(&str, Problem),
) {
    let pos = fm.position();
    let legal = pos.legal_moves();
    let accepted = match fm.check.concept_moves(pos) {
        Some(set) => {
            if set != fm.moves {
                err(
                    "moves",
                    Problem::Mismatch(Mismatch::Concept {
                        stated: fm.moves,
                        found: set,
                        check: fm.check,
                        counts: pos
                            .legal_moves()
                            .into_iter()
                            .filter_map(|sq| Some((sq, concept_count(fm.check, pos, sq)?)))
                            .collect(),
                    }),
                );
            }
            set
        }
        None => {
            let exact_empties = if fm.check == Check::Exact {
                64
            } else {
                settings.exact_empties
            };
            let options = AnalysisOptions {
                depth: settings.depth,
                exact_empties,
                time: None,
                selective: None,
                smoothed: true,
            };
            let values = match analyze(searcher, &pos.board, options) {
                Ok(v) => v,
                Err(e) => {
                    err("check", Problem::NotProved(Unproved::EngineStopped(e)));
                    return;
                }
            };
            let Some(best) = values.first() else {
                err("check", Problem::NotProved(Unproved::NoMoveToValue));
                return;
            };
            let exact = values.iter().all(|v| v.exact);
            let basis = if exact {
                Basis::Exact
            } else {
                Basis::Depth(settings.depth)
            };
            let floor = best.discs() - fm.tolerance as i32;
            let within: SquareSet = values
                .iter()
                .filter(|v| v.discs() >= floor)
                .filter_map(|v| match v.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => None,
                })
                .collect();
            if fm.check == Check::Moves {
                let outside = SquareSet(fm.moves.0 & !within.0);
                if !outside.is_empty() {
                    err(
                        "moves",
                        Problem::Mismatch(Mismatch::NotAmongBest {
                            stated: fm.moves,
                            outside,
                            tolerance: fm.tolerance,
                            basis,
                            values,
                        }),
                    );
                }
                fm.moves
            } else {
                if within != fm.moves {
                    err(
                        "moves",
                        Problem::Mismatch(Mismatch::Best {
                            stated: fm.moves,
                            found: within,
                            tolerance: fm.tolerance,
                            basis,
                            values,
                        }),
                    );
                }
                within
            }
        }
    };
    if accepted.is_empty() {
        err("check", Problem::Invalid(Invalid::NoMoveFits(fm.check)));
    } else if accepted == legal {
        err("check", Problem::Invalid(Invalid::EveryMoveAccepted(legal)));
    }
}

fn prove_question(q: &Question, searcher: &mut Searcher, err: &mut dyn FnMut(&str, Problem)) {
    match q.compute(searcher.solver()) {
        Ok(a) if a == q.answer => {}
        Ok(a) => err(
            "answer",
            Problem::Mismatch(Mismatch::Answer {
                stated: q.answer.clone(),
                found: a,
                ask: q.ask,
            }),
        ),
        Err(e) => err("ask", Problem::NotProved(e.into())),
    }
}

fn prove_play_out(p: &PlayOut, searcher: &mut Searcher, err: &mut dyn FnMut(&str, Problem)) {
    match p.forcing_moves(searcher.solver()) {
        Ok(set) if set.is_empty() => err(
            "goal",
            Problem::NotProved(Unproved::NotForceable {
                learner: p.learner(),
                goal: p.goal,
            }),
        ),
        Ok(_) => {}
        Err(e) => err("goal", Problem::NotProved(e.into())),
    }
}
