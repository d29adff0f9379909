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
    stable_total(p, s).saturating_sub(stable_count(p))
}

/// The stable discs of `colour` on `q`.
fn stable_of(q: &Position, colour: Color) -> u32 {
    let (b, w) = (q.black(), q.white());
    match colour {
        Color::Black => stable_discs(b, w),
        Color::White => stable_discs(w, b),
    }
    .count_ones()
}

/// The mover's stable discs on `p`.
fn stable_count(p: &Position) -> u32 {
    stable_of(p, p.to_move)
}

/// The mover's stable discs after `s`.
fn stable_total(p: &Position, s: Square) -> u32 {
    stable_of(&p.play_unchecked(s), p.to_move)
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

/// Whether `colour` may play `s` on `q`, walked line by line (whoever is to move).
fn legal_for(q: &Position, colour: Color, s: Square) -> bool {
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

/// The number that follows `prefix` in `text` (the first one after it).
fn number_after(text: &str, prefix: &str) -> Option<u32> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// The opponent's legal moves after `key`, counted square by square.
fn replies(p: &Position, key: Square) -> usize {
    p.play_unchecked(key).legal_moves().len() as usize
}

fn legal(p: &Position, s: Square) -> bool {
    p.legal_moves().into_iter().any(|m| m == s)
}

/// Corners the opponent could take after `key` but not in the position itself.
fn corners_given(p: &Position, key: Square) -> Vec<Square> {
    let them = p.to_move.opposite();
    let before = Position::from_colors(p.black(), p.white(), them).unwrap();
    let after = p.play_unchecked(key);
    CORNERS
        .iter()
        .map(|c| sq(c))
        .filter(|&c| legal(&after, c) && !legal(&before, c))
        .collect()
}

/// Every sentence pattern of the mined puzzles' explanations, checked against the
/// board with the slow counts above: the corner a move takes or sets up, the X- or
/// C-square's corner and whether the opponent gets a corner, the tempo, the wedge,
/// the stable discs, the opponent's moves, the quiet move, the frontier, the region's
/// parity and the wipe-out. Each shipped text is also exactly what `why_text` writes
/// now, and none names a search depth.
#[test]
fn every_mined_explanation_states_true_facts() {
    use othello_tutor::tutor::content::load_embedded_puzzles;
    use othello_tutor::tutor::miner::why_text;
    let (puzzles, errors) = load_embedded_puzzles();
    assert!(errors.is_empty(), "{errors:?}");
    let mut met: BTreeMap<&str, usize> = BTreeMap::new();
    for pz in puzzles
        .iter()
        .filter(|p| p.source.generator.starts_with("othello-tutor"))
    {
        let why = &pz.why;
        assert_eq!(
            why,
            &why_text(pz),
            "{}: the shipped text is not the code's",
            pz.id
        );
        assert!(!why.contains("depth"), "{}: {why}", pz.id);
        let p = &pz.steps[0].position;
        let key = pz.steps[0].answer;
        let them = p.to_move.opposite();
        let others: Vec<Square> = p.legal_moves().into_iter().filter(|&s| s != key).collect();
        let mut check = |pattern: &'static str, ok: bool| {
            assert!(ok, "{}: \"{pattern}\" is false in: {why}", pz.id);
            *met.entry(pattern).or_default() += 1;
        };
        if why.starts_with("Take the corner") {
            check("take the corner", is_corner(key));
            if let Some(n) = number_after(why, "can never be flipped, and") {
                check("stable with the corner", n == stable_gain(p, key));
            }
        }
        if why.starts_with("Set up the corner") {
            let after = p.play_unchecked(key);
            let ok = !after.must_pass()
                && after.legal_moves().into_iter().all(|r| {
                    let next = after.play_unchecked(r);
                    next.to_move == p.to_move && next.legal_moves().into_iter().any(is_corner)
                });
            check("set up the corner", ok);
        }
        if why.contains("is an X-square next to the empty") {
            let c = corner_touched(key, true);
            check(
                "x-square",
                c.is_some_and(|c| empty(p, c) && why.contains(&format!("empty {c} corner"))),
            );
        }
        if why.contains("is a C-square next to the empty") {
            let c = corner_touched(key, false);
            check(
                "c-square",
                c.is_some_and(|c| empty(p, c) && why.contains(&format!("empty {c} corner"))),
            );
        }
        if why.contains("gets no corner from it") {
            check("no corner given", corners_given(p, key).is_empty());
        }
        if why.contains("could take ") || why.contains(&format!("with best play {them} takes ")) {
            // Replay the solution: the corners each side places, and where it ends.
            let given = corners_given(p, key);
            let mut q = *p;
            let (mut theirs, mut mine) = (Vec::new(), Vec::new());
            for (i, m) in pz.solution.iter().enumerate() {
                if let Move::Place(s) = *m
                    && is_corner(s)
                {
                    if i % 2 == 0 { &mut mine } else { &mut theirs }.push(s);
                }
                q = q.play(*m).unwrap();
            }
            let named = |s: &Square| why.contains(&s.to_string());
            if why.contains("could take ") {
                let ended = q.is_game_over();
                let tail_ok = if ended {
                    why.contains("but with best play never does")
                } else {
                    why.contains("but does not in the best line")
                };
                check(
                    "corner offered, left alone",
                    !given.is_empty()
                        && given.iter().all(named)
                        && !theirs.iter().any(|s| given.contains(s))
                        && tail_ok,
                );
            } else {
                let taken: Vec<Square> = theirs
                    .iter()
                    .copied()
                    .filter(|s| given.contains(s))
                    .collect();
                let ok = if why.contains("yet every other move does worse") {
                    mine.is_empty()
                } else {
                    let tail = &why[why.find("but you take").unwrap()..];
                    !mine.is_empty() && mine.iter().all(|s| tail.contains(&s.to_string()))
                };
                check(
                    "corner offered, taken",
                    !taken.is_empty() && taken.iter().all(named) && ok,
                );
            }
        }
        if why.starts_with("Gain a tempo") {
            let after = p.play_unchecked(key);
            check("tempo", after.must_pass() && !after.is_game_over());
        }
        if why.starts_with("A wedge") {
            let colour = match them {
                Color::Black => "black",
                Color::White => "white",
            };
            check(
                "wedge",
                wedge(p, key) && why.contains(&format!("two {colour} discs")),
            );
        }
        if why.starts_with("Build stable discs") {
            let n = number_after(why, "makes").unwrap();
            let total = number_after(why, "permanent,").unwrap();
            check(
                "stable discs",
                n == stable_gain(p, key) && n >= 4 && total == stable_total(p, key),
            );
        }
        if why.starts_with("Take away moves") {
            let n = number_after(why, "has only").unwrap() as usize;
            let ok = n == replies(p, key) && others.iter().all(|&o| replies(p, o) >= n + 2);
            check("mobility", ok);
        }
        if why.starts_with("A quiet move") {
            let n = number_after(why, "is left with").unwrap() as usize;
            check(
                "quiet move",
                !flips_frontier(p, key) && n == replies(p, key),
            );
        }
        if why.starts_with("Keep your frontier small") {
            let n = number_after(why, &format!("after {key} only")).unwrap() as usize;
            let ok = n == frontier_after(p, key)
                && others.iter().all(|&o| frontier_after(p, o) >= n + 2);
            check("frontier", ok);
        }
        if why.starts_with("Mind the parity") {
            let n = number_after(why, "region of").unwrap() as usize;
            check("parity", n == region_size(p, key) && n % 2 == 1);
        }
        if why.starts_with("An edge move") {
            let n = number_after(why, "is left with").unwrap() as usize;
            check(
                "edge",
                on_edge(key) && !is_corner(key) && n == replies(p, key),
            );
        }
        if why.starts_with("Go for the wipe-out") {
            check("wipe-out", pz.value == 64 && pz.proof == Proof::Exact);
        }
        if let Some(i) = why.find(&format!("After {key} {them} has ")) {
            let rest = &why[i..];
            let rest = &rest[..rest.find('.').unwrap_or(rest.len())];
            let n = number_after(rest, "has").unwrap() as usize;
            let before = Position::from_colors(p.black(), p.white(), them).unwrap();
            let m = before.legal_moves().len() as usize;
            check("their moves after", n == replies(p, key));
            if let Some(up) = number_after(rest, "(up from") {
                check("their moves before", up as usize == m && n > m);
            } else if let Some(down) = number_after(rest, "(down from") {
                check("their moves before", down as usize == m && n < m);
            } else {
                check("their moves before", n == m);
            }
            if let Some(k) = number_after(rest, "you would have") {
                let after = p.play_unchecked(key);
                let again = Position::from_colors(after.black(), after.white(), p.to_move).unwrap();
                check(
                    "own moves after",
                    k as usize == again.legal_moves().len() as usize,
                );
            }
        }
    }
    for pattern in [
        "take the corner",
        "stable with the corner",
        "set up the corner",
        "x-square",
        "c-square",
        "no corner given",
        "corner offered, left alone",
        "corner offered, taken",
        "tempo",
        "wedge",
        "mobility",
        "quiet move",
        "parity",
        "edge",
        "wipe-out",
        "frontier",
        "stable discs",
        "their moves after",
        "their moves before",
        "own moves after",
    ] {
        assert!(
            met.get(pattern).is_some_and(|&n| n > 0),
            "{pattern} never met: {met:?}"
        );
    }
}
