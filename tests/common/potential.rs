//! Shared by the Potential tests: small constructors, the slow reference move
//! generator written straight from the rules (hash sets and breadth-first searches,
//! no shared code with the fast generator) and random positions reached by legal play.
#![allow(dead_code)]

use std::collections::{BTreeSet, VecDeque};

use othello_tutor::potential::{Analysis, Board, Cell, Color, Phase, Position, PotentialMove};
use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

pub const W: Color = Color::White;
pub const B: Color = Color::Black;

pub fn c(x: i16, y: i16) -> Cell {
    Cell::new(x, y)
}

pub fn step(fx: i16, fy: i16, tx: i16, ty: i16) -> PotentialMove {
    PotentialMove::Step {
        from: c(fx, fy),
        to: c(tx, ty),
    }
}

pub fn pos(n: usize, pieces: &[((i16, i16), Color)], to_move: Color) -> Position {
    let list: Vec<(Cell, Color)> = pieces.iter().map(|&((x, y), col)| (c(x, y), col)).collect();
    match Position::from_pieces(n, &list, to_move) {
        Ok(p) => p,
        Err(e) => panic!("test position rejected: {e}"),
    }
}

// ---------------------------------------------------------------------------
// The slow reference, straight from the rules.

pub fn king_neighbours(q: Cell) -> Vec<(Cell, bool)> {
    let mut v = Vec::new();
    for dx in -1..=1i16 {
        for dy in -1..=1i16 {
            if (dx, dy) != (0, 0) {
                v.push((c(q.x + dx, q.y + dy), dx == 0 || dy == 0));
            }
        }
    }
    v
}

/// (neighbours, direct neighbours) of `q` among `set`.
pub fn slow_counts(set: &BTreeSet<Cell>, q: Cell) -> (u32, u32) {
    let mut t = 0;
    let mut d = 0;
    for (n, direct) in king_neighbours(q) {
        if set.contains(&n) {
            t += 1;
            d += u32::from(direct);
        }
    }
    (t, d)
}

pub fn slow_connected(set: &BTreeSet<Cell>) -> bool {
    let Some(&start) = set.iter().next() else {
        return true;
    };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(q) = queue.pop_front() {
        for (n, _) in king_neighbours(q) {
            if set.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == set.len()
}

/// Every legal phase-2 move of `color`, by brute force: for each own piece,
/// remove it; if the rest is connected, try every empty cell near the group
/// and keep it when it has at least one neighbour, fewer neighbours (or as
/// many with fewer direct ones) than the piece has now, and the group is
/// connected afterwards.
pub fn slow_steps(board: &Board, color: Color) -> BTreeSet<(Cell, Cell)> {
    let occupied: BTreeSet<Cell> = board.pieces().map(|(q, _)| q).collect();
    let mut out = BTreeSet::new();
    let (lo, hi) = match board.bounding_box() {
        Some(b) => b,
        None => return out,
    };
    for (p, col) in board.pieces() {
        if col != color {
            continue;
        }
        let mut rest = occupied.clone();
        rest.remove(&p);
        if !slow_connected(&rest) {
            continue; // bound
        }
        let (tp, dp) = slow_counts(&rest, p);
        for x in lo.x - 2..=hi.x + 2 {
            for y in lo.y - 2..=hi.y + 2 {
                let q = c(x, y);
                if occupied.contains(&q) {
                    continue;
                }
                let (tq, dq) = slow_counts(&rest, q);
                let lower = tq < tp || (tq == tp && dq < dp);
                if tq >= 1 && lower {
                    let mut after = rest.clone();
                    after.insert(q);
                    if slow_connected(&after) {
                        out.insert((p, q));
                    }
                }
            }
        }
    }
    out
}

/// Every legal placement, by brute force: the empty cells with a neighbour.
pub fn slow_placements(board: &Board) -> BTreeSet<Cell> {
    let occupied: BTreeSet<Cell> = board.pieces().map(|(q, _)| q).collect();
    let mut out = BTreeSet::new();
    if occupied.is_empty() {
        out.insert(Cell::ORIGIN);
        return out;
    }
    for &p in &occupied {
        for (q, _) in king_neighbours(p) {
            if !occupied.contains(&q) {
                out.insert(q);
            }
        }
    }
    out
}

pub fn slow_bound(board: &Board, p: Cell) -> bool {
    let mut rest: BTreeSet<Cell> = board.pieces().map(|(q, _)| q).collect();
    rest.remove(&p);
    !slow_connected(&rest)
}

pub fn fast_steps(board: &Board, color: Color) -> BTreeSet<(Cell, Cell)> {
    Analysis::new(board)
        .steps(color)
        .into_iter()
        .filter_map(|m| match m {
            PotentialMove::Step { from, to } => Some((from, to)),
            PotentialMove::Place(_) => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Random positions reached by legal play.

/// A random position reached by legal play with `n` per side: placements
/// are random or compact (most neighbours), then a random number of moves.
pub fn random_position(rng: &mut StdRng, n: usize) -> Position {
    let mut p = match Position::new(n) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    let compact = rng.random_bool(0.6);
    let moves_wanted = rng.random_range(0..60);
    let mut moved = 0;
    loop {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return p;
        }
        let mv = match p.phase() {
            Phase::Placing if compact && rng.random_bool(0.8) => {
                let best = moves
                    .iter()
                    .map(|m| p.board().neighbour_counts(m.target(), None).0)
                    .max()
                    .unwrap_or(0);
                let top: Vec<PotentialMove> = moves
                    .iter()
                    .copied()
                    .filter(|m| p.board().neighbour_counts(m.target(), None).0 == best)
                    .collect();
                *top.choose(rng).unwrap_or(&moves[0])
            }
            Phase::Placing => *moves.choose(rng).unwrap_or(&moves[0]),
            _ => {
                if moved >= moves_wanted {
                    return p;
                }
                moved += 1;
                *moves.choose(rng).unwrap_or(&moves[0])
            }
        };
        let before = p.clone();
        if let Err(e) = p.play(mv) {
            panic!("generated move {mv} rejected: {e}");
        }
        if p.is_over() && rng.random_bool(0.5) {
            return before;
        }
    }
}

/// Piece counts for random positions: mostly small and middle games, some
/// large.
pub fn random_n(rng: &mut StdRng) -> usize {
    match rng.random_range(0..10) {
        0 => rng.random_range(13..=25),
        1..=3 => rng.random_range(3..=6),
        _ => rng.random_range(6..=12),
    }
}

pub fn board_of(pieces: &[(Cell, Color)]) -> Board {
    match Board::from_pieces(pieces) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}
