//! The puzzle themes against their definitions, counted here square by square with
//! slow code that shares nothing with `themes_of` but the move rules: on 3,000
//! positions from seeded random games, every theme the code gives is the one the
//! definition (`Theme`'s documentation) gives, and every theme but the wipe-out is met
//! at least once, so the test cannot pass by finding none. (The mined puzzles'
//! explanations are checked with the same counts in `theme_explanations.rs`.)

use crate::common_theme_counts as counts;

use counts::*;
use othello_tutor::engine::{Color, Move, Position, Square};
use othello_tutor::tutor::puzzle::{Proof, Theme, themes_of};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;

/// The four edges, each as its eight squares in order, corners at both ends.
fn edge_lines() -> Vec<Vec<Square>> {
    let row = |y: i32| (0..8).map(|x| at(x, y).unwrap()).collect();
    let col = |x: i32| (0..8).map(|y| at(x, y).unwrap()).collect();
    vec![row(0), row(7), col(0), col(7)]
}

/// The issue 44 definition of an unbalanced edge of `owner`: both corners empty, no
/// disc of the other colour on the edge, the owner's discs one unbroken run, and
/// exactly one of the two C-squares the owner's.
fn unbalanced(p: &Position, owner: Color, e: &[Square]) -> bool {
    let holds: Vec<bool> = e.iter().map(|&s| p.disc_at(s) == Some(owner)).collect();
    let others = e.iter().any(|&s| p.disc_at(s) == Some(owner.opposite()));
    let first = holds.iter().position(|&h| h);
    let last = holds.iter().rposition(|&h| h);
    let (Some(a), Some(b)) = (first, last) else {
        return false;
    };
    empty(p, e[0])
        && empty(p, e[7])
        && !others
        && holds[a..=b].iter().all(|&h| h)
        && holds[1] != holds[6]
}

/// The discs `s` flips, counted by comparing the boards.
fn flip_count(p: &Position, s: Square) -> usize {
    let a = p.play_unchecked(s);
    (0..64)
        .map(|i| Square::new(i as u8).unwrap())
        .filter(|&t| t != s && p.disc_at(t).is_some() && p.disc_at(t) != a.disc_at(t))
        .count()
}

/// The empty regions of `q` (king moves), each a list of squares.
fn region_list(q: &Position) -> Vec<Vec<Square>> {
    let mut seen: Vec<Square> = Vec::new();
    let mut out = Vec::new();
    for i in 0..64 {
        let s = Square::new(i as u8).unwrap();
        if empty(q, s) && !seen.contains(&s) {
            let mut region = vec![s];
            seen.push(s);
            let mut k = 0;
            while k < region.len() {
                for m in neighbours(region[k]) {
                    if empty(q, m) && !seen.contains(&m) {
                        seen.push(m);
                        region.push(m);
                    }
                }
                k += 1;
            }
            out.push(region);
        }
    }
    out
}

/// The second course's five themes, by their definitions, in the themes' order.
fn second_course(p: &Position, key: Square, others: &[Square]) -> Vec<Theme> {
    let (me, them) = (p.to_move, p.to_move.opposite());
    let after = p.play_unchecked(key);
    let edges = edge_lines();
    let mut out = Vec::new();
    if !is_corner(key)
        && edges
            .iter()
            .any(|e| e.contains(&key) && unbalanced(p, them, e))
    {
        out.push(Theme::UnbalancedEdge);
    }
    let stoner = match corner_touched(key, true).filter(|&c| empty(p, c)) {
        Some(c) => {
            let far_run = edges.iter().any(|e| {
                let near_c = if e[0] == c { e[1] } else { e[6] };
                (e[0] == c || e[7] == c)
                    && unbalanced(p, them, e)
                    && p.disc_at(near_c) != Some(them)
            });
            far_run && !legal_for(&after, them, c)
        }
        None => {
            on_edge(key)
                && !is_corner(key)
                && edges.iter().any(|e| {
                    let Some(i) = e.iter().position(|&s| s == key) else {
                        return false;
                    };
                    let beside = [i.checked_sub(1), Some(i + 1)]
                        .into_iter()
                        .flatten()
                        .filter(|&j| j < 8)
                        .any(|j| p.disc_at(e[j]) == Some(them));
                    // The open end: the corner whose C-square is not the opponent's.
                    let open = if p.disc_at(e[1]) != Some(them) {
                        e[0]
                    } else {
                        e[7]
                    };
                    let holds_x = neighbours(open)
                        .into_iter()
                        .find(|&n| corner_touched(n, true) == Some(open))
                        .is_some_and(|x| p.disc_at(x) == Some(me));
                    unbalanced(p, them, e)
                        && beside
                        && holds_x
                        && [e[0], e[7]].into_iter().any(|c| legal_for(&after, me, c))
                })
        }
    };
    if stoner {
        out.push(Theme::StonerTrap);
    }
    let empties = (0..64)
        .filter(|&i| empty(p, Square::new(i as u8).unwrap()))
        .count();
    let n = flip_count(p, key);
    if empties >= 24
        && !is_corner(key)
        && others.iter().all(|&o| flip_count(p, o) >= n)
        && others.iter().any(|&o| flip_count(p, o) > n)
    {
        out.push(Theme::Evaporation);
    }
    let keeps = |s: Square| {
        let a = p.play_unchecked(s);
        region_list(&a).iter().any(|r| {
            r.iter().any(|&t| legal_for(&a, me, t)) && !r.iter().any(|&t| legal_for(&a, them, t))
        })
    };
    if empties <= 24 && keeps(key) && others.iter().any(|&o| !keeps(o)) {
        out.push(Theme::Access);
    }
    let gives = |s: Square| {
        let a = p.play_unchecked(s);
        CORNERS
            .iter()
            .any(|c| legal_for(&a, them, sq(c)) && !legal_for(p, them, sq(c)))
    };
    if gives(key) && others.iter().any(|&o| !gives(o)) {
        out.push(Theme::Sacrifice);
    }
    out
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
    out.extend(second_course(p, key, &others));
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
