//! The mined puzzles' explanations against the board: every sentence pattern they use
//! is checked with the slow square-by-square counts the theme definitions are checked
//! with (`themes.rs`), and each shipped text is what the code writes now.

use crate::common_theme_counts as counts;

use counts::*;
use othello_tutor::engine::{Color, Move, Position, Square};
use othello_tutor::tutor::puzzle::Proof;
use std::collections::BTreeMap;

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
