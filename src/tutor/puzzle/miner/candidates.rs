//! The miner's candidates: positions where one move, or a small set, is clearly
//! better, their steps and lines, their difficulty and their explanation.

use super::MineConfig;
use crate::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use crate::engine::search::Searcher;
use crate::engine::{Move, Position, Square, SquareSet};
use crate::tutor::puzzle::{
    Goal, MIN_MARGIN, Proof, Step, answer_matters, moves_at_least, searched_gap, searched_lead,
};
use crate::tutor::rating::Difficulty;
use rand::RngExt;
use rand::rngs::StdRng;
use std::collections::BTreeSet;

pub(super) fn best_outside(
    searcher: &mut Searcher,
    pos: &Position,
    set: SquareSet,
    ceiling: i32,
) -> Option<i32> {
    let mut alpha = -65;
    for sq in pos.legal_moves() {
        if set.contains(sq) {
            continue;
        }
        let s = searcher
            .solver()
            .score_after(&pos.board, sq, alpha, ceiling)
            .ok()?;
        alpha = alpha.max(s);
    }
    Some(alpha)
}

pub(super) fn pv_moves(pv: &[Option<Square>]) -> Vec<Move> {
    pv.iter()
        .map(|m| m.map_or(Move::Pass, Move::Place))
        .collect()
}

/// A found puzzle before rating.
pub(super) struct Candidate {
    pub(super) position: Position,
    pub(super) goal: Goal,
    pub(super) steps: Vec<Step>,
    pub(super) solution: Vec<Move>,
    pub(super) value: i32,
    pub(super) margin: i32,
    pub(super) proof: Proof,
    pub(super) ply: usize,
    pub(super) game: String,
}

/// The steps of a solution whose learner moves are at even indices.
pub(super) fn build_steps(
    start: &Position,
    solution: &[Move],
    accepted: &[SquareSet],
) -> Option<Vec<Step>> {
    let mut pos = *start;
    let mut steps = Vec::new();
    for (i, &mv) in solution.iter().enumerate() {
        if i % 2 == 0 && i / 2 < accepted.len() {
            let Move::Place(sq) = mv else { return None };
            steps.push(Step {
                position: pos,
                accepted: accepted[i / 2],
                answer: sq,
                reply: solution.get(i + 1).copied(),
            });
        }
        pos = pos.play(mv).ok()?;
    }
    (steps.len() == accepted.len()).then_some(steps)
}

/// Tries to extend a unique best move `key` (value `v`) into a line of up to three
/// steps with unique best moves after the solver's best replies.
pub(super) fn extend_line(
    searcher: &mut Searcher,
    pos: &Position,
    key: Square,
    v: i32,
) -> Option<(Vec<Move>, Vec<SquareSet>)> {
    let mut solution = vec![Move::Place(key)];
    let mut accepted = vec![SquareSet(key.bit())];
    let mut cur = pos.play_unchecked(key);
    for _ in 0..2 {
        if cur.is_game_over() {
            break;
        }
        let reply = if cur.must_pass() {
            Move::Pass
        } else {
            Move::Place(searcher.solver().solve_score(&cur.board).ok()?.best?)
        };
        let next = cur.play(reply).ok()?;
        if next.is_game_over() || next.must_pass() || next.legal_moves().len() < 2 {
            break;
        }
        let best = moves_at_least(searcher, &next, v)?;
        if best.len() != 1 {
            break;
        }
        let sq = best.into_iter().next()?;
        solution.push(reply);
        solution.push(Move::Place(sq));
        accepted.push(best);
        cur = next.play_unchecked(sq);
    }
    (accepted.len() >= 2).then_some((solution, accepted))
}

/// The solver's line from `pos` (after the given moves).
pub(super) fn continuation(searcher: &mut Searcher, pos: &Position) -> Option<Vec<Move>> {
    if pos.is_game_over() {
        return Some(Vec::new());
    }
    let sol = searcher.solver().solve(&pos.board).ok()?;
    Some(pv_moves(&sol.pv))
}

/// Exact candidates with more empties than this are solved only when a depth-10
/// search sees the top move at least [`PRESCREEN_GAP`] discs ahead.
const PRESCREEN_EMPTIES: u32 = 20;
/// See [`PRESCREEN_EMPTIES`].
const PRESCREEN_GAP: i32 = 3;

/// An exact find: goal, solution, accepted sets, value, margin.
pub(super) type ExactFind = (Goal, Vec<Move>, Vec<SquareSet>, i32, i32);

