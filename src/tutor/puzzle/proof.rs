//! Proving puzzles with the engine: the solver for exact puzzles, searches from
//! cleared tables for searched ones (see the module documentation of `puzzle`).

use super::error::{Ctx, Disproof, InvalidPuzzle, PuzzleError, PuzzleProblem};
use super::model::{Goal, Proof, Puzzle, plays};
use super::{PROOF_TABLE_MB, QUICK_SAMPLE, SEARCH_VALUE_TOLERANCE};
use crate::engine::analysis::{AnalysisOptions, analyze};
use crate::engine::eval::UNITS_PER_DISC;
use crate::engine::search::{Limits, Searcher};
use crate::engine::{Color, Move, Position, Square, SquareSet};
use std::collections::BTreeMap;

/// A searcher with the tables proofs use.
pub fn proof_searcher() -> Searcher {
    Searcher::new(PROOF_TABLE_MB, PROOF_TABLE_MB)
}

/// The top move and the gap (in discs, rounded down) to the next best of a search at
/// `depth` from cleared tables, with the top value in discs (rounded); `None` if
/// stopped or fewer than two moves.
pub fn searched_gap(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
) -> Option<(Square, i32, i32)> {
    searcher.clear();
    let options = AnalysisOptions::fixed_depth(depth);
    let values = analyze(searcher, &pos.board, options).ok()?;
    let (first, second) = (values.first()?, values.get(1)?);
    let Move::Place(sq) = first.mv else {
        return None;
    };
    let gap = (first.score - second.score).div_euclid(UNITS_PER_DISC);
    Some((sq, gap, first.discs()))
}

/// What [`searched_lead`] found: the top move of a search, its value and the lead
/// over every other move that was proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    /// The search's move.
    pub top: Square,
    /// Its value in hundredths of a disc.
    pub score: i32,
    /// The line from the top move.
    pub pv: Vec<Option<Square>>,
    /// The largest of the asked leads (in discs) that every other move trails by, if
    /// any: every other move's value is at least this many discs below the top's.
    pub lead: Option<i32>,
}

impl Lead {
    /// The top value rounded to whole discs.
    pub fn discs(&self) -> i32 {
        (self.score as f64 / UNITS_PER_DISC as f64).round() as i32
    }
}

/// The top move of a search at `depth` from cleared tables and, by null-window tests
/// of every other move at the same depth, the largest lead of `leads` (in discs,
/// tried from the first) by which it is ahead of all of them: a move's value `s` is
/// proved at most `score - lead` discs. Far cheaper than valuing every move
/// ([`searched_gap`]), and the same minimax values: the search has no forward
/// pruning, so a bound it proves holds for the value that a full search finds.
/// `None` if stopped or the position has fewer than two moves.
pub fn searched_lead(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
    leads: &[i32],
) -> Option<Lead> {
    let board = &pos.board;
    if board.legal_moves().len() < 2 {
        return None;
    }
    searcher.clear();
    let limits = Limits::depth(depth, 0);
    let found = searcher.search(board, limits).ok()?;
    let top = found.best?;
    let score = found.score;
    let mut lead = None;
    // Moves already proved below the bound of a larger lead are below every smaller one.
    let mut below = SquareSet(top.bit());
    for &l in leads {
        let beta = score - l * UNITS_PER_DISC + 1;
        let mut all = true;
        for sq in board.legal_moves() {
            if below.contains(sq) {
                continue;
            }
            searcher.start(&limits);
            let s = searcher.value_after(board, sq, depth, beta - 1, beta)?;
            if s < beta {
                below.0 |= sq.bit();
            } else {
                all = false;
                break;
            }
        }
        if all {
            lead = Some(l);
            break;
        }
    }
    Some(Lead {
        top,
        score,
        pv: found.pv,
        lead,
    })
}

