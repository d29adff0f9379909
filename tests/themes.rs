//! The puzzle themes against their definitions, counted here square by square with
//! slow code that shares nothing with `themes_of` but the move rules: on 3,000
//! positions from seeded random games, every theme the code gives is the one the
//! definition (`Theme`'s documentation) gives, and every theme but the wipe-out is met
//! at least once, so the test cannot pass by finding none.

use othello_tutor::engine::features::stable_discs;
use othello_tutor::engine::{Color, Move, Position, Square};
use othello_tutor::tutor::puzzle::{Proof, Theme, themes_of};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;

const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Column and row (0..8) of a square.
fn xy(s: Square) -> (i32, i32) {
    let i = s.index() as i32;
    (i % 8, i / 8)
}

fn at(x: i32, y: i32) -> Option<Square> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then(|| Square::new((y * 8 + x) as u8).unwrap())
}

fn empty(p: &Position, s: Square) -> bool {
    p.disc_at(s).is_none()
}

fn neighbours(s: Square) -> Vec<Square> {
    let (x, y) = xy(s);
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            if (dx, dy) != (0, 0)
                && let Some(n) = at(x + dx, y + dy)
            {
                out.push(n);
            }
        }
    }
    out
}

fn on_edge(s: Square) -> bool {
    let (x, y) = xy(s);
    x == 0 || x == 7 || y == 0 || y == 7
}

fn is_corner(s: Square) -> bool {
    CORNERS.iter().any(|c| sq(c) == s)
}

/// The corner an X-square (diagonal neighbour) or C-square (edge neighbour) touches.
fn corner_touched(s: Square, diagonal: bool) -> Option<Square> {
    CORNERS.iter().map(|c| sq(c)).find(|&c| {
        let ((cx, cy), (x, y)) = (xy(c), xy(s));
        let (dx, dy) = ((cx - x).abs(), (cy - y).abs());
        if diagonal {
            dx == 1 && dy == 1
        } else {
            (dx, dy) == (1, 0) || (dx, dy) == (0, 1)
        }
    })
}

/// The mover's discs next to an empty square after `s`.
fn frontier_after(p: &Position, s: Square) -> usize {
    let after = p.play_unchecked(s);
    (0..64)
        .map(|i| Square::new(i as u8).unwrap())
        .filter(|&d| after.disc_at(d) == Some(p.to_move))
        .filter(|&d| neighbours(d).into_iter().any(|n| empty(&after, n)))
        .count()
}

/// Whether some disc `s` flips ends up next to an empty square.
fn flips_frontier(p: &Position, s: Square) -> bool {
    let after = p.play_unchecked(s);
    (0..64)
        .map(|i| Square::new(i as u8).unwrap())
        .filter(|&d| p.disc_at(d) == Some(p.to_move.opposite()))
        .filter(|&d| after.disc_at(d) == Some(p.to_move))
        .any(|d| neighbours(d).into_iter().any(|n| empty(&after, n)))
}