pub(super) fn examine_exact(
    searcher: &mut Searcher,
    pos: &Position,
    config: &MineConfig,
    rng: &mut StdRng,
) -> Option<Option<ExactFind>> {
    let legal = pos.legal_moves();
    // Deep positions cost seconds to solve: only those where a search sees one move
    // ahead by a few discs are worth it.
    if pos.board.empty_count() > PRESCREEN_EMPTIES {
        let (_, gap, _) = searched_gap(searcher, pos, 10)?;
        if gap < PRESCREEN_GAP {
            return Some(None);
        }
    }
    let v = searcher.solver().solve_score(&pos.board).ok()?.score;
    let best = moves_at_least(searcher, pos, v)?;
    let mut found = None;
    if best.len() <= 2 && best != legal {
        let w = best_outside(searcher, pos, best, v)?;
        if v - w >= config.min_margin.max(MIN_MARGIN) || answer_matters(v, v - w) {
            // The only winning moves make a `win` puzzle, a lost position a
            // `least-loss` one, others a `best` one.
            let goal = if v > 0 && w <= 0 {
                Goal::Win
            } else if v < 0 {
                Goal::LeastLoss
            } else {
                Goal::Best
            };
            found = Some((goal, best, v - w));
        }
    }
    if found.is_none() && v > 0 {
        let winners = moves_at_least(searcher, pos, 1)?;
        if winners.len() <= 2 && winners != legal {
            let w = best_outside(searcher, pos, winners, 1)?;
            if v - w >= config.min_margin.max(MIN_MARGIN) || answer_matters(v, v - w) {
                found = Some((Goal::Win, winners, v - w));
            }
        }
    }
    let Some((goal, accepted, margin)) = found else {
        return Some(None);
    };
    let key = accepted.into_iter().find(|&sq| best.contains(sq))?;
    if goal == Goal::Best
        && accepted.len() == 1
        && pos.board.empty_count() <= 16
        && rng.random_range(0..100) < config.line_percent
        && let Some((mut solution, sets)) = extend_line(searcher, pos, key, v)
    {
        let mut end = *pos;
        for &mv in &solution {
            end = end.play(mv).ok()?;
        }
        solution.extend(continuation(searcher, &end)?);
        return Some(Some((Goal::Line, solution, sets, v, margin)));
    }
    let mut solution = vec![Move::Place(key)];
    solution.extend(continuation(searcher, &pos.play_unchecked(key))?);
    Some(Some((goal, solution, vec![accepted], v, margin)))
}

pub(super) fn examine_midgame(
    searcher: &mut Searcher,
    pos: &Position,
    config: &MineConfig,
) -> Option<Option<(Vec<Move>, i32, i32)>> {
    let d = config.mid_depth;
    // A cheap look first: every move valued at depth `d - 6`.
    let (top, gap, _) = searched_gap(searcher, pos, d.saturating_sub(6).max(2))?;
    if gap < config.mid_margin + 1 {
        return Some(None);
    }
    // The proof's two depths, each by a search of the position and null-window tests
    // of the other moves: the lead the cheap look saw, else the least one wanted. One
    // disc of slack keeps the stated bound true under small changes of the search.
    let leads = [gap.min(24), config.mid_margin + 1];
    let mut margin = i32::MAX;
    let mut last = None;
    for depth in [d - 2, d] {
        let found = searched_lead(searcher, pos, depth, &leads)?;
        let Some(lead) = found.lead.filter(|_| found.top == top) else {
            return Some(None);
        };
        margin = margin.min(lead - 1);
        last = Some(found);
    }
    let found = last?;
    let mut solution = pv_moves(&found.pv);
    solution.truncate(8);
    Some(Some((solution, found.discs(), margin)))
}

/// Values of every move at depths 1 to 10 (cleared tables), for the rating.
pub(super) fn difficulty(searcher: &mut Searcher, c: &Candidate) -> Option<Difficulty> {
    let st = &c.steps[0];
    let accepted = st.accepted;
    let mut tops_ok = Vec::new();
    let mut tempting = BTreeSet::new();
    for depth in 1..=10 {
        searcher.clear();
        let options = AnalysisOptions::fixed_depth(depth);
        let values: Vec<MoveValue> = analyze(searcher, &st.position.board, options).ok()?;
        let top_ok = match values.first()?.mv {
            Move::Place(sq) => accepted.contains(sq),
            Move::Pass => false,
        };
        tops_ok.push(top_ok);
        if depth <= 4 {
            let best_accepted = values
                .iter()
                .filter(|v| matches!(v.mv, Move::Place(sq) if accepted.contains(sq)))
                .map(|v| v.score)
                .max()?;
            for v in &values {
                if let Move::Place(sq) = v.mv
                    && !accepted.contains(sq)
                    && v.score >= best_accepted
                {
                    tempting.insert(sq);
                }
            }
        }
    }
    let mut first_depth = 11;
    for d in (1..=10).rev() {
        if tops_ok[d as usize - 1] {
            first_depth = d;
        } else {
            break;
        }
    }
    Some(Difficulty {
        empties: c.position.board.empty_count(),
        first_depth,
        tempting: tempting.len() as u32,
        margin: c.margin,
        steps: c.steps.len() as u32,
        choices: c.position.legal_moves().len(),
    })
}