/// Proves one puzzle with the engine (see the module documentation); returns the
/// problems, none when the file is right. `Stopped` problems come back if the
/// searcher's stop flag is raised.
pub fn prove_puzzle(p: &Puzzle, searcher: &mut Searcher) -> Vec<PuzzleError> {
    let mut ctx = Ctx {
        file: &p.file,
        id: Some(&p.id),
        errors: Vec::new(),
    };
    let stopped = |ctx: &mut Ctx| ctx.invalid("position", InvalidPuzzle::ProofStopped);
    match p.proof {
        Proof::Search { depth } => {
            let st = &p.steps[0];
            for d in [depth.saturating_sub(2).max(1), depth] {
                let Some(found) = searched_lead(searcher, &st.position, d, &[p.margin]) else {
                    stopped(&mut ctx);
                    return ctx.errors;
                };
                let top = found.top;
                if !st.accepted.contains(top) {
                    ctx.err(
                        "accepted",
                        PuzzleProblem::Disproved(Disproof::SearchPrefers {
                            depth: d,
                            top,
                            accepted: st.accepted,
                        }),
                    );
                } else if found.lead.is_none() {
                    ctx.err(
                        "margin",
                        PuzzleProblem::Disproved(Disproof::SearchLead {
                            depth: d,
                            top,
                            margin: p.margin,
                        }),
                    );
                }
                if d == depth && (found.discs() - p.value).abs() > SEARCH_VALUE_TOLERANCE {
                    ctx.err(
                        "value",
                        PuzzleProblem::Disproved(Disproof::SearchValue {
                            depth: d,
                            top,
                            value: found.discs(),
                            stated: p.value,
                        }),
                    );
                }
            }
            ctx.errors
        }
        Proof::Exact => {
            if prove_exact(p, searcher, &mut ctx).is_none() {
                stopped(&mut ctx);
            }
            ctx.errors
        }
    }
}

/// The exact value of every legal move of `pos` against a null window at `bound`:
/// the set of moves worth at least `bound`.
pub(crate) fn moves_at_least(
    searcher: &mut Searcher,
    pos: &Position,
    bound: i32,
) -> Option<SquareSet> {
    let mut set = SquareSet::EMPTY;
    for sq in pos.legal_moves() {
        let s = searcher
            .solver()
            .score_after(&pos.board, sq, bound - 1, bound)
            .ok()?;
        if s >= bound {
            set.0 |= sq.bit();
        }
    }
    Some(set)
}

fn prove_exact(p: &Puzzle, searcher: &mut Searcher, ctx: &mut Ctx) -> Option<()> {
    // Each step: the accepted set.
    let mut step_values = Vec::new();
    for (k, st) in p.steps.iter().enumerate() {
        let v = searcher
            .solver()
            .solve_score(&st.position.board)
            .ok()?
            .score;
        step_values.push(v);
        let winning = p.goal == Goal::Win;
        let set = moves_at_least(searcher, &st.position, if winning { 1 } else { v })?;
        if set != st.accepted {
            ctx.err(
                "accepted",
                PuzzleProblem::Disproved(Disproof::StepMoves {
                    step: k + 1,
                    winning,
                    found: set,
                    value: v,
                    accepted: st.accepted,
                }),
            );
        }
    }
    let v = step_values[0];
    if v != p.value {
        ctx.err(
            "value",
            PuzzleProblem::Disproved(Disproof::ExactValue {
                value: v,
                stated: p.value,
            }),
        );
    }
    // The margin: the best move left out of the first step is worth exactly v - margin.
    let first = &p.steps[0];
    let target = v - p.margin;
    let mut next_best = SquareSet::EMPTY;
    let mut above = SquareSet::EMPTY;
    for sq in first.position.legal_moves() {
        if first.accepted.contains(sq) {
            continue;
        }
        let s = searcher
            .solver()
            .score_after(&first.position.board, sq, target - 1, target + 1)
            .ok()?;
        if s > target {
            above.0 |= sq.bit();
        } else if s == target {
            next_best.0 |= sq.bit();
        }
    }
    if !above.is_empty() || next_best.is_empty() {
        ctx.err(
            "margin",
            PuzzleProblem::Disproved(Disproof::Margin {
                target,
                value: v,
                margin: p.margin,
                above,
            }),
        );
    }
    if p.goal == Goal::Win && (v <= 0 || target > 0) {
        ctx.err(
            "goal",
            PuzzleProblem::Disproved(Disproof::NotAWin { value: v, target }),
        );
    }
    // The solution keeps the optimal value at every move.
    let mut pos = p.position;
    let mut expected = v;
    for (i, &mv) in p.solution.iter().enumerate() {
        if let Move::Place(sq) = mv {
            let s = searcher
                .solver()
                .score_after(&pos.board, sq, expected - 1, expected + 1)
                .ok()?;
            if s != expected {
                ctx.err(
                    "solution",
                    PuzzleProblem::Disproved(Disproof::NotBest {
                        number: i + 1,
                        square: sq,
                        expected,
                        side: pos.to_move,
                    }),
                );
                return Some(());
            }
        }
        pos = plays(&pos, mv);
        expected = -expected;
    }
    if pos.is_game_over() && pos.board.final_score() != expected {
        ctx.err(
            "solution",
            PuzzleProblem::Disproved(Disproof::LineEnds {
                score: pos.board.final_score(),
                expected,
            }),
        );
    }
    Some(())
}

