//! Shared by the theme tests: slow square-by-square counts that share nothing with
//! `themes_of` but the move rules (corners, edges, frontier, regions, stable discs, wedges,
//! legal moves walked line by line).
#![allow(dead_code)]

use othello_tutor::engine::features::stable_discs;
use othello_tutor::engine::{Color, Position, Square};

pub const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Column and row (0..8) of a square.
pub fn xy(s: Square) -> (i32, i32) {
    let i = s.index() as i32;
    (i % 8, i / 8)
}

pub fn at(x: i32, y: i32) -> Option<Square> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then(|| Square::new((y * 8 + x) as u8).unwrap())
}

pub fn empty(p: &Position, s: Square) -> bool {
    p.disc_at(s).is_none()
}

pub fn neighbours(s: Square) -> Vec<Square> {
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

pub fn on_edge(s: Square) -> bool {
    let (x, y) = xy(s);
    x == 0 || x == 7 || y == 0 || y == 7
}

pub fn is_corner(s: Square) -> bool {
    CORNERS.iter().any(|c| sq(c) == s)
}

/// The corner an X-square (diagonal neighbour) or C-square (edge neighbour) touches.
pub fn corner_touched(s: Square, diagonal: bool) -> Option<Square> {
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
pub fn frontier_after(p: &Position, s: Square) -> usize {
    let after = p.play_unchecked(s);
    (0..64)
        .map(|i| Square::new(i as u8).unwrap())
        .filter(|&d| after.disc_at(d) == Some(p.to_move))
        .filter(|&d| neighbours(d).into_iter().any(|n| empty(&after, n)))
        .count()
}

/// Whether some disc `s` flips ends up next to an empty square.
pub fn flips_frontier(p: &Position, s: Square) -> bool {
    let after = p.play_unchecked(s);
    (0..64)
        .map(|i| Square::new(i as u8).unwrap())
        .filter(|&d| p.disc_at(d) == Some(p.to_move.opposite()))
        .filter(|&d| after.disc_at(d) == Some(p.to_move))
        .any(|d| neighbours(d).into_iter().any(|n| empty(&after, n)))
}

/// The empty squares connected to `s` (8 directions) on the board before the move.
pub fn region_size(p: &Position, s: Square) -> usize {
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

pub fn regions(p: &Position) -> usize {
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

pub fn stable_gain(p: &Position, s: Square) -> u32 {
    stable_total(p, s).saturating_sub(stable_count(p))
}

/// The stable discs of `colour` on `q`.
pub fn stable_of(q: &Position, colour: Color) -> u32 {
    let (b, w) = (q.black(), q.white());
    match colour {
        Color::Black => stable_discs(b, w),
        Color::White => stable_discs(w, b),
    }
    .count_ones()
}

/// The mover's stable discs on `p`.
pub fn stable_count(p: &Position) -> u32 {
    stable_of(p, p.to_move)
}

/// The mover's stable discs after `s`.
pub fn stable_total(p: &Position, s: Square) -> u32 {
    stable_of(&p.play_unchecked(s), p.to_move)
}

/// Whether the wedge definition holds: on an edge (not a corner), both neighbours
/// along the edge the opponent's after the move.
pub fn wedge(p: &Position, s: Square) -> bool {
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

/// Whether `colour` may play `s` on `q`, walked line by line (whoever is to move).
pub fn legal_for(q: &Position, colour: Color, s: Square) -> bool {
    if !empty(q, s) {
        return false;
    }
    let (x, y) = xy(s);
    for dx in -1..=1 {
        for dy in -1..=1 {
            if (dx, dy) == (0, 0) {
                continue;
            }
            let (mut cx, mut cy, mut between) = (x + dx, y + dy, 0);
            while let Some(t) = at(cx, cy) {
                match q.disc_at(t) {
                    Some(c) if c != colour => between += 1,
                    Some(_) if between > 0 => return true,
                    _ => break,
                }
                cx += dx;
                cy += dy;
            }
        }
    }
    false
}