/// The empty squares connected to `s` (8 directions) on the board before the move.
fn region_size(p: &Position, s: Square) -> usize {
    let mut seen = vec![s];
    let mut i = 0;
    while i < seen.len() {
        for n in neighbours(seen[i]) {
            if empty(p, n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen.len()
}

fn regions(p: &Position) -> usize {
    let mut counted: Vec<Square> = Vec::new();
    let mut n = 0;
    for i in 0..64 {
        let s = Square::new(i as u8).unwrap();
        if empty(p, s) && !counted.contains(&s) {
            n += 1;
            let mut stack = vec![s];
            counted.push(s);
            while let Some(t) = stack.pop() {
                for m in neighbours(t) {
                    if empty(p, m) && !counted.contains(&m) {
                        counted.push(m);
                        stack.push(m);
                    }
                }
            }
        }
    }
    n
}

fn stable_gain(p: &Position, s: Square) -> u32 {
    let mine = |q: &Position| {
        let (b, w) = (q.black(), q.white());
        match p.to_move {
            Color::Black => stable_discs(b, w),
            Color::White => stable_discs(w, b),
        }
        .count_ones()
    };
    mine(&p.play_unchecked(s)).saturating_sub(mine(p))
}

/// Whether the wedge definition holds: on an edge (not a corner), both neighbours
/// along the edge the opponent's after the move.
fn wedge(p: &Position, s: Square) -> bool {
    if !on_edge(s) || is_corner(s) {
        return false;
    }
    let (x, y) = xy(s);
    let along: Vec<(i32, i32)> = if y == 0 || y == 7 {
        vec![(x - 1, y), (x + 1, y)]
    } else {
        vec![(x, y - 1), (x, y + 1)]
    };
    let after = p.play_unchecked(s);
    along
        .into_iter()
        .all(|(a, b)| at(a, b).is_some_and(|n| after.disc_at(n) == Some(p.to_move.opposite())))
}

/// The themes by the definitions, counted here.
fn by_definition(p: &Position, key: Square, value: i32, proof: Proof) -> Vec<Theme> {
    let moves: Vec<Square> = p.legal_moves().into_iter().collect();
    let others: Vec<Square> = moves.iter().copied().filter(|&s| s != key).collect();
    let after = p.play_unchecked(key);
    let their_moves = |s: Square| p.play_unchecked(s).legal_moves().len();
    let passes = |s: Square| {
        let a = p.play_unchecked(s);
        a.must_pass() && !a.is_game_over()
    };
    let mut out = Vec::new();
    let has_corner_move = moves.iter().any(|&m| is_corner(m));
    let forces = !has_corner_move
        && !after.is_game_over()
        && !after.must_pass()
        && after.legal_move_list().into_iter().all(|r| {
            let Move::Place(r) = r else { return false };
            let next = after.play_unchecked(r);
            next.to_move == p.to_move && next.legal_moves().into_iter().any(is_corner)
        });
    if is_corner(key) || forces {
        out.push(Theme::Corner);
    }
    let g = stable_gain(p, key);
    if g >= 4 && others.iter().all(|&o| stable_gain(p, o) + 2 <= g) {
        out.push(Theme::StableDiscs);
    }
    if corner_touched(key, true).is_some_and(|c| empty(p, c)) {
        out.push(Theme::XSquare);
    }
    if corner_touched(key, false).is_some_and(|c| empty(p, c)) {
        out.push(Theme::CSquare);
    }
    if wedge(p, key) {
        out.push(Theme::Wedge);
    }
    if on_edge(key) && !is_corner(key) && others.iter().any(|&o| !on_edge(o)) {
        out.push(Theme::Edge);
    }
    let m = their_moves(key);
    if m >= 1 && !others.is_empty() && others.iter().all(|&o| their_moves(o) >= m + 2) {
        out.push(Theme::Mobility);
    }
    if !is_corner(key) && !flips_frontier(p, key) && others.iter().any(|&o| flips_frontier(p, o)) {
        out.push(Theme::QuietMove);
    }
    let f = frontier_after(p, key);
    if !others.is_empty() && others.iter().all(|&o| frontier_after(p, o) >= f + 2) {
        out.push(Theme::Frontier);
    }
    if passes(key) && others.iter().any(|&o| !passes(o)) {
        out.push(Theme::Tempo);
    }
    let empties = (0..64)
        .filter(|&i| empty(p, Square::new(i as u8).unwrap()))
        .count();
    let odd = |s: Square| region_size(p, s) % 2 == 1;
    if empties <= 20 && regions(p) >= 2 && odd(key) && others.iter().any(|&o| !odd(o)) {
        out.push(Theme::Parity);
    }
    if proof == Proof::Exact && value == 64 {
        out.push(Theme::WipeOut);
    }
    if proof == Proof::Exact {
        out.push(Theme::ExactEndgame);
    }
    out
}

#[test]
fn every_theme_is_its_definition() {
    let mut rng = StdRng::seed_from_u64(16);
    let mut met: BTreeMap<Theme, usize> = BTreeMap::new();
    let mut checked = 0;
    while checked < 3000 {
        let mut p = Position::start();
        let stop = rng.random_range(8..58);
        for _ in 0..stop {
            if p.is_game_over() {
                break;
            }
            let moves = p.legal_move_list();
            p = p.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let moves: Vec<Square> = p.legal_moves().into_iter().collect();
        if moves.len() < 2 {
            continue;
        }
        let key = moves[rng.random_range(0..moves.len())];
        let proof = if checked % 2 == 0 {
            Proof::Exact
        } else {
            Proof::Search { depth: 16 }
        };
        let code = themes_of(&p, key, 10, proof);
        assert_eq!(
            code,
            by_definition(&p, key, 10, proof),
            "{} {key}",
            othello_tutor::engine::notation::to_obf(&p)
        );
        for t in code {
            *met.entry(t).or_default() += 1;
        }
        checked += 1;
    }
    for t in Theme::ALL {
        if t != Theme::WipeOut {
            assert!(
                met.get(&t).is_some_and(|&n| n > 0),
                "{t} never met: {met:?}"
            );
        }
    }
}