/// Evenly spread indices of `count` of `n` items (all of them if `count >= n`).
pub fn sample_indices(n: usize, count: usize) -> Vec<usize> {
    if count >= n {
        return (0..n).collect();
    }
    (0..count).map(|i| i * n / count).collect()
}

/// Checks puzzles: positions repeated between puzzles, and the engine's proof of
/// every puzzle (`full`) or of an evenly spread sample of [`QUICK_SAMPLE`], on every
/// core (the loading checks, including the themes, have run on all of them already).
/// `progress` hears one line per puzzle proved, as they finish. Returns every problem,
/// in the puzzles' order.
pub fn check_puzzles(
    puzzles: &[Puzzle],
    full: bool,
    progress: &mut dyn FnMut(&str),
) -> Vec<PuzzleError> {
    let mut errors = Vec::new();
    let mut seen: BTreeMap<(u64, u64, bool), &str> = BTreeMap::new();
    for p in puzzles {
        let key = (
            p.position.black(),
            p.position.white(),
            p.position.to_move == Color::Black,
        );
        if let Some(other) = seen.get(&key) {
            errors.push(PuzzleError::new(
                &p.file,
                Some(&p.id),
                Some("position"),
                PuzzleProblem::Invalid(InvalidPuzzle::SamePosition(other.to_string())),
            ));
        } else {
            seen.insert(key, &p.id);
        }
    }
    let indices = if full {
        (0..puzzles.len()).collect()
    } else {
        sample_indices(puzzles.len(), QUICK_SAMPLE)
    };
    // The proofs are independent: spread over the analysis' threads (see
    // `engine::pool`), each proof with its own searcher, the problems put back in
    // the puzzles' order. A proof that panics is a problem of its puzzle.
    let total = indices.len();
    let mut finished = 0;
    let proved = crate::engine::pool::try_map_streamed(
        crate::engine::analysis::default_threads(),
        &indices,
        |_, &i| {
            let p = &puzzles[i];
            let errs = prove_puzzle(p, &mut proof_searcher());
            let line = format!(
                "{} ({} empties): {}",
                p.id,
                p.empties(),
                if errs.is_empty() { "proved" } else { "WRONG" }
            );
            Ok::<_, crate::engine::pool::PoolError>((line, errs))
        },
        |_, (line, _)| {
            finished += 1;
            progress(&format!("puzzle {finished}/{total} {line}"));
            Ok(())
        },
    );
    let found = match proved {
        Ok(found) => found.into_iter().map(|(_, errs)| errs).collect(),
        Err(e) => {
            let (index, message) = match e {
                crate::engine::pool::PoolError::Panicked { index, message } => (index, message),
                other => (0, other.to_string()),
            };
            let p = &puzzles[indices.get(index).copied().unwrap_or(0)];
            vec![vec![PuzzleError::new(
                &p.file,
                Some(&p.id),
                Some("proof"),
                PuzzleProblem::Engine(message),
            )]]
        }
    };
    errors.extend(found.into_iter().flatten());
    errors
}
